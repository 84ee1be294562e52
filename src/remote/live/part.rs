//! Play live's split points: its screens, its panel on the board and the
//! actions that start a live game, in a part of the page of their own
//! (src/parts/). Each action makes the part answer the page's questions
//! first ([`gate::open`]); the screen and the panel are only shown after one
//! has.

use leptos::prelude::*;

use super::gate::{self, Hooks};
use crate::model::link::LiveLink;
use crate::model::session::Session;
use crate::parts::{piece, split, SplitLoaderError};
use crate::state::{AppState, Screen};

piece! {
    /// The screen of a live game being set up.
    pub SCREEN = live::screen("live", screen: true) => view! { <super::LiveScreen/> }
}

piece! {
    /// The panel on the board: who is connected.
    pub PANEL = live::panel("live-panel", screen: false) => view! { <super::LivePanel/> }
}

/// Opens the page's `#live=` offer (or passes an `#answer=` on).
pub fn open_link(state: AppState, link: LiveLink) {
    crate::parts::run(state, "live", move || {
        Box::pin(open_link_part(state, link.clone()))
    });
}

/// Starts hosting a new live game from the setup.
pub fn host(state: AppState, session: Session) {
    crate::parts::run(state, "live", move || {
        Box::pin(host_part(state, session.clone()))
    });
}

/// Hosts the game by link being played.
pub fn go_live(state: AppState) {
    crate::parts::run(state, "live", move || Box::pin(go_live_part(state)));
}

fn here() {
    let hooks = Hooks {
        active: super::active,
        hosting: super::hosting,
        forward: super::forward,
        played: super::played,
        waiting: super::waiting,
        take_answer: |state, text| super::take_answer(state, text).is_ok(),
        follow,
        page_hidden: super::page_hidden,
        room_fragment: super::meeting::fragment,
    };
    gate::open(crate::parts::made_at_run_time(hooks), super::make_view);
}

/// Leaves the live game when this device turns to anything but its table
/// or its invitations.
fn follow(screen: Screen, shown: Option<u64>) {
    let live = super::live_id();
    if live.is_some_and(|live| super::leaves(screen, shown, live)) {
        super::quit();
    }
}

split! { live =>
    fn open_link_part(state: AppState, link: LiveLink) -> Result<(), SplitLoaderError> {
        here();
        super::open_link(state, link);
        Ok(())
    }
}

split! { live =>
    fn host_part(state: AppState, session: Session) -> Result<(), SplitLoaderError> {
        here();
        super::host(state, session);
        Ok(())
    }
}

split! { live =>
    fn go_live_part(state: AppState) -> Result<(), SplitLoaderError> {
        here();
        super::go_live(state);
        Ok(())
    }
}
