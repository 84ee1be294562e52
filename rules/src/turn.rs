//! A turn is one complete decision, and the reasons one can be illegal.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Character, Meeples};
use crate::locations::MAX_TRADE;

/// One complete turn, in the game-record format:
/// `{"take": 2, "place": "Witch", "heal": "Knight", "trade": -2}`; any
/// other field is refused by name (fuzzing item 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// Display space 0 (front, free) to 5 (back); costs `take` meeples.
    pub take: usize,
    /// The character the card is placed as (one half of a split card).
    pub place: Character,
    /// Where a healed split card goes: required exactly when this turn heals
    /// a split card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heal: Option<Character>,
    /// Castle B trade: t > 0 buys t meeples for t points, t < 0 sells -t
    /// meeples for -t points. Only when placing a Noble on Castle B.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub trade: i32,
}

fn is_zero(t: &i32) -> bool {
    *t == 0
}

impl Turn {
    /// Take the card in `space` and place it as `place`.
    pub fn new(take: usize, place: Character) -> Turn {
        Turn {
            take,
            place,
            heal: None,
            trade: 0,
        }
    }

    /// The same turn, putting a healed split card at `character`'s location.
    pub fn healing(self, character: Character) -> Turn {
        Turn {
            heal: Some(character),
            ..self
        }
    }

    /// The same turn with a Castle B trade.
    pub fn trading(self, trade: i32) -> Turn {
        Turn { trade, ..self }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} as {}", self.take, self.place)?;
        if let Some(heal) = self.heal {
            write!(f, ", heal to {}", heal.location())?;
        }
        if self.trade != 0 {
            write!(f, ", trade {:+}", self.trade)?;
        }
        Ok(())
    }
}

/// Why a turn is illegal. An illegal turn changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum TurnError {
    /// Every player already has 12 cards.
    GameOver,
    /// The display has no card in that space.
    SpaceOutOfRange {
        /// The space asked for.
        space: usize,
        /// Cards in the display.
        display: usize,
    },
    /// Taking the card in space k costs k meeples.
    NotEnoughMeeples {
        /// Meeples the card costs (its space).
        needed: usize,
        /// Meeples the player has.
        have: Meeples,
    },
    /// The card does not show that character.
    WrongCharacter {
        /// The card in that space.
        card: Card,
        /// The character asked for.
        character: Character,
    },
    /// This turn heals a split card and must say where it goes.
    HealChoiceMissing {
        /// The split card on top of the Infirmary.
        card: Card,
    },
    /// The healed split card cannot go there.
    HealChoiceInvalid {
        /// The split card on top of the Infirmary.
        card: Card,
        /// The character asked for, not one of the card's.
        character: Character,
    },
    /// A heal choice was given, but this turn heals no split card.
    HealChoiceUnexpected,
    /// A trade is only possible when placing a Noble at Castle side B.
    TradeNotAllowed {
        /// The trade asked for.
        trade: i32,
    },
    /// At most 5 trades, in one direction.
    TradeOutOfRange {
        /// The trade asked for.
        trade: i32,
    },
    /// Cannot spend points or meeples not held at that moment (ruling 3).
    TradeUnaffordable {
        /// The trade asked for.
        trade: i32,
        /// The player's points before the trade.
        points: i32,
        /// The player's meeples after paying for and picking up this turn's card.
        meeples: Meeples,
    },
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TurnError::GameOver => write!(f, "the game is over"),
            TurnError::SpaceOutOfRange { space, display: 0 } => {
                write!(f, "display space {space} is out of range (the display is empty)")
            }
            TurnError::SpaceOutOfRange { space, display } => write!(
                f,
                "display space {space} is out of range (the display has {display} cards, spaces 0-{})",
                display - 1
            ),
            TurnError::NotEnoughMeeples { needed, have } => write!(
                f,
                "taking the card in space {needed} costs {needed} meeples, but the player has {have}"
            ),
            TurnError::WrongCharacter { card, character } => {
                write!(f, "the card {card} cannot be placed as a {character}")
            }
            TurnError::HealChoiceMissing { card } => write!(
                f,
                "this turn heals the split card {card}: say where it goes (\"heal\")"
            ),
            TurnError::HealChoiceInvalid { card, character } => {
                write!(f, "the healed split card {card} cannot go to the {}", character.location())
            }
            TurnError::HealChoiceUnexpected => {
                write!(f, "a heal choice was given, but this turn heals no split card")
            }
            TurnError::TradeNotAllowed { trade } => write!(
                f,
                "trade {trade:+} is only possible when placing a Noble at the Castle, side B"
            ),
            TurnError::TradeOutOfRange { trade } => {
                write!(f, "trade {trade:+} is out of range (-{MAX_TRADE} to +{MAX_TRADE})")
            }
            TurnError::TradeUnaffordable {
                trade,
                points,
                meeples,
            } => {
                if trade > 0 {
                    write!(f, "trade {trade:+} costs {trade} points, but the player has {points}")
                } else {
                    write!(
                        f,
                        "trade {trade:+} sells {} meeples, but the player has {meeples}",
                        trade.unsigned_abs()
                    )
                }
            }
        }
    }
}

impl std::error::Error for TurnError {}
