//! The final scoring table: one column per player, one row per step.

use leptos::prelude::*;
use majesty_rules::{FinalScoring, Location};

use crate::app::{json_download_url, AppState};
use crate::session::Session;
use crate::setup::random_seed;

#[component]
pub fn FinalTable(result: FinalScoring, names: Vec<String>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = state.t();
    let winner_names: Vec<&str> = result.winners.iter().map(|&w| names[w].as_str()).collect();
    let headline = t.winners(&winner_names);
    let is_winner = |seat: usize| result.winners.contains(&seat);
    let row = |label: String, values: Vec<String>| {
        view! {
            <tr>
                <th scope="row">{label}</th>
                {values.into_iter().enumerate().map(|(seat, v)| view! {
                    <td class:winner=is_winner(seat)>{v}</td>
                }).collect_view()}
            </tr>
        }
    };
    let p = &result.players;
    let mut rows = vec![
        row(
            t.before_final().into(),
            p.iter().map(|s| s.before.to_string()).collect(),
        ),
        row(
            t.infirmary_row().into(),
            p.iter()
                .map(|s| t.infirmary_cell(s.infirmary(), s.infirmary_cards, s.infirmary_most))
                .collect(),
        ),
        row(
            t.variety_row().into(),
            p.iter()
                .map(|s| {
                    format!(
                        "{} ({} × {})",
                        s.variety, s.variety_locations, s.variety_locations
                    )
                })
                .collect(),
        ),
    ];
    for (i, location) in Location::ALL[..7].iter().enumerate() {
        rows.push(row(
            t.majority_row(*location),
            p.iter().map(|s| s.majority[i].to_string()).collect(),
        ));
    }
    let totals = view! {
        <tr class="total">
            <th scope="row">{t.total()}</th>
            {p.iter().enumerate().map(|(seat, s)| view! {
                <td class:winner=is_winner(seat)>{s.total}</td>
            }).collect_view()}
        </tr>
    };
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
    view! {
        <section class="panel final" aria-label=t.final_scoring()>
            <h2 class="winners">{headline}</h2>
            <table>
                <thead>
                    <tr>
                        <th scope="col">{t.final_scoring()}</th>
                        {names.iter().enumerate().map(|(seat, n)| view! {
                            <th scope="col" class:winner=is_winner(seat)>
                                {n.clone()}
                                {is_winner(seat).then(|| view! { <span class="winner-mark">{format!(" ♛ {}", t.winner_mark())}</span> })}
                            </th>
                        }).collect_view()}
                    </tr>
                </thead>
                <tbody>{rows.into_iter().collect_view()}{totals}</tbody>
            </table>
            <div class="actions">
                <button class="primary" on:click=play_again>{t.play_again()}</button>
                <button on:click=move |_| {
                    let again = state.session.with_untracked(|s| {
                        s.as_ref().map(|s| (s.record.clone(), s.seats.clone()))
                    });
                    if let Some((record, seats)) = again {
                        state.open_replay(record, seats, 0);
                    }
                }>{t.replay_game()}</button>
                <a class="button" href=json_download_url(&record_text) download="majesty-game.json">{t.export_record()}</a>
            </div>
            <details>
                <summary>{t.record_text()}</summary>
                <textarea readonly rows="4" class="record" aria-label=t.record_text()>{record_text.clone()}</textarea>
            </details>
        </section>
    }
}
