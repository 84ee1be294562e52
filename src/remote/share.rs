//! A game link to pass on: the field, Copy, the browser's share sheet where
//! it has one, and the QR code.

use leptos::prelude::*;

use super::qr::qr_view;
use crate::state::AppState;
use crate::widgets::CopyButton;

/// The link `url`, to copy, share or scan (the QR code shown at once, or
/// behind a button).
pub fn link_share(state: AppState, url: String, qr_open: bool) -> impl IntoView {
    let t = move || state.t();
    let show_qr = RwSignal::new(qr_open);
    let field = NodeRef::<leptos::html::Input>::new();
    let share = {
        let url = url.clone();
        move |_| share_link(&url)
    };
    let qr_url = url.clone();
    let share_button = can_share().then(|| {
        view! { <button type="button" on:click=share>{move || t().by_link_share()}</button> }
    });
    view! {
        <div class="link-share">
            <input type="text" readonly class="game-link" prop:value=url.clone() node_ref=field
                aria-label=move || t().by_link_play_by_link()/>
            <div class="actions">
                <CopyButton text=url field primary=true/>
                {share_button}
                <button type="button" class:hidden=move || show_qr.get() on:click=move |_| show_qr.set(true)>
                    {move || t().by_link_show_qr()}
                </button>
            </div>
            {move || show_qr.get().then(|| qr_view(&qr_url, t().by_link_qr_label().to_string()))}
        </div>
    }
}

/// Whether the browser has a share sheet (`navigator.share`).
fn can_share() -> bool {
    crate::browser::window().is_some_and(|w| {
        js_sys::Reflect::has(&w.navigator(), &wasm_bindgen::JsValue::from_str("share"))
            .unwrap_or(false)
    })
}

/// Opens the browser's share sheet with the link (a refusal or a cancel
/// leaves the link in its field, to copy).
fn share_link(url: &str) {
    let Some(window) = crate::browser::window() else {
        return;
    };
    let data = web_sys::ShareData::new();
    data.set_url(url);
    let promise = window.navigator().share_with_data(&data);
    leptos::task::spawn_local(async move {
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    });
}
