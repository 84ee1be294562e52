//! The game being played (majesty-model's `session`), and a fresh deal's
//! seed from the browser's randomness.

pub use majesty_model::session::*;

/// A fresh seed for a new deal; below 2^53 so it survives JavaScript numbers.
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        return 1;
    }
    u64::from_le_bytes(bytes) >> 11
}
