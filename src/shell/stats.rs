//! The statistics: games played and won against each computer level,
//! average and best score, the rating (kept by `model::stats`), on the
//! home screen and on a screen of their own that explains the rating
//! (`?stats=1`). A value that cannot be read is said so, and left as it
//! is. A part of its own (src/parts/), fetched once the home screen is
//! drawn where this browser keeps statistics: a board's first load does
//! not carry it, nor does a first visit fetch it.

use leptos::prelude::*;

use crate::model::stats::{self, Stats, StatsProblem};
use crate::parts::piece;
use crate::state::{AppState, Screen};
use majesty_ai::bots::Level;

piece! {
    /// The statistics panel of the home screen.
    pub STATS = stats::stats_panel("stats", screen: false) => view! { <StatsPanel/> }
}

piece! {
    /// The statistics screen.
    pub SCREEN = stats::stats_screen("statistics", screen: true) => view! { <StatisticsScreen/> }
}

/// The statistics with what the rating is, and what counts.
#[component]
fn StatisticsScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let rating = |level: Level| level.rating().unwrap_or_default().round() as i64;
    view! {
        <section class="statistics">
            <h1>{move || state.t().stats_screen_title()}</h1>
            <StatsPanel/>
            <section class="panel stats-explained">
                <p>{move || state.t().stats_explain(
                    rating(Level::Easy), rating(Level::Medium), rating(Level::Hard), rating(Level::Expert))}</p>
                <p>{move || state.t().stats_not_counted()}</p>
            </section>
            <p><button on:click=move |_| state.screen.set(Screen::Home)>{move || state.t().home()}</button></p>
        </section>
    }
}

#[component]
fn StatsPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        state.saves_changed.track();
        let t = state.t();
        let body = match stats::read()? {
            Err(StatsProblem::Storage) => return None,
            Err(StatsProblem::Unreadable) => {
                view! { <p class="stats-unreadable" role="status">{t.stats_unreadable()}</p> }
                    .into_any()
            }
            Ok(stats) if stats.all.played == 0 => {
                view! { <p class="muted">{t.stats_none()}</p> }.into_any()
            }
            Ok(stats) => rows(t, &stats),
        };
        Some(view! {
            <section class="panel stats" aria-label=t.stats_title()>
                <h2>{t.stats_title()}</h2>
                {body}
                {(state.screen.get() != Screen::Statistics).then(|| view! {
                    <p><button class="link stats-open" on:click=move |_| state.screen.set(Screen::Statistics)>
                        {t.stats_open()}
                    </button></p>
                })}
            </section>
        })
    }
}

fn rows(t: crate::i18n::Catalog, stats: &Stats) -> AnyView {
    let levels = stats
        .levels
        .iter()
        .map(|(level, tally)| {
            view! { <li data-level=level.name()>{t.stats_against(*level, tally.won, tally.played)}</li> }
        })
        .collect_view();
    let people = (stats.people_only.played > 0).then(|| {
        let p = &stats.people_only;
        view! { <li>{t.stats_people(p.won, p.played)}</li> }
    });
    let scores = stats.average().map(|average| {
        let best = stats.best.unwrap_or_default();
        view! { <p class="stats-scores">{t.stats_scores(t.tenths(average), best)}</p> }
    });
    let rating = |hinted: bool| {
        stats.rating(hinted).map(|(r, games)| {
            let (elo, within) = (r.elo.round() as i64, r.interval.round() as i64);
            let text = if hinted {
                t.stats_rating_hinted(elo, within, games)
            } else {
                t.stats_rating(elo, within, games)
            };
            view! { <p class="stats-rating" data-hinted=hinted.to_string()>{text}</p> }
        })
    };
    view! {
        <ul class="stats-levels">{levels}{people}</ul>
        {scores}
        {rating(false)}
        {rating(true)}
    }
    .into_any()
}
