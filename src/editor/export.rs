//! The position out of the editor (a link to play, a link to edit, an
//! embed snippet, a record file, or a game played from it) and back in (a
//! pasted link or record, a record file).

use leptos::prelude::*;
use majesty_rules::{GameConfig, GameRecord, RecordError};

use super::Editor;
use crate::model::link::{base64url_encode, decode_record, json_download_url, Link, LinkProblem};
use crate::model::reader::{self, read_record};
use crate::model::session::Session;
use crate::state::AppState;

/// Links, snippet, file and "Play from here"; only for a valid position.
#[component]
pub fn Export(record_text: Memo<String>, valid: Signal<bool>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = state.t_now();
    let fragment = move || format!("record={}", base64url_encode(record_text.get().as_bytes()));
    let base = crate::browser::page_address();
    let play_link = {
        let base = base.clone();
        move || format!("{base}#{}", fragment())
    };
    let snippets = {
        let base = base.clone();
        Memo::new(move |_| crate::model::link::embed_snippets(&base, &format!("#{}", fragment())))
    };
    let edit_link = move || format!("{base}?editor=1#{}", fragment());

    let editor = expect_context::<Editor>();
    let play = move |_| match Session::from_record(untrack(|| editor.record()), Vec::new()) {
        Ok(session) => state.open(session),
        Err(e) => state.notice.set(Some(state.t_now().cannot_open_record(&e))),
    };
    view! {
        <section class="editor-export">
            <h2>{t.editor_export()}</h2>
            <Show when=move || valid.get()
                fallback=move || view! { <p class="hint">{t.editor_export_blocked()}</p> }>
                <div class="actions">
                    <button type="button" class="primary play-here" on:click=play>{t.editor_play()}</button>
                    <a class="button download-record" href=move || json_download_url(&record_text.get())
                        download="majesty-scenario.json">{t.editor_download()}</a>
                </div>
                <label class="export-field">{t.editor_play_link()}
                    <input type="text" readonly class="play-link" prop:value=play_link.clone()/></label>
                <label class="export-field">{t.editor_edit_link()}
                    <input type="text" readonly class="edit-link" prop:value=edit_link.clone()/></label>
                <label class="export-field">{t.editor_embed()}
                    <textarea readonly rows="2" class="embed-snippet" prop:value=move || snippets.get().0></textarea></label>
                <label class="export-field">{t.embed_frame()}
                    <input type="text" readonly class="embed-frame" prop:value=move || snippets.get().1/></label>
            </Show>
        </section>
    }
    .into_any()
}

/// Why a pasted text or a file cannot be opened.
enum ImportProblem {
    Record(RecordError),
    Link(Vec<LinkProblem>),
    Nothing,
}

/// The game record in a pasted text: a record, or a link carrying one (or
/// a deal).
fn record_of(text: &str, t: crate::i18n::Catalog) -> Result<GameRecord, ImportProblem> {
    let text = text.trim();
    if text.starts_with('{') {
        return read_record(text).map_err(ImportProblem::Record);
    }
    let (before, fragment) = text.split_once('#').unwrap_or((text, ""));
    let query = before.split_once('?').map_or("", |(_, q)| q);
    let link = Link::parse(query, fragment);
    if !link.problems.is_empty() {
        return Err(ImportProblem::Link(link.problems));
    }
    if let Some(value) = &link.record {
        return match decode_record(value, crate::model::records()) {
            Ok(record) => Ok(record),
            // A start that cannot occur still opens, to be put right.
            Err(LinkProblem::Record(RecordError::Position(_))) => {
                let bytes = crate::model::link::base64url_decode(value).unwrap_or_default();
                read_record(&String::from_utf8_lossy(&bytes)).map_err(ImportProblem::Record)
            }
            Err(problem) => Err(ImportProblem::Link(vec![problem])),
        };
    }
    let Some(seed) = link.seed else {
        return Err(ImportProblem::Nothing);
    };
    let names: Vec<String> = match &link.players {
        Some(players) => players.iter().map(|(n, _)| n.clone()).collect(),
        None => (0..2).map(|s| t.default_player_name(s)).collect(),
    };
    let config = GameConfig::new(names.len())
        .map_err(|_| ImportProblem::Nothing)?
        .with_sides(link.sides.unwrap_or_default())
        .with_deck(link.deck.unwrap_or_default());
    Ok(GameRecord::new(names, &config, seed))
}

/// Paste a link or a record, or choose a record file.
#[component]
pub fn Import() -> impl IntoView {
    let state = expect_context::<AppState>();
    let editor = expect_context::<Editor>();
    let t = state.t_now();
    let text = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let show = move |input: &str| {
        let t = state.t_now();
        let result =
            record_of(input, t).and_then(|r| editor.load(&r).map_err(ImportProblem::Record));
        problem.set(result.err().map(|p| {
            let reason = match p {
                ImportProblem::Record(e) => t.record_error(&e),
                ImportProblem::Link(problems) => problems
                    .iter()
                    .map(|p| t.link_problem(p))
                    .collect::<Vec<_>>()
                    .join("; "),
                ImportProblem::Nothing => t.editor_import_nothing().to_string(),
            };
            t.editor_import_failed(reason)
        }));
    };
    // Once the record reader is here (the editor's part does not hold it);
    // if it cannot be fetched, a notice offers Retry.
    let open_text = move |input: String| {
        crate::parts::run_beside("reader", move || {
            let input = input.clone();
            Box::pin(async move {
                reader::load().await?;
                show(&input);
                Ok(())
            })
        });
    };
    let open_file = move |ev: leptos::ev::Event| {
        crate::browser::read_chosen_record(&ev, move |read| match read {
            Ok(content) => open_text(content),
            Err(e) => {
                let t = state.t_now();
                problem.set(Some(t.editor_import_failed(t.record_error(&e))));
            }
        });
    };
    view! {
        <section class="editor-import">
            <h2>{t.editor_import()}</h2>
            <p class="hint">{t.editor_import_hint()}</p>
            <label class="export-field">{t.editor_import_field()}
                <textarea class="import-text" rows="2" prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))></textarea>
            </label>
            <div class="actions">
                <button type="button" class="import-open" on:click=move |_| open_text(text.get_untracked())>
                    {t.editor_import_open()}
                </button>
                <label class="open-record">{t.editor_import_file()}" "
                    <input type="file" class="import-file" accept=".json,application/json" on:change=open_file/>
                </label>
            </div>
            {move || problem.get().map(|p| view! { <p class="error import-problem" role="alert">{p}</p> })}
        </section>
    }
    .into_any()
}
