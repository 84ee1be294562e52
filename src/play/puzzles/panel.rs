//! Under a puzzle's board (above the realms in one column): the question,
//! then the verdict on the person's answer with the reasons of both turns,
//! and the answer marked on the table (an arrow from the best card to where
//! it goes; the person's own turn ringed when it was another).

use std::sync::Arc;

use leptos::prelude::*;
use majesty_ai::coach::Reason;
use majesty_ai::puzzles::{Puzzle, MARGIN};
use majesty_rules::annotation::{Mark, Note, Target};
use majesty_rules::{Game, Observation, Turn};

use super::{fetched, open_puzzle, position, today};
use crate::model::puzzles::{self as record, RecordProblem};
use crate::play::notes::Marks;
use crate::state::{AppState, Exercise, Screen};
use crate::widgets::ShareExercise;

#[component]
pub fn PuzzlePanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || match state.exercise.get() {
        Some(Exercise::Puzzle(puzzle)) => Some(view! { <Panel puzzle/> }),
        _ => None,
    }
}

#[component]
fn Panel(puzzle: Arc<Puzzle>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let Ok(position) = puzzle.position() else {
        return ().into_any();
    };
    let seat = position.current_player();
    let before = puzzle.record.turns.len();
    // The answer given (the table is then set back to the position).
    let given = RwSignal::new(None::<Turn>);
    {
        let puzzle = puzzle.clone();
        Effect::new(move |_| {
            let played = state
                .session
                .with(|s| s.as_ref().and_then(|s| s.record.turns.get(before).copied()));
            if let Some(turn) = played {
                untrack(|| judge(state, &puzzle, turn, given));
            }
        });
    }
    let note = {
        let puzzle = puzzle.clone();
        Memo::new(move |_| given.get().map(|turn| marks(&puzzle, seat, turn)))
    };
    let names = move || {
        state.session.with(|s| {
            s.as_ref()
                .map(|s| s.record.players.clone())
                .unwrap_or_default()
        })
    };
    // The question until it is answered; then the verdict in its place.
    let ask = move || {
        given.with(Option::is_none).then(|| {
            let name = names().get(seat).cloned().unwrap_or_default();
            view! { <p class="puzzle-ask">{state.t().puzzle_ask(name, MARGIN as u32)}</p> }
        })
    };
    let theme = puzzle.theme.name();
    let verdict = {
        let (puzzle, position) = (puzzle.clone(), position.clone());
        move || {
            given
                .get()
                .map(|turn| verdict(state, &puzzle, &position, turn, &names()))
        }
    };
    let id = puzzle.id.clone();
    let number = fetched()
        .and_then(|f| f.puzzles.iter().position(|p| p.id == id))
        .map_or(0, |i| i + 1);
    let again = {
        let puzzle = puzzle.clone();
        move |_| {
            given.set(None);
            set_back(state, &puzzle);
        }
    };
    let next = {
        let id = id.clone();
        move |_| {
            if let Some(next) = next_after(&id) {
                open_puzzle(state, &next);
            }
        }
    };
    let answer = puzzle.answer;
    let state_name = move || match given.get() {
        None => "waiting",
        Some(turn) if turn == answer => "right",
        Some(_) => "wrong",
    };
    view! {
        <section class="panel puzzle" data-puzzle=id.clone() data-verdict=state_name
            data-take=puzzle.answer.take data-place=puzzle.answer.place.name()>
            <h2>
                {move || state.t().puzzle_number(number)}
                <span class="puzzle-theme-name">{move || state.t().puzzle_theme(theme)}</span>
            </h2>
            {ask}
            {verdict}
            <div class="actions">
                <Show when=move || given.with(Option::is_some)>
                    <button class="primary" on:click=next.clone()>{move || state.t().puzzle_next()}</button>
                    <button on:click=again.clone()>{move || state.t().puzzle_again()}</button>
                </Show>
                <button on:click=move |_| {
                    state.end_exercise();
                    state.screen.set(Screen::Puzzles);
                    if !state.embed { crate::browser::replace_address("?puzzle=1") }
                }>{move || state.t().puzzle_all()}</button>
            </div>
            <ShareExercise query=format!("puzzle={id}")/>
            <Marks note/>
        </section>
    }
    .into_any()
}

/// Takes `turn` as the answer: keeps it in the person's record (never in a
/// frame; the record keeps whether the first answer was right), sets the
/// table back to the position to mark it.
fn judge(state: AppState, puzzle: &Puzzle, turn: Turn, given: RwSignal<Option<Turn>>) {
    given.set(Some(turn));
    if !state.embed {
        let problem =
            record::answer(&puzzle.id, puzzle.solved_by(turn), today()).and_then(Result::err);
        if let Some(problem) = problem {
            let t = state.t_now();
            let text = match problem {
                RecordProblem::Unreadable => t.puzzle_record_unreadable().to_string(),
                RecordProblem::Storage => t.puzzle_record_failed().to_string(),
            };
            state.notice.set(Some(text));
        }
    }
    set_back(state, puzzle);
}

/// The puzzle's position on the table again.
fn set_back(state: AppState, puzzle: &Puzzle) {
    match position(state, puzzle) {
        Ok(session) => state.session.set(Some(session)),
        Err(e) => state.notice.set(Some(state.t_now().cannot_open_record(&e))),
    }
}

/// Right or not, what each turn does and by how much the best is better.
fn verdict(state: AppState, puzzle: &Puzzle, game: &Game, turn: Turn, names: &[String]) -> AnyView {
    let t = state.t();
    let why = |turn: Turn| {
        Reason::of(&Observation::to_move(game), turn)
            .map(|r| t.reason(&r, names).join(" · "))
            .unwrap_or_default()
    };
    let best = t.advice_turn(game, puzzle.answer);
    let gap = t.puzzle_gap(
        t.tenths(f64::from(puzzle.gap_tenths) / 10.0),
        t.advice_turn(game, puzzle.runner_up),
    );
    if puzzle.solved_by(turn) {
        view! {
            <p class="puzzle-right" role="status">"✓ "{t.puzzle_right()}</p>
            <p class="puzzle-why">{t.puzzle_best(best)}" — "{why(puzzle.answer)}</p>
            <p class="puzzle-gap">{gap}</p>
        }
        .into_any()
    } else {
        view! {
            <p class="puzzle-wrong" role="status">"✗ "{t.puzzle_wrong()}</p>
            <p class="puzzle-why yours">{t.puzzle_yours(t.advice_turn(game, turn))}" — "{why(turn)}</p>
            <p class="puzzle-why best">{t.puzzle_best(best)}" — "{why(puzzle.answer)}</p>
            <p class="puzzle-gap">{gap}</p>
            <p class="puzzle-marks">{t.puzzle_marks()}</p>
        }
        .into_any()
    }
}

/// On the table: an arrow from the best card to where it goes; the
/// person's own card and its place ringed when it was another turn.
fn marks(puzzle: &Puzzle, seat: usize, given: Turn) -> Note {
    let location = |turn: Turn| Target::Location {
        location: turn.place.location(),
        seat: Some(seat),
    };
    let mut marks = vec![Mark::Arrow {
        from: Target::Display {
            space: puzzle.answer.take,
        },
        to: location(puzzle.answer),
    }];
    if given != puzzle.answer {
        marks.push(Mark::Ring(Target::Display { space: given.take }));
        marks.push(Mark::Ring(location(given)));
    }
    Note {
        text: Default::default(),
        marks,
    }
}

/// The puzzle after `id` in the list, round to the first.
fn next_after(id: &str) -> Option<Puzzle> {
    let file = fetched()?;
    let at = file.puzzles.iter().position(|p| p.id == id)?;
    file.puzzles.get((at + 1) % file.puzzles.len()).cloned()
}
