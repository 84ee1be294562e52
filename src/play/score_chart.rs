//! The scores over the game: a hand-drawn SVG line chart, one line per
//! player (colour, dash pattern and end marker differ per seat, so it reads
//! without colour). It draws the numbers it is given; it counts nothing.
//!
//! Accessibility: the SVG is `role="img"` with a one-sentence label (where
//! every player stood when play ended and after final scoring). A hidden
//! table of every turn would make a screen reader read 25 to 49 rows of
//! numbers that the log already tells turn by turn, and the final numbers
//! are in the final scoring table just above.

use leptos::prelude::*;

use crate::state::AppState;

/// The drawing's size in SVG units (`viewBox`): wide, or narrow on a phone
/// (so that its labels are not shrunk to half), and the plot's margins.
const WIDE: f64 = 600.0;
const NARROW: f64 = 360.0;
const H: f64 = 300.0;
const LEFT: f64 = 44.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 34.0;

/// `value` with one decimal ("12.0", "-0.5"), as the drawing's numbers are
/// written (in SVG, whatever the language).
pub fn tenths(value: f64) -> String {
    crate::i18n::with_one_decimal(value, ".")
}

/// 1, 2 or 5 × 10^k: the smallest such step that cuts `span` into at most
/// `max_ticks` parts.
pub fn nice_step(span: i32, max_ticks: i32) -> i32 {
    let wanted = (span.max(1) + max_ticks - 1) / max_ticks.max(1);
    let mut base = 1;
    loop {
        for m in [1, 2, 5] {
            if base * m >= wanted {
                return base * m;
            }
        }
        base *= 10;
    }
}

/// Where things go: turns across, points up.
#[derive(Clone, Debug, PartialEq)]
pub struct Axes {
    /// The drawing's width (`viewBox`).
    pub width: f64,
    pub turns: usize,
    /// The x of the "final" step, if drawn (a little after the last turn).
    pub final_x: Option<usize>,
    pub y_min: i32,
    pub y_max: i32,
    /// Labelled points and turns.
    pub y_step: i32,
    pub x_step: usize,
    /// Gridlines: every 10 points, unless that is too many or too few.
    pub grid_step: i32,
}

impl Axes {
    pub fn new(history: &[Vec<i32>], finals: Option<&[i32]>, width: f64) -> Axes {
        let turns = history.len().saturating_sub(1);
        let values = history.iter().flatten().chain(finals.into_iter().flatten());
        let (lo, hi) = values.fold((0, 1), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        let y_step = nice_step(hi - lo, 5);
        let y_min = lo.div_euclid(y_step) * y_step;
        let y_max = -((-hi).div_euclid(y_step)) * y_step;
        let grid_step = if y_step >= 10 && (y_max - y_min) / 10 <= 30 {
            10
        } else {
            y_step
        };
        Axes {
            width,
            turns,
            final_x: finals.map(|_| turns + (turns / 8).max(2)),
            y_min,
            y_max,
            y_step,
            x_step: nice_step(turns as i32, if width < WIDE { 6 } else { 8 }) as usize,
            grid_step,
        }
    }

    pub fn x(&self, turn: usize) -> f64 {
        let last = self.final_x.unwrap_or(self.turns).max(1) as f64;
        LEFT + (self.width - LEFT - RIGHT) * turn as f64 / last
    }

    pub fn y(&self, points: i32) -> f64 {
        let span = f64::from((self.y_max - self.y_min).max(1));
        TOP + (H - TOP - BOTTOM) * f64::from(self.y_max - points) / span
    }

    /// "x,y x,y …" of `(turn, points)` pairs, for a `<polyline>`.
    pub fn points(&self, pairs: impl IntoIterator<Item = (usize, i32)>) -> String {
        let xy: Vec<String> = pairs
            .into_iter()
            .map(|(t, p)| format!("{},{}", tenths(self.x(t)), tenths(self.y(p))))
            .collect();
        xy.join(" ")
    }
}

/// Whether the page is as narrow as a phone (the CSS's breakpoint).
fn narrow_screen() -> bool {
    crate::model::prefs::media_matches("(max-width: 600px)")
}

/// Values from `from` to `to` by `step`.
fn ticks(from: i32, to: i32, step: i32) -> impl Iterator<Item = i32> {
    (0..)
        .map(move |i| from + i * step.max(1))
        .take_while(move |v| *v <= to)
}

/// The seat's line: solid, dashed, dotted, dash-dot.
pub fn dash(seat: usize) -> &'static str {
    ["none", "9 5", "2 4", "10 4 2 4"][seat % 4]
}

/// The seat's end marker centred on (x, y): circle, square, triangle, diamond.
pub fn marker_path(seat: usize, x: f64, y: f64) -> String {
    let r = 5.5;
    let n = tenths;
    match seat % 4 {
        0 => format!(
            "M{},{}a{r},{r} 0 1,0 {},0a{r},{r} 0 1,0 {},0z",
            n(x - r),
            n(y),
            n(2.0 * r),
            n(-2.0 * r),
            r = n(r)
        ),
        1 => format!("M{},{}h{d}v{d}h-{d}z", n(x - r), n(y - r), d = n(2.0 * r)),
        2 => format!(
            "M{},{}L{},{}L{},{}z",
            n(x),
            n(y - r * 1.2),
            n(x + r * 1.2),
            n(y + r * 0.9),
            n(x - r * 1.2),
            n(y + r * 0.9)
        ),
        _ => format!(
            "M{x},{}L{},{y}L{x},{}L{},{y}z",
            n(y - r * 1.3),
            n(x + r * 1.3),
            n(y + r * 1.3),
            n(x - r * 1.3),
            x = n(x),
            y = n(y)
        ),
    }
}

#[component]
pub fn ScoreChart(
    names: Vec<String>,
    history: Vec<Vec<i32>>,
    #[prop(optional)] final_totals: Option<Vec<i32>>,
    #[prop(optional)] upto: Option<usize>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let w = if narrow_screen() { NARROW } else { WIDE };
    let axes = Axes::new(&history, final_totals.as_deref(), w);
    let last = history.last().cloned().unwrap_or_default();
    let turns = axes.turns;
    let label = {
        let (names, finals) = (names.clone(), final_totals.clone());
        move || {
            let pairs = |v: &[i32]| {
                names
                    .iter()
                    .map(String::as_str)
                    .zip(v.iter().copied())
                    .collect::<Vec<_>>()
            };
            let totals = finals.as_deref().map(pairs);
            state
                .t()
                .score_chart_label(turns, &pairs(&last), totals.as_deref())
        }
    };
    let title = label.clone();
    let grid = ticks(axes.y_min, axes.y_max, axes.grid_step)
        .map(|v| view! { <line class="grid" x1=tenths(LEFT) x2=tenths(w - RIGHT) y1=tenths(axes.y(v)) y2=tenths(axes.y(v))/> })
        .collect_view();
    let y_labels = ticks(axes.y_min, axes.y_max, axes.y_step)
        .map(|v| view! { <text x=tenths(LEFT - 6.0) y=tenths(axes.y(v)) text-anchor="end" dominant-baseline="middle">{v}</text> })
        .collect_view();
    let x_labels = ticks(0, axes.turns as i32, axes.x_step as i32)
        .map(|t| view! { <text x=tenths(axes.x(t as usize)) y=tenths(H - BOTTOM + 18.0) text-anchor="middle">{t}</text> })
        .collect_view();
    let final_label = axes.final_x.map(|_| {
        view! { <text class="final" x=tenths(w) y=tenths(H - BOTTOM + 18.0) text-anchor="end">{move || state.t().final_step()}</text> }
    });
    let seats = names.len();
    let lines = (0..seats)
        .map(|seat| {
            let column: Vec<(usize, i32)> = history.iter().enumerate().filter_map(|(t, row)| Some((t, *row.get(seat)?))).collect();
            let end = column.last().copied().unwrap_or((0, 0));
            let jump = axes.final_x.zip(final_totals.as_ref().and_then(|f| f.get(seat).copied()));
            let (mx, my) = jump.unwrap_or(end);
            view! {
                <g class=format!("seat s{seat}")>
                    <polyline class="line" points=axes.points(column) stroke-dasharray=dash(seat)/>
                    {jump.map(|j| view! { <polyline class="line final-step" points=axes.points([end, j])/> })}
                    <path class="marker" d=marker_path(seat, axes.x(mx), axes.y(my))/>
                </g>
            }
        })
        .collect_view();
    let upto_line =
        upto.map(|t| view! { <line class="upto" x1=tenths(axes.x(t)) x2=tenths(axes.x(t)) y1=tenths(TOP) y2=tenths(H - BOTTOM)/> });
    let legend = names
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            view! {
                <li>
                    <svg class=format!("key seat s{seat}") viewBox="0 0 40 14" aria-hidden="true" focusable="false">
                        <line class="line" x1="1" y1="7" x2="30" y2="7" stroke-dasharray=dash(seat)/>
                        <path class="marker" d=marker_path(seat, 32.0, 7.0)/>
                    </svg>
                    {name.clone()}
                </li>
            }
        })
        .collect_view();
    view! {
        <figure class="score-chart">
            <svg viewBox=format!("0 0 {} {}", tenths(w), tenths(H)) role="img" aria-label=label preserveAspectRatio="xMidYMid meet">
                <title>{title}</title>
                {grid}
                <line class="axis" x1=tenths(LEFT) x2=tenths(w - RIGHT) y1=tenths(axes.y(axes.y_min)) y2=tenths(axes.y(axes.y_min))/>
                {y_labels}
                <text class="axis-title" x=tenths(LEFT - 12.0) y=tenths(H - BOTTOM + 18.0) text-anchor="end">{move || state.t().turn_axis()}</text>
                {x_labels}
                {final_label}
                {upto_line}
                {lines}
            </svg>
            <ul class="legend" aria-hidden="true">{legend}</ul>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nice_steps_are_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(nice_step(0, 5), 1);
        assert_eq!(nice_step(4, 5), 1);
        assert_eq!(nice_step(9, 5), 2);
        assert_eq!(nice_step(24, 8), 5);
        assert_eq!(nice_step(48, 8), 10);
        assert_eq!(nice_step(130, 5), 50);
        assert_eq!(nice_step(61, 5), 20);
        assert_eq!(nice_step(1000, 5), 200);
    }

    fn game() -> Vec<Vec<i32>> {
        vec![
            vec![0, 0],
            vec![4, 0],
            vec![4, 12],
            vec![30, 12],
            vec![54, 61],
        ]
    }

    #[test]
    fn the_axes_cover_every_value_on_round_numbers() {
        let a = Axes::new(&game(), None, WIDE);
        assert_eq!((a.turns, a.final_x), (4, None));
        assert_eq!((a.y_min, a.y_max, a.y_step, a.grid_step), (0, 80, 20, 10));
        let a = Axes::new(&game(), Some(&[120, 118]), WIDE);
        assert_eq!((a.y_max, a.y_step, a.final_x), (150, 50, Some(6)));
        // A loss below zero.
        let a = Axes::new(&[vec![0], vec![3]], Some(&[-4]), NARROW);
        assert_eq!((a.y_min, a.y_max, a.y_step, a.grid_step), (-4, 4, 2, 2));
        // Huge scores: fewer gridlines than every 10.
        let a = Axes::new(&[vec![0], vec![900]], None, WIDE);
        assert_eq!((a.y_max, a.grid_step), (1000, 200));
    }

    #[test]
    fn points_map_the_corners_of_the_plot() {
        let a = Axes::new(&game(), None, WIDE);
        assert_eq!(a.x(0), LEFT);
        assert_eq!(a.x(4), WIDE - RIGHT);
        assert_eq!(a.y(a.y_max), TOP);
        assert_eq!(a.y(0), H - BOTTOM);
        assert_eq!(a.points([(0, 0), (4, 80)]), "44.0,266.0 584.0,12.0");
        // The final step sits after the last turn, at the right edge.
        let a = Axes::new(&game(), Some(&[120, 118]), WIDE);
        assert!(a.x(4) < WIDE - RIGHT);
        assert_eq!(a.x(6), WIDE - RIGHT);
        // A phone's narrower drawing.
        let a = Axes::new(&game(), None, NARROW);
        assert_eq!(a.x(4), NARROW - RIGHT);
    }

    #[test]
    fn every_seat_has_its_own_dash_and_marker() {
        let dashes: std::collections::HashSet<_> = (0..4).map(dash).collect();
        assert_eq!(dashes.len(), 4);
        let markers: Vec<String> = (0..4).map(|s| marker_path(s, 10.0, 10.0)).collect();
        assert!(markers[0].contains('a'), "a circle is two arcs");
        assert_eq!(
            markers[0],
            "M4.5,10.0a5.5,5.5 0 1,0 11.0,0a5.5,5.5 0 1,0 -11.0,0z"
        );
        assert_eq!(markers[1], "M4.5,4.5h11.0v11.0h-11.0z");
        assert_eq!(markers[2], "M10.0,3.4L16.6,15.0L3.4,15.0z");
        assert_eq!(markers[3], "M10.0,2.8L17.2,10.0L10.0,17.2L2.8,10.0z");
        assert_eq!(markers[2].matches('L').count(), 2, "a triangle");
        assert_eq!(markers[3].matches('L').count(), 3, "a diamond");
    }

    #[test]
    fn numbers_are_written_with_one_decimal() {
        assert_eq!(tenths(44.0), "44.0");
        assert_eq!(tenths(3.35), "3.4");
        assert_eq!(tenths(-0.54), "-0.5");
        assert_eq!(tenths(-0.04), "0.0");
        assert_eq!(tenths(599.96), "600.0");
    }

    #[test]
    fn ticks_run_from_the_bottom_to_the_top() {
        assert_eq!(ticks(0, 50, 20).collect::<Vec<_>>(), vec![0, 20, 40]);
        assert_eq!(ticks(-4, 4, 2).count(), 5);
    }
}
