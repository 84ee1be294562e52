//! Location abilities (RULES.md "Locations, side A/B" and "Signposts"),
//! resolved top to bottom when a character is placed.

use crate::card::{Character, Location};
use crate::config::Side;
use crate::event::{Basis, Event, EventSink};
use crate::game::Game;
use crate::realm::Placement;
use crate::turn::Turn;

use Character::*;

impl Game {
    /// RULES.md "A turn", step 3: activate the location of `turn.place`.
    pub(crate) fn activate(&mut self, seat: usize, turn: Turn, events: &mut impl EventSink) {
        let location = turn.place.location();
        let side = self.config().sides.of(location);
        match (location, side) {
            (Location::Mill, Side::A) => {
                self.per_character(seat, location, &[Miller], 2, 0, events);
            }
            (Location::Mill, Side::B) => {
                self.per_character(seat, location, &[Miller], 2, 0, events);
                self.everyone_with(location, Witch, 3, events);
            }
            (Location::Brewery, Side::A) => {
                self.per_character(seat, location, &[Brewer], 2, 1, events);
                self.everyone_with(location, Miller, 2, events);
            }
            (Location::Brewery, Side::B) => {
                self.per_character(seat, location, &[Miller, Brewer], 0, 1, events);
                let realm = self.player(seat).realm();
                if realm.count(Innkeeper) >= 1 && realm.count(Noble) >= 1 {
                    self.gain(seat, location, Basis::InnkeeperAndNoble, 10, 0, events);
                }
            }
            (Location::Cottage, side) => {
                self.heal(seat, turn.heal, events);
                match side {
                    Side::A => {
                        self.per_character(seat, location, &[Miller, Brewer, Witch], 2, 0, events)
                    }
                    Side::B => self.per_character(seat, location, &[Witch], 3, 0, events),
                }
            }
            (Location::Guardhouse, Side::A) => {
                self.per_character(seat, location, &[Guard, Knight, Innkeeper], 2, 0, events);
            }
            (Location::Guardhouse, Side::B) => {
                self.per_character(seat, location, &[Brewer, Witch, Guard], 2, 0, events);
                self.everyone_with(location, Innkeeper, 3, events);
            }
            (Location::Barracks, side) => {
                self.attack(seat, events);
                match side {
                    Side::A => self.per_character(seat, location, &[Knight], 3, 0, events),
                    Side::B => self.per_character(
                        seat,
                        location,
                        &[Knight, Innkeeper, Noble],
                        3,
                        0,
                        events,
                    ),
                }
            }
            (Location::Inn, Side::A) => {
                self.per_character(seat, location, &[Innkeeper], 4, 0, events);
                self.everyone_with(location, Brewer, 3, events);
            }
            (Location::Inn, Side::B) => {
                let realm = self.player(seat).realm();
                let (innkeepers, fullest) = (realm.count(Innkeeper), realm.fullest());
                let points = 2 * i32::from(innkeepers) * i32::from(fullest);
                let basis = Basis::Fullest {
                    innkeepers,
                    fullest,
                    points_each: 2,
                };
                self.gain(seat, location, basis, points, 0, events);
            }
            (Location::Castle, Side::A) => {
                self.per_character(seat, location, &[Noble], 5, 1, events);
            }
            (Location::Castle, Side::B) => {
                self.trade(seat, turn.trade, events);
                let player = self.player(seat);
                let nobles = player.realm().count(Noble);
                let wounded = player.infirmary().len() as u8;
                let basis = Basis::NoblesAndWounded {
                    nobles,
                    wounded,
                    points_each: 4,
                };
                let points = 4 * (i32::from(nobles) + i32::from(wounded));
                self.gain(seat, location, basis, points, 0, events);
            }
            (Location::Infirmary, _) => unreachable!("no character is placed at the Infirmary"),
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
