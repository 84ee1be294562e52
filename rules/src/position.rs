//! A position set up by hand (the scenario editor): every player's realm,
//! Infirmary, meeples and points, the display with the meeples on it and who
//! moves next; the checks that it could occur in a game (rules/RULES.md
//! ruling 16), and a game that starts from it.
//!
//! The set-up choices (players, sides, deck) are the game's
//! [`GameConfig`]; the rest of the deck is [`Rest`]: the box's cards that
//! are not on the table, shuffled from a seed, or an order given card by card.

use std::fmt;

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Character, Location, Meeples, CHARACTERS, COMPOSITION, WORKER_SPACES};
use crate::config::{DeckVariant, GameConfig};
use crate::game::{Game, Slot, Tier, DISPLAY_SIZE};
use crate::player::Player;
use crate::realm::{Placement, Realm};
use crate::rng;
use crate::seat::Seat;

/// The most points a position may give a player: far beyond any game's,
/// a bound for hand-written input.
pub const MAX_SCORE: i32 = 999;

fn full_worker() -> Meeples {
    WORKER_SPACES
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

fn all_zero(meeples: &[Meeples]) -> bool {
    meeples.iter().all(|&m| m == 0)
}

/// One player's part of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatPosition {
    /// Points so far.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub score: i32,
    /// Meeples on the worker card (0–5).
    #[serde(default = "full_worker")]
    pub meeples: Meeples,
    /// The cards at locations 1–7 (Mill … Castle), each list in the order
    /// the cards were placed (the last one is wounded first, ruling 1). A
    /// card lies at a location as that location's character.
    #[serde(default)]
    pub realm: [Vec<Card>; CHARACTERS],
    /// The Infirmary, bottom card first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub infirmary: Vec<Card>,
}

impl Default for SeatPosition {
    fn default() -> SeatPosition {
        SeatPosition {
            score: 0,
            meeples: WORKER_SPACES,
            realm: Default::default(),
            infirmary: Vec::new(),
        }
    }
}

impl SeatPosition {
    /// Cards taken: the realm's and the Infirmary's.
    pub fn cards(&self) -> usize {
        self.realm.iter().map(Vec::len).sum::<usize>() + self.infirmary.len()
    }

    fn every_card(&self) -> impl Iterator<Item = Card> + '_ {
        self.realm.iter().flatten().chain(&self.infirmary).copied()
    }
}

/// A position between two turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// One per player, in seat order.
    pub seats: Vec<SeatPosition>,
    /// The display, space 0 (front) first.
    pub display: Vec<Card>,
    /// The meeples on each display card, space 0 first; missing: none.
    #[serde(default, skip_serializing_if = "all_zero")]
    pub display_meeples: Vec<Meeples>,
    /// The seat that moves next.
    #[serde(default)]
    pub to_move: Seat,
}

/// The rest of the deck, under the display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rest<'a> {
    /// The box's cards not on the table, dealt as "Setup" step 3 says and
    /// shuffled from this seed.
    Shuffled(u64),
    /// These cards, top first (a scenario's order; ruling 14).
    Given(&'a [Card]),
}

/// Why a position cannot occur in a game; each names the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// "Setup" step 1: one seat per player.
    SeatCount {
        /// Seats in the position.
        seats: usize,
        /// Players in the game.
        players: usize,
    },
    /// "A turn" step 5: the player to move is one of the seats.
    ToMove {
        /// The seat given to move.
        seat: Seat,
        /// Players in the game: the seats are 0 to `players - 1`.
        players: usize,
    },
    /// "Components": a worker card has 5 spaces; beyond 5 become points
    /// at the end of the turn ("A turn" step 4).
    Meeples {
        /// The seat, counted from 0.
        seat: Seat,
        /// Its meeples, more than 5.
        meeples: Meeples,
    },
    /// Points start at 0 and no turn takes more than a player has
    /// (ruling 3); at most [`MAX_SCORE`] here.
    Score {
        /// The seat, counted from 0.
        seat: Seat,
        /// Its points, below 0 or above [`MAX_SCORE`].
        score: i32,
    },
    /// "A turn" step 2: a card lies where one of its characters lives.
    WrongLocation {
        /// The seat whose realm holds the card.
        seat: Seat,
        /// The card.
        card: Card,
        /// Where it lies: a location none of its characters lives at.
        location: Location,
    },
    /// "A turn" step 5: nobody takes more than 12 cards.
    TooManyCards {
        /// The seat, counted from 0.
        seat: Seat,
        /// Its cards, realm and Infirmary.
        cards: usize,
    },
    /// "A turn" step 5: every turn takes one card, seat after seat, so no
    /// two players' cards differ by more than one.
    UnevenCards {
        /// A seat with the most cards.
        seat: Seat,
        /// Its cards, realm and Infirmary.
        cards: usize,
        /// A seat with the fewest cards.
        other: Seat,
        /// That seat's cards.
        other_cards: usize,
    },
    /// "A turn" step 5: the seats that took one card more are the ones
    /// just before the player to move; `next` is the seat that can move.
    NotTheirTurn {
        /// The seat given to move.
        seat: Seat,
        /// The seat that can move; `None` when no seat fits the cards taken.
        next: Option<Seat>,
    },
    /// "Setup" step 4, "A turn" step 4, ruling 6: the display holds 6
    /// cards while the deck has any (`expected`: the most it can hold).
    DisplaySize {
        /// Cards on the display; or the entries of `display_meeples`, when
        /// there are more of them than cards.
        cards: usize,
        /// How many it should hold: exactly, except with an empty given
        /// deck or for `display_meeples` (then at most).
        expected: usize,
    },
    /// "A turn" steps 1 and 4: a turn puts at most one meeple on a card,
    /// and the card just turned up (the back space) has none.
    DisplayMeeples {
        /// The display space, 0 (front) first.
        space: usize,
        /// Meeples on its card.
        meeples: Meeples,
        /// The most it can hold: 0 in the back space, else one per turn
        /// played.
        most: Meeples,
    },
    /// "Components": more copies of a card than the game's deck holds.
    TooManyCopies {
        /// The card.
        card: Card,
        /// Copies on the table.
        count: usize,
        /// Copies in the box, tier 1 and tier 2 (0: not a card of the box).
        most: usize,
    },
    /// "Setup" step 3: only the first 6 / 14 / 26 cards turned up are
    /// tier 1, and only `tier_one` copies of this card are tier 1.
    TierOneOnly {
        /// The card.
        card: Card,
        /// Copies on the table.
        count: usize,
        /// Its tier-1 copies in the box.
        tier_one: usize,
    },
    /// "Setup" step 3: the table holds `needed` cards beyond the tier-2
    /// copies, more than the `tier_one` tier-1 cards of a standard game.
    TierOneExceeded {
        /// The table's cards that must be tier 1.
        needed: usize,
        /// Tier-1 cards in the deck: 6 / 14 / 26 for 2 / 3 / 4 players.
        tier_one: usize,
    },
    /// "Setup" step 3: the first `tier_one` cards turned up are tier 1, but
    /// only `possible` of the table's cards exist in tier 1.
    TierOneShort {
        /// The most of the table's cards that can be tier 1.
        possible: usize,
        /// Tier-1 cards in the deck: 6 / 14 / 26 for 2 / 3 / 4 players.
        tier_one: usize,
    },
    /// Ruling 14: the display and the deck cannot finish the game.
    DeckTooShort {
        /// Cards on the display and in the rest of the deck.
        cards: usize,
        /// Turns left to play, one card each.
        needed: usize,
    },
    /// Ruling 15 for a position: the first player follows from the cards
    /// taken and the player to move.
    FirstPlayer {
        /// The first player of the game's set-up.
        given: Seat,
        /// The seat the position says moved first
        /// ([`Position::first_player`]).
        expected: Seat,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match *self {
            SeatCount { seats, players } => {
                write!(f, "{seats} seats for a game of {players} players")
            }
            ToMove { seat, players } => {
                write!(
                    f,
                    "seat {seat} cannot move: the seats are 0 to {}",
                    players - 1
                )
            }
            Meeples { seat, meeples } => write!(
                f,
                "seat {seat} has {meeples} meeples: a worker card holds at most {WORKER_SPACES}"
            ),
            Score { seat, score } => write!(
                f,
                "seat {seat} has {score} points: points are 0 to {MAX_SCORE} during a game"
            ),
            WrongLocation {
                seat,
                card,
                location,
            } => write!(f, "seat {seat}: a {card} card cannot lie at the {location}"),
            TooManyCards { seat, cards } => write!(
                f,
                "seat {seat} has {cards} cards: nobody takes more than {}",
                GameConfig::CARDS_PER_PLAYER
            ),
            UnevenCards {
                seat,
                cards,
                other,
                other_cards,
            } => write!(
                f,
                "seat {seat} has {cards} cards and seat {other} {other_cards}: every turn \
                 takes one card, seat after seat, so they differ by at most one"
            ),
            NotTheirTurn { seat, next } => {
                write!(f, "seat {seat} cannot move next: it took as many cards as")?;
                write!(f, " the seats before it should have")?;
                match next {
                    Some(next) => write!(f, " (seat {next} moves next)"),
                    None => Ok(()),
                }
            }
            DisplaySize { cards, expected } => write!(
                f,
                "the display has {cards} cards: it holds {expected} while the deck has cards"
            ),
            DisplayMeeples {
                space,
                meeples,
                most,
            } => write!(
                f,
                "the card in space {space} has {meeples} meeples; it can have at most {most}"
            ),
            TooManyCopies { card, count, most } => write!(
                f,
                "{count} copies of {card} are on the table; the deck has {most}"
            ),
            TierOneOnly {
                card,
                count,
                tier_one,
            } => write!(
                f,
                "{count} copies of {card} are on the table, but only tier 1 has been turned \
                 up so far and it has {tier_one}"
            ),
            TierOneExceeded { needed, tier_one } => write!(
                f,
                "the table needs {needed} tier-1 cards; the game has {tier_one}"
            ),
            TierOneShort { possible, tier_one } => write!(
                f,
                "the first {tier_one} cards turned up are tier 1, but only {possible} cards on \
                 the table exist in tier 1"
            ),
            DeckTooShort { cards, needed } => write!(
                f,
                "{cards} cards are left in the display and the deck; the game needs {needed}"
            ),
            FirstPlayer { given, expected } => write!(
                f,
                "the first player is seat {given}, but the cards taken say seat {expected}"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The position at the start of a game of `players` players: nobody
    /// has a card, the display is empty (the editor fills it).
    pub fn empty(players: usize) -> Position {
        Position {
            seats: vec![SeatPosition::default(); players],
            display: Vec::new(),
            display_meeples: Vec::new(),
            to_move: Seat::default(),
        }
    }

    /// `game` between two turns, as a position.
    pub fn of(game: &Game) -> Position {
        let seats = game
            .players()
            .iter()
            .map(|p| {
                let mut realm: [Vec<Card>; CHARACTERS] = Default::default();
                for placed in p.realm().placements() {
                    realm[placed.character.index()].push(placed.card);
                }
                SeatPosition {
                    score: p.score(),
                    meeples: p.meeples(),
                    realm,
                    infirmary: p.infirmary().to_vec(),
                }
            })
            .collect();
        let display_meeples: Vec<Meeples> = game.display().iter().map(|s| s.meeples).collect();
        Position {
            seats,
            display: game.display().iter().map(|s| s.card).collect(),
            display_meeples: if all_zero(&display_meeples) {
                Vec::new()
            } else {
                display_meeples
            },
            to_move: if game.is_over() {
                game.config().first_player()
            } else {
                game.current_player()
            },
        }
    }

    /// The face-down deck of `game`, top first: the rest a position made
    /// from it ([`Position::of`]) goes on with as [`Rest::Given`] (the
    /// scenario editor). No seat may see it: the computer players and the
    /// coach read an [`crate::observation::Observation`], which has no such
    /// thing.
    pub fn rest_of(game: &Game) -> Vec<Card> {
        game.hidden_deck().collect()
    }

    /// The backs of the face-down deck of `game`, top first, one per card
    /// of [`Position::rest_of`]; `None` when they are unknown (a deck given
    /// card by card). Hidden from every seat like the cards, below the top
    /// one: with them, a record's `cards` and `backs` under this position
    /// deal the same deck again (see `GameRecord::backs`).
    pub fn rest_backs_of(game: &Game) -> Option<Vec<Tier>> {
        game.hidden_backs()
    }

    /// Turns played so far: every turn took one card.
    pub fn turn(&self) -> usize {
        self.seats.iter().map(SeatPosition::cards).sum()
    }

    /// Meeples on the display card in `space`.
    pub fn meeples_at(&self, space: usize) -> Meeples {
        self.display_meeples.get(space).copied().unwrap_or(0)
    }

    /// The seat that moved first: the seats that took a card more are the
    /// ones just before the player to move (ruling 15).
    pub fn first_player(&self) -> Seat {
        self.to_move.before(self.turn(), self.seats.len().max(1))
    }

    /// Every card on the table: realms, Infirmaries and display.
    pub fn table(&self) -> impl Iterator<Item = Card> + '_ {
        self.seats
            .iter()
            .flat_map(SeatPosition::every_card)
            .chain(self.display.iter().copied())
    }

    /// Whether the position could occur in a game of `config` with the rest
    /// of the deck `rest`; every reason it could not, when not. The first
    /// player of `config` is not checked here (see [`Game::from_position`]).
    pub fn validate(&self, config: &GameConfig, rest: Rest) -> Result<(), Vec<PositionError>> {
        let mut errors = Vec::new();
        let players = config.players();
        if self.seats.len() != players {
            errors.push(PositionError::SeatCount {
                seats: self.seats.len(),
                players,
            });
            return Err(errors);
        }
        self.check_seats(&mut errors);
        self.check_turn_order(&mut errors);
        self.check_display(config, rest, &mut errors);
        if let Rest::Shuffled(_) = rest {
            check_box(config, self, &mut errors);
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    fn check_seats(&self, errors: &mut Vec<PositionError>) {
        for (seat, s) in Seat::all(self.seats.len()).zip(&self.seats) {
            if s.meeples > WORKER_SPACES {
                errors.push(PositionError::Meeples {
                    seat,
                    meeples: s.meeples,
                });
            }
            if !(0..=MAX_SCORE).contains(&s.score) {
                errors.push(PositionError::Score {
                    seat,
                    score: s.score,
                });
            }
            for (character, cards) in Character::ALL.iter().zip(&s.realm) {
                for &card in cards.iter().filter(|c| !c.can_be(*character)) {
                    errors.push(PositionError::WrongLocation {
                        seat,
                        card,
                        location: character.location(),
                    });
                }
            }
            if s.cards() > GameConfig::CARDS_PER_PLAYER {
                errors.push(PositionError::TooManyCards {
                    seat,
                    cards: s.cards(),
                });
            }
        }
    }

    fn check_turn_order(&self, errors: &mut Vec<PositionError>) {
        let n = self.seats.len();
        if self.to_move.index() >= n {
            errors.push(PositionError::ToMove {
                seat: self.to_move,
                players: n,
            });
            return;
        }
        let counts: Vec<usize> = self.seats.iter().map(SeatPosition::cards).collect();
        let (Some(&most), Some(&fewest)) = (counts.iter().max(), counts.iter().min()) else {
            return;
        };
        if most > fewest + 1 {
            let first_with = |cards| {
                Seat::all(n)
                    .find(|s| counts[s.index()] == cards)
                    .unwrap_or_default()
            };
            let (seat, other) = (first_with(most), first_with(fewest));
            errors.push(PositionError::UnevenCards {
                seat,
                cards: most,
                other,
                other_cards: fewest,
            });
            return;
        }
        if most == fewest {
            return;
        }
        // The seats with one card more must be the `ahead` seats just before
        // the player to move; the seat after such a run is the one that can.
        let ahead = counts.iter().filter(|&&c| c == most).count();
        let fits = |seat: Seat| {
            counts[seat.index()] == fewest
                && (1..=ahead).all(|back| counts[seat.before(back, n).index()] == most)
        };
        if !fits(self.to_move) {
            errors.push(PositionError::NotTheirTurn {
                seat: self.to_move,
                next: Seat::all(n).find(|&seat| fits(seat)),
            });
        }
    }

    fn check_display(&self, config: &GameConfig, rest: Rest, errors: &mut Vec<PositionError>) {
        let turn = self.turn();
        let cards = self.display.len();
        let (deck_left, fits) = match rest {
            Rest::Given(given) => (
                given.len(),
                cards <= DISPLAY_SIZE && (given.is_empty() || cards == DISPLAY_SIZE),
            ),
            // The box's deck: 6 cards until it runs out, then one fewer a turn.
            Rest::Shuffled(_) => {
                let expected = DISPLAY_SIZE.min(deck_size(config).saturating_sub(turn));
                (
                    deck_size(config).saturating_sub(turn + cards),
                    cards == expected,
                )
            }
        };
        if !fits {
            let expected = match rest {
                Rest::Shuffled(_) => DISPLAY_SIZE.min(deck_size(config).saturating_sub(turn)),
                Rest::Given(_) => DISPLAY_SIZE,
            };
            errors.push(PositionError::DisplaySize { cards, expected });
        }
        let needed = config.total_turns().saturating_sub(turn);
        if cards + deck_left < needed && cards <= DISPLAY_SIZE {
            errors.push(PositionError::DeckTooShort {
                cards: cards + deck_left,
                needed,
            });
        }
        if self.display_meeples.len() > cards {
            errors.push(PositionError::DisplaySize {
                cards: self.display_meeples.len(),
                expected: cards,
            });
        }
        let most_ever = Meeples::try_from(turn).unwrap_or(Meeples::MAX);
        for space in 0..cards {
            // The back card was turned up at the end of the last turn.
            let most = if space + 1 == DISPLAY_SIZE {
                0
            } else {
                most_ever
            };
            let meeples = self.meeples_at(space);
            if meeples > most {
                errors.push(PositionError::DisplayMeeples {
                    space,
                    meeples,
                    most,
                });
            }
        }
    }
}

/// Cards in the game's deck at set-up: 33 / 41 / 53 standard, 60 full.
pub(crate) fn deck_size(config: &GameConfig) -> usize {
    match config.deck() {
        DeckVariant::Standard => config.tier_one_cards() + tier_two_total(),
        DeckVariant::Full => COMPOSITION
            .iter()
            .map(|&(_, t1, t2)| usize::from(t1 + t2))
            .sum(),
    }
}

pub(crate) fn tier_two_total() -> usize {
    COMPOSITION.iter().map(|&(_, _, t2)| usize::from(t2)).sum()
}

/// How many of each row of the composition table are on the table, and
/// the cards that are in no row.
fn table_counts(position: &Position) -> ([usize; COMPOSITION.len()], Vec<Card>) {
    let mut counts = [0; COMPOSITION.len()];
    let mut strangers = Vec::new();
    for card in position.table() {
        match COMPOSITION.iter().position(|(c, _, _)| *c == card) {
            Some(row) => counts[row] += 1,
            None => strangers.push(card),
        }
    }
    (counts, strangers)
}

/// The box's composition and its tiers ("Components", "Setup" step 3),
/// for a position whose deck is dealt from the box.
fn check_box(config: &GameConfig, position: &Position, errors: &mut Vec<PositionError>) {
    let (counts, strangers) = table_counts(position);
    let mut seen = Vec::new();
    for card in strangers {
        if !seen.contains(&card) {
            seen.push(card);
            let count = position.table().filter(|&c| c == card).count();
            errors.push(PositionError::TooManyCopies {
                card,
                count,
                most: 0,
            });
        }
    }
    let mut copies_ok = seen.is_empty();
    for (&(card, t1, t2), &count) in COMPOSITION.iter().zip(&counts) {
        let most = usize::from(t1 + t2);
        if count > most {
            copies_ok = false;
            errors.push(PositionError::TooManyCopies { card, count, most });
        }
    }
    if config.deck() == DeckVariant::Full || !copies_ok {
        return;
    }
    let tier_one = config.tier_one_cards();
    let turned_up: usize = counts.iter().sum();
    if turned_up <= tier_one {
        for (&(card, t1, _), &count) in COMPOSITION.iter().zip(&counts) {
            if count > usize::from(t1) {
                errors.push(PositionError::TierOneOnly {
                    card,
                    count,
                    tier_one: usize::from(t1),
                });
            }
        }
        return;
    }
    let (needed, possible) = tier_one_bounds(&counts);
    if needed > tier_one {
        errors.push(PositionError::TierOneExceeded { needed, tier_one });
    } else if possible < tier_one {
        errors.push(PositionError::TierOneShort { possible, tier_one });
    }
}

/// The fewest and the most of the table's cards that can be tier-1 copies.
fn tier_one_bounds(counts: &[usize]) -> (usize, usize) {
    COMPOSITION
        .iter()
        .zip(counts)
        .fold((0, 0), |(lo, hi), (&(_, t1, t2), &count)| {
            (
                lo + count.saturating_sub(usize::from(t2)),
                hi + count.min(usize::from(t1)),
            )
        })
}

/// Which of the table's cards are taken to be tier 1, per row of the
/// composition table: the fewest each row needs, then more row by row
/// until the standard deck's tier-1 cards on the table are reached (the
/// full deck: as many as each row has).
fn tier_one_on_table(config: &GameConfig, counts: &[usize]) -> Vec<usize> {
    let bounds = COMPOSITION
        .iter()
        .zip(counts)
        .map(|(&(_, t1, t2), &count)| {
            (
                count.saturating_sub(usize::from(t2)),
                count.min(usize::from(t1)),
            )
        });
    if config.deck() == DeckVariant::Full {
        return bounds.map(|(_, hi)| hi).collect();
    }
    let bounds: Vec<(usize, usize)> = bounds.collect();
    let on_table: usize = counts.iter().sum();
    let mut extra =
        on_table.min(config.tier_one_cards()) - bounds.iter().map(|b| b.0).sum::<usize>();
    bounds
        .iter()
        .map(|&(lo, hi)| {
            let more = extra.min(hi - lo);
            extra -= more;
            lo + more
        })
        .collect()
}

/// The backs of the table's cards in a game whose deck is dealt from the
/// box: per row of the composition table, the copies on the table taken to
/// be tier 1 and tier 2 ([`tier_one_on_table`]). For a position whose
/// copies fit the box (`check_box`).
pub(crate) fn table_tiers(config: &GameConfig, position: &Position) -> Vec<(usize, usize)> {
    let (counts, _) = table_counts(position);
    let ones = tier_one_on_table(config, &counts);
    counts
        .iter()
        .zip(ones)
        .map(|(&count, one)| (one, count - one))
        .collect()
}

/// The table's tier-2 cards ([`table_tiers`]), in composition order.
fn table_tier_two(tiers: &[(usize, usize)]) -> Vec<Card> {
    COMPOSITION
        .iter()
        .zip(tiers)
        .flat_map(|(&(card, _, _), &(_, two))| std::iter::repeat_n(card, two))
        .collect()
}

/// The rest of a box deck, top first, with each card's back, and the
/// table's tier-2 cards: the cards left of each tier shuffled from `seed`
/// as "Setup" step 3 deals them (tier 2, then tier 1 cut to what the
/// standard deck still holds, on top; or both together for the full deck).
fn shuffled_rest(
    config: &GameConfig,
    position: &Position,
    seed: u64,
) -> (Vec<Card>, Vec<Tier>, Vec<Card>) {
    let tiers = table_tiers(config, position);
    let mut left_one = Vec::new();
    let mut left_two = Vec::new();
    for (&(card, t1, t2), &(one, two)) in COMPOSITION.iter().zip(&tiers) {
        left_one.extend(std::iter::repeat_n(card, usize::from(t1) - one));
        left_two.extend(std::iter::repeat_n(card, usize::from(t2) - two));
    }
    let turned_two = table_tier_two(&tiers);
    let on_table_one: usize = tiers.iter().map(|t| t.0).sum();
    let mut rng = rng::seeded(seed);
    match config.deck() {
        DeckVariant::Standard => {
            left_two.shuffle(&mut rng);
            left_one.shuffle(&mut rng);
            left_one.truncate(config.tier_one_cards() - on_table_one);
            let tiers = std::iter::repeat_n(Tier::One, left_one.len())
                .chain(std::iter::repeat_n(Tier::Two, left_two.len()))
                .collect();
            left_one.extend(left_two);
            (left_one, tiers, turned_two)
        }
        DeckVariant::Full => {
            let mut all: Vec<(Card, Tier)> = left_one
                .into_iter()
                .map(|c| (c, Tier::One))
                .chain(left_two.into_iter().map(|c| (c, Tier::Two)))
                .collect();
            all.shuffle(&mut rng);
            let (cards, tiers) = all.into_iter().unzip();
            (cards, tiers, turned_two)
        }
    }
}

impl Game {
    /// A game that goes on from `position` (ruling 16), the rest of the
    /// deck from `rest`. `config.first_player()` must be the seat the
    /// position says moved first ([`Position::first_player`]).
    pub fn from_position(
        config: GameConfig,
        position: &Position,
        rest: Rest,
    ) -> Result<Game, Vec<PositionError>> {
        check_start(&config, position, rest)?;
        let (deck, tiers, turned_two) = match rest {
            Rest::Given(cards) => (cards.to_vec(), Vec::new(), Vec::new()),
            Rest::Shuffled(seed) => shuffled_rest(&config, position, seed),
        };
        Ok(assemble_at(config, position, (deck, tiers), turned_two))
    }

    /// A game that goes on from `position` (ruling 16) with the rest of the
    /// deck dealt from the box and seen card by card: `cards` top first,
    /// each with its back in `backs` (a live game's guest: `seat_view.rs`).
    /// The position is checked as for a shuffled rest, and its tier-2 cards
    /// are the ones [`Rest::Shuffled`] would take; the record checks that
    /// the cards and backs fit the box (`record.rs`).
    pub(crate) fn from_dealt_position(
        config: GameConfig,
        position: &Position,
        cards: &[Card],
        backs: &[Tier],
    ) -> Result<Game, Vec<PositionError>> {
        check_start(&config, position, Rest::Shuffled(0))?;
        let turned_two = table_tier_two(&table_tiers(&config, position));
        Ok(assemble_at(
            config,
            position,
            (cards.to_vec(), backs.to_vec()),
            turned_two,
        ))
    }
}

/// Whether a game of `config` can go on from `position` with `rest`, and
/// `config.first_player()` is the seat the position says moved first.
fn check_start(
    config: &GameConfig,
    position: &Position,
    rest: Rest,
) -> Result<(), Vec<PositionError>> {
    position.validate(config, rest)?;
    let expected = position.first_player();
    if config.first_player() != expected {
        return Err(vec![PositionError::FirstPlayer {
            given: config.first_player(),
            expected,
        }]);
    }
    Ok(())
}

/// The game at `position` (checked), its deck and backs top first.
fn assemble_at(
    config: GameConfig,
    position: &Position,
    deck: (Vec<Card>, Vec<Tier>),
    turned_two: Vec<Card>,
) -> Game {
    let players = position.seats.iter().map(player_of).collect();
    let display = position
        .display
        .iter()
        .enumerate()
        .map(|(space, &card)| Slot {
            card,
            meeples: position.meeples_at(space),
        })
        .collect();
    Game::assemble(config, players, display, deck, turned_two, position.turn())
}

fn player_of(seat: &SeatPosition) -> Player {
    let placed: Vec<Placement> = Character::ALL
        .iter()
        .zip(&seat.realm)
        .flat_map(|(&character, cards)| {
            cards.iter().map(move |&card| Placement { card, character })
        })
        .collect();
    Player {
        score: seat.score,
        meeples: seat.meeples,
        realm: Realm::from(placed),
        infirmary: seat.infirmary.clone(),
    }
}
