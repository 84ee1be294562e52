//! Location abilities in play (rules/RULES.md "A turn" step 3, "Signposts"):
//! the steps of the location table (`locations.rs`) resolved top to bottom
//! on the players' positions. Works on the players alone, not on the whole
//! game, so that the game module sits above it.

use crate::card::{Character, Location, Meeples};
use crate::config::Sides;
use crate::event::{Basis, Event, EventSink};
use crate::locations::{ability, Step};
use crate::player::Player;
use crate::realm::Placement;
use crate::seat::Seat;
use crate::turn::Turn;

use Character::*;
use Step::*;

/// Activates the location of `turn.place` for `seat`, resolving its steps
/// top to bottom. `check` has made sure the turn is legal.
pub(crate) fn activate(
    players: &mut [Player],
    seat: Seat,
    sides: &Sides,
    turn: Turn,
    events: &mut impl EventSink,
) {
    let location = turn.place.location();
    for step in ability(location, sides.of(location)) {
        match *step {
            Defend | GameEnd { .. } => {}
            Attack => attack(players, seat, events),
            Heal => heal(&mut players[seat.index()], seat, turn.heal, events),
            Trade => trade(&mut players[seat.index()], seat, turn.trade, events),
            PerCharacter {
                characters,
                points,
                meeples,
            } => per_character(
                &mut players[seat.index()],
                seat,
                location,
                characters,
                points,
                meeples,
                events,
            ),
            Everyone { needs, points } => everyone_with(players, location, needs, points, events),
            IfYouHave { characters, points } => {
                let realm = players[seat.index()].realm();
                if characters.iter().all(|&c| realm.count(c) >= 1) {
                    let basis = Basis::HasEach {
                        characters: characters.to_vec(),
                    };
                    gain(
                        &mut players[seat.index()],
                        seat,
                        location,
                        basis,
                        points,
                        events,
                    );
                }
            }
            PerFullest { per, points } => {
                let realm = players[seat.index()].realm();
                let (count, fullest) = (realm.count(per), realm.fullest());
                let total = points * i32::from(count) * i32::from(fullest);
                let basis = Basis::Fullest {
                    innkeepers: count,
                    fullest,
                    points_each: points,
                };
                gain(
                    &mut players[seat.index()],
                    seat,
                    location,
                    basis,
                    total,
                    events,
                );
            }
            PerCharacterAndWounded { character, points } => {
                let player = &players[seat.index()];
                let count = player.realm().count(character);
                let wounded = player.infirmary().len() as u8;
                let basis = Basis::NoblesAndWounded {
                    nobles: count,
                    wounded,
                    points_each: points,
                };
                let total = points * (i32::from(count) + i32::from(wounded));
                gain(
                    &mut players[seat.index()],
                    seat,
                    location,
                    basis,
                    total,
                    events,
                );
            }
        }
    }
}

/// Gain `points_each` points and `meeples_each` meeples per character of
/// the listed types in the active player's realm.
fn per_character(
    player: &mut Player,
    seat: Seat,
    location: Location,
    characters: &[Character],
    points_each: i32,
    meeples_each: Meeples,
    events: &mut impl EventSink,
) {
    let realm = player.realm();
    let count: u8 = characters.iter().map(|&c| realm.count(c)).sum();
    // The closure runs only when events are recorded.
    events.emit(|| Event::Gained {
        player: seat,
        location,
        basis: Basis::PerCharacter {
            counted: characters.iter().map(|&c| (c, realm.count(c))).collect(),
            points_each,
            meeples_each,
        },
        points: i32::from(count) * points_each,
        meeples: count * meeples_each,
    });
    player.score += i32::from(count) * points_each;
    player.meeples += count * meeples_each;
}

/// Gain a fixed number of points described by `basis`.
fn gain(
    player: &mut Player,
    seat: Seat,
    location: Location,
    basis: Basis,
    points: i32,
    events: &mut impl EventSink,
) {
    player.score += points;
    events.emit(|| Event::Gained {
        player: seat,
        location,
        basis,
        points,
        meeples: 0,
    });
}

/// Every player, the active one included, with at least one `needs`
/// gains `points` (ruling 2).
fn everyone_with(
    players: &mut [Player],
    location: Location,
    needs: Character,
    points: i32,
    events: &mut impl EventSink,
) {
    for player in players.iter_mut() {
        if player.realm.count(needs) >= 1 {
            player.score += points;
        }
    }
    events.emit(|| Event::EveryoneGained {
        location,
        needs,
        points,
        players: Seat::all(players.len())
            .filter(|p| players[p.index()].realm().count(needs) >= 1)
            .collect(),
    });
}

/// Cottage signpost: the top card of the Infirmary returns to its location
/// (a split card where `choice` says), without activating it. It goes to
/// the end of the realm's placements: the most recently placed card there
/// (ruling 12).
fn heal(player: &mut Player, seat: Seat, choice: Option<Character>, events: &mut impl EventSink) {
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
fn attack(players: &mut [Player], seat: Seat, events: &mut impl EventSink) {
    let knights = players[seat.index()].realm().count(Knight);
    let n = players.len();
    for defender in (1..n).map(|i| seat.after(i, n)) {
        let player = &mut players[defender.index()];
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

/// Castle B: trade meeples and points 1:1 (`check` made sure it is
/// affordable; ruling 3).
fn trade(player: &mut Player, seat: Seat, trade: i32, events: &mut impl EventSink) {
    if trade == 0 {
        return;
    }
    player.score -= trade;
    player.meeples = (i32::from(player.meeples) + trade) as Meeples;
    events.emit(|| Event::Traded {
        player: seat,
        trade,
    });
}
