//! The Annotate mode: the comment on the position shown in the current
//! language, rings and arrows chosen by clicking the table, and the
//! annotated record to share (a link, an iframe, a file). While writing, the
//! page's address holds the annotated record, so a reload loses nothing.

use leptos::prelude::*;
use majesty_rules::annotation::{Mark, Target};
use majesty_rules::Seat;
use wasm_bindgen::JsCast;

use super::keyboard::KeyboardMarks;
use super::Tool;
use crate::browser;
use crate::model::link::{json_download_url, record_fragment};
use crate::state::AppState;
use crate::widgets::CopyButton;

fn step(state: AppState) -> usize {
    state.replay.with(|r| r.as_ref().map_or(0, |r| r.step))
}

/// The annotated record's fragment (`record=…`).
fn fragment(state: AppState) -> String {
    state
        .replay
        .with_untracked(|r| r.as_ref().map(|r| record_fragment(&r.record)))
        .unwrap_or_default()
}

#[component]
pub fn NoteEditor() -> impl IntoView {
    let state = expect_context::<AppState>();
    let super::Annotating(annotating) = expect_context();
    let t = move || state.t();
    let tool = RwSignal::new(Tool::Ring);
    let arrow_from = RwSignal::new(None::<Target>);
    let lang = move || state.lang.get().code();
    // Only this language's own text: another language's shows as the hint.
    let own = move || {
        state.replay.with(|r| {
            r.as_ref()
                .and_then(|r| r.record.notes.get(r.step))
                .and_then(|n| n.text.get(lang()).cloned())
                .unwrap_or_default()
        })
    };
    let other = move || {
        state.replay.with(|r| {
            r.as_ref()
                .and_then(|r| r.record.notes.get(r.step))
                .and_then(|n| n.text_in(lang()).map(str::to_string))
                .unwrap_or_default()
        })
    };
    let marks = move || {
        state.replay.with(|r| {
            r.as_ref()
                .and_then(|r| r.record.notes.get(r.step))
                .map_or(0, |n| n.marks.len())
        })
    };
    let keep = keeper(state);
    let write = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let at = step(state);
        let code = state.lang.get_untracked().code();
        state.mode.update(|m| {
            if let Some(r) = m.replay_mut() {
                r.record.notes.set_text(at, code, &text);
            }
        });
        keep();
    };
    let clear = move |_| {
        let at = step(state);
        state.mode.update(|m| {
            if let Some(r) = m.replay_mut() {
                r.record.notes.clear_marks(at);
            }
        });
        arrow_from.set(None);
        keep();
    };
    pick_on_table(state, tool, arrow_from, keep);
    let hint = move || match (tool.get(), arrow_from.get()) {
        (Tool::Ring, _) => t().notes_ring_hint(),
        (Tool::Arrow, None) => t().notes_arrow_from(),
        (Tool::Arrow, Some(_)) => t().notes_arrow_to(),
    };
    let choose = move |which: Tool| {
        move |_| {
            tool.set(which);
            arrow_from.set(None);
        }
    };
    // Drawn anew when the language changes (static texts within: less
    // code than one reactive text each).
    move || {
        let t = state.t();
        view! {
            <div class="note-editor">
                <label class="note-comment">
                    {t.notes_comment(state.lang.get().endonym())}
                    <textarea rows="3" maxlength="2000" prop:value=own placeholder=other on:input=write></textarea>
                </label>
                <div class="note-tools" role="group" aria-label=t.notes_tool()>
                    <button aria-pressed=move || (tool.get() == Tool::Ring).to_string() on:click=choose(Tool::Ring)>
                        {t.notes_ring()}
                    </button>
                    <button aria-pressed=move || (tool.get() == Tool::Arrow).to_string() on:click=choose(Tool::Arrow)>
                        {t.notes_arrow()}
                    </button>
                    <button on:click=clear>{t.notes_clear()}</button>
                    <span class="note-marks">{move || t.notes_marks(marks())}</span>
                </div>
                <p class="hint" aria-live="polite">{hint}</p>
                <KeyboardMarks tool keep/>
                <p class="hint">{t.notes_kept()}</p>
                <Export/>
                <p><button class="primary" on:click=move |_| annotating.set(false)>{t.notes_done()}</button></p>
            </div>
        }
    }
}

/// Keeps the annotated record in the page's address: at once, or, within
/// `KEEP_EVERY_MS` of the last time (browsers limit how often the address
/// may change), once that time is up.
fn keeper(state: AppState) -> impl Fn() + Copy + 'static {
    const KEEP_EVERY_MS: f64 = 400.0;
    let generation = StoredValue::new(0u32);
    let last = StoredValue::new(f64::NEG_INFINITY);
    let write = move || {
        last.set_value(browser::now_ms());
        let search = browser::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        browser::replace_address(&format!("{search}#{}", fragment(state)));
    };
    move || {
        generation.update_value(|g| *g = g.wrapping_add(1));
        let since = browser::now_ms() - last.get_value();
        if since >= KEEP_EVERY_MS {
            return write();
        }
        let mine = generation.get_value();
        set_timeout(
            move || {
                if generation.try_get_value() == Some(mine) {
                    write();
                }
            },
            std::time::Duration::from_millis((KEEP_EVERY_MS - since).ceil() as u64),
        );
    }
}

/// While annotating, a click on the table rings (or aims an arrow at) the
/// display space, location or realm under it, instead of what it would do.
fn pick_on_table(
    state: AppState,
    tool: RwSignal<Tool>,
    arrow_from: RwSignal<Option<Target>>,
    keep: impl Fn() + Copy + 'static,
) {
    let Some(document) = browser::window().and_then(|w| w.document()) else {
        return;
    };
    browser::set_root_attributes(&[("data-annotating", "1")]);
    let listener = Picker::new(move |ev: web_sys::MouseEvent| {
        let Some(target) = target_at(&ev) else {
            return;
        };
        ev.prevent_default();
        ev.stop_propagation();
        let mark = match (tool.get_untracked(), arrow_from.get_untracked()) {
            (Tool::Ring, _) => Mark::Ring(target),
            (Tool::Arrow, None) => {
                arrow_from.set(Some(target));
                return;
            }
            (Tool::Arrow, Some(from)) => {
                arrow_from.set(None);
                if from == target {
                    return;
                }
                Mark::Arrow { from, to: target }
            }
        };
        let at = step(state);
        state.mode.update(|m| {
            if let Some(r) = m.replay_mut() {
                r.record.notes.toggle_mark(at, mark);
            }
        });
        keep();
    });
    let function: &js_sys::Function = listener.as_ref().unchecked_ref();
    let _ = document.add_event_listener_with_callback_and_bool("click", function, true);
    let super::Picking { held, made } = expect_context();
    made.update_value(|n| *n += 1);
    let id = made.get_value();
    // One listener at a time: a new editor replaces the one before.
    unpick(
        held.try_update_value(|p| p.replace((id, listener)))
            .flatten(),
    );
    on_cleanup(move || {
        let mine = held
            .try_update_value(|p| {
                if p.as_ref().is_some_and(|(held, _)| *held == id) {
                    p.take()
                } else {
                    None
                }
            })
            .flatten();
        if mine.is_some() {
            unpick(mine);
            browser::set_root_attributes(&[("data-annotating", "0")]);
        }
    });
}

/// Takes a table listener off the page.
fn unpick(picker: Option<(u32, Picker)>) {
    let Some((_, listener)) = picker else {
        return;
    };
    if let Some(document) = browser::window().and_then(|w| w.document()) {
        let function: &js_sys::Function = listener.as_ref().unchecked_ref();
        let _ = document.remove_event_listener_with_callback_and_bool("click", function, true);
    }
}

pub type Picker = wasm_bindgen::closure::Closure<dyn Fn(web_sys::MouseEvent)>;

/// The display space, location or realm a click on the table is on. (While
/// annotating, the display's cards let clicks through to the display, as
/// they are disabled in a replay: they are found by their boxes.)
fn target_at(ev: &web_sys::MouseEvent) -> Option<Target> {
    let element: web_sys::Element = ev.target()?.dyn_into().ok()?;
    let document = element.owner_document()?;
    if element.closest(".display").ok().flatten().is_some() {
        let cards = document
            .query_selector_all(".display .card[data-space]")
            .ok()?;
        let (x, y) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        return (0..cards.length())
            .filter_map(|i| cards.item(i)?.dyn_into::<web_sys::Element>().ok())
            .find(|card| {
                let r = card.get_bounding_client_rect();
                (r.left()..=r.right()).contains(&x) && (r.top()..=r.bottom()).contains(&y)
            })
            .and_then(|card| card.get_attribute("data-space")?.parse().ok())
            .map(|space| Target::Display { space });
    }
    table_target(&element)
}

/// A location (with its realm's seat) or a realm the element is part of.
fn table_target(element: &web_sys::Element) -> Option<Target> {
    let realm = element.closest(".realm[data-seat]").ok()??;
    let seat = Seat::new(realm.get_attribute("data-seat")?.parse().ok()?)?;
    let location = element
        .closest(".column[data-location]")
        .ok()
        .flatten()
        .and_then(|c| c.get_attribute("data-location")?.parse::<usize>().ok())
        .and_then(|i| majesty_rules::Location::ALL.get(i).copied());
    Some(match location {
        Some(location) => Target::Location {
            location,
            seat: Some(seat),
        },
        None => Target::Realm { seat },
    })
}

/// The annotated record as a link, an iframe and a file.
#[component]
fn Export() -> impl IntoView {
    let state = expect_context::<AppState>();
    let shown = RwSignal::new(Vec::<String>::new());
    let base = browser::page_address();
    let link = {
        let base = base.clone();
        move |_| shown.set(vec![format!("{base}#{}", fragment(state))])
    };
    // The script with its element (on one line here), and a plain frame.
    let embed = move |_| {
        let link = format!("#{}", fragment(state));
        let (script, frame) = crate::model::link::embed_snippets(&base, &link);
        shown.set(vec![script.replace('\n', " "), frame])
    };
    let file = move || {
        state
            .replay
            .with(|r| r.as_ref().map(|r| json_download_url(&r.record.to_json())))
    };
    move || {
        let t = state.t();
        view! {
            <div class="note-export actions">
                <button on:click=link.clone()>{t.notes_link()}</button>
                <button on:click=embed.clone()>{t.notes_embed()}</button>
                <a class="button" href=file download="majesty-annotated.json">{t.notes_download()}</a>
            </div>
            {move || shown.get().into_iter().map(|text| view! { <CopyField text/> }).collect_view()}
        }
    }
}

/// A text to copy: the field and its Copy button.
#[component]
fn CopyField(text: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let field = NodeRef::<leptos::html::Input>::new();
    view! {
        <span class="share-row">
            <input type="text" readonly class="share-link note-share" prop:value=text.clone() node_ref=field
                aria-label=move || state.t().share_hint()/>
            <CopyButton text field/>
        </span>
    }
}
