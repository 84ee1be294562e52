//! Small parts of the page that several screens share: the Copy button of
//! every link and code the app gives out, the Open and Delete buttons of a
//! kept game (delete after a question), the panel of a save that cannot
//! be read, and the link and embed code of a rule's scenario or a puzzle.

use leptos::html::Input;
use leptos::prelude::*;

use crate::i18n::problem::{words, Problem};
use crate::i18n::Catalog;
use crate::model::link::json_download_url;
use crate::model::storage::Unreadable;
use crate::state::AppState;

/// Copy, for the text of `field`: it says when it is done; where the browser
/// refuses, the field's text is selected for copying by hand.
#[component]
pub fn CopyButton(
    text: String,
    field: NodeRef<Input>,
    #[prop(optional)] primary: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let copied = RwSignal::new(false);
    let copy = move |_| {
        let text = text.clone();
        let input = field.get_untracked();
        leptos::task::spawn_local(async move {
            copied.set(crate::browser::copy_or_select(&text, input.as_ref()).await);
        });
    };
    view! {
        <button type="button" class="copy-link" class:primary=primary on:click=copy>
            {move || if copied.get() { state.t().copied() } else { state.t().copy() }}
        </button>
    }
}

/// A kept game's buttons: open it (`open_label`), or delete it once the
/// person has said yes. `about` is the id of the text that names the game.
#[component]
pub fn KeptGameActions(
    open_label: fn(Catalog) -> &'static str,
    on_open: Callback<()>,
    on_delete: Callback<()>,
    about: String,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let asking = RwSignal::new(false);
    move || {
        let t = state.t();
        if asking.get() {
            view! {
                <div class="actions ask" role="group" aria-describedby=about.clone()>
                    <span>{t.delete_game_question()}</span>
                    <button class="danger" on:click=move |_| on_delete.run(())>{t.delete_game()}</button>
                    <button on:click=move |_| asking.set(false)>{t.cancel()}</button>
                </div>
            }
            .into_any()
        } else {
            view! {
                <div class="actions">
                    <button class="primary" aria-describedby=about.clone() on:click=move |_| on_open.run(())>
                        {open_label(t)}
                    </button>
                    <button aria-describedby=about.clone() on:click=move |_| asking.set(true)>{t.delete_game()}</button>
                </div>
            }
            .into_any()
        }
    }
}

/// A save that cannot be opened, kept where it is: why, and the person's
/// choice to download it (as `file_name`) or discard it.
#[component]
pub fn UnreadableSave(
    save: Unreadable,
    file_name: &'static str,
    on_discard: Callback<()>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let url = json_download_url(&save.text);
    let reason = save.reason;
    // Why, in the page's language, once the words are here (their part).
    let why = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        let (lang, reason) = (state.lang.get(), reason.clone());
        leptos::task::spawn_local(async move {
            if let Ok(told) = words(lang, Problem::Unreadable(reason)).await {
                // (Dropped if the list was drawn again meanwhile.)
                let _ = why.try_set(Some(told));
            }
        });
    });
    view! {
        <section class="panel warning" role="alert">
            <h2>{move || state.t().unreadable_title()}</h2>
            <p>{move || why.get()}</p>
            <a class="button" href=url download=file_name>{move || state.t().download_it()}</a>
            " "
            <button on:click=move |_| on_discard.run(())>{move || state.t().discard_it()}</button>
        </section>
    }
}

/// "Link and embed" under a position set to be solved (a rule's scenario, a
/// puzzle): its link, `?<query>` on this page, and the code that embeds it
/// in another site.
#[component]
pub fn ShareExercise(query: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let page = crate::browser::page_address();
    let link = format!("{page}?{query}");
    let (script, frame) = crate::model::link::embed_snippets(&page, &format!("?{query}"));
    view! {
        <details class="scenario-share">
            <summary>{move || state.t().rules_share()}</summary>
            <label>{move || state.t().rules_link()}" "<input readonly value=link/></label>
            <label>{move || state.t().rules_embed()}" "
                <textarea readonly rows="2" class="embed-snippet" prop:value=script></textarea></label>
            <label>{move || state.t().embed_frame()}" "
                <input readonly class="embed-frame" value=frame/></label>
        </details>
    }
}
