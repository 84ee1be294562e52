//! The headline of the board: who is to play and which turn it is, what the
//! last turn did (a one-line caption), and how fast the computers play.

use leptos::prelude::*;

use super::Board;
use crate::i18n::describe::headline;
use crate::model::prefs::Pace;
use crate::state::AppState;

#[component]
pub fn Status() -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let session = state.session;
    // A replay, or a rule's scenario (whose other seats never move).
    let watching =
        move || state.replay.with(Option::is_some) || state.exercise.with(Option::is_some);
    // One heading for the whole game, its words following it: a heading
    // drawn again at every turn would lose the focus a new screen gives it.
    let heading = move || {
        let t = state.t();
        session.with(|s| {
            let s = s.as_ref()?;
            let game = &s.game;
            if game.is_over() {
                return Some(view! { <span class="doing">{t.game_over()}</span> }.into_any());
            }
            let seat = game.current_player().index();
            let doing = match s.bot_to_move().filter(|_| !watching()) {
                Some(level) => t.computer_playing(s.name(seat), level),
                None => t.to_play(s.name(seat)),
            };
            Some(view! {
                <span class=format!("seat-dot seat-{seat}") aria-hidden="true"></span>
                <span class="doing">{doing}</span>
                <span class="muted">{t.turn_of(game.turn_number() + 1, game.config().total_turns())}</span>
            }.into_any())
        })
    };
    // What the last turn did, in one line (the log has the details).
    // Always one line high, empty before the first turn.
    let caption = move || {
        let t = state.t();
        session.with(|s| {
            let s = s.as_ref()?;
            let entry = s.log.last()?;
            Some((
                entry.seat,
                entry.number,
                headline(&entry.events, &s.record.players, t),
            ))
        })
    };
    let caption_class = move || match caption() {
        Some((seat, ..)) => format!("caption seat-{seat}"),
        None => "caption empty".to_string(),
    };
    let computers = move || {
        session.with(|s| {
            s.as_ref()
                .is_some_and(|s| s.seats.iter().any(Option::is_some))
        })
    };
    view! {
        <div class="status-bar">
            <h1 class="status" tabindex="-1">{heading}</h1>
            // After the heading, which a new screen focuses: the display
            // is the next stop.
            // (A frame has its own, first of all: src/app.rs.)
            {(!state.embed).then(|| view! {
                <a class="skip-link" href="#display" on:click=skip_to_display>{move || state.t().announce_skip_to_display()}</a>
            })}
            <div class="status-tools">
            <Show when=move || computers() && !watching()>
                <div class="pace">
                    <label>
                        {move || state.t().computer_pace()}
                        " "
                        <select on:change=move |ev| {
                            let pace = Pace::from_code(&event_target_value(&ev));
                            crate::model::prefs::save_pace(pace);
                            board.pace.set(pace);
                        }>
                            {Pace::ALL.into_iter().map(|p| view! {
                                <option value=p.code() selected=move || board.pace.get() == p>
                                    {move || state.t().pace_name(p)}
                                </option>
                            }).collect_view()}
                        </select>
                    </label>
                    <button class="skip" disabled=move || !board.computer_moving.get() || board.skipping.get()
                        on:click=move |_| board.skipping.set(true)>
                        {move || state.t().skip_computers()}
                    </button>
                </div>
            </Show>
            <Show when=move || !watching()>
                <super::keys::KeyHelp/>
            </Show>
            </div>
            <p class=caption_class aria-hidden="true">
                {move || caption().map(|(_, number, text)| view! {
                    <span class="caption-turn">{number}</span>{text}
                })}
            </p>
        </div>
    }
}

/// The skip link: the focus on the display's first card the person can
/// take (or the display), without the address changing.
pub fn skip_to_display(event: leptos::ev::MouseEvent) {
    event.prevent_default();
    if !super::keys::focus_now(".display .card.legal") {
        super::keys::focus_now(".display");
    }
}
