//! A seed deals the same game forever: the exact deal of a few seeds, for 2,
//! 3 and 4 players and the full deck, on every platform and in every future
//! build. Shared links (`#seed=42`), saves and game records name a deal by
//! its seed alone, so if this test fails, an upgrade of `rand`, `rand_core`
//! or `rand_pcg`, or a change in how the deck is shuffled, has changed
//! which game a seed deals: undo it, or make it a new record format
//! (`RECORD_VERSION` and `SHUFFLE_SINCE` in src/record.rs) that refuses the
//! older seeds rather than deal them differently. Never just update the
//! expected deals without that.
//!
//! Each deal is written top first: the six display cards (space 0 first),
//! then every face-down card with its back (`1:` green tier 1, `2:` red
//! tier 2).

mod common;

use common::deck_as_saved;
use majesty_rules::rand::seq::{IndexedRandom, SliceRandom};
use majesty_rules::rand::{Rng as _, RngExt};
use majesty_rules::rng::seeded;
use majesty_rules::{DeckVariant, Game, GameConfig, Tier};

fn deal(players: usize, deck: DeckVariant, seed: u64) -> String {
    let game = Game::new(GameConfig::new(players).unwrap().with_deck(deck), seed).unwrap();
    let display = game.display().iter().map(|slot| slot.card.to_string());
    let (cards, tiers) = deck_as_saved(&game);
    assert_eq!(tiers.len(), cards.len(), "a dealt deck has known backs");
    let hidden = cards.into_iter().zip(tiers).map(|(card, tier)| {
        let back = match tier {
            Tier::One => 1,
            Tier::Two => 2,
        };
        format!("{back}:{card}")
    });
    display.chain(hidden).collect::<Vec<_>>().join(" ")
}

fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn assert_deal(players: usize, deck: DeckVariant, seed: u64, expected: &str) {
    let actual = deal(players, deck, seed);
    assert_eq!(
        actual,
        words(expected),
        "{players} players, {deck} deck, seed {seed} deals differently: a seed must deal \
         the same game forever (see the top of this file)"
    );
}

#[test]
fn two_players_seed_42() {
    assert_deal(
        2,
        DeckVariant::Standard,
        42,
        r"
        Noble Miller Witch Miller/Knight Innkeeper Witch 2:Brewer 2:Witch/Noble 2:Knight
        2:Noble 2:Witch 2:Witch/Innkeeper 2:Witch/Guard 2:Miller/Brewer 2:Guard
        2:Guard/Knight 2:Brewer/Witch 2:Miller 2:Knight/Innkeeper 2:Witch 2:Guard/Knight
        2:Miller 2:Guard 2:Witch/Guard 2:Brewer/Knight 2:Brewer 2:Miller/Knight 2:Noble
        2:Knight/Innkeeper 2:Brewer/Witch 2:Innkeeper/Noble 2:Innkeeper 2:Innkeeper
        ",
    );
}

#[test]
fn two_players_seed_0() {
    assert_deal(
        2,
        DeckVariant::Standard,
        0,
        r"
        Miller/Brewer Guard/Noble Miller Innkeeper Witch Noble 2:Innkeeper 2:Witch
        2:Innkeeper 2:Noble 2:Miller/Knight 2:Brewer 2:Brewer/Knight 2:Knight/Innkeeper
        2:Guard 2:Guard/Knight 2:Miller/Brewer 2:Knight/Innkeeper 2:Noble 2:Witch/Guard
        2:Knight 2:Witch/Noble 2:Witch 2:Witch/Guard 2:Guard 2:Guard/Knight 2:Brewer
        2:Miller 2:Witch/Innkeeper 2:Miller 2:Brewer/Witch 2:Brewer/Witch 2:Innkeeper/Noble
        ",
    );
}

#[test]
fn three_players_seed_7() {
    assert_deal(
        3,
        DeckVariant::Standard,
        7,
        r"
        Brewer Miller Guard Witch Brewer/Witch Brewer 1:Witch 1:Knight/Innkeeper 1:Miller
        1:Guard/Noble 1:Miller/Brewer 1:Innkeeper 1:Miller 1:Witch/Guard 2:Guard
        2:Miller/Brewer 2:Witch/Guard 2:Miller 2:Witch/Innkeeper 2:Witch 2:Noble
        2:Guard/Knight 2:Guard/Knight 2:Brewer/Witch 2:Knight/Innkeeper 2:Witch/Guard
        2:Guard 2:Brewer 2:Knight/Innkeeper 2:Witch 2:Innkeeper/Noble 2:Innkeeper
        2:Brewer/Witch 2:Witch/Noble 2:Brewer/Knight 2:Brewer 2:Miller/Knight 2:Knight
        2:Miller 2:Innkeeper 2:Noble
        ",
    );
}

#[test]
fn four_players_seed_2026() {
    assert_deal(
        4,
        DeckVariant::Standard,
        2026,
        r"
        Brewer Miller Innkeeper Knight Noble Witch 1:Brewer/Witch 1:Knight/Innkeeper
        1:Guard/Innkeeper 1:Miller/Brewer 1:Innkeeper 1:Guard 1:Knight 1:Witch
        1:Miller/Brewer 1:Brewer 1:Miller 1:Miller 1:Guard 1:Miller 1:Brewer 1:Brewer
        1:Miller/Knight 1:Miller 1:Noble 1:Miller 2:Brewer/Witch 2:Miller 2:Witch/Guard
        2:Brewer/Witch 2:Witch/Noble 2:Guard/Knight 2:Miller/Knight 2:Guard 2:Noble
        2:Witch/Innkeeper 2:Guard/Knight 2:Innkeeper 2:Brewer 2:Knight/Innkeeper 2:Knight
        2:Miller 2:Brewer/Knight 2:Guard 2:Innkeeper 2:Brewer 2:Witch 2:Miller/Brewer
        2:Innkeeper/Noble 2:Witch/Guard 2:Noble 2:Knight/Innkeeper 2:Witch
        ",
    );
}

#[test]
fn full_deck_three_players_seed_1() {
    assert_deal(
        3,
        DeckVariant::Full,
        1,
        r"
        Witch/Noble Guard Miller Innkeeper/Noble Brewer/Witch Guard/Innkeeper
        2:Witch/Innkeeper 2:Knight/Innkeeper 2:Knight 1:Brewer 2:Witch/Guard 1:Innkeeper
        2:Brewer/Knight 2:Noble 2:Brewer 2:Miller 1:Witch 1:Guard/Noble 1:Witch/Guard
        1:Miller 2:Guard 1:Miller 1:Knight/Innkeeper 1:Miller/Knight 1:Noble
        2:Knight/Innkeeper 1:Miller/Brewer 1:Brewer 1:Innkeeper 2:Guard/Knight
        1:Miller/Brewer 1:Guard 1:Brewer 1:Innkeeper/Noble 2:Witch 1:Brewer 1:Knight 1:Witch
        2:Witch/Guard 2:Miller 2:Brewer/Witch 2:Witch 1:Miller 1:Noble 2:Brewer
        2:Brewer/Witch 1:Miller 1:Miller 2:Noble 1:Witch 1:Noble 2:Innkeeper 2:Guard/Knight
        1:Guard 1:Miller 2:Miller/Brewer 2:Guard 2:Innkeeper 2:Miller/Knight 1:Knight
        ",
    );
}

#[test]
fn full_deck_four_players_largest_seed() {
    assert_deal(
        4,
        DeckVariant::Full,
        u64::MAX,
        r"
        Guard Brewer Witch Miller Miller/Brewer Brewer/Witch 1:Noble 1:Knight 1:Guard
        2:Brewer/Witch 2:Witch/Guard 1:Innkeeper/Noble 1:Witch 1:Witch 1:Miller/Knight
        2:Noble 2:Knight/Innkeeper 2:Witch/Guard 1:Witch/Guard 1:Knight 2:Brewer/Knight
        2:Innkeeper 1:Innkeeper 2:Guard 1:Witch 2:Brewer 1:Miller 1:Miller 1:Brewer
        2:Knight/Innkeeper 2:Guard/Knight 1:Miller 2:Innkeeper/Noble 1:Brewer
        1:Miller/Brewer 2:Knight 2:Guard 2:Miller/Brewer 2:Witch 2:Witch/Innkeeper 2:Noble
        1:Innkeeper 1:Guard 1:Guard/Innkeeper 1:Miller 1:Brewer 1:Brewer/Witch
        1:Knight/Innkeeper 1:Noble 1:Miller 2:Miller 2:Innkeeper 1:Guard/Noble 1:Miller
        1:Noble 2:Brewer 1:Miller 2:Guard/Knight 2:Witch/Noble 2:Miller/Knight
        ",
    );
}

#[test]
fn the_generator_and_rands_sampling_stay_the_same() {
    // What the bots draw on besides the shuffle: raw numbers (bot seeds:
    // majesty-ai's tests/bots.rs), random_range, random_ratio, choose. A
    // game with computers resumes and replays exactly only if these stay
    // the same.
    let mut rng = seeded(2026);
    let raw: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
    assert_eq!(
        raw,
        [
            6812535916551247369,
            13008249995024855794,
            9859285236239150645
        ]
    );
    let ranges: Vec<usize> = (1..=12).map(|n| rng.random_range(..n)).collect();
    assert_eq!(ranges, [0, 0, 1, 0, 2, 1, 0, 3, 4, 5, 9, 2]);
    let ratios: Vec<bool> = (0..12).map(|_| rng.random_ratio(4, 10)).collect();
    assert_eq!(
        ratios,
        [true, false, true, false, false, false, true, false, false, true, false, false]
    );
    let cards = ["a", "b", "c", "d", "e", "f", "g"];
    let chosen: Vec<&str> = (0..7).map(|_| *cards.choose(&mut rng).unwrap()).collect();
    assert_eq!(chosen, ["b", "e", "g", "f", "a", "b", "a"]);
    let mut shuffled = cards;
    shuffled.shuffle(&mut rng);
    assert_eq!(shuffled, ["d", "f", "b", "e", "a", "g", "c"]);
}
