//! Hot-seat: between two people's turns, the table is covered until the
//! next player says they are ready (a setting of this device, chosen in
//! setup), so nobody sees another's Infirmary by accident.

use leptos::prelude::*;

use crate::parts::{piece, Lazy};
use crate::state::AppState;

piece! {
    /// The cover, a part of the page of its own: only a device set to be
    /// passed fetches it, as its board comes up.
    COVER = pass_device::pass_device("pass-device", screen: false) => view! { <PassDevice/> }
}

/// The cover where this device is passed between people (read once, as
/// the board comes up: chosen in setup, before the game).
pub fn cover() -> Option<impl IntoView> {
    crate::model::prefs::pass_device().then(|| view! { <Lazy piece=COVER/> })
}

#[component]
fn PassDevice() -> impl IntoView {
    let state = expect_context::<AppState>();
    // The turn number the cover was lifted for.
    let ready_for = RwSignal::new(None::<usize>);
    let cover = move || {
        if state.replay.with(Option::is_some) || state.by_link.with(Option::is_some) {
            return None;
        }
        state.session.with(|s| {
            let s = s.as_ref()?;
            let game = &s.game;
            let people = s.seats.iter().filter(|l| l.is_none()).count();
            let seat = game.current_player().index();
            let last_person = s
                .log
                .iter()
                .rev()
                .find(|e| s.seats[e.seat.index()].is_none())
                .map(|e| e.seat.index());
            let turn = game.turn_number();
            let changes_hands = last_person.is_some_and(|p| p != seat);
            (people > 1
                && !game.is_over()
                && s.bot_to_move().is_none()
                && changes_hands
                && ready_for.get() != Some(turn))
            .then(|| (s.name(seat).to_string(), seat, turn))
        })
    };
    move || {
        cover().map(|(name, seat, turn)| {
            let t = state.t();
            view! {
                <div class="pass-device" role="dialog" aria-modal="true" aria-labelledby="pass-title">
                    <div class="pass-box">
                        <span class=format!("seat-dot seat-{seat}") aria-hidden="true"></span>
                        <h2 id="pass-title">{t.pass_device_title(&name)}</h2>
                        <button class="primary big" autofocus on:click=move |_| {
                            ready_for.set(Some(turn));
                            super::keys::focus_soon(".display .card.legal");
                        }>
                            {t.pass_device_ready(&name)}
                        </button>
                    </div>
                </div>
            }
        })
    }
}
