//! The expert's review of a game: each person's turn rated (points lost
//! against the expert's choice), the three costliest with the better turn,
//! each a button that shows that turn in the replay. Computed on request,
//! with its progress, through the runner.

use leptos::prelude::*;
use majesty_ai::bots::Level;
use majesty_ai::coach::{Reason, Review, TurnRating};
use majesty_rules::annotation::{Mark, Note, Target};
use majesty_rules::{Game, GameRecord, Observation, Seat};

use super::runner::{self, Job};
use crate::i18n::Catalog;
use crate::state::{AppState, Pointed};

/// Where a review stands.
#[derive(Clone, Debug, PartialEq)]
enum Phase {
    Idle,
    Running(usize, usize),
    Done(Review),
}

/// The seats a review rates: the people's, or every seat when computers
/// played alone.
pub fn reviewed_seats(seats: &[Option<Level>], players: usize) -> Vec<usize> {
    let people: Vec<usize> = (0..players)
        .filter(|&s| seats.get(s).copied().flatten().is_none())
        .collect();
    if people.is_empty() {
        (0..players).collect()
    } else {
        people
    }
}

/// The review of `record`; `jump` gets the number of a turn to show.
#[component]
pub fn ReviewPanel(
    record: GameRecord,
    seats: Vec<Option<Level>>,
    jump: Callback<Pointed>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let phase = RwSignal::new(Phase::Idle);
    let job = StoredValue::new_local(None::<Job>);
    // The seats asked for: the people's at first, each one a checkbox.
    let chosen = RwSignal::new(reviewed_seats(&seats, record.players.len()));
    // The game before each turn, to name the cards the turns took.
    let positions = StoredValue::new(before_each_turn(&record));
    let names = StoredValue::new(record.players.clone());
    let record = StoredValue::new(record);
    let start = {
        move |_| {
            let started = runner::review(
                &record.get_value(),
                &chosen.get_untracked(),
                move |done, total| phase.set(Phase::Running(done, total)),
                move |review| phase.set(Phase::Done(review)),
            );
            match started {
                Ok(j) => {
                    phase.set(Phase::Running(0, 0));
                    job.set_value(Some(j));
                }
                Err(e) => state.notice.set(Some(state.t().cannot_open_record(&e))),
            }
        }
    };
    let body = move || {
        let t = state.t();
        match phase.get() {
            Phase::Idle => view! {
                <SeatChoice names=names.get_value() chosen=chosen/>
                <button class="primary review-start" on:click=start
                    disabled=move || chosen.with(Vec::is_empty)>{t.coach_review_start()}</button>
            }
            .into_any(),
            Phase::Running(done, total) => view! {
                <p class="review-progress" role="status">{t.coach_review_progress(done.min(total), total)}</p>
                <progress max=total.max(1) value=done aria-label=t.coach_review_title()></progress>
            }
            .into_any(),
            Phase::Done(review) => positions.with_value(|games| {
                let seats = chosen.get_untracked();
                let lang = state.lang.get().code();
                names.with_value(|names| results(t, lang, &review, &seats, games, names, jump))
            }),
        }
    };
    view! {
        <section class="panel coach-review" aria-label=move || state.t().coach_review_title()>
            <h2>{move || state.t().coach_review_title()}</h2>
            {body}
        </section>
    }
}

/// "Review the turns of: [x] Ann [ ] Bob".
#[component]
fn SeatChoice(names: Vec<String>, chosen: RwSignal<Vec<usize>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let boxes = names
        .into_iter()
        .enumerate()
        .map(|(seat, name)| {
            let toggle = move |ev| {
                let on = event_target_checked(&ev);
                chosen.update(|seats| {
                    seats.retain(|&s| s != seat);
                    if on {
                        seats.push(seat);
                        seats.sort_unstable();
                    }
                });
            };
            view! {
                <label class="review-seat">
                    <input type="checkbox" prop:checked=move || chosen.with(|s| s.contains(&seat)) on:change=toggle/>
                    " " {name}
                </label>
            }
        })
        .collect_view();
    view! {
        <fieldset class="review-seats">
            <legend>{move || state.t().coach_review_seats()}</legend>
            {boxes}
        </fieldset>
    }
}

/// The totals, the costliest turns (buttons) and every rating.
fn results(
    t: Catalog,
    lang: &str,
    review: &Review,
    seats: &[usize],
    games: &[Game],
    names: &[String],
    jump: Callback<Pointed>,
) -> AnyView {
    let totals = seats
        .iter()
        .map(|&s| {
            let lost = Seat::new(s).map_or(0.0, |s| review.total_loss(s));
            let lost = t.tenths(lost);
            view! { <p class="review-total">{t.coach_review_total(&names[s], lost)}</p> }
        })
        .collect_view();
    let turn_text = |r: &TurnRating, turn| {
        games
            .get(r.number - 1)
            .map(|g| t.advice_turn(g, turn))
            .unwrap_or_default()
    };
    let costliest = review
        .costliest
        .iter()
        .map(|r| {
            let number = r.number;
            let text = t.coach_review_better(
                number,
                &names[r.seat.index()],
                turn_text(r, r.played),
                turn_text(r, r.better),
                t.signed_tenths(-r.loss),
            );
            let why = |turn| {
                games
                    .get(r.number - 1)
                    .and_then(|g| Reason::of(&Observation::to_move(g), turn).ok())
                    .map(|reason| t.reason(&reason, names).join(" · "))
                    .unwrap_or_default()
            };
            let (played, better) = (
                t.coach_review_played_why(why(r.played)),
                t.coach_review_better_why(why(r.better)),
            );
            let pointed = Pointed {
                step: number - 1,
                note: Note {
                    text: [(
                        lang.to_string(),
                        format!("{text}\n{played}\n{better}\n{}", t.coach_review_marks()),
                    )]
                    .into(),
                    marks: marks(r),
                },
                better: r.better,
            };
            view! {
                <li>
                    <button class="review-jump" data-turn=number.to_string()
                        title=t.coach_review_jump(number) on:click=move |_| jump.run(pointed.clone())>{text}</button>
                    <p class="review-why played">{played}</p>
                    <p class="review-why better">{better}</p>
                </li>
            }
        })
        .collect_view();
    let costly = if review.costliest.is_empty() {
        view! { <p>{t.coach_review_none()}</p> }.into_any()
    } else {
        view! { <h3>{t.coach_review_costliest()}</h3><ol class="costliest">{costliest}</ol> }
            .into_any()
    };
    let every = review
        .ratings
        .iter()
        .map(|r| {
            let verdict = if r.played == r.better {
                t.coach_review_same().to_string()
            } else {
                t.coach_review_lost(t.tenths(r.loss))
            };
            view! { <li class="rating">{t.coach_review_turn(r.number, &names[r.seat.index()], verdict)}</li> }
        })
        .collect_view();
    view! {
        {totals}
        {costly}
        <details class="review-all">
            <summary>{t.coach_review_all()}</summary>
            <ol class="ratings">{every}</ol>
        </details>
    }
    .into_any()
}

/// On the table, a costly turn: the card taken and where it went ringed;
/// an arrow from the better card to its location.
fn marks(r: &TurnRating) -> Vec<Mark> {
    let location = |turn: majesty_rules::Turn| Target::Location {
        location: turn.place.location(),
        seat: Some(r.seat),
    };
    vec![
        Mark::Ring(Target::Display {
            space: r.played.take,
        }),
        Mark::Ring(location(r.played)),
        Mark::Arrow {
            from: Target::Display {
                space: r.better.take,
            },
            to: location(r.better),
        },
    ]
}

/// The game before each of the record's turns (as far as it replays).
fn before_each_turn(record: &GameRecord) -> Vec<Game> {
    let Ok(mut game) = record.start() else {
        return Vec::new();
    };
    let mut games = Vec::with_capacity(record.turns.len());
    for &turn in &record.turns {
        games.push(game.clone());
        if game.apply_quiet(turn).is_err() {
            break;
        }
    }
    games
}
