//! The one door to the coach's computations (the engine's
//! `majesty_rules::coach`). Today they run on the page's thread in slices of
//! at most [`SLICE_MS`], as the computers' search does (`bot_driver`), so
//! the page never has a long task; a Web Worker can take this module's place
//! without the panels changing: they only call [`hint`] and [`review`] and
//! get progress and the result back through callbacks.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::set_timeout;
use majesty_rules::coach::{self, Advice, HintSearch, Review, Reviewer};
use majesty_rules::{Game, GameRecord, RecordError};

/// Longest stretch of computing before yielding to the browser.
pub const SLICE_MS: f64 = 12.0;
/// Iterations between two clock reads (the totals stay exact).
const STEP: u32 = 4;

/// A computation under way; dropping it (or `cancel`) stops it at its next
/// slice, and its callbacks are never called again.
pub struct Job(Rc<Cell<bool>>);

impl Job {
    pub fn cancel(&self) {
        self.0.set(true);
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The expert's best turns for the player to move in `game`, searched from
/// `seed` with the expert's budget: `progress` gets the percentage done.
pub fn hint(
    game: Game,
    seed: u64,
    progress: impl Fn(u32) + 'static,
    done: impl FnOnce(Vec<Advice>) + 'static,
) -> Job {
    let budget = coach::expert_budget();
    let mut search = HintSearch::new(&game, seed);
    let done = RefCell::new(Some(done));
    in_slices(move |deadline| {
        while search.iterations() < budget && crate::browser::now_ms() < deadline {
            search.run(STEP.min(budget - search.iterations()));
        }
        progress(search.iterations() * 100 / budget);
        let finished = search.iterations() >= budget;
        if finished {
            if let Some(done) = done.borrow_mut().take() {
                done(search.advice());
            }
        }
        finished
    })
}

/// A review of the turns of `seats` in `record` with the expert's budget
/// per turn: `progress` gets (turns rated, turns to rate).
pub fn review(
    record: &GameRecord,
    seats: &[usize],
    progress: impl Fn(usize, usize) + 'static,
    done: impl FnOnce(Review) + 'static,
) -> Result<Job, RecordError> {
    let mut reviewer = Reviewer::new(record, seats, coach::expert_budget())?;
    let done = RefCell::new(Some(done));
    Ok(in_slices(move |deadline| {
        while !reviewer.is_done() && crate::browser::now_ms() < deadline {
            reviewer.run(STEP);
        }
        progress(reviewer.done(), reviewer.total());
        let finished = reviewer.is_done();
        if finished {
            if let Some(done) = done.borrow_mut().take() {
                done(reviewer.review());
            }
        }
        finished
    }))
}

/// Runs `work` (given the time it must stop by) once per task until it says
/// it is finished or the job is cancelled. The first slice runs later, never
/// inside the caller.
fn in_slices(work: impl FnMut(f64) -> bool + 'static) -> Job {
    let cancelled = Rc::new(Cell::new(false));
    next_slice(cancelled.clone(), work);
    Job(cancelled)
}

fn next_slice(cancelled: Rc<Cell<bool>>, mut work: impl FnMut(f64) -> bool + 'static) {
    set_timeout(
        move || {
            if cancelled.get() {
                return;
            }
            if !work(crate::browser::now_ms() + SLICE_MS) {
                next_slice(cancelled, work);
            }
        },
        Duration::ZERO,
    );
}
