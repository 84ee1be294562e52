//! Majesty: For the Realm in the browser. The UI only: every rule is in the
//! `majesty-rules` crate, the computer players and the coach in `majesty-ai`,
//! the scenarios and the tutorials in `majesty-content`.
//!
//! Layers, each using only those listed before it: below them all the
//! crate `majesty-model` (the pure models: links, saves, settings, the
//! session, live play's protocol; Cargo keeps the page out of it), then
//! `browser` (the page's small side effects), `model` (those models with
//! the side effects that feed them: storage, listeners, the record
//! reader), `i18n` (every text), `state` (the signals the screens share),
//! `services` (what keeps them and this browser in step: saving, other
//! tabs, the language), `parts` and `widgets` (the parts fetched later,
//! small shared pieces), `remote` (play by link and live), `play` (setup,
//! board, replay, final table), `editor` (the scenario editor, over
//! `play`'s cards), `opening` (what the page opens with: a link's game, a
//! live game, the editor), `shell` (the first screen and the page's
//! frame), and `app`, which shows one of them. `scripts/check-imports.mjs` fails on a cycle among them.

mod app;
mod browser;
mod editor;
mod i18n;
mod model;
mod opening;
mod parts;
mod play;
mod registry;
mod remote;
mod services;
mod shell;
mod state;
mod widgets;

use leptos::prelude::*;

fn main() {
    console_error_panic_hook::set_once();
    let wanted = opening::initial_language();
    // The part of the page a link opens on is fetched at once, beside the
    // language (its screen then draws on the first paint).
    let link = opening::current_link();
    // (The home screen is a part too; a plain visit goes on instead with
    // the one unfinished game, whose board is in the main module, where
    // this browser keeps one game: as the page's first script guesses.)
    let first = match link.route() {
        model::link::Route::Home if opening::likely_goes_on() => None,
        model::link::Route::Home => Some(shell::home::SCREEN),
        model::link::Route::Statistics => Some(shell::stats::SCREEN),
        _ => opening::first_part(&link),
    };
    let beside = opening::part_beside_first(&link);
    for piece in first.into_iter().chain(beside) {
        wasm_bindgen_futures::spawn_local(parts::preload(piece));
    }
    // So is the record reader, when the page reads a record as it starts.
    let reads = opening::reads_records(&link);
    if reads {
        wasm_bindgen_futures::spawn_local(async {
            let _ = model::reader::load().await;
        });
    }
    // The first paint is in the page's language: English is compiled in,
    // another language's file is fetched first (without it, English).
    // (Leptos' own spawner starts with the mount, hence wasm-bindgen's.)
    wasm_bindgen_futures::spawn_local(async move {
        let lang = match i18n::load(wanted).await {
            Ok(_) => wanted,
            Err(_) => i18n::Lang::ALL[0],
        };
        // (The same fetch as above: a part is loaded once.)
        for piece in first.into_iter().chain(beside) {
            parts::preload(piece).await;
        }
        // (If it cannot be fetched, the page opens without it: no kept
        // game is listed or written over, and a link's record is opened
        // once it is here, or a notice offers Retry: `opening`.)
        if reads {
            let _ = model::reader::load().await;
        }
        // (The app drawn in a task of its own, after the module's start.)
        browser::next_task().await;
        browser::remove_first_drawings();
        leptos::mount::mount_to_body(move || view! { <app::App lang/> });
    });
}
