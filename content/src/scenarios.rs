//! Every rule as a tiny live position: a game record's beginning with an
//! exact deck, and the one turn that shows the rule happen ("take this
//! Witch: your wounded Knight comes back"). The app's "Rules" screen opens
//! them; `tests/scenarios.rs` replays each one and checks what it promises.
//!
//! A scenario is written compactly. Turns are tokens in seat order from
//! seat 0: `[space:]card[>character][+trade|-trade]`, a card being one
//! letter per character (`M`iller, `B`rewer, `W`itch, `G`uard, `K`night,
//! `I`nnkeeper, `N`oble; two letters: a split card). The space defaults to
//! 0; the deck is laid out so that each card is where its turn takes it.

use majesty_rules::card::{Card, Character, Location};
use majesty_rules::config::{DeckVariant, GameConfig, Sides};
use majesty_rules::record::{GameRecord, RECORD_VERSION};
use majesty_rules::seat::Seat;
use majesty_rules::turn::Turn;

/// Seat 0, who moves first in every scenario, and seat 1.
const FIRST: Seat = Seat::new(0).unwrap();
const SECOND: Seat = Seat::new(1).unwrap();

/// What the suggested turn makes happen: the effect the app points at and
/// the tests check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shows {
    /// The card was taken from `space`, paying as many meeples, and the
    /// meeples lying on it were picked up.
    Took {
        /// The display space, 0 (the free one) to 5.
        space: usize,
        /// Meeples that lay on the card.
        picked_up: u8,
    },
    /// Meeples beyond 5 went back at the end of the turn, +1 point each.
    Converted(u8),
    /// The location's ability gave the learner points.
    Ability(Location),
    /// An "every player" ability: these seats gained.
    Everyone(Location, &'static [Seat]),
    /// The Cottage healed this character back into the realm.
    Healed(Character),
    /// The attack sent one of `defender`'s characters to the Infirmary.
    Wounded {
        /// The seat attacked.
        defender: Seat,
    },
    /// `defender`'s Guards held the attack.
    Held {
        /// The seat attacked.
        defender: Seat,
    },
    /// Castle B: meeples traded for points (negative: sold).
    Traded(i32),
    /// Final scoring, the Infirmary: the learner's penalty.
    Infirmary(i32),
    /// Final scoring, variety: the learner's n × n.
    Variety(i32),
    /// Final scoring, majority at a location: the learner's gain.
    Majority(Location, i32),
}

/// A part of the rules, shown as one live position.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    /// Its stable name in links (`?rules=mill_a`) and locale keys.
    pub id: &'static str,
    /// Where RULES.md (and the rulebook) states the rule.
    pub rule: &'static str,
    /// Players in the game (2 in every scenario).
    pub players: usize,
    /// Each location's side, Mill to Infirmary (`"AABAAAAA"`).
    pub sides: &'static str,
    /// The turns before the position.
    pub before: &'static str,
    /// The turn the learner is asked to play.
    pub turn: &'static str,
    /// What the suggested turn makes happen.
    pub shows: Shows,
    /// The learner's points from the suggested turn (play only).
    pub points: i32,
}

/// The topics of the "Rules" screen, in order, with their scenarios.
pub const TOPICS: [(&str, &[&str]); 5] = [
    ("basics", &["display", "worker", "split"]),
    (
        "side_a",
        &[
            "mill_a",
            "brewery_a",
            "cottage_a",
            "guardhouse_a",
            "barracks_a",
            "inn_a",
            "castle_a",
        ],
    ),
    (
        "side_b",
        &[
            "mill_b",
            "brewery_b",
            "cottage_b",
            "guardhouse_b",
            "barracks_b",
            "inn_b",
            "castle_b",
            "castle_trade",
        ],
    ),
    ("fight", &["attack", "defend", "heal"]),
    (
        "final",
        &["infirmary_a", "infirmary_b", "variety", "majority"],
    ),
];

const A: &str = "AAAAAAAA";
const B: &str = "BBBBBBBB";

macro_rules! scenario {
    ($id:literal, $rule:literal, $sides:expr, $before:expr, $turn:literal, $shows:expr, $points:expr) => {
        Scenario {
            id: $id,
            rule: $rule,
            players: 2,
            sides: $sides,
            before: $before,
            turn: $turn,
            shows: $shows,
            points: $points,
        }
    };
}

use Location::*;

/// Every scenario (see [`TOPICS`] for their order on the screen).
pub const SCENARIOS: [Scenario; 25] = [
    scenario!(
        "display",
        "A turn, 1: take",
        A,
        "M 3:G",
        "2:N",
        Shows::Took {
            space: 2,
            picked_up: 1
        },
        5
    ),
    scenario!(
        "worker",
        "A turn, 4: end of turn",
        A,
        "M 3:G",
        "B",
        Shows::Converted(2),
        6
    ),
    scenario!(
        "split",
        "A turn, 2: place; ruling 7",
        A,
        "M G",
        "MB>M",
        Shows::Ability(Mill),
        4
    ),
    scenario!(
        "mill_a",
        "Locations, side A: Mill",
        A,
        "M G",
        "M",
        Shows::Ability(Mill),
        4
    ),
    scenario!(
        "brewery_a",
        "Locations, side A: Brewery; rulebook example (third Brewer)",
        A,
        "M G B G B G",
        "B",
        Shows::Ability(Brewery),
        11
    ),
    scenario!(
        "cottage_a",
        "Locations, side A: Cottage; rulebook example (second Witch heals a Miller)",
        A,
        "M B W G M K B G",
        "W",
        Shows::Healed(Character::Miller),
        10
    ),
    scenario!(
        "guardhouse_a",
        "Locations, side A: Guardhouse",
        A,
        "K M I M",
        "G",
        Shows::Ability(Guardhouse),
        6
    ),
    scenario!(
        "barracks_a",
        "Locations, side A: Barracks; Signposts: Attack",
        A,
        "K G",
        "K",
        Shows::Wounded { defender: SECOND },
        6
    ),
    scenario!(
        "inn_a",
        "Locations, side A: Inn; ruling 2",
        A,
        "B B",
        "I",
        Shows::Everyone(Inn, &[FIRST, SECOND]),
        7
    ),
    scenario!(
        "castle_a",
        "Locations, side A: Castle",
        A,
        "M G",
        "N",
        Shows::Ability(Castle),
        6
    ),
    scenario!(
        "mill_b",
        "Locations, side B: Mill; ruling 2",
        "BAAAAAAA",
        "W W",
        "M",
        Shows::Everyone(Mill, &[FIRST, SECOND]),
        5
    ),
    scenario!(
        "brewery_b",
        "Locations, side B: Brewery",
        "ABAAAAAA",
        "I G N G",
        "B",
        Shows::Ability(Brewery),
        11
    ),
    scenario!(
        "cottage_b",
        "Locations, side B: Cottage; Signposts: Heal",
        "AABAAAAA",
        "W K",
        "W",
        Shows::Healed(Character::Witch),
        6
    ),
    scenario!(
        "guardhouse_b",
        "Locations, side B: Guardhouse; ruling 2",
        "AAABAAAA",
        "B I W M",
        "G",
        Shows::Everyone(Guardhouse, &[SECOND]),
        6
    ),
    scenario!(
        "barracks_b",
        "Locations, side B: Barracks",
        "AAAABAAA",
        "I M N M",
        "K",
        Shows::Ability(Barracks),
        9
    ),
    scenario!(
        "inn_b",
        "Locations, side B: Inn; ruling 4; rulebook example (second Innkeeper)",
        B,
        "W N W N W N G N G N G N I N",
        "I",
        Shows::Ability(Inn),
        12
    ),
    scenario!(
        "castle_b",
        "Locations, side B: Castle; rulebook example (second Noble, no trade)",
        B,
        "M K N G",
        "N",
        Shows::Ability(Castle),
        12
    ),
    scenario!(
        "castle_trade",
        "Locations, side B: Castle; ruling 3",
        "AAAAAABA",
        "M G",
        "N-3",
        Shows::Traded(-3),
        7
    ),
    scenario!(
        "attack",
        "Signposts: Attack; ruling 1",
        A,
        "M B",
        "K",
        Shows::Wounded { defender: SECOND },
        3
    ),
    scenario!(
        "defend",
        "Signposts: Defend, Attack",
        A,
        "M G",
        "K",
        Shows::Held { defender: SECOND },
        3
    ),
    scenario!(
        "heal",
        "Signposts: Heal top card; ruling 12",
        A,
        "K K",
        "W",
        Shows::Healed(Character::Knight),
        2
    ),
    scenario!(
        "infirmary_a",
        "Final scoring, 1: Infirmary (side A)",
        A,
        FINAL_WOUNDS,
        "B",
        Shows::Infirmary(-2),
        30
    ),
    scenario!(
        "infirmary_b",
        "Final scoring, 1: Infirmary (side B); ruling 11",
        "AAAAAAAB",
        FINAL_WOUNDS,
        "B",
        Shows::Infirmary(-14),
        30
    ),
    scenario!(
        "variety",
        "Final scoring, 2: Variety",
        A,
        "G M G B G W G G G K G I G M G M G M G M G M G",
        "N",
        Shows::Variety(49),
        6
    ),
    scenario!(
        "majority",
        "Final scoring, 3: Majority; ruling 10",
        A,
        "M M M M M M M M M M G B G B G B G B G B G B G",
        "M",
        Shows::Majority(Mill, 10),
        12
    ),
];

/// Seat 0's three Knights wound two of seat 1's Millers, then the game
/// runs to its last turn (seat 1's twelfth card).
const FINAL_WOUNDS: &str = "K M K M K B M B M B M B M B M B M B M B M B M";

impl Scenario {
    /// The scenario of that name.
    pub fn find(id: &str) -> Option<&'static Scenario> {
        SCENARIOS.iter().find(|s| s.id == id)
    }

    /// The number of turns played before the position.
    pub fn turns_before(&self) -> usize {
        self.before.split_whitespace().count()
    }

    /// The seat asked to play the suggested turn.
    pub fn learner(&self) -> Seat {
        FIRST.after(self.turns_before(), self.players)
    }

    /// The suggested turn.
    pub fn suggested(&self) -> Turn {
        read(self.turn).1
    }

    /// The game record of the position: the turns before it, on an exact
    /// deck that puts the suggested card in its display space. The seats
    /// are called `names` (the record needs names; the app localises them).
    pub fn record(&self, names: &[String]) -> GameRecord {
        let before: Vec<(Card, Turn)> = self.before.split_whitespace().map(read).collect();
        let length = (GameConfig::CARDS_PER_PLAYER * self.players).max(before.len() + 12);
        let mut all = before.clone();
        all.push(read(self.turn));
        let cards = deck_for(&all, length);
        GameRecord {
            version: RECORD_VERSION,
            players: names.iter().take(self.players).cloned().collect(),
            sides: self.sides.parse::<Sides>().unwrap_or_default(),
            deck: DeckVariant::Standard,
            seed: None,
            cards: Some(cards),
            backs: None,
            meeple_tiebreak: false,
            hints_used: false,
            start: None,
            first_player: FIRST,
            turns: before.into_iter().map(|(_, t)| t).collect(),
            notes: Default::default(),
        }
    }
}

/// An exact deck that puts each turn's card in the display space it is
/// taken from; the other cards are every character in turn, for a varied
/// display.
pub(crate) fn deck_for(turns: &[(Card, Turn)], length: usize) -> Vec<Card> {
    let mut deck: Vec<Option<Card>> = vec![None; length];
    // The deck positions in the display, front first, as turns are taken.
    let mut display: Vec<usize> = (0..6).collect();
    for (i, (card, turn)) in turns.iter().enumerate() {
        let slot = display.remove(turn.take);
        deck[slot] = Some(*card);
        display.push(6 + i);
    }
    deck.iter()
        .enumerate()
        .map(|(i, c)| c.unwrap_or(Card::single(Character::ALL[(i + 3) % 7])))
        .collect()
}

/// One token: `[space:]card[>character][±trade]` (see the module notes).
/// The data is fixed and tested, so an unknown letter is a programming
/// error, read as a Miller.
pub(crate) fn read(token: &str) -> (Card, Turn) {
    let (space, rest) = match token.split_once(':') {
        Some((space, rest)) => (space.parse().unwrap_or(0), rest),
        None => (0, token),
    };
    let (rest, trade) = match rest.find(['+', '-']) {
        Some(at) => (&rest[..at], rest[at..].parse().unwrap_or(0)),
        None => (rest, 0),
    };
    let (letters, place) = rest.split_once('>').unwrap_or((rest, ""));
    let characters: Vec<Character> = letters.chars().map(character).collect();
    let card = match characters[..] {
        [a, b] => Card::split(a, b),
        _ => Card::single(characters.first().copied().unwrap_or(Character::Miller)),
    };
    let place = place.chars().next().map_or(characters[0], character);
    (card, Turn::new(space, place).trading(trade))
}

fn character(letter: char) -> Character {
    let at = "MBWGKIN".find(letter).unwrap_or(0);
    Character::ALL[at]
}
