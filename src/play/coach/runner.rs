//! The one door to the coach's computations (the engine's
//! `majesty_ai::coach`): the panels call [`hint`] and [`review`] and get
//! progress and the result back through callbacks.
//!
//! They run in a Web Worker of the coach's own (`play::worker`), so a
//! review never delays a computer's turn and the page never waits. Where no
//! worker can run, the page computes them itself in slices of at most
//! [`SLICE_MS`]. Both give the same result: a job is a pure function of its
//! fields (`search_job::Job::answer_with`).
//!
//! One job at a time: asking again drops the job before. Dropping a job the
//! worker is busy with stops that worker (a review takes it seconds); the
//! next job starts a new one.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::set_timeout;
use majesty_ai::coach::{self, Advice, HintSearch, Review, Reviewer};
use majesty_rules::{GameRecord, Observation, RecordError, Seat};

use crate::browser;
use crate::model::search_job::{self, JobId, Outcome, Reply};
use crate::parts::split;
use crate::play::worker::Place;
use crate::registry::Held;

/// Longest stretch of computing on the page before yielding to the browser.
pub const SLICE_MS: f64 = 12.0;
/// Iterations between two clock reads (the totals stay exact).
const STEP: u32 = 4;

/// A computation under way; dropping it (or `cancel`) stops it, and its
/// callbacks are never called again.
pub struct Job(JobId);

impl Job {
    pub fn cancel(&self) {
        drop_job(self.0);
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The expert's best turns for the player to move at the end of `record`,
/// searched from `seed` with the expert's budget: `progress` gets the
/// percentage done.
pub fn hint(
    record: GameRecord,
    seed: u64,
    progress: impl Fn(u32) + 'static,
    done: impl FnOnce(Vec<Advice>) + 'static,
) -> Job {
    ask(
        search_job::Job::Hint { seed, record },
        move |d, total| progress(d * 100 / total.max(1)),
        move |outcome| {
            // Without reasons: the page reads none from the worker
            // (`play::worker`); the advice's panel says them.
            if let Outcome::Hint { advice } = outcome {
                done(advice);
            }
        },
    )
}

/// A review of the turns of `seats` in `record` with the expert's budget
/// per turn: `progress` gets (turns rated, turns to rate). A record that
/// does not replay is said at once.
pub fn review(
    record: &GameRecord,
    seats: &[usize],
    progress: impl Fn(usize, usize) + 'static,
    done: impl FnOnce(Review) + 'static,
) -> Result<Job, RecordError> {
    // The seats are the checkboxes of the record's players.
    let seats: Vec<Seat> = seats.iter().filter_map(|&s| Seat::new(s)).collect();
    Reviewer::new(record, &seats, 1)?;
    let job = search_job::Job::Review {
        record: record.clone(),
        seats,
    };
    Ok(ask(
        job,
        move |d, total| progress(d as usize, total as usize),
        move |outcome| {
            if let Outcome::Review { review } = outcome {
                done(review);
            }
        },
    ))
}

/// The job asked and not yet answered.
struct Current {
    id: JobId,
    job: search_job::Job,
    sent: bool,
    progress: Rc<dyn Fn(u32, u32)>,
    done: Box<dyn FnOnce(Outcome)>,
}

/// The coach's worker and its job, its slot in the page's registry
/// (`crate::registry`): the worker's replies and the timers run outside any
/// owner.
#[derive(Default)]
struct Coaching {
    place: RefCell<Place>,
    current: RefCell<Option<Current>>,
    last_id: Cell<JobId>,
}

#[derive(Clone, Default)]
struct Here(Rc<Coaching>);

fn here() -> Rc<Coaching> {
    crate::registry::kept::<Here>().0
}

fn ask(
    job: search_job::Job,
    progress: impl Fn(u32, u32) + 'static,
    done: impl FnOnce(Outcome) + 'static,
) -> Job {
    let id = here().last_id.get().wrapping_add(1);
    here().last_id.set(id);
    if let Some(old) = here().current.with_borrow(|c| c.as_ref().map(|c| c.id)) {
        drop_job(old);
    }
    browser::timing_start("majesty-coach", id);
    let current = Current {
        id,
        job,
        sent: false,
        progress: Rc::new(progress),
        done: Box::new(done),
    };
    here().current.set(Some(current));
    crate::parts::run_beside("search", || Box::pin(start_current()));
    Job(id)
}

split! { search =>
    /// Hands the current job to the coach's worker, or to the page where
    /// none can run (in the search's part, as `bot_driver::dispatch`).
    fn start_current() -> Result<(), crate::parts::SplitLoaderError> {
        if start_worker() {
            send_current();
        } else if let Some(current) = here().current.take() {
            compute_on_page(current);
        }
        Ok(())
    }
}

/// Forgets job `id` if it is the current one; a worker busy with it stops.
fn drop_job(id: JobId) {
    let Some(current) = here()
        .current
        .with_borrow_mut(|c| c.take_if(|c| c.id == id))
    else {
        return;
    };
    if current.sent {
        here().place.with_borrow_mut(Place::stop);
    }
}

/// Creates the worker if there is none; whether one can be used.
fn start_worker() -> bool {
    here()
        .place
        .with_borrow_mut(|place| place.start(on_reply))
        .unwrap_or_else(|reason| {
            warn(&format!("no coach worker ({reason}): the page computes"));
            false
        })
}

fn on_reply(reply: Result<Reply, String>) {
    match reply {
        Ok(Reply::Ready) => {
            here().place.with_borrow_mut(Place::listening);
            browser::set_root_attributes(&[("data-coach", "worker")]);
            send_current();
        }
        Ok(Reply::Progress { id, done, total }) => {
            // Called with nothing borrowed: a callback may ask or drop a job.
            let progress = here().current.with_borrow(|c| {
                c.as_ref()
                    .filter(|c| c.id == id)
                    .map(|c| c.progress.clone())
            });
            if let Some(progress) = progress {
                progress(done, total);
            }
        }
        Ok(Reply::Done { id, outcome }) => {
            if let Some(current) = here()
                .current
                .with_borrow_mut(|c| c.take_if(|c| c.id == id))
            {
                browser::timing_end("majesty-coach", id);
                (current.done)(outcome);
            }
        }
        Ok(Reply::Failed {
            id: Some(id),
            reason,
        }) => {
            warn(&format!("the coach worker failed: {reason}"));
            if let Some(current) = here()
                .current
                .with_borrow_mut(|c| c.take_if(|c| c.id == id))
            {
                compute_on_page(current);
            }
        }
        Ok(Reply::Failed { id: None, reason }) | Err(reason) => give_up(&reason),
    }
}

/// Sends the current job if the worker listens and it was not sent yet.
fn send_current() {
    here().place.with_borrow(|place| {
        here().current.with_borrow_mut(|current| {
            if let Some(c) = current {
                place.send_once(c.id, &c.job, &mut c.sent);
            }
        })
    });
}

/// The worker cannot be used: stop it, and let the page compute from now
/// on (the current job included).
fn give_up(reason: &str) {
    warn(&format!(
        "coach worker stopped ({reason}): the page computes"
    ));
    here().place.with_borrow_mut(Place::give_up);
    if let Some(current) = here().current.take() {
        compute_on_page(current);
    }
}

/// The fallback: the same computation on the page, in slices between
/// frames, as long as the job stays the current one. Its code is a part of
/// the page of its own (src/parts/): nearly every browser runs the worker.
fn compute_on_page(current: Current) {
    leptos::task::spawn_local(async move {
        if compute_on_page_part(current).await.is_err() {
            warn("the page's own coach could not be loaded");
        }
    });
}

split! { page_search =>
    fn compute_on_page_part(current: Current) -> Result<(), crate::parts::SplitLoaderError> {
        coach_on_page(current);
        Ok(())
    }
}

fn coach_on_page(current: Current) {
    browser::set_root_attributes(&[("data-coach", "page")]);
    let work = match &current.job {
        search_job::Job::Hint { seed, record } => match record.replay() {
            Ok(game) => Work::Hint(HintSearch::new(&Observation::to_move(&game), *seed)),
            Err(e) => return warn(&format!("no hint: {e}")),
        },
        search_job::Job::Review { record, seats } => {
            match Reviewer::new(record, seats, coach::expert_budget()) {
                Ok(reviewer) => Work::Review(reviewer),
                Err(e) => return warn(&format!("no review: {e}")),
            }
        }
        search_job::Job::BotTurn { .. } => return,
    };
    let id = current.id;
    here().current.set(Some(Current {
        sent: false,
        ..current
    }));
    next_slice(id, work);
}

/// A coach's computation on the page.
enum Work {
    Hint(HintSearch),
    Review(Reviewer),
}

impl Work {
    /// Computes until `deadline` or the end; (done, total) so far.
    fn run_until(&mut self, deadline: f64) -> (u32, u32) {
        match self {
            Work::Hint(search) => {
                let budget = coach::expert_budget();
                while search.iterations() < budget && browser::now_ms() < deadline {
                    search.run(STEP.min(budget - search.iterations()));
                }
                (search.iterations(), budget)
            }
            Work::Review(reviewer) => {
                while !reviewer.is_done() && browser::now_ms() < deadline {
                    reviewer.run(STEP);
                }
                (reviewer.done() as u32, reviewer.total() as u32)
            }
        }
    }

    fn outcome(&self) -> Outcome {
        match self {
            Work::Hint(search) => Outcome::Hint {
                advice: search.advice(),
            },
            Work::Review(reviewer) => Outcome::Review {
                review: reviewer.review(),
            },
        }
    }
}

/// One slice of `work` in a task of its own, unless job `id` was dropped.
fn next_slice(id: JobId, mut work: Work) {
    set_timeout(
        move || {
            let is_current = |c: &Option<Current>| c.as_ref().is_some_and(|c| c.id == id);
            if !here().current.with_borrow(is_current) {
                return;
            }
            let (done, total) = work.run_until(browser::now_ms() + SLICE_MS);
            on_reply(Ok(Reply::Progress { id, done, total }));
            if done >= total {
                on_reply(Ok(Reply::Done {
                    id,
                    outcome: work.outcome(),
                }));
            } else {
                next_slice(id, work);
            }
        },
        Duration::ZERO,
    );
}

fn warn(text: &str) {
    leptos::logging::warn!("{text}");
}
