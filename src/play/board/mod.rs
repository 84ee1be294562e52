//! The game screen: the display, the realms as on a table, taking a turn,
//! the computers' turns at a readable pace, and the log. Every option shown
//! comes from the engine's legal turns; every number from the engine.

mod advice;
mod announce;
pub mod art;
mod card;
pub use card::{CardFace, StackCard};
mod chooser;
mod choosing;
mod coach_bubble;
pub use coach_bubble::BUBBLE as TUTORIAL_BUBBLE;
mod computers;
mod display;
mod hint;
mod icons;
mod keys;
mod location;
mod log;
mod motion;
mod pass;
mod picks;
mod realm;
mod share;
mod status;

pub use status::skip_to_display;
mod whole_realm;

use leptos::prelude::*;
use majesty_rules::{FinalScoring, Seat, Turn};

use crate::i18n::describe::headline;
use crate::i18n::problem::Problem;
use crate::model::announcer;
use crate::model::prefs::Pace;
use crate::parts::Lazy;
use crate::remote::live::gate as live;
use crate::state::{AppState, Screen};
use picks::{resolve, Picks, Resolved};

/// What the board's parts share: the choices being made and how a turn is
/// played.
#[derive(Clone, Copy)]
pub struct Board {
    pub picks: RwSignal<Picks>,
    /// The legal turns of the player to move.
    pub legal: Memo<Vec<Turn>>,
    pub resolved: Memo<Resolved>,
    /// Plays a turn for the player to move (a person's or a computer's).
    pub confirm: Callback<Turn>,
    pub pace: RwSignal<Pace>,
    /// "Skip": the computers play at once until a person is to move.
    pub skipping: RwSignal<bool>,
    /// A person chooses a turn here now: the game goes on, it is not a
    /// replay, and no computer is to move.
    pub choosing: Memo<bool>,
    /// A computer is to move in the game being played (not a replay).
    pub computer_moving: Memo<bool>,
    /// Majorities and variety as they stand (final scoring if the game
    /// ended now): computed once a turn for every realm.
    pub standing: Memo<Option<FinalScoring>>,
    /// What the person's last input was (`keys::follow_input`): a card's
    /// preview opens on a focus or a hover only while no finger is the
    /// pointer.
    pub input: RwSignal<keys::Input>,
}

/// The board's one announcer (given to its parts).
pub use announce::Announce;

/// The board's shared signals for the game on the table.
fn new_board(state: AppState) -> Board {
    let session = state.session;
    let picks = RwSignal::new(choosing::restored(state));
    let legal = Memo::new(move |_| {
        session.with(|s| s.as_ref().map(|s| s.game.legal_turns()).unwrap_or_default())
    });
    let resolved = Memo::new(move |_| legal.with(|l| resolve(l, picks.get())));
    let pace = RwSignal::new(crate::model::prefs::saved_pace());
    let skipping = RwSignal::new(false);
    let confirm = Callback::new(move |turn: Turn| play(state, picks, turn, pace, skipping));
    let choosing = Memo::new(move |_| {
        state.replay.with(Option::is_none)
            && session.with(|s| {
                s.as_ref()
                    .is_some_and(|s| !s.game.is_over() && s.bot_to_move().is_none())
            })
            && crate::remote::may_move(state)
    });
    let computer_moving = Memo::new(move |_| {
        state.replay.with(Option::is_none)
            && session.with(|s| s.as_ref().is_some_and(|s| s.bot_to_move().is_some()))
    });
    let standing =
        Memo::new(move |_| session.with(|s| s.as_ref().map(|s| FinalScoring::of(&s.game))));
    Board {
        picks,
        legal,
        resolved,
        confirm,
        pace,
        skipping,
        choosing,
        computer_moving,
        standing,
        input: RwSignal::new(keys::Input::Mouse),
    }
}

/// The first moment a person can choose here: a User Timing mark that the
/// load measurements read (scripts/measure-load.mjs); what a game shows
/// later is fetched then.
fn when_ready(board: Board) {
    Effect::new(move |_| {
        if board.choosing.get() && !board.legal.with(Vec::is_empty) {
            crate::browser::mark_once("board-ready");
            crate::parts::prefetch(crate::play::final_table::TABLE);
            crate::parts::prefetch(crate::play::coach::AFTER_GAME);
            crate::parts::prefetch(whole_realm::WHOLE_REALM);
            crate::parts::prefetch_reader();
            motion::prefetch();
        }
    });
}

/// A game over offers its replay (the final scoring's "Replay this game",
/// the review's turns): its controls are fetched in idle time from the
/// game's last round on, so that they are here at its end.
fn prefetch_replay(state: AppState, watching: Memo<bool>) {
    let session = state.session;
    let near_end =
        Memo::new(move |_| session.with(|s| s.as_ref().is_some_and(|s| s.game.in_last_round())));
    Effect::new(move |_| {
        if near_end.get() && !watching.get() {
            crate::parts::prefetch(crate::play::replay::CONTROLS);
        }
    });
}

#[component]
pub fn GameScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let session = state.session;
    let board = new_board(state);
    let Board { picks, confirm, .. } = board;
    provide_context(board);
    let announce = Announce::new(board);
    provide_context(announce);
    let undo = Callback::new(move |()| undo(state, board, announce));
    provide_context(Undo(undo));
    let help = RwSignal::new(false);
    provide_context(keys::KeyHelpOpen(help));
    // A live game plays the turns the host accepts through the board.
    live::attach_board(Some(confirm));
    on_cleanup(|| live::attach_board(None));
    // Picks name a card of one position: when the position changes under
    // them (another tab played), they are dropped, never carried over.
    Effect::new(move |before: Option<usize>| {
        let turns = session.with(|s| s.as_ref().map_or(0, |s| s.record.turns.len()));
        if before.is_some_and(|b| b != turns) {
            picks.set(Picks::default());
        }
        turns
    });
    keys::shortcuts(board, help, undo);
    keys::manage_focus(board);
    keys::follow_input(board);
    choosing::keep(state, board);

    when_ready(board);
    computers::drive();

    // A memo: the replay controls are drawn once, not again at every step.
    let watching = Memo::new(move |_| state.replay.with(Option::is_some));
    // Final scoring over the table (nothing under it moves); it can be
    // closed to look at the table and opened again.
    // In the replay viewer it lies in the page instead, after the table,
    // so that it never covers the replay's controls.
    let final_open = RwSignal::new(true);
    let final_scoring = move |in_page: bool| {
        if !final_open.get() || watching.get() != in_page {
            return None;
        }
        session.with(|s| {
            s.as_ref().filter(|s| s.game.is_over())?;
            Some(view! {
                <div class="final-layer" class:in-page=in_page>
                    <div class="final-box">
                        <button class="final-close" on:click=move |_| final_open.set(false)>
                            {move || state.t().see_table()}
                        </button>
                        <Lazy piece=crate::play::final_table::TABLE/>
                    </div>
                </div>
            })
        })
    };
    provide_context(FinalOpen(final_open));
    provide_context(crate::state::OpenReplay(Callback::new(
        move |(record, seats, step)| crate::play::open_replay(state, record, seats, step),
    )));
    prefetch_replay(state, watching);
    // The board is drawn in two steps, so that its start is not one long
    // task on a slow phone: first what a turn is chosen from, then, after
    // that first paint, what lies beside or below it, where its coming
    // moves nothing already drawn: the buttons and the log, and on a wide
    // screen the whole column beside the table (the hint, the other
    // realms). Narrower, the other realms lie above the player's own.
    let side_drawn = RwSignal::new(false);
    crate::browser::after_next_paint(move || side_drawn.set(true));
    let side_beside = !state.embed && crate::model::prefs::media_matches(BESIDE_THE_TABLE);
    view! {
        <div class="board" class:watching=move || watching.get()>
            <announce::Announcer announce=announce/>
            {move || final_scoring(false)}
            // On a wide screen, a table as on a game site: the display and
            // the player's realm in the main column, the other realms, the
            // expert's hint and the log beside them (style/board.css).
            // Narrower, both columns are one (`display: contents`).
            <div class="table-main">
                <status::Status/>
                <Show when=move || state.by_link.with(Option::is_some)>
                    <Lazy piece=crate::remote::part::TURN_PANEL/>
                </Show>
                <Show when=move || live::active(state)>
                    <Lazy piece=crate::remote::live::part::PANEL/>
                </Show>
                // Stays at the end of the game (the cards left in the
                // display), so that nothing on the page moves when it ends.
                <div class="play-area">
                    <display::Display/>
                    {move || if watching.get() {
                        view! { <Lazy piece=crate::play::replay::CONTROLS/> }.into_any()
                    } else {
                        view! { <chooser::Chooser/> }.into_any()
                    }}
                </div>
                <Realms mine=true/>
                // A puzzle's question and verdict under the table, which
                // they never move (style/board.css: above the realms in
                // one column).
                <Show when=move || state.exercise.with(|e| e.as_ref().is_some_and(|e| !e.is_rule()))>
                    <Lazy piece=crate::play::puzzles::PANEL/>
                </Show>
                {move || final_scoring(true)}
            </div>
            <aside class="table-side">
                <Show when=move || side_drawn.get() || !side_beside>
                    <hint::HintPanel/>
                    <Realms mine=false/>
                </Show>
                <Show when=move || side_drawn.get()>
                    <Actions/>
                    <log::Log/>
                </Show>
            </aside>
            {pass::cover()}
            <Show when=move || state.lesson.with(Option::is_some)>
                <Lazy piece=coach_bubble::BUBBLE/>
                <div class="coach-spacer" aria-hidden="true"></div>
            </Show>
        </div>
    }
}

/// Plays `turn` for the player to move, animating what it does.
fn play(
    state: AppState,
    picks: RwSignal<Picks>,
    turn: Turn,
    pace: RwSignal<Pace>,
    skipping: RwSignal<bool>,
) {
    // The guided game lets through only the turn its step asks for.
    if !crate::play::tutorial::allows(state, turn) {
        picks.set(Picks::default());
        return;
    }
    // A guest of a live game proposes the turn to the host instead.
    if live::forward(state, turn) {
        picks.set(Picks::default());
        return;
    }
    // Chosen on a position another tab has left behind: dropped.
    if crate::services::tabs::drop_turn_if_moved_on(state) {
        picks.set(Picks::default());
        return;
    }
    let seats = state
        .session
        .with_untracked(|s| s.as_ref().map_or(0, |s| s.record.players.len()));
    // The pace is the computers': a person's own turn always moves.
    let computer = state
        .session
        .with_untracked(|s| s.as_ref().is_some_and(|s| s.bot_to_move().is_some()));
    let quiet = computer && (skipping.get_untracked() || pace.get_untracked() == Pace::Instant);
    let before = (!quiet).then(|| motion::before_turn(seats, turn.take));
    let mut result = Ok(());
    state.session.update(|s| {
        if let Some(s) = s {
            result = s.play(turn);
        }
    });
    match result {
        Ok(()) => {
            picks.set(Picks::default());
            live::played(state);
            tell_parent(state);
            if let Some(before) = before {
                let events = state.session.with_untracked(|s| {
                    s.as_ref()
                        .and_then(|s| s.log.last())
                        .map(|e| e.events.clone())
                        .unwrap_or_default()
                });
                motion::after_turn(before, events);
            }
        }
        Err(e) => state.tell(Problem::TurnRefused(e)),
    }
}

/// The realm of the person at the screen (`mine`: large, with each
/// location's ability), or the others in playing order after it.
#[component]
fn Realms(mine: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    // Only a new order (another person at the screen) redraws the realms.
    let order = Memo::new(move |_| {
        state.session.with(|s| {
            s.as_ref().map(|s| {
                let n = s.record.players.len();
                let viewer = crate::remote::my_seat(state).or_else(|| s.viewer().map(Seat::index));
                let first = viewer.unwrap_or(0);
                ((0..n).map(|i| (first + i) % n).collect::<Vec<_>>(), viewer)
            })
        })
    });
    let label = move || match mine {
        true => state.t().realms(),
        false => state.t().other_realms(),
    };
    // The other realm shown whole, over the table, when it is drawn compact
    // (a part of the page of its own: few open it).
    let whole = RwSignal::new(None::<usize>);
    if !mine {
        provide_context(whole_realm::Shown(whole));
    }
    let open_whole = move |seat: usize| {
        if !mine && crate::model::prefs::media_matches(COMPACT_REALMS) {
            whole.update(|w| *w = if *w == Some(seat) { None } else { Some(seat) });
        }
    };
    view! {
        <section class="realms" class:mine=mine class:others=!mine aria-label=label>
            {move || order.get().map(|(seats, viewer)| {
                // Without a person at the screen (a replay, all computers),
                // the first seat's realm is the main one, drawn small.
                seats.into_iter().enumerate().filter(|(i, _)| (*i == 0) == mine)
                    .map(|(_, seat)| view! {
                        <div class="realm-slot" on:click=move |_| open_whole(seat)>
                            <realm::Realm seat=seat big={Some(seat) == viewer}/>
                        </div>
                    })
                    .collect_view()
            })}
        </section>
        {move || whole.get().is_some().then(|| view! { <Lazy piece=whole_realm::WHOLE_REALM/> })}
    }
}

/// Where the table has a column beside it (style/board.css).
const BESIDE_THE_TABLE: &str = "(min-width: 1100px)";

/// Where the other realms are drawn compact (style/realm.css): beside the
/// table on a wide screen, under it on a phone.
const COMPACT_REALMS: &str = "(min-width: 1100px), (max-width: 600px)";

/// Whether the final scoring is shown over the table.
#[derive(Clone, Copy)]
struct FinalOpen(RwSignal<bool>);

/// Take back, share, the final scoring again, home.
#[component]
fn Actions() -> impl IntoView {
    let state = expect_context::<AppState>();
    let FinalOpen(final_open) = expect_context::<FinalOpen>();
    let over = move || {
        state
            .session
            .with(|s| s.as_ref().is_some_and(|s| s.game.is_over()))
    };
    let session = state.session;
    // A memo: the replay controls are drawn once, not again at every step.
    let watching = Memo::new(move |_| state.replay.with(Option::is_some));
    let undo_offered = move || session.with(|s| s.as_ref().is_some_and(|s| s.allow_undo));
    let Undo(undo) = expect_context::<Undo>();
    view! {
        <div class="actions board-actions">
            <Show when=move || undo_offered() && !watching.get()>
                <button on:click=move |_| undo.run(()) aria-keyshortcuts="U"
                    disabled=move || !can_undo(state)>{move || state.t().take_back()}</button>
            </Show>
            <Show when=move || over() && !final_open.get()>
                <button class="primary" on:click=move |_| final_open.set(true)>{move || state.t().final_scoring()}</button>
            </Show>
            <share::ShareLinks/>
            <Show when=move || !state.embed>
                <button on:click=move |_| state.screen.set(Screen::Home)>{move || state.t().home()}</button>
            </Show>
        </div>
    }
}

/// Takes back turns (see [`Session::undo`](crate::model::session::Session::undo)).
#[derive(Clone, Copy)]
struct Undo(Callback<()>);

/// Whether a turn can be taken back now: allowed in this game, and a person
/// has played a turn.
fn can_undo(state: AppState) -> bool {
    state.session.with(|s| {
        s.as_ref().is_some_and(|s| {
            s.allow_undo
                && s.log
                    .iter()
                    .any(|e| s.seats.get(e.seat.index()).copied().flatten().is_none())
        })
    })
}

/// Takes back the last turns up to a person's (not while a replay is shown).
/// Also while a computer thinks or shows its choice: its turn is then
/// dropped (`computers`, `bot_driver::cancel`).
fn undo(state: AppState, board: Board, announce: Announce) {
    let watching = state.replay.with_untracked(Option::is_some);
    if watching || !untrack(|| can_undo(state)) {
        return;
    }
    let mut undone = false;
    state.session.update(|s| {
        if let Some(s) = s {
            undone = s.undo();
        }
    });
    if undone {
        board.picks.set(Picks::default());
        let t = state.t();
        let told = state.session.with_untracked(|s| {
            s.as_ref().map(|s| {
                let seat = s.game.current_player().index();
                t.announce_taken_back(s.name(seat), s.game.turn_number() + 1)
            })
        });
        announce.clear();
        announce.say(told.unwrap_or_default(), announcer::Focus::FirstChoice);
    }
}

/// Tells an embedding page what the last turn did, and the result at the
/// end (in a frame only: the part that tells it is fetched only there).
fn tell_parent(state: AppState) {
    if !crate::browser::framed() {
        return;
    }
    let news = state.session.with_untracked(|s| {
        let s = s.as_ref()?;
        let entry = s.log.last()?;
        let end = s.game.result().map(|result| {
            (
                s.record.players.clone(),
                result.players.iter().map(|p| p.total).collect(),
                result
                    .winners
                    .iter()
                    .map(|w| s.name(w.index()).to_string())
                    .collect(),
            )
        });
        Some(crate::model::embed::TurnNews {
            number: entry.number,
            player: s.name(entry.seat.index()).to_string(),
            summary: headline(&entry.events, &s.record.players, state.t()),
            scores: s.game.players().iter().map(|p| p.score()).collect(),
            end,
        })
    });
    if let Some(news) = news {
        crate::model::embed::tell(news);
    }
}
