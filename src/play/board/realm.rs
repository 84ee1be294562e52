//! A player's realm as on the table: the eight location cards in a row,
//! the player's characters stacked under each, the Infirmary's face-down
//! stack, the worker card with its meeples, variety and the score.
//!
//! Each part follows only its own data (memos), so a turn redraws the one
//! stack that changed, not the whole table.

use leptos::prelude::*;
use majesty_rules::{Card, Character, Location, Placement, PlayerScoring, Sides};

use super::art::{CardBack, CoinIcon, LocationEmblem, Pawn, SeatEmblem};
use super::card::{character_class, StackCard};
use super::icons::CharacterIcon;
use super::location::LocationCard;
use super::Board;
use crate::state::AppState;

/// One player's realm. `big`: the realm of the person at the screen,
/// with each location's ability in short. `whole`: another realm opened
/// whole over the table, every card of it drawn as on the player's own.
#[component]
pub fn Realm(seat: usize, big: bool, #[prop(optional)] whole: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let session = state.session;
    let t = move || state.t();
    let name = Memo::new(move |_| session.with(|s| s.as_ref().map(|s| s.name(seat).to_string())));
    let current = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref()
                .is_some_and(|s| !s.game.is_over() && s.game.current_player().index() == seat)
        })
    });
    let board = expect_context::<Board>();
    let standing = Memo::new(move |_| {
        board
            .standing
            .with(|f| f.as_ref().and_then(|f| f.players.get(seat).copied()))
            .unwrap_or_default()
    });
    // This realm's player chooses a turn now: the columns take choices.
    let mine = Memo::new(move |_| current.get() && board.choosing.get());
    let player = move |f: fn(&majesty_rules::Player) -> i32| {
        session.with(|s| {
            s.as_ref()
                .and_then(|s| s.game.players().get(seat))
                .map_or(0, f)
        })
    };
    let meeples = Memo::new(move |_| player(|p| i32::from(p.meeples())) as u8);
    let score = Memo::new(move |_| player(|p| p.score()));
    let sides = session.with_untracked(|s| s.as_ref().map(|s| s.game.config().sides()));
    let sides = sides.unwrap_or(Sides::ALL_A);
    let compact = !big && !whole;
    let columns = Location::WITH_CHARACTERS
        .into_iter()
        .map(|l| view! { <Column seat=seat location=l sides=sides standing=standing mine=mine compact=compact/> })
        .collect_view();
    view! {
        <section class=format!("realm seat-{seat}") class:big=big class:compact=compact class:current=current data-seat=seat
            aria-label=move || t().realm_of(name.get().unwrap_or_default())>
            <header class="realm-head">
                <SeatEmblem seat=seat/>
                <h2 class="realm-name">{move || name.get()}</h2>
                // Always there, shown only on the player to move: the header's
                // other parts never move.
                <span class="to-move-badge" class:off=move || !current.get() aria-hidden=move || (!current.get()).to_string()>
                    {move || t().to_move_marker()}
                </span>
                {move || view! { <Worker meeples=meeples.get()/> }}
                <span class="variety" title=move || t().variety_hint() role="img"
                    aria-label=move || standing.with(|p| t().variety_label(p.variety_locations, p.variety))>
                    <span class="variety-mark" aria-hidden="true">"✦"</span>
                    {move || standing.with(|p| t().variety_cell(p.variety_locations, p.variety))}
                </span>
                <span class="score-coin" data-seat=seat role="img" aria-label=move || t().score_label(score.get())>
                    <CoinIcon/><span class="n" aria-hidden="true">{move || score.get()}</span>
                </span>
            </header>
            <ol class="locations" on:keydown=roam_locations>
                {columns}
                <InfirmaryColumn seat=seat sides=sides compact=compact/>
            </ol>
        </section>
    }
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
    standing: Memo<PlayerScoring>,
    /// This realm's player chooses a turn now.
    mine: Memo<bool>,
    compact: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let session = state.session;
    let character = location
        .character()
        .expect("locations 1-7 have a character");
    let placed = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref()
                .and_then(|s| s.game.players().get(seat))
                .map(|p| p.realm().at(location).collect::<Vec<Placement>>())
                .unwrap_or_default()
        })
    });
    let leads = Memo::new(move |_| standing.with(|p| p.majority[location.index()] > 0));
    // Everyone who has the most here now (the large realm shows them).
    let leaders = Memo::new(move |_| {
        board.standing.with(|f| {
            f.as_ref().map_or_else(Vec::new, |f| {
                f.players
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.majority[location.index()] > 0)
                    .map(|(seat, _)| seat)
                    .collect()
            })
        })
    });
    let leaders = (!compact).then_some(Signal::from(leaders));
    let count = move || placed.with(Vec::len);
    // A choice between several places, this one among them.
    let among = move |options: Vec<Character>| options.len() > 1 && options.contains(&character);
    let target = move || mine.get() && board.resolved.with(|r| among(r.places()));
    let chosen = move || {
        mine.get()
            && board
                .resolved
                .with(|r| !r.options.is_empty() && r.place == Some(character))
    };
    let heal_target = move || mine.get() && board.resolved.with(|r| among(r.heals()));
    // Castle B: the trade is chosen in the panel; the Castle shows where it happens.
    let trade_target = move || {
        mine.get() && location == Location::Castle && board.resolved.with(|r| r.trades().len() > 1)
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
        t.board_stack_label(location, t.count_of(count() as u8, character))
    };
    let cards = move || {
        placed
            .get()
            .into_iter()
            .map(|p| view! { <li><StackCard placement=p/><span class="sr-only">{move || card_name(state.t(), p)}</span></li> })
            .collect_view()
    };
    view! {
        <li class=format!("column {}", character_class(character)) data-location=location.index()
            class:empty=move || count() == 0
            class:leads=leads class:target=target class:chosen=chosen class:heal-target=heal_target
            class:trade-target=trade_target
            on:click=choose>
            <LocationCard location=location sides=sides compact=compact leaders=leaders/>
            // A compact realm is a row of tiles: the character kept here
            // (its colour and icon), how many, and a star where it leads
            // (style/realm.css); the stack stays, hidden, for the motion.
            {compact.then(|| view! {
                <span class="tile-who" aria-hidden="true"><CharacterIcon character=character/></span>
                // The stack is hidden in a tile: its name stays readable.
                <span class="sr-only">{label}</span>
            })}
            <ol class="stack" aria-label=label data-count=count style:--count=move || count().to_string()>{cards}</ol>
            <span class="count" aria-hidden="true">
                {move || (count() > 0).then_some(count())}
                <Show when=move || leads.get()>
                    <span class="lead-mark" title=move || state.t().leads()>"★"</span>
                </Show>
            </span>
        </li>
    }
}

/// The Infirmary: wounded cards face down; on the realm of the person at
/// the screen the top one is turned up, since its owner may look at it
/// (it is what a Witch would heal).
#[component]
fn InfirmaryColumn(seat: usize, sides: Sides, compact: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let wounded = Memo::new(move |_| {
        state.session.with(|s| {
            s.as_ref()
                .and_then(|s| s.game.players().get(seat))
                .map(|p| p.infirmary().to_vec())
                .unwrap_or_default()
        })
    });
    let count = move || wounded.with(Vec::len);
    let top = move || wounded.with(|w| w.last().copied()).filter(|_| !compact);
    let stack = move || {
        let top = top();
        let backs = (0..count() - usize::from(top.is_some()))
            .map(|_| view! { <li class="wounded-back"><CardBack tier=None/></li> })
            .collect_view();
        let top_view = top.map(|card: Card| {
            let c = card.characters().next().expect("a card has a character");
            view! { <li class="wounded-top"><StackCard placement=Placement { card, character: c }/></li> }
        });
        view! { {backs}{top_view} }
    };
    let label = move || {
        let t = state.t();
        let mut text = t.board_stack_label(Location::Infirmary, count());
        if let Some(card) = top() {
            text.push_str(", ");
            text.push_str(&t.infirmary_top(card));
        }
        text
    };
    view! {
        <li class="column infirmary" data-location=7 data-seat=seat class:empty=move || count() == 0>
            <LocationCard location=Location::Infirmary sides=sides compact=compact/>
            {compact.then(|| view! {
                <span class="tile-who" aria-hidden="true"><LocationEmblem location=Location::Infirmary/></span>
                <span class="sr-only">{label}</span>
            })}
            <ol class="stack" aria-label=label data-count=count style:--count=move || count().to_string()>{stack}</ol>
            <span class="count" aria-hidden="true">{move || (count() > 0).then_some(count())}</span>
        </li>
    }
}

/// A card of a stack, for a screen reader: "Miller", or "Miller, a split
/// card with Witch on its other half".
fn card_name(t: crate::i18n::Catalog, placement: Placement) -> String {
    let c = placement.character;
    match placement.card.characters().find(|&o| o != c) {
        Some(other) => t.stack_card_split(c, other),
        None => t.character(c).to_string(),
    }
}

/// Left and right arrows, Home and End, among a realm's location cards:
/// the realm is one tab stop (its first location), not eight.
fn roam_locations(event: leptos::ev::KeyboardEvent) {
    use wasm_bindgen::JsCast;
    let key = event.key();
    if !matches!(key.as_str(), "ArrowLeft" | "ArrowRight" | "Home" | "End") {
        return;
    }
    let (Some(list), Some(from)) = (
        event
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok()),
        event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok()),
    ) else {
        return;
    };
    let Ok(cards) = list.query_selector_all(".loc-card") else {
        return;
    };
    let cards: Vec<web_sys::HtmlElement> = (0..cards.length())
        .filter_map(|i| cards.get(i)?.dyn_into().ok())
        .collect();
    let Some(at) = cards.iter().position(|c| from.is_same_node(Some(c))) else {
        return;
    };
    let to = match key.as_str() {
        "ArrowLeft" => at.saturating_sub(1),
        "ArrowRight" => (at + 1).min(cards.len() - 1),
        "Home" => 0,
        _ => cards.len() - 1,
    };
    event.prevent_default();
    for (i, card) in cards.iter().enumerate() {
        let _ = card.set_attribute("tabindex", if i == to { "0" } else { "-1" });
    }
    let _ = crate::browser::focus_still(&cards[to]);
}
