//! Majesty: For the Realm in the browser. The UI only: every rule is in the
//! `majesty-rules` crate.

mod app;
mod board;
mod bot_driver;
mod describe;
mod embed;
mod home;
mod i18n;
mod icons;
mod link;
mod prefs;
mod session;
mod setup;
mod storage;

use leptos::prelude::*;

fn main() {
    console_error_panic_hook::set_once();
    let lang = app::initial_language();
    leptos::mount::mount_to_body(move || view! { <app::App lang/> });
}
