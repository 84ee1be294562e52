//! A finished (or unfinished) game judged turn by turn against the expert:
//! every turn of the chosen seats gets the points it is expected to have
//! cost compared with the expert's choice in the same position.

use serde::{Deserialize, Serialize};

use super::{estimate, HintSearch};
use crate::bots::seed_for;
use majesty_rules::game::Game;
use majesty_rules::observation::Observation;
use majesty_rules::record::{GameRecord, RecordError};
use majesty_rules::seat::Seat;
use majesty_rules::turn::Turn;

/// How many costly turns a review singles out.
pub const COSTLIEST: usize = 3;

/// One turn rated against the expert's choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnRating {
    /// 1-based turn number (the record's turn `number - 1`).
    pub number: usize,
    /// The seat that played the turn.
    pub seat: Seat,
    /// The turn played.
    pub played: Turn,
    /// The expert's choice in the same position.
    pub better: Turn,
    /// Expected final margin lost by playing `played` instead of `better`,
    /// in points, never negative (0 when they are the same turn).
    pub loss: f64,
}

/// Every rated turn, in order, and the costliest of them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// Every rated turn, in order.
    pub ratings: Vec<TurnRating>,
    /// Up to three ratings with a loss, costliest first (ties: the
    /// earlier turn first).
    pub costliest: Vec<TurnRating>,
}

impl Review {
    fn of(ratings: Vec<TurnRating>) -> Review {
        let mut costliest: Vec<TurnRating> =
            ratings.iter().filter(|r| r.loss > 0.0).cloned().collect();
        costliest.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.number.cmp(&b.number)));
        costliest.truncate(COSTLIEST);
        Review { ratings, costliest }
    }

    /// Total expected points lost by `seat`.
    pub fn total_loss(&self, seat: Seat) -> f64 {
        self.ratings
            .iter()
            .filter(|r| r.seat == seat)
            .map(|r| r.loss)
            .sum()
    }
}

/// A review in progress: `run` spends iterations on the turn being rated
/// and moves on when its budget is spent, so a caller can show progress.
pub struct Reviewer {
    /// The game before each turn of the record, and that turn.
    positions: Vec<(Game, Turn)>,
    /// Indices into `positions` of the turns to rate.
    todo: Vec<usize>,
    next: usize,
    budget: u32,
    seed: u64,
    search: Option<HintSearch>,
    ratings: Vec<TurnRating>,
}

impl Reviewer {
    /// Reviews the turns of `seats` in `record` with `budget` iterations of
    /// the expert's search per turn. Each position is searched with the seed
    /// a computer would get there ([`seed_for`]), so a review is the same
    /// every time.
    pub fn new(record: &GameRecord, seats: &[Seat], budget: u32) -> Result<Reviewer, RecordError> {
        let mut game = record.start()?;
        let mut positions = Vec::with_capacity(record.turns.len());
        let mut todo = Vec::new();
        for (i, &turn) in record.turns.iter().enumerate() {
            if seats.contains(&game.current_player()) {
                todo.push(i);
            }
            positions.push((game.clone(), turn));
            game.apply_quiet(turn)
                .map_err(|error| RecordError::Turn { turn: i + 1, error })?;
        }
        Ok(Reviewer {
            positions,
            todo,
            next: 0,
            budget: budget.max(1),
            seed: record.seed.unwrap_or(0),
            search: None,
            ratings: Vec::new(),
        })
    }

    /// Turns to rate in all.
    pub fn total(&self) -> usize {
        self.todo.len()
    }

    /// Turns rated so far.
    pub fn done(&self) -> usize {
        self.ratings.len()
    }

    /// Whether every turn to rate is rated.
    pub fn is_done(&self) -> bool {
        self.done() == self.total()
    }

    /// Runs at most `iterations` iterations of search, finishing the turn
    /// being rated when its budget is reached; returns the iterations run
    /// (0 once the review is done).
    pub fn run(&mut self, iterations: u32) -> u32 {
        let Some(&index) = self.todo.get(self.next) else {
            return 0;
        };
        let (game, played) = &self.positions[index];
        let seed = seed_for(self.seed, game.turn_number());
        let search = self
            .search
            .get_or_insert_with(|| HintSearch::new(&Observation::to_move(game), seed));
        let step = iterations.min(self.budget - search.iterations());
        search.run(step);
        if search.iterations() >= self.budget {
            let rating = rate(*played, search);
            self.ratings.push(rating);
            self.search = None;
            self.next += 1;
        }
        step
    }

    /// Rates every remaining turn at once.
    pub fn finish(mut self) -> Review {
        while !self.is_done() {
            self.run(self.budget);
        }
        self.review()
    }

    /// The review of the turns rated so far.
    pub fn review(&self) -> Review {
        Review::of(self.ratings.clone())
    }
}

fn rate(played: Turn, search: &HintSearch) -> TurnRating {
    let game = &search.world;
    let better = search.search.best().unwrap_or(played);
    let stats = search.search.stats();
    let margin = |turn| estimate(game, turn, stats.iter().find(|s| s.turn == turn)).0;
    let loss = if played == better {
        0.0
    } else {
        (margin(better) - margin(played)).max(0.0)
    };
    TurnRating {
        number: game.turn_number() + 1,
        seat: game.current_player(),
        played,
        better,
        loss,
    }
}
