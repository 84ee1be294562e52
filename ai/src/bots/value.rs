//! The learned evaluation: a linear correction to medium's projection of
//! every player's final score, fitted to the outcomes of the expert's
//! self-play (`majesty train`, the `train` module).
//!
//! For a seat of a position the model reads what every seat may know (the
//! table: points, meeples, characters per location, the Infirmary, variety
//! and majorities as they stand, the display's characters, the sides, the
//! turn number and whose turn comes when), never the deck's order, and
//! predicts the seat's final score as
//!
//! ```text
//! worth(seat) + w[players] · φ(seat)
//! ```
//!
//! where `worth` is medium's projection ([`super::heuristic::projected_worths`])
//! and `φ` the features below, each once weighted by how much of the game
//! is left and once by how much is played (so the weights move linearly
//! from the opening to the end). One weight vector per player count. The
//! search turns the predicted margin over the best opponent into a win
//! chance with a fitted scale: `0.5 + 0.5 tanh(margin / scale)`.
//!
//! The weights ship as data (`value.json`, included in the build and read
//! once by plain Rust): it also says how they were made (the command, the
//! seed, the games, the hash of the weights).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::heuristic::worths_of;
use majesty_rules::card::{Character, CHARACTERS};
use majesty_rules::config::{GameConfig, Side};
use majesty_rules::game::Game;
use majesty_rules::scoring::{score_into, PlayerScoring};
use majesty_rules::seat::Seat;

/// Features of one seat before the two phases.
pub const BASE: usize = 14 + 6 * CHARACTERS;
/// Features of one seat: [`BASE`] weighted by the part of the game left,
/// then [`BASE`] weighted by the part played.
pub const FEATURES: usize = 2 * BASE;

/// Player counts with weights of their own: 2, 3 and 4.
pub const COUNTS: usize = GameConfig::MAX_PLAYERS - 1;

/// The shipped weights (see `docs/computer-players.md`, "The learned
/// evaluation", for how to make them again).
pub const SHIPPED: &str = include_str!("value.json");

/// A learned evaluation: the weights and win scales for 2, 3 and 4
/// players, and how they were made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValueModel {
    /// What the file is.
    pub about: String,
    /// The command that made it.
    pub command: String,
    /// The seed of the training.
    pub seed: u64,
    /// Self-play games it was fitted to.
    pub games: u64,
    /// Positions (one per seat and turn) it was fitted to.
    pub positions: u64,
    /// FNV-1a 64 of the weights and scales as written (see [`ValueModel::digest`]).
    pub hash: String,
    /// Margin (points) to win-chance scale, per player count.
    pub scale: [f64; COUNTS],
    /// The weights per player count (2, 3, 4), [`FEATURES`] each.
    pub weights: [Vec<f64>; COUNTS],
}

impl ValueModel {
    /// A model with every weight 0: medium's projection, the win scale of
    /// the hand-written judgement (20 points).
    pub fn zero() -> ValueModel {
        let mut m = ValueModel {
            about: "majesty-ai learned evaluation (no correction)".into(),
            command: String::new(),
            seed: 0,
            games: 0,
            positions: 0,
            hash: String::new(),
            scale: [20.0; COUNTS],
            weights: std::array::from_fn(|_| vec![0.0; FEATURES]),
        };
        m.hash = m.digest();
        m
    }

    /// Reads a model from its JSON text, checking its shape.
    pub fn from_json(text: &str) -> Result<ValueModel, String> {
        let m: ValueModel = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if m.weights.iter().any(|w| w.len() != FEATURES) {
            return Err(format!("every weight vector must hold {FEATURES} weights"));
        }
        if m.scale.iter().any(|s| !(s.is_finite() && *s > 0.0)) {
            return Err("every scale must be positive".into());
        }
        Ok(m)
    }

    /// The model as JSON, one weight vector a line.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a model serialises")
    }

    /// FNV-1a 64 of the scales and weights as their JSON writes them, in
    /// hex: the same weights give the same hash on every platform.
    pub fn digest(&self) -> String {
        use std::hash::Hasher as _;
        let mut h = fnv::FnvHasher::default();
        let text = serde_json::to_string(&(&self.scale, &self.weights)).expect("numbers serialise");
        h.write(text.as_bytes());
        format!("{:016x}", h.finish())
    }

    /// Rounds every weight and scale to 6 significant digits (the file's
    /// precision), so that a model written and read back is the same.
    pub fn quantise(&mut self) {
        let round = |x: f64| -> f64 {
            if x == 0.0 || !x.is_finite() {
                return 0.0;
            }
            format!("{x:.5e}").parse().expect("a number")
        };
        for w in self.weights.iter_mut() {
            for x in w.iter_mut() {
                *x = round(*x);
            }
        }
        for s in self.scale.iter_mut() {
            *s = round(*s);
        }
        self.hash = self.digest();
    }

    /// Every player's predicted final score written into `out`; returns the
    /// number of players.
    pub fn worths(&self, game: &Game, out: &mut [f64; GameConfig::MAX_PLAYERS]) -> usize {
        let mut projection = [PlayerScoring::default(); GameConfig::MAX_PLAYERS];
        let n = score_into(game.config(), game.players(), &mut projection);
        worths_of(game, &projection[..n], out);
        let shared = Shared::of(game);
        // The two phases' weights blended for this point of the game.
        let w = &self.weights[n - 2];
        let t = shared.played;
        let mut blended = [0.0; BASE];
        for (i, b) in blended.iter_mut().enumerate() {
            *b = w[i] * (1.0 - t) + w[BASE + i] * t;
        }
        for (seat, worth) in out.iter_mut().enumerate().take(n) {
            let base = base_features(game, &shared, &projection[seat], seat);
            *worth += blended.iter().zip(&base).map(|(a, b)| a * b).sum::<f64>();
        }
        n
    }

    /// The predicted margin of `seat` over its best opponent, in points.
    pub fn margin(&self, game: &Game, seat: Seat) -> f64 {
        let mut worths = [0.0; GameConfig::MAX_PLAYERS];
        let n = self.worths(game, &mut worths);
        margin_of(&worths[..n], seat.index())
    }

    /// A position's reward for `seat` in 0..=1 (see the module's notes).
    pub fn reward(&self, players: usize, margin: f64) -> f64 {
        0.5 + 0.5 * (margin / self.scale[players - 2]).tanh()
    }
}

/// `worths[seat]` minus the best of the others.
pub fn margin_of(worths: &[f64], seat: usize) -> f64 {
    let best_other = worths
        .iter()
        .enumerate()
        .filter(|&(p, _)| p != seat)
        .map(|(_, &w)| w)
        .fold(f64::MIN, f64::max);
    worths[seat] - best_other
}

/// The shipped model, read once.
pub fn shipped() -> &'static ValueModel {
    static MODEL: OnceLock<ValueModel> = OnceLock::new();
    MODEL.get_or_init(|| ValueModel::from_json(SHIPPED).expect("the shipped value.json is valid"))
}

/// The features of `seat` in `game` (a world or a real game: only what
/// every seat may know is read).
pub fn features(game: &Game, seat: Seat, out: &mut [f64; FEATURES]) {
    let mut projection = [PlayerScoring::default(); GameConfig::MAX_PLAYERS];
    let n = score_into(game.config(), game.players(), &mut projection);
    features_with(game, &projection[..n], seat.index(), out);
}

/// What every seat's features share in a position.
struct Shared {
    players: usize,
    played: f64,
    current: usize,
    counts: [[u8; CHARACTERS]; GameConfig::MAX_PLAYERS],
    display: [u8; CHARACTERS],
    on_display: u32,
    side_b: [bool; CHARACTERS],
}

impl Shared {
    fn of(game: &Game) -> Shared {
        let players = game.players().len();
        let total = game.config().total_turns() as f64;
        let mut counts = [[0u8; CHARACTERS]; GameConfig::MAX_PLAYERS];
        for (c, p) in counts.iter_mut().zip(game.players()) {
            *c = p.realm().counts().into_array();
        }
        let mut display = [0u8; CHARACTERS];
        let mut on_display = 0;
        for slot in game.display() {
            for c in slot.card.characters() {
                display[c.index()] += 1;
            }
            on_display += u32::from(slot.meeples);
        }
        let sides = game.config().sides();
        Shared {
            players,
            played: (game.turn_number() as f64 / total).min(1.0),
            current: game.current_player().index(),
            counts,
            display,
            on_display,
            side_b: Character::ALL.map(|c| sides.of(c.location()) == Side::B),
        }
    }
}

/// [`features`] with the final scoring as it stands already computed.
fn features_with(
    game: &Game,
    projection: &[PlayerScoring],
    seat: usize,
    out: &mut [f64; FEATURES],
) {
    let shared = Shared::of(game);
    let base = base_features(game, &shared, &projection[seat], seat);
    for i in 0..BASE {
        out[i] = base[i] * (1.0 - shared.played);
        out[BASE + i] = base[i] * shared.played;
    }
}

/// The features of `seat` before the two phases.
fn base_features(game: &Game, shared: &Shared, s: &PlayerScoring, seat: usize) -> [f64; BASE] {
    let n = shared.players;
    let me = &game.players()[seat];
    let left = (GameConfig::CARDS_PER_PLAYER - me.cards().min(GameConfig::CARDS_PER_PLAYER)) as f64
        / GameConfig::CARDS_PER_PLAYER as f64;
    let meeples = f64::from(me.meeples()) / 5.0;
    // Turns before this seat moves again (0: it moves next).
    let wait = (seat + n - shared.current) % n;
    let counts = shared.counts[seat];
    let mut most_other = [0u8; CHARACTERS];
    let mut fewest_other = [u8::MAX; CHARACTERS];
    for (p, other) in shared.counts.iter().enumerate().take(n) {
        if p == seat {
            continue;
        }
        for c in 0..CHARACTERS {
            most_other[c] = most_other[c].max(other[c]);
            fewest_other[c] = fewest_other[c].min(other[c]);
        }
    }
    let guard = Character::Guard.index();
    let knight = Character::Knight.index();

    let mut base = [0.0; BASE];
    base[0] = 1.0;
    base[1] = left;
    base[2] = meeples;
    base[3] = meeples * left;
    base[4] = f64::from(s.infirmary_cards) / 12.0;
    base[5] = f64::from(s.infirmary()) / 10.0;
    base[6] = f64::from(s.variety_locations) / 7.0;
    base[7] = f64::from(s.majority_total()) / 20.0;
    base[8] = f64::from(s.before) / 100.0;
    base[9] = wait as f64 / n as f64;
    base[10] = f64::from(u8::from(wait == 0));
    base[11] = f64::from(shared.on_display) / 5.0;
    base[12] = (f64::from(counts[guard]) - f64::from(most_other[knight])).clamp(-3.0, 3.0) / 3.0;
    base[13] = (f64::from(counts[knight]) - f64::from(fewest_other[guard])).clamp(-3.0, 3.0) / 3.0;
    for c in 0..CHARACTERS {
        let k = f64::from(counts[c]);
        let i = 14 + 6 * c;
        base[i] = k / 12.0;
        base[i + 1] = k * left / 12.0;
        base[i + 2] = (k - f64::from(most_other[c])).clamp(-3.0, 3.0) / 3.0;
        base[i + 3] = f64::from(shared.display[c]) * k / 24.0;
        if shared.side_b[c] {
            base[i + 4] = k / 12.0;
            base[i + 5] = k * left / 12.0;
        }
    }
    base
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{choose, Level};
    use majesty_rules::observation::Observation;
    use majesty_rules::rng;

    /// A game of `players` played by medium for `turns` turns.
    fn played(players: usize, seed: u64, turns: usize) -> Game {
        let mut game = Game::new(GameConfig::new(players).unwrap(), seed).unwrap();
        let mut dice = rng::seeded(seed);
        for _ in 0..turns {
            let turn = choose(Level::Medium, &Observation::to_move(&game), &mut dice).unwrap();
            game.apply(turn).unwrap();
        }
        game
    }

    #[test]
    fn the_shipped_weights_load_and_say_how_they_were_made() {
        let m = shipped();
        assert_eq!(
            m.hash,
            m.digest(),
            "the hash in value.json is of its weights"
        );
        assert!(m.weights.iter().all(|w| w.len() == FEATURES));
        let text = m.to_json();
        assert_eq!(&ValueModel::from_json(&text).unwrap(), m);
        assert!(SHIPPED.len() <= 30 * 1024, "the weights fit in 30 KB");
    }

    #[test]
    fn the_search_reads_the_same_prediction_as_the_fit() {
        // The search blends the two phases' weights once per position;
        // the fit reads the features of both phases: the same number.
        let mut m = ValueModel::zero();
        for (c, w) in m.weights.iter_mut().enumerate() {
            for (i, x) in w.iter_mut().enumerate() {
                *x = ((i * 7 + c) % 11) as f64 - 5.0;
            }
        }
        let game = played(3, 2, 14);
        let mut worths = [0.0; GameConfig::MAX_PLAYERS];
        m.worths(&game, &mut worths);
        let mut hand = [0.0; GameConfig::MAX_PLAYERS];
        super::super::heuristic::projected_worths(&game, &mut hand);
        for seat in game.config().seats() {
            let mut phi = [0.0; FEATURES];
            features(&game, seat, &mut phi);
            let dot: f64 = m.weights[1].iter().zip(&phi).map(|(a, b)| a * b).sum();
            let i = seat.index();
            assert!((worths[i] - hand[i] - dot).abs() < 1e-9);
        }
    }

    #[test]
    fn the_judgement_reads_nothing_the_hidden_deck_decides() {
        // The order of the face-down deck is hidden from every seat
        // (rules/RULES.md "Setup" step 3): two worlds of one observation,
        // with different guesses at the deck, are judged alike.
        let m = shipped();
        for players in 2..=4 {
            let game = played(players, 11, 5 * players);
            let seen = Observation::to_move(&game);
            let a = seen.world(&mut rng::seeded(1));
            let b = seen.world(&mut rng::seeded(2));
            let (mut wa, mut wb) = ([0.0; 4], [0.0; 4]);
            m.worths(&a, &mut wa);
            m.worths(&b, &mut wb);
            assert_eq!(wa, wb);
        }
    }

    #[test]
    fn a_zero_model_is_mediums_projection() {
        let game = played(3, 5, 10);
        let zero = ValueModel::zero();
        for seat in game.config().seats() {
            let hand = super::super::heuristic::evaluate(&game, seat);
            assert!((zero.margin(&game, seat) - hand).abs() < 1e-9);
        }
    }

    #[test]
    fn the_features_do_not_depend_on_the_seat_numbers() {
        // The same position seen from each seat: the features of a seat
        // read its own realm and the others' as "the others", whatever its
        // number (a seat's features, and so its predicted score, follow
        // the seat, not its index). Seats 0 and 1 of a 2-player game
        // exchange roles when the first player is the other.
        let game = played(2, 9, 8);
        let mut a = [0.0; FEATURES];
        let mut b = [0.0; FEATURES];
        let [first, second] = [0, 1].map(|i| Seat::new(i).unwrap());
        features(&game, first, &mut a);
        features(&game, second, &mut b);
        // A mirror: the same realms in the other seats, the other to move.
        let mirrored = mirror(&game);
        let mut a2 = [0.0; FEATURES];
        let mut b2 = [0.0; FEATURES];
        features(&mirrored, second, &mut a2);
        features(&mirrored, first, &mut b2);
        assert_eq!(a, a2);
        assert_eq!(b, b2);
    }

    /// `game` (2 players) with the seats exchanged: each player's realm,
    /// points and meeples in the other seat, and the other seat to move.
    fn mirror(game: &Game) -> Game {
        use majesty_rules::position::{Position, Rest};
        let mut swapped = Position::of(game);
        swapped.seats.swap(0, 1);
        swapped.to_move = swapped.to_move.next(2);
        let config = game
            .config()
            .with_first_player(swapped.first_player())
            .unwrap();
        Game::from_position(config, &swapped, Rest::Shuffled(1)).expect("a legal position")
    }

    #[test]
    fn every_player_is_predicted_and_the_predictions_are_finite() {
        let m = shipped();
        for players in 2..=4 {
            let game = played(players, 3, 7 * players);
            let mut worths = [0.0; GameConfig::MAX_PLAYERS];
            assert_eq!(m.worths(&game, &mut worths), players);
            assert!(worths[..players].iter().all(|w| w.is_finite()));
            let r = m.reward(players, m.margin(&game, Seat::default()));
            assert!((0.0..=1.0).contains(&r));
        }
    }
}
