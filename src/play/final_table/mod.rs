//! Final scoring as a sequence the players watch: the points before final
//! scoring, each location's majority, the Infirmary, variety, then the
//! totals and the winners; one column per player with a running total.
//! Every number is the engine's (`FinalScoring`); the complete table stays
//! on screen once the sequence is over (or skipped), then the game's chart.

use std::time::Duration;

use leptos::prelude::*;
use majesty_rules::{FinalScoring, Location, PlayerScoring};

use crate::i18n::{signed, Catalog};
use crate::model::link::json_download_url;
use crate::model::session::random_seed;
use crate::model::session::Session;
use crate::parts::{piece, Lazy};
use crate::play::score_chart::ScoreChart;
use crate::state::{AppState, Screen};

piece! {
    /// The final scoring over the table, in a part of the page of its own
    /// (src/parts/), fetched in idle time once a board is up, and with a
    /// record's link (which opens on it); the coach's review under it has
    /// a part of its own (`coach::AFTER_GAME`).
    pub TABLE = final_table::table("final", screen: false) => view! { <FinalTable/> }
}

/// The game on the table's final scoring, then the coach's word on it
/// (not for a replay, whose controls hold its review, nor for a position
/// set to be solved).
#[component]
fn FinalTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    let watching = state.replay.with_untracked(Option::is_some)
        || state.exercise.with_untracked(Option::is_some);
    if !watching {
        crate::play::coach::count_finished(state);
    }
    state.session.with_untracked(|s| {
        let s = s.as_ref()?;
        let result = s.game.result()?;
        Some(view! {
            <FinalScoringView result=result names=s.record.players.clone() history=s.score_history()/>
            <crate::play::coach::HintsUsed/>
            {(!watching).then(|| view! { <Lazy piece=crate::play::coach::AFTER_GAME/> })}
        })
    })
}

/// The time between two steps of the sequence.
const STEP: Duration = Duration::from_millis(600);

/// A step of final scoring, in the order the players watch them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Before,
    /// Locations 1–7.
    Majority(Location),
    Infirmary,
    Variety,
    Totals,
}

/// Every step: before, Infirmary, variety, the seven majorities, totals.
pub fn stages() -> Vec<Stage> {
    // The rulebook's order (rules/RULES.md, final scoring): Infirmary, variety,
    // then each location's majority.
    let majorities = Location::WITH_CHARACTERS.map(Stage::Majority);
    [Stage::Before, Stage::Infirmary, Stage::Variety]
        .into_iter()
        .chain(majorities)
        .chain([Stage::Totals])
        .collect()
}

/// What a player gets at a step, as the engine reports it (before: the
/// points before final scoring; totals: the final total).
pub fn amount(p: &PlayerScoring, stage: Stage) -> i32 {
    match stage {
        Stage::Before => p.before,
        Stage::Majority(l) => p.majority[l.index()],
        Stage::Infirmary => p.infirmary(),
        Stage::Variety => p.variety,
        Stage::Totals => p.total,
    }
}

/// Every player's total as shown once the first `shown` steps are revealed:
/// the engine's total once the last step is, before that the engine's
/// amounts revealed so far added up (what a score pad shows).
pub fn running_totals(result: &FinalScoring, shown: usize) -> Vec<i32> {
    let stages = stages();
    result
        .players
        .iter()
        .map(|p| {
            if shown >= stages.len() {
                p.total
            } else {
                stages[..shown].iter().map(|&s| amount(p, s)).sum()
            }
        })
        .collect()
}

/// The sentence of a step: "Mill: Ann +10 (most Millers)".
pub fn narrate(t: Catalog, result: &FinalScoring, names: &[String], stage: Stage) -> String {
    let named = |f: &dyn Fn(&PlayerScoring) -> Option<i32>| -> Vec<(&str, i32)> {
        let each = names.iter().zip(&result.players);
        each.filter_map(|(n, p)| Some((n.as_str(), f(p)?)))
            .collect()
    };
    match stage {
        Stage::Before => t.before_step(&named(&|p| Some(p.before))),
        Stage::Majority(l) => {
            t.majority_step(l, &named(&|p| Some(amount(p, stage)).filter(|&v| v != 0)))
        }
        Stage::Infirmary => {
            let losses: Vec<(&str, i32, u8, i32)> = names
                .iter()
                .zip(&result.players)
                .filter(|(_, p)| p.infirmary() != 0)
                .map(|(n, p)| {
                    (
                        n.as_str(),
                        p.infirmary(),
                        p.infirmary_cards,
                        p.infirmary_most,
                    )
                })
                .collect();
            t.infirmary_step(&losses)
        }
        Stage::Variety => {
            let gains: Vec<(&str, u8, i32)> = names
                .iter()
                .zip(&result.players)
                .map(|(n, p)| (n.as_str(), p.variety_locations, p.variety))
                .collect();
            t.variety_step(&gains)
        }
        Stage::Totals => {
            let winners: Vec<&str> = result
                .winners
                .iter()
                .map(|w| names[w.index()].as_str())
                .collect();
            t.totals_step(&named(&|p| Some(p.total)), &winners)
        }
    }
}

/// A step's row heading in the table, long and short (for narrow screens).
fn row_label(t: Catalog, stage: Stage) -> (String, String) {
    let both = |s: &str| (s.to_string(), s.to_string());
    match stage {
        Stage::Before => both(t.before_final()),
        Stage::Majority(l) => (t.majority_row(l), t.location(l).to_string()),
        Stage::Infirmary => both(t.infirmary_row()),
        Stage::Variety => both(t.variety_row()),
        Stage::Totals => both(t.total()),
    }
}

/// A player's cell in a step's row: the points, and what they are for.
fn cell(t: Catalog, p: &PlayerScoring, stage: Stage) -> (String, Option<String>) {
    let points = amount(p, stage);
    match stage {
        Stage::Before | Stage::Totals => (points.to_string(), None),
        Stage::Majority(_) if points == 0 => ("–".into(), None),
        Stage::Majority(_) => (signed(points), None),
        Stage::Infirmary if points == 0 => {
            ("0".into(), Some(t.infirmary_detail(p.infirmary_cards, 0)))
        }
        Stage::Infirmary => (
            signed(points),
            Some(t.infirmary_detail(p.infirmary_cards, p.infirmary_most)),
        ),
        Stage::Variety => (
            signed(points),
            Some(format!("{n} × {n}", n = p.variety_locations)),
        ),
    }
}

/// Whether to show every step at once: when the reader asks for less motion
/// (and outside a browser, e.g. in tests).
fn all_at_once() -> bool {
    crate::browser::window().is_none() || crate::model::prefs::reduced_motion()
}

/// The number of steps shown, growing by one every [`STEP`] until `count`
/// (all at once when the reader asks for less motion); and what stops it.
fn reveal_step_by_step(count: usize) -> (RwSignal<usize>, impl Fn() + Copy) {
    let revealed = RwSignal::new(if all_at_once() { count } else { 1 });
    let timer = StoredValue::new(None::<IntervalHandle>);
    let stop = move || {
        if let Some(handle) = timer.try_get_value().flatten() {
            handle.clear();
        }
    };
    if revealed.get_untracked() < count {
        let next = move || {
            revealed.try_update(|n| *n = (*n + 1).min(count));
            if revealed.try_get_untracked().is_none_or(|n| n >= count) {
                stop();
            }
        };
        timer.set_value(set_interval_with_handle(next, STEP).ok());
        on_cleanup(stop);
    }
    (revealed, stop)
}

/// One step of final scoring (the `index`th): what it gives each player.
#[component]
fn StageRow(
    stage: Stage,
    index: usize,
    revealed: RwSignal<usize>,
    done: Memo<bool>,
    players: Vec<PlayerScoring>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let shown = Memo::new(move |_| revealed.get() > index);
    let latest = move || revealed.get() == index + 1 && !done.get();
    let cells = players
        .into_iter()
        .map(|p| {
            // A step not shown yet takes its room already (transparent, but
            // read by screen readers at once): the rows below never move.
            let content = move || {
                let (points, detail) = cell(t(), &p, stage);
                let detail = detail.map(|d| view! { <small class="detail">{d}</small> });
                view! {
                    <span class="cell" class:unrevealed=move || !shown.get()>
                        <span class="pop">{points}</span>{detail}
                    </span>
                }
            };
            view! { <td>{content}</td> }
        })
        .collect_view();
    view! {
        <tr class:pending=move || !shown.get() class:latest=latest>
            <th scope="row">
                <span class="long">{move || row_label(t(), stage).0}</span>
                <span class="short">{move || row_label(t(), stage).1}</span>
            </th>
            {cells}
        </tr>
    }
}

#[component]
pub fn FinalScoringView(
    result: FinalScoring,
    names: Vec<String>,
    history: Vec<Vec<i32>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let stages = stages();
    let count = stages.len();
    let (revealed, stop) = reveal_step_by_step(count);
    let done = Memo::new(move |_| revealed.get() >= count);
    let heading = NodeRef::<leptos::html::H2>::new();
    let show_all = move |_| {
        stop();
        revealed.set(count);
        if let Some(h) = heading.get() {
            crate::browser::focus_in_view(&h);
        }
    };

    // Seats sharing the victory, as bits (a Copy value for the closures).
    let winner_bits = result
        .winners
        .iter()
        .fold(0u8, |bits, w| bits | 1 << w.index());
    let is_winner = move |seat: usize| winner_bits & (1 << seat) != 0;
    let winner_names: Vec<String> = result
        .winners
        .iter()
        .map(|w| names[w.index()].clone())
        .collect();
    let headline = move || {
        if done.get() {
            let names: Vec<&str> = winner_names.iter().map(String::as_str).collect();
            view! { <span class="crown" aria-hidden="true">"♛ "</span>{t().winners(&names)} }
                .into_any()
        } else {
            t().final_scoring().into_any()
        }
    };
    let header = names
        .iter()
        .enumerate()
        .map(|(seat, n)| {
            let winner = move || done.get() && is_winner(seat);
            view! {
                <th scope="col" class:winner=winner>
                    <span class=format!("seat-dot seat-{seat}") aria-hidden="true"></span>
                    <span class="head-name">{n.clone()}</span>
                    // A line of its own under every name, shown for the
                    // winners: the names stay where they are when it comes.
                    <span class="winner-mark" class:shown=winner>
                        <span aria-hidden="true">"♛ "</span>
                        <span class="word">{move || t().winner_mark()}</span>
                    </span>
                </th>
            }
        })
        .collect_view();
    let rows = stages[..count - 1]
        .iter()
        .enumerate()
        .map(|(i, &stage)| view! { <StageRow stage index=i revealed done players=result.players.clone()/> })
        .collect_view();
    let running = {
        let result = result.clone();
        Memo::new(move |_| running_totals(&result, revealed.get()))
    };
    let totals = (0..names.len())
        .map(|seat| {
            let value = Memo::new(move |_| running.get().get(seat).copied().unwrap_or(0));
            let winner = move || done.get() && is_winner(seat);
            view! { <td class:winner=winner>{move || view! { <span class="pop">{value.get()}</span> }}</td> }
        })
        .collect_view();
    let narration = {
        let (result, names) = (result.clone(), names.clone());
        move || {
            narrate(
                t(),
                &result,
                &names,
                stages[revealed.get().clamp(1, count) - 1],
            )
        }
    };
    // Drawn from the start and shown once every step is: what lies under
    // it (the coach's review) never moves.
    let chart = {
        let finals: Vec<i32> = result.players.iter().map(|p| p.total).collect();
        view! {
            <div class="final-chart" class:pending=move || !done.get() aria-hidden=move || (!done.get()).to_string()>
                <h3>{move || t().score_chart()}</h3>
                <ScoreChart names=names.clone() history=history.clone() final_totals=finals/>
            </div>
        }
    };

    view! {
        <section class="panel final" class:done=move || done.get() aria-label=move || t().final_scoring()>
            <h2 class="winners" tabindex="-1" node_ref=heading>{headline}</h2>
            <div class="final-table">
                <table>
                    <thead>
                        <tr>
                            <td class="corner"></td>
                            {header}
                        </tr>
                    </thead>
                    <tbody>
                        {rows}
                        <tr class="total">
                            <th scope="row">{move || t().total()}</th>
                            {totals}
                        </tr>
                    </tbody>
                </table>
            </div>
            // "Show all" beside the narration, kept in its place once spent
            // (hidden): nothing under it moves.
            <div class="narration-row">
                // Not a live region: the board's announcer tells the result
                // once; the table's cells are read at any time.
                <p class="narration">{narration}</p>
                <button class="show-all" class:spent=move || done.get() disabled=move || done.get() on:click=show_all>
                    {move || t().show_all()}
                </button>
            </div>
            <FinalActions/>
            {chart}
        </section>
    }
}

/// After the game: play the same players again, replay it, export it.
#[component]
fn FinalActions() -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let record_text = state
        .session
        .with_untracked(|s| s.as_ref().map(|s| s.record.to_json()))
        .unwrap_or_default();
    let play_again = move |_| {
        let again = state.session.with_untracked(|s| {
            s.as_ref().map(|s| {
                (
                    s.record.players.clone(),
                    s.seats.clone(),
                    s.allow_undo,
                    s.record.config(),
                )
            })
        });
        if let Some((players, seats, allow_undo, Ok(config))) = again {
            match Session::new(players, seats, config, random_seed()) {
                Ok(mut session) => {
                    session.allow_undo = allow_undo;
                    state.open(session)
                }
                Err(e) => state.notice.set(Some(state.t().cannot_open_record(&e))),
            }
        }
    };
    let replay = move |_| {
        let again = state
            .session
            .with_untracked(|s| s.as_ref().map(|s| (s.record.clone(), s.seats.clone())));
        if let Some((record, seats)) = again {
            super::open_replay(state, record, seats, 0);
        }
    };
    view! {
        <div class="actions">
            <button class="primary" on:click=play_again>{move || t().play_again()}</button>
            <button on:click=replay>{move || t().replay_game()}</button>
            <a class="button" href=json_download_url(&record_text) download="majesty-game.json">{move || t().export_record()}</a>
            // The layer covers the page's header: home from here too (never
            // inside another site's page, which has no home screen).
            {(!state.embed).then(|| view! {
                <button class="final-home" on:click=move |_| state.screen.set(Screen::Home)>{move || t().leave_table()}</button>
            })}
        </div>
        <details>
            <summary>{move || t().record_text()}</summary>
            <textarea readonly rows="4" class="record" aria-label=move || t().record_text()>{record_text.clone()}</textarea>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{texts, Lang};
    use majesty_rules::{GameConfig, Seat};

    fn finished(players: usize, seed: u64) -> Session {
        let names = ["Ann", "Bob", "Cid", "Dee"][..players]
            .iter()
            .map(|n| n.to_string())
            .collect();
        let mut s = Session::new(
            names,
            vec![None; players],
            GameConfig::new(players).unwrap(),
            seed,
        )
        .unwrap();
        let mut i = 0;
        while !s.game.is_over() {
            let legal = s.game.legal_turns();
            s.play(legal[i % legal.len()]).unwrap();
            i += 7;
        }
        s
    }

    /// rules/RULES.md, final scoring: 1. Infirmary, 2. variety, 3. majority.
    #[test]
    fn the_steps_follow_the_rulebooks_order() {
        let s = stages();
        assert_eq!(s.len(), 11);
        assert_eq!(&s[..3], &[Stage::Before, Stage::Infirmary, Stage::Variety]);
        assert_eq!(s[3], Stage::Majority(Location::Mill));
        assert_eq!(s[9], Stage::Majority(Location::Castle));
        assert_eq!(s[10], Stage::Totals);
    }

    #[test]
    fn the_running_totals_end_at_the_engines_totals() {
        for (players, seed) in [(2, 1), (3, 5), (4, 9)] {
            let s = finished(players, seed);
            let result = s.game.result().unwrap();
            let totals: Vec<i32> = result.players.iter().map(|p| p.total).collect();
            let before: Vec<i32> = result.players.iter().map(|p| p.before).collect();
            assert_eq!(running_totals(&result, 1), before);
            assert_eq!(running_totals(&result, 11), totals);
            // The step before the totals already adds up to them: the
            // sequence never jumps at the end.
            assert_eq!(running_totals(&result, 10), totals, "{players} players");
            assert_eq!(s.score_history().last(), Some(&before));
        }
    }

    fn scoring() -> FinalScoring {
        let mut ann = PlayerScoring {
            before: 54,
            variety_locations: 6,
            variety: 36,
            ..Default::default()
        };
        ann.majority[0] = 10;
        ann.majority[6] = 16;
        ann.infirmary_cards = 3;
        ann.infirmary_per_card = -3;
        let mut bob = PlayerScoring {
            before: 61,
            variety_locations: 1,
            variety: 1,
            ..Default::default()
        };
        bob.majority[6] = 16;
        ann.total = 54 + 26 - 3 + 36;
        bob.total = 61 + 16 + 1;
        FinalScoring {
            players: vec![ann, bob],
            winners: vec![Seat::default()],
        }
    }

    #[test]
    fn each_step_is_told_with_the_engines_numbers() {
        let (t, r) = (texts(Lang::En), scoring());
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let told = |stage| narrate(t, &r, &names, stage);
        assert_eq!(told(Stage::Before), "Before final scoring: Ann 54, Bob 61");
        assert_eq!(
            told(Stage::Majority(Location::Mill)),
            "Mill: Ann +10 (most Millers)"
        );
        assert_eq!(
            told(Stage::Majority(Location::Inn)),
            "Inn: nobody has an Innkeeper"
        );
        assert_eq!(
            told(Stage::Majority(Location::Castle)),
            "Castle: Ann +16, Bob +16 (tied for most Nobles)"
        );
        assert_eq!(told(Stage::Infirmary), "Infirmary: Ann −3 (3 cards)");
        assert_eq!(
            told(Stage::Variety),
            "Variety: Ann +36 (6 locations × 6), Bob +1 (1 location × 1)"
        );
        assert_eq!(told(Stage::Totals), "Total: Ann 113, Bob 78. Ann wins!");
        assert_eq!(
            cell(t, &r.players[1], Stage::Majority(Location::Mill)),
            ("–".into(), None)
        );
        let infirmary = cell(t, &r.players[0], Stage::Infirmary);
        assert_eq!(infirmary, ("−3".into(), Some("3 cards".into())));
        let variety = cell(t, &r.players[0], Stage::Variety);
        assert_eq!(variety, ("+36".into(), Some("6 × 6".into())));
        // Every language tells every step, each in its own words.
        for stage in stages() {
            let all: std::collections::HashSet<String> = Lang::ALL
                .iter()
                .map(|&l| narrate(texts(l), &r, &names, stage))
                .collect();
            assert_eq!(all.len(), Lang::ALL.len(), "{stage:?}");
        }
    }
}
