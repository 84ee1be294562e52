//! Play live without telling the guests the deal: a [`SeatView`] is what a
//! host device sends a guest, everything its seat may know of the game and
//! nothing more (see [`crate::observation`]): the set-up, the opening table,
//! the deck's size and backs, and every turn with the card that refilled
//! the display after it ([`TurnSeen`]). No seed, and no card before it is
//! turned up, so no guest can work out the order of the deck.
//!
//! The guest checks each turn it is told with its own engine
//! ([`SeatView::push`]: a legal turn, a refill that can lie in the deck, a
//! back that can be on top of it) and plays from a record of its own
//! ([`SeatView::record`]): the cards turned up so far, then a guess at the
//! rest of the deck, drawn from what the seat knows of it, with the right
//! size and backs. Both sides compare [`table_digest`] after every turn.
//!
//! ```
//! use majesty_rules::rng::seeded;
//! use majesty_rules::seat_view::table_digest;
//! use majesty_rules::{GameConfig, GameRecord, Seat, SeatView, TurnSeen};
//!
//! // The host holds the seeded record; seat 1 joins and is told its view.
//! let config = GameConfig::new(2).unwrap();
//! let record = GameRecord::new(vec!["Ann".into(), "Bob".into()], &config, 42);
//! let mut host = record.start().unwrap();
//! let mut view = SeatView::of(&record, Seat::new(1).unwrap()).unwrap();
//! // A turn is played: the host tells every guest what every seat saw.
//! let turn = host.legal_turns()[0];
//! let events = host.apply(turn).unwrap();
//! let seen = TurnSeen::after(turn, &events, &host);
//! // The guest checks it, adds it, and makes its game again from the view.
//! view.push(seen).unwrap();
//! let guest = view.record(&mut seeded(7)).unwrap().replay().unwrap();
//! assert_eq!(table_digest(&guest), table_digest(&host));
//! ```
//!
//! A view in JSON (a new two-player deal, one turn played):
//!
//! ```json
//! {"seat": 1, "players": ["Ann", "Bob"], "display": ["Miller", …],
//!  "deck_size": 27, "backs": {"display": ["One", …], "top": "Two"},
//!  "turns": [{"turn": {"take": 0, "place": "Miller"}, "refill": "Guard", "top": "Two"}]}
//! ```

use std::fmt;
use std::hash::Hasher;

use fnv::FnvHasher;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Character, COMPOSITION};
use crate::config::{DeckVariant, GameConfig, Sides};
use crate::event::Event;
use crate::game::{Game, Tier, DISPLAY_SIZE};
use crate::observation::Observation;
use crate::position::{self, Position, Rest};
use crate::record::{CardBacks, GameRecord, RecordError, MAX_RECORD_BYTES, RECORD_VERSION};
use crate::rng::Rng;
use crate::seat::Seat;
use crate::turn::{Turn, TurnError};

/// What a guest of a live game is told: everything its seat may know of
/// the game, from the set-up to the last turn, made by the host
/// ([`SeatView::of`], then [`TurnSeen::after`] for each turn). It never
/// holds the seed nor a card before it is turned up.
///
/// The guest's own game ([`SeatView::record`]) holds a *guess* at the
/// face-down deck: the guest must never play a turn on it without the
/// host's refill. Each turn it is told goes through [`SeatView::push`], and
/// the game is then made again from the view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatView {
    /// The guest's seat.
    pub seat: Seat,
    /// The players' names in seat order.
    pub players: Vec<String>,
    /// Sides of locations 1–8.
    #[serde(default)]
    pub sides: Sides,
    /// How the deck was built ("Setup" step 3).
    #[serde(default)]
    pub deck: DeckVariant,
    /// The meeple tiebreak (ruling 13).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub meeple_tiebreak: bool,
    /// The seat that moved first (ruling 15).
    #[serde(default, skip_serializing_if = "Seat::is_zero")]
    pub first_player: Seat,
    /// The position the game started from (ruling 16); absent: a new deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Position>,
    /// A new deal's display as dealt ("Setup" step 4), space 0 first;
    /// empty with `start`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub display: Vec<Card>,
    /// Cards in the deck under the opening display.
    pub deck_size: usize,
    /// The backs every seat saw at the opening; absent when the backs are
    /// unknown (a deck given card by card, ruling 14).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backs: Option<OpeningBacks>,
    /// Every turn played so far, in order.
    #[serde(default)]
    pub turns: Vec<TurnSeen>,
}

/// The backs seen at the opening of a live game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningBacks {
    /// The back of each card of a new deal's display, space 0 first; empty
    /// with a start position (its table's backs are those a deal from the
    /// box gives it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub display: Vec<Tier>,
    /// The back on top of the deck; none when the deck is empty.
    pub top: Option<Tier>,
}

/// One turn as every seat saw it: the turn, the card that refilled the
/// display after it, and the back then on top of the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnSeen {
    /// The turn played.
    pub turn: Turn,
    /// The card turned up into the back space; none when the deck was empty
    /// ("A turn" step 4, ruling 6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refill: Option<Card>,
    /// The back on top of the deck after the refill; none when the deck is
    /// empty or its backs are unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top: Option<Tier>,
}

impl TurnSeen {
    /// What every seat is told of `turn`, just played on the host's `game`
    /// with `events` (what [`Game::apply`] returned).
    pub fn after(turn: Turn, events: &[Event], game: &Game) -> TurnSeen {
        let refill = events.iter().find_map(|e| match e {
            Event::Refilled { card, .. } => *card,
            _ => None,
        });
        TurnSeen {
            turn,
            refill,
            top: game.deck_top_tier(),
        }
    }
}

/// Why a guest refuses a view, or a turn it is told; each names the rule
/// it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// The view is for a seat the game does not have.
    Seat {
        /// The view's seat.
        seat: Seat,
        /// Players in the game.
        players: usize,
    },
    /// The set-up or the opening table cannot start a game: the record's
    /// own reason (player count, start position, deck too short…).
    Opening(RecordError),
    /// "Setup" step 4: a new deal opens with 6 cards on display (`expected`;
    /// 0: a game from a start position has its display there).
    DisplaySize {
        /// Cards in the view's `display`.
        cards: usize,
        /// How many it should hold.
        expected: usize,
    },
    /// The display's backs are not one per display card.
    DisplayBacks {
        /// Backs given.
        backs: usize,
        /// Cards on the opening display.
        cards: usize,
    },
    /// "Components" and "Setup" step 3: the opening display cannot show
    /// this card with this back (the box has no more such copies, or the
    /// standard deck deals tier 1 first).
    DisplayImpossible {
        /// The display space, from 0.
        space: usize,
        /// The card.
        card: Card,
        /// Its back, as told.
        back: Tier,
    },
    /// "Setup" step 3: a deal from the box leaves `expected` cards in the
    /// deck under the opening table (a deck given card by card: at most
    /// [`MOST_CARDS`]).
    DeckSize {
        /// The view's deck size.
        cards: usize,
        /// The cards the deal leaves, or the most a given deck may hold.
        expected: usize,
    },
    /// Turn `turn` (from 1) is illegal for the player to move ("A turn";
    /// the error names the rule).
    Turn {
        /// The turn's number, from 1.
        turn: usize,
        /// Why it is illegal.
        error: TurnError,
    },
    /// "A turn" step 4: the display is refilled while the deck has cards,
    /// but no card is told after turn `turn`.
    RefillMissing {
        /// The turn's number, from 1.
        turn: usize,
        /// Cards in the deck.
        deck_left: usize,
    },
    /// Ruling 6: the deck is empty, so nothing refills the display.
    RefillFromEmptyDeck {
        /// The turn's number, from 1.
        turn: usize,
        /// The card told.
        card: Card,
    },
    /// "Components" and "Setup" step 3: the card told cannot lie on top of
    /// the deck: every copy with the top card's back (`back`) is turned up
    /// already, or the box has none. With unknown backs any card can.
    RefillImpossible {
        /// The turn's number, from 1.
        turn: usize,
        /// The card told.
        card: Card,
        /// The back on top of the deck before the refill.
        back: Option<Tier>,
    },
    /// "Setup" step 3: after turn `turn` (0: at the opening) no card left
    /// in the deck has the back told on top (with the standard deck, the
    /// tier-1 cards lie on the tier-2 ones); or a back is told for an empty
    /// deck or one whose backs are unknown, or none for a deck with backs.
    TopBack {
        /// Turns played, 0 at the opening.
        turn: usize,
        /// The back told.
        back: Option<Tier>,
    },
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ViewError::*;
        match self {
            Seat { seat, players } => {
                write!(f, "no seat {seat} in a game of {players} players")
            }
            Opening(e) => write!(f, "the game cannot start: {e}"),
            DisplaySize { cards, expected } => write!(
                f,
                "the opening display has {cards} cards; it should have {expected} (\"Setup\" \
                 step 4)"
            ),
            DisplayBacks { backs, cards } => write!(
                f,
                "{backs} backs are told for the {cards} cards of the opening display"
            ),
            DisplayImpossible { space, card, back } => write!(
                f,
                "the opening display cannot show {card} with a {} back in space {space} \
                 (\"Components\", \"Setup\" step 3)",
                back_name(*back)
            ),
            DeckSize { cards, expected } => write!(
                f,
                "the deck holds {cards} cards under the opening table; it should hold \
                 {expected} (\"Setup\" step 3)"
            ),
            Turn { turn, error } => write!(f, "turn {turn}: {error}"),
            RefillMissing { turn, deck_left } => write!(
                f,
                "turn {turn}: no card refilled the display, but the deck has {deck_left} \
                 (\"A turn\" step 4)"
            ),
            RefillFromEmptyDeck { turn, card } => write!(
                f,
                "turn {turn}: {card} cannot refill the display: the deck is empty (ruling 6)"
            ),
            RefillImpossible { turn, card, back } => write!(
                f,
                "turn {turn}: {card} cannot lie on top of the deck{}: no such copy is left \
                 unseen (\"Components\", \"Setup\" step 3)",
                back.map_or(String::new(), |b| format!(" with a {} back", back_name(b)))
            ),
            TopBack { turn, back } => write!(
                f,
                "after turn {turn} the deck cannot show {} on top (\"Setup\" step 3)",
                back.map_or("no back".into(), |b| format!("a {} back", back_name(b)))
            ),
        }
    }
}

impl std::error::Error for ViewError {}

fn back_name(back: Tier) -> &'static str {
    match back {
        Tier::One => "green (tier 1)",
        Tier::Two => "red (tier 2)",
    }
}

/// The most cards a deck given card by card may hold in a view: more
/// would not fit in a record ([`MAX_RECORD_BYTES`], a card takes at least
/// 8 bytes in one).
pub const MOST_CARDS: usize = MAX_RECORD_BYTES / 8;

/// A card that stands for one not yet turned up, while the guest follows
/// the view: each is replaced by the told card before it is drawn.
const UNSEEN: Card = Card::single(Character::Miller);

/// The guest's game as it follows the view: the table as the host has it,
/// over a deck of [`UNSEEN`] cards with the right backs, and the cards (and
/// backs) turned up from the deck so far, top first.
struct Following {
    game: Game,
    cards: Vec<Card>,
    backs: Vec<Tier>,
}

impl SeatView {
    /// What `seat` is told of the game of `record`, the host's: its set-up,
    /// the opening table and every turn with its refill.
    pub fn of(record: &GameRecord, seat: Seat) -> Result<SeatView, ViewError> {
        let mut game = record.start().map_err(ViewError::Opening)?;
        let players = game.players().len();
        if seat.index() >= players {
            return Err(ViewError::Seat { seat, players });
        }
        let display: Vec<Card> = match record.start {
            Some(_) => Vec::new(),
            None => game.display().iter().map(|s| s.card).collect(),
        };
        let backs = game.deck_tier_counts().map(|_| OpeningBacks {
            display: display_backs(&display, game.tier_two_turned_up()),
            top: game.deck_top_tier(),
        });
        let mut view = SeatView {
            seat,
            players: record.players.clone(),
            sides: record.sides,
            deck: record.deck,
            meeple_tiebreak: record.meeple_tiebreak,
            first_player: game.config().first_player(),
            start: record.start.clone(),
            display,
            deck_size: game.deck_len(),
            backs,
            turns: Vec::with_capacity(record.turns.len()),
        };
        for (i, &turn) in record.turns.iter().enumerate() {
            let events = game
                .apply(turn)
                .map_err(|error| ViewError::Turn { turn: i + 1, error })?;
            view.turns.push(TurnSeen::after(turn, &events, &game));
        }
        Ok(view)
    }

    /// The set-up choices.
    pub fn config(&self) -> Result<GameConfig, ViewError> {
        GameConfig::try_from(crate::config::ConfigFields {
            players: self.players.len(),
            sides: self.sides,
            deck: self.deck,
            meeple_tiebreak: self.meeple_tiebreak,
            first_player: self.first_player,
        })
        .map_err(|e| ViewError::Opening(RecordError::Config(e)))
    }

    /// Whether the view could be told of a game: its opening and every turn
    /// pass the checks of [`SeatView::push`].
    pub fn check(&self) -> Result<(), ViewError> {
        self.follow().map(drop)
    }

    /// Adds a turn the host says was played, if the guest's engine finds
    /// it possible: a legal turn for the player to move, a refill when and
    /// only when the deck has cards, a card that can lie on top of the deck
    /// (one not turned up yet, with the top card's back when the backs are
    /// known), and a back on top after it that the deck can show. Nothing
    /// changes when it is refused.
    pub fn push(&mut self, seen: TurnSeen) -> Result<(), ViewError> {
        let mut following = self.follow()?;
        following.step(self.deck, self.turns.len() + 1, &seen)?;
        self.turns.push(seen);
        Ok(())
    }

    /// The guest's game as a record: the view's set-up and turns, on a deck
    /// given card by card (`cards`, with `backs` when they are known): the
    /// cards turned up so far, then a guess at the face-down deck drawn from
    /// `rng` among the cards this seat knows can still appear (see
    /// [`crate::observation::DeckKnowledge`]). It replays to the host's
    /// table, final scoring included, and opens like any record; the guess
    /// is never to be played on (see [`SeatView`]).
    pub fn record(&self, rng: &mut Rng) -> Result<GameRecord, ViewError> {
        let Following {
            game,
            mut cards,
            mut backs,
        } = self.follow()?;
        let (mut guess, mut guess_backs) = (Vec::new(), Vec::new());
        Observation::of(&game, self.seat)
            .deck()
            .sample(rng, &mut guess, &mut guess_backs);
        cards.append(&mut guess);
        backs.append(&mut guess_backs);
        let record = GameRecord {
            version: RECORD_VERSION,
            players: self.players.clone(),
            sides: self.sides,
            deck: self.deck,
            seed: None,
            cards: Some(cards),
            backs: self.backs.is_some().then_some(CardBacks(backs)),
            meeple_tiebreak: self.meeple_tiebreak,
            first_player: self.first_player,
            hints_used: false,
            start: self.start.clone(),
            turns: self.turns.iter().map(|t| t.turn).collect(),
            notes: Default::default(),
        };
        // Made to replay; a view that passed its checks always does.
        record.replay().map_err(ViewError::Opening)?;
        Ok(record)
    }

    /// The guest's game at the opening, then every turn checked and played.
    fn follow(&self) -> Result<Following, ViewError> {
        let mut following = self.opening()?;
        for (i, seen) in self.turns.iter().enumerate() {
            following.step(self.deck, i + 1, seen)?;
        }
        Ok(following)
    }

    /// The opening table over a deck of unseen cards with the right backs.
    fn opening(&self) -> Result<Following, ViewError> {
        let config = self.config()?;
        if self.seat.index() >= config.players() {
            return Err(ViewError::Seat {
                seat: self.seat,
                players: config.players(),
            });
        }
        let expected = if self.start.is_some() {
            0
        } else {
            DISPLAY_SIZE
        };
        if self.display.len() != expected {
            return Err(ViewError::DisplaySize {
                cards: self.display.len(),
                expected,
            });
        }
        // The backs first: they check the deck's size before it is laid.
        let backs = match &self.backs {
            Some(told) => Some(self.opening_backs(&config, told)?),
            None if self.deck_size > MOST_CARDS => {
                return Err(ViewError::DeckSize {
                    cards: self.deck_size,
                    expected: MOST_CARDS,
                })
            }
            None => None,
        };
        let unseen = vec![UNSEEN; self.deck_size];
        let setup = |e| ViewError::Opening(RecordError::Setup(e));
        let at = |e| ViewError::Opening(RecordError::Position(e));
        let with_display = || [self.display.clone(), unseen.clone()].concat();
        let game = match (&self.start, &backs) {
            (None, None) => Game::with_deck(config, &with_display()).map_err(setup)?,
            (None, Some((display, deck))) => {
                let backs = [display.as_slice(), deck.as_slice()].concat();
                Game::with_dealt_deck(config, &with_display(), &backs).map_err(setup)?
            }
            (Some(start), None) => {
                Game::from_position(config, start, Rest::Given(&unseen)).map_err(at)?
            }
            (Some(start), Some((_, deck))) => {
                Game::from_dealt_position(config, start, &unseen, deck).map_err(at)?
            }
        };
        Ok(Following {
            game,
            cards: self.display.clone(),
            backs: backs.map(|b| b.0).unwrap_or_default(),
        })
    }

    /// The backs at the opening, checked against a deal from the box: the
    /// display's (a new deal) and the deck's, top first.
    fn opening_backs(
        &self,
        config: &GameConfig,
        told: &OpeningBacks,
    ) -> Result<(Vec<Tier>, Vec<Tier>), ViewError> {
        // Copies on the table per row of the composition table and back.
        let table = match &self.start {
            Some(start) => {
                start
                    .validate(config, Rest::Shuffled(0))
                    .map_err(|e| ViewError::Opening(RecordError::Position(e)))?;
                position::table_tiers(config, start)
            }
            None => self.display_tiers(config, &told.display)?,
        };
        let dealt_one = match config.deck() {
            DeckVariant::Standard => config.tier_one_cards(),
            DeckVariant::Full => COMPOSITION.iter().map(|c| usize::from(c.1)).sum(),
        };
        let ones = dealt_one - table.iter().map(|t| t.0).sum::<usize>();
        let twos = position::tier_two_total() - table.iter().map(|t| t.1).sum::<usize>();
        if self.deck_size != ones + twos {
            return Err(ViewError::DeckSize {
                cards: self.deck_size,
                expected: ones + twos,
            });
        }
        let deck = arrange(self.deck, ones, twos, told.top).ok_or(ViewError::TopBack {
            turn: 0,
            back: told.top,
        })?;
        Ok((told.display.clone(), deck))
    }

    /// The copies of a new deal's display per row and back, checked: one
    /// back per card, tier 1 only with the standard deck (6 / 14 / 26 tier-1
    /// cards on top), no more copies with a back than the box has.
    fn display_tiers(
        &self,
        config: &GameConfig,
        backs: &[Tier],
    ) -> Result<Vec<(usize, usize)>, ViewError> {
        if backs.len() != self.display.len() {
            return Err(ViewError::DisplayBacks {
                backs: backs.len(),
                cards: self.display.len(),
            });
        }
        let mut table = vec![(0, 0); COMPOSITION.len()];
        for (space, (&card, &back)) in self.display.iter().zip(backs).enumerate() {
            let impossible = ViewError::DisplayImpossible { space, card, back };
            if config.deck() == DeckVariant::Standard && back == Tier::Two {
                return Err(impossible);
            }
            let row = COMPOSITION
                .iter()
                .position(|&(c, _, _)| c == card)
                .ok_or(impossible.clone())?;
            let (t1, t2) = card.copies();
            let (one, two) = &mut table[row];
            let (n, most) = match back {
                Tier::One => (one, t1),
                Tier::Two => (two, t2),
            };
            *n += 1;
            if *n > usize::from(most) {
                return Err(impossible);
            }
        }
        Ok(table)
    }
}

/// The backs of a new deal's display, space 0 first, from the cards
/// turned up with a red back so far (the display's, in the order they
/// were dealt): each in turn, the next of them if it is that card.
fn display_backs(display: &[Card], tier_two: &[Card]) -> Vec<Tier> {
    let mut red = tier_two.iter().peekable();
    display
        .iter()
        .map(|card| match red.peek() {
            Some(&next) if next == card => {
                red.next();
                Tier::Two
            }
            _ => Tier::One,
        })
        .collect()
}

/// The backs of a deck of `ones` green and `twos` red cards with `top` on
/// top, top first, as a seat can see them ("Setup" step 3): the standard
/// deck's tier-1 cards on the tier-2 ones; the full deck's shown back on
/// top of the others (whose order nobody sees). None when the deck cannot
/// show `top`.
fn arrange(deck: DeckVariant, ones: usize, twos: usize, top: Option<Tier>) -> Option<Vec<Tier>> {
    let stacked = || {
        std::iter::repeat_n(Tier::One, ones)
            .chain(std::iter::repeat_n(Tier::Two, twos))
            .collect::<Vec<_>>()
    };
    match (top, deck) {
        (None, _) => (ones + twos == 0).then(Vec::new),
        (Some(Tier::One), _) if ones == 0 => None,
        (Some(Tier::Two), _) if twos == 0 => None,
        (Some(Tier::Two), DeckVariant::Standard) if ones > 0 => None,
        (Some(_), DeckVariant::Standard) => Some(stacked()),
        (Some(top), DeckVariant::Full) => {
            let mut backs = stacked();
            let i = backs.iter().position(|&b| b == top)?;
            backs.swap(0, i);
            Some(backs)
        }
    }
}

impl Following {
    /// Checks turn `number` (from 1) as told, lays its refill on top of the
    /// deck with its back and plays it.
    fn step(&mut self, deck: DeckVariant, number: usize, seen: &TurnSeen) -> Result<(), ViewError> {
        let game = &mut self.game;
        game.check(seen.turn).map_err(|error| ViewError::Turn {
            turn: number,
            error,
        })?;
        let back = game.deck_top_tier();
        let left = game.deck_len();
        match seen.refill {
            None if left > 0 => {
                return Err(ViewError::RefillMissing {
                    turn: number,
                    deck_left: left,
                })
            }
            Some(card) if left == 0 => {
                return Err(ViewError::RefillFromEmptyDeck { turn: number, card })
            }
            Some(card)
                if !Observation::of(game, Seat::default())
                    .deck()
                    .could_turn_up(card) =>
            {
                return Err(ViewError::RefillImpossible {
                    turn: number,
                    card,
                    back,
                })
            }
            _ => {}
        }
        let top_back = ViewError::TopBack {
            turn: number,
            back: seen.top,
        };
        // The deck's backs once the refill is turned up, the told top first.
        let under = match game.deck_tier_counts() {
            None if seen.top.is_some() => return Err(top_back),
            None => Vec::new(),
            Some((ones, twos)) => {
                let (ones, twos) = match back {
                    Some(Tier::One) => (ones - 1, twos),
                    Some(Tier::Two) => (ones, twos - 1),
                    None => (ones, twos),
                };
                arrange(deck, ones, twos, seen.top).ok_or(top_back)?
            }
        };
        if let Some(card) = seen.refill {
            let mut cards = vec![UNSEEN; left];
            cards[0] = card;
            let backs: Vec<Tier> = back.into_iter().chain(under).collect();
            game.replace_hidden_deck_and_backs(&cards, &backs);
            self.cards.push(card);
            self.backs.extend(back);
        }
        game.apply_quiet(seen.turn)
            .map_err(|error| ViewError::Turn {
                turn: number,
                error,
            })
    }
}

/// A digest of the table of `game` as every seat sees it: the position
/// (realms, Infirmaries, scores, meeples, the display and its meeples,
/// whose turn), the turns played, the deck's size and backs and the cards
/// turned up with a red back. Host and guest compare it after every turn;
/// it reads nothing hidden (not the seed, not the deck's order), so a
/// guest's game, whose deck is a guess, has the host's digest. FNV-1a 64
/// of the JSON of those parts: the same on every platform.
pub fn table_digest(game: &Game) -> u64 {
    #[derive(Serialize)]
    struct Table {
        turn: usize,
        position: Position,
        deck_len: usize,
        backs: Option<(usize, usize)>,
        top: Option<Tier>,
        tier_two_turned_up: Vec<Card>,
    }
    let mut tier_two_turned_up = game.tier_two_turned_up().to_vec();
    tier_two_turned_up.sort_by_key(|&card| COMPOSITION.iter().position(|c| c.0 == card));
    let table = Table {
        turn: game.turn_number(),
        position: Position::of(game),
        deck_len: game.deck_len(),
        backs: game.deck_tier_counts(),
        top: game.deck_top_tier(),
        tier_two_turned_up,
    };
    let text = serde_json::to_string(&table).expect("a table always serialises");
    let mut hasher = FnvHasher::default();
    hasher.write(text.as_bytes());
    hasher.finish()
}
