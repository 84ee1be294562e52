//! The app shell: shared state, the screens and the home screen.

use leptos::prelude::*;

use crate::board::GameScreen;
use crate::session::Session;
use crate::setup::SetupScreen;
use crate::storage::{self, Found};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Setup,
    Game,
}

/// State shared by every screen.
#[derive(Clone, Copy)]
pub struct AppState {
    pub screen: RwSignal<Screen>,
    pub session: RwSignal<Option<Session>>,
    /// False when the browser refuses storage: the game plays but is not saved.
    pub can_save: RwSignal<bool>,
    /// A message for the player (a failed save, an unreadable file...).
    pub notice: RwSignal<Option<String>>,
}

impl AppState {
    /// Starts playing `session` and saves it.
    pub fn open(&self, session: Session) {
        self.session.set(Some(session));
        self.save();
        self.screen.set(Screen::Game);
    }

    /// Saves the game being played (after every turn).
    pub fn save(&self) {
        if !self.can_save.get_untracked() {
            return;
        }
        let result = self
            .session
            .with_untracked(|s| s.as_ref().map(storage::save));
        if let Some(Err(e)) = result {
            self.notice
                .set(Some(format!("This game could not be saved: {e}.")));
        }
    }
}

#[component]
pub fn App() -> impl IntoView {
    let state = AppState {
        screen: RwSignal::new(Screen::Home),
        session: RwSignal::new(None),
        can_save: RwSignal::new(storage::available()),
        notice: RwSignal::new(None),
    };
    provide_context(state);
    view! {
        <div class="app">
            <header class="top">
                <button class="brand" on:click=move |_| state.screen.set(Screen::Home) title="Home">
                    <span class="crown" aria-hidden="true">"♛"</span>
                    "Majesty"
                </button>
                <span class="tagline">"For the Realm"</span>
            </header>
            <Show when=move || !state.can_save.get()>
                <p class="notice" role="status">
                    "This browser does not allow this page to store data: you can play, but the game will not be saved."
                </p>
            </Show>
            {move || state.notice.get().map(|text| view! {
                <p class="notice" role="alert">
                    {text}
                    " "
                    <button class="link" on:click=move |_| state.notice.set(None)>"Dismiss"</button>
                </p>
            })}
            <main>
                {move || match state.screen.get() {
                    Screen::Home => view! { <HomeScreen/> }.into_any(),
                    Screen::Setup => view! { <SetupScreen/> }.into_any(),
                    Screen::Game => view! { <GameScreen/> }.into_any(),
                }}
            </main>
        </div>
    }
}

/// A `data:` URL for downloading `text` as a JSON file.
pub fn json_download_url(text: &str) -> String {
    let mut url = String::from("data:application/json;charset=utf-8,");
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~".contains(&byte) {
            url.push(byte as char);
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

#[component]
fn HomeScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let found = RwSignal::new(storage::find());
    let resume = move |_| match storage::load() {
        Ok(session) => {
            state.session.set(Some(session));
            state.screen.set(Screen::Game);
        }
        Err(e) => state
            .notice
            .set(Some(format!("The saved game could not be opened: {e}."))),
    };
    let saved = move || match found.get() {
        Found::Nothing => None,
        Found::Game(save) => {
            let game = &save.record;
            let total = game.players.len() * 12;
            let summary = format!(
                "{} — turn {} of {total}",
                game.players.join(", "),
                (game.turns.len() + 1).min(total)
            );
            let when = saved_when(save.saved_at);
            Some(
                view! {
                    <section class="panel resume">
                        <h2>"Your game"</h2>
                        <p>{summary}</p>
                        <p class="muted">{when}</p>
                        <button class="primary" on:click=resume>"Resume"</button>
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
                        <h2>"A saved game could not be opened"</h2>
                        <p>{format!("The save in this browser cannot be opened: {reason}. It is kept until you discard it.")}</p>
                        <a class="button" href=url download="majesty-unreadable-save.json">"Download it"</a>
                        " "
                        <button on:click=move |_| {
                            storage::discard_unreadable();
                            found.set(storage::find());
                        }>"Discard it"</button>
                    </section>
                }
                .into_any(),
            )
        }
    };
    view! {
        <section class="home">
            <h1>"Majesty: For the Realm"</h1>
            <p class="lead">"Build the richest realm: take one character a turn, place it, and let its location pay you."</p>
            {saved}
            <p>
                <button class="primary big" on:click=move |_| state.screen.set(Screen::Setup)>"New game"</button>
            </p>
            <HowToPlay/>
        </section>
    }
}

fn saved_when(saved_at: u64) -> String {
    if saved_at == 0 {
        return String::new();
    }
    #[cfg(target_arch = "wasm32")]
    {
        let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(saved_at as f64));
        format!(
            "Saved {}",
            String::from(date.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED))
        )
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        format!("Saved at {saved_at}")
    }
}

#[component]
fn HowToPlay() -> impl IntoView {
    view! {
        <details class="panel how">
            <summary>"How to play"</summary>
            <ol>
                <li>"On your turn, take one card from the display. The front card is free; each card further back costs one more meeple, which you leave on the cards you skip. You gain the meeples lying on the card you take."</li>
                <li>"Place the character at its location (a split card: choose which half). The location activates and pays you points, meeples, or lets you attack, heal or trade."</li>
                <li>"At the end of your turn, meeples beyond the 5 spaces of your worker card become 1 point each."</li>
                <li>"When every player has 12 cards, final scoring: lose points for the Infirmary, gain n × n for n different locations with characters, and the value of each location where you have the most characters (ties all score)."</li>
            </ol>
        </details>
    }
}
