//! Events: everything a turn did, in order, with enough detail to explain
//! every point and meeple ("Brewery: 3 Brewers × 2 = +6, +3 meeples").

use serde::{Deserialize, Serialize};

use crate::card::{Card, Character, Location, Meeples};
use crate::realm::Placement;
use crate::scoring::FinalScoring;
use crate::seat::Seat;

/// What a location ability counted to give points and meeples.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Basis {
    /// `points_each` points and `meeples_each` meeples per character counted;
    /// `counted` lists each character type the ability names, with its count.
    PerCharacter {
        /// Each character type the ability names, with its count in the realm.
        counted: Vec<(Character, u8)>,
        /// Points per character counted.
        points_each: i32,
        /// Meeples per character counted (0 where the ability gives none).
        meeples_each: Meeples,
    },
    /// Brewery B: you have at least one of each listed character.
    HasEach {
        /// The characters needed, at least one of each (Innkeeper and Noble).
        characters: Vec<Character>,
    },
    /// Inn B: for each Innkeeper, `points_each` × the characters at your
    /// fullest location.
    Fullest {
        /// Innkeepers in the realm, the new one included.
        innkeepers: u8,
        /// Characters at the fullest location 1–7 (ruling 4).
        fullest: u8,
        /// Points per character there, for each Innkeeper (2).
        points_each: i32,
    },
    /// Castle B: `points_each` per Noble and per card in your Infirmary.
    NoblesAndWounded {
        /// Nobles in the realm, the new one included.
        nobles: u8,
        /// Cards in the Infirmary.
        wounded: u8,
        /// Points per Noble and per card in the Infirmary (4).
        points_each: i32,
    },
}

/// One thing that happened. `player` and similar fields are seats.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The player put one meeple on each of spaces 0..space (`paid`) and took
    /// the card with the meeples lying on it (`picked_up`).
    Took {
        /// The active player.
        player: Seat,
        /// The display space the card was in, 0 for the front.
        space: usize,
        /// The card taken.
        card: Card,
        /// Meeples paid, one on each space in front of it (as many as `space`).
        paid: Meeples,
        /// Meeples that lay on the card, now the player's.
        picked_up: Meeples,
    },
    /// The card went to the location of `character`.
    Placed {
        /// The active player.
        player: Seat,
        /// The card placed.
        card: Card,
        /// The character it was placed as (the chosen half of a split card).
        character: Character,
    },
    /// Cottage: the top card of the Infirmary returned to `character`'s
    /// location without activating it.
    Healed {
        /// The active player, whose Infirmary it left.
        player: Seat,
        /// The card healed.
        card: Card,
        /// The character it returned as (the owner's choice for a split card).
        character: Character,
    },
    /// Barracks: one attack on one opponent. `wounded` is the card sent to
    /// the defender's Infirmary: None when the Guards held, or when the
    /// defender had no character to lose.
    Attacked {
        /// The active player.
        attacker: Seat,
        /// The attacker's Knights, the new one included.
        knights: u8,
        /// The opponent attacked.
        defender: Seat,
        /// The defender's Guards (the defence).
        guards: u8,
        /// The card lost and the character it lay as (ruling 1).
        wounded: Option<Placement>,
    },
    /// A location ability gave the active player points and/or meeples.
    Gained {
        /// The active player.
        player: Seat,
        /// The location activated.
        location: Location,
        /// What the ability counted.
        basis: Basis,
        /// Points gained.
        points: i32,
        /// Meeples gained (0 for most abilities).
        meeples: Meeples,
    },
    /// "Every player with at least one `needs` gains `points`" (ruling 2).
    /// `players` lists who gained, in seat order; it may be empty.
    EveryoneGained {
        /// The location activated.
        location: Location,
        /// The character a player needs at least one of.
        needs: Character,
        /// Points each of `players` gained.
        points: i32,
        /// The players who gained, in seat order.
        players: Vec<Seat>,
    },
    /// Castle B trade: `trade` meeples gained (negative: sold) for as many
    /// points lost (negative: gained).
    Traded {
        /// The active player.
        player: Seat,
        /// Meeples gained (negative: sold), never 0; points change by −`trade`.
        trade: i32,
    },
    /// End of turn: meeples beyond 5 went back to the supply, +1 point each.
    Converted {
        /// The active player.
        player: Seat,
        /// Meeples beyond 5 that went back to the supply.
        meeples: Meeples,
        /// Points gained, one per meeple.
        points: i32,
    },
    /// End of turn: the display closed its gap and `card` was drawn into the
    /// back space (None: the deck is empty).
    Refilled {
        /// The card drawn into the back space; None when the deck is empty.
        card: Option<Card>,
        /// Cards left in the deck after the draw.
        deck_left: usize,
    },
    /// The last turn was played; final scoring.
    GameOver {
        /// Every player's final scoring, and the winners.
        scoring: FinalScoring,
    },
}

impl Event {
    /// Points this event gave `player` during play (final scoring excluded).
    pub fn points_for(&self, player: Seat) -> i32 {
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
    /// Sends one event; `event` builds it, and a sink that keeps nothing
    /// never calls it.
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
