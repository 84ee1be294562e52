//! Location abilities (rules/RULES.md "Locations, side A/B" and "Signposts") as
//! data: each side of each location is a list of steps, resolved top to
//! bottom when a character is placed there. The engine interprets these
//! steps, and the app describes the very same steps in words, so the rules
//! on the table can never differ from the rules in play.

use serde::Serialize;

use crate::card::{Character, Location};
use crate::config::Side;
use crate::event::{Basis, Event, EventSink};
use crate::game::Game;
use crate::realm::Placement;
use crate::turn::Turn;

use Character::*;

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
    /// Castle B: trade meeples and points 1:1, one way, up to 5 (ruling 3).
    Trade,
    /// `points` points and `meeples` meeples per character of the listed kinds.
    PerCharacter {
        characters: &'static [Character],
        points: i32,
        meeples: i32,
    },
    /// Every player, you included, with at least one `needs` gains `points`.
    Everyone { needs: Character, points: i32 },
    /// `points` if you have at least one of each listed kind (once).
    IfYouHave {
        characters: &'static [Character],
        points: i32,
    },
    /// For each `per` in your realm: `points` per character at your fullest
    /// location 1–7 (ruling 4).
    PerFullest { per: Character, points: i32 },
    /// `points` per `character` and per card in your Infirmary.
    PerCharacterAndWounded { character: Character, points: i32 },
    /// Infirmary, at the end of the game only: `per_card` per card in it;
    /// whoever has the most (at least one; ties all) also gets `most`.
    GameEnd { per_card: i32, most: i32 },
}

use Step::*;

/// What a location does on a side, step by step.
pub fn ability(location: Location, side: Side) -> &'static [Step] {
    match (location, side) {
        (Location::Mill, Side::A) => &[PerCharacter {
            characters: &[Miller],
            points: 2,
            meeples: 0,
        }],
        (Location::Mill, Side::B) => &[
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
        (Location::Brewery, Side::A) => &[
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
        (Location::Brewery, Side::B) => &[
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
        (Location::Cottage, Side::A) => &[
            Heal,
            PerCharacter {
                characters: &[Miller, Brewer, Witch],
                points: 2,
                meeples: 0,
            },
        ],
        (Location::Cottage, Side::B) => &[
            Heal,
            PerCharacter {
                characters: &[Witch],
                points: 3,
                meeples: 0,
            },
        ],
        (Location::Guardhouse, Side::A) => &[
            Defend,
            PerCharacter {
                characters: &[Guard, Knight, Innkeeper],
                points: 2,
                meeples: 0,
            },
        ],
        (Location::Guardhouse, Side::B) => &[
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
        (Location::Barracks, Side::A) => &[
            Attack,
            PerCharacter {
                characters: &[Knight],
                points: 3,
                meeples: 0,
            },
        ],
        (Location::Barracks, Side::B) => &[
            Attack,
            PerCharacter {
                characters: &[Knight, Innkeeper, Noble],
                points: 3,
                meeples: 0,
            },
        ],
        (Location::Inn, Side::A) => &[
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
        (Location::Inn, Side::B) => &[PerFullest {
            per: Innkeeper,
            points: 2,
        }],
        (Location::Castle, Side::A) => &[PerCharacter {
            characters: &[Noble],
            points: 5,
            meeples: 1,
        }],
        (Location::Castle, Side::B) => &[
            Trade,
            PerCharacterAndWounded {
                character: Noble,
                points: 4,
            },
        ],
        (Location::Infirmary, Side::A) => &[GameEnd {
            per_card: -1,
            most: 0,
        }],
        (Location::Infirmary, Side::B) => &[GameEnd {
            per_card: -2,
            most: -10,
        }],
    }
}

impl Game {
    /// rules/RULES.md "A turn", step 3: activate the location of `turn.place`,
    /// resolving its steps top to bottom.
    pub(crate) fn activate(&mut self, seat: usize, turn: Turn, events: &mut impl EventSink) {
        let location = turn.place.location();
        for step in ability(location, self.config().sides.of(location)) {
            match *step {
                Defend | GameEnd { .. } => {}
                Attack => self.attack(seat, events),
                Heal => self.heal(seat, turn.heal, events),
                Trade => self.trade(seat, turn.trade, events),
                PerCharacter {
                    characters,
                    points,
                    meeples,
                } => self.per_character(seat, location, characters, points, meeples, events),
                Everyone { needs, points } => self.everyone_with(location, needs, points, events),
                IfYouHave { characters, points } => {
                    let realm = self.player(seat).realm();
                    if characters.iter().all(|&c| realm.count(c) >= 1) {
                        let basis = Basis::HasEach {
                            characters: characters.to_vec(),
                        };
                        self.gain(seat, location, basis, points, 0, events);
                    }
                }
                PerFullest { per, points } => {
                    let realm = self.player(seat).realm();
                    let (count, fullest) = (realm.count(per), realm.fullest());
                    let total = points * i32::from(count) * i32::from(fullest);
                    let basis = Basis::Fullest {
                        innkeepers: count,
                        fullest,
                        points_each: points,
                    };
                    self.gain(seat, location, basis, total, 0, events);
                }
                PerCharacterAndWounded { character, points } => {
                    let player = self.player(seat);
                    let count = player.realm().count(character);
                    let wounded = player.infirmary().len() as u8;
                    let basis = Basis::NoblesAndWounded {
                        nobles: count,
                        wounded,
                        points_each: points,
                    };
                    let total = points * (i32::from(count) + i32::from(wounded));
                    self.gain(seat, location, basis, total, 0, events);
                }
            }
        }
    }

    /// Gain `points_each` points and `meeples_each` meeples per character of
    /// the listed types in the active player's realm.
    fn per_character(
        &mut self,
        seat: usize,
        location: Location,
        characters: &[Character],
        points_each: i32,
        meeples_each: i32,
        events: &mut impl EventSink,
    ) {
        let realm = self.player(seat).realm();
        let count: i32 = characters.iter().map(|&c| i32::from(realm.count(c))).sum();
        // The closure runs only when events are recorded.
        events.emit(|| Event::Gained {
            player: seat,
            location,
            basis: Basis::PerCharacter {
                counted: characters.iter().map(|&c| (c, realm.count(c))).collect(),
                points_each,
                meeples_each,
            },
            points: count * points_each,
            meeples: count * meeples_each,
        });
        let player = self.player_mut(seat);
        player.score += count * points_each;
        player.meeples += (count * meeples_each) as u8;
    }

    /// Gain a fixed amount described by `basis`.
    fn gain(
        &mut self,
        seat: usize,
        location: Location,
        basis: Basis,
        points: i32,
        meeples: i32,
        events: &mut impl EventSink,
    ) {
        let player = self.player_mut(seat);
        player.score += points;
        player.meeples += meeples as u8;
        events.emit(|| Event::Gained {
            player: seat,
            location,
            basis,
            points,
            meeples,
        });
    }

    /// Every player, the active one included, with at least one `needs`
    /// gains `points` (ruling 2).
    fn everyone_with(
        &mut self,
        location: Location,
        needs: Character,
        points: i32,
        events: &mut impl EventSink,
    ) {
        for player in self.players_mut() {
            if player.realm.count(needs) >= 1 {
                player.score += points;
            }
        }
        let players = self.players();
        events.emit(|| Event::EveryoneGained {
            location,
            needs,
            points,
            players: (0..players.len())
                .filter(|&p| players[p].realm().count(needs) >= 1)
                .collect(),
        });
    }

    /// Cottage signpost: the top card of the Infirmary returns to its
    /// location (a split card where `choice` says), without activating it.
    fn heal(&mut self, seat: usize, choice: Option<Character>, events: &mut impl EventSink) {
        let player = self.player_mut(seat);
        let Some(card) = player.infirmary.pop() else {
            return;
        };
        // `check` made sure a split card comes with a valid choice.
        let character = if card.is_split() {
            choice.expect("checked: heal choice for a split card")
        } else {
            card.characters().next().expect("a card shows a character")
        };
        player.realm.add(Placement { card, character });
        events.emit(|| Event::Healed {
            player: seat,
            card,
            character,
        });
    }

    /// Barracks signpost: attack each opponent once; one whose Guards are
    /// fewer than the attacker's Knights loses a card (ruling 1).
    fn attack(&mut self, seat: usize, events: &mut impl EventSink) {
        let knights = self.player(seat).realm().count(Knight);
        let n = self.players().len();
        for defender in (1..n).map(|i| (seat + i) % n) {
            let player = self.player_mut(defender);
            let guards = player.realm.count(Guard);
            let wounded = if guards < knights {
                let wounded = player.realm.wound();
                if let Some(p) = wounded {
                    player.infirmary.push(p.card);
                }
                wounded
            } else {
                None
            };
            events.emit(|| Event::Attacked {
                attacker: seat,
                knights,
                defender,
                guards,
                wounded,
            });
        }
    }

    /// Castle B: trade meeples and points 1:1 (`check` made sure it is affordable).
    fn trade(&mut self, seat: usize, trade: i32, events: &mut impl EventSink) {
        if trade == 0 {
            return;
        }
        let player = self.player_mut(seat);
        player.score -= trade;
        player.meeples = (i32::from(player.meeples) + trade) as u8;
        events.emit(|| Event::Traded {
            player: seat,
            trade,
        });
    }
}
