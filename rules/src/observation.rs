//! What one seat may know of a game (an [`Observation`]), and guesses at
//! what it cannot (determinization), for the computer players and the coach.
//!
//! Everything on the table is open: the display and the meeples on it, every
//! realm, score and meeple supply, every Infirmary (each card went there in
//! front of everyone), the cards turned up so far and the backs of the deck.
//! Hidden from every seat alike is the order of the face-down deck. An
//! observation shows the first and not the second; search plays on worlds,
//! games that agree with the observation and hold a guessed deck.
//!
//! What a player knows of the deck: every card turned up so far, the
//! deck's composition from the rules (rules/RULES.md "Components" and
//! "Setup" step 3), and the card backs: the top card's back is visible,
//! and with the standard deck the tier-1 cards lie on top of the tier-2
//! cards, so every back is known from the counts. A guess is drawn only
//! from the cards that can still appear:
//!
//! - tier-2 cards (red backs): all 27 are in the game, so the deck holds
//!   exactly those not yet turned up;
//! - tier-1 cards (green backs): the deck holds as many as are left of the
//!   6 / 14 / 26 dealt (all 33 with the full deck), drawn from the tier-1
//!   cards not yet turned up; which of those were set aside unseen nobody
//!   knows.
//!
//! A game set up from an explicit card order (a scenario) has no known
//! composition: the guess then uses the 60-card game's unseen cards.

use rand::seq::{IndexedRandom, SliceRandom};

use crate::card::{Card, COMPOSITION};
use crate::config::{DeckVariant, GameConfig};
use crate::game::{Game, Preview, Slot, Tier};
use crate::player::Player;
use crate::rng::Rng;
use crate::scoring::FinalScoring;
use crate::seat::Seat;
use crate::turn::{Turn, TurnError};

/// What `seat` may know of a game between two turns: the whole table, the
/// deck's size and backs, but not the deck's order. Made by
/// [`Observation::of`]; [`Observation::world`] plays on from it.
#[derive(Clone, Copy)]
pub struct Observation<'g> {
    game: &'g Game,
    seat: Seat,
}

// Written by hand: the game's own Debug would print the deck's order.
impl std::fmt::Debug for Observation<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Observation")
            .field("seat", &self.seat)
            .field("turn", &self.turn_number())
            .field("players", &self.players())
            .field("display", &self.display())
            .field("deck_len", &self.deck_len())
            .finish()
    }
}

impl<'g> Observation<'g> {
    /// What `seat` may know of `game`.
    ///
    /// # Panics
    ///
    /// When `game` has no such seat.
    pub fn of(game: &'g Game, seat: Seat) -> Observation<'g> {
        assert!(
            seat.index() < game.players().len(),
            "no seat {seat} in this game"
        );
        Observation { game, seat }
    }

    /// What the player to move may know of `game` (the view the computer
    /// players and the coach search from).
    pub fn to_move(game: &'g Game) -> Observation<'g> {
        Observation::of(game, game.current_player())
    }

    /// The seat whose view this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The set-up choices.
    pub fn config(&self) -> &'g GameConfig {
        self.game.config()
    }

    /// Every player, in seat order.
    pub fn players(&self) -> &'g [Player] {
        self.game.players()
    }

    /// The player in `seat`.
    pub fn player(&self, seat: Seat) -> &'g Player {
        self.game.player(seat)
    }

    /// The display, space 0 (the front) first.
    pub fn display(&self) -> &'g [Slot] {
        self.game.display()
    }

    /// Cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.game.deck_len()
    }

    /// What this seat knows of the face-down deck.
    pub fn deck(&self) -> DeckKnowledge {
        DeckKnowledge::of(self.game)
    }

    /// Turns played so far.
    pub fn turn_number(&self) -> usize {
        self.game.turn_number()
    }

    /// Whose turn it is.
    pub fn current_player(&self) -> Seat {
        self.game.current_player()
    }

    /// Whether every player has 12 cards.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Final scoring, once the game is over.
    pub fn result(&self) -> Option<FinalScoring> {
        self.game.result()
    }

    /// Every distinct legal turn for the player to move.
    pub fn legal_turns(&self) -> Vec<Turn> {
        self.game.legal_turns()
    }

    /// What `turn` would give (see [`Game::preview`]: the refill stays
    /// hidden).
    pub fn preview(&self, turn: Turn) -> Result<Preview, TurnError> {
        self.game.preview(turn)
    }

    /// A game that agrees with this observation in everything a seat may
    /// know, its face-down deck (and, with the full deck, the order of its
    /// backs under the top one) a guess drawn from `rng`: a
    /// determinization, to play on.
    pub fn world(&self, rng: &mut Rng) -> Game {
        let mut world = self.game.clone();
        self.deck()
            .deal_into(&mut world, rng, &mut Scratch::default());
        world
    }
}

/// Copies per card kind, indexed like `COMPOSITION`.
type Counts = [u8; COMPOSITION.len()];

fn kind(card: Card) -> Option<usize> {
    COMPOSITION.iter().position(|&(c, _, _)| c == card)
}

fn expand(counts: &Counts) -> Vec<Card> {
    COMPOSITION
        .iter()
        .zip(counts)
        .flat_map(|(&(card, _, _), &n)| std::iter::repeat_n(card, n as usize))
        .collect()
}

/// Takes `cards` out of `counts` (never below zero).
fn remove_all(counts: &mut Counts, cards: impl Iterator<Item = Card>) {
    for i in cards.filter_map(kind) {
        counts[i] = counts[i].saturating_sub(1);
    }
}

/// How the backs of the deck can be seen.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Backs {
    /// Standard deck: `tier_one` green backs on top of the red ones.
    Stacked { tier_one: usize },
    /// Full deck: only the top card's back is visible; the others are a
    /// shuffle of the backs left.
    TopOnly {
        top: Option<Tier>,
        tier_one: usize,
        tier_two: usize,
    },
    /// An explicit card order: nothing is known.
    Unknown,
}

/// What one player knows of the face-down deck; [`DeckKnowledge::sample`]
/// deals guesses consistent with it.
#[derive(Clone, Debug)]
pub struct DeckKnowledge {
    size: usize,
    backs: Backs,
    /// Tier-1 cards that can still appear (some may have been set aside).
    tier_one_pool: Vec<Card>,
    /// Tier-2 cards still in the deck: exactly these.
    tier_two_left: Vec<Card>,
    /// Without known backs: the 60-card game's unseen cards.
    unseen: Vec<Card>,
}

impl DeckKnowledge {
    /// What any seat (the deck is hidden from all alike) knows of the deck
    /// of `game`. Reads only public information.
    fn of(game: &Game) -> DeckKnowledge {
        let size = game.deck_len();
        let Some(backs) = Self::backs(game) else {
            return DeckKnowledge {
                size,
                backs: Backs::Unknown,
                tier_one_pool: Vec::new(),
                tier_two_left: Vec::new(),
                unseen: game.unseen_cards(),
            };
        };
        // Tier 2 left = all tier 2 minus those turned up with a red back;
        // tier 1 that can appear = all tier 1 minus the other turned-up cards.
        let mut two: Counts = COMPOSITION.map(|(_, _, t2)| t2);
        remove_all(&mut two, game.tier_two_turned_up().iter().copied());
        let mut one: Counts = COMPOSITION.map(|(_, t1, _)| t1);
        let mut turned_up_one: Counts = [0; COMPOSITION.len()];
        for i in game.turned_up().filter_map(kind) {
            turned_up_one[i] += 1;
        }
        remove_all(
            &mut turned_up_one,
            game.tier_two_turned_up().iter().copied(),
        );
        for (n, seen) in one.iter_mut().zip(turned_up_one) {
            *n = n.saturating_sub(seen);
        }
        DeckKnowledge {
            size,
            backs,
            tier_one_pool: expand(&one),
            tier_two_left: expand(&two),
            unseen: Vec::new(),
        }
    }

    /// The backs as a player sees them, or None for an explicit card order.
    /// The counts follow from the rules and the cards turned up; the
    /// engine's own count of backs is the same number.
    fn backs(game: &Game) -> Option<Backs> {
        // None: set up from an explicit card order.
        let (tier_one, tier_two) = game.deck_tier_counts()?;
        Some(match game.config().deck() {
            DeckVariant::Standard => Backs::Stacked { tier_one },
            DeckVariant::Full => Backs::TopOnly {
                top: game.deck_top_tier(),
                tier_one,
                tier_two,
            },
        })
    }

    /// Cards in the deck.
    pub fn deck_len(&self) -> usize {
        self.size
    }

    /// The back of the deck's top card as every seat sees it; None when the
    /// deck is empty or its backs are unknown.
    pub fn top_back(&self) -> Option<Tier> {
        match self.backs {
            _ if self.size == 0 => None,
            Backs::Stacked { tier_one } if tier_one > 0 => Some(Tier::One),
            Backs::Stacked { .. } => Some(Tier::Two),
            Backs::TopOnly { top, .. } => top,
            Backs::Unknown => None,
        }
    }

    /// Whether `card` can be the deck's top card, as far as a seat knows: a
    /// card left with the top card's back (a tier-2 card not turned up, or
    /// a tier-1 card not turned up, which may not have been set aside); any
    /// card when the backs are unknown (a deck given card by card may hold
    /// any card, ruling 14); none when the deck is empty.
    pub fn could_turn_up(&self, card: Card) -> bool {
        if self.size == 0 {
            return false;
        }
        match (&self.backs, self.top_back()) {
            (Backs::Unknown, _) => true,
            (_, Some(Tier::One)) => self.tier_one_pool.contains(&card),
            (_, Some(Tier::Two)) => self.tier_two_left.contains(&card),
            (_, None) => false,
        }
    }

    /// Every card a guess can hold (with repeats): tier-1 candidates,
    /// tier-2 cards left, or the unseen cards when the backs are unknown.
    pub fn candidates(&self) -> impl Iterator<Item = Card> + '_ {
        self.tier_one_pool
            .iter()
            .chain(&self.tier_two_left)
            .chain(&self.unseen)
            .copied()
    }

    /// A guess at the deck, top first, with each card's back (`backs` is
    /// left empty when the backs are unknown). Scratch vectors are reused.
    pub fn sample(&self, rng: &mut Rng, cards: &mut Vec<Card>, backs: &mut Vec<Tier>) {
        cards.clear();
        backs.clear();
        match self.backs {
            Backs::Unknown => return self.sample_unknown(rng, cards),
            Backs::Stacked { tier_one } => {
                backs.extend(std::iter::repeat_n(Tier::One, tier_one));
                backs.extend(std::iter::repeat_n(Tier::Two, self.size - tier_one));
            }
            Backs::TopOnly {
                top,
                tier_one,
                tier_two,
            } => {
                backs.extend(std::iter::repeat_n(Tier::One, tier_one));
                backs.extend(std::iter::repeat_n(Tier::Two, tier_two));
                // The top back is seen; the others could lie in any order.
                if let Some(top) = top {
                    let i = backs.iter().position(|&b| b == top).expect("top back");
                    backs.swap(0, i);
                }
                if let Some(under) = backs.get_mut(1..) {
                    under.shuffle(rng);
                }
            }
        }
        let mut one = self.tier_one_pool.clone();
        one.shuffle(rng);
        let mut two = self.tier_two_left.clone();
        two.shuffle(rng);
        for &back in backs.iter() {
            let card = match back {
                Tier::One => one.pop(),
                Tier::Two => two.pop(),
            };
            cards.push(card.expect("the rules leave enough cards of each back"));
        }
    }

    fn sample_unknown(&self, rng: &mut Rng, cards: &mut Vec<Card>) {
        let mut pool = self.unseen.clone();
        pool.shuffle(rng);
        cards.extend(pool.into_iter().take(self.size));
        // A scenario deck may hold more cards than the 60-card game left.
        while cards.len() < self.size {
            cards.push(COMPOSITION.choose(rng).expect("cards exist").0);
        }
    }

    /// Replaces the hidden deck of `world` (a world of the observation this
    /// knowledge is of: see [`Observation::world`]) with a fresh guess.
    pub fn deal_into(&self, world: &mut Game, rng: &mut Rng, scratch: &mut Scratch) {
        self.sample(rng, &mut scratch.cards, &mut scratch.backs);
        world.replace_hidden_deck_and_backs(&scratch.cards, &scratch.backs);
    }
}

/// Reusable buffers for [`DeckKnowledge::deal_into`].
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    cards: Vec<Card>,
    backs: Vec<Tier>,
}
