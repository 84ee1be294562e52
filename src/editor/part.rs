//! The editor's split point: the editor is a part of the page of its own,
//! fetched when it is opened (src/parts/).

use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

use crate::parts::{Draw, Piece, SplitLoaderError};

/// The editor screen.
pub const SCREEN: Piece = Piece {
    name: "editor",
    screen: true,
    fetch: || Box::pin(screen()),
};

#[wasm_split(editor, wasm_split_path = ::leptos::wasm_split, fallible)]
fn screen() -> Result<Draw, SplitLoaderError> {
    Ok(|| view! { <super::EditorScreen/> }.into_any())
}
