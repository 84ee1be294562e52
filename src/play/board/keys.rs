//! Playing by keyboard: where the focus goes after a turn and after each
//! choice, the shortcuts (1–6 a display card, Enter confirm, Esc cancel,
//! U take back) and the small help that lists them.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::picks::Picks;
use super::Board;
use crate::state::AppState;

/// Whether the keyboard help is open.
#[derive(Clone, Copy)]
pub struct KeyHelpOpen(pub RwSignal<bool>);

/// Focuses the first element matching `selector`, after the page has drawn
/// what the last change of state shows.
pub fn focus_soon(selector: &'static str) {
    request_animation_frame(move || {
        focus_now(selector);
    });
}

pub(super) fn focus_now(selector: &str) -> bool {
    if !crate::browser::may_take_focus() {
        return false;
    }
    let element = document()
        .query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    // Without scrolling: on a phone the display lies at the bottom of the
    // page's flow (it is stuck to the screen's bottom), and focusing one of
    // its cards would scroll the whole page down to the log.
    element.is_some_and(|e| crate::browser::focus_still(&e))
}

/// Whether the focus is nowhere in particular (the page itself) or on
/// something of the play area that a turn replaces: then a new turn may
/// take it to the display.
pub(super) fn focus_is_free() -> bool {
    focus_lost()
        || document()
            .active_element()
            .is_some_and(|a| a.closest(".play-area").ok().flatten().is_some())
}

/// Whether the focus is on nothing the person chose: the page itself, or
/// an element no longer drawn.
pub(super) fn focus_lost() -> bool {
    let Some(active) = document().active_element() else {
        return true;
    };
    let body = document().body().map(web_sys::Element::from);
    Some(&active) == body.as_ref() || !active.is_connected()
}

/// Moves the focus as a person playing by keyboard expects: to the next
/// choice once a card is picked, to Confirm once the turn is complete. (To
/// the display when their turn comes: `announce`, after what happened is
/// told.)
pub fn manage_focus(board: Board) {
    // A pick made: its next choice, or Confirm.
    let step = Memo::new(move |_| {
        let p = board.picks.get();
        (p.space, p.place, p.heal)
    });
    Effect::new(move |previous: Option<(Option<usize>, _, _)>| {
        let now = step.get();
        let person = board.choosing.get_untracked();
        if person && now.0.is_some() && previous.is_some_and(|p| p != now) {
            let complete = board.resolved.with_untracked(|r| r.chosen.is_some());
            request_animation_frame(move || {
                if complete
                    || !focus_now(r#".chooser .step:not(:has([aria-pressed="true"])) .choice"#)
                {
                    focus_now(".chooser .actions .primary");
                }
            });
        }
        now
    });
}

/// Whether the table is covered (passing the device) or the final scoring
/// is shown over it: no shortcut reaches under it, no focus goes there.
pub(super) fn covered() -> bool {
    document()
        .query_selector(".pass-device, .final-layer")
        .ok()
        .flatten()
        .is_some()
}

/// Whether typing in `target` would be stolen by a shortcut.
fn typing_in(target: Option<web_sys::EventTarget>) -> bool {
    let Some(element) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    // A slider or a box to tick takes no text: the shortcuts still work there.
    let takes_text = match element.dyn_ref::<web_sys::HtmlInputElement>() {
        Some(input) => !matches!(
            input.type_().as_str(),
            "range" | "checkbox" | "radio" | "button" | "submit" | "reset"
        ),
        None => matches!(element.tag_name().as_str(), "SELECT" | "TEXTAREA"),
    };
    takes_text
        || element
            .closest("[contenteditable]")
            .ok()
            .flatten()
            .is_some()
}

/// Whether Enter on `target` already does something (a button, a link…).
fn activates(target: Option<web_sys::EventTarget>) -> bool {
    target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| {
            e.closest("button, a[href], summary, [role=button], input:not([type=range]), select, textarea")
                .ok()
                .flatten()
                .is_some()
        })
}

/// What a person last used on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    Keys,
    Mouse,
    /// A finger or a pen.
    Touch,
}

/// Keeps [`Board::input`]: a key pressed, or a pointer pressed and its
/// kind. Browsers' own guesses do not serve the display's previews: a
/// focus given by script a frame after a tap matched `:focus-visible` or
/// not by timing, and after a tap the browser's emulated mouse "enters"
/// each card that moves under the finger's last place; either opened a
/// card's preview over the realm.
pub fn follow_input(board: Board) {
    let key = window_event_listener(ev::keydown, move |_| board.input.set(Input::Keys));
    let pointer = window_event_listener(ev::pointerdown, move |e| {
        let kind = if e.pointer_type() == "mouse" {
            Input::Mouse
        } else {
            Input::Touch
        };
        board.input.set(kind);
    });
    on_cleanup(move || {
        key.remove();
        pointer.remove();
    });
}

/// The board's shortcuts, while the board is on the page.
pub fn shortcuts(board: Board, help: RwSignal<bool>, undo: Callback<()>) {
    let handle = window_event_listener(ev::keydown, move |e: web_sys::KeyboardEvent| {
        if e.default_prevented() || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let target = e.target();
        if typing_in(target.clone()) {
            return;
        }
        let covered = covered();
        let Some(choosing) = board.choosing.try_get_untracked() else {
            return;
        };
        let key = e.key();
        match key.as_str() {
            "Escape" if help.get_untracked() => {
                help.set(false);
                focus_now(".key-help-button");
            }
            "?" if !covered => help.update(|h| *h = !*h),
            _ if covered => {}
            "u" | "U" => undo.run(()),
            _ if !choosing => {}
            "1" | "2" | "3" | "4" | "5" | "6" => {
                let space = key.parse::<usize>().unwrap_or(1) - 1;
                let legal = board
                    .legal
                    .with_untracked(|l| l.iter().any(|t| t.take == space));
                if legal {
                    e.prevent_default();
                    board.picks.set(Picks {
                        space: Some(space),
                        ..Picks::default()
                    });
                }
            }
            "Enter" if !activates(target) => {
                if let Some(turn) = board.resolved.with_untracked(|r| r.chosen) {
                    e.prevent_default();
                    board.confirm.run(turn);
                }
            }
            "Escape" => {
                if let Some(space) = board.picks.get_untracked().space {
                    e.prevent_default();
                    board.picks.set(Picks::default());
                    let selector = format!(".display .card[data-space=\"{space}\"]");
                    request_animation_frame(move || {
                        focus_now(&selector);
                    });
                }
            }
            _ => {}
        }
    });
    on_cleanup(move || handle.remove());
}

/// The "Keyboard" button and the list of shortcuts it opens.
#[component]
pub fn KeyHelp() -> impl IntoView {
    let state = expect_context::<AppState>();
    let KeyHelpOpen(open) = expect_context::<KeyHelpOpen>();
    let t = move || state.t();
    let row = |keys: &'static str, what: fn(crate::i18n::Catalog) -> &'static str| {
        view! { <dt><kbd>{keys}</kbd></dt><dd>{move || what(state.t())}</dd> }
    };
    view! {
        <div class="key-help">
            <button class="key-help-button" aria-expanded=move || open.get().to_string()
                aria-controls="key-help-list" aria-keyshortcuts="?"
                on:click=move |_| open.update(|o| *o = !*o)>
                <svg class="key-help-mark" viewBox="0 0 24 16" aria-hidden="true" focusable="false">
                    <rect x="1" y="1" width="22" height="14" rx="2.5" fill="none" stroke="currentColor" stroke-width="1.6"/>
                    <path d="M5 5h2M9 5h2M13 5h2M17 5h2M5 8.5h2M9 8.5h2M13 8.5h2M17 8.5h2M7 12h10" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>
                </svg>
                {move || t().keys_button()}
            </button>
            <div id="key-help-list" class="key-help-pop" role="region"
                aria-label=move || t().keys_title() hidden=move || !open.get()>
                <p class="key-help-title">{move || t().keys_title()}</p>
                <dl>
                    {row("1–6", |t| t.keys_choose_card())}
                    {row("Tab", |t| t.keys_tab())}
                    {row("← →", |t| t.locations_keys())}
                    {row("Enter", |t| t.keys_confirm())}
                    {row("Esc", |t| t.keys_cancel())}
                    {row("U", |t| t.keys_undo())}
                    {row("?", |t| t.keys_help())}
                </dl>
                <p class="key-help-note">{move || t().keys_screen_reader()}</p>
            </div>
        </div>
    }
}
