//! Games played by link on this device: each kept in a place of its own,
//! `majesty.link.<n>` in localStorage, with the seat this device plays. The
//! saves' guarantees hold here too (see [`storage`]): a place that cannot
//! be read is listed with the reason and kept as it is, never written over;
//! and a kept game is only ever replaced by one that goes on from it (a
//! fork is never merged, [`majesty_rules::correspondence::compare`]).

use majesty_rules::correspondence::{compare, Continuity, LinkError, LinkGame};
use majesty_rules::GameRecord;
use serde::Serialize;

use crate::link::{base64url_decode, base64url_encode};
use crate::reader::Reader;
use crate::session::Session;
use crate::storage::shelf::{first_free, read_kept, Places, Shelf};
use crate::storage::{self, Fault, SaveError, Store};

/// The places of games by link: this prefix and a number.
pub const LINK_PREFIX: &str = "majesty.link.";
/// The save format of a game by link.
pub const FORMAT: u32 = 1;
/// The fragment parameter of a game link: `#play=<base64url>`.
pub const PARAMETER: &str = "play=";

/// A game by link as this device keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkSave {
    pub format: u32,
    /// Milliseconds since 1970, when it was saved.
    pub saved_at: u64,
    /// The game id, in hex (a JSON number would lose digits in JavaScript).
    pub id: String,
    /// The seat played on this device (None: not chosen yet).
    pub me: Option<usize>,
    pub record: GameRecord,
}

impl LinkSave {
    pub fn game(&self) -> Option<LinkGame> {
        Some(LinkGame {
            id: u64::from_str_radix(&self.id, 16).ok()?,
            record: self.record.clone(),
        })
    }
}

/// A game by link kept in its place.
pub type Kept = storage::Kept<LinkSave>;

/// The games by link on this device (the latest first) and the places that
/// cannot be read.
pub type LinkShelf = Shelf<LinkSave>;

/// The places of games by link, read as such.
const PLACES: Places<LinkSave> = Places {
    holds: |key| key.starts_with(LINK_PREFIX),
    read: parse,
    saved_at: |save| save.saved_at,
};

/// The game by link being played here: which one, where it is kept, the
/// seat of this device, and a link's other continuation being shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByLink {
    pub id: u64,
    pub key: Option<String>,
    pub me: Option<usize>,
    /// A link that continued this game differently (shown, never merged).
    pub fork: Option<(Continuity, GameRecord)>,
}

/// Reads a kept game's text, or says why it cannot be opened.
pub fn parse(text: &str, reader: Reader) -> Result<LinkSave, SaveError> {
    let (value, record) = read_kept(text, FORMAT, reader)?;
    let id = value.get("id").and_then(|i| i.as_str()).unwrap_or_default();
    if u64::from_str_radix(id, 16).is_err() {
        return Err(SaveError::NotJson(format!("id \"{id}\"")));
    }
    let me = match value.get("me") {
        None | Some(serde_json::Value::Null) => None,
        Some(seat) => Some(
            seat.as_u64()
                .filter(|&s| (s as usize) < record.players.len())
                .ok_or_else(|| SaveError::BadSeats(seat.to_string()))? as usize,
        ),
    };
    record.replay().map_err(SaveError::DoesNotReplay)?;
    Ok(LinkSave {
        format: FORMAT,
        saved_at: value.get("saved_at").and_then(|s| s.as_u64()).unwrap_or(0),
        id: id.to_string(),
        me,
        record,
    })
}

/// Every game by link in `store`, each read where it is.
pub fn shelf_in(store: &impl Store) -> LinkShelf {
    PLACES.shelf(store)
}

/// The kept game with `id`, if any.
pub fn find_in(store: &impl Store, id: u64) -> Option<Kept> {
    let id = format!("{id:016x}");
    shelf_in(store).games.into_iter().find(|g| g.save.id == id)
}

/// Why a game by link was not kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeepError {
    /// The game kept here went on differently: it is not replaced.
    Diverged,
    Save(SaveError),
}

/// Keeps `save` in the place of its game (a new place for a new game), and
/// says where. A kept game is replaced only by the same game or one that
/// goes on from it; a place that cannot be read is never written over.
pub fn keep_in(store: &impl Store, save: &LinkSave) -> Result<String, KeepError> {
    let new = save.game().ok_or(KeepError::Save(SaveError::NoRecord))?;
    // The games kept here are read first: none is written over unread.
    if !store.reader().here() && any_kept_in(store) {
        return Err(KeepError::Save(SaveError::CannotRead));
    }
    let key = match find_in(store, new.id) {
        Some(kept) => {
            let old = kept.save.game().ok_or(KeepError::Diverged)?;
            match compare(&old, &new) {
                // The same game at the same seat: kept as it is, its time
                // too (the home list is in the order of play).
                Continuity::Same if kept.save.me == save.me => return Ok(kept.key),
                Continuity::Same | Continuity::Newer { .. } => kept.key,
                _ => return Err(KeepError::Diverged),
            }
        }
        None => new_place(store, new.id).map_err(|_| KeepError::Save(SaveError::CannotRead))?,
    };
    store
        .set(&key, save)
        .map_err(|fault| KeepError::Save(storage::write_error(fault)))?;
    Ok(key)
}

/// Keeps `save` in the place of its game whatever is kept there: a live
/// game's guest, whose game is the host's as its seat may know it, its
/// deck beyond the cards turned up a guess made anew with each turn the
/// host tells (the host's game is the one that counts). A place that
/// cannot be read is never written over.
pub fn replace_in(store: &impl Store, save: &LinkSave) -> Result<String, KeepError> {
    let new = save.game().ok_or(KeepError::Save(SaveError::NoRecord))?;
    if !store.reader().here() && any_kept_in(store) {
        return Err(KeepError::Save(SaveError::CannotRead));
    }
    let key = match find_in(store, new.id) {
        // A game kept with its deal number is the whole game, never
        // replaced by a guest's view of one (a host's choice of id).
        Some(kept) if kept.save.record.seed.is_some() && new.record.seed.is_none() => {
            return Err(KeepError::Diverged)
        }
        Some(kept) => kept.key,
        None => new_place(store, new.id).map_err(|_| KeepError::Save(SaveError::CannotRead))?,
    };
    store
        .set(&key, save)
        .map_err(|fault| KeepError::Save(storage::write_error(fault)))?;
    Ok(key)
}

/// A place that holds nothing yet, named after the game id
/// (`majesty.link.<id>`, then `<id>-2`, `<id>-3`…).
fn new_place(store: &impl Store, id: u64) -> Result<String, Fault> {
    let base = format!("{LINK_PREFIX}{id:016x}");
    let again = (2..).map(|n| format!("{base}-{n}"));
    first_free(store, std::iter::once(base.clone()).chain(again))
}

/// What opening a game link does to this device's games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// A game this device did not have: now kept (no seat chosen yet).
    New { key: Result<String, KeepError> },
    /// The link is the game kept here, or goes on from it (kept now).
    Known {
        kept: Kept,
        newer: bool,
        key: Result<String, KeepError>,
    },
    /// The link is older than the game kept here, which is shown.
    Stale {
        kept: Kept,
        have: usize,
        link: usize,
    },
    /// The link continues the game differently: both are shown, the kept
    /// one stays as it is.
    Fork { kept: Kept, continuity: Continuity },
}

/// Opens a link's game against the games kept in `store`.
pub fn arrive_in(store: &impl Store, link: &LinkGame, now: u64) -> Arrival {
    let save_of = |me| LinkSave {
        format: FORMAT,
        saved_at: now,
        id: format!("{:016x}", link.id),
        me,
        record: link.record.clone(),
    };
    let Some(kept) = find_in(store, link.id) else {
        return Arrival::New {
            key: keep_in(store, &save_of(None)),
        };
    };
    let Some(old) = kept.save.game() else {
        return Arrival::New {
            key: keep_in(store, &save_of(None)),
        };
    };
    match compare(&old, link) {
        Continuity::Stale { have, link } => Arrival::Stale { kept, have, link },
        continuity @ (Continuity::Fork { .. } | Continuity::OtherGame) => {
            Arrival::Fork { kept, continuity }
        }
        c => {
            let newer = matches!(c, Continuity::Newer { .. });
            let key = if newer {
                keep_in(store, &save_of(kept.save.me))
            } else {
                Ok(kept.key.clone())
            };
            Arrival::Known { kept, newer, key }
        }
    }
}

/// The save of the game by link being played.
pub fn save_of(by_link: &ByLink, session: &Session, now: u64) -> LinkSave {
    LinkSave {
        format: FORMAT,
        saved_at: now,
        id: format!("{:016x}", by_link.id),
        me: by_link.me,
        record: session.record.clone(),
    }
}

/// The `play=…` fragment of a game's link.
pub fn fragment(game: &LinkGame) -> Result<String, LinkError> {
    Ok(format!("{PARAMETER}{}", base64url_encode(&game.encode()?)))
}

/// The game of a `play=` link's value (the page's link is read by
/// `link::Link`).
pub fn from_value(value: &str) -> Result<LinkGame, LinkError> {
    base64url_decode(value)
        .ok_or(LinkError::Malformed)
        .and_then(|bytes| LinkGame::decode(&bytes))
}

/// Whether `store` keeps anything under a game by link's name (read or
/// not), without reading it: whether the home screen lists games by link.
pub fn any_kept_in(store: &impl Store) -> bool {
    PLACES.any_in(store)
}

/// Removes a kept game by link from `store`; a store that refuses keeps
/// it, and a key that is not a game by link's is left alone.
pub fn delete_in(store: &impl Store, key: &str) -> Result<(), Fault> {
    match key.starts_with(LINK_PREFIX) {
        true => store.remove(key),
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Memory;
    use majesty_rules::GameConfig;

    fn game(turns: usize) -> LinkGame {
        let config = GameConfig::new(2).unwrap();
        let mut record = GameRecord::new(vec!["Ann".into(), "Bob".into()], &config, 5);
        let mut game = record.start().unwrap();
        for _ in 0..turns {
            let turn = game.legal_turns()[0];
            game.apply(turn).unwrap();
            record.turns.push(turn);
        }
        LinkGame { id: 77, record }
    }

    #[test]
    fn a_link_round_trips_through_its_fragment() {
        use crate::link::Route;
        let g = game(5);
        let fragment = fragment(&g).unwrap();
        assert!(fragment.len() < 80, "{fragment}");
        let route = |fragment: &str| crate::link::Link::parse("", fragment).route();
        let Route::ByLink(value) = route(&format!("#{fragment}")) else {
            panic!("a game by link's fragment opens the game");
        };
        assert_eq!(from_value(&value), Ok(g));
        assert_eq!(route("#deal=4"), Route::Game);
        // A parameter whose name ends in "play" is another parameter.
        assert_eq!(route("#deal=4&display=1"), Route::Game);
        assert_eq!(from_value("***"), Err(LinkError::Malformed));
    }

    #[test]
    fn the_same_game_at_the_same_seat_is_kept_as_it_is() {
        let store = Memory::default();
        let save = |turns: usize, me: Option<usize>, saved_at: u64| LinkSave {
            format: FORMAT,
            saved_at,
            id: format!("{:016x}", 77),
            record: game(turns).record,
            me,
        };
        let key = keep_in(&store, &save(3, Some(0), 1)).unwrap();
        // Opened again as it is: not written, its time kept.
        assert_eq!(keep_in(&store, &save(3, Some(0), 2)), Ok(key.clone()));
        assert_eq!(find_in(&store, 77).unwrap().save.saved_at, 1);
        // A seat chosen, or a turn more: written.
        assert_eq!(keep_in(&store, &save(3, Some(1), 3)), Ok(key.clone()));
        assert_eq!(find_in(&store, 77).unwrap().save.saved_at, 3);
        assert_eq!(keep_in(&store, &save(4, Some(1), 4)), Ok(key));
        assert_eq!(find_in(&store, 77).unwrap().save.saved_at, 4);
    }

    #[test]
    fn a_live_guests_game_replaces_what_is_kept_in_its_place_however_it_differs() {
        let store = Memory::default();
        let save = |record: GameRecord| LinkSave {
            format: FORMAT,
            saved_at: 1,
            id: format!("{:016x}", 77),
            record,
            me: Some(1),
        };
        let key = replace_in(&store, &save(game(4).record)).unwrap();
        // Another deck (a guess made anew): keeping refuses it, replacing
        // takes it, in the same place.
        let config = GameConfig::new(2).unwrap();
        let mut other = GameRecord::new(vec!["Ann".into(), "Bob".into()], &config, 6);
        let first = other.start().unwrap().legal_turns()[0];
        other.turns.push(first);
        assert_eq!(
            keep_in(&store, &save(other.clone())),
            Err(KeepError::Diverged)
        );
        assert_eq!(replace_in(&store, &save(other.clone())), Ok(key));
        assert_eq!(find_in(&store, 77).unwrap().save.record, other);
        assert_eq!(shelf_in(&store).games.len(), 1);
        // A guest's view (no deal number) never replaces a whole game kept
        // under the same id.
        let mut view = other.clone();
        view.cards = Some(
            view.start()
                .unwrap()
                .display()
                .iter()
                .map(|s| s.card)
                .collect(),
        );
        view.seed = None;
        assert_eq!(replace_in(&store, &save(view)), Err(KeepError::Diverged));
        assert_eq!(find_in(&store, 77).unwrap().save.record, other);
    }

    #[test]
    fn any_kept_sees_a_game_by_link_readable_or_not_and_nothing_else() {
        let store = Memory::default();
        store.set_text("majesty.save", "{}").unwrap();
        assert!(!any_kept_in(&store));
        store
            .set_text(&format!("{LINK_PREFIX}77"), "not json")
            .unwrap();
        assert!(any_kept_in(&store));
    }

    #[test]
    fn new_newer_stale_and_fork_links_and_nothing_overwritten() {
        let store = Memory::default();
        let key = match arrive_in(&store, &game(4), 1) {
            Arrival::New { key } => key.unwrap(),
            other => panic!("{other:?}"),
        };
        // This device plays Bob.
        let mut save = find_in(&store, 77).unwrap().save;
        save.me = Some(1);
        keep_in(&store, &save).unwrap();
        assert!(matches!(
            arrive_in(&store, &game(6), 2),
            Arrival::Known { newer: true, key: Ok(ref k), .. } if *k == key
        ));
        let kept = find_in(&store, 77).unwrap().save;
        assert_eq!((kept.record.turns.len(), kept.me), (6, Some(1)));
        assert!(matches!(
            arrive_in(&store, &game(3), 3),
            Arrival::Stale {
                have: 6,
                link: 3,
                ..
            }
        ));
        // Turn 7 played two ways: the second is a fork and is not kept.
        let mut ours = game(6);
        let mut theirs = game(6);
        let legal = ours.record.replay().unwrap().legal_turns();
        ours.record.turns.push(legal[0]);
        theirs.record.turns.push(legal[1]);
        arrive_in(&store, &ours, 4);
        let before = store.items.borrow().clone();
        assert!(matches!(
            arrive_in(&store, &theirs, 5),
            Arrival::Fork {
                continuity: Continuity::Fork {
                    common: 6,
                    have: 7,
                    link: 7
                },
                ..
            }
        ));
        let mut fork_save = find_in(&store, 77).unwrap().save;
        fork_save.record = theirs.record.clone();
        assert_eq!(keep_in(&store, &fork_save), Err(KeepError::Diverged));
        assert_eq!(*store.items.borrow(), before);
    }

    #[test]
    fn an_unreadable_place_is_listed_and_never_written_over() {
        let store = Memory::default();
        let place = format!("{LINK_PREFIX}{:016x}", 77);
        store.set_text(&place, "{not json").unwrap();
        let Arrival::New { key } = arrive_in(&store, &game(2), 1) else {
            panic!()
        };
        let key = key.unwrap();
        assert_ne!(key, place);
        assert_eq!(store.text(&place).unwrap().as_deref(), Some("{not json"));
        let shelf = shelf_in(&store);
        assert_eq!(shelf.games.len(), 1);
        assert_eq!(shelf.unreadable.len(), 1);
        assert!(matches!(shelf.unreadable[0].reason, SaveError::NotJson(_)));
    }

    /// A page whose record reader is not here yet keeps no game by link
    /// while others are kept (one of them may be this one): nothing is
    /// written; with none kept, the game has a place of its own.
    #[test]
    fn without_the_record_reader_no_kept_game_is_written_over() {
        let store = Memory::default();
        let Arrival::New { key: Ok(key) } = arrive_in(&store, &game(2), 1) else {
            panic!("a new game by link is kept")
        };
        let before = store.items.borrow().clone();
        let save = save_of_game(&game(4));
        store.without_reader(|| {
            assert_eq!(
                keep_in(&store, &save),
                Err(KeepError::Save(SaveError::CannotRead))
            );
            assert_eq!(*store.items.borrow(), before);
            let empty = Memory::default();
            assert!(keep_in(&empty, &save).is_ok());
        });
        assert_eq!(find_in(&store, 77).unwrap().key, key);
    }

    fn save_of_game(game: &LinkGame) -> LinkSave {
        LinkSave {
            format: FORMAT,
            saved_at: 2,
            id: format!("{:016x}", game.id),
            me: None,
            record: game.record.clone(),
        }
    }
}
