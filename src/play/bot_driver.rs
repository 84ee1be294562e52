//! Plays the computer seats. Their search runs in a Web Worker (the
//! `search_worker` module, `src/bin/search_worker.rs`), created at the first
//! computer turn, so the page never waits for it; where no worker can run
//! (no `Worker`, its files missing, an error in it), the page searches
//! itself in slices short enough to keep it responsive. Both choose the
//! same turn: the job is a pure function of the game, level and seed.
//!
//! One job at a time: asking again, or [`cancel`], drops the job before.
//! The worker is not stopped (a job takes it at most about 50 ms, less than
//! starting a new one would); its answer to a dropped job is ignored by id.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::set_timeout;
use majesty_ai::bots::{search_iterations, Level, LevelSearch};
use majesty_rules::{Game, GameRecord, Observation, Turn};

use super::worker::Place;
use crate::browser;
use crate::model::search_job::{self, Job, JobId, Outcome, Reply};
use crate::parts::split;
use crate::registry::Held;

/// Longest stretch of search on the page before yielding to the browser.
const SLICE_MS: f64 = 12.0;

/// The job asked and not yet answered.
struct Pending {
    id: JobId,
    job: Job,
    sent: bool,
    /// The position at the end of the job's record, for the page's search.
    game: Game,
    done: Box<dyn FnOnce(Turn)>,
}

/// The computers' thinking, its slot in the page's registry
/// (`crate::registry`): the worker's replies and the timers run outside any
/// owner.
#[derive(Default)]
struct Thinking {
    thinker: RefCell<Place>,
    pending: RefCell<Option<Pending>>,
    /// The id of the latest job; a search on the page stops when it changes.
    latest: Cell<JobId>,
}

#[derive(Clone, Default)]
struct Here(Rc<Thinking>);

fn here() -> Rc<Thinking> {
    crate::registry::kept::<Here>().0
}

/// Chooses a turn for `level` at the end of `record` (whose position is
/// `game`) from `seed` and calls `done` with it, later (never synchronously),
/// unless another job is asked or [`cancel`] is called first.
pub fn think(
    level: Level,
    game: Game,
    record: GameRecord,
    seed: u64,
    done: impl FnOnce(Turn) + 'static,
) {
    cancel();
    let id = here().latest.get();
    let pending = Pending {
        id,
        job: Job::BotTurn {
            level,
            seed,
            record,
        },
        sent: false,
        game,
        done: Box::new(done),
    };
    // The thinking starts on a drawn table (the turn before).
    browser::after_next_paint(move || {
        if here().latest.get() != id {
            return; // cancelled meanwhile
        }
        browser::timing_start("majesty-think", id);
        here().pending.set(Some(pending));
        crate::parts::run_beside("search", || Box::pin(dispatch()));
    });
}

split! { search =>
    /// Hands the pending job to the worker, or to the page's own search
    /// where no worker can run. This side of the search is a part of the
    /// page of its own (src/parts/), fetched with the first job: the first
    /// load does not carry it. (Not in idle time: beside the board's other
    /// later parts, its modules would hold a slow CPU for over 50 ms.)
    fn dispatch() -> Result<(), crate::parts::SplitLoaderError> {
        if start_worker() {
            send_pending();
        } else if let Some(pending) = here().pending.take() {
            think_on_page(pending);
        }
        Ok(())
    }
}

/// Drops the job asked, if any: its turn will not be played.
pub fn cancel() {
    here().pending.set(None);
    here().latest.set(here().latest.get().wrapping_add(1));
}

/// Creates the worker the first time; whether it can be used.
fn start_worker() -> bool {
    let on_reply = |reply: Result<Reply, String>| match reply {
        Ok(reply) => on_reply(reply),
        Err(reason) => give_up(&reason),
    };
    here()
        .thinker
        .with_borrow_mut(|thinker| thinker.start(on_reply))
        .unwrap_or_else(|reason| {
            warn(&format!("no search worker ({reason}): the page thinks"));
            false
        })
}

fn on_reply(reply: Reply) {
    match reply {
        Reply::Ready => {
            here().thinker.with_borrow_mut(Place::listening);
            browser::set_root_attributes(&[("data-search", "worker")]);
            send_pending();
        }
        Reply::Done {
            id,
            outcome: Outcome::BotTurn { turn },
        } => {
            if let Some(pending) = take_pending(id) {
                browser::timing_end("majesty-think", id);
                if let Some(turn) = turn {
                    (pending.done)(turn);
                }
            }
        }
        // Not this worker's kinds of job: ignored.
        Reply::Progress { .. } | Reply::Done { .. } => {}
        Reply::Failed { id, reason } => {
            warn(&format!("the search worker failed: {reason}"));
            if let Some(pending) = id.and_then(take_pending) {
                think_on_page(pending);
            } else if id.is_none() {
                give_up(&reason);
            }
        }
    }
}

/// Sends the pending job if the worker listens and it was not sent yet.
fn send_pending() {
    here().thinker.with_borrow(|thinker| {
        here().pending.with_borrow_mut(|pending| {
            if let Some(p) = pending {
                thinker.send_once(p.id, &p.job, &mut p.sent);
            }
        })
    });
}

/// The pending job if it is job `id`.
fn take_pending(id: JobId) -> Option<Pending> {
    here().pending.with_borrow_mut(|pending| {
        if pending.as_ref().is_some_and(|p| p.id == id) {
            pending.take()
        } else {
            None
        }
    })
}

/// The worker cannot be used: stop it, and let the page think from now on
/// (the pending job included).
fn give_up(reason: &str) {
    warn(&format!(
        "search worker stopped ({reason}): the page thinks"
    ));
    here().thinker.with_borrow_mut(Place::give_up);
    if let Some(pending) = here().pending.take() {
        think_on_page(pending);
    }
}

/// The fallback: the same search on the page, in slices between frames.
/// Its code is a part of the page of its own (src/parts/): nearly every
/// browser runs the worker.
fn think_on_page(pending: Pending) {
    leptos::task::spawn_local(async move {
        if think_on_page_part(pending).await.is_err() {
            warn("the page's own search could not be loaded");
        }
    });
}

split! { page_search =>
    fn think_on_page_part(pending: Pending) -> Result<(), crate::parts::SplitLoaderError> {
        search_on_page(pending);
        Ok(())
    }
}

fn search_on_page(pending: Pending) {
    browser::set_root_attributes(&[("data-search", "page")]);
    let Pending {
        id,
        job,
        game,
        done,
        ..
    } = pending;
    let Job::BotTurn { level, seed, .. } = job else {
        return; // only computers' turns are asked here
    };
    match (
        search_iterations(level),
        LevelSearch::new(level, &Observation::to_move(&game), seed),
    ) {
        (Some(iterations), Some(search)) => search_in_slices(id, search, iterations, done),
        // The levels that do not search choose at once.
        _ => {
            if let Some(turn) = search_job::bot_turn(level, &game, seed) {
                set_timeout(move || finish(id, turn, done), Duration::ZERO);
            }
        }
    }
}

fn search_in_slices(
    id: JobId,
    mut search: LevelSearch,
    iterations: u32,
    done: Box<dyn FnOnce(Turn)>,
) {
    if here().latest.get() != id {
        return; // cancelled
    }
    let start = browser::now_ms();
    while search.iterations() < iterations && browser::now_ms() - start < SLICE_MS {
        // A few iterations between clock reads; the total stays exact.
        search.run(4.min(iterations - search.iterations()));
    }
    if search.iterations() >= iterations {
        if let Some(turn) = search.best() {
            set_timeout(move || finish(id, turn, done), Duration::ZERO);
        }
    } else {
        set_timeout(
            move || search_in_slices(id, search, iterations, done),
            Duration::ZERO,
        );
    }
}

fn finish(id: JobId, turn: Turn, done: Box<dyn FnOnce(Turn)>) {
    if here().latest.get() == id {
        browser::timing_end("majesty-think", id);
        done(turn);
    }
}

fn warn(text: &str) {
    leptos::logging::warn!("{text}");
}
