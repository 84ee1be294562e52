//! Play by link's split points: its screens, its panel on the board, the
//! list of games by link on the home screen, and the actions that start or
//! open a game by link, in a part of the page of their own (src/parts/).

use leptos::prelude::*;

use crate::model::session::Session;
use crate::parts::{piece, split, SplitLoaderError};
use crate::state::{AppState, Screen};

piece! {
    /// The host's invitation.
    pub INVITATION = by_link::invitation("invitation", screen: true) => view! { <super::Invitation/> }
}

piece! {
    /// The panel on the board that passes the next link on.
    pub TURN_PANEL = by_link::turn_panel("turn-panel", screen: false) => view! { <super::TurnPanel/> }
}

piece! {
    /// The games by link kept in this browser, on the home screen.
    pub LINK_GAMES = by_link::link_games("link-games", screen: false) => view! { <super::LinkGames/> }
}

/// Starts a game by link from the setup.
pub fn invite(state: AppState, session: Session) {
    crate::parts::run(state, "by-link", move || {
        Box::pin(invite_part(state, session.clone()))
    });
}

/// Opens the game of the page's `#play=` link (its value).
pub fn open_game_link(state: AppState, game: String) {
    crate::parts::run(state, "by-link", move || {
        Box::pin(open_part(state, game.clone()))
    });
}

split! { by_link =>
    fn invite_part(state: AppState, session: Session) -> Result<(), SplitLoaderError> {
        super::invite(state, session);
        Ok(())
    }
}

split! { by_link =>
    fn open_part(state: AppState, game: String) -> Result<(), SplitLoaderError> {
        super::open_game_link(state, &game);
        // A link that opens nothing leaves the home screen.
        if state.screen.get_untracked() == Screen::Opening {
            state.screen.set(Screen::Home);
        }
        Ok(())
    }
}
