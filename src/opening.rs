//! What the page opens with: the link's game, replay or scenario, a game
//! record file, the language at start, and the embedding page's commands.

use leptos::prelude::*;
use majesty_rules::bots::Level;
use majesty_rules::{GameConfig, GameRecord};

use crate::browser;
use crate::i18n::Lang;
use crate::model::embed;
use crate::model::link::{decode_record, Link, LinkProblem};
use crate::model::session::{random_seed, Session};
use crate::model::storage;
use crate::state::{AppState, Screen};

/// A new `#deal=` or `#record=` in the same tab (a link followed, or an
/// embedding page switching scenarios) starts afresh from the new link.
pub fn reload_on_new_fragment() {
    if browser::window().is_none() {
        return;
    }
    let _ = window_event_listener(leptos::ev::hashchange, |_| {
        if let Some(w) = browser::window() {
            let _ = w.location().reload();
        }
    });
}

/// The link the page was opened with.
pub fn current_link() -> Link {
    let location = browser::window().map(|w| w.location());
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

/// Opens what the link asks for (just after the first paint, which shows
/// "Loading" rather than the home screen), or says which of its parameters
/// could not be used; in a frame, first says "ready" to the embedding page
/// and starts following its commands.
pub fn start_from_link(state: AppState, link: Link) {
    let fragment = browser::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    if fragment.contains(crate::model::by_link::PARAMETER) && !link.embed {
        state.screen.set(Screen::Opening);
        leptos::task::spawn_local(async move {
            crate::remote::open_game_link(state, &fragment);
            if state.screen.get_untracked() == Screen::Opening {
                state.screen.set(Screen::Home);
            }
        });
        return;
    }
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
    state.notice.set(Some(t.bad_link(problems.join("; "))));
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
    let window = browser::window();
    let url = window
        .as_ref()
        .and_then(|w| w.location().search().ok())
        .and_then(|q| web_sys::UrlSearchParams::new_with_str(&q).ok())
        .and_then(|p| p.get("lang"));
    let languages: Vec<String> = window
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
        &languages,
    )
}
