//! The editor's split point: the editor is a part of the page of its own,
//! fetched when it is opened (src/parts/).

use leptos::prelude::*;

use crate::parts::piece;

piece! {
    /// The editor screen.
    pub SCREEN = editor::screen("editor", screen: true) => view! { <super::EditorScreen/> }
}
