//! The one random number generator of the rules: every shuffle and every
//! bot choice draws from it, through the `rand` crate's own methods
//! (`SliceRandom::shuffle`, `IndexedRandom::choose`, `RngExt::random_range`).
//!
//! The generator is PCG 64 MCG (`rand_pcg::Pcg64Mcg`, O'Neill's
//! `pcg64_fast`), whose output `rand_pcg` documents as deterministic and
//! portable, seeded with `SeedableRng::seed_from_u64`. The versions of
//! `rand`, `rand_core` and `rand_pcg` are pinned exactly in `Cargo.toml`,
//! because a seed must deal the same game forever, on every platform (wasm
//! included): `tests/deals.rs` fixes the deal of a few seeds and fails if an
//! upgrade changes one. Changing the generator or how the deck is shuffled
//! is a new record format (`record::RECORD_VERSION` and
//! `record::SHUFFLE_SINCE`). It is not for cryptography.
//!
//! Records of format 1 (no `"version"`) were shuffled by a hand-written
//! SplitMix64; their seeds cannot be dealt again (see `record`).

use rand_core::SeedableRng;

/// The generator behind every shuffle and every bot choice.
pub type Rng = rand_pcg::Pcg64Mcg;

/// A generator seeded with `seed`: the same numbers for the same seed on
/// every platform and, with the pinned versions, in every future build.
pub fn seeded(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng as _, RngExt};

    #[test]
    fn the_generator_matches_its_reference_output() {
        // rand_pcg's own documented value for Pcg64Mcg::seed_from_u64(0).
        assert_eq!(seeded(0).next_u64(), 0x5603_f242_407d_eca2);
    }

    #[test]
    fn random_range_stays_in_range_and_covers_it() {
        let mut rng = seeded(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[rng.random_range(..6usize)] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }
}
