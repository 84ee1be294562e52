//! The page's side of a search worker (`src/bin/search_worker.rs`): starting
//! one, sending it a request and reading its replies. The computers
//! (`bot_driver`) and the coach (`coach::runner`) each keep a worker of
//! their own, so that a computer's turn never waits behind a review.

use std::rc::Rc;

use majesty_ai::coach::{Advice, Reason, Review, TurnRating};
use majesty_rules::{Seat, Turn};
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::browser;
use crate::model::search_job::{self, JobId, Outcome, Reply, Request};

/// The worker's start (public/search-loader.js), in the build's folder
/// that the page names (`<meta name="majesty-build">`:
/// scripts/post-build.mjs).
fn loader() -> String {
    let folder = browser::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=majesty-build]").ok().flatten())
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| "./".into());
    format!("{folder}search-loader.js")
}

/// A new worker whose every reply, or the reason it cannot be used (its
/// module failed to load, it stopped, it said something unreadable), goes
/// to `on_reply`.
pub fn spawn(on_reply: impl Fn(Result<Reply, String>) + 'static) -> Result<Worker, String> {
    browser::window().ok_or("no browser")?;
    let worker = Worker::new(&loader()).map_err(|e| format!("{e:?}"))?;
    let on_reply = Rc::new(on_reply);
    let on_message = Closure::<dyn Fn(MessageEvent)>::new({
        let on_reply = on_reply.clone();
        move |event: MessageEvent| match event.data().as_string() {
            Some(text) => on_reply(read_reply(&text)),
            None => on_reply(Err("a reply that is not text".into())),
        }
    });
    let on_error = Closure::<dyn Fn(web_sys::Event)>::new(move |event: web_sys::Event| {
        let reason = event
            .dyn_ref::<web_sys::ErrorEvent>()
            .map_or_else(|| "it could not start".to_string(), |e| e.message());
        on_reply(Err(reason));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // The handlers live as long as the worker; a terminated worker calls
    // them no more, and their few bytes stay.
    on_message.forget();
    on_error.forget();
    Ok(worker)
}

/// Sends `request`; whether the worker took it.
pub fn post(worker: &Worker, request: &Request) -> bool {
    worker
        .post_message(&JsValue::from_str(&search_job::to_text(request)))
        .is_ok()
}

/// Where a search worker stands: the computers' and the coach's each keep
/// one (`bot_driver`, `coach::runner`).
#[derive(Default)]
pub enum Place {
    #[default]
    NotStarted,
    /// Created, not yet listening: a job waits.
    Starting(Worker),
    Ready(Worker),
    /// No worker here: the page computes.
    Unavailable,
}

impl Place {
    /// Creates the worker if there is none, its replies to `on_reply`;
    /// whether one can be used (`Err`: why none could be created, now
    /// `Unavailable`).
    pub fn start(
        &mut self,
        on_reply: impl Fn(Result<Reply, String>) + 'static,
    ) -> Result<bool, String> {
        if matches!(self, Place::NotStarted) {
            match spawn(on_reply) {
                Ok(worker) => *self = Place::Starting(worker),
                Err(reason) => {
                    *self = Place::Unavailable;
                    return Err(reason);
                }
            }
        }
        Ok(!matches!(self, Place::Unavailable))
    }

    /// The worker said it listens.
    pub fn listening(&mut self) {
        if let Place::Starting(worker) = self {
            *self = Place::Ready(worker.clone());
        }
    }

    /// Sends job `id` unless `sent` says it was, if the worker listens;
    /// `sent` then says whether it took it.
    pub fn send_once(&self, id: JobId, job: &search_job::Job, sent: &mut bool) {
        if let (Place::Ready(worker), false) = (self, *sent) {
            let request = Request {
                id,
                job: job.for_worker(),
            };
            *sent = post(worker, &request);
        }
    }

    /// Stops a listening worker busy with a job no longer wanted: the next
    /// job starts a new one.
    pub fn stop(&mut self) {
        if let Place::Ready(worker) = self {
            worker.terminate();
            *self = Place::NotStarted;
        }
    }

    /// The worker cannot be used: stopped, and the page computes from now on.
    pub fn give_up(&mut self) {
        if let Place::Starting(worker) | Place::Ready(worker) =
            std::mem::replace(self, Place::Unavailable)
        {
            worker.terminate();
        }
    }
}

/// The [`Reply`] in `text`, read with the browser's JSON parser and only
/// turns with serde: serde's code for the whole reply cost the page's module
/// about 4 KB gzip, 12 KB with the coach's outcomes. The worker writes it with serde
/// (`search_job::to_text`); the browser tests see them agree
/// (e2e/worker.spec.mjs, e2e/coach.spec.mjs).
pub fn read_reply(text: &str) -> Result<Reply, String> {
    let bad = || format!("not a search reply: {text:.80}");
    let value = js_sys::JSON::parse(text).map_err(|_| bad())?;
    let id = |of: &JsValue| number(of, "id").map(|id| id as JobId);
    if value.as_string().as_deref() == Some("ready") {
        Ok(Reply::Ready)
    } else if let Some(progress) = field(&value, "progress") {
        Ok(Reply::Progress {
            id: id(&progress).ok_or_else(bad)?,
            done: number(&progress, "done").ok_or_else(bad)? as u32,
            total: number(&progress, "total").ok_or_else(bad)? as u32,
        })
    } else if let Some(done) = field(&value, "done") {
        let outcome = field(&done, "outcome").and_then(|o| read_outcome(&o));
        Ok(Reply::Done {
            id: id(&done).ok_or_else(bad)?,
            outcome: outcome.ok_or_else(bad)?,
        })
    } else if let Some(failed) = field(&value, "failed") {
        Ok(Reply::Failed {
            id: id(&failed),
            reason: field(&failed, "reason")
                .and_then(|r| r.as_string())
                .unwrap_or_default(),
        })
    } else {
        Err(bad())
    }
}

/// The outcome in `value`: None when it is none of the kinds or does not
/// read. Turns are read by serde (as records' turns are); the rest by hand,
/// field by field: serde's code for advice and reviews cost the page's
/// module 8 KB gzip. A hint's reasons are not read: the coach recomputes
/// them from the game (`coach::runner::hint`), which is cheap.
fn read_outcome(value: &JsValue) -> Option<Outcome> {
    if let Some(bot) = field(value, "bot_turn") {
        let turn = field(&bot, "turn")?;
        let turn = serde_of::<Option<Turn>>(&turn).ok()?;
        Some(Outcome::BotTurn { turn })
    } else if let Some(hint) = field(value, "hint") {
        let advice = list(&field(&hint, "advice")?, read_advice)?;
        Some(Outcome::Hint { advice })
    } else if let Some(review) = field(value, "review") {
        let review = field(&review, "review")?;
        let review = Review {
            ratings: list(&field(&review, "ratings")?, read_rating)?,
            costliest: list(&field(&review, "costliest")?, read_rating)?,
        };
        Some(Outcome::Review { review })
    } else {
        None
    }
}

fn read_advice(value: &JsValue) -> Option<Advice> {
    Some(Advice {
        turn: serde_of(&field(value, "turn")?).ok()?,
        margin: number(value, "margin")?,
        margin_error: number(value, "margin_error")?,
        win_chance: number(value, "win_chance")?,
        visits: number(value, "visits")? as u32,
        share: number(value, "share")?,
        expert: field(value, "expert")?.as_bool()?,
        reason: Reason::default(),
    })
}

fn read_rating(value: &JsValue) -> Option<TurnRating> {
    Some(TurnRating {
        number: number(value, "number")? as usize,
        seat: Seat::new(number(value, "seat")? as usize)?,
        played: serde_of(&field(value, "played")?).ok()?,
        better: serde_of(&field(value, "better")?).ok()?,
        loss: number(value, "loss")?,
    })
}

/// Each item of the array `value` read by `item`; None if one does not read.
fn list<T>(value: &JsValue, item: fn(&JsValue) -> Option<T>) -> Option<Vec<T>> {
    let array = value.dyn_ref::<js_sys::Array>()?;
    array.iter().map(|v| item(&v)).collect()
}

fn field(of: &JsValue, name: &str) -> Option<JsValue> {
    js_sys::Reflect::get(of, &JsValue::from_str(name))
        .ok()
        .filter(|v| !v.is_undefined())
}

fn number(of: &JsValue, name: &str) -> Option<f64> {
    field(of, name).and_then(|v| v.as_f64())
}

/// `value` read by serde from its JSON text.
fn serde_of<T: DeserializeOwned>(value: &JsValue) -> Result<T, String> {
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|t| t.as_string())
        .ok_or("a value without JSON text")?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}
