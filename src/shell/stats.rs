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
    /// The statistics screen, in a part of its own: the home screen's
    /// panel does without its scale and table.
    pub SCREEN = statistics::stats_screen("statistics", screen: true) => view! { <StatisticsScreen/> }
}

/// The statistics with what the rating is, and what counts: the rating
/// on the computers' scale, the games by level, the scores.
#[component]
fn StatisticsScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let rating = |level: Level| level.rating().unwrap_or_default().round() as i64;
    let body = move || {
        state.saves_changed.track();
        let t = state.t();
        match stats::read()? {
            Err(StatsProblem::Storage) => None,
            Err(StatsProblem::Unreadable) => Some(
                view! { <p class="stats-unreadable" role="status">{t.stats_unreadable()}</p> }
                    .into_any(),
            ),
            Ok(stats) => Some(
                view! {
                    <RatingCard stats=stats.clone()/>
                    <LevelTable stats=stats/>
                }
                .into_any(),
            ),
        }
    };
    view! {
        <section class="statistics">
            <h1>{move || state.t().stats_screen_title()}</h1>
            {body}
            <section class="panel stats-explained">
                <p>{move || state.t().stats_explain(
                    rating(Level::Easy), rating(Level::Medium), rating(Level::Hard), rating(Level::Expert))}</p>
                <p>{move || state.t().stats_not_counted()}</p>
            </section>
            <p><button on:click=move |_| state.screen.set(Screen::Home)>{move || state.t().home()}</button></p>
        </section>
    }
}

/// The scale's ends, in Elo points: a little beyond easy and expert.
const SCALE: (f64, f64) = (-200.0, 1200.0);

/// Where `elo` lies on the scale, in percent of its width.
fn on_scale(elo: f64) -> f64 {
    ((elo - SCALE.0) / (SCALE.1 - SCALE.0) * 100.0).clamp(0.0, 100.0)
}

/// The rating as a figure and on the computers' scale, with its range.
#[component]
fn RatingCard(stats: Stats) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = state.t();
    let Some((rating, games)) = stats.rating(false) else {
        return view! { <section class="panel rating-card"><p class="muted">{t.stats_no_rating()}</p></section> }
            .into_any();
    };
    let (elo, within) = (rating.elo.round() as i64, rating.interval.round() as i64);
    let marks = [Level::Easy, Level::Medium, Level::Hard, Level::Expert].map(|level| {
        let at = level.rating().unwrap_or_default();
        view! {
            <span class="scale-mark" style:left=format!("{:.1}%", on_scale(at))>
                <span class="scale-level">{t.stats_level_name(level)}</span>
                <span class="scale-elo">{at.round() as i64}</span>
            </span>
        }
    });
    let low = on_scale(rating.elo - rating.interval);
    let high = on_scale(rating.elo + rating.interval);
    view! {
        <section class="panel rating-card">
            <h2>{t.stats_rating_title()}</h2>
            <p class="rating-figure"><b>{elo}</b>" "<span class="rating-within">{format!("± {within}")}</span></p>
            <p class="muted">{t.stats_rating_games(games)}</p>
            <div class="rating-scale" role="img" aria-label=t.stats_scale(elo, within)>
                <span class="scale-line"></span>
                <span class="scale-range" style:left=format!("{low:.1}%") style:width=format!("{:.1}%", high - low)></span>
                {marks}
                <span class="scale-you" style:left=format!("{:.1}%", on_scale(rating.elo))>{t.stats_you()}</span>
            </div>
            {stats.rating(true).map(|(r, games)| view! {
                <p class="stats-rating" data-hinted="true">
                    {t.stats_rating_hinted(r.elo.round() as i64, r.interval.round() as i64, games)}
                </p>
            })}
        </section>
    }
    .into_any()
}

/// The games against each level (and between people), won and played,
/// with the scores.
#[component]
fn LevelTable(stats: Stats) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = state.t();
    if stats.all.played == 0 {
        return view! { <p class="panel muted">{t.stats_none()}</p> }.into_any();
    }
    let row = |name: String, won: u32, played: u32| {
        let share = f64::from(won) / f64::from(played.max(1)) * 100.0;
        view! {
            <tr>
                <th scope="row">{name}</th>
                <td>{played}</td>
                <td>{won}</td>
                <td class="won-bar" aria-hidden="true"><span style:width=format!("{share:.0}%")></span></td>
            </tr>
        }
    };
    let levels = stats
        .levels
        .iter()
        .map(|(level, tally)| row(t.stats_level_name(*level), tally.won, tally.played))
        .collect_view();
    let people = (stats.people_only.played > 0).then(|| {
        let p = &stats.people_only;
        row(t.stats_people_short().to_string(), p.won, p.played)
    });
    let scores = stats.average().map(|average| {
        let best = stats.best.unwrap_or_default();
        view! { <p class="stats-scores">{t.stats_scores(t.tenths(average), best)}</p> }
    });
    view! {
        <section class="panel stats-levels-table">
            <table>
                <thead><tr>
                    <th scope="col">{t.stats_opponent()}</th>
                    <th scope="col">{t.stats_games()}</th>
                    <th scope="col">{t.stats_won()}</th>
                    <td></td>
                </tr></thead>
                <tbody>{levels}{people}</tbody>
            </table>
            {scores}
        </section>
    }
    .into_any()
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
