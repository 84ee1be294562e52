//! Majesty: For the Realm in the browser. The UI only: every rule is in the
//! `majesty-rules` crate.
//!
//! Layers, each using only those listed before it: `model` (data, storage,
//! links, settings), `i18n` (every text), `state` (what the screens share),
//! `browser` and `opening` (what the page opens with), then the screens:
//! `shell` (the first screen and the page's frame) and `play` (setup, board,
//! replay, final table), and `app`, which shows one of them.

mod app;
mod browser;
mod i18n;
mod model;
mod opening;
mod play;
mod shell;
mod state;

use leptos::prelude::*;

fn main() {
    console_error_panic_hook::set_once();
    let lang = opening::initial_language();
    leptos::mount::mount_to_body(move || view! { <app::App lang/> });
}
