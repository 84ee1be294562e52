//! What the page opens with: the link's game, replay or scenario, a game
//! record file, the language at start, and the embedding page's commands
//! (`host`, a part of the page of its own).

pub mod history;
pub mod host;

use leptos::prelude::*;
use majesty_ai::bots::Level;
use majesty_rules::{GameConfig, GameRecord};

use crate::browser;
use crate::i18n::problem::Problem;
use crate::i18n::Lang;
use crate::model::embed;
use crate::model::link::{decode_record, Link, LinkProblem, Route};
use crate::model::reader;
use crate::model::session::{random_seed, Session};
use crate::model::storage;
use crate::state::{AppState, Screen};

/// In a frame, a new `#deal=` or `#record=` (an embedding page switching
/// scenarios) starts afresh from the new link. (Elsewhere a fragment
/// followed or typed fires `popstate` first, and `history` opens it.)
pub fn reload_on_new_fragment(state: AppState) {
    if browser::window().is_none() || !state.embed {
        return;
    }
    let _ = window_event_listener(leptos::ev::hashchange, move |_| {
        if let Some(w) = browser::window() {
            let _ = w.location().reload();
        }
    });
}

/// The page's address now: its query and its fragment (empty outside a
/// browser).
pub fn address_parts() -> (String, String) {
    browser::window()
        .map(|w| {
            let l = w.location();
            (l.search().unwrap_or_default(), l.hash().unwrap_or_default())
        })
        .unwrap_or_default()
}

/// The link the page was opened with.
pub fn current_link() -> Link {
    let (search, hash) = address_parts();
    Link::parse(&search, &hash)
}

/// Whether the page reads a game record as it starts: the link carries one,
/// or this browser keeps games (the home screen lists them, a reload goes
/// on with one). The record reader is then fetched before the first paint.
pub fn reads_records(link: &Link) -> bool {
    let keeps_games = || {
        storage::local().is_some_and(|store| {
            storage::any_saved_in(&store) || crate::model::by_link::any_kept_in(&store)
        })
    };
    link.record.is_some() || keeps_games()
}

/// Whether a plain visit will most likely go on with the one game this
/// browser keeps rather than show the home screen, told by the places'
/// keys alone (`start_from_link` reads the game itself): the home screen's
/// part is then not fetched before the first paint.
pub fn likely_goes_on() -> bool {
    browser::opened_afresh()
        && storage::local().is_some_and(|store| storage::one_game_kept_in(&store))
}

/// The record reader, fetched before the first paint when this browser
/// keeps games (`main`), could not be: its games are not listed (nor
/// written over) until it is here. A notice says so and offers Retry; the
/// lists are drawn again once it is here.
fn read_kept_games(state: AppState) {
    crate::parts::run_beside("reader", move || {
        Box::pin(async move {
            reader::load().await?;
            state.saves_changed.update(|n| *n += 1);
            Ok(())
        })
    });
}

/// Runs `act` once the record reader is here: "Loading…" while it is
/// fetched, a notice with Retry if it cannot be.
fn with_reader(state: AppState, act: impl Fn() + 'static) {
    let act = std::rc::Rc::new(act);
    crate::parts::run(state, "reader", move || {
        let act = act.clone();
        Box::pin(async move {
            reader::load().await?;
            act();
            Ok(())
        })
    });
}

/// The part of the page the link opens on, if any: fetched before the
/// first paint (`main`), so that the page opens on its screen rather than on
/// "Loading…" followed by a jump.
pub fn first_part(link: &Link) -> Option<crate::parts::Piece> {
    match link.route() {
        Route::Live(_) => Some(crate::remote::live::part::SCREEN),
        Route::ByLink(_) => Some(crate::remote::part::TURN_PANEL),
        Route::Rules(_) => Some(crate::play::rules::SCREEN),
        Route::Puzzle(_) => Some(crate::play::puzzles::PANEL),
        Route::Tutorial(_) => Some(crate::play::board::TUTORIAL_BUBBLE),
        Route::Editor => Some(crate::editor::part::SCREEN),
        Route::Replay => Some(crate::play::replay::CONTROLS),
        Route::Setup(_) => Some(crate::play::setup::SCREEN),
        // (The home screen's and the statistics' parts are the shell's:
        // `main` asks for them.)
        Route::Statistics | Route::Kept(_) => None,
        Route::Game | Route::Home => None,
    }
}

/// A part the link's first screen draws besides its own (fetched with
/// it): a record's link opens on the game's end, its
/// final scoring first in the table's column, which would push the table
/// down if it came after it.
pub fn part_beside_first(link: &Link) -> Option<crate::parts::Piece> {
    matches!(link.route(), Route::Replay).then_some(crate::play::final_table::TABLE)
}

/// Opens what the link asks for (just after the first paint, which shows
/// "Loading" rather than the home screen), or says which of its parameters
/// could not be used and opens the one unfinished game, if there is one;
/// in a frame, fetches the embedding page's part, which says "ready" and
/// follows the host's commands.
pub fn start_from_link(state: AppState, link: Link) {
    if link.record.is_none() && !reader::here() && reads_records(&link) {
        read_kept_games(state);
    }
    let route = link.route();
    if matches!(route, Route::Live(_) | Route::ByLink(_)) {
        report_link_problems(state, &link.problems);
    }
    match route {
        Route::Live(_) if !browser::has_webrtc() => {
            state
                .notice
                .set(Some(state.t_now().live_no_webrtc().into()));
            return;
        }
        Route::Live(live) => return crate::remote::live::part::open_link(state, live),
        Route::ByLink(game) => return crate::remote::part::open_game_link(state, game),
        Route::Setup(seating) => return state.screen.set(Screen::Setup(seating)),
        Route::Statistics => return state.screen.set(Screen::Statistics),
        Route::Kept(id) => {
            state.screen.set(Screen::Opening);
            return with_reader(state, move || history::open_kept(state, &id));
        }
        _ => {}
    }
    let opens = route != Route::Home;
    let framed = browser::framed();
    if opens {
        state.screen.set(Screen::Opening);
    } else {
        report_link_problems(state, &link.problems);
        // A plain visit goes on with the game in progress when there is
        // exactly one; with several, the home screen lists them. (The home
        // screen reloaded, or reached by Back, stays the home screen.)
        if let Some((slot, session)) = storage::only_game().filter(|_| browser::opened_afresh()) {
            state.resume(slot, session);
        }
    }
    // In a frame, the embedding page's part says "ready" once it is here;
    // the game opens meanwhile, and every message about it comes from that
    // part, after "ready". It is fetched once the main module is in, not
    // beside it: the board comes first. (If it cannot be fetched, a notice
    // offers Retry.)
    if framed {
        // (With the record reader: the host's commands may carry records.)
        crate::parts::run_beside("embed", move || {
            Box::pin(async move {
                reader::load().await?;
                host::talk_to_parent(state).await
            })
        });
    }
    if !opens {
        return;
    }
    leptos::task::spawn_local(async move {
        if link.record.is_some() && !reader::here() {
            // (Fetched before the first paint: `main`. If that failed, the
            // link opens once it is here, or a notice offers Retry.)
            with_reader(state, move || open_link(state, link.clone()));
        } else {
            open_link(state, link);
        }
        // (A part still being fetched opens its screen when it is here.)
        if state.screen.get_untracked() == Screen::Opening && !crate::parts::running() {
            state.screen.set(Screen::Home);
        }
    });
}

fn report_link_problems(state: AppState, problems: &[LinkProblem]) {
    if problems.is_empty() {
        return;
    }
    state.tell(Problem::BadLink(problems.to_vec()));
}

/// Opens a recorded game or scenario, a deal, or (in an embedded page) a new
/// game; says which parameters could not be used.
pub fn open_link(state: AppState, link: Link) {
    let mut problems = link.problems.clone();
    let record = match link
        .record
        .as_deref()
        .map(|r| decode_record(r, crate::model::records()))
    {
        Some(Err(problem)) => {
            problems.push(problem);
            None
        }
        Some(Ok(record)) => Some(record),
        None => None,
    };
    report_link_problems(state, &problems);
    match link.route() {
        Route::Rules(rules) => return crate::play::rules::open(state, rules),
        Route::Puzzle(which) => return crate::play::puzzles::open(state, which),
        Route::Tutorial(id) => return crate::play::tutorial::open(state, id),
        Route::Editor => return crate::editor::open_editor(state, record),
        Route::Replay => match record {
            Some(record) => {
                let seats: Vec<Option<Level>> = link
                    .players
                    .as_ref()
                    .map(|p| p.iter().map(|(_, level)| *level).collect())
                    .unwrap_or_default();
                if opens_to_play(&record) {
                    return play_position(state, record, seats);
                }
                let start = first_step(&record, link.turn);
                return crate::play::open_replay(state, record, seats, start);
            }
            // A record that cannot be read: the link's own game, if any.
            None if link.starts_a_game() || link.embed => {}
            None => return,
        },
        Route::Game => {}
        // (Opened before this: `start_from_link`.)
        Route::Home
        | Route::ByLink(_)
        | Route::Live(_)
        | Route::Kept(_)
        | Route::Setup(_)
        | Route::Statistics => return,
    }
    let t = state.t_now();
    let players = link.players.clone().unwrap_or_else(|| {
        vec![
            (t.default_player_name(0), None),
            (t.default_player_name(1), Some(Level::Medium)),
        ]
    });
    let (names, seats): (Vec<String>, Vec<Option<Level>>) = players.into_iter().unzip();
    let count = names.len();
    let config = GameConfig::new(count).map(|c| {
        c.with_sides(link.sides.unwrap_or_default())
            .with_deck(link.deck.unwrap_or_default())
    });
    let seed = link.seed.unwrap_or_else(random_seed);
    match config.map(|c| Session::new(names, seats, c, seed)) {
        // A link's game reloaded goes on from its save (opened afresh, the
        // link deals its game anew, in a place of its own).
        Ok(Ok(session)) if !state.embed && link.seed.is_some() && browser::reloaded() => {
            match storage::same_deal(&session.record) {
                Some((slot, saved)) => state.resume(slot, saved),
                None => state.open(session),
            }
        }
        Ok(Ok(session)) => state.open(session),
        Ok(Err(e)) => state.tell(Problem::CannotOpenRecord(e)),
        Err(_) => state.notice.set(Some(t.player_count(count))),
    }
}

/// Tells the host the height of the page's content whenever it changes
/// (`resize`), for it to make the frame as tall (`autoHeight=1`): the
/// frame then never scrolls inside, and the host's page scrolls as one.
/// (In the main module, from the start: what it writes before the host's
/// part says "ready" waits for it, `model::embed`.)
pub fn tell_height(state: AppState) {
    // The root element, always there (the body may not be yet while the
    // page is still being read): its height is the content's.
    let Some(root) = browser::root_element() else {
        return;
    };
    let measured = root.clone();
    let last = std::cell::Cell::new(0.0);
    let tell = std::rc::Rc::new(move || {
        let height = measured.get_bounding_client_rect().height().ceil();
        if height != last.replace(height) {
            state
                .host
                .get_value()
                .notify("resize", serde_json::json!({ "height": height }));
        }
    });
    // Sizes, and changes to what is drawn: a frame out of the reader's
    // sight is not drawn, and its size watch waits until it is, while the
    // host needs its height to place what follows it.
    let on_change = tell.clone();
    let watches = (
        browser::watch_size(&root, move || tell()),
        browser::watch_changes(&root, move || on_change()),
    );
    // The frame lives as long as the page: the watches are never dropped.
    std::mem::forget(watches);
}

/// Rings what the host points at (scrolled into view when it changes),
/// again after every change of the table, which may draw its elements anew.
pub fn show_marks(state: AppState) {
    Effect::new(move |before: Option<Option<embed::Mark>>| {
        let mark = state.mark.get();
        state.session.track();
        let selector = mark.map(embed::Mark::selector);
        let scroll = before.is_some_and(|b| b != mark);
        request_animation_frame(move || {
            browser::mark_elements("host-mark", selector.as_deref(), scroll)
        });
        mark
    });
}

/// Whether a record's link opens a game to play rather than the replay
/// viewer: a position with no turn to watch and no note to read (a
/// scenario from the editor, a game shared before its first turn).
fn opens_to_play(record: &GameRecord) -> bool {
    record.turns.is_empty() && record.notes.is_empty()
}

/// Opens a position as a game to play (the link's `players=` levels make
/// seats computers). A reload then goes on with this game, as any game
/// does, rather than starting the position again.
fn play_position(state: AppState, record: GameRecord, seats: Vec<Option<Level>>) {
    match Session::from_record(record, seats) {
        Ok(session) => state.open(session),
        Err(e) => state.tell(Problem::CannotOpenRecord(e)),
    }
}

/// Where a replay opens: after the link's `turn=` turns (at most all);
/// else an annotated record at its deal, to be read from its first note
/// on, and any other at its last turn.
fn first_step(record: &GameRecord, turn: Option<usize>) -> usize {
    match turn {
        Some(turn) => turn.min(record.turns.len()),
        None if record.notes.is_empty() => record.turns.len(),
        None => 0,
    }
}

/// Opens a game record file's text in the replay viewer, at its last turn
/// (an annotated one at its deal), once the reader is here.
pub fn open_record(state: AppState, text: String) {
    if reader::here() {
        return open_read_record(state, &text);
    }
    with_reader(state, move || open_read_record(state, &text));
}

fn open_read_record(state: AppState, text: &str) {
    match reader::read_record(text).and_then(|r| r.replay().map(|_| r)) {
        Ok(record) => {
            let start = first_step(&record, None);
            crate::play::open_replay(state, record, Vec::new(), start);
        }
        Err(e) => state.tell(Problem::CannotOpenRecord(e)),
    }
}

/// The language at start: the `lang=` parameter, the saved choice, the
/// browser's languages, else English.
pub fn initial_language() -> Lang {
    let window = browser::window();
    let url = window
        .as_ref()
        .and_then(|w| w.location().search().ok())
        .and_then(|q| web_sys::UrlSearchParams::new_with_str(&q).ok())
        .and_then(|p| p.get("lang"));
    let languages: Vec<String> = window
        .map(|w| {
            w.navigator()
                .languages()
                .iter()
                .filter_map(|l| l.as_string())
                .collect()
        })
        .unwrap_or_default();
    Lang::choose(
        url.as_deref(),
        storage::saved_language().as_deref(),
        &languages,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use majesty_rules::{Character, Turn};

    fn record(turns: usize, noted: bool) -> GameRecord {
        let config = GameConfig::new(2).expect("2 players");
        let mut record = GameRecord::new(vec!["Ann".into(), "Bob".into()], &config, 7);
        let turn = Turn {
            take: 0,
            place: Character::Noble,
            heal: None,
            trade: 0,
        };
        record.turns = vec![turn; turns];
        if noted {
            record.notes =
                serde_json::from_str(r#"{"1": {"text": {"en": "A note."}}}"#).expect("notes");
        }
        record
    }

    /// A replay opens where its link says (`turn=`, at most its end), else
    /// at its end, or at its deal when it is annotated.
    #[test]
    fn a_replay_opens_at_the_links_turn() {
        assert_eq!(first_step(&record(10, false), Some(3)), 3);
        assert_eq!(first_step(&record(10, false), Some(99)), 10);
        assert_eq!(first_step(&record(10, true), Some(4)), 4);
        assert_eq!(first_step(&record(10, false), None), 10);
        assert_eq!(first_step(&record(10, true), None), 0);
    }
}
