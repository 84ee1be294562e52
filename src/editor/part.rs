//! The editor's split point: the editor is a part of the page of its own,
//! fetched when it is opened (src/parts/).

use leptos::prelude::*;

use crate::parts::split;
use crate::parts::{Draw, Piece, SplitLoaderError};

/// The editor screen.
pub const SCREEN: Piece = Piece {
    name: "editor",
    screen: true,
    fetch: || Box::pin(screen()),
};

split! { editor =>
    fn screen() -> Result<Draw, SplitLoaderError> {
        Ok(|| view! { <super::EditorScreen/> }.into_any())
    }
}
