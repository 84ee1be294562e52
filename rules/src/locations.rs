//! The location cards as data (rules/RULES.md "Locations, side A" and "side
//! B", "Signposts"): for each location and side, its ability as a list of
//! steps resolved top to bottom, and what its majority pays at the end. The
//! one table of location data: the engine's abilities (`abilities.rs`) and
//! final scoring (`scoring.rs`) read it, and the app draws and describes the
//! very same steps, so the rules on the table can never differ from the
//! rules in play.

use serde::Serialize;

use crate::card::{Character, Location, Meeples, LOCATIONS};
use crate::config::{Side, Sides};

use Character::*;

/// At most this many Castle B trades, in one direction (ruling 3).
pub const MAX_TRADE: i32 = 5;

/// One step of a location's ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Signpost (Guardhouse): your Guards defend you; nothing happens when
    /// the Guardhouse is activated.
    Defend,
    /// Signpost (Barracks): attack every opponent with fewer Guards than your
    /// Knights (the new one included); each loses one card (ruling 1).
    Attack,
    /// Signpost (Cottage): the top card of your Infirmary returns to its
    /// location without activating it.
    Heal,
    /// Castle B: trade meeples and points 1:1, one way, up to [`MAX_TRADE`]
    /// (ruling 3).
    Trade,
    /// `points` points and `meeples` meeples per character of the listed kinds.
    PerCharacter {
        /// The kinds counted in your realm.
        characters: &'static [Character],
        /// Points per character counted.
        points: i32,
        /// Meeples per character counted.
        meeples: Meeples,
    },
    /// Every player, you included, with at least one `needs` gains `points`.
    Everyone {
        /// The character a player must have.
        needs: Character,
        /// Points each such player gains.
        points: i32,
    },
    /// `points` if you have at least one of each listed kind (once).
    IfYouHave {
        /// The kinds you need, one of each.
        characters: &'static [Character],
        /// Points gained, once.
        points: i32,
    },
    /// For each `per` in your realm: `points` per character at your fullest
    /// location 1–7 (ruling 4).
    PerFullest {
        /// The character counted (the Innkeeper).
        per: Character,
        /// Points per character at your fullest location, for each `per`.
        points: i32,
    },
    /// `points` per `character` and per card in your Infirmary.
    PerCharacterAndWounded {
        /// The character counted (the Noble).
        character: Character,
        /// Points per such character and per card in your Infirmary.
        points: i32,
    },
    /// Infirmary, at the end of the game only: `per_card` per card in it;
    /// whoever has the most (at least one; ties all) also gets `most`.
    GameEnd {
        /// Points per card in the Infirmary (negative).
        per_card: i32,
        /// Points for the most cards (negative; 0 on side A).
        most: i32,
    },
}

use Step::*;

/// One side of one location card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocationSide {
    /// What the majority pays at the end (None for the Infirmary).
    pub majority: Option<i32>,
    /// What the location does when a character is placed there, step by step.
    pub ability: &'static [Step],
}

/// Every location card, left to right: side A, then side B.
const LOCATION_CARDS: [[LocationSide; 2]; LOCATIONS] = [
    // 1 Mill
    [
        LocationSide {
            majority: Some(10),
            ability: &[PerCharacter {
                characters: &[Miller],
                points: 2,
                meeples: 0,
            }],
        },
        LocationSide {
            majority: Some(14),
            ability: &[
                PerCharacter {
                    characters: &[Miller],
                    points: 2,
                    meeples: 0,
                },
                Everyone {
                    needs: Witch,
                    points: 3,
                },
            ],
        },
    ],
    // 2 Brewery
    [
        LocationSide {
            majority: Some(11),
            ability: &[
                PerCharacter {
                    characters: &[Brewer],
                    points: 2,
                    meeples: 1,
                },
                Everyone {
                    needs: Miller,
                    points: 2,
                },
            ],
        },
        LocationSide {
            majority: Some(12),
            ability: &[
                PerCharacter {
                    characters: &[Miller, Brewer],
                    points: 0,
                    meeples: 1,
                },
                IfYouHave {
                    characters: &[Innkeeper, Noble],
                    points: 10,
                },
            ],
        },
    ],
    // 3 Cottage
    [
        LocationSide {
            majority: Some(12),
            ability: &[
                Heal,
                PerCharacter {
                    characters: &[Miller, Brewer, Witch],
                    points: 2,
                    meeples: 0,
                },
            ],
        },
        LocationSide {
            majority: Some(12),
            ability: &[
                Heal,
                PerCharacter {
                    characters: &[Witch],
                    points: 3,
                    meeples: 0,
                },
            ],
        },
    ],
    // 4 Guardhouse
    [
        LocationSide {
            majority: Some(13),
            ability: &[
                Defend,
                PerCharacter {
                    characters: &[Guard, Knight, Innkeeper],
                    points: 2,
                    meeples: 0,
                },
            ],
        },
        LocationSide {
            majority: Some(8),
            ability: &[
                Defend,
                PerCharacter {
                    characters: &[Brewer, Witch, Guard],
                    points: 2,
                    meeples: 0,
                },
                Everyone {
                    needs: Innkeeper,
                    points: 3,
                },
            ],
        },
    ],
    // 5 Barracks
    [
        LocationSide {
            majority: Some(14),
            ability: &[
                Attack,
                PerCharacter {
                    characters: &[Knight],
                    points: 3,
                    meeples: 0,
                },
            ],
        },
        LocationSide {
            majority: Some(8),
            ability: &[
                Attack,
                PerCharacter {
                    characters: &[Knight, Innkeeper, Noble],
                    points: 3,
                    meeples: 0,
                },
            ],
        },
    ],
    // 6 Inn
    [
        LocationSide {
            majority: Some(15),
            ability: &[
                PerCharacter {
                    characters: &[Innkeeper],
                    points: 4,
                    meeples: 0,
                },
                Everyone {
                    needs: Brewer,
                    points: 3,
                },
            ],
        },
        LocationSide {
            majority: Some(12),
            ability: &[PerFullest {
                per: Innkeeper,
                points: 2,
            }],
        },
    ],
    // 7 Castle
    [
        LocationSide {
            majority: Some(16),
            ability: &[PerCharacter {
                characters: &[Noble],
                points: 5,
                meeples: 1,
            }],
        },
        LocationSide {
            majority: Some(16),
            ability: &[
                Trade,
                PerCharacterAndWounded {
                    character: Noble,
                    points: 4,
                },
            ],
        },
    ],
    // 8 Infirmary
    [
        LocationSide {
            majority: None,
            ability: &[GameEnd {
                per_card: -1,
                most: 0,
            }],
        },
        LocationSide {
            majority: None,
            ability: &[GameEnd {
                per_card: -2,
                most: -10,
            }],
        },
    ],
];

/// One side of a location card.
pub fn location_side(location: Location, side: Side) -> &'static LocationSide {
    let side = match side {
        Side::A => 0,
        Side::B => 1,
    };
    &LOCATION_CARDS[location.index()][side]
}

/// What a location does on a side, step by step.
pub fn ability(location: Location, side: Side) -> &'static [Step] {
    location_side(location, side).ability
}

/// The majority value of a location 1–7 on the side in play (None for the
/// Infirmary, which has no majority).
pub fn majority_value(sides: &Sides, location: Location) -> Option<i32> {
    location_side(location, sides.of(location)).majority
}

/// The Infirmary's game-end penalties on the side in play: per card, and for
/// having the most cards (A: −1 and 0; B: −2 and −10; ruling 11).
pub fn infirmary_penalties(sides: &Sides) -> (i32, i32) {
    ability(Location::Infirmary, sides.of(Location::Infirmary))
        .iter()
        .find_map(|step| match *step {
            GameEnd { per_card, most } => Some((per_card, most)),
            _ => None,
        })
        .unwrap_or((0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majority_values_are_those_of_the_spec() {
        // rules/RULES.md "Locations, side A" and "side B", column Majority.
        let values = |sides: Sides| -> Vec<Option<i32>> {
            Location::ALL
                .iter()
                .map(|&l| majority_value(&sides, l))
                .collect()
        };
        let a = [10, 11, 12, 13, 14, 15, 16].map(Some);
        let b = [14, 12, 12, 8, 8, 12, 16].map(Some);
        assert_eq!(values(Sides::ALL_A), [&a[..], &[None]].concat());
        assert_eq!(values(Sides::ALL_B), [&b[..], &[None]].concat());
    }

    #[test]
    fn the_infirmary_penalties_follow_its_side() {
        assert_eq!(infirmary_penalties(&Sides::ALL_A), (-1, 0));
        assert_eq!(infirmary_penalties(&Sides::ALL_B), (-2, -10));
    }
}
