//! The home screen: the unfinished games, a new game, a record to watch, and the
//! rules in short.

use leptos::prelude::*;
use majesty_rules::{Character, Location, Side};

use crate::i18n::problem::Problem;
use crate::i18n::{describe_ability, Catalog, Lang};
use crate::model::storage::{self, SavedGame, Shelf};
use crate::parts::{piece, Lazy};
use crate::play::board::art::CharacterArt;
use crate::state::{AppState, Screen, Seating};
use crate::widgets::{KeptGameActions, UnreadableSave};

piece! {
    /// The home screen, in a part of the page of its own (src/parts/): a
    /// deal's board, the most shared link, does without it. The app
    /// fetches it in idle time once a game is on the table (`app`).
    pub SCREEN = home::home_screen("home", screen: true) => view! { <HomeScreen/> }
}

#[component]
fn HomeScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    Effect::new(|_| {
        crate::browser::mark_once("home-ready");
        // The screen a click here opens most, fetched now, and the record
        // reader, which a new game's first save needs (and the editor).
        crate::parts::prefetch(crate::play::setup::SCREEN);
        crate::parts::prefetch_reader();
    });
    view! {
        <section class="home">
            <header class="hero">
                <div class="hero-text">
                    <h1>{move || state.t().title()}</h1>
                    <p class="lead">{move || state.t().home_lead()}</p>
                </div>
                <HeroCards/>
            </header>
            <SavedGames/>
            <Show when=move || {
                state.saves_changed.track();
                crate::model::by_link::any_kept()
            }>
                <Lazy piece=crate::remote::part::LINK_GAMES/>
            </Show>
            <div class="home-choices">
                <section class="panel home-choice" aria-labelledby="home-play">
                    <h2 id="home-play">{move || state.t().home_play()}</h2>
                    <p class="actions">
                        <button class="primary big" on:click=move |_| state.screen.set(Screen::Setup(Seating::Table))>
                            {move || state.t().new_game()}
                        </button>
                        <button class="big" on:click=move |_| state.screen.set(Screen::Setup(Seating::ByLink))>
                            {move || state.t().by_link_play_by_link()}
                        </button>
                        <button class="big" on:click=move |_| open_live_setup(state)>
                            {move || state.t().live_play_live()}
                        </button>
                    </p>
                    <p class="hint">{move || state.t().by_link_home_hint()}</p>
                    <p class="hint">{move || state.t().live_home_hint()}</p>
                </section>
                <section class="panel home-choice" aria-labelledby="home-learn">
                    <h2 id="home-learn">{move || state.t().home_learn()}</h2>
                    <p class="actions learn-sides">
                        <button class="big learn-to-play" on:click=move |_| learn(state, "a")>
                            {move || state.t().tutorial_learn()}
                            <small>{move || state.t().tutorial_side_a_hint()}</small>
                        </button>
                        <button class="big learn-side-b" on:click=move |_| learn(state, "b")>
                            {move || state.t().tutorial_learn_b()}
                            <small>{move || state.t().tutorial_side_b_hint()}</small>
                        </button>
                    </p>
                    <p class="hint">{move || state.t().tutorial_learn_hint()}</p>
                    <p class="actions">
                        <button class="big" on:click=move |_| state.screen.set(Screen::Rules)>
                            {move || state.t().rules_open()}
                        </button>
                        <button class="big example-game" on:click=move |_| open_example(state)>
                            {move || state.t().notes_example()}
                        </button>
                    </p>
                    <p class="hint">{move || state.t().notes_example_hint()}</p>
                    <p class="actions">
                        <button class="big puzzle-of-the-day" on:click=move |_| crate::play::puzzles::open(state, "today".into())>
                            {move || state.t().puzzle_today()}
                            <small>{move || state.t().puzzle_today_hint()}</small>
                        </button>
                    </p>
                </section>
                <section class="panel home-choice" aria-labelledby="home-create">
                    <h2 id="home-create">{move || state.t().home_create()}</h2>
                    <p class="actions">
                        <button class="big" on:click=move |_| state.screen.set(Screen::Editor)>
                            {move || state.t().editor_open()}
                        </button>
                    </p>
                    <p>
                        <label class="open-record">
                            {move || state.t().open_record()}
                            " "
                            <input type="file" accept=".json,application/json" on:change=open_record_file/>
                        </label>
                    </p>
                </section>
            </div>
            <HowToPlay/>
            // The manual is built into the site beside the game, at docs/.
            <p class="home-manual">
                <a href="docs/" hreflang="en">{move || state.t().home_manual()}</a>
            </p>
            // Last: drawn once its part is here, it moves nothing; only
            // once a game is counted (a first visit has nothing to show).
            <Show when=move || {
                state.saves_changed.track();
                crate::model::stats::kept()
            }>
                <Lazy piece=super::stats::STATS/>
            </Show>
        </section>
    }
}

/// A fan of character cards on the baize, as on the table: the game's
/// look before its first click (drawn, not read: hidden from assistive
/// technology, whose reader has the title and the lead).
#[component]
fn HeroCards() -> impl IntoView {
    let state = expect_context::<AppState>();
    // (The board's colour classes, `card::character_class`.)
    const FAN: [(Character, &str); 5] = [
        (Character::Miller, "c-miller"),
        (Character::Witch, "c-witch"),
        (Character::Noble, "c-noble"),
        (Character::Knight, "c-knight"),
        (Character::Guard, "c-guard"),
    ];
    let cards = FAN.map(|(character, class)| {
        view! {
            <span class="card hero-card">
                <span class="face">
                    <span class=format!("half {class}")>
                        <span class="band">{move || state.t().character(character)}</span>
                        <CharacterArt character=character/>
                    </span>
                </span>
            </span>
        }
    });
    view! { <div class="hero-cards" aria-hidden="true">{cards}</div> }
}

/// The setup of a live game, where the browser can play live.
fn open_live_setup(state: AppState) {
    if crate::browser::has_webrtc() {
        state.screen.set(Screen::Setup(Seating::Live));
    } else {
        state.notice.set(Some(state.t().live_no_webrtc().into()));
    }
}

/// "Learn to play": the guided game of side A (the first) or of side B.
fn learn(state: AppState, id: &str) {
    crate::play::tutorial::open(state, id.to_string());
}

/// Every save in this browser: the unfinished games, each to resume or
/// delete, and the saves that cannot be opened, each to download or discard.
/// (Drawn again whenever a save changes: a few rows, no keyed list.)
#[component]
pub fn SavedGames() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        state.saves_changed.track();
        let Shelf { games, unreadable } = storage::shelf();
        let t = state.t();
        let heading = if games.len() == 1 {
            t.your_game()
        } else {
            t.games_in_progress()
        };
        let list = (!games.is_empty()).then(|| {
            let rows = games.into_iter().map(|game| view! { <SavedGameRow game/> });
            view! {
                <section class="panel resume">
                    <h2>{heading}</h2>
                    <ul class="saved-games">{rows.collect_view()}</ul>
                </section>
            }
        });
        let warnings = unreadable
            .into_iter()
            .map(|save| {
                let key = StoredValue::new(save.key.clone());
                let on_discard = Callback::new(move |()| {
                    crate::services::saving::deleted(state, storage::delete(&key.get_value()))
                });
                view! { <UnreadableSave save file_name="majesty-unreadable-save.json" on_discard/> }
            })
            .collect_view();
        view! { {list} {warnings} }
    }
}

/// One unfinished game as a card: whose turn it is and at which turn,
/// each player's score, when it was saved; resume it, or delete it after
/// a question.
#[component]
fn SavedGameRow(game: SavedGame) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = format!("save-{}", game.key.replace('.', "-"));
    let record = &game.save.record;
    let total = record.players.len() * 12;
    let turn = (record.turns.len() + 1).min(total);
    // (A save is a record that replays: its position is the engine's.)
    let position = record.replay().ok();
    let to_move = position.as_ref().map(|g| g.current_player().index());
    let scores: Vec<(usize, String, i32)> = record
        .players
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let score = position.as_ref().map_or(0, |g| g.players()[seat].score());
            (seat, name.clone(), score)
        })
        .collect();
    let mover = to_move.and_then(|seat| record.players.get(seat).cloned());
    let saved_at = game.save.saved_at;
    let key = StoredValue::new(game.key);
    let resume = Callback::new(move |()| match storage::load(&key.get_value()) {
        Ok(session) => state.resume(key.get_value(), session),
        Err(e) => state.tell(Problem::CannotOpenSave(e)),
    });
    let delete = Callback::new(move |()| {
        crate::services::saving::deleted(state, storage::delete(&key.get_value()))
    });
    let about = id.clone();
    let scores = scores
        .into_iter()
        .map(|(seat, name, score)| {
            view! {
                <li class=format!("seat-{seat}") class:to-move=to_move == Some(seat)>
                    <span class="seat-dot" aria-hidden="true"></span>
                    <span class="saved-name">{name}</span>
                    " "
                    <b class="saved-score">{move || state.t().score_label(score)}</b>
                </li>
            }
        })
        .collect_view();
    view! {
        <li class="saved-game">
            <div class="saved-about" id=id>
                <p class="saved-turn">
                    <strong>{move || mover.as_ref().map(|name| state.t().to_play(name))}</strong>
                    {move || state.t().turn_of(turn, total)}
                </p>
                <ol class="saved-scores">{scores}</ol>
                <p class="muted">{move || saved_when(state.lang.get(), saved_at).map(|w| state.t().saved_when(&w))}</p>
            </div>
            <KeptGameActions open_label=|t: Catalog| t.resume() on_open=resume on_delete=delete about/>
        </li>
    }
}

/// Opens the annotated example game (public/examples/) at its deal.
fn open_example(state: AppState) {
    leptos::task::spawn_local(async move {
        match crate::browser::fetch_text("examples/annotated-game.json").await {
            Ok(text) => crate::opening::open_record(state, text),
            Err(reason) => state
                .notice
                .set(Some(state.t_now().notes_example_failed(reason))),
        }
    });
}

/// Opens a game record file in the replay viewer, at its last turn. A
/// file larger than any record is refused by its size, unread.
fn open_record_file(ev: leptos::ev::Event) {
    let state = expect_context::<AppState>();
    crate::browser::read_chosen_record(&ev, move |read| match read {
        Ok(text) => crate::opening::open_record(state, text),
        Err(too_large) => state.tell(Problem::CannotOpenRecord(too_large)),
    });
}

/// When a save was made, as the page's language writes a date.
fn saved_when(lang: Lang, saved_at: u64) -> Option<String> {
    if saved_at == 0 {
        return None;
    }
    crate::browser::date_time(lang.code(), saved_at as f64)
}

/// The rules in short, and every location on both sides, described from the
/// engine's own ability data.
#[component]
fn HowToPlay() -> impl IntoView {
    let state = expect_context::<AppState>();
    let locations = move || {
        let t = state.t();
        Location::ALL
            .iter()
            .map(|&l| {
                view! {
                    <tr>
                        <th scope="row">{format!("{} {}", l.index() + 1, t.location(l))}</th>
                        <td>{describe_ability(t, l, Side::A)}</td>
                        <td>{describe_ability(t, l, Side::B)}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <details class="panel how">
            <summary>{move || state.t().how_to_play()}</summary>
            <ol>
                {move || state.t().how_to_play_steps().map(|step| view! { <li>{step}</li> }).collect_view()}
            </ol>
            <table class="abilities-table">
                <thead>
                    <tr>
                        <th scope="col">{move || state.t().location_cards()}</th>
                        <th scope="col">{move || state.t().side(Side::A)}</th>
                        <th scope="col">{move || state.t().side(Side::B)}</th>
                    </tr>
                </thead>
                <tbody>{locations}</tbody>
            </table>
        </details>
    }
}
