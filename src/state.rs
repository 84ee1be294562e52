//! What every screen shares, as signals: the screen shown, the game in
//! progress or the replay being watched, the language and the messages for
//! the player. Screens read and change them; what acts on them besides
//! (saving the game, other tabs, fetching a language) is `services`.

use std::sync::Arc;

use leptos::prelude::*;
use majesty_ai::bots::Level;
use majesty_ai::puzzles::Puzzle;
use majesty_content::scenarios::Scenario;
use majesty_rules::annotation::Note;
use majesty_rules::{GameRecord, Sides, Turn};

use crate::i18n::problem::Problem;
use crate::i18n::{texts, Catalog, Lang};
use crate::model::by_link::ByLink;
use crate::model::embed::{Host, Mark};
use crate::model::latest::Latest;
use crate::model::lesson::Lesson;
use crate::model::session::Session;
use crate::model::storage::{self, Availability};

pub use crate::model::place::Seating;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    /// A link's game or replay is being opened.
    Opening,
    /// The new game's setup, for a game at this table, by link or live.
    Setup(Seating),
    Game,
    /// The host's invitation to a game by link (src/remote/).
    Invitation,
    /// The list of rules, each a live scenario (`?rules=1`).
    Rules,
    /// The scenario editor (`?editor=1`, src/editor/).
    Editor,
    /// The puzzles (`?puzzle=1`, src/play/puzzles/).
    Puzzles,
    /// A live game being set up: the host's invitations or a guest's
    /// answer (src/remote/live/).
    Live,
    /// The player's statistics and rating (`?stats=1`).
    Statistics,
}

impl Screen {
    /// Its name, as an embedding page hears it (`screen` events).
    pub fn code(&self) -> &'static str {
        match self {
            Screen::Home => "home",
            Screen::Opening => "opening",
            Screen::Setup(_) => "setup",
            Screen::Game => "game",
            Screen::Invitation => "invitation",
            Screen::Rules => "rules",
            Screen::Editor => "editor",
            Screen::Puzzles => "puzzles",
            Screen::Live => "live",
            Screen::Statistics => "statistics",
        }
    }
}

/// A recorded game being watched step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub record: GameRecord,
    pub seats: Vec<Option<Level>>,
    /// Turns shown (0: the deal).
    pub step: usize,
    /// A costly turn the expert's review opened: shown as a note at its
    /// step (never written into the record).
    pub pointed: Option<Pointed>,
}

impl Replay {
    /// What the review points at, when it is the position shown.
    pub fn pointed_here(&self) -> Option<&Pointed> {
        self.pointed.as_ref().filter(|p| p.step == self.step)
    }
}

/// How the board opens a replay, drawn whole (`play::open_replay`): for
/// what it shows from a layer under `play` (play by link's panel).
#[derive(Clone, Copy)]
pub struct OpenReplay(pub Callback<(GameRecord, Vec<Option<Level>>, usize)>);

/// What the review points at: the position before a costly turn, the
/// note that marks the turn played and the better one, and that turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pointed {
    pub step: usize,
    pub note: Note,
    pub better: Turn,
}

/// A position set on the table to be solved: the person plays one turn
/// there, the other seats wait, and nothing is saved.
#[derive(Clone, Debug)]
pub enum Exercise {
    /// A rule's scenario (`?rules=<id>`, src/play/rules.rs).
    Rule(&'static Scenario),
    /// A puzzle (`?puzzle=<id>`, src/play/puzzles/).
    Puzzle(Arc<Puzzle>),
}

impl Exercise {
    pub fn is_rule(&self) -> bool {
        matches!(self, Exercise::Rule(_))
    }
}

/// The same exercise: the same scenario, or the same puzzle.
impl PartialEq for Exercise {
    fn eq(&self, other: &Exercise) -> bool {
        match (self, other) {
            (Exercise::Rule(a), Exercise::Rule(b)) => a.id == b.id,
            (Exercise::Puzzle(a), Exercise::Puzzle(b)) => a == b,
            _ => false,
        }
    }
}

/// What kind of game is on the table, with what only that kind needs:
/// one at a time, so that a replay and a lesson, say, cannot both be open.
#[derive(Clone, PartialEq)]
pub enum Mode {
    /// A game played here, kept in `slot` from its first save.
    Own { slot: Option<String> },
    /// A recorded game being watched: the board shows it read-only.
    Replay(Replay),
    /// A position to solve: never saved, and the other seats wait.
    Exercise(Exercise),
    /// The guided first game (`?tutorial=1`): never saved; the computer
    /// plays the script's replies.
    Lesson(Lesson),
    /// A game by link or live: this device's seat in it, and where it is
    /// kept (model/src/by_link.rs).
    ByLink(ByLink),
}

impl Default for Mode {
    fn default() -> Mode {
        Mode::Own { slot: None }
    }
}

impl Mode {
    /// Whether a finished game of this kind counts in the statistics and
    /// the rating: a game played here or by link, never a guided game, a
    /// replay or a position set to be solved.
    pub fn counts_in_statistics(&self) -> bool {
        matches!(self, Mode::Own { .. } | Mode::ByLink(_))
    }

    pub fn slot(&self) -> Option<&String> {
        match self {
            Mode::Own { slot } => slot.as_ref(),
            _ => None,
        }
    }

    pub fn replay(&self) -> Option<&Replay> {
        match self {
            Mode::Replay(r) => Some(r),
            _ => None,
        }
    }

    pub fn replay_mut(&mut self) -> Option<&mut Replay> {
        match self {
            Mode::Replay(r) => Some(r),
            _ => None,
        }
    }

    pub fn exercise(&self) -> Option<&Exercise> {
        match self {
            Mode::Exercise(e) => Some(e),
            _ => None,
        }
    }

    pub fn lesson(&self) -> Option<&Lesson> {
        match self {
            Mode::Lesson(l) => Some(l),
            _ => None,
        }
    }

    pub fn lesson_mut(&mut self) -> Option<&mut Lesson> {
        match self {
            Mode::Lesson(l) => Some(l),
            _ => None,
        }
    }

    pub fn by_link(&self) -> Option<&ByLink> {
        match self {
            Mode::ByLink(b) => Some(b),
            _ => None,
        }
    }

    pub fn by_link_mut(&mut self) -> Option<&mut ByLink> {
        match self {
            Mode::ByLink(b) => Some(b),
            _ => None,
        }
    }
}

/// State shared by every screen.
#[derive(Clone, Copy)]
pub struct AppState {
    pub screen: RwSignal<Screen>,
    pub session: RwSignal<Option<Session>>,
    /// What kind of game `session` is. The five fields after it read it,
    /// each telling its readers only when its own part changes.
    pub mode: RwSignal<Mode>,
    /// The replay being watched, if any: the board shows `session`
    /// read-only.
    pub replay: Memo<Option<Replay>>,
    /// The rule's scenario or puzzle on the table, if any.
    pub exercise: Memo<Option<Exercise>>,
    /// The guided first game being played, if any.
    pub lesson: Memo<Option<Lesson>>,
    /// The game by link or live being played, if any.
    pub by_link: Memo<Option<ByLink>>,
    /// Where the game played here is saved (None until its first save).
    pub slot: Memo<Option<String>>,
    /// How many games were put on the table: a panel drawn for one can
    /// tell whether it is still there.
    laid: StoredValue<u64>,
    /// The sides the next setup starts with, once (the guided game of side
    /// B leads to a game on side B); otherwise side A everywhere.
    pub setup_sides: StoredValue<Option<Sides>>,
    /// Inside another site's page (`embed=1`): compact, never saves.
    pub embed: bool,
    /// The embedding page (`parentOrigin=`, `embedApi=`), if any.
    pub host: StoredValue<Host>,
    /// What the embedding page points at on the table.
    pub mark: RwSignal<Option<Mark>>,
    pub lang: RwSignal<Lang>,
    /// Whether games can be saved here: when not, the game plays unsaved
    /// and the page says why.
    pub storage: RwSignal<Availability>,
    /// A message for the player (a failed save, another tab...).
    pub notice: RwSignal<Option<String>>,
    /// Changes whenever a save is written or removed, here or in another
    /// tab: the home screen's list of games follows it.
    pub saves_changed: RwSignal<u32>,
    /// The game the scenario editor opens with (a link's, a replay's).
    pub edit: RwSignal<Option<GameRecord>>,
    /// The language asked for last (and whether to remember it), fetched
    /// one at a time (`services::language`).
    pub languages: StoredValue<Latest<(Lang, bool)>>,
}

/// How a problem is told: handed over by the app (`parts::tell`, as the
/// words are a part of the page of their own, above this layer), in the
/// page's registry (`crate::registry`).
#[derive(Clone, Copy)]
pub struct Teller(pub fn(AppState, Problem));

/// Tells every problem with `teller` from now on (called once by the app).
pub fn tell_with(teller: fn(AppState, Problem)) {
    crate::registry::fill(Teller(teller));
}

impl AppState {
    /// The state of a page opened in `lang`, on the home screen with no
    /// game on the table.
    pub fn new(lang: Lang, embed: bool, host: Host) -> AppState {
        let mode = RwSignal::new(Mode::default());
        AppState {
            screen: RwSignal::new(Screen::Home),
            session: RwSignal::new(None),
            mode,
            replay: Memo::new(move |_| mode.with(|m| m.replay().cloned())),
            exercise: Memo::new(move |_| mode.with(|m| m.exercise().cloned())),
            lesson: Memo::new(move |_| mode.with(|m| m.lesson().cloned())),
            by_link: Memo::new(move |_| mode.with(|m| m.by_link().cloned())),
            slot: Memo::new(move |_| mode.with(|m| m.slot().cloned())),
            laid: StoredValue::new(0),
            setup_sides: StoredValue::new(None),
            embed,
            host: StoredValue::new(host),
            mark: RwSignal::new(None),
            lang: RwSignal::new(lang),
            storage: RwSignal::new(storage::available()),
            notice: RwSignal::new(None),
            saves_changed: RwSignal::new(0),
            edit: RwSignal::new(None),
            languages: StoredValue::new(Latest::default()),
        }
    }

    /// Sets `session` on the table as a game of kind `mode`.
    pub fn put_on_table(&self, mode: Mode, session: Session) {
        self.laid.update_value(|n| *n += 1);
        self.mode.set(mode);
        self.session.set(Some(session));
        self.screen.set(Screen::Game);
    }

    /// The number of the game on the table (see [`AppState::end_lesson`]).
    pub fn laid(&self) -> u64 {
        self.laid.get_value()
    }

    /// Ends the guided game put on the table as number `laid`, if it is
    /// still there (a panel cleaned up after another game, or another
    /// guided game, took its place leaves that one alone).
    pub fn end_lesson(&self, laid: u64) {
        if self.laid() == laid && self.mode.with_untracked(|m| m.lesson().is_some()) {
            self.mode.set(Mode::default());
        }
    }

    /// Takes the scenario or puzzle off the table, if one is there.
    pub fn end_exercise(&self) {
        if self.mode.with_untracked(|m| m.exercise().is_some()) {
            self.mode.set(Mode::default());
        }
    }

    /// The catalogue of the current language (reactive).
    pub fn t(&self) -> Catalog {
        texts(self.lang.get())
    }

    /// Starts playing a new game (from the setup, a link or a replay): it
    /// will be saved in a place of its own, from its first turn on.
    pub fn open(&self, session: Session) {
        self.put_on_table(Mode::default(), session);
    }

    /// Goes on with the game saved in `slot`.
    pub fn resume(&self, slot: String, session: Session) {
        self.put_on_table(Mode::Own { slot: Some(slot) }, session);
    }

    /// Watches `record` from turn `step`.
    pub fn open_replay(&self, record: GameRecord, seats: Vec<Option<Level>>, step: usize) {
        if let Some(left_out) = self.t_now().notes_left_out_all(record.notes.problems()) {
            self.notice.set(Some(left_out));
        }
        self.mode.set(Mode::Replay(Replay {
            record,
            seats,
            step: 0,
            pointed: None,
        }));
        self.replay_to(step);
        self.screen.set(Screen::Game);
    }

    /// Shows the replay after `step` turns.
    pub fn replay_to(&self, step: usize) {
        if let Some(replay) = self.replay_now() {
            self.show_replay(replay, step);
        }
    }

    /// The replay on the table, read from the mode itself (its memo is
    /// read when the page is drawn next).
    fn replay_now(&self) -> Option<Replay> {
        self.mode.with_untracked(|m| m.replay().cloned())
    }

    fn show_replay(&self, mut replay: Replay, step: usize) {
        replay.step = step.min(replay.record.turns.len());
        let mut prefix = replay.record.clone();
        prefix.turns.truncate(replay.step);
        // The notes stay with the replay: a game played on from here has none.
        prefix.notes = Default::default();
        match Session::from_record(prefix, replay.seats.clone()) {
            Ok(session) => {
                self.session.set(Some(session));
                self.mode.set(Mode::Replay(replay));
            }
            Err(e) => self.tell(Problem::CannotOpenRecord(e)),
        }
    }

    /// Shows the position the review points at, with its note.
    pub fn point_at(&self, pointed: Pointed) {
        let Some(mut replay) = self.replay_now() else {
            return;
        };
        let step = pointed.step;
        replay.pointed = Some(pointed);
        self.show_replay(replay, step);
    }

    /// Leaves the replay at the position the review points at and plays
    /// its better turn there; the game goes on from that.
    pub fn play_better(&self) {
        let Some(mut replay) = self.replay_now() else {
            return;
        };
        let Some(pointed) = replay.pointed.take() else {
            return;
        };
        replay.record.turns.truncate(pointed.step);
        replay.record.turns.push(pointed.better);
        self.show_replay(replay, pointed.step + 1);
        self.play_from_here();
    }

    /// Leaves the replay and plays on from the position shown (the rest of
    /// the record is dropped).
    pub fn play_from_here(&self) {
        self.mode.set(Mode::default());
    }

    /// Tells `problem` as the notice, in words, once they are here (see
    /// [`tell_with`]; before the app hands its way over, as in unit tests,
    /// nothing is told).
    pub fn tell(&self, problem: Problem) {
        if let Some(Teller(tell)) = crate::registry::get() {
            tell(*self, problem);
        }
    }

    /// Whether a game is being played here: not a replay being watched, nor
    /// an embedded game (which never saves).
    pub fn playing(&self) -> bool {
        self.screen.get_untracked() == Screen::Game
            && !self.embed
            && self.replay.with_untracked(Option::is_none)
    }

    /// The catalogue of the current language, outside reactive code.
    pub fn t_now(&self) -> Catalog {
        texts(self.lang.get_untracked())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use majesty_content::tutorial::Tutorial;
    use majesty_rules::GameConfig;

    fn state() -> AppState {
        AppState::new(Lang::from_code("en").unwrap(), false, Host::default())
    }

    fn deal() -> Session {
        let names = vec!["Ann".into(), "Bob".into()];
        Session::new(names, vec![None; 2], GameConfig::new(2).unwrap(), 7).unwrap()
    }

    fn lesson() -> Mode {
        Mode::Lesson(Lesson::new(Tutorial::find("a").unwrap()))
    }

    #[test]
    fn a_lesson_opened_over_a_replay_closes_the_replay() {
        let state = state();
        state.open_replay(deal().record, vec![None; 2], 0);
        assert!(state.replay.get_untracked().is_some());
        state.put_on_table(lesson(), deal());
        assert!(state.lesson.get_untracked().is_some());
        assert_eq!(state.replay.get_untracked(), None);
        assert_eq!(state.screen.get_untracked(), Screen::Game);
    }

    #[test]
    fn only_games_played_here_or_by_link_count_in_the_statistics() {
        assert!(Mode::default().counts_in_statistics());
        assert!(Mode::Own {
            slot: Some("majesty.game.1".into())
        }
        .counts_in_statistics());
        let by_link = ByLink {
            id: 1,
            key: None,
            me: Some(0),
            fork: None,
        };
        assert!(Mode::ByLink(by_link).counts_in_statistics());
        // The tutorial is played to its end against a scripted computer.
        assert!(!lesson().counts_in_statistics());
        let replay = Replay {
            record: deal().record,
            seats: vec![None; 2],
            step: 0,
            pointed: None,
        };
        assert!(!Mode::Replay(replay).counts_in_statistics());
        let rule = majesty_content::scenarios::Scenario::find("heal").unwrap();
        assert!(!Mode::Exercise(Exercise::Rule(rule)).counts_in_statistics());
    }

    #[test]
    fn a_lesson_ends_only_when_it_is_on_the_table() {
        let state = state();
        state.put_on_table(lesson(), deal());
        let first = state.laid();
        state.open_replay(deal().record, vec![None; 2], 0);
        // The guided game's bubble, cleaned up after the replay opened.
        state.end_lesson(first);
        assert!(state.replay.get_untracked().is_some());
        state.put_on_table(lesson(), deal());
        state.end_lesson(state.laid());
        assert!(state.mode.get_untracked() == Mode::default());
    }

    #[test]
    fn a_guided_game_that_replaced_another_outlives_the_first_ones_panel() {
        let state = state();
        state.put_on_table(lesson(), deal());
        let first = state.laid();
        // The same guided game opened again (an embedding page's command).
        state.put_on_table(lesson(), deal());
        state.end_lesson(first);
        assert!(state.lesson.get_untracked().is_some());
    }

    #[test]
    fn an_exercise_ends_only_when_it_is_on_the_table() {
        let state = state();
        let scenario = majesty_content::scenarios::SCENARIOS.first().unwrap();
        state.put_on_table(Mode::Exercise(Exercise::Rule(scenario)), deal());
        assert_eq!(
            state.exercise.get_untracked(),
            Some(Exercise::Rule(scenario))
        );
        state.put_on_table(lesson(), deal());
        state.end_exercise();
        assert!(state.lesson.get_untracked().is_some());
        state.put_on_table(Mode::Exercise(Exercise::Rule(scenario)), deal());
        state.end_exercise();
        assert_eq!(state.exercise.get_untracked(), None);
    }

    #[test]
    fn playing_on_from_a_replay_is_a_game_of_ones_own_not_yet_saved() {
        let state = state();
        state.open_replay(played(1), vec![None; 2], 1);
        assert_eq!(state.replay.get_untracked().map(|r| r.step), Some(1));
        state.play_from_here();
        assert_eq!(state.replay.get_untracked(), None);
        assert_eq!(state.slot.get_untracked(), None);
        assert!(state.playing());
        assert_eq!(
            state
                .session
                .with_untracked(|s| s.as_ref().map(|s| s.record.turns.len())),
            Some(1)
        );
    }

    /// A record of `turns` turns of the deal, played by the first legal
    /// turn each time.
    fn played(turns: usize) -> GameRecord {
        let mut session = deal();
        for _ in 0..turns {
            let turn = session.game.legal_turns()[0];
            session.play(turn).unwrap();
        }
        session.record
    }

    #[test]
    fn the_review_points_at_a_turn_with_its_note_and_plays_the_better_one() {
        let state = state();
        let record = played(4);
        state.open_replay(record.clone(), vec![None; 2], 4);
        // As the page does when it draws the replay.
        assert_eq!(state.replay.get_untracked().map(|r| r.step), Some(4));
        let better = deal().game.legal_turns()[1];
        state.point_at(Pointed {
            step: 0,
            note: Note::default(),
            better,
        });
        let replay = state.replay.get_untracked().unwrap();
        assert_eq!(replay.step, 0);
        assert_eq!(replay.pointed_here().map(|p| p.better), Some(better));
        state.play_better();
        assert_eq!(state.replay.get_untracked(), None);
        let turns = state
            .session
            .with_untracked(|s| s.as_ref().unwrap().record.turns.clone());
        assert_eq!(turns, vec![better]);
    }

    #[test]
    fn a_resumed_game_is_kept_where_it_was_found() {
        let state = state();
        state.put_on_table(lesson(), deal());
        state.resume("majesty-save-3".into(), deal());
        assert_eq!(
            state.slot.get_untracked().as_deref(),
            Some("majesty-save-3")
        );
        assert!(state.lesson.get_untracked().is_none());
    }
}
