//! Under a puzzle's board (above the realms in one column): the question,
//! then the verdict on the person's answer with the reasons of both turns,
//! and the answer marked on the table (an arrow from the best card to where
//! it goes; the person's own turn ringed when it was another).

use std::sync::Arc;

use leptos::prelude::*;
use majesty_ai::puzzles::{Puzzle, PuzzleFile, MARGIN};
use majesty_rules::annotation::{Mark, Note, Target};
use majesty_rules::{Seat, Turn};

use super::verdict::{self, Answered, VERDICT};
use super::{number_of, open_puzzle, player_names, position, puzzles, today};
use crate::i18n::problem::Problem;
use crate::parts::Lazy;
use crate::play::notes::Marks;
use crate::state::{AppState, Exercise};
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
    // What is said of an answer, and the list, are parts of their own,
    // fetched while the person thinks.
    crate::parts::prefetch(VERDICT);
    crate::parts::prefetch(super::SCREEN);
    // So is the whole list, which "Next puzzle" and the list need (a
    // puzzle's link brought only its own shard of it).
    if super::fetched().is_none() {
        crate::parts::in_idle_time(|| {
            Box::pin(async {
                let _ = puzzles().await;
            })
        });
    }
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
    // The question until it is answered; then the verdict in its place.
    let ask = move || {
        given.with(Option::is_none).then(|| {
            let name = player_names(state)
                .get(seat.index())
                .cloned()
                .unwrap_or_default();
            view! { <p class="puzzle-ask">{state.t().puzzle_ask(name, MARGIN as u32)}</p> }
        })
    };
    let theme = puzzle.theme.name();
    provide_context(Answered {
        puzzle: puzzle.clone(),
        position,
        given,
    });
    let id = puzzle.id.clone();
    let number = number_of(&id).unwrap_or(0);
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
            let id = id.clone();
            leptos::task::spawn_local(async move {
                match puzzles().await {
                    Ok(file) => {
                        if let Some(next) = next_after(&file, &id) {
                            open_puzzle(state, &next);
                        }
                    }
                    Err(reason) => state
                        .notice
                        .set(Some(state.t_now().puzzle_unavailable(reason))),
                }
            });
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
            <Show when=move || given.with(Option::is_some)>
                <Lazy piece=VERDICT/>
            </Show>
            <div class="actions">
                <Show when=move || given.with(Option::is_some)>
                    <button class="primary" on:click=next.clone()>{move || state.t().puzzle_next()}</button>
                    <button on:click=again.clone()>{move || state.t().puzzle_again()}</button>
                </Show>
                {(!state.host.get_value().hides_exits).then(|| view! {
                    <button on:click=move |_| super::open(state, "1".into())>
                        {move || state.t().puzzle_all()}
                    </button>
                })}
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
        verdict::keep_answer(state, puzzle.id.clone(), puzzle.solved_by(turn), today());
    }
    set_back(state, puzzle);
}

/// The puzzle's position on the table again.
fn set_back(state: AppState, puzzle: &Puzzle) {
    match position(state, puzzle) {
        Ok(session) => state.session.set(Some(session)),
        Err(e) => state.tell(Problem::CannotOpenRecord(e)),
    }
}

/// On the table: an arrow from the best card to where it goes; the
/// person's own card and its place ringed when it was another turn.
fn marks(puzzle: &Puzzle, seat: Seat, given: Turn) -> Note {
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
fn next_after(file: &PuzzleFile, id: &str) -> Option<Puzzle> {
    let at = file.puzzles.iter().position(|p| p.id == id)?;
    file.puzzles.get((at + 1) % file.puzzles.len()).cloned()
}
