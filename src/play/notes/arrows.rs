//! A note's arrows, drawn over the table between the boxes of what they
//! join: a fixed layer that takes no room (nothing moves), drawn again when
//! the table changes, the window is resized, the page scrolls or its body
//! changes size.

use leptos::prelude::*;
use majesty_rules::annotation::{Mark, Note, Target};

use crate::state::AppState;

/// A box on the screen (CSS pixels, from the viewport's top left).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    fn centre(self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// Where the ray from the centre towards (dx, dy) leaves the box.
    fn edge(self, dx: f64, dy: f64) -> (f64, f64) {
        let (cx, cy) = self.centre();
        let along = |half: f64, d: f64| {
            if d == 0.0 {
                f64::INFINITY
            } else {
                half / d.abs()
            }
        };
        let k = along(self.w / 2.0, dx).min(along(self.h / 2.0, dy));
        (cx + k * dx, cy + k * dy)
    }
}

/// The line of an arrow from one box to another: from the first box's edge
/// to the second's, towards each other's centre; `None` for boxes with the
/// same centre (nothing to point along).
pub fn arrow_between(from: Rect, to: Rect) -> Option<[f64; 4]> {
    let ((ax, ay), (bx, by)) = (from.centre(), to.centre());
    let (dx, dy) = (bx - ax, by - ay);
    if dx.hypot(dy) < 1.0 {
        return None;
    }
    let (x1, y1) = from.edge(dx, dy);
    let (x2, y2) = to.edge(-dx, -dy);
    // Boxes that overlap (a location inside its realm): centre to edge.
    let inside = (x2 - x1) * dx + (y2 - y1) * dy <= 0.0;
    Some(if inside {
        [ax, ay, x2, y2]
    } else {
        [x1, y1, x2, y2]
    })
}

/// The box of the first element `target` finds on the table, and whether
/// it is still moving there.
fn rect_of(target: Target, moving: &mut bool) -> Option<Rect> {
    let document = crate::browser::window()?.document()?;
    let element = document.query_selector(&super::selector(target)).ok()??;
    *moving |= travelling(&element);
    let r = element.get_bounding_client_rect();
    (r.width() > 0.0).then(|| Rect {
        x: r.left(),
        y: r.top(),
        w: r.width(),
        h: r.height(),
    })
}

/// Whether a turn's motion (src/play/board/motion.rs, Web Animations) is
/// moving `element`: its box is not yet where it comes to rest. (A CSS
/// animation, such as a ring's pulse, moves no box.)
fn travelling(element: &web_sys::Element) -> bool {
    use wasm_bindgen::JsCast as _;
    let get = |target: &wasm_bindgen::JsValue, name: &str| {
        js_sys::Reflect::get(target, &name.into()).ok()
    };
    let animations = get(element, "getAnimations")
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call0(element).ok())
        .map(|all| js_sys::Array::from(&all));
    animations.is_some_and(|all| {
        all.iter()
            .any(|a| get(&a, "animationName").is_none_or(|name| name.is_undefined()))
    })
}

/// The arrows of `note` where their ends are, and whether an end is still
/// moving.
fn lines_of(note: &Option<Note>) -> (Vec<[f64; 4]>, bool) {
    let mut moving = false;
    let lines = note
        .iter()
        .flat_map(|n| &n.marks)
        .filter_map(|m| match *m {
            Mark::Arrow { from, to } => {
                arrow_between(rect_of(from, &mut moving)?, rect_of(to, &mut moving)?)
            }
            Mark::Ring(_) => None,
        })
        .collect();
    (lines, moving)
}

/// The arrows drawn, and the number of the latest drawing asked for.
#[derive(Clone, Copy)]
struct Layer {
    lines: RwSignal<Vec<[f64; 4]>>,
    latest: StoredValue<u32>,
}

/// Draws the note's arrows; while some end is not on the page yet (the
/// table still being drawn) or still travelling to its place, tries again
/// a little later, a few times. `drawing` is the number of this drawing: a
/// later try of an earlier drawing (another note, the table set anew) draws
/// nothing, or it would put back arrows that are gone.
fn draw(layer: Layer, note: Option<Note>, drawing: u32, tries: u32) {
    if layer.latest.try_get_value() != Some(drawing) {
        return;
    }
    let (drawn, moving) = lines_of(&note);
    let wanted = note
        .iter()
        .flat_map(|n| &n.marks)
        .filter(|m| matches!(m, Mark::Arrow { .. }))
        .count();
    let short = drawn.len() < wanted;
    // (The layer may be gone by a later try: nothing to draw then.)
    if layer.lines.try_set(drawn).is_some() {
        return;
    }
    if (short || moving) && tries < 20 {
        set_timeout(
            move || draw(layer, note, drawing, tries + 1),
            std::time::Duration::from_millis(100),
        );
    }
}

/// The note whose arrows the layer draws (given by `Marks`).
#[derive(Clone, Copy)]
pub struct Shown(pub Memo<Option<Note>>);

#[component]
pub fn ArrowLayer() -> impl IntoView {
    let state = expect_context::<AppState>();
    let Shown(note) = expect_context::<Shown>();
    let lines = RwSignal::new(Vec::<[f64; 4]>::new());
    let layer = Layer {
        lines,
        latest: StoredValue::new(0),
    };
    let moved = RwSignal::new(0u32);
    let bump = move || {
        moved.try_update(|n| *n = n.wrapping_add(1));
    };
    let resize = window_event_listener(leptos::ev::resize, move |_| bump());
    let scroll = window_event_listener(leptos::ev::scroll, move |_| bump());
    // The table drawn late (a slow first load) or moved by the panels above
    // it changes the body's size: the arrows follow. Dropped with the layer.
    let _watch = StoredValue::new_local(crate::browser::watch_body_size(bump));
    on_cleanup(move || {
        resize.remove();
        scroll.remove();
    });
    Effect::new(move |_| {
        moved.track();
        state.session.track();
        let note = note.get();
        // After the table is drawn for this position.
        layer.latest.update_value(|n| *n = n.wrapping_add(1));
        let drawing = layer.latest.get_value();
        request_animation_frame(move || draw(layer, note, drawing, 0));
    });
    view! {
        <svg class="note-arrows" aria-hidden="true" focusable="false">
            <defs>
                <marker id="note-head" viewBox="0 0 10 10" refX="7" refY="5"
                    markerWidth="4" markerHeight="4" orient="auto-start-reverse">
                    <path d="M0,0L10,5L0,10z"/>
                </marker>
            </defs>
            // (Whole pixels, written from integers: no float formatting in
            // the parts that draw notes.)
            {move || lines.get().into_iter().map(|l| l.map(|v| v.round() as i64)).map(|l| view! {
                <line class="note-arrow-halo" x1=l[0] y1=l[1] x2=l[2] y2=l[3]/>
                <line class="note-arrow" x1=l[0] y1=l[1] x2=l[2] y2=l[3] marker-end="url(#note-head)"/>
            }).collect_view()}
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect { x, y, w, h }
    }

    #[test]
    fn an_arrow_joins_the_facing_edges() {
        let left = rect(0.0, 0.0, 20.0, 10.0);
        let right = rect(100.0, 0.0, 20.0, 10.0);
        assert_eq!(arrow_between(left, right), Some([20.0, 5.0, 100.0, 5.0]));
        let below = rect(0.0, 50.0, 20.0, 10.0);
        assert_eq!(arrow_between(left, below), Some([10.0, 10.0, 10.0, 50.0]));
    }

    #[test]
    fn an_arrow_into_an_enclosing_box_starts_at_the_centre() {
        let realm = rect(0.0, 0.0, 200.0, 100.0);
        let column = rect(150.0, 10.0, 20.0, 80.0);
        let [x1, y1, ..] = arrow_between(column, realm).unwrap();
        assert_eq!((x1, y1), (160.0, 50.0));
        assert_eq!(arrow_between(realm, realm), None);
    }
}
