//! The app shell: shared state, the screens and the home screen.

use leptos::prelude::*;

use crate::board::GameScreen;
use crate::embed;
use crate::link::Link;
use crate::setup::random_seed;
use majesty_rules::bots::Level;
use majesty_rules::{GameConfig, GameRecord, Location, Side};

use crate::i18n::{describe_ability, texts, Lang, Texts};
use crate::session::Session;
use crate::setup::SetupScreen;
use crate::storage::{self, Found};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Setup,
    Game,
}

/// A recorded game being watched step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub record: GameRecord,
    pub seats: Vec<Option<Level>>,
    /// Turns shown (0: the deal).
    pub step: usize,
}

/// State shared by every screen.
#[derive(Clone, Copy)]
pub struct AppState {
    pub screen: RwSignal<Screen>,
    pub session: RwSignal<Option<Session>>,
    /// Set while watching a replay: the board shows `session` read-only.
    pub replay: RwSignal<Option<Replay>>,
    /// Inside another site's page (`embed=1`): compact, never saves.
    pub embed: bool,
    /// The embedding page's origin (`parentOrigin=`), if known.
    pub parent_origin: StoredValue<Option<String>>,
    pub lang: RwSignal<Lang>,
    /// False when the browser refuses storage: the game plays but is not saved.
    pub can_save: RwSignal<bool>,
    /// A message for the player (a failed save, another tab...).
    pub notice: RwSignal<Option<String>>,
}

impl AppState {
    /// The catalogue of the current language (reactive).
    pub fn t(&self) -> &'static dyn Texts {
        texts(self.lang.get())
    }

    /// Starts playing `session` and saves it.
    pub fn open(&self, session: Session) {
        self.replay.set(None);
        self.session.set(Some(session));
        self.save();
        self.screen.set(Screen::Game);
    }

    /// Watches `record` from turn `step`.
    pub fn open_replay(&self, record: GameRecord, seats: Vec<Option<Level>>, step: usize) {
        self.replay.set(Some(Replay {
            record,
            seats,
            step: 0,
        }));
        self.replay_to(step);
        self.screen.set(Screen::Game);
    }

    /// Shows the replay after `step` turns.
    pub fn replay_to(&self, step: usize) {
        let Some(mut replay) = self.replay.get_untracked() else {
            return;
        };
        replay.step = step.min(replay.record.turns.len());
        let mut prefix = replay.record.clone();
        prefix.turns.truncate(replay.step);
        match Session::from_record(prefix, replay.seats.clone()) {
            Ok(session) => {
                self.session.set(Some(session));
                self.replay.set(Some(replay));
            }
            Err(e) => self.notice.set(Some(e.to_string())),
        }
    }

    /// Leaves the replay and plays on from the position shown (the rest of
    /// the record is dropped).
    pub fn play_from_here(&self) {
        self.replay.set(None);
        self.save();
    }

    /// Saves the game being played (after every turn); never a replay, and
    /// never inside another site's page.
    pub fn save(&self) {
        if !self.can_save.get_untracked()
            || self.embed
            || self.replay.with_untracked(Option::is_some)
        {
            return;
        }
        let result = self
            .session
            .with_untracked(|s| s.as_ref().map(storage::save));
        if let Some(Err(e)) = result {
            let t = texts(self.lang.get_untracked());
            self.notice.set(Some(t.save_failed(&e)));
        }
    }

    /// Another tab saved the game: show its position rather than overwrite it
    /// with an older one at the next turn.
    fn saved_elsewhere(&self) {
        let Ok(theirs) = storage::load() else {
            return;
        };
        let differs = self
            .session
            .with_untracked(|s| s.as_ref().is_some_and(|mine| mine.record != theirs.record));
        // Only a game being played follows the other tab: not a replay
        // being watched, nor an embedded game (which never saves).
        let playing = self.screen.get_untracked() == Screen::Game
            && !self.embed
            && self.replay.with_untracked(Option::is_none);
        if differs && playing {
            self.session.set(Some(theirs));
            let t = texts(self.lang.get_untracked());
            self.notice.set(Some(t.other_tab().to_string()));
        }
    }
}

#[component]
pub fn App() -> impl IntoView {
    let link = current_link();
    let state = AppState {
        screen: RwSignal::new(Screen::Home),
        session: RwSignal::new(None),
        replay: RwSignal::new(None),
        embed: link.embed,
        parent_origin: StoredValue::new(link.parent_origin.clone()),
        lang: RwSignal::new(initial_language()),
        can_save: RwSignal::new(storage::available()),
        notice: RwSignal::new(None),
    };
    provide_context(state);
    start_from_link(state, link);
    reload_on_new_fragment();
    embed::on_command(state.parent_origin.get_value(), move |command| {
        let lang = command
            .get("lang")
            .and_then(|l| l.as_str())
            .and_then(Lang::from_code);
        if let (Some("setLanguage"), Some(lang)) =
            (command.get("type").and_then(|t| t.as_str()), lang)
        {
            state.lang.set(lang);
        }
    });
    embed::notify_parent(
        state.parent_origin.get_value().as_deref(),
        "ready",
        serde_json::json!({}),
    );
    storage::on_change_elsewhere(move || state.saved_elsewhere());
    // The page's language, and the words of the service worker's "new
    // version" banner (public/sw-register.js), follow the chosen language.
    Effect::new(move |_| {
        let lang = state.lang.get();
        let t = texts(lang);
        set_root_attributes(&[
            ("lang", lang.code()),
            ("data-update-text", t.new_version_ready()),
            ("data-reload-text", t.reload()),
        ]);
    });
    view! {
        <div class="app" class:embed=state.embed>
            <header class="top">
                <button class="brand" on:click=move |_| { if !state.embed { state.screen.set(Screen::Home) } }
                    title=move || state.t().home()>
                    <span class="crown" aria-hidden="true">"♛"</span>
                    "Majesty"
                </button>
                <span class="tagline">{move || state.t().tagline()}</span>
                <LanguagePicker/>
            </header>
            <Show when=move || !state.can_save.get()>
                <p class="notice" role="status">{move || state.t().storage_unavailable()}</p>
            </Show>
            {move || state.notice.get().map(|text| view! {
                <p class="notice" role="alert">
                    {text}
                    " "
                    <button class="link" on:click=move |_| state.notice.set(None)>{state.t().dismiss()}</button>
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

/// A new `#seed=` or `#record=` in the same tab (a link followed, or an
/// embedding page switching scenarios) starts afresh from the new link.
fn reload_on_new_fragment() {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::closure::Closure;
        use wasm_bindgen::JsCast;
        let Some(window) = web_sys::window() else {
            return;
        };
        let listener = Closure::<dyn Fn()>::new(|| {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        });
        let _ = window
            .add_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
        listener.forget();
    }
}

/// The link the page was opened with.
fn current_link() -> Link {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window().map(|w| w.location());
        let part = |f: fn(&web_sys::Location) -> Result<String, wasm_bindgen::JsValue>| {
            location
                .as_ref()
                .and_then(|l| f(l).ok())
                .unwrap_or_default()
        };
        Link::parse(
            &part(web_sys::Location::search),
            &part(web_sys::Location::hash),
        )
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Link::parse("", "")
    }
}

/// Opens what the link asks for: a recorded game or scenario, a deal, or (in
/// an embedded page) a new game; says which parameters could not be used.
fn start_from_link(state: AppState, link: Link) {
    let t = texts(state.lang.get_untracked());
    if !link.problems.is_empty() {
        let problems: Vec<String> = link
            .problems
            .iter()
            .map(|(key, why)| format!("{key}: {why}"))
            .collect();
        state.notice.set(Some(t.bad_link(&problems.join("; "))));
    }
    if let Some(record) = link.record.clone() {
        let seats = link
            .players
            .as_ref()
            .map(|p| p.iter().map(|(_, level)| *level).collect())
            .unwrap_or_default();
        let end = record.turns.len();
        state.open_replay(record, seats, end);
        return;
    }
    if !link.starts_a_game() && !link.embed {
        return;
    }
    let players = link.players.clone().unwrap_or_else(|| {
        vec![
            (t.default_player_name(0), None),
            (t.default_player_name(1), Some(Level::Medium)),
        ]
    });
    let (names, seats): (Vec<String>, Vec<Option<Level>>) = players.into_iter().unzip();
    let config = GameConfig::new(names.len()).map(|c| {
        c.with_sides(link.sides.unwrap_or_default())
            .with_deck(link.deck.unwrap_or_default())
    });
    let seed = link.seed.unwrap_or_else(random_seed);
    match config.map(|c| Session::new(names, seats, c, seed)) {
        Ok(Ok(session)) => state.open(session),
        Ok(Err(e)) => state.notice.set(Some(e.to_string())),
        Err(e) => state.notice.set(Some(e.to_string())),
    }
}

/// The language at start: the `lang=` parameter, the saved choice, the
/// browser's languages, else English.
fn initial_language() -> Lang {
    #[cfg(target_arch = "wasm32")]
    {
        let window = web_sys::window();
        let url = window
            .as_ref()
            .and_then(|w| w.location().search().ok())
            .and_then(|q| web_sys::UrlSearchParams::new_with_str(&q).ok())
            .and_then(|p| p.get("lang"));
        let browser: Vec<String> = window
            .map(|w| {
                w.navigator()
                    .languages()
                    .iter()
                    .filter_map(|l| l.as_string())
                    .collect()
            })
            .unwrap_or_default();
        Lang::choose(
            url.as_deref(),
            storage::saved_language().as_deref(),
            &browser,
        )
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Lang::choose(None, storage::saved_language().as_deref(), &[])
    }
}

/// Switches the language at any moment; the game goes on.
#[component]
fn LanguagePicker() -> impl IntoView {
    let state = expect_context::<AppState>();
    let options = Lang::ALL
        .iter()
        .map(|&lang| {
            view! {
                <option value=lang.code() selected=move || state.lang.get() == lang lang=lang.code()>
                    {lang.endonym()}
                </option>
            }
        })
        .collect_view();
    view! {
        <select
            class="language"
            aria-label=move || state.t().language()
            on:change=move |ev| {
                if let Some(lang) = Lang::from_code(&event_target_value(&ev)) {
                    state.lang.set(lang);
                    storage::save_language(lang.code());
                }
            }
        >
            {options}
        </select>
    }
}

fn set_root_attributes(attributes: &[(&str, &str)]) {
    #[cfg(target_arch = "wasm32")]
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        for (name, value) in attributes {
            let _ = root.set_attribute(name, value);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = attributes;
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
        Err(e) => state.notice.set(Some(state.t().cannot_open_save(&e))),
    };
    let saved = move || {
        let t = state.t();
        match found.get() {
            Found::Nothing => None,
            Found::Game(save) => {
                let game = &save.record;
                let total = game.players.len() * 12;
                let summary = t.saved_game_summary(
                    &game.players.join(", "),
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
    };
    view! {
        <section class="home">
            <h1>"Majesty: For the Realm"</h1>
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

/// Opens a game record file in the replay viewer, at its last turn.
fn open_record_file(ev: leptos::ev::Event) {
    let state = expect_context::<AppState>();
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let Some(file) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|input| input.files())
            .and_then(|files| files.get(0))
        else {
            return;
        };
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            match GameRecord::from_json(&text).and_then(|r| r.replay().map(|_| r)) {
                Ok(record) => {
                    let end = record.turns.len();
                    state.open_replay(record, Vec::new(), end);
                }
                Err(e) => state.notice.set(Some(e.to_string())),
            }
        });
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (ev, state);
}

/// When a save was made, in the browser's words.
fn saved_when(saved_at: u64) -> Option<String> {
    if saved_at == 0 {
        return None;
    }
    #[cfg(target_arch = "wasm32")]
    {
        let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(saved_at as f64));
        Some(String::from(date.to_locale_string(
            "default",
            &wasm_bindgen::JsValue::UNDEFINED,
        )))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Some(saved_at.to_string())
    }
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
