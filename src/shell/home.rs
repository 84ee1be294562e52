//! The home screen: the saved game, a new game, a record to watch, and the
//! rules in short.

use leptos::prelude::*;
use majesty_rules::{Location, Side};

use crate::i18n::describe_ability;
use crate::model::link::json_download_url;
use crate::model::storage::{self, Found};
use crate::state::{AppState, Screen};

#[component]
pub fn HomeScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let saved = storage::has_save().then(|| view! { <SavedGame/> });
    Effect::new(|_| crate::browser::mark_once("home-ready"));
    view! {
        <section class="home">
            <h1>{move || state.t().title()}</h1>
            <p class="lead">{move || state.t().home_lead()}</p>
            {saved}
            <p>
                <button class="primary big" on:click=move |_| state.screen.set(Screen::Setup)>
                    {move || state.t().new_game()}
                </button>
            </p>
            <p>
                <label class="open-record">
                    {move || state.t().open_record()}
                    " "
                    <input type="file" accept=".json,application/json" on:change=open_record_file/>
                </label>
            </p>
            <HowToPlay/>
        </section>
    }
}

/// The saved game to resume, or a save that cannot be read, kept aside.
#[component]
pub fn SavedGame() -> impl IntoView {
    let state = expect_context::<AppState>();
    let found = RwSignal::new(storage::find());
    let resume = move |_| match storage::load() {
        Ok(session) => {
            state.session.set(Some(session));
            state.screen.set(Screen::Game);
        }
        Err(e) => state.notice.set(Some(state.t().cannot_open_save(&e))),
    };
    move || {
        let t = state.t();
        match found.get() {
            Found::Nothing => None,
            Found::Game(save) => {
                let game = &save.record;
                let total = game.players.len() * 12;
                let summary = t.saved_game_summary(
                    game.players.join(", "),
                    (game.turns.len() + 1).min(total),
                    total,
                );
                let when = saved_when(save.saved_at).map(|w| t.saved_when(&w));
                Some(
                    view! {
                        <section class="panel resume">
                            <h2>{t.your_game()}</h2>
                            <p>{summary}</p>
                            <p class="muted">{when}</p>
                            <button class="primary" on:click=resume>{t.resume()}</button>
                        </section>
                    }
                    .into_any(),
                )
            }
            Found::Unreadable { text, reason } => {
                let url = json_download_url(&text);
                Some(
                    view! {
                        <section class="panel warning" role="alert">
                            <h2>{t.unreadable_title()}</h2>
                            <p>{t.unreadable_body(&reason)}</p>
                            <a class="button" href=url download="majesty-unreadable-save.json">{t.download_it()}</a>
                            " "
                            <button on:click=move |_| {
                                storage::discard_unreadable();
                                found.set(storage::find());
                            }>{t.discard_it()}</button>
                        </section>
                    }
                    .into_any(),
                )
            }
        }
    }
}

/// Opens a game record file in the replay viewer, at its last turn.
fn open_record_file(ev: leptos::ev::Event) {
    let state = expect_context::<AppState>();
    let Some(text) = chosen_file_text(&ev) else {
        return;
    };
    leptos::task::spawn_local(async move {
        let text = text.await.unwrap_or_default();
        crate::opening::open_record(state, &text);
    });
}

/// The text of the file chosen in a file input, once read.
fn chosen_file_text(
    ev: &leptos::ev::Event,
) -> Option<impl std::future::Future<Output = Option<String>>> {
    use wasm_bindgen::JsCast;
    let file = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .and_then(|input| input.files())
        .and_then(|files| files.get(0))?;
    Some(async move {
        wasm_bindgen_futures::JsFuture::from(file.text())
            .await
            .ok()
            .and_then(|v| v.as_string())
    })
}

/// When a save was made, in the browser's words.
fn saved_when(saved_at: u64) -> Option<String> {
    if saved_at == 0 {
        return None;
    }
    crate::browser::window()?;
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(saved_at as f64));
    Some(String::from(date.to_locale_string(
        "default",
        &wasm_bindgen::JsValue::UNDEFINED,
    )))
}

/// The rules in short, and every location on both sides, described from the
/// engine's own ability data.
#[component]
fn HowToPlay() -> impl IntoView {
    let state = expect_context::<AppState>();
    let locations = move || {
        let t = state.t();
        Location::ALL
            .iter()
            .map(|&l| {
                view! {
                    <tr>
                        <th scope="row">{format!("{} {}", l.index() + 1, t.location(l))}</th>
                        <td>{describe_ability(t, l, Side::A)}</td>
                        <td>{describe_ability(t, l, Side::B)}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <details class="panel how">
            <summary>{move || state.t().how_to_play()}</summary>
            <ol>
                {move || state.t().how_to_play_steps().map(|step| view! { <li>{step}</li> }).collect_view()}
            </ol>
            <table class="abilities-table">
                <thead>
                    <tr>
                        <th scope="col">{move || state.t().location_cards()}</th>
                        <th scope="col">{move || state.t().side(Side::A)}</th>
                        <th scope="col">{move || state.t().side(Side::B)}</th>
                    </tr>
                </thead>
                <tbody>{locations}</tbody>
            </table>
        </details>
    }
}
