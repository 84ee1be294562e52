//! Majesty: For the Realm in the browser. The UI only: every rule is in the
//! `majesty-rules` crate.

mod app;
mod board;
mod bot_driver;
mod describe;
mod embed;
mod final_table;
mod home;
mod i18n;
mod icons;
mod lazy;
mod link;
mod session;
mod setup;
mod storage;

use leptos::prelude::*;

use i18n::Lang;

fn main() {
    console_error_panic_hook::set_once();
    // The first screen waits for its language's catalogue (English is built
    // in; another is fetched), so it never shows in the wrong language.
    wasm_bindgen_futures::spawn_local(async {
        let wanted = app::initial_language();
        let lang = if i18n::load(wanted).await.is_ok() {
            wanted
        } else {
            Lang::En
        };
        leptos::mount::mount_to_body(move || view! { <app::App lang/> });
    });
}
