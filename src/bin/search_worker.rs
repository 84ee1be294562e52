//! The search worker: the computers' thinking, off the page's thread. Trunk
//! builds it as a second module (`index.html`, `data-type="worker"`), which
//! `public/search-loader.js` starts inside a Web Worker the page creates at
//! its first computer turn (`play::bot_driver`). Only the rules, the
//! computer players and the message types are in it: no Leptos, no page.
//!
//! It answers one request at a time, in order: a request is a JSON text
//! (`search_job::Request`), each answer too (`search_job::Reply`), and it says
//! `Ready` once it listens. A long job (the coach's) tells its progress on
//! the way. The page runs two: one for the computers, one for the coach.

// Natively (clippy, `cargo build`) only a stub `main` is built.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use majesty_model::search_job::{self, Reply, Request};

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = {
        let scope = scope.clone();
        move |reply: &Reply| {
            let _ = scope.post_message(&JsValue::from_str(&search_job::to_text(reply)));
        }
    };
    let on_message = Closure::<dyn Fn(MessageEvent)>::new({
        let post = post.clone();
        move |event: MessageEvent| {
            let reply = respond(event.data().as_string(), &mut |id, done, total| {
                post(&Reply::Progress { id, done, total })
            });
            post(&reply)
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as the page: so does its handler.
    on_message.forget();
    post(&Reply::Ready);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the search worker runs in a browser: it is built by `trunk build`");
    std::process::exit(2);
}

/// The answer to one message; `progress` hears how far a long job is
/// (the job's id, done, total).
fn respond(message: Option<String>, progress: &mut dyn FnMut(u32, u32, u32)) -> Reply {
    let request = message
        .ok_or_else(|| "a search request is a JSON text".to_string())
        .and_then(|text| search_job::read::<Request>(&text));
    match request {
        Ok(Request { id, job }) => {
            match job.answer_with(&mut |done, total| progress(id, done, total)) {
                Ok(outcome) => Reply::Done { id, outcome },
                Err(reason) => Reply::Failed {
                    id: Some(id),
                    reason,
                },
            }
        }
        Err(reason) => Reply::Failed { id: None, reason },
    }
}
