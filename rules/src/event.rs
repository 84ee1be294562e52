//! Events: everything a turn did, in order, with enough detail to explain
//! every point and meeple ("Brewery: 3 Brewers × 2 = +6, +3 meeples").

use serde::{Deserialize, Serialize};

use crate::card::{Card, Character, Location, Meeples};
use crate::realm::Placement;
use crate::scoring::FinalScoring;

/// What a location ability counted to give points and meeples.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Basis {
    /// `points_each` points and `meeples_each` meeples per character counted;
    /// `counted` lists each character type the ability names, with its count.
    PerCharacter {
        counted: Vec<(Character, u8)>,
        points_each: i32,
        meeples_each: Meeples,
    },
    /// Brewery B: you have at least one of each listed character.
    HasEach { characters: Vec<Character> },
    /// Inn B: for each Innkeeper, `points_each` × the characters at your
    /// fullest location.
    Fullest {
        innkeepers: u8,
        fullest: u8,
        points_each: i32,
    },
    /// Castle B: `points_each` per Noble and per card in your Infirmary.
    NoblesAndWounded {
        nobles: u8,
        wounded: u8,
        points_each: i32,
    },
}

/// One thing that happened. `player` and similar fields are seat indices.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The player put one meeple on each of spaces 0..space (`paid`) and took
    /// the card with the meeples lying on it (`picked_up`).
    Took {
        player: usize,
        space: usize,
        card: Card,
        paid: Meeples,
        picked_up: Meeples,
    },
    /// The card went to the location of `character`.
    Placed {
        player: usize,
        card: Card,
        character: Character,
    },
    /// Cottage: the top card of the Infirmary returned to `character`'s
    /// location without activating it.
    Healed {
        player: usize,
        card: Card,
        character: Character,
    },
    /// Barracks: one attack on one opponent. `wounded` is the card sent to
    /// the defender's Infirmary: None when the Guards held, or when the
    /// defender had no character to lose.
    Attacked {
        attacker: usize,
        knights: u8,
        defender: usize,
        guards: u8,
        wounded: Option<Placement>,
    },
    /// A location ability gave the active player points and/or meeples.
    Gained {
        player: usize,
        location: Location,
        basis: Basis,
        points: i32,
        meeples: Meeples,
    },
    /// "Every player with at least one `needs` gains `points`" (ruling 2).
    /// `players` lists who gained, in seat order; it may be empty.
    EveryoneGained {
        location: Location,
        needs: Character,
        points: i32,
        players: Vec<usize>,
    },
    /// Castle B trade: `trade` meeples gained (negative: sold) for as many
    /// points lost (negative: gained).
    Traded { player: usize, trade: i32 },
    /// End of turn: meeples beyond 5 went back to the supply, +1 point each.
    Converted {
        player: usize,
        meeples: Meeples,
        points: i32,
    },
    /// End of turn: the display closed its gap and `card` was drawn into the
    /// back space (None: the deck is empty).
    Refilled {
        card: Option<Card>,
        deck_left: usize,
    },
    /// The last turn was played; final scoring.
    GameOver { scoring: FinalScoring },
}

impl Event {
    /// Points this event gave `player` during play (final scoring excluded).
    pub fn points_for(&self, player: usize) -> i32 {
        match self {
            Event::Gained {
                player: p, points, ..
            }
            | Event::Converted {
                player: p, points, ..
            } if *p == player => *points,
            Event::EveryoneGained {
                players, points, ..
            } if players.contains(&player) => *points,
            Event::Traded { player: p, trade } if *p == player => trade.saturating_neg(),
            _ => 0,
        }
    }
}

/// Where the engine sends events. `Vec<Event>` collects them; [`NoEvents`]
/// drops them without ever building them (for fast simulations).
pub trait EventSink {
    fn emit(&mut self, event: impl FnOnce() -> Event);
}

impl EventSink for Vec<Event> {
    fn emit(&mut self, event: impl FnOnce() -> Event) {
        self.push(event());
    }
}

/// An event sink that builds nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    fn emit(&mut self, _event: impl FnOnce() -> Event) {}
}
