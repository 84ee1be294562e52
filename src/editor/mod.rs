//! The scenario editor (`?editor=1`): set up any position — players, sides,
//! deck, every realm, Infirmary and display card, meeples, points and who
//! moves next — checked live by the rules (`Position::validate`, ruling 16),
//! then exported as a link, an embed snippet or a record file, or played.

mod export;
pub mod part;
mod table;

use leptos::prelude::*;
use majesty_rules::card::COMPOSITION;
use majesty_rules::{
    Card, DeckVariant, Game, GameConfig, GameRecord, Position, PositionError, RecordError, Rest,
    Seat, Side, Sides,
};

use crate::model::session::random_seed;
use crate::play::board::art::LocationEmblem;
use crate::state::{AppState, Screen};

/// The rest of the deck under the display.
#[derive(Clone, Debug, PartialEq, Eq)]
enum RestChoice {
    /// The box's cards not on the table, shuffled from a seed.
    Shuffled(u64),
    /// A given order, top first (a recorded game's or a scenario's deck).
    Given(Vec<Card>),
}

/// Everything being edited.
#[derive(Clone, Copy)]
struct Editor {
    names: RwSignal<Vec<String>>,
    config: RwSignal<GameConfig>,
    position: RwSignal<Position>,
    rest: RwSignal<RestChoice>,
    /// The card chosen in the palette, to put somewhere.
    chosen: RwSignal<Option<Card>>,
}

impl Editor {
    fn new(state: AppState) -> Editor {
        let t = state.t_now();
        let editor = Editor {
            names: RwSignal::new((0..2).map(|s| t.default_player_name(s)).collect()),
            config: RwSignal::new(GameConfig::new(2).expect("2 players")),
            position: RwSignal::new(Position::empty(2)),
            rest: RwSignal::new(RestChoice::Shuffled(random_seed())),
            chosen: RwSignal::new(None),
        };
        editor.deal();
        editor
    }

    /// The record of the position (reactive): the engine's own text of it.
    fn record(&self) -> GameRecord {
        let config = self.config.get();
        let position = self.position.get();
        let mut record = GameRecord::from_position(self.names.get(), &config, position, 0);
        match self.rest.get() {
            RestChoice::Shuffled(seed) => record.seed = Some(seed),
            RestChoice::Given(cards) => {
                record.seed = None;
                record.cards = Some(cards);
            }
        }
        record
    }

    /// Why the position cannot occur (reactive); empty when it can.
    fn errors(&self) -> Vec<PositionError> {
        let config = self.config.get();
        let rest = self.rest.get();
        let rest = match &rest {
            RestChoice::Shuffled(seed) => Rest::Shuffled(*seed),
            RestChoice::Given(cards) => Rest::Given(cards),
        };
        self.position
            .with(|p| p.validate(&config, rest).err().unwrap_or_default())
    }

    /// A new display dealt from the box (the realms stay), the rest shuffled.
    fn deal(&self) {
        let seed = random_seed();
        let config = self.config.get_untracked();
        let dealt = config.with_first_player(Seat::default()).ok();
        if let Some(game) = dealt.and_then(|config| Game::new(config, seed).ok()) {
            let display = Position::of(&game).display;
            self.position.update(|p| {
                p.display = display;
                p.display_meeples.clear();
            });
        }
        self.rest.set(RestChoice::Shuffled(seed));
    }

    /// Sets the number of players: seats are added empty or taken away.
    fn set_players(&self, players: usize, t: crate::i18n::Catalog) {
        let Ok(config) = GameConfig::new(players) else {
            return;
        };
        let old = self.config.get_untracked();
        self.config
            .set(config.with_sides(old.sides()).with_deck(old.deck()));
        self.names.update(|names| {
            names.truncate(players);
            while names.len() < players {
                names.push(t.default_player_name(names.len()));
            }
        });
        self.position.update(|p| {
            p.seats.resize(players, Default::default());
            if let Some(last) = config.seats().last() {
                p.to_move = p.to_move.min(last);
            }
        });
    }

    /// Opens `record` for editing: its start position when it has one and
    /// no turns (even one that cannot occur, to put right), else the
    /// position after its last turn with the rest of its deck as it lies.
    fn load(&self, record: &GameRecord) -> Result<(), RecordError> {
        record.check_version()?;
        let config = record.config()?;
        let (position, rest) = match (&record.start, record.turns.is_empty()) {
            (Some(start), true) => {
                let rest = match (&record.cards, record.seed) {
                    (Some(cards), _) => RestChoice::Given(cards.clone()),
                    (None, Some(seed)) => RestChoice::Shuffled(seed),
                    (None, None) => return Err(RecordError::NoDeck),
                };
                (start.clone(), rest)
            }
            _ => {
                let game = record.replay()?;
                (
                    Position::of(&game),
                    RestChoice::Given(Position::rest_of(&game)),
                )
            }
        };
        if position.seats.len() != config.players() {
            return Err(RecordError::Position(vec![PositionError::SeatCount {
                seats: position.seats.len(),
                players: config.players(),
            }]));
        }
        self.config.set(config);
        self.names.set(record.players.clone());
        self.position.set(position);
        self.rest.set(rest);
        self.chosen.set(None);
        Ok(())
    }
}

/// Opens the editor, with `record`'s position if given.
pub fn open_editor(state: AppState, record: Option<GameRecord>) {
    state.edit.set(record);
    state.screen.set(Screen::Editor);
}

/// The editor screen.
#[component]
pub fn EditorScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let editor = Editor::new(state);
    // Links and records pasted into the editor are read with the record
    // reader, fetched in idle time: an editor's link would not wait for it.
    crate::parts::prefetch_reader();
    // A link's or a replay's game, once.
    if let Some(record) = state.edit.get_untracked() {
        state.edit.set(None);
        if let Err(e) = editor.load(&record) {
            state.notice.set(Some(state.t_now().cannot_open_record(&e)));
        }
    }
    provide_context(editor);
    let record_text = Memo::new(move |_| editor.record().to_json());
    let errors = Memo::new(move |_| editor.errors());
    // The address keeps a valid position, so a reload opens it again.
    Effect::new(move |_| {
        let text = record_text.get();
        if errors.with(Vec::is_empty) && !state.embed {
            let value = crate::model::link::base64url_encode(text.as_bytes());
            crate::browser::replace_address(&format!("?editor=1#record={value}"));
        }
    });
    let turn = move || {
        let turn = editor.position.with(Position::turn);
        let total = editor.config.with(GameConfig::total_turns);
        state.t().editor_turn(turn + 1, total)
    };
    let valid = Signal::derive(move || errors.with(Vec::is_empty));
    // The editor's texts are plain: a new language draws it anew (what is
    // edited lives in `editor`).
    let body = move || {
        let t = state.t();
        view! {
            <h1>{t.editor_title()}</h1>
            <p class="lead">{t.editor_lead()}</p>
            <SetupBar/>
            <Palette/>
            <div class="editor-main">
                <Problems errors/>
                <div class="editor-table">
                    <p class="editor-turn">{turn}</p>
                    <table::DisplayRow errors/>
                    <table::Seats errors/>
                </div>
                <aside class="editor-side">
                    <export::Export record_text valid/>
                    <export::Import/>
                </aside>
            </div>
        }
        .into_any()
    };
    view! {
        <section class="panel editor" data-record=record_text data-valid=move || valid.get().to_string()>
            {body}
        </section>
    }
    .into_any()
}

/// Players, sides and deck.
#[component]
fn SetupBar() -> impl IntoView {
    let state = expect_context::<AppState>();
    let editor = expect_context::<Editor>();
    let t = state.t_now();
    let players = move || editor.config.with(|c| c.players());
    let sides = move || editor.config.with(|c| c.sides());
    let deck = move || editor.config.with(|c| c.deck());
    let set_sides = move |s: Sides| editor.config.update(|c| *c = c.with_sides(s));
    let set_deck = move |d: DeckVariant| editor.config.update(|c| *c = c.with_deck(d));
    let player_buttons = (2..=4)
        .map(|n| {
            view! {
                <button type="button" aria-pressed=move || (players() == n).to_string()
                    on:click=move |_| editor.set_players(n, state.t_now())>{t.n_players(n)}</button>
            }
        })
        .collect_view();
    let location_buttons = majesty_rules::Location::ALL
        .into_iter()
        .map(|l| {
            let flip = move |_| {
                let mut s = sides();
                s.0[l.index()] = match s.of(l) {
                    Side::A => Side::B,
                    Side::B => Side::A,
                };
                set_sides(s);
            };
            view! {
                <button type="button" class="side-toggle" on:click=flip
                    aria-label=move || format!("{}: {}", t.location(l), t.side(sides().of(l)))>
                    <LocationEmblem location=l/>
                    <span aria-hidden="true">{move || match sides().of(l) { Side::A => "A", Side::B => "B" }}</span>
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="editor-setup">
            <fieldset>
                <legend>{t.players_legend()}</legend>
                <div class="choices">{player_buttons}</div>
            </fieldset>
            <fieldset>
                <legend>{t.location_cards()}</legend>
                <div class="choices">
                    <button type="button" aria-pressed=move || (sides() == Sides::ALL_A).to_string()
                        on:click=move |_| set_sides(Sides::ALL_A)>{t.all_side_a()}</button>
                    <button type="button" aria-pressed=move || (sides() == Sides::ALL_B).to_string()
                        on:click=move |_| set_sides(Sides::ALL_B)>{t.all_side_b()}</button>
                    {location_buttons}
                </div>
            </fieldset>
            <fieldset>
                <legend>{t.editor_deck()}</legend>
                <div class="choices">
                    <button type="button" aria-pressed=move || (deck() == DeckVariant::Standard).to_string()
                        on:click=move |_| set_deck(DeckVariant::Standard)>{t.editor_standard_deck()}</button>
                    <button type="button" aria-pressed=move || (deck() == DeckVariant::Full).to_string()
                        on:click=move |_| set_deck(DeckVariant::Full)>{t.editor_full_deck()}</button>
                    <button type="button" on:click=move |_| editor.deal()>{t.editor_new_deal()}</button>
                    <button type="button" on:click=move |_| {
                        let players = editor.config.get_untracked().players();
                        editor.position.set(Position::empty(players));
                        editor.rest.set(RestChoice::Shuffled(random_seed()));
                    }>{t.editor_clear()}</button>
                </div>
            </fieldset>
        </div>
    }
    .into_any()
}

/// Every card of the box, to choose one and put it on the table.
#[component]
fn Palette() -> impl IntoView {
    let state = expect_context::<AppState>();
    let editor = expect_context::<Editor>();
    let t = state.t_now();
    let cards = COMPOSITION
        .iter()
        .map(|&(card, t1, t2)| {
            let left = move || {
                let on_table = editor.position.with(|p| p.table().filter(|&c| c == card).count());
                i64::from(t1 + t2) - on_table as i64
            };
            let pressed = move || (editor.chosen.get() == Some(card)).to_string();
            view! {
                <button type="button" class="palette-card" aria-pressed=pressed data-card=card.to_string()
                    class:none-left=move || left() <= 0
                    on:click=move |_| editor.chosen.update(|c| *c = if *c == Some(card) { None } else { Some(card) })
                    aria-label=move || format!("{} ({})", t.card(card), t.editor_left(left()))>
                    <span class="mini"><crate::play::board::CardFace card/></span>
                    <span class="left" aria-hidden="true">{left}</span>
                </button>
            }
        })
        .collect_view();
    let chosen = move || match editor.chosen.get() {
        Some(card) => t.editor_chosen(t.card(card)),
        None => t.editor_no_card().to_string(),
    };
    view! {
        <fieldset class="palette">
            <legend>{t.editor_cards()}</legend>
            <p class="hint">{t.editor_cards_hint()}</p>
            <div class="palette-cards">{cards}</div>
            <p class="chosen" role="status">{chosen}</p>
        </fieldset>
    }
    .into_any()
}

/// What is wrong with the position, live.
#[component]
fn Problems(errors: Memo<Vec<PositionError>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let editor = expect_context::<Editor>();
    let list = move || {
        let t = state.t();
        let names = editor.names.get();
        let name = |seat: usize| {
            names
                .get(seat)
                .cloned()
                .unwrap_or_else(|| t.seat(seat, false))
        };
        errors
            .get()
            .iter()
            .map(|e| view! { <li>{t.position_error(e, &name)}</li> })
            .collect_view()
    };
    view! {
        <div class="problems" role="status" aria-live="polite">
            {move || if errors.with(Vec::is_empty) {
                view! { <p class="valid">"✓ "{state.t().editor_valid()}</p> }.into_any()
            } else {
                view! {
                    <p class="error">{state.t().editor_problems(errors.with(Vec::len))}</p>
                    <ul class="problem-list">{list}</ul>
                }.into_any()
            }}
        </div>
    }
    .into_any()
}
