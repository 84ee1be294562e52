//! The guided games ("Learn to play", `?tutorial=1` for side A, `?tutorial=b`
//! for side B): each a whole 2-player game on an exact deck, the learner's
//! every turn and the gentle computer's every reply fixed, and a coach's
//! steps along it. Each step points at one thing on the table (its
//! [`Anchor`]), has a text (its `id`, a locale key in the app) and waits for
//! "Next" or for one turn.
//!
//! Steps come from two places: the script below (what to do and why), and
//! the engine's events of each turn ([`Tutorial::steps`] plays the game
//! through): a location's ability is explained the first time it scores for
//! the learner, the worker card the first time meeples beyond 5 turn into
//! points, the Infirmary the first time the learner is wounded, and so on.
//! So the text always matches what the table just did. An event's step
//! is the one of the side its location has in the game (`ability_mill` on
//! side A, `ability_b_mill` on side B): the same code tells both games.

use crate::scenarios::{deck_for, read};
use majesty_rules::card::{Card, Location};
use majesty_rules::config::{DeckVariant, GameConfig, Side, Sides};
use majesty_rules::event::Event;
use majesty_rules::game::Game;
use majesty_rules::record::{GameRecord, RECORD_VERSION};
use majesty_rules::seat::Seat;
use majesty_rules::turn::Turn;

/// The seat of the learner (who moves first); the computer is seat 1.
pub const LEARNER: Seat = Seat::new(0).unwrap();
const PLAYERS: usize = 2;

/// What a step points at on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The learner's whole realm.
    Realm,
    /// The display as a whole.
    Display,
    /// One display space (0: the free one).
    Space(usize),
    /// The meeples on the learner's worker card.
    Worker,
    /// The learner's score.
    Score,
    /// A location of `seat`'s realm (the Infirmary included).
    Location {
        /// The location.
        location: Location,
        /// The seat whose realm it is: the learner (0) or the computer (1).
        seat: Seat,
    },
    /// The final scoring table.
    FinalScoring,
}

/// What a step waits for before the next one shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// The learner reads and presses "Next".
    Next,
    /// The learner plays exactly this turn.
    Turn(Turn),
}

/// One thing the coach says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Its stable name: the locale key `tutorial.step.<id>`.
    pub id: &'static str,
    /// What it points at on the table.
    pub anchor: Anchor,
    /// The number of turns played when it shows.
    pub at: usize,
    /// What it waits for before the next step shows.
    pub wait: Wait,
}

/// A scripted beat: something said, a turn the learner is asked to play
/// (with what it is about), or the computer's reply.
enum Beat {
    Say(&'static str, Anchor),
    Play(&'static str, &'static str),
    Reply(&'static str),
}

use Beat::{Play, Reply, Say};

/// The guided game of side A. Turns are written as in `scenarios`
/// (`[space:]card[>character]`).
const SIDE_A: &[Beat] = &[
    Say("welcome", Anchor::Realm),
    Say("display", Anchor::Display),
    Say("meeples", Anchor::Worker),
    Play("take_free", "M"),
    Reply("B"),
    Play("pay_meeple", "1:B"),
    Reply("1:M"),
    Play("pick_up", "W"),
    Reply("K"),
    Play("guard", "G"),
    Reply("I"),
    Play("heal", "W"),
    Reply("G"),
    Play("knight", "K"),
    Reply("M"),
    Play("innkeeper", "I"),
    Reply("B"),
    Say("score", Anchor::Score),
    Play("noble", "2:N"),
    Reply("W"),
    Play("split", "MB>B"),
    Reply("G"),
    Play("keep_going", "N"),
    Reply("I"),
    Play("keep_going", "G"),
    Reply("N"),
    Play("last_card", "M"),
    Reply("M"),
    Say("final", Anchor::FinalScoring),
    Say("final_variety", Anchor::FinalScoring),
    Say("final_majority", Anchor::FinalScoring),
    Say("summary", Anchor::FinalScoring),
];

/// The guided game of side B: attacks that cost more (Infirmary B), a
/// defence, the heal, and every side-B ability once, ending with the
/// Castle's trade. For learners who know a turn (side A's game).
const SIDE_B: &[Beat] = &[
    Say("b_welcome", Anchor::Realm),
    Play("b_miller", "M"),
    Reply("W"),
    Play("b_witch", "W"),
    Reply("M"),
    Play("b_brewer", "1:B"),
    Reply("K"),
    Play("b_guard", "G"),
    Reply("B"),
    Play("b_heal", "W"),
    Reply("M"),
    Play("b_second_guard", "WG>G"),
    Reply("K"),
    Play("b_knight", "K"),
    Reply("B"),
    Play("b_innkeeper", "I"),
    Reply("B"),
    Play("b_noble", "2:N"),
    Reply("B"),
    Play("b_brewery_bonus", "B"),
    Reply("M"),
    Play("b_keep_going", "I"),
    Reply("G"),
    Play("b_trade", "N-5"),
    Reply("M"),
    Say("b_final", Anchor::FinalScoring),
    Say("b_final_majority", Anchor::FinalScoring),
    Say("b_summary", Anchor::FinalScoring),
];

/// A guided game.
pub struct Tutorial {
    /// Its name in links (`?tutorial=a`).
    pub id: &'static str,
    /// Each location's side, Mill to Infirmary (`"AAAAAAAA"`).
    pub sides: &'static str,
    script: &'static [Beat],
}

impl std::fmt::Debug for Tutorial {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tutorial({})", self.id)
    }
}

/// Tutorials are told apart by their names.
impl PartialEq for Tutorial {
    fn eq(&self, other: &Tutorial) -> bool {
        self.id == other.id
    }
}

impl Eq for Tutorial {}

/// Every guided game: side A (the first one) and side B.
pub const TUTORIALS: [Tutorial; 2] = [
    Tutorial {
        id: "a",
        sides: "AAAAAAAA",
        script: SIDE_A,
    },
    Tutorial {
        id: "b",
        sides: "BBBBBBBB",
        script: SIDE_B,
    },
];

/// Why the learner's turn is not the one the step asks for: what the coach
/// explains (the board does not change).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mistake {
    /// The card in `space` costs more meeples than the learner has.
    TooDear {
        /// The display space the learner took from.
        space: usize,
        /// Its cost: one meeple per space in front of it.
        cost: u8,
        /// The learner's meeples.
        meeples: u8,
    },
    /// Another card than the step's.
    OtherCard {
        /// The display space the learner took from.
        space: usize,
        /// The display space the step asks for.
        expected: usize,
    },
    /// The right card, placed as another character (a split card).
    OtherPlace,
    /// The right card and place, another Castle B trade than the step's.
    OtherTrade,
    /// The step waits for "Next", or the game is over.
    NotNow,
}

impl Tutorial {
    /// The guided game of that name.
    pub fn find(id: &str) -> Option<&'static Tutorial> {
        TUTORIALS.iter().find(|t| t.id == id)
    }

    fn turns(&self) -> Vec<(Card, Turn)> {
        self.script
            .iter()
            .filter_map(|beat| match beat {
                Play(_, token) | Reply(token) => Some(read(token)),
                Say(..) => None,
            })
            .collect()
    }

    /// Every turn of the game, in order (the learner's and the replies).
    pub fn script_turns(&self) -> Vec<Turn> {
        self.turns().into_iter().map(|(_, t)| t).collect()
    }

    /// The computer's turn when `played` turns have been played, if it is
    /// the computer's to play.
    pub fn reply(&self, played: usize) -> Option<Turn> {
        (played % PLAYERS != LEARNER.index())
            .then(|| self.script_turns().get(played).copied())
            .flatten()
    }

    /// The game record at its start, on the exact deck of the script.
    pub fn record(&self, names: &[String]) -> GameRecord {
        let turns = self.turns();
        let length = GameConfig::CARDS_PER_PLAYER * PLAYERS + 6;
        GameRecord {
            version: RECORD_VERSION,
            players: names.iter().take(PLAYERS).cloned().collect(),
            sides: self.sides.parse::<Sides>().unwrap_or_default(),
            deck: DeckVariant::Standard,
            seed: None,
            cards: Some(deck_for(&turns, length)),
            backs: None,
            meeple_tiebreak: false,
            hints_used: false,
            first_player: LEARNER,
            turns: Vec::new(),
            notes: Default::default(),
            start: None,
        }
    }

    /// Every step, in order: the script's, with those the engine's events
    /// call for after each turn. The game is played through to find them.
    pub fn steps(&self) -> Vec<Step> {
        let mut game = match self.record(&["".into(), "".into()]).start() {
            Ok(game) => game,
            Err(_) => return Vec::new(),
        };
        let mut steps = Vec::new();
        let mut seen: Vec<&'static str> = Vec::new();
        for beat in self.script {
            let at = game.turn_number();
            match beat {
                Say(id, anchor) => steps.push(Step {
                    id,
                    anchor: *anchor,
                    at,
                    wait: Wait::Next,
                }),
                Play(_, token) | Reply(token) => {
                    let turn = read(token).1;
                    if let Play(id, _) = beat {
                        steps.push(Step {
                            id,
                            anchor: Anchor::Space(turn.take),
                            at,
                            wait: Wait::Turn(turn),
                        });
                    }
                    let sides = game.config().sides();
                    let Ok(events) = game.apply(turn) else {
                        return steps;
                    };
                    let learners = matches!(beat, Play(..));
                    for (id, anchor) in explained(&events, learners, &sides, turn) {
                        if !seen.contains(&id) {
                            seen.push(id);
                            steps.push(Step {
                                id,
                                anchor,
                                at: at + 1,
                                wait: Wait::Next,
                            });
                        }
                    }
                }
            }
        }
        steps
    }

    /// Why `tried` is not the turn `step` asks for, in `game` (None: it is).
    pub fn mistake(step: &Step, game: &Game, tried: Turn) -> Option<Mistake> {
        let Wait::Turn(expected) = step.wait else {
            return Some(Mistake::NotNow);
        };
        if tried == expected {
            return None;
        }
        if tried.take != expected.take {
            let meeples = game.player(LEARNER).meeples();
            let cost = u8::try_from(tried.take).unwrap_or(u8::MAX);
            if cost > meeples {
                return Some(Mistake::TooDear {
                    space: tried.take,
                    cost,
                    meeples,
                });
            }
            return Some(Mistake::OtherCard {
                space: tried.take,
                expected: expected.take,
            });
        }
        if tried.place != expected.place {
            return Some(Mistake::OtherPlace);
        }
        Some(Mistake::OtherTrade)
    }
}

/// What a turn's event calls to be explained to the learner.
#[derive(Clone, Copy)]
enum Topic {
    /// A location's ability scored for the learner.
    Ability(Location),
    /// An "every player" ability paid the learner on the computer's turn.
    Everyone(Location),
    /// Meeples beyond 5 turned into points.
    Worker,
    Healed,
    /// The computer's attack wounded the learner.
    Wounded,
    /// The learner's attack was held by the computer's Guards.
    Held,
    /// The computer's attack was held by the learner's Guards.
    Defended,
    /// The learner's attack wounded the computer.
    Struck,
}

/// The steps a turn's events call for, each explained once in the game:
/// (step id, what it points at). `sides` are the game's, `turn` the one
/// just played.
fn explained(
    events: &[Event],
    learners_turn: bool,
    sides: &Sides,
    turn: Turn,
) -> Vec<(&'static str, Anchor)> {
    let mine = |location| Anchor::Location {
        location,
        seat: LEARNER,
    };
    let mut out = Vec::new();
    for event in events {
        // What to explain, whose location it points at and the location
        // whose side the text is about.
        let (topic, anchor, about) = match event {
            Event::Gained {
                player, location, ..
            } if *player == LEARNER => (Topic::Ability(*location), mine(*location), *location),
            Event::EveryoneGained {
                location, players, ..
            } if !learners_turn && players.contains(&LEARNER) => {
                (Topic::Everyone(*location), mine(*location), *location)
            }
            Event::Converted { player, .. } if *player == LEARNER => {
                (Topic::Worker, Anchor::Worker, turn.place.location())
            }
            Event::Healed { player, .. } if *player == LEARNER => {
                (Topic::Healed, mine(Location::Infirmary), Location::Cottage)
            }
            Event::Attacked {
                attacker,
                knights,
                defender,
                guards,
                wounded,
            } => {
                let held = wounded.is_none() && guards >= knights;
                let (topic, seat) = match (*attacker == LEARNER, *defender == LEARNER) {
                    (false, true) if wounded.is_some() => (Topic::Wounded, LEARNER),
                    (false, true) if held => (Topic::Defended, LEARNER),
                    (true, _) if wounded.is_some() => (Topic::Struck, *defender),
                    (true, _) if held => (Topic::Held, *defender),
                    _ => continue,
                };
                // A wound is about the Infirmary, a held attack about Guards.
                let location = match topic {
                    Topic::Wounded | Topic::Struck => Location::Infirmary,
                    _ => Location::Guardhouse,
                };
                (topic, Anchor::Location { location, seat }, location)
            }
            _ => continue,
        };
        if let Some(id) = step_id(topic, sides.of(about)) {
            out.push((id, anchor));
        }
    }
    out
}

/// The step explaining `topic` on `side` (None: no tutorial explains it).
fn step_id(topic: Topic, side: Side) -> Option<&'static str> {
    use Location::*;
    Some(match (topic, side) {
        (Topic::Ability(location), Side::A) => match location {
            Mill => "ability_mill",
            Brewery => "ability_brewery",
            Cottage => "ability_cottage",
            Guardhouse => "ability_guardhouse",
            Barracks => "ability_barracks",
            Inn => "ability_inn",
            Castle => "ability_castle",
            Infirmary => return None,
        },
        (Topic::Ability(location), Side::B) => match location {
            Mill => "ability_b_mill",
            Brewery => "ability_b_brewery",
            Cottage => "ability_b_cottage",
            Guardhouse => "ability_b_guardhouse",
            Barracks => "ability_b_barracks",
            Inn => "ability_b_inn",
            Castle => "ability_b_castle",
            Infirmary => return None,
        },
        (Topic::Everyone(Brewery), Side::A) => "everyone_brewery",
        (Topic::Everyone(Inn), Side::A) => "everyone_inn",
        (Topic::Everyone(Mill), Side::B) => "everyone_b_mill",
        (Topic::Everyone(Guardhouse), Side::B) => "everyone_b_guardhouse",
        (Topic::Everyone(_), _) => return None,
        (Topic::Worker, Side::A) => "worker",
        (Topic::Worker, Side::B) => "worker_b",
        (Topic::Healed, Side::A) => "healed",
        (Topic::Healed, Side::B) => "healed_b",
        (Topic::Wounded, Side::A) => "wounded",
        (Topic::Wounded, Side::B) => "wounded_b",
        (Topic::Held, Side::A) => "held",
        (Topic::Held, Side::B) => "held_b",
        (Topic::Defended, Side::B) => "defended_b",
        (Topic::Struck, Side::B) => "struck_b",
        (Topic::Defended | Topic::Struck, Side::A) => return None,
    })
}
