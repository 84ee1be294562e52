//! Hard: a flat search over the first turn. Every iteration guesses the
//! hidden deck ([`Observation::world`]), picks a first turn by UCB1,
//! plays two rounds on with every player choosing as medium would, and
//! judges the result.

use rand::Rng as _;

use super::heuristic::{judge, medium_with};
use majesty_rules::game::Game;
use majesty_rules::observation::{DeckKnowledge, Observation, Scratch};
use majesty_rules::rng::{self, Rng};
use majesty_rules::seat::Seat;
use majesty_rules::turn::Turn;

/// How many turns the search looks ahead after its own: two rounds.
/// (Measured against this: one round, three rounds and the whole game with
/// medium's choices all play worse.)
fn horizon(game: &Game) -> usize {
    2 * game.players().len()
}

/// Hard: for every first turn, many sampled worlds (a guessed deck), each
/// played on for two rounds with every player choosing as medium would
/// (to the end of the game when it is near), then judged. UCB1 spends the
/// iterations on the promising first turns.
pub fn hard(seen: &Observation, rng: &mut Rng, iterations: u32) -> Option<Turn> {
    let mut search = Search::new(seen, rng.next_u64());
    search.run(iterations);
    search.best()
}

/// The hard bot's search, resumable so that a browser can run it in slices
/// between frames: `run` some iterations at a time, then `best`. The result
/// depends only on the observation, the seed and the total iterations.
pub struct Search {
    game: Game,
    horizon: usize,
    seat: Seat,
    candidates: Vec<Turn>,
    visits: Vec<u32>,
    totals: Vec<f64>,
    knowledge: DeckKnowledge,
    rng: Rng,
    done: u32,
    // Scratch space reused by every iteration.
    deal: Scratch,
    world: Game,
    scratch: Game,
    legal: Vec<Turn>,
}

impl Search {
    /// The hard bot's search for the player to move, seeing `seen`,
    /// seeded `seed`.
    pub fn new(seen: &Observation, seed: u64) -> Search {
        // Every iteration deals a fresh guess into a copy of it.
        let game = super::world(seen);
        let candidates = game.legal_turns();
        Search {
            horizon: horizon(&game),
            seat: game.current_player(),
            visits: vec![0; candidates.len()],
            totals: vec![0.0; candidates.len()],
            candidates,
            knowledge: seen.deck(),
            rng: rng::seeded(seed),
            done: 0,
            deal: Scratch::default(),
            world: game.clone(),
            scratch: game.clone(),
            legal: Vec::new(),
            game,
        }
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u32 {
        self.done
    }

    /// Runs `iterations` more iterations. With fewer than two legal turns
    /// there is nothing to compare: they count as run at once.
    pub fn run(&mut self, iterations: u32) {
        if self.candidates.len() < 2 {
            self.done += iterations;
            return;
        }
        for _ in 0..iterations {
            let pick = self.pick();
            self.world.clone_from(&self.game);
            self.knowledge
                .deal_into(&mut self.world, &mut self.rng, &mut self.deal);
            self.world
                .apply_quiet(self.candidates[pick])
                .expect("legal");
            for _ in 0..self.horizon {
                match medium_with(&self.world, &mut self.scratch, &mut self.legal) {
                    Some(turn) => self.world.apply_quiet(turn).expect("legal"),
                    None => break,
                }
            }
            self.visits[pick] += 1;
            self.totals[pick] += judge(&self.world, self.seat);
            self.done += 1;
        }
    }

    /// UCB1: try every first turn once, then balance mean and doubt.
    fn pick(&self) -> usize {
        if let Some(untried) = self.visits.iter().position(|&v| v == 0) {
            return untried;
        }
        let log_n = f64::from(self.done).ln();
        let ucb = |i: usize| {
            self.totals[i] / f64::from(self.visits[i])
                + 0.35 * (log_n / f64::from(self.visits[i])).sqrt()
        };
        (0..self.candidates.len())
            .max_by(|&a, &b| ucb(a).total_cmp(&ucb(b)))
            .expect("candidates")
    }

    /// The most visited first turn (None when the game is over).
    pub fn best(&self) -> Option<Turn> {
        let mean = |i: usize| self.totals[i] / f64::from(self.visits[i].max(1));
        (0..self.candidates.len())
            .max_by(|&a, &b| {
                self.visits[a]
                    .cmp(&self.visits[b])
                    .then(mean(a).total_cmp(&mean(b)))
            })
            .map(|i| self.candidates[i])
    }
}
