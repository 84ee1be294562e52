//! The board's one live region: every turn (the person's, a computer's, a
//! remote player's), a take-back, the game's end and the hint's answer are
//! told here, each once and whole (`model::announcer` orders them and
//! keeps each long enough to be read). The focus moves that go with them
//! are made before a message's text, never while it is read.

use leptos::prelude::*;

use super::keys::{covered, focus_is_free, focus_lost, focus_now};
use super::Board;
use crate::i18n::describe::{headline, lines};
use crate::i18n::{points_list, Catalog};
use crate::model::announcer::{Announcement, Announcer, Focus, SETTLE_MS};
use crate::state::AppState;

/// What the board's parts use to tell a screen reader something.
#[derive(Clone, Copy)]
pub struct Announce {
    queue: StoredValue<Announcer, LocalStorage>,
    /// The live region's text.
    text: RwSignal<String>,
    /// A pump is scheduled: no second one.
    scheduled: StoredValue<bool>,
    board: Board,
}

impl Announce {
    pub fn new(board: Board) -> Announce {
        Announce {
            queue: StoredValue::new_local(Announcer::default()),
            text: RwSignal::new(String::new()),
            scheduled: StoredValue::new(false),
            board,
        }
    }

    /// Tells `text` once the messages before it have been read, moving the
    /// focus to `focus` first.
    pub fn say(self, text: String, focus: Focus) {
        let _ = self
            .queue
            .try_update_value(|q| q.push(Announcement { text, focus }));
        self.pump();
    }

    /// Drops the messages not yet told.
    pub fn clear(self) {
        let _ = self.queue.try_update_value(Announcer::clear);
    }

    fn pump(self) {
        if self.scheduled.try_get_value() != Some(false) {
            return;
        }
        let now = js_sys::Date::now();
        if let Some(next) = self.queue.try_update_value(|q| q.next(now)).flatten() {
            self.begin(next, 40);
        }
        let wait = self.queue.try_with_value(|q| q.wait(now)).flatten();
        if let Some(wait) = wait {
            self.scheduled.set_value(true);
            set_timeout(
                move || {
                    if self.scheduled.try_set_value(false).is_none() {
                        self.pump();
                    }
                },
                std::time::Duration::from_millis(wait.ceil() as u64 + 1),
            );
        }
    }

    /// Moves the focus (waiting up to `tries` tenths of a second for its
    /// target to be drawn), then shows the text.
    fn begin(self, next: Announcement, tries: u32) {
        let Announcement { text, focus } = next;
        let moved = match focus {
            Focus::Stay => true,
            Focus::FirstChoice => {
                let board = self.board;
                let still = board.choosing.try_get_untracked().unwrap_or(false)
                    && board.picks.with_untracked(|p| p.space.is_none());
                !still || covered() || !focus_is_free() || focus_now(".display .card.legal")
            }
            Focus::FinalScoring => focus_now(".final .winners"),
            Focus::Element(ref selector) => focus_now(selector),
        };
        if !moved && tries > 0 {
            set_timeout(
                move || self.begin(Announcement { text, focus }, tries - 1),
                std::time::Duration::from_millis(100),
            );
            return;
        }
        if text.is_empty() {
            return;
        }
        let _ = self.text.try_set(String::new());
        let region = self.text;
        set_timeout(
            move || {
                let _ = region.try_set(text);
            },
            std::time::Duration::from_millis(SETTLE_MS as u64),
        );
    }
}

/// The live region, and the turns told in it.
#[component]
pub fn Announcer(announce: Announce) -> impl IntoView {
    let state = expect_context::<AppState>();
    follow_turns(state, announce);
    view! {
        <p class="sr-only announcer" aria-live="polite" aria-atomic="true">{move || announce.text.get()}</p>
    }
}

/// Tells each turn as it is played: one more entry in the log. The person's
/// next choice gets the focus once it is told; the final scoring's heading
/// once the game is over.
fn follow_turns(state: AppState, announce: Announce) {
    let board = announce.board;
    let played = Memo::new(move |_| {
        state
            .session
            .with(|s| s.as_ref().map_or(0, |s| s.log.len()))
    });
    Effect::new(move |before: Option<usize>| {
        let now = played.get();
        let Some(before) = before else {
            return now;
        };
        if now > before + 1 {
            // Another game: what waits is out of date. (A take-back clears
            // and tells itself.)
            announce.clear();
        }
        if now != before + 1 {
            return now;
        }
        park_focus();
        let t = state.t();
        let (text, over) = untrack(|| {
            state.session.with(|s| {
                s.as_ref().map_or((String::new(), false), |s| {
                    (turn_told(s, t), s.game.is_over())
                })
            })
        });
        announce.say(spoken(&text, t), Focus::Stay);
        if over {
            let summary = untrack(|| game_over_told(state, t));
            announce.say(summary, Focus::FinalScoring);
        } else if untrack(|| board.choosing.get()) {
            announce.say(String::new(), Focus::FirstChoice);
        }
        now
    });
}

/// A turn's result, whole: the headline and every line of the log's entry.
fn turn_told(s: &crate::model::session::Session, t: Catalog) -> String {
    let Some(entry) = s.log.last() else {
        return String::new();
    };
    let names = &s.record.players;
    let mut text = headline(&entry.events, names, t);
    for line in lines(&entry.events, names, t) {
        text.push_str(". ");
        text.push_str(&line);
    }
    text
}

/// "Game over. Ann wins! Ann 96, Bob 83."
fn game_over_told(state: AppState, t: Catalog) -> String {
    state.session.with(|s| {
        let Some((s, result)) = s.as_ref().and_then(|s| Some((s, s.game.result()?))) else {
            return String::new();
        };
        let winners: Vec<&str> = result.winners.iter().map(|w| s.name(w.index())).collect();
        let scores: Vec<(&str, i32)> = result
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| (s.name(seat), p.total))
            .collect();
        t.announce_game_over(t.winners(&winners), points_list(&scores))
    })
}

/// The focus, lost with the button that played the turn (Confirm, a
/// card), put on the display: the next choice is made there. Looked at
/// in the next task, once the turn is drawn, and again at the next frame:
/// a page busy after a turn (a computer's first, a part fetched) may draw
/// that frame long after, and the focus would stay on the page itself.
fn park_focus() {
    let park = || {
        if focus_lost() {
            focus_now(".display");
        }
    };
    set_timeout(park, std::time::Duration::ZERO);
    request_animation_frame(park);
}

/// `text` as a screen reader should say it: the symbols of the log's lines
/// ("3 × 2 = +6", "… → Ann's Miller wounded") in words.
pub fn spoken(text: &str, t: Catalog) -> String {
    let times = format!(" {} ", t.announce_times());
    let equals = format!(" {} ", t.announce_equals());
    text.replace(" × ", &times)
        .replace(" = ", &equals)
        .replace(" → ", ", ")
        .replace('→', ",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{texts, Lang};

    #[test]
    fn symbols_are_said_in_words() {
        let t = texts(Lang::En);
        assert_eq!(
            spoken("Brewery: 3 Brewers × 2 = +6", t),
            "Brewery: 3 Brewers times 2 equals +6"
        );
        assert_eq!(
            spoken(
                "Attack: 1 Knight vs Ann's 0 Guards → Ann's Miller wounded",
                t
            ),
            "Attack: 1 Knight vs Ann's 0 Guards, Ann's Miller wounded"
        );
    }
}
