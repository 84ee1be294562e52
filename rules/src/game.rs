//! The game state: set-up, what every player may see, legal turns and
//! applying a turn. The top of the rules: location abilities
//! (`abilities.rs`) and final scoring (`scoring.rs`) work on the players
//! below it and never on the game.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::abilities;
use crate::card::{tier_one, tier_two, Card, Character, Location, Meeples, WORKER_SPACES};
use crate::config::{DeckVariant, GameConfig, Side};
use crate::event::{Event, EventSink, NoEvents};
use crate::locations::MAX_TRADE;
use crate::player::Player;
use crate::realm::Placement;
use rand::seq::SliceRandom;

use crate::rng;
use crate::scoring::FinalScoring;
use crate::seat::Seat;
use crate::turn::{Turn, TurnError};

/// Cards in the display.
pub const DISPLAY_SIZE: usize = 6;

/// The back colour of a deck card: tier 1 green, tier 2 red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tier {
    /// Tier 1, green back (33 cards).
    One,
    /// Tier 2, red back (27 cards).
    Two,
}

/// What a turn would give, from [`Game::preview`]: per seat, the points and
/// the meeples on the worker card gained (negative: lost) once the turn has
/// ended, every player after it, and the turn's events without the hidden
/// refill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// Points gained per seat (negative: lost), final scoring excluded.
    pub points: Vec<i32>,
    /// Meeples on the worker card gained per seat (negative: lost).
    pub meeples: Vec<i32>,
    /// The turn's events, without `Refilled`.
    pub events: Vec<Event>,
    /// Every player once the turn has ended (the refill changes no player).
    pub players: Vec<Player>,
}

/// One card in the display and the meeples lying on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// The face-up card.
    pub card: Card,
    /// Meeples lying on it, paid by players who took a card behind it; who
    /// takes this card gains them.
    pub meeples: Meeples,
}

/// Why a game could not be set up from a valid [`GameConfig`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// An explicit deck with fewer cards than the game takes turns: the
    /// display would empty before every player has 12 cards (ruling 14).
    DeckTooShort {
        /// Cards in the given deck.
        cards: usize,
        /// Players in the game.
        players: usize,
        /// Cards the game needs: 12 per player.
        needed: usize,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupError::DeckTooShort {
                cards,
                players,
                needed,
            } => write!(
                f,
                "a deck of {cards} cards cannot finish a game of {players} players: every \
                 player takes {} cards, so the deck needs at least {needed}",
                GameConfig::CARDS_PER_PLAYER
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// A game of Majesty, from set-up to final scoring.
///
/// Not serialised: a game is made from its set-up and deal ([`Game::new`],
/// or a game record of its seed and turns) or from a checked position
/// (`position.rs`), and is saved as a record, so that every game goes
/// through the set-up's checks and no text holds the face-down deck's
/// order except a record that deals it.
#[derive(Debug, PartialEq, Eq)]
pub struct Game {
    config: GameConfig,
    players: Vec<Player>,
    display: Vec<Slot>,
    /// The face-down deck; the last card is the top.
    deck: Vec<Card>,
    /// The back of each deck card, parallel to `deck`; empty when unknown
    /// (a game set up from an explicit card order).
    deck_tiers: Vec<Tier>,
    /// Every card turned up with a red back (tier 2) so far, in order: every
    /// player saw the back before the card was turned, so this is public.
    /// Empty when the backs are unknown.
    tier_two_turned_up: Vec<Card>,
    /// Turns played so far.
    turn: usize,
}

// `clone_from` reuses allocations, so search can copy games cheaply.
impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            config: self.config,
            players: self.players.clone(),
            display: self.display.clone(),
            deck: self.deck.clone(),
            deck_tiers: self.deck_tiers.clone(),
            tier_two_turned_up: self.tier_two_turned_up.clone(),
            turn: self.turn,
        }
    }

    fn clone_from(&mut self, source: &Game) {
        self.config = source.config;
        self.players.clone_from(&source.players);
        self.display.clone_from(&source.display);
        self.deck.clone_from(&source.deck);
        self.deck_tiers.clone_from(&source.deck_tiers);
        self.tier_two_turned_up
            .clone_from(&source.tier_two_turned_up);
        self.turn = source.turn;
    }
}

impl Game {
    /// Deals a new game: the deck is built and shuffled from `seed` as
    /// rules/RULES.md "Setup" step 3 says (tier 1 and tier 2 shuffled apart, 6 / 14
    /// / 26 tier-1 cards on top; or all 60 together for the full deck), by
    /// the generator of [`crate::rng`]: a seed deals the same game forever.
    pub fn new(config: GameConfig, seed: u64) -> Result<Game, SetupError> {
        let (deck, tiers) = deal(&config, seed);
        Game::set_up(config, deck, tiers)
    }

    /// Sets up a game from an explicit deck, top card first: the first 6
    /// cards form the display (space 0 first). Any cards may be in it (a
    /// scenario), but at least as many as the game has turns, 12 per player
    /// ([`SetupError::DeckTooShort`], ruling 14); the display stops
    /// refilling when it runs out (ruling 6).
    pub fn with_deck(config: GameConfig, cards: &[Card]) -> Result<Game, SetupError> {
        Game::set_up(config, cards.to_vec(), Vec::new())
    }

    /// Sets up a game from a deck dealt from the box and seen card by card,
    /// top card first, with each card's back (a live game's guest, see
    /// `seat_view.rs`; the record checks the backs first: `record.rs`).
    pub(crate) fn with_dealt_deck(
        config: GameConfig,
        cards: &[Card],
        backs: &[Tier],
    ) -> Result<Game, SetupError> {
        debug_assert_eq!(cards.len(), backs.len());
        Game::set_up(config, cards.to_vec(), backs.to_vec())
    }

    fn set_up(
        config: GameConfig,
        mut top_first: Vec<Card>,
        mut tiers: Vec<Tier>,
    ) -> Result<Game, SetupError> {
        // Every turn takes a card, and only the deck fills the display.
        if top_first.len() < config.total_turns() {
            return Err(SetupError::DeckTooShort {
                cards: top_first.len(),
                players: config.players(),
                needed: config.total_turns(),
            });
        }
        top_first.reverse();
        tiers.reverse();
        let mut game = Game {
            config,
            players: (0..config.players()).map(|_| Player::new()).collect(),
            display: Vec::with_capacity(DISPLAY_SIZE),
            deck: top_first,
            deck_tiers: tiers,
            tier_two_turned_up: Vec::new(),
            turn: 0,
        };
        for _ in 0..DISPLAY_SIZE {
            game.draw();
        }
        Ok(game)
    }

    /// A game between two turns from its parts (a position, see
    /// `position.rs`, which checks them): the deck and its backs top first
    /// (no backs: unknown), the table's tier-2 cards, turns played.
    pub(crate) fn assemble(
        config: GameConfig,
        players: Vec<Player>,
        display: Vec<Slot>,
        (mut deck, mut deck_tiers): (Vec<Card>, Vec<Tier>),
        tier_two_turned_up: Vec<Card>,
        turn: usize,
    ) -> Game {
        deck.reverse();
        deck_tiers.reverse();
        Game {
            config,
            players,
            display,
            deck,
            deck_tiers,
            tier_two_turned_up,
            turn,
        }
    }

    fn draw(&mut self) -> Option<Card> {
        let card = self.deck.pop()?;
        if self.deck_tiers.pop() == Some(Tier::Two) {
            self.tier_two_turned_up.push(card);
        }
        self.display.push(Slot { card, meeples: 0 });
        Some(card)
    }

    // ---- what every player may see ----

    /// The set-up choices of this game.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// Every player, in seat order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The player in `seat`; panics for a seat the game does not have.
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    /// The display, space 0 (front, free) first.
    pub fn display(&self) -> &[Slot] {
        &self.display
    }

    /// Cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The back of the deck's top card, when known.
    pub fn deck_top_tier(&self) -> Option<Tier> {
        self.deck_tiers.last().copied()
    }

    /// How many cards left in the deck have each back, when known:
    /// (tier 1, tier 2).
    pub fn deck_tier_counts(&self) -> Option<(usize, usize)> {
        if self.deck_tiers.len() != self.deck.len() {
            return None;
        }
        let one = self.deck_tiers.iter().filter(|&&t| t == Tier::One).count();
        Some((one, self.deck_tiers.len() - one))
    }

    /// The cards turned up from the deck with a red back (tier 2) so far,
    /// in the order they were turned up; empty when the backs are unknown
    /// (a game set up from an explicit card order). Public: every player
    /// saw each back.
    pub fn tier_two_turned_up(&self) -> &[Card] {
        &self.tier_two_turned_up
    }

    /// Every card turned up so far: the display, every realm and every
    /// Infirmary (a turned-up card never leaves the table during play).
    pub fn turned_up(&self) -> impl Iterator<Item = Card> + '_ {
        self.display
            .iter()
            .map(|s| s.card)
            .chain(self.players.iter().flat_map(|p| {
                p.realm
                    .placements()
                    .iter()
                    .map(|p| p.card)
                    .chain(p.infirmary.iter().copied())
            }))
    }

    /// Turns played so far (0 before the first turn).
    pub fn turn_number(&self) -> usize {
        self.turn
    }

    /// Whose turn it is (meaningless once the game is over): the first
    /// player, then the seats in order (rules/RULES.md "A turn" step 5).
    pub fn current_player(&self) -> Seat {
        self.config
            .first_player()
            .after(self.turn, self.config.players())
    }

    /// The game ends when every player has 12 cards.
    pub fn is_over(&self) -> bool {
        self.turn >= self.config.total_turns()
    }

    /// Whether this is the game's last round: every player has at most one
    /// turn left, the twelfth card (rules/RULES.md "A turn" step 5). Also
    /// true once the game is over.
    pub fn in_last_round(&self) -> bool {
        self.turn + self.config.players() >= self.config.total_turns()
    }

    /// Final scoring, once the game is over.
    pub fn result(&self) -> Option<FinalScoring> {
        self.is_over().then(|| FinalScoring::of(self))
    }

    /// Every card nobody has seen yet, as far as the table shows: the 60-card
    /// game minus the display, every realm and every Infirmary. It includes
    /// the tier-1 cards set aside unseen in a standard game.
    pub fn unseen_cards(&self) -> Vec<Card> {
        let mut unseen: Vec<(Card, u8)> = crate::card::COMPOSITION
            .iter()
            .map(|&(card, t1, t2)| (card, t1 + t2))
            .collect();
        for card in self.turned_up() {
            if let Some(entry) = unseen.iter_mut().find(|(c, n)| *c == card && *n > 0) {
                entry.1 -= 1;
            }
        }
        unseen
            .into_iter()
            .flat_map(|(card, n)| std::iter::repeat_n(card, n as usize))
            .collect()
    }

    // ---- hidden information: the rules crate's own ----

    /// The face-down deck, top first. Hidden from every seat: a position
    /// made from this game reads it (`Position::rest_of`), and so do
    /// records.
    pub(crate) fn hidden_deck(&self) -> impl Iterator<Item = Card> + '_ {
        self.deck.iter().rev().copied()
    }

    /// The backs of the face-down deck, top first; `None` when unknown.
    pub(crate) fn hidden_backs(&self) -> Option<Vec<Tier>> {
        (self.deck_tiers.len() == self.deck.len())
            .then(|| self.deck_tiers.iter().rev().copied().collect())
    }

    /// The face-down deck and its backs replaced by a guess (`backs` top
    /// first like `top_first`, and as long, or empty when the backs are
    /// unknown): a determinization, for search (`DeckKnowledge::deal_into`).
    pub(crate) fn replace_hidden_deck_and_backs(&mut self, top_first: &[Card], backs: &[Tier]) {
        self.deck.clear();
        self.deck.extend(top_first.iter().rev());
        self.deck_tiers.clear();
        self.deck_tiers.extend(backs.iter().rev());
    }

    // ---- legal turns ----

    /// Every distinct legal turn for the current player.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut turns = Vec::new();
        self.legal_turns_into(&mut turns);
        turns
    }

    /// Every distinct legal turn, written into `out` (cleared first), so a
    /// simulation can reuse one buffer.
    pub fn legal_turns_into(&self, out: &mut Vec<Turn>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let player = self.player(self.current_player());
        let heal_top = player.infirmary_top().filter(|c| c.is_split());
        for (space, slot) in self.display.iter().enumerate() {
            if usize::from(player.meeples) < space {
                break;
            }
            for place in slot.card.characters() {
                let turn = Turn::new(space, place);
                match heal_top {
                    Some(card) if place == Character::Witch => {
                        for heal in card.characters() {
                            out.push(turn.healing(heal));
                        }
                    }
                    _ if self.trades_at_castle(place) => {
                        // Ruling 3: -min(5, meeples after taking) ..= min(5, points).
                        let meeples = player.meeples as usize - space + slot.meeples as usize;
                        let sell = MAX_TRADE.min(meeples as i32);
                        let buy = MAX_TRADE.min(player.score.max(0));
                        for trade in -sell..=buy {
                            out.push(turn.trading(trade));
                        }
                    }
                    _ => out.push(turn),
                }
            }
        }
    }

    fn trades_at_castle(&self, place: Character) -> bool {
        place == Character::Noble && self.config.sides().of(Location::Castle) == Side::B
    }

    /// Why `turn` is illegal now, if it is.
    pub fn check(&self, turn: Turn) -> Result<(), TurnError> {
        if self.is_over() {
            return Err(TurnError::GameOver);
        }
        let player = self.player(self.current_player());
        let slot = self
            .display
            .get(turn.take)
            .ok_or(TurnError::SpaceOutOfRange {
                space: turn.take,
                display: self.display.len(),
            })?;
        if usize::from(player.meeples) < turn.take {
            return Err(TurnError::NotEnoughMeeples {
                needed: turn.take,
                have: player.meeples,
            });
        }
        if !slot.card.can_be(turn.place) {
            return Err(TurnError::WrongCharacter {
                card: slot.card,
                character: turn.place,
            });
        }
        match player.infirmary_top() {
            Some(card) if card.is_split() && turn.place == Character::Witch => match turn.heal {
                None => return Err(TurnError::HealChoiceMissing { card }),
                Some(c) if !card.can_be(c) => {
                    return Err(TurnError::HealChoiceInvalid { card, character: c })
                }
                Some(_) => {}
            },
            _ if turn.heal.is_some() => return Err(TurnError::HealChoiceUnexpected),
            _ => {}
        }
        if turn.trade != 0 {
            if !self.trades_at_castle(turn.place) {
                return Err(TurnError::TradeNotAllowed { trade: turn.trade });
            }
            // Not `abs()`: |i32::MIN| overflows (fuzzing item 5). Every
            // arithmetic on `trade` below and in `abilities::trade` relies on
            // this bound.
            if !(-MAX_TRADE..=MAX_TRADE).contains(&turn.trade) {
                return Err(TurnError::TradeOutOfRange { trade: turn.trade });
            }
            // Meeples picked up this turn count (ruling 3).
            let meeples = player.meeples - turn.take as Meeples + slot.meeples;
            let affordable = if turn.trade > 0 {
                player.score >= turn.trade
            } else {
                i32::from(meeples) >= -turn.trade
            };
            if !affordable {
                return Err(TurnError::TradeUnaffordable {
                    trade: turn.trade,
                    points: player.score,
                    meeples,
                });
            }
        }
        Ok(())
    }

    // ---- applying a turn ----

    /// Plays `turn` for the current player and returns what happened, or
    /// why the turn is illegal (and then nothing changed).
    pub fn apply(&mut self, turn: Turn) -> Result<Vec<Event>, TurnError> {
        let mut events = Vec::new();
        self.apply_with(turn, &mut events)?;
        Ok(events)
    }

    /// What `turn` would do, without doing it (the game is unchanged): each
    /// player's points and meeples gained (negative: lost) and the turn's
    /// events, computed by applying the turn to a copy. The card the display
    /// would be refilled with stays hidden (no `Refilled` event).
    pub fn preview(&self, turn: Turn) -> Result<Preview, TurnError> {
        let mut after = self.clone();
        let mut events = after.apply(turn)?;
        events.retain(|e| !matches!(e, Event::Refilled { .. }));
        let change = |f: fn(&Player) -> i32| -> Vec<i32> {
            self.players
                .iter()
                .zip(&after.players)
                .map(|(before, now)| f(now) - f(before))
                .collect()
        };
        Ok(Preview {
            points: change(Player::score),
            meeples: change(|p| i32::from(p.meeples())),
            events,
            players: after.players,
        })
    }

    /// The legal turns that give the player to move the most points this
    /// turn, by [`Game::preview`] of each (all of them when several tie);
    /// empty once the game is over. A hint for the player ("highlight the
    /// best choices"), not a strategy: future turns and the final scoring
    /// are not weighed.
    pub fn best_scoring_turns(&self) -> Vec<Turn> {
        let seat = self.current_player();
        let mut best = Vec::new();
        let mut most = i32::MIN;
        for turn in self.legal_turns() {
            let Ok(preview) = self.preview(turn) else {
                continue;
            };
            let gain = preview.points[seat.index()];
            if gain > most {
                most = gain;
                best.clear();
            }
            if gain == most {
                best.push(turn);
            }
        }
        best
    }

    /// Plays `turn` without building events (for simulations and search).
    pub fn apply_quiet(&mut self, turn: Turn) -> Result<(), TurnError> {
        self.apply_with(turn, &mut NoEvents)
    }

    /// Plays `turn`, sending its events to `events`.
    pub fn apply_with(&mut self, turn: Turn, events: &mut impl EventSink) -> Result<(), TurnError> {
        self.check(turn)?;
        let seat = self.current_player();
        self.take(seat, turn, events);
        let sides = self.config.sides();
        abilities::activate(&mut self.players, seat, &sides, turn, events);
        self.end_turn(seat, events);
        Ok(())
    }

    /// rules/RULES.md "A turn", steps 1–2: pay, take, place.
    fn take(&mut self, seat: Seat, turn: Turn, events: &mut impl EventSink) {
        let slot = self.display.remove(turn.take);
        // The cards in front of the taken one keep their spaces while the
        // gap closes behind them, so spaces 0..take are the cards paid on.
        for paid_on in &mut self.display[..turn.take] {
            paid_on.meeples += 1;
        }
        let player = &mut self.players[seat.index()];
        player.meeples = player.meeples - turn.take as Meeples + slot.meeples;
        events.emit(|| Event::Took {
            player: seat,
            space: turn.take,
            card: slot.card,
            paid: turn.take as Meeples,
            picked_up: slot.meeples,
        });
        player.realm.add(Placement {
            card: slot.card,
            character: turn.place,
        });
        events.emit(|| Event::Placed {
            player: seat,
            card: slot.card,
            character: turn.place,
        });
    }

    /// rules/RULES.md "A turn", steps 4–5: convert overflow, refill, next player.
    fn end_turn(&mut self, seat: Seat, events: &mut impl EventSink) {
        let player = &mut self.players[seat.index()];
        if player.meeples > WORKER_SPACES {
            let extra = player.meeples - WORKER_SPACES;
            player.meeples = WORKER_SPACES;
            player.score += i32::from(extra);
            events.emit(|| Event::Converted {
                player: seat,
                meeples: extra,
                points: i32::from(extra),
            });
        }
        let card = self.draw();
        let deck_left = self.deck.len();
        events.emit(|| Event::Refilled { card, deck_left });
        self.turn += 1;
        if self.is_over() {
            events.emit(|| Event::GameOver {
                scoring: FinalScoring::of(self),
            });
        }
    }
}

impl FinalScoring {
    /// Final scoring of the game as it stands. Meant for a finished game, but
    /// defined at any moment (a preview of "if the game ended now"). Defined
    /// here, with the game, so that `scoring.rs` does not depend on it.
    pub fn of(game: &Game) -> FinalScoring {
        FinalScoring::of_players(&game.config, &game.players)
    }
}

/// Builds the shuffled deck for a new game, top first, with each card's back.
fn deal(config: &GameConfig, seed: u64) -> (Vec<Card>, Vec<Tier>) {
    let mut rng = rng::seeded(seed);
    let mut one = tier_one();
    let mut two = tier_two();
    match config.deck() {
        DeckVariant::Standard => {
            two.shuffle(&mut rng);
            one.shuffle(&mut rng);
            one.truncate(config.tier_one_cards());
            let tiers = std::iter::repeat_n(Tier::One, one.len())
                .chain(std::iter::repeat_n(Tier::Two, two.len()))
                .collect();
            one.extend(two);
            (one, tiers)
        }
        DeckVariant::Full => {
            let mut all: Vec<(Card, Tier)> = one
                .into_iter()
                .map(|c| (c, Tier::One))
                .chain(two.into_iter().map(|c| (c, Tier::Two)))
                .collect();
            all.shuffle(&mut rng);
            all.into_iter().unzip()
        }
    }
}
