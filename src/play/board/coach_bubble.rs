//! The tutorial's coach: a bubble next to what the current step talks about
//! (a bottom sheet on a phone), with the step's text, the move to make, the
//! explanation of a wrong action and "Show me", "Next" and, at the end,
//! "Play a real game". It never moves the page: it floats (fixed, placed by
//! a transform), and on a phone a spacer of the sheet's height ends the
//! board from the first paint (drawn by the board: it never waits for this
//! part of the page).

use leptos::prelude::*;
use majesty_content::tutorial::{Mistake, Wait};

use super::picks::Picks;
use super::Board;
use crate::i18n::Catalog;
use crate::model::announcer::Focus;
use crate::model::bubble::{self, drawn, Around, Rect};
use crate::model::lesson::{anchor_selector, destination_selector, Lesson};
use crate::parts::piece;
use crate::state::{AppState, Screen, Seating};

/// Width below which the coach is a bottom sheet (style/board.css agrees).
const SHEET_BELOW: f64 = 700.0;

/// What the bubble shows: the step, whether its moment has come, and the
/// learner's mistake.
#[derive(Clone, PartialEq)]
struct Shown {
    index: usize,
    total: usize,
    id: &'static str,
    wait: Wait,
    /// False while the computer plays its reply.
    now: bool,
    selector: String,
    /// What the bubble leaves in sight besides: where the card goes.
    keep: Option<String>,
    mistake: Option<Mistake>,
    last: bool,
}

fn shown(state: AppState) -> Option<Shown> {
    state.lesson.with(|lesson| {
        let lesson = lesson.as_ref()?;
        let step = lesson.step()?;
        let played = state
            .session
            .with(|s| s.as_ref().map_or(0, |s| s.game.turn_number()));
        let (index, total) = lesson.progress();
        Some(Shown {
            index,
            total,
            id: step.id,
            wait: step.wait,
            now: lesson.showing(played),
            selector: anchor_selector(step.anchor),
            keep: destination_selector(step.wait),
            mistake: lesson.mistake,
            last: lesson.finished(),
        })
    })
}

piece! {
    /// The bubble, in the tutorial's part of the page (src/parts/).
    pub BUBBLE = tutorial::bubble("coach-bubble", screen: false) => view! { <CoachBubble/> }
}

#[component]
fn CoachBubble() -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let now = Memo::new(move |_| shown(state));
    let bubble = NodeRef::<leptos::html::Section>::new();
    // Where the bubble stood last (its transform), for the next one.
    let last = StoredValue::new(String::new());
    // Leaving the table ends the tutorial (this one: another may have
    // taken its place already).
    let laid = state.laid();
    on_cleanup(move || {
        state.end_lesson(laid);
        crate::browser::mark_elements("coach-mark", None, false);
    });
    vet_picks(state, board);
    follow_anchor(state, now, bubble, last);
    tell_host(state, now);
    let next = move |_| {
        state
            .mode
            .update(|m| m.lesson_mut().map_or((), Lesson::next))
    };
    let show_me = move |_| {
        if let Some(s) = now.get_untracked() {
            crate::browser::mark_elements("coach-mark", Some(&s.selector), true);
        }
    };
    let leave = move |_| state.screen.set(Screen::Home);
    // A real game on the sides just learnt.
    let real_game = move |_| {
        let sides = state
            .session
            .with_untracked(|s| s.as_ref().map(|s| s.record.sides));
        state.setup_sides.set_value(sides);
        state.screen.set(Screen::Setup(Seating::Table));
    };
    // Again the same guided game (side A or B), on a new table: this one
    // leaves first (its cleanup ends the lesson), then the game opens.
    let again = move |_| {
        let id = state
            .lesson
            .with_untracked(|l| l.as_ref().map_or("a", |l| l.tutorial.id));
        state.screen.set(Screen::Opening);
        set_timeout(
            move || crate::play::tutorial::open_tutorial(state, id),
            std::time::Duration::ZERO,
        );
    };
    // Each step (and each explanation) is a new bubble, never the old one
    // reflowed: a part moving inside it would count as a layout shift. It
    // appears where the last one stood, then glides to its element.
    let key = move |s: &Shown| (s.index, s.now, s.mistake, state.lang.get_untracked());
    let render = move |s: Shown| {
        let t = state.t_now();
        let (take, place, trade) = match s.wait {
            Wait::Turn(turn) => (Some(turn.take), Some(turn.place.name()), Some(turn.trade)),
            Wait::Next => (None, None, None),
        };
        let text = if s.now {
            t.tutorial_step(s.id)
        } else {
            t.tutorial_waiting()
        };
        let instruction = s.now.then(|| instruction(state, t, s.wait)).flatten();
        let mistake = s.mistake.map(|m| mistake_text(state, t, m, s.wait));
        let waits_next = s.now && s.wait == Wait::Next;
        // Every part is always drawn, hidden when it does not apply: one
        // shape of view, less code in the module than optional parts.
        let (no_move, no_mistake) = (instruction.is_none(), mistake.is_none());
        view! {
            <section class="coach-bubble" node_ref=bubble role="region" aria-label=t.tutorial_coach()
                style:transform=last.get_value()
                data-step=s.id data-index=s.index data-total=s.total data-now=s.now.to_string()
                data-wait=if s.wait == Wait::Next { "next" } else { "turn" }
                data-take=take data-place=place data-trade=trade data-anchor=s.selector.clone()>
                <p class="coach-count">{t.tutorial_step_of(s.index, s.total)}</p>
                <p class="coach-text">{text}</p>
                <p class="coach-move" hidden=no_move>{instruction.unwrap_or_default()}</p>
                <p class="coach-mistake" role="alert" hidden=no_mistake>{mistake.unwrap_or_default()}</p>
                <div class="coach-actions">
                    <button class="coach-show" on:click=show_me hidden=!s.now || s.last>{t.tutorial_show_me()}</button>
                    <button class="primary coach-next" on:click=next hidden=!waits_next || s.last>{t.tutorial_next()}</button>
                    <button class="primary coach-real" on:click=real_game hidden=state.embed || !s.last>{t.tutorial_real_game()}</button>
                    <button class="coach-again" on:click=again hidden=!s.last>{t.tutorial_again()}</button>
                    <button class="link coach-leave" on:click=leave hidden=state.embed || s.last>{t.tutorial_leave()}</button>
                </div>
            </section>
        }
    };
    view! {
        <For each=move || { state.lang.track(); now.get().into_iter() } key=key children=render/>
    }
}

/// A step as the board's announcer tells it: its text and what to do.
fn step_told(state: AppState, s: &Shown) -> String {
    let t = state.t();
    let mut text = t.tutorial_step(s.id).to_string();
    if let Some(i) = instruction(state, t, s.wait) {
        text.push(' ');
        text.push_str(&i);
    }
    super::announce::spoken(&text, t)
}

/// "Your move: take … from display space … and place it: …".
fn instruction(state: AppState, t: Catalog, wait: Wait) -> Option<String> {
    let Wait::Turn(turn) = wait else {
        return None;
    };
    let card = state.session.with(|s| {
        s.as_ref()
            .and_then(|s| s.game.display().get(turn.take).map(|slot| slot.card))
    })?;
    let mut text = t.rules_suggested(
        t.card(card),
        turn.take + 1,
        turn.place,
        t.place_at(turn.place),
    );
    // Castle B: the trade comes first (RULES.md ruling 3).
    if turn.trade != 0 {
        text.push(' ');
        text.push_str(&t.tutorial_trade_move(t.trade(turn.trade)));
    }
    Some(text)
}

/// Why the learner's action is not this step's, and what to do instead.
fn mistake_text(state: AppState, t: Catalog, mistake: Mistake, wait: Wait) -> String {
    let card_at = |space: usize| {
        state.session.with(|s| {
            s.as_ref()
                .and_then(|s| s.game.display().get(space).map(|slot| t.card(slot.card)))
                .unwrap_or_default()
        })
    };
    match (mistake, wait) {
        (
            Mistake::TooDear {
                space,
                cost,
                meeples,
            },
            Wait::Turn(turn),
        ) => t.tutorial_too_dear(
            card_at(space),
            space + 1,
            cost,
            meeples,
            card_at(turn.take),
            turn.take + 1,
        ),
        (Mistake::OtherCard { space, expected }, _) => {
            t.tutorial_other_card(card_at(space), space + 1, card_at(expected), expected + 1)
        }
        (Mistake::OtherPlace, Wait::Turn(turn)) => t.tutorial_other_place(t.place_at(turn.place)),
        (Mistake::OtherTrade, Wait::Turn(turn)) => t.tutorial_other_trade(t.trade(turn.trade)),
        _ => t.tutorial_not_now().to_string(),
    }
}

/// A card picked that is not the step's is explained at once and put back.
fn vet_picks(state: AppState, board: Board) {
    Effect::new(move |_| {
        let Some(space) = board.picks.get().space else {
            return;
        };
        if state.lesson.with_untracked(Option::is_none) {
            return;
        }
        let Some(game) = state
            .session
            .with_untracked(|s| s.as_ref().map(|s| s.game.clone()))
        else {
            return;
        };
        let mut wrong = false;
        state.mode.update(|m| {
            if let Some(lesson) = m.lesson_mut() {
                wrong = lesson.vet_pick(&game, space).is_err();
            }
        });
        if wrong {
            board.picks.set(Picks::default());
        }
    });
}

/// Rings the step's element, brings it into sight, places the bubble next
/// to it and gives the focus to what the step waits for; again whenever
/// the table is drawn anew, the page scrolls or the window resizes.
fn follow_anchor(
    state: AppState,
    now: Memo<Option<Shown>>,
    bubble: NodeRef<leptos::html::Section>,
    last: StoredValue<String>,
) {
    let announce = expect_context::<super::Announce>();
    let board = expect_context::<Board>();
    Effect::new(move |before: Option<Option<(usize, bool)>>| {
        let shown = now.get();
        state.session.track();
        // A pick opens the chooser, which the bubble then leaves in sight.
        board.picks.track();
        let key = shown.as_ref().map(|s| (s.index, s.now));
        // No tutorial, and none just ended: nothing to follow.
        if key.is_none() && !matches!(before, Some(Some(_))) {
            return key;
        }
        let fresh = before.is_none_or(|b| b != key);
        request_animation_frame(move || {
            let now = shown.as_ref().filter(|s| s.now);
            let selector = now.map(|s| s.selector.clone());
            let keep = now.and_then(|s| s.keep.clone());
            crate::browser::mark_elements("coach-mark", selector.as_deref(), false);
            if fresh {
                if let Some(selector) = &selector {
                    bring_into_sight(selector);
                }
            }
            place(bubble, last, selector.as_deref(), keep.as_deref());
            if fresh {
                if let Some(s) = shown.as_ref().filter(|s| s.now) {
                    // Told by the board's one announcer, after what the last
                    // turn did, with the focus on what the step waits for.
                    announce.say(step_told(state, s), Focus::Element(focus_for(s)));
                }
            }
            // Again once the cards have slid into place (and the focused
            // card's preview shows).
            set_timeout(
                move || place(bubble, last, selector.as_deref(), keep.as_deref()),
                std::time::Duration::from_millis(650),
            );
        });
        key
    });
    let again = move || {
        if now.with_untracked(Option::is_none) {
            return;
        }
        let shown = now.get_untracked().filter(|s| s.now);
        let keep = shown.as_ref().and_then(|s| s.keep.clone());
        place(
            bubble,
            last,
            shown.map(|s| s.selector).as_deref(),
            keep.as_deref(),
        );
    };
    let on_scroll = window_event_listener(leptos::ev::scroll, move |_| again());
    let on_resize = window_event_listener(leptos::ev::resize, move |_| again());
    on_cleanup(move || {
        on_scroll.remove();
        on_resize.remove();
    });
}

fn document() -> Option<web_sys::Document> {
    crate::browser::window().and_then(|w| w.document())
}

fn viewport() -> (f64, f64) {
    let w = crate::browser::window();
    let size = |v: Option<wasm_bindgen::JsValue>| v.and_then(|v| v.as_f64()).unwrap_or(0.0);
    (
        size(w.as_ref().and_then(|w| w.inner_width().ok())),
        size(w.as_ref().and_then(|w| w.inner_height().ok())),
    )
}

/// Scrolls so that the element stands in the upper part of the window
/// (above the sheet on a phone), unless it is already in sight.
fn bring_into_sight(selector: &str) {
    let Some(element) = document().and_then(|d| d.query_selector(selector).ok().flatten()) else {
        return;
    };
    let (width, height) = viewport();
    let usable = if width < SHEET_BELOW {
        height * 0.6
    } else {
        height
    };
    let r = element.get_bounding_client_rect();
    if r.top() >= 48.0 && r.bottom() <= usable - 8.0 {
        return;
    }
    let target = if width < SHEET_BELOW { 0.12 } else { 0.25 } * height;
    if let Some(w) = crate::browser::window() {
        w.scroll_by_with_x_and_y(0.0, r.top() - target);
    }
}

/// Places the bubble next to the step's element and never over it nor over
/// what the step leaves in sight (a display card's cost row and preview,
/// the location its card goes to, the chooser with Confirm once the card
/// is picked): see `model::bubble`. In the window's
/// corner over the final table (its narration and buttons stay in sight).
/// On a phone the sheet stays at the bottom.
fn place(
    bubble: NodeRef<leptos::html::Section>,
    last: StoredValue<String>,
    selector: Option<&str>,
    keep: Option<&str>,
) {
    // (Also after the table is gone: a timer may outlive it.)
    let Some(bubble) = bubble.try_get_untracked().flatten() else {
        return;
    };
    let (width, height) = viewport();
    let style = bubble.style();
    if width < SHEET_BELOW {
        let _ = style.set_property("transform", "none");
        return;
    }
    let b = bubble.get_bounding_client_rect();
    let (bw, bh) = (b.width(), b.height());
    let find = |s: &str| document().and_then(|d| d.query_selector(s).ok().flatten());
    let rect = |e: &web_sys::Element| {
        let r = e.get_bounding_client_rect();
        Rect::new(r.left(), r.top(), r.width(), r.height())
    };
    let element = selector.and_then(find);
    // A display card with its cost row (its whole space) and its preview.
    let space = element
        .as_ref()
        .and_then(|e| e.closest(".display .space").ok().flatten());
    let peek = space
        .as_ref()
        .and_then(|s| s.query_selector(".peek").ok().flatten());
    let anchor = space.as_ref().or(element.as_ref()).map(rect);
    // The chooser once the card is picked: its preview and Confirm.
    let chooser = find(".play-area .chooser");
    let keep: Vec<Rect> = [peek, keep.and_then(find), chooser]
        .iter()
        .flatten()
        .map(rect)
        .filter(drawn)
        .collect();
    let below_first = selector.is_some_and(|s| s.starts_with(".display") || s.contains(".column"));
    let corner = selector.is_none_or(|s| s.starts_with(".final-box"));
    let (x, y) = match anchor {
        Some(anchor) if !corner => bubble::place(&Around {
            window: (width, height),
            bubble: (bw, bh),
            anchor,
            keep,
            below_first,
        }),
        _ => ((width - bw - 16.0).max(8.0), (height - bh - 16.0).max(8.0)),
    };
    let place = format!("translate({}px, {}px)", x.round() as i64, y.round() as i64);
    let _ = style.set_property("transform", &place);
    last.try_set_value(place);
}

/// Where the focus goes: to "Next", or to the card the step asks to take.
fn focus_for(shown: &Shown) -> String {
    match shown.wait {
        Wait::Next => ".coach-bubble .coach-next".to_string(),
        Wait::Turn(_) => shown.selector.clone(),
    }
}

/// Tells an embedding page each step as it shows (`tutorialStep`).
fn tell_host(state: AppState, now: Memo<Option<Shown>>) {
    Effect::new(move |before: Option<Option<usize>>| {
        let shown = now.get().filter(|s| s.now);
        let index = shown.as_ref().map(|s| s.index);
        let host = state.host.get_value();
        if let Some(s) = shown.filter(|_| host.v2() && before.is_none_or(|b| b != index)) {
            host.notify(
                "tutorialStep",
                serde_json::json!({
                    "index": s.index,
                    "id": s.id,
                    "total": s.total,
                    "waitsFor": if s.wait == Wait::Next { "next" } else { "move" },
                    "last": s.last,
                }),
            );
        }
        index
    });
}
