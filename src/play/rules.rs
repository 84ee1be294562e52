//! The "Rules" screen: every rule as a live scenario (the engine's
//! `majesty_content::scenarios`), and the panel over a scenario's board: what
//! the rule says and the move to make; once it is made, its effect is
//! marked on the table (`host-mark`) and explained as the log explains it.

use leptos::prelude::*;
use majesty_ai::bots::Level;
use majesty_content::scenarios::{Scenario, Shows, TOPICS};
use majesty_rules::Location;

use crate::i18n::describe::{headline, lines};
use crate::model::embed::Mark;
use crate::model::session::Session;
use crate::parts::{piece, split, SplitLoaderError};
use crate::state::{AppState, Exercise, Mode, Screen};
use crate::widgets::ShareExercise;

piece! {
    /// The Rules screen, in a part of the page of its own (src/parts/).
    pub SCREEN = rules::rules_screen("rules", screen: true) => view! { <RulesScreen/> }
}

piece! {
    /// The panel over a scenario's board.
    pub PANEL = rules::scenario_panel("scenario", screen: false) => view! { <ScenarioPanel/> }
}

/// Opens what `?rules=` names, once the Rules part is here.
pub fn open(state: AppState, rules: String) {
    crate::parts::run(state, "rules", move || {
        Box::pin(open_part(state, rules.clone()))
    });
}

split! { rules =>
    fn open_part(state: AppState, rules: String) -> Result<(), SplitLoaderError> {
        open_rules(state, &rules);
        Ok(())
    }
}

/// Opens what `?rules=` names: a scenario by its id, else the list (`1`;
/// an unknown id is said in a notice).
pub fn open_rules(state: AppState, rules: &str) {
    if let Some(scenario) = Scenario::find(rules) {
        open_scenario(state, scenario);
        return;
    }
    if rules != "1" {
        state.notice.set(Some(state.t_now().rules_unknown(rules)));
    }
    state.end_exercise();
    state.screen.set(Screen::Rules);
}

/// Sets a scenario's position on the table: the learner is a person, the
/// other seats wait (computers that never move here).
pub fn open_scenario(state: AppState, scenario: &'static Scenario) {
    let t = state.t_now();
    let me = scenario.learner();
    let names: Vec<String> = (0..scenario.players)
        .map(|seat| t.default_player_name(seat))
        .collect();
    let mut seats = vec![Some(Level::Easy); scenario.players];
    seats[me.index()] = None;
    match Session::from_record(scenario.record(&names), seats) {
        Ok(mut session) => {
            // Taking back would leave the position: "Start again" resets it.
            session.allow_undo = false;
            state.put_on_table(Mode::Exercise(Exercise::Rule(scenario)), session);
        }
        Err(e) => state.notice.set(Some(t.cannot_open_record(&e))),
    }
}

/// The list of rules, by topic, each a link to its scenario.
#[component]
pub fn RulesScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let topics = move || {
        let t = state.t();
        TOPICS
            .iter()
            .map(|(topic, ids)| {
                let items = ids.iter().filter_map(|id| Scenario::find(id)).map(|s| {
                    let open = move |ev: leptos::ev::MouseEvent| {
                        ev.prevent_default();
                        open_scenario(state, s);
                    };
                    view! {
                        <li><a href=format!("?rules={}", s.id) data-scenario=s.id on:click=open>
                            {t.scenario(s.id, "title")}
                        </a></li>
                    }
                });
                view! {
                    <section class="panel rules-topic">
                        <h2>{t.scenario(topic, "title")}</h2>
                        <ul>{items.collect_view()}</ul>
                    </section>
                }
            })
            .collect_view()
    };
    view! {
        <section class="rules">
            <h1>{move || state.t().rules_title()}</h1>
            <p class="lead">{move || state.t().rules_lead()}</p>
            {topics}
            <Show when=move || !state.embed>
                <p><button on:click=move |_| state.screen.set(Screen::Home)>{move || state.t().home()}</button></p>
            </Show>
        </section>
    }
}

/// Where the learner stands in a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Progress {
    /// The suggested move is still to be made.
    Waiting,
    /// It was made: its effect is on the table.
    Done,
    /// Another move was made.
    Other,
}

fn progress(state: AppState, scenario: &Scenario) -> Progress {
    state.session.with(|s| {
        let Some(s) = s.as_ref() else {
            return Progress::Waiting;
        };
        match s.record.turns.get(scenario.turns_before()) {
            None => Progress::Waiting,
            Some(turn) if *turn == scenario.suggested() => Progress::Done,
            Some(_) => Progress::Other,
        }
    })
}

/// What the table marks once the move is made: where the rule acted.
fn effect_mark(scenario: &Scenario) -> Mark {
    let me = Some(scenario.learner().index());
    let at = |location: Location, seat: Option<usize>| Mark::Location { location, seat };
    match scenario.shows {
        Shows::Took { .. } | Shows::Converted(_) | Shows::Variety(_) => Mark::Realm {
            seat: scenario.learner().index(),
        },
        Shows::Ability(location) => at(location, me),
        Shows::Everyone(location, _) | Shows::Majority(location, _) => at(location, None),
        Shows::Healed(character) => at(character.location(), me),
        Shows::Wounded { defender } => at(Location::Infirmary, Some(defender.index())),
        Shows::Held { defender } => at(Location::Guardhouse, Some(defender.index())),
        Shows::Traded(_) => at(Location::Castle, me),
        Shows::Infirmary(_) => at(Location::Infirmary, me),
    }
}

/// Above a scenario's board: the rule, the move to make, then what it did.
#[component]
pub fn ScenarioPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || match state.exercise.get() {
        Some(Exercise::Rule(s)) => Some(view! { <Panel scenario=s/> }),
        _ => None,
    }
}

#[component]
fn Panel(scenario: &'static Scenario) -> impl IntoView {
    let state = expect_context::<AppState>();
    let now = Memo::new(move |_| progress(state, scenario));
    // The card to take is ringed, then where the rule acted.
    Effect::new(move |_| {
        let mark = match now.get() {
            Progress::Waiting => Some(Mark::Display {
                space: scenario.suggested().take,
            }),
            Progress::Done => Some(effect_mark(scenario)),
            Progress::Other => None,
        };
        state.mark.set(mark);
    });
    on_cleanup(move || state.mark.set(None));
    let id = scenario.id;
    let suggested = move || {
        let t = state.t();
        let turn = scenario.suggested();
        let card = state.session.with(|s| {
            s.as_ref()
                .and_then(|s| s.game.display().get(turn.take).map(|slot| slot.card))
        })?;
        Some(t.rules_suggested(
            t.card(card),
            turn.take + 1,
            turn.place,
            t.place_at(turn.place),
        ))
    };
    let explained = move || {
        let t = state.t();
        state.session.with(|s| {
            let s = s.as_ref()?;
            let entry = s.log.get(scenario.turns_before())?;
            let names = &s.record.players;
            let mut items = vec![headline(&entry.events, names, t)];
            items.extend(lines(&entry.events, names, t));
            Some(
                items
                    .into_iter()
                    .map(|l| view! { <li>{l}</li> })
                    .collect_view(),
            )
        })
    };
    let status = move || {
        let t = state.t();
        match now.get() {
            Progress::Waiting => view! { <p class="scenario-move">{suggested}</p> }.into_any(),
            Progress::Done => view! {
                <p class="scenario-done" role="status">"✓ "{t.rules_done()}</p>
                <ul class="scenario-log">{explained}</ul>
            }
            .into_any(),
            Progress::Other => {
                view! { <p class="scenario-other" role="status">{t.rules_other()}</p> }.into_any()
            }
        }
    };
    let turn = scenario.suggested();
    // The suggested turn, for tests and embedding pages to read.
    view! {
        <section class="panel scenario" data-scenario=id data-progress=move || format!("{:?}", now.get()).to_ascii_lowercase()
            data-take=turn.take data-place=turn.place.name() data-trade=turn.trade>
            <h2>{move || state.t().scenario(id, "title")}</h2>
            <p>{move || state.t().scenario(id, "text")}</p>
            {status}
            <div class="actions">
                <button class="primary" on:click=move |_| open_scenario(state, scenario)>{move || state.t().rules_again()}</button>
                // Not in a frame asked to keep to its lesson (`nav=0`).
                {(!state.host.get_value().hides_exits).then(|| view! {
                    <button on:click=move |_| {
                        state.end_exercise();
                        state.screen.set(Screen::Rules);
                    }>{move || state.t().rules_all()}</button>
                })}
            </div>
            <ShareExercise query=format!("rules={id}")/>
        </section>
    }
}
