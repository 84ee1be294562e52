//! Tournaments between the computer players: many seeded games, seats
//! rotating among the levels, played on several threads; the totals of
//! each level, and a round robin's win table and ratings (the ladder).
//!
//! Every game's deal and every bot's choices come from the run's seed and
//! the game's index, never from the thread that plays it: a tournament
//! gives the same results on any number of threads (only the times differ).
//!
//! ```
//! use majesty_ai::bots::Level;
//! use majesty_ai::tournament::{Entrant, Tournament};
//! use majesty_rules::GameConfig;
//!
//! let levels = [Entrant::from(Level::Random), Entrant::from(Level::Easy)];
//! let tournament = Tournament::new(GameConfig::new(2).unwrap(), &levels, 4, 7);
//! let totals = tournament.play();
//! assert_eq!(totals[0].seats + totals[1].seats, 8);
//! ```

use std::time::Instant;

use rand::Rng as _;

use crate::bots::expert::{expert_with, ExpertParams, Judge, CLASSIC_ITERATIONS};
use crate::bots::{self, Level};
use crate::ladder::{bradley_terry, Rating};
use majesty_rules::config::GameConfig;
use majesty_rules::game::Game;
use majesty_rules::observation::Observation;
use majesty_rules::rng::{self, Rng};
use majesty_rules::seat::Seat;
use majesty_rules::turn::Turn;

/// A player of a tournament: one of the levels, or a variant of the
/// expert (other knobs, another budget) to measure against it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Entrant {
    /// A level as the app plays it.
    Level(Level),
    /// The expert with these knobs, under a name of [`Entrant::VARIANTS`].
    Expert {
        /// Its name.
        name: &'static str,
        /// Its knobs.
        params: ExpertParams,
        /// Iterations per move; None: the tournament's expert budget.
        iterations: Option<u32>,
    },
}

impl From<Level> for Entrant {
    fn from(level: Level) -> Entrant {
        Entrant::Level(level)
    }
}

impl Entrant {
    /// The variants of the expert a tournament can name, with what each
    /// is: `expert-classic` is the expert before the learned evaluation
    /// (medium's projection at the leaves and in the prior).
    pub const VARIANTS: [(&'static str, &'static str); 4] = [
        (
            "expert-classic",
            "leaves and priors judged by medium's projection (the expert before the learned evaluation)",
        ),
        (
            "expert-learned",
            "leaves judged by the learned evaluation, priors by medium's projection",
        ),
        (
            "expert-learned-all",
            "leaves and priors judged by the learned evaluation",
        ),
        (
            "expert-learned-now",
            "leaves judged by the learned evaluation at once, no round played on",
        ),
    ];

    /// The knobs of a named variant.
    fn variant(name: &str) -> Option<(&'static str, ExpertParams)> {
        let (name, _) = Entrant::VARIANTS.iter().find(|(n, _)| *n == name)?;
        let classic = ExpertParams::classic();
        let learned = Judge::learned();
        let params = match *name {
            "expert-classic" => classic,
            "expert-learned" => ExpertParams {
                leaf: learned,
                ..classic
            },
            "expert-learned-all" => ExpertParams {
                leaf: learned,
                prior: learned,
                ..classic
            },
            _ => ExpertParams {
                leaf: learned,
                rollout_rounds: 0.0,
                ..classic
            },
        };
        Some((name, params))
    }

    /// The name it is written and printed as: a level's name, or a
    /// variant's with `:ITERATIONS` when it has a budget of its own.
    pub fn name(&self) -> String {
        match self {
            Entrant::Level(level) => level.name().to_string(),
            Entrant::Expert {
                name,
                iterations: None,
                ..
            } => name.to_string(),
            Entrant::Expert {
                name,
                iterations: Some(i),
                ..
            } => format!("{name}:{i}"),
        }
    }

    /// Its iterations per move when it searches with the expert's tree:
    /// its own, else `expert-classic`'s 2,000, else the tournament's
    /// expert budget `expert_iterations`. None for the other levels.
    pub fn budget(&self, expert_iterations: u32) -> Option<u32> {
        match *self {
            Entrant::Level(Level::Expert) => Some(expert_iterations),
            Entrant::Level(_) => None,
            Entrant::Expert {
                iterations: Some(i),
                ..
            } => Some(i),
            Entrant::Expert {
                name: "expert-classic",
                ..
            } => Some(CLASSIC_ITERATIONS),
            Entrant::Expert { .. } => Some(expert_iterations),
        }
    }
}

impl std::str::FromStr for Entrant {
    type Err = String;
    /// A level (`hard`), or a variant of the expert with an optional budget
    /// (`expert-classic`, `expert-learned:3000`).
    fn from_str(text: &str) -> Result<Entrant, String> {
        let text = text.trim();
        if let Ok(level) = text.parse::<Level>() {
            return Ok(Entrant::Level(level));
        }
        let (name, iterations) = match text.split_once(':') {
            None => (text, None),
            Some((name, i)) => (
                name,
                Some(
                    i.parse::<u32>()
                        .map_err(|_| format!("iterations must be a whole number (got {i:?})"))?,
                ),
            ),
        };
        let (name, params) = Entrant::variant(name).ok_or_else(|| {
            let names: Vec<&str> = Entrant::VARIANTS.iter().map(|(n, _)| *n).collect();
            format!(
                "unknown bot \"{text}\" (random, easy, medium, hard, expert, or {}, optionally with :ITERATIONS)",
                names.join(", ")
            )
        })?;
        Ok(Entrant::Expert {
            name,
            params,
            iterations,
        })
    }
}

/// What one level did over a tournament's games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    /// Seats played (a game counts once for each seat the level held).
    pub seats: u64,
    /// Games won; a win shared by `k` players counts `1/k`.
    pub wins: f64,
    /// The sum of the final scores.
    pub score: i64,
    /// Turns chosen.
    pub moves: u64,
    /// Time spent choosing them.
    pub seconds: f64,
}

impl Totals {
    /// Wins per seat played.
    pub fn win_rate(&self) -> f64 {
        self.wins / self.seats.max(1) as f64
    }

    /// The win rate's 95% confidence half-width (normal approximation).
    pub fn win_interval(&self) -> f64 {
        let p = self.win_rate();
        1.96 * (p * (1.0 - p) / self.seats.max(1) as f64).sqrt()
    }

    /// The mean final score.
    pub fn mean_score(&self) -> f64 {
        self.score as f64 / self.seats.max(1) as f64
    }

    /// The mean time to choose a turn, in milliseconds.
    pub fn mean_move_ms(&self) -> f64 {
        1000.0 * self.seconds / self.moves.max(1) as f64
    }

    fn add(&mut self, other: &Totals) {
        self.seats += other.seats;
        self.wins += other.wins;
        self.score += other.score;
        self.moves += other.moves;
        self.seconds += other.seconds;
    }
}

/// Games between `levels`, one per seat: in game `i` seat `s` is played
/// by `levels[(s + i) % n]`, so each level plays every seat in turn.
#[derive(Clone, Copy, Debug)]
pub struct Tournament<'a> {
    /// The set-up of every game.
    pub config: GameConfig,
    /// The players, one per seat, rotating from game to game.
    pub levels: &'a [Entrant],
    /// How many games to play.
    pub games: u64,
    /// The run's seed: with a game's index, it decides that game's deal and
    /// the bots' choices.
    pub seed: u64,
    /// The expert's iterations per move.
    pub expert_iterations: u32,
    /// Threads to play on (at least one is used).
    pub threads: u64,
}

impl<'a> Tournament<'a> {
    /// `games` games of `levels` seeded `seed`, the expert at its level's
    /// budget, on every available core.
    pub fn new(config: GameConfig, levels: &'a [Entrant], games: u64, seed: u64) -> Tournament<'a> {
        Tournament {
            config,
            levels,
            games,
            seed,
            expert_iterations: bots::search_iterations(Level::Expert).unwrap_or(0),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get() as u64),
        }
    }

    /// Plays every game; the totals of each seat of `levels`, in its order
    /// (a level named twice has two entries: see [`by_level`]).
    ///
    /// # Panics
    ///
    /// When `levels` does not name one level per seat of `config`.
    pub fn play(&self) -> Vec<Totals> {
        assert_eq!(
            self.levels.len(),
            self.config.players(),
            "a tournament names one level per seat"
        );
        let threads = self.threads.max(1);
        let per_thread: Vec<Vec<Totals>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|first| scope.spawn(move || self.play_every(first, threads)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a tournament thread"))
                .collect()
        });
        let mut totals = vec![Totals::default(); self.levels.len()];
        for thread in &per_thread {
            for (sum, part) in totals.iter_mut().zip(thread) {
                sum.add(part);
            }
        }
        totals
    }

    /// Games `first`, `first + step`, … of the run.
    fn play_every(&self, first: u64, step: u64) -> Vec<Totals> {
        let mut totals = vec![Totals::default(); self.levels.len()];
        let mut index = first;
        while index < self.games {
            self.play_game(index, &mut totals);
            index += step;
        }
        totals
    }

    fn play_game(&self, index: u64, totals: &mut [Totals]) {
        let n = self.levels.len();
        let rotation = index as usize % n;
        let entry = |seat: Seat| (seat.index() + rotation) % n;
        let deal = game_seed(self.seed, index, 0);
        let mut game = Game::new(self.config, deal).expect("a valid config");
        let mut rng = rng::seeded(game_seed(self.seed, index, 1));
        while !game.is_over() {
            let seat = game.current_player();
            let start = Instant::now();
            let turn = self.choose(self.levels[entry(seat)], &game, &mut rng);
            let t = &mut totals[entry(seat)];
            t.seconds += start.elapsed().as_secs_f64();
            t.moves += 1;
            game.apply_quiet(turn).expect("bots play legal turns");
        }
        let result = game.result().expect("the game is over");
        for (seat, player) in Seat::all(n).zip(&result.players) {
            let t = &mut totals[entry(seat)];
            t.seats += 1;
            t.score += i64::from(player.total);
            t.wins += result.win_share(seat);
        }
    }

    fn choose(&self, entrant: Entrant, game: &Game, rng: &mut Rng) -> Turn {
        let seen = Observation::to_move(game);
        match entrant {
            Entrant::Level(level) => {
                let budget = match level {
                    Level::Expert => self.expert_iterations,
                    _ => bots::search_iterations(level).unwrap_or(0),
                };
                bots::choose_with_budget(level, &seen, rng, budget)
            }
            Entrant::Expert { params, .. } => expert_with(
                &seen,
                rng,
                entrant.budget(self.expert_iterations).unwrap_or(0),
                params,
            ),
        }
        .expect("a legal turn")
    }
}

/// The totals of a tournament's seats summed for each distinct level, in
/// the order the levels first appear.
pub fn by_level(levels: &[Entrant], totals: &[Totals]) -> Vec<(Entrant, Totals)> {
    let mut summed: Vec<(Entrant, Totals)> = Vec::new();
    for (&level, t) in levels.iter().zip(totals) {
        match summed.iter_mut().find(|(l, _)| *l == level) {
            Some((_, sum)) => sum.add(t),
            None => summed.push((level, t.clone())),
        }
    }
    summed
}

/// A two-player round robin: every pair of levels played its games.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundRobin {
    /// `wins[a][b]`: games level `a` won against level `b` (a shared win
    /// counts 1/2).
    pub wins: Vec<Vec<f64>>,
    /// `played[a][b]`: games between `a` and `b`.
    pub played: Vec<Vec<f64>>,
    /// Each level's Bradley-Terry rating (the first level's is 0).
    pub ratings: Vec<Rating>,
    /// Each level's totals over all its games.
    pub totals: Vec<Totals>,
}

impl RoundRobin {
    /// Plays `base.games` two-player games for every pair of `base.levels`
    /// (each pair seeded apart from the run's seed, seats alternating).
    ///
    /// # Panics
    ///
    /// When `base.config` is not a two-player game.
    pub fn play(base: Tournament) -> RoundRobin {
        assert_eq!(base.config.players(), 2, "a round robin is played by two");
        let levels = base.levels;
        let k = levels.len();
        let mut wins = vec![vec![0.0; k]; k];
        let mut played = vec![vec![0.0; k]; k];
        let mut totals = vec![Totals::default(); k];
        for a in 0..k {
            for b in a + 1..k {
                let pair = [levels[a], levels[b]];
                let games = Tournament {
                    levels: &pair,
                    seed: game_seed(base.seed, (a * k + b) as u64, 0),
                    ..base
                };
                for ((me, other), t) in [(a, b), (b, a)].into_iter().zip(games.play()) {
                    wins[me][other] += t.wins;
                    played[me][other] += t.seats as f64;
                    totals[me].add(&t);
                }
            }
        }
        let ratings = bradley_terry(&wins, &played);
        RoundRobin {
            wins,
            played,
            ratings,
            totals,
        }
    }
}

/// A seed for game `index` of a run seeded `seed` (`stream` 0: the deal,
/// 1: the bots), independent of how games are spread over threads.
fn game_seed(seed: u64, index: u64, stream: u64) -> u64 {
    rng::seeded(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (stream << 63)).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(t: &[Totals]) -> Vec<(u64, f64, i64, u64)> {
        t.iter()
            .map(|t| (t.seats, t.wins, t.score, t.moves))
            .collect()
    }

    fn entrants<const N: usize>(levels: [Level; N]) -> [Entrant; N] {
        levels.map(Entrant::from)
    }

    #[test]
    fn the_results_do_not_depend_on_the_threads() {
        let levels = entrants([Level::Random, Level::Easy, Level::Random]);
        let config = GameConfig::new(3).unwrap();
        let one = Tournament {
            threads: 1,
            ..Tournament::new(config, &levels, 6, 11)
        };
        let three = Tournament { threads: 3, ..one };
        assert_eq!(results(&one.play()), results(&three.play()));
    }

    #[test]
    fn every_level_plays_every_seat_and_every_game_has_its_winners() {
        let levels = entrants([Level::Random, Level::Easy]);
        let t = Tournament::new(GameConfig::new(2).unwrap(), &levels, 6, 3).play();
        assert_eq!(t[0].seats, 6);
        assert_eq!(t[1].seats, 6);
        // Shares of each game's win add up to one game.
        assert!((t[0].wins + t[1].wins - 6.0).abs() < 1e-9);
        assert!(t.iter().all(|t| t.moves > 0));
    }

    #[test]
    #[should_panic(expected = "one level per seat")]
    fn a_lineup_must_fill_the_table() {
        let levels = entrants([Level::Easy, Level::Random]);
        Tournament::new(GameConfig::new(3).unwrap(), &levels, 1, 1).play();
    }

    #[test]
    #[should_panic(expected = "played by two")]
    fn a_round_robin_is_for_two_players() {
        let levels = entrants([Level::Easy, Level::Random, Level::Medium]);
        RoundRobin::play(Tournament::new(GameConfig::new(3).unwrap(), &levels, 1, 1));
    }

    #[test]
    fn a_level_named_twice_is_summed_once() {
        let levels = entrants([Level::Easy, Level::Random, Level::Easy]);
        let t = Tournament::new(GameConfig::new(3).unwrap(), &levels, 3, 5).play();
        let summed = by_level(&levels, &t);
        assert_eq!(summed.len(), 2);
        assert_eq!(summed[0].0, Entrant::Level(Level::Easy));
        assert_eq!(summed[0].1.seats, t[0].seats + t[2].seats);
    }

    #[test]
    fn a_round_robin_counts_each_pairs_games_from_both_sides() {
        let levels = entrants([Level::Random, Level::Easy, Level::Medium]);
        let base = Tournament::new(GameConfig::new(2).unwrap(), &levels, 4, 9);
        let rr = RoundRobin::play(base);
        for a in 0..3 {
            for b in 0..3 {
                if a != b {
                    assert_eq!(rr.played[a][b], 4.0);
                    assert!((rr.wins[a][b] + rr.wins[b][a] - 4.0).abs() < 1e-9);
                }
            }
        }
        assert_eq!(rr.ratings[0].elo, 0.0);
        assert_eq!(rr.totals[0].seats, 8);
    }

    #[test]
    fn the_expert_variants_parse_with_their_budgets() {
        let classic: Entrant = "expert-classic".parse().unwrap();
        assert_eq!(classic.name(), "expert-classic");
        assert_eq!(classic.budget(1300), Some(2000));
        let learned: Entrant = "expert-learned:3000".parse().unwrap();
        assert_eq!(learned.name(), "expert-learned:3000");
        assert_eq!(learned.budget(1300), Some(3000));
        assert_eq!(Entrant::from(Level::Expert).budget(1300), Some(1300));
        assert_eq!(Entrant::from(Level::Hard).budget(1300), None);
        assert_eq!("hard".parse::<Entrant>(), Ok(Entrant::Level(Level::Hard)));
        assert!("expert-learned:many".parse::<Entrant>().is_err());
        assert!("grandmaster".parse::<Entrant>().is_err());
        for (name, _) in Entrant::VARIANTS {
            assert_eq!(name.parse::<Entrant>().unwrap().name(), name);
        }
    }

    #[test]
    fn the_classic_expert_searches_by_hand_and_the_expert_by_the_learned_weights() {
        let classic: Entrant = "expert-classic:40".parse().unwrap();
        let Entrant::Expert { params, .. } = classic else {
            panic!("a variant of the expert");
        };
        assert_eq!(params, ExpertParams::classic());
        assert_eq!(params.leaf, Judge::Hand);
        let all: Entrant = "expert-learned-all".parse().unwrap();
        let Entrant::Expert { params, .. } = all else {
            panic!("a variant of the expert");
        };
        assert_eq!(params, ExpertParams::default(), "the expert as it plays");
        let levels = [classic, Entrant::from(Level::Medium)];
        let t = Tournament::new(GameConfig::new(2).unwrap(), &levels, 2, 3).play();
        assert_eq!(t[0].seats, 2);
        assert!((t[0].wins + t[1].wins - 2.0).abs() < 1e-9);
    }
}
