//! The app shell: shared state, the screens and the home screen.

use leptos::prelude::*;

use crate::board::GameScreen;
use crate::embed;
use crate::home::HomeScreen;
use crate::link::{decode_record, Link, LinkProblem};
use crate::setup::{random_seed, SetupScreen};
use majesty_rules::bots::Level;
use majesty_rules::{GameConfig, GameRecord};

use crate::i18n::{texts, Lang, Texts};
use crate::session::Session;
use crate::storage;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    /// A link's game or replay is being opened.
    Opening,
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
            Err(e) => self.notice.set(Some(self.t_now().cannot_open_record(&e))),
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
            self.notice.set(Some(self.t_now().save_failed(&e)));
        }
    }

    /// Switches to `lang`, remembering the choice if asked to.
    pub fn switch_language(&self, lang: Lang, remember: bool) {
        self.lang.set(lang);
        if remember {
            storage::save_language(lang.code());
        }
    }

    /// Whether a game is being played here: not a replay being watched, nor
    /// an embedded game (which never saves).
    fn playing(&self) -> bool {
        self.screen.get_untracked() == Screen::Game
            && !self.embed
            && self.replay.with_untracked(Option::is_none)
    }

    /// Another tab saved the game: show its position rather than overwrite it
    /// with an older one at the next turn.
    pub fn follow_other_tab(&self) {
        let Ok(theirs) = storage::load() else {
            return;
        };
        let differs = self
            .session
            .with_untracked(|s| s.as_ref().is_some_and(|mine| mine.record != theirs.record));
        if differs && self.playing() {
            self.session.set(Some(theirs));
            self.notice.set(Some(self.t_now().other_tab().to_string()));
        }
    }

    /// The catalogue of the current language, outside reactive code.
    pub fn t_now(&self) -> &'static dyn Texts {
        texts(self.lang.get_untracked())
    }
}

/// The app, in `lang` (whose catalogue is at hand: see `main`).
#[component]
pub fn App(lang: Lang) -> impl IntoView {
    let link = current_link();
    let state = AppState {
        screen: RwSignal::new(Screen::Home),
        session: RwSignal::new(None),
        replay: RwSignal::new(None),
        embed: link.embed,
        parent_origin: StoredValue::new(link.parent_origin.clone()),
        lang: RwSignal::new(lang),
        can_save: RwSignal::new(storage::available()),
        notice: RwSignal::new(None),
    };
    provide_context(state);
    crate::prefs::Theme::saved().apply();
    start_from_link(state, link);
    reload_on_new_fragment();
    storage::on_change_elsewhere(move || {
        if state.playing() {
            state.follow_other_tab();
        }
    });
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
                <span class="top-tools">
                    <crate::prefs::ThemePicker/>
                    <LanguagePicker/>
                </span>
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
                    Screen::Opening => view! { <Loading/> }.into_any(),
                    Screen::Setup => view! { <SetupScreen/> }.into_any(),
                    Screen::Game => view! { <GameScreen/> }.into_any(),
                }}
            </main>
        </div>
    }
}

/// Sets the User Timing mark `name` (`performance.mark`), the first time
/// only: the moments the load measurements read.
pub fn mark_once(name: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        if performance.get_entries_by_name(name).length() == 0 {
            let _ = performance.mark(name);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = name;
}

/// "Loading…" while a link's game is being opened.
#[component]
fn Loading() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! { <p class="loading" role="status">{move || state.t().loading()}</p> }
}

/// A new `#deal=` or `#record=` in the same tab (a link followed, or an
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

/// Opens what the link asks for (just after the first paint, which shows
/// "Loading" rather than the home screen), or says which of its parameters
/// could not be used; in a frame, first says "ready" to the embedding page
/// and starts following its commands.
fn start_from_link(state: AppState, link: Link) {
    let opens = link.record.is_some() || link.starts_a_game() || link.embed;
    let framed = embed::is_framed();
    if opens {
        state.screen.set(Screen::Opening);
    } else {
        report_link_problems(state, &link.problems);
    }
    if !opens && !framed {
        return;
    }
    leptos::task::spawn_local(async move {
        // "ready" goes before any message about the game.
        if framed {
            talk_to_parent(state);
        }
        if opens {
            open_link(state, link);
            if state.screen.get_untracked() == Screen::Opening {
                state.screen.set(Screen::Home);
            }
        }
    });
}

fn report_link_problems(state: AppState, problems: &[LinkProblem]) {
    if problems.is_empty() {
        return;
    }
    let t = state.t_now();
    let problems: Vec<String> = problems.iter().map(|p| t.link_problem(p)).collect();
    state.notice.set(Some(t.bad_link(&problems.join("; "))));
}

/// Opens a recorded game or scenario, a deal, or (in an embedded page) a new
/// game; says which parameters could not be used.
pub fn open_link(state: AppState, link: Link) {
    let mut problems = link.problems.clone();
    let record = match link.record.as_deref().map(decode_record) {
        Some(Err(problem)) => {
            problems.push(problem);
            None
        }
        Some(Ok(record)) => Some(record),
        None => None,
    };
    report_link_problems(state, &problems);
    if let Some(record) = record {
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
    let t = state.t_now();
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
        Ok(Err(e)) => state.notice.set(Some(t.cannot_open_record(&e))),
        Err(e) => state.notice.set(Some(t.player_count(e.0))),
    }
}

/// In another site's page: says "ready" to it, and follows its commands.
pub fn talk_to_parent(state: AppState) {
    embed::on_command(state.parent_origin.get_value(), move |command| {
        let lang = command
            .get("lang")
            .and_then(|l| l.as_str())
            .and_then(Lang::from_code);
        if let (Some("setLanguage"), Some(lang)) =
            (command.get("type").and_then(|t| t.as_str()), lang)
        {
            state.switch_language(lang, false);
        }
    });
    embed::notify_parent(
        state.parent_origin.get_value().as_deref(),
        "ready",
        serde_json::json!({}),
    );
}

/// Opens a game record file's text in the replay viewer, at its last turn.
pub fn open_record(state: AppState, text: &str) {
    match GameRecord::from_json(text).and_then(|r| r.replay().map(|_| r)) {
        Ok(record) => {
            let end = record.turns.len();
            state.open_replay(record, Vec::new(), end);
        }
        Err(e) => state.notice.set(Some(state.t_now().cannot_open_record(&e))),
    }
}

/// The language at start: the `lang=` parameter, the saved choice, the
/// browser's languages, else English.
pub fn initial_language() -> Lang {
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
            prop:value=move || state.lang.get().code()
            aria-label=move || state.t().language()
            on:change=move |ev| {
                if let Some(lang) = Lang::from_code(&event_target_value(&ev)) {
                    state.switch_language(lang, true);
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
