//! The puzzles' screen: the puzzle of the day, the person's record, and
//! every puzzle by theme, each marked as the person did.

use leptos::prelude::*;
use majesty_ai::puzzles::{of_the_day, Theme, MARGIN};

use super::{fetched, open_puzzle, today};
use crate::model::puzzles::{self as record, PuzzleRecord, Tried};
use crate::state::{AppState, Screen};

/// The person's record (None: no storage here; an unreadable one is said).
fn kept(state: AppState) -> Option<PuzzleRecord> {
    match record::read()? {
        Ok(record) => Some(record),
        Err(_) => {
            state
                .notice
                .set(Some(state.t_now().puzzle_record_unreadable().into()));
            None
        }
    }
}

#[component]
pub fn PuzzlesScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let Some(file) = fetched() else {
        return ().into_any();
    };
    let mine = kept(state).unwrap_or_default();
    let day = today();
    let daily = of_the_day(day, file.puzzles.len());
    let t = move || state.t();
    let (tried, right) = mine.score();
    let streak = mine.streak(day);
    let sections = Theme::ALL.into_iter().filter_map(|theme| {
        let items: Vec<_> = file
            .puzzles
            .iter()
            .enumerate()
            .filter(|(_, p)| p.theme == theme)
            .map(|(i, p)| {
                let puzzle = p.clone();
                let (sign, class) = mark(mine.get(&p.id));
                let (players, sides) = (p.record.players.len(), sides(&p.record.sides.to_string()));
                let open = move |ev: leptos::ev::MouseEvent| {
                    ev.prevent_default();
                    open_puzzle(state, &puzzle);
                };
                view! {
                    <li><a href=format!("?puzzle={}", p.id) data-puzzle=p.id.clone()
                        class=class on:click=open
                        title=move || t().puzzle_players(players, sides)>
                        {i + 1}{sign}
                    </a></li>
                }
            })
            .collect();
        (!items.is_empty()).then(|| {
            view! {
                <section class="panel puzzle-theme">
                    <h2>{move || t().puzzle_theme(theme.name())}</h2>
                    <ul class="puzzle-list">{items}</ul>
                </section>
            }
        })
    });
    let sections = sections.collect_view();
    let daily_button = daily.map(|i| {
        let puzzle = file.puzzles[i].clone();
        let theme = puzzle.theme.name();
        let done = mine.get(&puzzle.id);
        view! {
            <section class="panel puzzle-today">
                <h2>{move || t().puzzle_today()}</h2>
                <p>{move || t().puzzle_number(i + 1)}" · "{move || t().puzzle_theme(theme)}{mark(done).0}</p>
                <button class="primary" on:click=move |_| open_puzzle(state, &puzzle)>
                    {move || t().puzzle_solve()}
                </button>
            </section>
        }
    });
    view! {
        <section class="puzzles">
            <h1>{move || t().puzzle_title()}</h1>
            <p class="lead">{move || t().puzzle_lead(MARGIN as u32)}</p>
            <p class="puzzle-record" role="status">
                {move || t().puzzle_score(tried, right)}
                {move || (streak > 0).then(|| format!(" · {}", t().puzzle_streak(streak)))}
            </p>
            {daily_button}
            {sections}
            <Show when=move || !state.embed>
                <p><button on:click=move |_| state.screen.set(Screen::Home)>{move || t().home()}</button></p>
            </Show>
        </section>
    }
    .into_any()
}

/// "A", "B" or "mixed": the sides a puzzle is played on.
fn sides(sides: &str) -> &'static str {
    match (sides.contains('A'), sides.contains('B')) {
        (true, false) => "a",
        (false, true) => "b",
        _ => "mixed",
    }
}

/// How a puzzle went, drawn: its sign and its class (right at the first
/// answer, found later, missed; not tried).
fn mark(outcome: Option<Tried>) -> (&'static str, &'static str) {
    match outcome {
        Some(t) if t.first_right => (" ✓", "right"),
        Some(t) if t.solved => (" ○", "solved"),
        Some(_) => (" ✗", "missed"),
        None => ("", ""),
    }
}
