//! Saving and resuming in localStorage, through gloo-storage. Every game
//! has a place of its own, a key `majesty.game.<id>` holding its save (the
//! game record plus a format version, as JSON text); resuming replays it
//! through the engine. A game is only ever saved in its own place: a new
//! game, a link's game or another tab's game never replaces another one.
//! The one save of earlier versions ([`OLD_SAVE_KEY`]) and the copy they
//! set aside ([`OLD_ASIDE_KEY`]) are places like the others, read where they
//! are: nothing is copied or moved, so nothing can be lost on the way. A
//! save that cannot be read stays in its place, offered for download, until
//! the person discards it.

use majesty_ai::bots::Level;
use majesty_rules::GameRecord;
use serde::{Deserialize, Serialize};

use super::shelf::{self, first_free, read_kept, write_error, Kept, Places, SaveError};
use super::{Availability, Fault, Store};
use crate::reader::Reader;
use crate::session::Session;

/// The places of games: this prefix and an id.
pub const GAME_PREFIX: &str = "majesty.game.";
/// The one save of earlier versions.
pub const OLD_SAVE_KEY: &str = "majesty.save";
/// Where earlier versions kept a save they could not open.
pub const OLD_ASIDE_KEY: &str = "majesty.save.unreadable";
/// Current save format.
pub const FORMAT: u32 = 1;

/// Whether `key` is the place of a game.
pub fn is_game_key(key: &str) -> bool {
    key == OLD_SAVE_KEY || key == OLD_ASIDE_KEY || key.starts_with(GAME_PREFIX)
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: u32,
    /// Milliseconds since 1970, when it was saved.
    pub saved_at: u64,
    pub record: GameRecord,
    /// Who plays each seat: null for a person, or a computer level.
    #[serde(default)]
    pub seats: Vec<Option<Level>>,
    /// Whether turns may be taken back.
    #[serde(default = "yes")]
    pub allow_undo: bool,
}

fn yes() -> bool {
    true
}

/// Reads a save's text: the save and the replayed game, or why it cannot be
/// opened.
pub fn parse_save(text: &str, reader: Reader) -> Result<(SaveFile, Session), SaveError> {
    let (value, record) = read_kept(text, FORMAT, reader)?;
    let saved_at = value.get("saved_at").and_then(|s| s.as_u64()).unwrap_or(0);
    let seats: Vec<Option<Level>> = match value.get("seats") {
        Some(seats) => {
            serde_json::from_value(seats.clone()).map_err(|e| SaveError::BadSeats(e.to_string()))?
        }
        None => Vec::new(),
    };
    let allow_undo = value
        .get("allow_undo")
        .and_then(|a| a.as_bool())
        .unwrap_or(true);
    let mut session =
        Session::from_record(record.clone(), seats.clone()).map_err(SaveError::DoesNotReplay)?;
    session.allow_undo = allow_undo;
    Ok((
        SaveFile {
            format: FORMAT,
            saved_at,
            record,
            seats,
            allow_undo,
        },
        session,
    ))
}

/// The save of `session`, as it is stored.
pub fn save_file(session: &Session, saved_at: u64) -> SaveFile {
    SaveFile {
        format: FORMAT,
        saved_at,
        record: session.record.clone(),
        seats: session.seats.clone(),
        allow_undo: session.allow_undo,
    }
}

/// A game saved in its place.
pub type SavedGame = Kept<SaveFile>;

/// Every save the home screen shows: the games (the latest first) and the
/// saves that cannot be opened.
pub type Shelf = shelf::Shelf<SaveFile>;

/// The places of saves, read as saves.
const SAVES: Places<SaveFile> = Places {
    holds: is_game_key,
    read: |text, reader| parse_save(text, reader).map(|(save, _)| save),
    saved_at: |save| save.saved_at,
};

/// Whether `store` holds any save (readable or not).
pub fn any_saved_in(store: &impl Store) -> bool {
    SAVES.any_in(store)
}

/// Every save in `store`, each read where it is.
pub fn shelf_in(store: &impl Store) -> Shelf {
    SAVES.shelf(store)
}

pub fn load_from(store: &impl Store, key: &str) -> Result<Session, SaveError> {
    let text = store
        .text(key)
        .map_err(|_| SaveError::CannotRead)?
        .ok_or(SaveError::Nothing)?;
    parse_save(&text, store.reader()).map(|(_, session)| session)
}

/// Whether two records are the same game (the same set-up and deal),
/// whatever turns each has reached.
pub fn same_game(a: &GameRecord, b: &GameRecord) -> bool {
    let deal = |r: &GameRecord| GameRecord {
        turns: Vec::new(),
        hints_used: false,
        ..r.clone()
    };
    deal(a) == deal(b)
}

/// Whether `key` is free for `record`'s game: empty, or holding a save of
/// that same game.
fn is_place_of(store: &impl Store, key: &str, record: &GameRecord) -> Result<bool, Fault> {
    Ok(match store.text(key)? {
        None => true,
        Some(text) => {
            parse_save(&text, store.reader()).is_ok_and(|(save, _)| same_game(&save.record, record))
        }
    })
}

/// A new place, `majesty.game.<id>` from `id` on, that holds nothing yet.
fn new_place(store: &impl Store, id: u64) -> Result<String, Fault> {
    let ids = std::iter::successors(Some(id), |id| Some(id.wrapping_add(1)));
    first_free(store, ids.map(|id| format!("{GAME_PREFIX}{id:x}")))
}

/// Saves `session` in its place `key`, or in a new place (from `new_id`)
/// when it has none yet, and says where it is now. A place that holds
/// another game, or a save that cannot be read, is never written over: the
/// game moves to a new place instead.
pub fn save_to(
    store: &impl Store,
    key: Option<&str>,
    session: &Session,
    now: u64,
    new_id: u64,
) -> Result<String, SaveError> {
    let cannot_read = |_: Fault| SaveError::CannotRead;
    // A save in the place is read first: never written over unread.
    if key.is_some() && !store.reader().here() {
        return Err(SaveError::CannotRead);
    }
    let own = match key {
        Some(key) if is_place_of(store, key, &session.record).map_err(cannot_read)? => {
            key.to_string()
        }
        _ => new_place(store, new_id).map_err(cannot_read)?,
    };
    store
        .set(&own, &save_file(session, now))
        .map_err(write_error)?;
    Ok(own)
}

/// Whether keeping `session` in `slot` would neither write nor read
/// anything: a game without a place yet, before its first turn or over.
pub fn nothing_to_keep(slot: Option<&str>, session: &Session) -> bool {
    slot.is_none() && (session.record.turns.is_empty() || session.game.is_over())
}

/// Keeps the game being played in its place `slot` (a new place when
/// None) and says where: from its first turn on (a link opened again and
/// again leaves no empty games behind), and no longer once it is over (its
/// save is removed: the list of saves is the list of unfinished games).
/// None when there was nothing to save.
pub fn keep_in(
    store: &impl Store,
    slot: Option<&str>,
    session: &Session,
    now: u64,
    new_id: u64,
) -> Option<Result<String, SaveError>> {
    if nothing_to_keep(slot, session) {
        return None;
    }
    if session.game.is_over() {
        if let Some(key) = slot {
            forget_in(store, key, &session.record);
        }
        return None;
    }
    (slot.is_some() || !session.record.turns.is_empty())
        .then(|| save_to(store, slot, session, now, new_id))
}

/// Removes the save of a finished game from its place, if it is there.
pub fn forget_in(store: &impl Store, key: &str, record: &GameRecord) {
    if matches!(store.text(key), Ok(Some(_))) && is_place_of(store, key, record) == Ok(true) {
        let _ = store.remove(key);
    }
}

/// Removes a save the person deleted or discarded; a browser that
/// refuses keeps it, and the person is told.
pub fn delete_in(store: &impl Store, key: &str) -> Result<(), Fault> {
    if is_game_key(key) {
        store.remove(key)?;
    }
    Ok(())
}

/// Whether storage can be written and read back, and the saves read: a
/// browser that let a new game be written but threw on reading would hide
/// the saves it holds. A store that reads but is full says so: deleting
/// games makes room.
pub fn availability(store: &impl Store) -> Availability {
    const PROBE: &str = "majesty.probe";
    let written = store.set_text(PROBE, "1");
    let read_back = written.is_ok() && store.text(PROBE) == Ok(Some("1".into()));
    let _ = store.remove(PROBE);
    let saves_read = SAVES
        .keys(store)
        .is_ok_and(|keys| keys.iter().all(|key| store.text(key).is_ok()));
    match written {
        _ if read_back && saves_read => Availability::Usable,
        Err(Fault::Full) if saves_read => Availability::Full,
        _ => Availability::Refused,
    }
}

/// The game to open straight away when the page opens without a link: the
/// one unfinished game, when there is exactly one and no save that cannot be
/// opened (which the home screen shows). Its place and the game.
pub fn only_game_in(store: &impl Store) -> Option<(String, Session)> {
    let shelf = shelf_in(store);
    match (shelf.games.as_slice(), shelf.unreadable.is_empty()) {
        ([game], true) => load_from(store, &game.key)
            .ok()
            .map(|s| (game.key.clone(), s)),
        _ => None,
    }
}

/// The latest unfinished game of the same deal as `record` (the same
/// players, set-up and deal), whatever turns it reached: a link's game
/// reloaded goes on with it rather than dealing it afresh.
pub fn same_deal_in(store: &impl Store, record: &GameRecord) -> Option<(String, Session)> {
    shelf_in(store)
        .games
        .into_iter()
        .find(|game| same_game(&game.save.record, record))
        .and_then(|game| load_from(store, &game.key).ok().map(|s| (game.key, s)))
}

/// Whether `store` holds exactly one place of a game, read or not: a plain
/// visit then most likely goes on with that game ([`only_game_in`]) and
/// shows no home screen. Only the keys are looked at, as the page starts.
pub fn one_game_kept_in(store: &impl Store) -> bool {
    SAVES.keys(store).is_ok_and(|keys| keys.len() == 1)
}

#[cfg(test)]
mod tests {
    use super::super::{Memory, LANG_KEY};
    use super::*;
    use majesty_rules::GameConfig;
    use majesty_rules::RecordError;

    /// The page draws the home screen before the app starts only where no
    /// game is kept (index.html, `fresh`): it looks for the very places the
    /// app keeps games in, and games by link.
    #[test]
    fn the_page_looks_for_kept_games_where_the_app_keeps_them() {
        let page = include_str!("../../../index.html");
        let tail = |key: &str| key.strip_prefix("majesty.").unwrap().replace('.', "\\.");
        let places = [
            tail(GAME_PREFIX),
            tail(crate::by_link::LINK_PREFIX),
            format!("{}$", tail(OLD_SAVE_KEY)),
            format!("{}$", tail(OLD_ASIDE_KEY)),
        ];
        let pattern = format!("/^majesty\\.({})/", places.join("|"));
        assert!(
            page.contains(&pattern),
            "index.html does not test {pattern}"
        );
    }

    fn record() -> GameRecord {
        GameRecord::new(
            vec!["Ann".into(), "Bob".into()],
            &GameConfig::new(2).unwrap(),
            3,
        )
    }

    fn other_record() -> GameRecord {
        let mut other = record();
        other.seed = Some(4);
        other
    }

    fn session_of(record: GameRecord) -> Session {
        Session::from_record(record, vec![None, Some(Level::Hard)]).unwrap()
    }

    /// `record`'s game after its first turn (the front card, as a person
    /// would take it first).
    fn played(record: GameRecord) -> Session {
        let mut session = session_of(record);
        let card = session.game.display()[0].card;
        let place = card.characters().next().unwrap();
        session.play(majesty_rules::Turn::new(0, place)).unwrap();
        session
    }

    fn save_text(session: &Session, saved_at: u64) -> String {
        serde_json::to_string(&save_file(session, saved_at)).unwrap()
    }

    fn get(store: &Memory, key: &str) -> Option<String> {
        store.text(key).unwrap()
    }

    #[test]
    fn the_only_game_and_the_game_of_a_deal_are_found() {
        let store = Memory::default();
        assert_eq!(only_game_in(&store), None);
        let mine = played(record());
        let key = save_to(&store, None, &mine, 1, 0xa).unwrap();
        let (found, session) = only_game_in(&store).unwrap();
        assert_eq!(
            (found.as_str(), &session.record),
            (key.as_str(), &mine.record)
        );
        // The link of that deal, opened again, finds it; another deal does not.
        let (found, session) = same_deal_in(&store, &record()).unwrap();
        assert_eq!((found, session.record.turns.len()), (key, 1));
        assert_eq!(same_deal_in(&store, &other_record()), None);
        // Two games: no single one to open.
        save_to(&store, None, &played(other_record()), 2, 0xb).unwrap();
        assert_eq!(only_game_in(&store), None);
        // A save that cannot be opened is shown on the home screen first.
        let store = Memory::default();
        save_to(&store, None, &mine, 1, 0xa).unwrap();
        store.set_text(OLD_SAVE_KEY, "{broken").unwrap();
        assert_eq!(only_game_in(&store), None);
    }

    #[test]
    fn one_game_kept_is_told_by_the_places_alone() {
        let store = Memory::default();
        assert!(!one_game_kept_in(&store));
        let key = save_to(&store, None, &played(record()), 1, 0xa).unwrap();
        // Other keys of the app are no games.
        store.set_text("majesty.stats", "{}").unwrap();
        assert!(one_game_kept_in(&store));
        save_to(&store, None, &played(other_record()), 2, 0xb).unwrap();
        assert!(!one_game_kept_in(&store));
        // One place that cannot be read counts too: only its key is looked at.
        let store = Memory::default();
        store.set_text(&key, "{broken").unwrap();
        assert!(one_game_kept_in(&store));
    }

    #[test]
    fn a_save_round_trips_with_its_seats() {
        let text = save_text(&session_of(record()), 1234);
        let (save, session) = parse_save(&text, Reader::default()).unwrap();
        assert_eq!(save.saved_at, 1234);
        assert_eq!(session.record, record());
        assert_eq!(session.seats, vec![None, Some(Level::Hard)]);
    }

    #[test]
    fn save_find_and_load_through_a_store() {
        let store = Memory::default();
        assert_eq!(shelf_in(&store), Shelf::default());
        assert_eq!(availability(&store), Availability::Usable);
        let key = save_to(&store, None, &session_of(record()), 42, 0xab).unwrap();
        assert_eq!(key, "majesty.game.ab");
        let shelf = shelf_in(&store);
        assert_eq!(shelf.games.len(), 1);
        assert_eq!(shelf.games[0].key, key);
        assert_eq!(shelf.games[0].save.saved_at, 42);
        assert_eq!(load_from(&store, &key).unwrap().record, record());
        assert_eq!(
            load_from(&store, "majesty.game.cd"),
            Err(SaveError::Nothing)
        );
        // The probe leaves nothing behind.
        assert_eq!(store.items.borrow().len(), 1);
    }

    /// A save is stored as the JSON text of the save itself (what
    /// gloo-storage's `set` writes), not as a JSON string holding it; the
    /// one save of earlier versions is read where it is and its game goes
    /// on there.
    #[test]
    fn saves_keep_the_format_of_the_previous_version() {
        let store = Memory::default();
        let key = save_to(&store, None, &session_of(record()), 7, 1).unwrap();
        let text = get(&store, &key).unwrap();
        assert!(text.starts_with(r#"{"format":1,"saved_at":7,"#), "{text}");
        assert_eq!(text, save_text(&session_of(record()), 7));
        // A save of an earlier version, laid out differently (indented, keys
        // sorted) with the fields of its time, in its one place.
        let mut old: serde_json::Value = serde_json::from_str(&text).unwrap();
        old["saved_at"] = 1_700_000_000_000u64.into();
        old["allow_undo"] = false.into();
        let old = serde_json::to_string_pretty(&old).unwrap();
        let store = Memory::default();
        store.set_text(OLD_SAVE_KEY, &old).unwrap();
        let shelf = shelf_in(&store);
        assert_eq!(shelf.games[0].key, OLD_SAVE_KEY);
        assert_eq!(shelf.games[0].save.saved_at, 1_700_000_000_000);
        let mut session = load_from(&store, OLD_SAVE_KEY).unwrap();
        assert_eq!(session.seats, vec![None, Some(Level::Hard)]);
        assert!(!session.allow_undo);
        // Played on, it is saved in the same place.
        session = played(session.record);
        let key = save_to(&store, Some(OLD_SAVE_KEY), &session, 8, 1).unwrap();
        assert_eq!(key, OLD_SAVE_KEY);
        assert_eq!(store.items.borrow().len(), 1);
    }

    /// A new game, a link's game or
    /// another tab's game has a place of its own; no game replaces another.
    #[test]
    fn every_game_keeps_its_own_place() {
        let store = Memory::default();
        let first = save_to(&store, None, &played(record()), 1, 5).unwrap();
        // A second game drawing the same id is given the next free place.
        let second = save_to(&store, None, &session_of(other_record()), 2, 5).unwrap();
        assert_eq!(
            (first.as_str(), second.as_str()),
            ("majesty.game.5", "majesty.game.6")
        );
        save_to(&store, Some(&first), &played(record()), 3, 9).unwrap();
        let shelf = shelf_in(&store);
        let keys: Vec<&str> = shelf.games.iter().map(|g| g.key.as_str()).collect();
        assert_eq!(keys, [first.as_str(), second.as_str()], "the latest first");
        assert_eq!(shelf.games[1].save.record, other_record());
        assert_eq!(load_from(&store, &first).unwrap().record.turns.len(), 1);
    }

    /// A place that holds another game, or a save that cannot be read, is
    /// never written over: the game moves to a place of its own.
    #[test]
    fn a_place_holding_something_else_is_not_written_over() {
        let store = Memory::default();
        let theirs = save_to(&store, None, &session_of(other_record()), 1, 1).unwrap();
        let kept = get(&store, &theirs);
        let mine = save_to(&store, Some(&theirs), &played(record()), 2, 1).unwrap();
        assert_ne!(mine, theirs);
        assert_eq!(get(&store, &theirs), kept);
        store.set_text(OLD_SAVE_KEY, "{corrupt").unwrap();
        let moved = save_to(&store, Some(OLD_SAVE_KEY), &played(record()), 3, 1).unwrap();
        assert!(moved.starts_with(GAME_PREFIX), "{moved}");
        assert_eq!(get(&store, OLD_SAVE_KEY).as_deref(), Some("{corrupt"));
    }

    /// A valid save beside one that cannot be read (set
    /// aside by an earlier version) is offered too, and a new game saves
    /// over neither; a second unreadable save is kept as well.
    #[test]
    fn a_valid_save_beside_an_unreadable_one_is_offered_and_kept() {
        let store = Memory::default();
        let valid = save_text(&played(record()), 5);
        store.set_text(OLD_ASIDE_KEY, "first").unwrap();
        store.set_text(OLD_SAVE_KEY, &valid).unwrap();
        let shelf = shelf_in(&store);
        assert_eq!(shelf.games.len(), 1);
        assert_eq!(shelf.games[0].key, OLD_SAVE_KEY);
        assert_eq!(shelf.unreadable.len(), 1);
        assert_eq!(shelf.unreadable[0].key, OLD_ASIDE_KEY);
        assert_eq!(shelf.unreadable[0].text, "first");
        assert!(matches!(shelf.unreadable[0].reason, SaveError::NotJson(_)));
        let new = save_to(&store, None, &session_of(other_record()), 6, 1).unwrap();
        assert_eq!(get(&store, OLD_SAVE_KEY), Some(valid));
        assert_eq!(get(&store, OLD_ASIDE_KEY).as_deref(), Some("first"));
        // A second save that cannot be read: both are shown, both kept.
        store.set_text(&new, "second").unwrap();
        save_to(&store, None, &played(other_record()), 7, 1).unwrap();
        let texts: Vec<String> = shelf_in(&store)
            .unreadable
            .into_iter()
            .map(|u| u.text)
            .collect();
        assert_eq!(texts, ["second", "first"]);
        // Discarded on request, one at a time.
        assert_eq!(delete_in(&store, OLD_ASIDE_KEY), Ok(()));
        assert_eq!(shelf_in(&store).unreadable.len(), 1);
        assert_eq!(shelf_in(&store).games.len(), 2);
    }

    /// A save that cannot be read, too big to be copied,
    /// is never copied nor written over: it stays where it is, as it is,
    /// whether the next game can be saved or not.
    #[test]
    fn a_save_too_big_to_copy_stays_where_it_is() {
        let big = format!("{{\"format\": 1, \"record\": \"{}", "x".repeat(3_000_000));
        let store = Memory {
            quota: Some(5_000_000),
            ..Memory::default()
        };
        store.set_text(OLD_SAVE_KEY, &big).unwrap();
        let shelf = shelf_in(&store);
        assert_eq!(shelf.unreadable[0].text, big);
        let key = save_to(&store, None, &played(record()), 1, 1).unwrap();
        assert_eq!(get(&store, OLD_SAVE_KEY), Some(big.clone()));
        assert_eq!(shelf_in(&store).games[0].key, key);
        // No room left for the next game: refused, and said so.
        let tight = Memory {
            quota: Some(big.len() + 100),
            ..Memory::default()
        };
        tight.set_text(OLD_SAVE_KEY, &big).unwrap();
        assert_eq!(
            save_to(&tight, None, &played(record()), 1, 1),
            Err(SaveError::Full)
        );
        assert_eq!(get(&tight, OLD_SAVE_KEY), Some(big));
    }

    /// Storage whose reads throw is not "no save": it is
    /// not usable (the app says so), and nothing is saved over what it may
    /// hold.
    #[test]
    fn storage_that_cannot_be_read_is_not_written() {
        let store = Memory {
            unreadable: true,
            ..Memory::default()
        };
        let kept = save_text(&session_of(record()), 5);
        store
            .items
            .borrow_mut()
            .insert(OLD_SAVE_KEY.into(), kept.clone());
        assert_eq!(availability(&store), Availability::Refused);
        assert_eq!(
            load_from(&store, OLD_SAVE_KEY).err(),
            Some(SaveError::CannotRead)
        );
        for key in [None, Some(OLD_SAVE_KEY)] {
            assert_eq!(
                save_to(&store, key, &session_of(other_record()), 6, 1),
                Err(SaveError::CannotRead)
            );
        }
        assert_eq!(store.items.borrow().len(), 1);
        assert_eq!(store.items.borrow()[OLD_SAVE_KEY], kept);
    }

    /// A page whose record reader is not here yet lists no game and
    /// writes over none: a save in its place is read first.
    #[test]
    fn without_the_record_reader_no_kept_game_is_listed_or_written_over() {
        let store = Memory::default();
        let key = save_to(&store, None, &session_of(record()), 5, 1).unwrap();
        let kept = get(&store, &key);
        store.without_reader(|| {
            assert_eq!(shelf_in(&store), Shelf::default());
            assert_eq!(
                save_to(&store, Some(&key), &played(record()), 6, 1),
                Err(SaveError::CannotRead)
            );
            assert_eq!(get(&store, &key), kept);
            // A new game's first save reads nothing: it has a place of its own.
            let other = save_to(&store, None, &session_of(other_record()), 7, 2).unwrap();
            assert_ne!(other, key);
        });
        assert_eq!(shelf_in(&store).games.len(), 2);
    }

    #[test]
    fn a_full_store_reports_instead_of_failing_silently() {
        let store = Memory {
            full: true,
            ..Memory::default()
        };
        assert_eq!(availability(&store), Availability::Full);
        assert_eq!(
            save_to(&store, None, &session_of(record()), 0, 1),
            Err(SaveError::Full)
        );
    }

    /// A full store still shows its games; deleting one makes room, and
    /// the store is usable again.
    #[test]
    fn a_full_store_is_usable_again_once_a_game_is_deleted() {
        let first = save_text(&played(record()), 1);
        let store = Memory {
            quota: Some("majesty.game.a".len() + first.len() + 4),
            ..Memory::default()
        };
        let key = save_to(&store, None, &played(record()), 1, 0xa).unwrap();
        assert_eq!(availability(&store), Availability::Full);
        assert_eq!(shelf_in(&store).games.len(), 1);
        assert_eq!(delete_in(&store, &key), Ok(()));
        assert_eq!(availability(&store), Availability::Usable);
    }

    /// A browser that throws on removeItem keeps the game, and the caller
    /// hears of it (the home screen says so).
    #[test]
    fn a_refused_deletion_keeps_the_game_and_says_so() {
        let store = Memory::default();
        let key = save_to(&store, None, &played(record()), 1, 0xa).unwrap();
        let stuck = Memory {
            items: store.items.clone(),
            stuck: true,
            ..Memory::default()
        };
        assert_eq!(delete_in(&stuck, &key), Err(Fault::Refused));
        assert_eq!(shelf_in(&stuck).games.len(), 1);
        assert_eq!(delete_in(&stuck, "not.a.game"), Ok(()));
    }

    /// A game is kept from its first turn (a link's game opened again and
    /// again leaves no empty games), in its place, and no longer once over.
    #[test]
    fn a_game_is_kept_from_its_first_turn_until_it_is_over() {
        let store = Memory::default();
        let mut session = session_of(record());
        assert!(nothing_to_keep(None, &session));
        assert_eq!(keep_in(&store, None, &session, 1, 1), None);
        assert_eq!(shelf_in(&store), Shelf::default());
        session = played(record());
        assert!(!nothing_to_keep(None, &session));
        let key = keep_in(&store, None, &session, 2, 1).unwrap().unwrap();
        assert!(!nothing_to_keep(Some(&key), &session));
        while !session.game.is_over() {
            let turn = session.game.legal_turns()[0];
            session.play(turn).unwrap();
            let kept = keep_in(&store, Some(&key), &session, 3, 1);
            assert_eq!(kept.is_some(), !session.game.is_over());
        }
        assert_eq!(shelf_in(&store), Shelf::default());
        // Taken back, the game is unfinished again, in the same place.
        assert!(session.undo());
        assert_eq!(keep_in(&store, Some(&key), &session, 4, 1), Some(Ok(key)));
    }

    /// A finished game's place is emptied (only if it holds that game); a
    /// save is deleted on request, and nothing but a save is.
    #[test]
    fn finished_games_are_forgotten_and_saves_deleted_on_request() {
        let store = Memory::default();
        let key = save_to(&store, None, &played(record()), 1, 1).unwrap();
        forget_in(&store, &key, &other_record());
        assert!(get(&store, &key).is_some());
        forget_in(&store, &key, &record());
        assert!(get(&store, &key).is_none());
        store.set_text(LANG_KEY, "de").unwrap();
        assert_eq!(delete_in(&store, LANG_KEY), Ok(()));
        assert!(get(&store, LANG_KEY).is_some());
        store.set_text(OLD_SAVE_KEY, "{").unwrap();
        assert_eq!(delete_in(&store, OLD_SAVE_KEY), Ok(()));
        assert_eq!(shelf_in(&store), Shelf::default());
    }

    #[test]
    fn unreadable_saves_are_explained() {
        assert!(matches!(
            parse_save("{oops", Reader::default()),
            Err(SaveError::NotJson(_))
        ));
        assert_eq!(
            parse_save(r#"{"format": 99, "record": {}}"#, Reader::default()).err(),
            Some(SaveError::OtherVersion(99))
        );
        assert_eq!(
            parse_save(r#"{"record": {}}"#, Reader::default()).err(),
            Some(SaveError::NoFormat)
        );
        let mut text: serde_json::Value =
            serde_json::from_str(&save_text(&session_of(record()), 0)).unwrap();
        text["record"]["turns"] = serde_json::json!([{"take": 7, "place": "Noble"}]);
        assert!(matches!(
            parse_save(&text.to_string(), Reader::default()),
            Err(SaveError::DoesNotReplay(RecordError::Turn { turn: 1, .. }))
        ));
    }
}
