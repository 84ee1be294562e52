//! What the players see of a live game: the host's invitations (a link and
//! QR code per seat, a box for the answers), the guest's answer, the
//! STUN/TURN servers, and the panel on the board (who is connected,
//! invitations again for those who dropped).

use leptos::prelude::*;

use super::meeting::Relays;
use super::protocol::Message;
use super::{Live, SeatLink, Status};
use crate::i18n::Catalog;
use crate::remote::share::link_share;
use crate::state::{AppState, Screen};

/// The screen of a live game being set up: the host's or the guest's.
#[component]
pub fn LiveScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    // Drawn again only when who this device is changes: each part follows
    // the connections itself, so a seat connecting keeps what the person
    // is typing and the settings open.
    let role = Memo::new(|_| super::view().map(|live| (live.host, live.seat)));
    move || match role.get() {
        Some((true, _)) => host_view(state).into_any(),
        Some((false, seat)) => guest_view(state, seat).into_any(),
        None => view! { <p>{state.t().live_none()}</p> }.into_any(),
    }
}

/// The host: one link for every seat (met on relays); the invitations by
/// hand when no relay answers (or a game live by invitations).
fn host_view(state: AppState) -> impl IntoView {
    let t = move || state.t();
    let single = untrack(super::view).is_some_and(|l| l.links.len() == 1);
    let room = Memo::new(move |_| super::view().and_then(|l| l.room));
    let by_hand = move || room.get().is_none_or(|r| r.by_hand);
    let shared = move || {
        let room = room.get()?;
        // The link only while some relay may carry it.
        let link = (room.relays != Relays::Silent).then(|| {
            view! {
                <p>{state.t().live_room_host_hint()}</p>
                {link_share(state, room.link.clone(), true)}
            }
        });
        Some(view! {
            {link}
            <p class="live-relays" role="status" data-relays=relays_name(room.relays)>
                {relays_text(state.t(), room.relays, true)}
            </p>
        })
    };
    view! {
        <section class="panel live live-host">
            <h1>{move || if by_hand() { t().live_host_title() } else { t().live_room_host_title() }}</h1>
            {shared}
            {move || by_hand().then(|| view! { <p>{t().live_host_hint()}</p> })}
            {seat_list(state, single, false)}
            {move || by_hand().then(|| answer_form(state))}
            {move || (!by_hand()).then(|| view! {
                <p><button class="by-hand" on:click=move |_| super::meeting::by_hand(state)>{t().live_room_by_hand()}</button></p>
            })}
            <p class="hint reveals">{move || t().live_reveals()}</p>
            {settings(state)}
            <div class="actions">
                <button class="primary big" on:click=move |_| state.screen.set(Screen::Game)>
                    {move || t().live_open_table()}
                </button>
            </div>
        </section>
    }
}

fn relays_name(relays: Relays) -> &'static str {
    match relays {
        Relays::Trying => "trying",
        Relays::Answered => "answered",
        Relays::Silent => "silent",
    }
}

fn relays_text(t: Catalog, relays: Relays, host: bool) -> String {
    match (relays, host) {
        (Relays::Trying, _) => t.live_room_trying().into(),
        (Relays::Answered, _) => t.live_room_answered().into(),
        (Relays::Silent, true) => t.live_room_silent().into(),
        (Relays::Silent, false) => t.live_room_guest_silent().into(),
    }
}

/// The connection's settings: the relays, the STUN/TURN servers.
fn settings(state: AppState) -> impl IntoView {
    view! {
        <details class="live-servers">
            <summary>{move || state.t().live_room_settings_title()}</summary>
            {relays_form(state)}
            {servers_form(state)}
        </details>
    }
}

/// One of the connection's settings: its words, what this device keeps,
/// and how a new text is kept (or which entry of it is refused).
struct Setting {
    title: Option<fn(Catalog) -> &'static str>,
    hint: fn(Catalog) -> &'static str,
    label: fn(Catalog) -> &'static str,
    save: fn(Catalog) -> &'static str,
    saved: fn(Catalog) -> &'static str,
    bad: fn(Catalog, String) -> String,
    kept: String,
    keep: fn(&str) -> Result<(), String>,
    /// A list of addresses a line each (the relays), or one line.
    lines: bool,
    placeholder: &'static str,
}

/// The relays this device uses (the shipped list until changed).
fn relays_form(state: AppState) -> impl IntoView {
    let shipped = super::room::DEFAULT_RELAYS.join(" ");
    setting_form(
        state,
        Setting {
            title: None,
            hint: |t| t.live_room_relays_hint(),
            label: |t| t.live_room_relays_label(),
            save: |t| t.live_room_relays_save(),
            saved: |t| t.live_room_relays_saved(),
            bad: |t, entry| t.live_room_relays_bad(entry),
            kept: super::meeting::saved_relays().unwrap_or(shipped),
            keep: super::meeting::save_relays,
            lines: true,
            placeholder: "",
        },
    )
}

/// The STUN/TURN servers of this device (two public STUN by default).
fn servers_form(state: AppState) -> impl IntoView {
    setting_form(
        state,
        Setting {
            title: Some(|t| t.live_servers_title()),
            hint: |t| t.live_servers_hint(),
            label: |t| t.live_servers_label(),
            save: |t| t.live_servers_save(),
            saved: |t| t.live_servers_saved(),
            bad: |t, entry| t.live_servers_bad(entry),
            kept: super::saved_servers(),
            keep: super::save_servers,
            lines: false,
            placeholder: "stun:stun.example.org:3478",
        },
    )
}

/// A setting's form: its words, its field, Save, and whether it was kept.
fn setting_form(state: AppState, setting: Setting) -> impl IntoView {
    let t = move || state.t();
    let text = RwSignal::new(setting.kept);
    let message = RwSignal::new(None::<Result<(), String>>);
    let keep = setting.keep;
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        message.set(Some(keep(&text.get_untracked())));
    };
    let input = move |ev| text.set(event_target_value(&ev));
    let field = if setting.lines {
        view! {
            <textarea rows="3" autocomplete="off" spellcheck="false"
                prop:value=move || text.get() on:input=input></textarea>
        }
        .into_any()
    } else {
        view! {
            <input type="text" autocomplete="off" spellcheck="false" placeholder=setting.placeholder
                prop:value=move || text.get() on:input=input/>
        }
        .into_any()
    };
    let Setting {
        title,
        hint,
        label,
        saved,
        bad,
        ..
    } = setting;
    let save_label = setting.save;
    view! {
        {title.map(|title| view! { <h2 class="live-servers-title">{move || title(t())}</h2> })}
        <p class="hint">{move || hint(t())}</p>
        <form on:submit=save>
            <label>{move || label(t())} {field}</label>
            <button type="submit">{move || save_label(t())}</button>
        </form>
        {move || message.get().map(|m| match m {
            Ok(()) => view! { <p role="status">{saved(t())}</p> }.into_any(),
            Err(entry) => view! { <p class="error" role="alert">{bad(t(), entry)}</p> }.into_any(),
        })}
    }
}

/// Every guest seat: its name, how its connection stands, and its
/// invitation while it is not connected.
fn seat_list(state: AppState, qr_open: bool, waiting_only: bool) -> impl IntoView {
    let links = Memo::new(move |_| {
        let mut links = super::view().map(|l| l.links).unwrap_or_default();
        links.retain(|l| !waiting_only || l.status != Status::Connected);
        links
    });
    let rows = move || {
        links
            .get()
            .into_iter()
            .map(|link| seat_row(state, link, qr_open))
            .collect_view()
    };
    view! { <ul class="live-seats">{rows}</ul> }
}

fn seat_row(state: AppState, link: SeatLink, qr_open: bool) -> impl IntoView {
    let t = state.t_now();
    let seat = link.seat;
    let name = super::name_of(state, seat);
    // An invitation by hand is for a seat; in a room, the seat is who
    // takes it.
    let by_hand = super::view().and_then(|l| l.room).is_none_or(|r| r.by_hand);
    let label = if by_hand {
        t.live_invite_for(&name)
    } else {
        name.clone()
    };
    let body = match &link.status {
        Status::Ready(url) => Some(link_share(state, url.clone(), qr_open).into_any()),
        Status::Lost | Status::Left | Status::Interrupted | Status::Failed(_) => Some(
            view! {
                <button on:click=move |_| super::invite(state, seat)>{t.live_invite_again()}</button>
            }
            .into_any(),
        ),
        _ => None,
    };
    view! {
        <li class="live-seat" data-seat=seat.to_string() data-status=status_name(&link.status)>
            <p>
                <span class=format!("seat-label seat-{seat}")>{label}</span>
                " "
                <span class="live-status">{status_text(t, &link.status)}</span>
            </p>
            {body}
        </li>
    }
}

/// The box where the host pastes a guest's answer.
fn answer_form(state: AppState) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let take = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match super::take_answer(state, &text.get_untracked()) {
            Ok(_) => {
                text.set(String::new());
                error.set(None);
            }
            Err(problem) => {
                let t = state.t_now();
                error.set(Some(t.live_cannot_open(super::signal_problem(t, &problem))));
            }
        }
    };
    view! {
        <form class="live-answer" on:submit=take>
            <label>
                {move || state.t().live_answer_label()}
                <input type="text" class="answer-field" autocomplete="off" spellcheck="false"
                    prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev))/>
            </label>
            <button type="submit" class="primary">{move || state.t().live_connect()}</button>
            {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
        </form>
    }
}

/// The guest: how joining the room goes, or its answer to pass back to
/// the host (a game live by invitations).
fn guest_view(state: AppState, seat: usize) -> impl IntoView {
    let t = move || state.t();
    let status = Memo::new(move |_| {
        super::view()
            .and_then(|l| l.links.first().map(|l| l.status.clone()))
            .unwrap_or(Status::Preparing)
    });
    let room = Memo::new(move |_| super::view().and_then(|l| l.room));
    let body = move || {
        let t = state.t();
        let room_text = room.get().map(|r| match (r.full, r.relays, status.get()) {
            (true, _, _) => t.live_room_full().into(),
            (_, Relays::Answered, Status::Connecting) => t.live_room_guest_connecting().into(),
            (_, Relays::Answered, Status::Reconnecting | Status::Lost) => {
                t.live_room_guest_connecting().into()
            }
            (_, Relays::Answered, _) => t.live_room_guest_waiting().into(),
            (_, relays, _) => relays_text(t, relays, false),
        });
        match (room_text, status.get()) {
            (Some(text), _) => view! {
                <p class="live-status" role="status">{text}</p>
            }
            .into_any(),
            (None, Status::Ready(url)) => view! {
                <p>{t.live_guest_hint()}</p>
                {link_share(state, url, true)}
            }
            .into_any(),
            (None, other) => view! {
                <p class="live-status" role="status">{guest_status_text(t, &other)}</p>
            }
            .into_any(),
        }
    };
    let invited = move || {
        room.with(Option::is_none)
            .then(|| view! { <p>{t().live_invited_to_seat(seat + 1)}</p> })
    };
    view! {
        <section class="panel live live-guest">
            <h1>{move || t().live_guest_title()}</h1>
            {invited}
            {body}
            <p class="hint reveals">{move || t().live_reveals()}</p>
            {settings(state)}
        </section>
    }
}

/// On the board of a live game: who is connected, and what to do when
/// someone is not. It also lends the live game the board's way of playing
/// a turn, so that others' turns appear with the usual moves.
#[component]
pub fn LivePanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        let live = super::view().filter(|_| super::active(state))?;
        Some(if live.host {
            host_panel(state, live)
        } else {
            guest_panel(state, live)
        })
    }
}

/// A chip: a seat (0-based), how it stands (`data-status`), in words.
type Chip = (usize, &'static str, String);

/// The panel, for the host and the guests alike (one view: every view
/// costs the page code): a status line, the seats' chips, and the host's
/// invitations while someone is missing.
fn panel(
    t: Catalog,
    status: Option<&'static str>,
    text: Option<String>,
    chips: Vec<Chip>,
    setup: Option<AnyView>,
) -> AnyView {
    let chips = chips
        .into_iter()
        .map(|(seat, status, text)| {
            view! { <li class=format!("seat-label seat-{seat}") data-status=status>{text}</li> }
        })
        .collect_view();
    view! {
        <section class="panel live-panel" aria-label=t.live_play_live() data-status=status>
            {text.map(|text| view! { <p class="live-status" role="status">{text}</p> })}
            <ul class="live-chips">{chips}</ul>
            {setup}
        </section>
    }
    .into_any()
}

/// A guest's panel: its link to the host, and who else is not at the table.
fn guest_panel(state: AppState, live: Live) -> AnyView {
    let t = state.t();
    let status = live.links.first().map(|l| l.status.clone());
    let host = super::name_of(state, live.host_seat());
    let text = match &status {
        Some(
            s @ (Status::Connected
            | Status::Interrupted
            | Status::Lost
            | Status::Left
            | Status::Reconnecting),
        ) => super::guest_host_text(t, &host, s.presence(), &live),
        Some(other) => guest_status_text(t, other),
        None => String::new(),
    };
    let mut chips = Vec::new();
    if let (Some(Status::Connected), Some(Message::Table { away, left, .. })) =
        (&status, &live.table)
    {
        for &seat in away {
            chips.push((
                seat,
                "away",
                t.live_gone_seat_away(super::name_of(state, seat)),
            ));
        }
        for &seat in left {
            chips.push((
                seat,
                "left",
                t.live_gone_seat_left(super::name_of(state, seat)),
            ));
        }
    }
    panel(t, status.as_ref().map(status_name), Some(text), chips, None)
}

fn host_panel(state: AppState, live: Live) -> AnyView {
    let t = state.t();
    let all_connected = live.links.iter().all(|l| l.status == Status::Connected);
    let chips = live
        .links
        .iter()
        .map(|l| {
            let name = super::name_of(state, l.seat);
            let text = format!("{name}: {}", status_text(t, &l.status));
            (l.seat, status_name(&l.status), text)
        })
        .collect();
    let gone = live
        .links
        .iter()
        .any(|l| matches!(l.status, Status::Lost | Status::Left | Status::Failed(_)));
    let by_hand = live.room.as_ref().is_none_or(|r| r.by_hand);
    let setup = match &live.room {
        // Met on relays: the one link, while a seat is free.
        Some(room) if !by_hand => live
            .links
            .iter()
            .any(|l| l.status == Status::Waiting)
            .then(|| link_share(state, room.link.clone(), false).into_any()),
        _ => (!all_connected).then(|| {
            view! {
                {gone.then(|| view! { <p class="hint">{t.live_gone_way_back()}</p> })}
                {seat_list(state, false, true)}
                {answer_form(state)}
            }
            .into_any()
        }),
    };
    panel(t, None, None, chips, setup)
}

fn status_name(status: &Status) -> &'static str {
    match status {
        Status::Waiting => "waiting",
        Status::Reconnecting => "reconnecting",
        Status::Preparing => "preparing",
        Status::Ready(_) => "ready",
        Status::Connecting => "connecting",
        Status::Connected => "connected",
        Status::Interrupted => "interrupted",
        Status::Lost => "lost",
        Status::Left => "left",
        Status::Failed(_) => "failed",
    }
}

fn status_text(t: Catalog, status: &Status) -> String {
    match status {
        Status::Waiting => t.live_room_status_waiting().into(),
        Status::Reconnecting => t.live_room_status_reconnecting().into(),
        Status::Preparing => t.live_status_preparing().into(),
        Status::Ready(_) => t.live_status_ready().into(),
        Status::Connecting => t.live_status_connecting().into(),
        Status::Connected => t.live_status_connected().into(),
        Status::Interrupted => t.live_gone_status_interrupted().into(),
        Status::Lost => t.live_status_lost().into(),
        Status::Left => t.live_gone_status_left().into(),
        Status::Failed(reason) => t.live_status_failed(reason),
    }
}

fn guest_status_text(t: Catalog, status: &Status) -> String {
    match status {
        Status::Preparing => t.live_guest_preparing().into(),
        Status::Lost => t.live_lost_host().into(),
        other => status_text(t, other),
    }
}
