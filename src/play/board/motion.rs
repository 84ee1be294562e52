//! Turns that move: the taken card travels from the display to its stack,
//! pawns go onto the display cards and back to the worker card, wounded and
//! healed cards change stacks, the display closes its gap and a new card is
//! dealt, and "+N" rises from each scoring player's coin.
//!
//! FLIP: the places of things are read before the turn is applied (`First`),
//! the engine's new state is rendered as usual, and in the next frame each
//! move is played from the old place to the new (`Last`, `Invert`, `Play`)
//! with the Web Animations API. Travelling pieces are clones laid over the
//! page and removed at the end: what remains is always the authoritative
//! state. With `prefers-reduced-motion: reduce` nothing travels; the pieces
//! that arrive fade in briefly.

use std::time::Duration;

use majesty_rules::{Event, Seat};

/// Where things were before the turn (page coordinates of each box).
#[derive(Clone, Debug, Default)]
pub struct Before {
    display: Vec<Rect>,
    deck: Option<Rect>,
    /// Per seat: the worker card.
    workers: Vec<Option<Rect>>,
    /// Per seat and location 0–7: the top card of the stack (or the stack).
    tops: Vec<[Option<Rect>; 8]>,
    /// A copy of the card taken, as it lay in the display.
    taken: Option<web_sys::HtmlElement>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// How long a piece travels.
pub const TRAVEL: Duration = Duration::from_millis(560);
/// How long a fade lasts (reduced motion).
const FADE: Duration = Duration::from_millis(220);

pub use dom::before_turn;

/// How a turn's moves are played (`dom::after_turn`): handed over by the
/// motion's part, into the page's registry (`crate::registry`).
#[derive(Clone, Copy)]
pub struct Play(fn(Before, Vec<Event>));

/// Plays the turn's moves once the new state is on the page. The code that
/// plays them is a part of the page of its own (`motion`), fetched in idle
/// time once a board is up ([`prefetch`]): a turn played before it is here
/// shows its result at once, as with the computers' instant pace.
pub fn after_turn(before: Before, events: Vec<Event>) {
    if let Some(Play(play)) = crate::registry::get() {
        play(before, events);
    }
}

/// Fetches the motion's part in idle time (marked `part:motion` once
/// here).
pub fn prefetch() {
    if !crate::registry::filled::<Play>() {
        crate::parts::in_idle_time(|| {
            Box::pin(async {
                if let Ok(play) = fetch().await {
                    crate::registry::fill(play);
                    crate::browser::mark_once("part:motion");
                }
            })
        });
    }
}

crate::parts::split! { motion =>
    /// The split point. (The function is made at run time: a constant
    /// pointing at it would keep it in the main module.)
    fn fetch() -> Result<Play, crate::parts::SplitLoaderError> {
        Ok(std::hint::black_box(Play(dom::after_turn)))
    }
}

/// The moves a turn's events make, in the order they are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// The taken card from display `space` to `seat`'s stack at `location`.
    Card {
        space: usize,
        seat: usize,
        location: usize,
    },
    /// `n` pawns from `seat`'s worker card onto display spaces 0..n.
    Pay { seat: usize, n: u8 },
    /// `n` pawns from display `space` to `seat`'s worker card.
    PickUp { space: usize, seat: usize, n: u8 },
    /// A card between two stacks of `seat` (wounded: to 7; healed: from 7).
    Stack { seat: usize, from: usize, to: usize },
    /// The display from `space` on slides one space down; a card is dealt.
    Slide { space: usize, dealt: bool },
    /// Points rising from `seat`'s coin.
    Points { seat: usize, points: i32 },
}

/// What to animate for a turn's events.
pub fn moves(events: &[Event], seats: usize) -> Vec<Move> {
    let mut out = Vec::new();
    let mut taken = None;
    for event in events {
        match *event {
            Event::Took {
                player,
                space,
                paid,
                picked_up,
                ..
            } => {
                taken = Some(space);
                if paid > 0 {
                    out.push(Move::Pay {
                        seat: player.index(),
                        n: paid,
                    });
                }
                if picked_up > 0 {
                    out.push(Move::PickUp {
                        space,
                        seat: player.index(),
                        n: picked_up,
                    });
                }
            }
            Event::Placed {
                player, character, ..
            } => {
                if let Some(space) = taken {
                    out.push(Move::Card {
                        space,
                        seat: player.index(),
                        location: character.index(),
                    });
                }
            }
            Event::Healed {
                player, character, ..
            } => {
                out.push(Move::Stack {
                    seat: player.index(),
                    from: 7,
                    to: character.index(),
                });
            }
            Event::Attacked {
                defender,
                wounded: Some(p),
                ..
            } => {
                out.push(Move::Stack {
                    seat: defender.index(),
                    from: p.character.index(),
                    to: 7,
                });
            }
            Event::Refilled { card, .. } => {
                if let Some(space) = taken {
                    out.push(Move::Slide {
                        space,
                        dealt: card.is_some(),
                    });
                }
            }
            _ => {}
        }
    }
    for seat in Seat::all(seats) {
        let points: i32 = events.iter().map(|e| e.points_for(seat)).sum();
        if points != 0 {
            out.push(Move::Points {
                seat: seat.index(),
                points,
            });
        }
    }
    out
}

/// A length or factor for CSS, to the hundredth ("12.5", "-3", "0.25").
/// Written with integers: Rust's float formatting (and its tables) would
/// be in the page's first load for these alone.
struct Css(f64);

impl std::fmt::Display for Css {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hundredths = (self.0 * 100.0).round() as i64;
        let sign = if hundredths < 0 { "-" } else { "" };
        let (whole, part) = (
            hundredths.unsigned_abs() / 100,
            hundredths.unsigned_abs() % 100,
        );
        match part {
            0 => write!(f, "{sign}{whole}"),
            p if p % 10 == 0 => write!(f, "{sign}{whole}.{}", p / 10),
            p => write!(f, "{sign}{whole}.{p:02}"),
        }
    }
}

/// "translate(12.5px,-3px)".
fn translate(dx: f64, dy: f64) -> String {
    format!("translate({}px,{}px)", Css(dx), Css(dy))
}

/// What reads and moves the page (nothing outside a browser).
mod dom {
    use super::*;
    use leptos::prelude::{request_animation_frame, set_timeout};
    use wasm_bindgen::prelude::wasm_bindgen;
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::{Element, HtmlElement};

    // `Element.animate` (Web Animations), which web-sys only offers behind
    // its unstable-API flag although every browser has it.
    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(extends = Element)]
        type Animatable;
        #[wasm_bindgen(method)]
        fn animate(
            this: &Animatable,
            keyframes: &js_sys::Array,
            options: &js_sys::Object,
        ) -> JsValue;
    }

    fn document() -> Option<web_sys::Document> {
        crate::browser::window()?.document()
    }

    fn find(selector: &str) -> Option<Element> {
        document()?.query_selector(selector).ok().flatten()
    }

    fn rect_of(el: &Element) -> Rect {
        let r = el.get_bounding_client_rect();
        Rect {
            x: r.left(),
            y: r.top(),
            w: r.width(),
            h: r.height(),
        }
    }

    fn rect(selector: &str) -> Option<Rect> {
        find(selector).map(|e| rect_of(&e))
    }

    fn top_selector(seat: usize, location: usize) -> String {
        format!(".realm[data-seat=\"{seat}\"] .column[data-location=\"{location}\"] .stack")
    }

    pub fn before_turn(seats: usize, take: usize) -> Before {
        let display = (0..6)
            .map(|i| rect(&format!(".display .card[data-space=\"{i}\"]")).unwrap_or_default())
            .collect();
        let workers = (0..seats)
            .map(|s| rect(&format!(".realm[data-seat=\"{s}\"] .worker-card")))
            .collect();
        let tops = (0..seats)
            .map(|s| {
                std::array::from_fn(|l| {
                    let stack = top_selector(s, l);
                    rect(&format!("{stack} > li:last-child")).or_else(|| rect(&stack))
                })
            })
            .collect();
        let taken = find(&format!(".display .card[data-space=\"{take}\"]"))
            .and_then(|card| card.clone_node_with_deep(true).ok())
            .and_then(|card| card.dyn_into::<HtmlElement>().ok());
        Before {
            display,
            deck: rect(".display .deck"),
            workers,
            tops,
            taken,
        }
    }

    /// Plays the turn's moves once the new state is on the page.
    pub fn after_turn(before: Before, events: Vec<Event>) {
        if crate::browser::window().is_none() {
            return;
        }
        let seats = before.workers.len();
        request_animation_frame(move || {
            let reduced = crate::model::prefs::reduced_motion();
            for m in moves(&events, seats) {
                play(&before, &m, reduced);
            }
        });
    }

    fn play(before: &Before, m: &Move, reduced: bool) {
        match *m {
            Move::Card {
                space,
                seat,
                location,
            } => {
                let stack = top_selector(seat, location);
                let Some(to) = find(&format!("{stack} > li:last-child")) else {
                    return;
                };
                let from = before.display.get(space).copied().filter(|_| !reduced);
                let ghost = from.zip(before.taken.clone()).map(|(from, ghost)| {
                    lay_over(&ghost, from);
                    ghost
                });
                arrive(&to, ghost, reduced);
            }
            Move::Stack { seat, from, to } => {
                let Some(target) = find(&format!("{} > li:last-child", top_selector(seat, to)))
                else {
                    return;
                };
                let ghost = before
                    .tops
                    .get(seat)
                    .and_then(|t| t[from])
                    .filter(|_| !reduced)
                    .and_then(|r| {
                        let ghost = target
                            .clone_node_with_deep(true)
                            .ok()?
                            .dyn_into::<HtmlElement>()
                            .ok()?;
                        lay_over(&ghost, r);
                        Some(ghost)
                    });
                arrive(&target, ghost, reduced);
            }
            Move::Pay { seat, n } => {
                let Some(from) = before.workers.get(seat).copied().flatten() else {
                    return;
                };
                for i in 0..usize::from(n) {
                    let to = rect(&format!(".display .space:nth-child({}) .lying", i + 1));
                    fly_pawn(from, to, i, reduced);
                }
            }
            Move::PickUp { space, seat, n } => {
                let from = before.display.get(space).copied().unwrap_or_default();
                let to = rect(&format!(".realm[data-seat=\"{seat}\"] .worker-card"));
                for i in 0..usize::from(n) {
                    fly_pawn(from, to, i, reduced);
                }
            }
            Move::Slide { space, dealt } => slide(before, space, dealt, reduced),
            Move::Points { seat, points } => float_points(seat, points, reduced),
        }
    }

    /// Puts `el` over the page at `r`, for a travelling piece.
    fn lay_over(el: &HtmlElement, r: Rect) {
        let _ = el.set_attribute("aria-hidden", "true");
        // A copy is not the thing itself: it must not be found as a card.
        for name in ["data-space", "id", "aria-pressed", "aria-label"] {
            let _ = el.remove_attribute(name);
        }
        let _ = el.class_list().add_1("ghost");
        let style = el.style();
        let _ = style.set_property("left", &format!("{}px", Css(r.x)));
        let _ = style.set_property("top", &format!("{}px", Css(r.y)));
        let _ = style.set_property("width", &format!("{}px", Css(r.w)));
        let _ = style.set_property("height", &format!("{}px", Css(r.h)));
        if let Some(body) = document().and_then(|d| d.body()) {
            let _ = body.append_child(el);
        }
    }

    /// `target` has just arrived: a ghost travels to it, or it fades in.
    fn arrive(target: &Element, ghost: Option<HtmlElement>, reduced: bool) {
        let end = rect_of(target);
        match ghost {
            Some(ghost) => {
                let start = rect_of(&ghost);
                let (dx, dy) = (end.x - start.x, end.y - start.y);
                let (sx, sy) = (end.w / start.w.max(1.0), end.h / start.h.max(1.0));
                animate(
                    &ghost,
                    &[
                        &[("transform", "translate(0,0) scale(1)".into())],
                        &[(
                            "transform",
                            format!(
                                "translate({}px,{}px) scale({},{})",
                                Css(dx),
                                Css(dy),
                                Css(sx),
                                Css(sy)
                            ),
                        )],
                    ],
                    TRAVEL,
                    0.0,
                );
                animate(
                    target,
                    &[
                        &[("opacity", "0".into())],
                        &[("opacity", "0".into())],
                        &[("opacity", "1".into())],
                    ],
                    TRAVEL,
                    0.0,
                );
                remove_later(ghost, TRAVEL);
            }
            None if reduced => {
                animate(
                    target,
                    &[&[("opacity", "0".into())], &[("opacity", "1".into())]],
                    FADE,
                    0.0,
                );
            }
            None => {}
        }
    }

    fn fly_pawn(from: Rect, to: Option<Rect>, i: usize, reduced: bool) {
        let Some(to) = to else { return };
        if reduced {
            return;
        }
        let Some(doc) = document() else { return };
        let Some(pawn) = doc
            .create_element("span")
            .ok()
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        else {
            return;
        };
        pawn.set_class_name("ghost-pawn");
        let size = 18.0;
        lay_over(
            &pawn,
            Rect {
                x: from.x + from.w / 2.0 - size / 2.0,
                y: from.y + from.h / 2.0 - size / 2.0,
                w: size,
                h: size,
            },
        );
        let (dx, dy) = (
            to.x + to.w / 2.0 - from.x - from.w / 2.0,
            to.y + to.h / 2.0 - from.y - from.h / 2.0,
        );
        let delay = 80.0 * i as f64;
        animate(
            &pawn,
            &[
                &[("transform", "translate(0,0)".into())],
                &[("transform", translate(dx, dy))],
            ],
            TRAVEL,
            delay,
        );
        remove_later(pawn, TRAVEL + Duration::from_millis(80 * i as u64));
    }

    /// The display closes its gap: each card from `space` on comes from the
    /// space behind it, and the back space's card from the deck.
    fn slide(before: &Before, space: usize, dealt: bool, reduced: bool) {
        for i in space..6 {
            let Some(card) = find(&format!(".display .card[data-space=\"{i}\"]")) else {
                continue;
            };
            if reduced {
                if i == 5 && dealt {
                    animate(
                        &card,
                        &[&[("opacity", "0".into())], &[("opacity", "1".into())]],
                        FADE,
                        0.0,
                    );
                }
                continue;
            }
            let now = rect_of(&card);
            let from = if i == 5 {
                before.deck
            } else {
                before.display.get(i + 1).copied()
            };
            let Some(from) = from else { continue };
            let (dx, dy) = (from.x - now.x, from.y - now.y);
            let mut first = vec![("transform", translate(dx, dy))];
            if i == 5 {
                first.push(("opacity", "0.2".into()));
            }
            animate(
                &card,
                &[
                    &first,
                    &[
                        ("transform", "translate(0,0)".into()),
                        ("opacity", "1".into()),
                    ],
                ],
                TRAVEL,
                0.0,
            );
        }
    }

    /// "+N" rising from a player's coin.
    fn float_points(seat: usize, points: i32, reduced: bool) {
        let Some(coin) = rect(&format!(".score-coin[data-seat=\"{seat}\"]")) else {
            return;
        };
        let Some(doc) = document() else { return };
        let Some(label) = doc
            .create_element("span")
            .ok()
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        else {
            return;
        };
        label.set_class_name(if points < 0 {
            "float-points loss"
        } else {
            "float-points"
        });
        label.set_text_content(Some(&crate::i18n::signed(points)));
        lay_over(
            &label,
            Rect {
                x: coin.x,
                y: coin.y - 4.0,
                w: coin.w.max(40.0),
                h: 24.0,
            },
        );
        // Reduced motion: the number only fades in and out where it is.
        let (from, to) = if reduced {
            (None, None)
        } else {
            (Some("translate(0,0)"), Some("translate(0,-34px)"))
        };
        let frame = |opacity: &str, transform: Option<&str>| {
            let mut f = vec![("opacity", opacity.to_string())];
            f.extend(transform.map(|t| ("transform", t.to_string())));
            f
        };
        let (start, end) = (frame("0", from), frame("0", to));
        let middle = [("opacity", "1".to_string()), ("offset", "0.2".to_string())];
        animate(
            &label,
            &[&start, &middle, &end],
            Duration::from_millis(1200),
            250.0,
        );
        remove_later(label, Duration::from_millis(1500));
    }

    /// Runs a Web Animation of `frames` (property, value pairs) on `el`.
    fn animate(el: &Element, frames: &[&[(&str, String)]], duration: Duration, delay: f64) {
        let keyframes = js_sys::Array::new();
        for frame in frames {
            let object = js_sys::Object::new();
            for (property, value) in frame.iter() {
                let value = if *property == "offset" {
                    // JavaScript's own Number(): Rust's float parser
                    // is not needed in the page for one constant.
                    JsValue::from_f64(js_sys::Number::parse_float(value))
                } else {
                    JsValue::from_str(value)
                };
                let _ = js_sys::Reflect::set(&object, &JsValue::from_str(property), &value);
            }
            keyframes.push(&object);
        }
        let options = js_sys::Object::new();
        for (key, value) in [
            ("duration", JsValue::from_f64(duration.as_millis() as f64)),
            ("delay", JsValue::from_f64(delay)),
            ("easing", JsValue::from_str("cubic-bezier(.2,.7,.2,1)")),
            ("fill", JsValue::from_str("backwards")),
        ] {
            let _ = js_sys::Reflect::set(&options, &JsValue::from_str(key), &value);
        }
        el.unchecked_ref::<Animatable>()
            .animate(&keyframes, &options);
    }

    fn remove_later(el: HtmlElement, after: Duration) {
        set_timeout(move || el.remove(), after + Duration::from_millis(40));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use majesty_rules::{Card, Character};

    #[test]
    fn css_numbers_are_written_to_the_hundredth_without_float_formatting() {
        let written: Vec<String> = [0.0, 12.5, -3.0, 0.25, 1.005, -0.004, 107.333, -41.06]
            .iter()
            .map(|x| Css(*x).to_string())
            .collect();
        assert_eq!(
            written,
            ["0", "12.5", "-3", "0.25", "1", "0", "107.33", "-41.06"]
        );
        assert_eq!(translate(-7.5, 20.0), "translate(-7.5px,20px)");
    }

    #[test]
    fn a_taken_card_travels_to_its_stack_and_the_display_slides() {
        let card = Card::single(Character::Witch);
        let events = vec![
            Event::Took {
                player: Seat::new(1).unwrap(),
                space: 2,
                card,
                paid: 2,
                picked_up: 1,
            },
            Event::Placed {
                player: Seat::new(1).unwrap(),
                card,
                character: Character::Witch,
            },
            Event::Refilled {
                card: Some(card),
                deck_left: 3,
            },
        ];
        assert_eq!(
            moves(&events, 2),
            vec![
                Move::Pay { seat: 1, n: 2 },
                Move::PickUp {
                    space: 2,
                    seat: 1,
                    n: 1
                },
                Move::Card {
                    space: 2,
                    seat: 1,
                    location: 2
                },
                Move::Slide {
                    space: 2,
                    dealt: true
                },
            ]
        );
    }
}
