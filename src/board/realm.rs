//! A player's realm as on the table: the eight location cards in a row,
//! the player's characters stacked under each, the Infirmary's face-down
//! stack, the worker card with its meeples, variety and the score.

use leptos::prelude::*;
use majesty_rules::{Card, FinalScoring, Location, Placement, Sides};

use super::art::{CardBack, CoinIcon, Pawn, SeatEmblem};
use super::card::{character_class, StackCard};
use super::location::LocationCard;
use super::Board;
use crate::app::AppState;

/// One player's realm. `big`: the realm of the person at the screen,
/// with each location's ability in short.
#[component]
pub fn Realm(seat: usize, big: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let body = move || {
        state.session.with(|s| {
            let s = s.as_ref()?;
            let game = &s.game;
            let player = game.players().get(seat)?;
            let current = !game.is_over() && game.current_player() == seat;
            let sides = game.config().sides;
            let standing = FinalScoring::of(game).players.get(seat).copied()?;
            let name = s.name(seat).to_string();
            let columns = Location::ALL[..7]
                .iter()
                .map(|&l| {
                    let leads = standing.majority[l.index()] > 0;
                    let placed: Vec<Placement> = player.realm().at(l).collect();
                    view! { <Column seat=seat location=l sides=sides placed=placed leads=leads compact=!big/> }
                })
                .collect_view();
            Some(view! {
                <section class=format!("realm seat-{seat}") class:big=big class:current=current data-seat=seat
                    aria-label=t().realm_of(&name)>
                    <header class="realm-head">
                        <SeatEmblem seat=seat/>
                        <h2 class="realm-name">{name.clone()}</h2>
                        {current.then(|| view! { <span class="to-move-badge">{t().to_move_marker()}</span> })}
                        <Worker meeples=player.meeples()/>
                        <span class="variety" title=t().variety_hint()>
                            <span class="variety-mark" aria-hidden="true">"✦"</span>
                            {t().variety_cell(standing.variety_locations, standing.variety)}
                        </span>
                        <span class="score-coin" data-seat=seat role="img" aria-label=t().score_label(player.score())>
                            <CoinIcon/><span class="n" aria-hidden="true">{player.score()}</span>
                        </span>
                    </header>
                    <ol class="locations">
                        {columns}
                        <InfirmaryColumn seat=seat sides=sides wounded=player.infirmary().to_vec() compact=!big/>
                    </ol>
                </section>
            })
        })
    };
    view! { {body} }
}

/// The worker card: five spaces, a pawn on each meeple owned.
#[component]
fn Worker(meeples: u8) -> impl IntoView {
    let state = expect_context::<AppState>();
    let spaces = (0..5u8)
        .map(|i| view! { <span class="worker-space"><Pawn empty={i >= meeples}/></span> })
        .collect_view();
    view! {
        <span class="worker-card" role="img" aria-label=move || state.t().worker(meeples)>{spaces}</span>
    }
}

/// A location with the player's characters under it. On the realm of the
/// person to move, the places the picked card can go are highlighted and
/// can be chosen here.
#[component]
fn Column(
    seat: usize,
    location: Location,
    sides: Sides,
    placed: Vec<Placement>,
    leads: bool,
    compact: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let character = location
        .character()
        .expect("locations 1-7 have a character");
    let count = placed.len();
    let mine = move || {
        state.session.with(|s| {
            s.as_ref()
                .is_some_and(|s| s.game.current_player() == seat && s.bot_to_move().is_none())
        }) && state.replay.with(Option::is_none)
    };
    let target = move || {
        mine()
            && board
                .resolved
                .with(|r| r.places().len() > 1 && r.places().contains(&character))
    };
    let chosen = move || {
        mine()
            && board
                .resolved
                .with(|r| !r.options.is_empty() && r.place == Some(character))
    };
    let heal_target = move || {
        mine()
            && board
                .resolved
                .with(|r| r.heals().len() > 1 && r.heals().contains(&character))
    };
    let choose = move |_| {
        if target() {
            board.picks.update(|p| {
                p.place = Some(character);
                p.heal = None;
                p.trade = 0;
            });
        } else if heal_target() {
            board.picks.update(|p| p.heal = Some(character));
        }
    };
    let label = move || {
        let t = state.t();
        format!(
            "{}{}{}",
            t.location(location),
            t.colon(),
            t.count_of(count as u8, character)
        )
    };
    let cards = placed
        .into_iter()
        .map(|p| view! { <li><StackCard placement=p/></li> })
        .collect_view();
    view! {
        <li class=format!("column {}", character_class(character)) data-location=location.index()
            class:leads=leads class:target=target class:chosen=chosen class:heal-target=heal_target
            on:click=choose>
            <LocationCard location=location sides=sides compact=compact/>
            <ol class="stack" aria-label=label data-count=count>{cards}</ol>
            <span class="count" aria-hidden="true">
                {(count > 0).then_some(count)}
                {leads.then(|| view! { <span class="lead-mark" title=move || state.t().leads()>"★"</span> })}
            </span>
        </li>
    }
}

/// The Infirmary: wounded cards face down; on the realm of the person at
/// the screen the top one is turned up, since its owner may look at it
/// (it is what a Witch would heal).
#[component]
fn InfirmaryColumn(seat: usize, sides: Sides, wounded: Vec<Card>, compact: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let count = wounded.len();
    let top = wounded.last().copied().filter(|_| !compact);
    let backs = (0..count - usize::from(top.is_some()))
        .map(|_| view! { <li class="wounded-back"><CardBack tier=None/></li> })
        .collect_view();
    let top_view = top.map(|card| {
        let c = card.characters().next().expect("a card has a character");
        let placement = Placement { card, character: c };
        view! { <li class="wounded-top"><StackCard placement=placement/></li> }
    });
    let label = move || {
        let t = state.t();
        let mut text = format!("{}{}{count}", t.location(Location::Infirmary), t.colon());
        if let Some(card) = top {
            text.push_str(", ");
            text.push_str(&t.infirmary_top(card));
        }
        text
    };
    view! {
        <li class="column infirmary" data-location=7 data-seat=seat>
            <LocationCard location=Location::Infirmary sides=sides compact=compact/>
            <ol class="stack" aria-label=label data-count=count>{backs}{top_view}</ol>
            <span class="count" aria-hidden="true">{(count > 0).then_some(count)}</span>
        </li>
    }
}
