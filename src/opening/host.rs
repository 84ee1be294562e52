//! The embedding page's side of the game, in a part of the page of its
//! own (src/parts/), fetched only in a frame, once the page has started:
//! saying "ready", obeying the host's commands, telling it
//! where a replay stands and what each turn did. The messages themselves
//! are `model::embed`.

use leptos::prelude::*;

use super::open_link;
use crate::browser;
use crate::i18n::Lang;
use crate::model::embed::{self, Command, Request, TurnNews};
use crate::model::host_command::CommandLimit;
use crate::model::link::{address_with, decode_record, with_setting, Link, Route};
use crate::parts::{split, SplitLoaderError};
use crate::state::{AppState, Screen};

split! { embed =>
    /// In another site's page: says "ready" to it, follows its commands and,
    /// when it speaks version 2, tells it where a replay stands.
    pub fn talk_to_parent(state: AppState) -> Result<(), SplitLoaderError> {
        talk(state);
        Ok(())
    }
}

fn talk(state: AppState) {
    let host = state.host.get_value();
    // A flood of commands is answered with refusals; languages are not
    // refused but coalesced (the last asked for is shown: AppState).
    let limit = std::cell::RefCell::new(CommandLimit::default());
    host.on_request(move |request| {
        let language = matches!(request.command, Ok(Command::SetLanguage(_)));
        if language || limit.borrow_mut().admit(browser::now_ms()) {
            obey(state, request);
        } else {
            let refused = Err(CommandLimit::refusal());
            state.host.get_value().reply(&request.id, refused);
        }
    });
    keep_language_in_address(state);
    if host.v2() {
        tell_replay_position(state);
        tell_screen(state);
        host.notify(
            "ready",
            serde_json::json!({ "versions": [1, 2], "lang": state.lang.get_untracked().code() }),
        );
    } else {
        host.notify("ready", serde_json::json!({}));
    }
    // The turns played so far and from now on, after "ready".
    embed::listen(crate::parts::made_at_run_time(Box::new(move |news| {
        tell_turn(state, news)
    })));
}

/// Carries out a host's command and answers it (version 2).
fn obey(state: AppState, request: Request) {
    let outcome = request.command.and_then(|command| run(state, command));
    state.host.get_value().reply(&request.id, outcome);
}

fn run(state: AppState, command: Command) -> Result<serde_json::Value, String> {
    use serde_json::json;
    match command {
        Command::SetLanguage(code) => {
            let lang = Lang::from_code(&code).ok_or(format!(
                "no language \"{code}\" ({})",
                Lang::ALL.map(Lang::code).join(", ")
            ))?;
            // A reload of the frame keeps it: the first of a burst is
            // written at once, the one shown at its end (below).
            if crate::services::language::switch_language(state, lang, false) {
                keep_in_address("lang", lang.code());
            }
            Ok(json!({ "lang": lang.code() }))
        }
        Command::SetTheme(theme) => {
            crate::model::prefs::apply_theme(theme);
            keep_in_address("theme", theme.code());
            Ok(json!({ "theme": theme.code() }))
        }
        Command::Load { query, fragment } => {
            let link = Link::parse(&query, &fragment);
            let english = crate::i18n::texts(Lang::ALL[0]);
            let mut problems: Vec<String> = link
                .problems
                .iter()
                .map(|p| english.link_problem(p))
                .collect();
            if let Some(Err(problem)) = link
                .record
                .as_deref()
                .map(|r| decode_record(r, crate::model::records()))
            {
                problems.push(english.link_problem(&problem));
            }
            if !problems.is_empty() {
                return Err(problems.join("; "));
            }
            if matches!(
                link.route(),
                Route::Home | Route::ByLink(_) | Route::Live(_)
            ) {
                return Err("the link opens nothing: give #record=, #deal= or players=".into());
            }
            state.mark.set(None);
            open_link(state, link);
            let (current, _) = super::address_parts();
            browser::replace_address(&address_with(&current, &query, &fragment));
            Ok(json!({}))
        }
        Command::GoToTurn(turn) => {
            let total = state
                .replay
                .with_untracked(|r| r.as_ref().map(|r| r.record.turns.len()))
                .ok_or("goToTurn works in a replay (#record=), not in a game being played")?;
            if turn > total {
                return Err(format!(
                    "turn {turn} is past the record's end ({total} turns)"
                ));
            }
            state.replay_to(turn);
            Ok(json!({ "turn": turn, "total": total }))
        }
        Command::Highlight(mark) => {
            let seats = state
                .session
                .with_untracked(|s| s.as_ref().map_or(0, |s| s.record.players.len()));
            if let Some(seat) = mark.and_then(|m| m.seat()).filter(|&s| s >= seats) {
                return Err(format!(
                    "seat {} is not at this table ({seats} seats)",
                    seat + 1
                ));
            }
            state.mark.set(mark);
            Ok(json!({}))
        }
    }
}

/// Writes `key=value` into the frame's address (replacing it), so that a
/// reload of the frame shows the same; an address that says so already is
/// left alone.
fn keep_in_address(key: &str, value: &str) {
    let (search, hash) = super::address_parts();
    let kept = with_setting(&search, &hash, key, value);
    if kept != format!("{search}{hash}") {
        browser::replace_address(&kept);
    }
}

/// Writes the language shown into the frame's address whenever it changes,
/// so that a reload keeps it: a burst of `setLanguage` (the page shows only
/// the last) is written at its start and its end, never once per command
/// (browsers throttle and warn past a few hundred address changes in
/// seconds).
fn keep_language_in_address(state: AppState) {
    Effect::new(move |before: Option<Lang>| {
        let now = state.lang.get();
        if before.is_some_and(|b| b != now) {
            keep_in_address("lang", now.code());
        }
        now
    });
}

/// Tells the host which screen the frame shows whenever it changes
/// (`screen`): a lesson's "All rules" leaves it for the list of rules.
/// The screen of a link being opened is not one: only settled screens
/// count, the first being the one the frame opened with.
fn tell_screen(state: AppState) {
    Effect::new(move |before: Option<Option<&'static str>>| {
        let now = state.screen.get();
        let settled = before.flatten();
        if now == Screen::Opening {
            return settled;
        }
        let code = now.code();
        if settled.is_some_and(|b| b != code) {
            state
                .host
                .get_value()
                .notify("screen", serde_json::json!({ "screen": code }));
        }
        Some(code)
    });
}

/// Tells the host the replay's turn whenever it changes (`position`).
fn tell_replay_position(state: AppState) {
    Effect::new(move |_| {
        let lang = state.lang.get().code();
        let position = state.replay.with(|r| {
            r.as_ref().map(|r| {
                let note = r.record.notes.get(r.step).and_then(|n| n.text_in(lang));
                (r.step, r.record.turns.len(), note.map(str::to_string))
            })
        });
        if let Some((turn, total, note)) = position {
            let mut fields = serde_json::json!({ "turn": turn, "total": total });
            // The comment on this position, in the page's language.
            if let Some(note) = note {
                fields["note"] = note.into();
            }
            state.host.get_value().notify("position", fields);
        }
    });
}

/// Tells the embedding page what a turn did, and the result at the end.
fn tell_turn(state: AppState, news: TurnNews) {
    let host = state.host.get_value();
    host.notify(
        "turn",
        serde_json::json!({
            "turn": news.number,
            "player": news.player,
            "summary": news.summary,
            "scores": news.scores,
        }),
    );
    if let Some((players, totals, winners)) = news.end {
        host.notify(
            "gameOver",
            serde_json::json!({ "players": players, "scores": totals, "winners": winners }),
        );
    }
}
