//! Play by link: the host's invitation, opening a game link, the panel on
//! the board that passes the next link on, and the list of games by link on
//! the home screen. What a link holds and how it stands to the game kept
//! here is decided in `majesty_rules::correspondence` and
//! `crate::model::by_link`; these are its screens.

pub mod live;
pub mod part;
mod qr;
mod share;

use leptos::prelude::*;
use majesty_rules::correspondence::{Continuity, LinkError, LinkGame};
use majesty_rules::GameRecord;

use crate::i18n::Catalog;
use crate::model::by_link::{self, Arrival, ByLink, Kept};
use crate::model::session::{random_seed, Session};
use crate::state::{AppState, Mode, OpenReplay, Screen};
use crate::widgets::{KeptGameActions, UnreadableSave};
use share::link_share;

/// Starts a game by link from the setup: a new game id, this device playing
/// the first seat until the host says otherwise; kept at once, so that it
/// is listed before its first turn.
fn invite(state: AppState, mut session: Session) {
    session.allow_undo = false;
    let game = ByLink {
        id: random_seed(),
        key: None,
        me: Some(0),
        fork: None,
    };
    show(state, session, game);
    state.screen.set(Screen::Invitation);
}

/// Shows a game by link on the board.
fn show(state: AppState, mut session: Session, game: ByLink) {
    session.allow_undo = false;
    state.put_on_table(Mode::ByLink(game), session);
}

/// Opens the game of a `#play=` link (its value): a new game is
/// kept, a newer link brings the kept game up to date, an older one is
/// said to be stale, and another continuation is shown as a fork beside
/// the game kept here, which stays as it is.
fn open_game_link(state: AppState, value: &str) {
    let t = state.t_now();
    let link = match by_link::from_value(value) {
        Ok(link) => link,
        Err(e) => {
            state
                .notice
                .set(Some(t.by_link_cannot_open(link_error(t, &e))));
            return;
        }
    };
    let id = link.id;
    let game = |kept: &Kept, key: Option<String>| ByLink {
        id,
        key,
        me: kept.save.me,
        fork: None,
    };
    let (record, game) = match by_link::arrive(&link) {
        Arrival::New { key } => {
            let fresh = ByLink {
                id,
                key: key.ok(),
                me: None,
                fork: None,
            };
            (link.record, fresh)
        }
        Arrival::Known { kept, key, .. } => {
            let game = game(&kept, key.ok().or(Some(kept.key.clone())));
            (link.record, game)
        }
        Arrival::Stale { kept, have, link } => {
            state.notice.set(Some(t.by_link_stale(have, link)));
            let game = game(&kept, Some(kept.key.clone()));
            (kept.save.record, game)
        }
        Arrival::Fork { kept, continuity } => {
            let mut game = game(&kept, Some(kept.key.clone()));
            game.fork = Some((continuity, link.record));
            (kept.save.record, game)
        }
    };
    match Session::from_record(record, Vec::new()) {
        Ok(session) => show(state, session, game),
        Err(e) => state.notice.set(Some(t.cannot_open_record(&e))),
    }
    state.saves_changed.update(|n| *n += 1);
}

fn link_error(t: Catalog, error: &LinkError) -> String {
    match error {
        LinkError::Truncated => t.by_link_error_truncated().into(),
        LinkError::NewerFormat(_) => t.by_link_error_newer().into(),
        LinkError::Damaged => t.by_link_error_damaged().into(),
        LinkError::Malformed => t.by_link_error_malformed().into(),
        LinkError::NoSeed => t.by_link_error_no_seed().into(),
        LinkError::Record(e) => t.record_error(e),
    }
}

/// The link of the game by link being played, at its latest turn.
fn current_link(state: AppState) -> Option<String> {
    let id = state.by_link.with(|b| b.as_ref().map(|b| b.id))?;
    state.session.with(|s| {
        let record = s.as_ref()?.record.clone();
        let fragment = by_link::fragment(&LinkGame { id, record }).ok()?;
        Some(format!("{}#{fragment}", crate::browser::page_address()))
    })
}

/// Whether this device may play now: a game by link lets only its own
/// seat move (any game not by link: always), and a guest's copy of a live
/// game none unless it is live (its deck beyond the cards turned up is a
/// guess: only the host's device can play on).
pub fn may_move(state: AppState) -> bool {
    state.by_link.with(|b| {
        b.as_ref().is_none_or(|b| {
            state.session.with(|s| {
                s.as_ref().is_some_and(|s| {
                    b.me == Some(s.game.current_player().index())
                        && (s.record.seed.is_some() || live::gate::active(state))
                })
            })
        })
    })
}

/// The seat this device plays in the game by link being played.
pub fn my_seat(state: AppState) -> Option<usize> {
    state.by_link.with(|b| b.as_ref().and_then(|b| b.me))
}

/// In a game by link, when another player is to move: says they play on
/// their own device.
pub fn waiting_for(state: AppState) -> Option<String> {
    state.by_link.with(Option::is_some).then_some(())?;
    state.session.with(|s| {
        let s = s.as_ref()?;
        let seat = s.game.current_player().index();
        let t = state.t();
        let live = live::gate::active(state);
        (!s.game.is_over()).then(|| {
            live.then(|| live::gate::waiting(state, seat))
                .flatten()
                .unwrap_or_else(|| t.by_link_waiting(s.name(seat)))
        })
    })
}

/// The page's address is the game's link at its latest turn while
/// `screen` shows it, which a reload opens again (the app's history leaves
/// it to this part, where the link's encoding is).
fn address_is_link(state: AppState, screen: Screen) {
    Effect::new(move |_| {
        if state.embed || state.screen.get() != screen {
            return;
        }
        // A live game met on relays: its room, which a reload joins again.
        if live::gate::active(state) {
            if let Some(fragment) = live::gate::room_fragment() {
                crate::browser::replace_address(&format!("#{fragment}"));
                return;
            }
        }
        let link = current_link(state);
        if let Some((_, fragment)) = link.as_deref().and_then(|l| l.split_once('#')) {
            crate::browser::replace_address(&format!("#{fragment}"));
        }
    });
}

/// The host's invitation: who this device plays, the link and its QR code,
/// and what a link reveals.
#[component]
fn Invitation() -> impl IntoView {
    let state = expect_context::<AppState>();
    address_is_link(state, Screen::Invitation);
    let t = move || state.t();
    let names = state.session.with_untracked(|s| {
        s.as_ref()
            .map(|s| s.record.players.clone())
            .unwrap_or_default()
    });
    let me = move || state.by_link.with(|b| b.as_ref().and_then(|b| b.me));
    let choose = move |ev: leptos::ev::Event| {
        let seat = event_target_value(&ev).parse::<usize>().ok();
        state.mode.update(|m| {
            if let Some(b) = m.by_link_mut() {
                b.me = seat;
            }
        });
    };
    let options = names
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            view! { <option value=seat.to_string() selected=move || me() == Some(seat)>{name.clone()}</option> }
        })
        .collect_view();
    view! {
        <section class="panel invitation">
            <h1>{move || t().by_link_invitation_title()}</h1>
            <label class="seat-choice">
                {move || t().by_link_you_are()}
                " "
                <select on:change=choose>{options}</select>
            </label>
            <p>{move || t().by_link_invitation_hint()}</p>
            {move || current_link(state).map(|url| link_share(state, url, true))}
            <p class="hint reveals">{move || t().by_link_reveals()}</p>
            <div class="actions">
                <button class="primary big" on:click=move |_| state.screen.set(Screen::Game)>
                    {move || t().by_link_open_game()}
                </button>
            </div>
        </section>
    }
}

/// On the board of a game by link: who this device plays (asked once), a
/// fork to look at, and the link to send to the player to move.
#[component]
fn TurnPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    address_is_link(state, Screen::Game);
    move || {
        let game = state.by_link.get()?;
        // A live game says who is connected instead (live::LivePanel).
        if live::gate::active(state) {
            return None;
        }
        let t = state.t();
        let (names, to_move, over, turns) = state.session.with(|s| {
            let s = s.as_ref()?;
            Some((
                s.record.players.clone(),
                s.game.current_player().index(),
                s.game.is_over(),
                s.record.turns.len(),
            ))
        })?;
        // A guest's copy of a live game (no deal number: the host has it).
        let copy = state
            .session
            .with(|s| s.as_ref().is_some_and(|s| s.record.seed.is_none()));
        if copy {
            return Some(
                view! {
                    <section class="panel by-link" aria-label=t.by_link_play_by_link()>
                        <p>{t.live_room_guest_copy()}</p>
                    </section>
                }
                .into_any(),
            );
        }
        let ask = game.me.is_none().then(|| who_are_you(state, &names));
        let fork = game
            .fork
            .map(|(continuity, record)| fork_view(state, continuity, record));
        let go_live = (!over && game.me.is_some()).then(|| {
            view! {
                <button class="go-live" on:click=move |_| live::part::go_live(state)>{t.live_play_live()}</button>
            }
        });
        let send = (over || game.me.is_some_and(|me| me != to_move)).then(|| {
            let text = if over {
                t.by_link_send_final().to_string()
            } else {
                t.by_link_send_to(&names[to_move])
            };
            let mark = state.session.with(|s| {
                s.as_ref().map(|s| {
                    LinkGame {
                        id: game.id,
                        record: s.record.clone(),
                    }
                    .mark()
                })
            });
            view! {
                <p>{text}</p>
                <p class="muted mark">{t.by_link_mark(turns, mark.unwrap_or_default())}</p>
                {current_link(state).map(|url| link_share(state, url, false))}
            }
        });
        Some(
            view! {
                <section class="panel by-link" aria-label=t.by_link_play_by_link()>
                    {ask}
                    {fork}
                    {send}
                    {go_live}
                </section>
            }
            .into_any(),
        )
    }
}

/// "Which player are you?": one button per seat.
fn who_are_you(state: AppState, names: &[String]) -> impl IntoView {
    let t = state.t();
    let buttons = names
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let choose = move |_| {
                state.mode.update(|m| {
                    if let Some(b) = m.by_link_mut() {
                        b.me = Some(seat);
                    }
                });
            };
            view! { <button on:click=choose>{t.by_link_i_am(name)}</button> }
        })
        .collect_view();
    view! {
        <p>{t.by_link_who_are_you()}</p>
        <div class="actions">{buttons}</div>
    }
}

/// A link that continued the game differently: said, and its version can be
/// watched; the game here stays as it is.
fn fork_view(state: AppState, continuity: Continuity, record: GameRecord) -> impl IntoView {
    let t = state.t();
    let text = match continuity {
        Continuity::Fork { common, have, link } => t.by_link_fork(common, have, link),
        _ => t.by_link_fork(0, 0, record.turns.len()),
    };
    // (Drawn on the board, which opens a replay whole.)
    let open = use_context::<OpenReplay>();
    let watch = move |_| {
        let end = record.turns.len();
        match open {
            Some(OpenReplay(open)) => open.run((record.clone(), Vec::new(), end)),
            None => state.open_replay(record.clone(), Vec::new(), end),
        }
    };
    view! {
        <p class="fork" role="alert">{text}</p>
        <button on:click=watch>{t.by_link_see_link_version()}</button>
    }
}

/// The games by link on this device: players, turn, who is to move; open
/// one, or delete it after a question. Places that cannot be read are
/// listed with the reason, to download or discard.
#[component]
fn LinkGames() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        state.saves_changed.track();
        let shelf = by_link::shelf();
        let t = state.t();
        let list = (!shelf.games.is_empty()).then(|| {
            let rows = shelf
                .games
                .into_iter()
                .map(|kept| link_game_row(state, kept));
            view! {
                <section class="panel resume link-games">
                    <h2>{t.by_link_list_title()}</h2>
                    <ul class="saved-games">{rows.collect_view()}</ul>
                </section>
            }
        });
        let warnings = shelf
            .unreadable
            .into_iter()
            .map(|save| {
                let key = save.key.clone();
                let on_discard = Callback::new(move |()| crate::services::saving::deleted(state, by_link::delete(&key)));
                view! { <UnreadableSave save file_name="majesty-unreadable-link-game.json" on_discard/> }
            })
            .collect_view();
        view! { {list} {warnings} }
    }
}

/// One game by link: who plays, the turn reached and who is to move.
fn link_game_row(state: AppState, kept: Kept) -> impl IntoView {
    let record = &kept.save.record;
    let total = record.players.len() * 12;
    let players = record.players.join(", ");
    let turn = (record.turns.len() + 1).min(total);
    let me = kept.save.me;
    let game = record.replay().ok();
    let to_move = game
        .as_ref()
        .filter(|g| !g.is_over())
        .map(|g| g.current_player().index());
    let mover = to_move.map(|seat| record.players[seat].clone());
    let who = move || {
        let t = state.t();
        match (to_move, &mover) {
            (Some(seat), _) if Some(seat) == me => t.by_link_your_turn().to_string(),
            (Some(_), Some(name)) => t.to_play(name),
            _ => t.by_link_finished().to_string(),
        }
    };
    let about = format!("link-game-{}", kept.key.replace('.', "-"));
    let kept = StoredValue::new(kept);
    let open = Callback::new(move |()| {
        let kept = kept.get_value();
        let Some(id) = kept.save.game().map(|g| g.id) else {
            return;
        };
        match Session::from_record(kept.save.record.clone(), Vec::new()) {
            Ok(session) => show(
                state,
                session,
                ByLink {
                    id,
                    key: Some(kept.key),
                    me: kept.save.me,
                    fork: None,
                },
            ),
            Err(e) => state.notice.set(Some(state.t().cannot_open_record(&e))),
        }
    });
    let delete = Callback::new(move |()| {
        crate::services::saving::deleted(state, by_link::delete(&kept.get_value().key))
    });
    view! {
        <li class="saved-game link-game">
            <div class="saved-about" id=about.clone()>
                <p>{move || state.t().saved_game_summary(&players, turn, total)}</p>
                <p class="who-moves"><strong>{who}</strong></p>
            </div>
            <KeptGameActions open_label=|t: Catalog| t.by_link_open() on_open=open on_delete=delete about/>
        </li>
    }
}
