//! Where a person is in the app, as the page's address says it: each
//! screen's own address ([`Place::address`]), and whether showing a place
//! adds an entry to the browser's history or rewrites the one shown
//! ([`write`]). Back and Forward then move between screens as in any app,
//! and a reload opens the screen that was shown (`opening::history` reads
//! the state into a place and writes the history; [`super::link`] reads an
//! address back into a route).

use majesty_ai::bots::Level;
use majesty_rules::GameRecord;

pub use super::link::Seating;
use super::link::{players_value, record_fragment, Link, Route};

/// A screen the app can show, with what its address needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Home,
    /// A new game's setup.
    Setup(Seating),
    /// The player's statistics and rating.
    Statistics,
    /// The list of rules (`?rules=1`), or one rule's scenario.
    Rules,
    Rule(String),
    /// The puzzles (`?puzzle=1`), or one puzzle.
    Puzzles,
    Puzzle(String),
    /// A guided game, by its tutorial's id.
    Tutorial(String),
    /// The scenario editor: its own address carries the position being
    /// edited (written by the editor as it changes).
    Editor,
    /// A game on the table, played here or watched: the address that
    /// opens it again (`kept_game_address`, `game_address`,
    /// `replay_address`).
    Table(String),
    /// A screen whose address is a one-time link it was opened with (a
    /// live game's invitation), or one its own part writes (a game by
    /// link's link, whose encoding stays in that part): left as it is.
    Kept,
}

impl Place {
    /// The address of the place: its query and fragment (`?…#…`), empty
    /// for the home screen; None for a place whose address stays as it is.
    pub fn address(&self) -> Option<String> {
        Some(match self {
            Place::Home => String::new(),
            Place::Setup(seating) => format!("?setup={}", seating.name()),
            Place::Statistics => "?stats=1".into(),
            Place::Rules => "?rules=1".into(),
            Place::Rule(id) => format!("?rules={id}"),
            Place::Puzzles => "?puzzle=1".into(),
            Place::Puzzle(id) => format!("?puzzle={id}"),
            Place::Tutorial(id) if id == "a" => "?tutorial=1".into(),
            Place::Tutorial(id) => format!("?tutorial={id}"),
            Place::Editor => "?editor=1".into(),
            Place::Table(address) => address.clone(),
            Place::Kept => return None,
        })
    }

    /// The address, with `lang=` when the page keeps its language in its
    /// address (a link that chose it: a reload keeps it).
    pub fn address_in(&self, lang: Option<&str>) -> Option<String> {
        let address = self.address()?;
        let Some(lang) = lang else {
            return Some(address);
        };
        let (query, fragment) = match address.find('#') {
            Some(at) => address.split_at(at),
            None => (address.as_str(), ""),
        };
        let query = match query.strip_prefix('?') {
            Some(rest) => format!("?{rest}&lang={lang}"),
            None => format!("?lang={lang}"),
        };
        Some(format!("{query}{fragment}"))
    }

    /// Whether `other` is the same screen, whose address may change as it
    /// is used (a game's turns, a replay's steps, a position edited) without
    /// a new history entry. Every game on the table is one screen: a replay
    /// played on from a turn, a game whose first turn keeps it, a game
    /// that ends.
    fn same_screen(&self, other: &Place) -> bool {
        match (self, other) {
            (Place::Table(_), Place::Table(_)) => true,
            (a, b) => a == b,
        }
    }
}

/// What showing a place does to the browser's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Write {
    /// The address already says it.
    Nothing,
    /// A new entry: Back returns to the screen before.
    Push,
    /// The entry shown gets the new address (the same screen, changed; the
    /// page's first screen; a screen reached by Back or Forward).
    Replace,
}

/// How to show `next` after `shown` (None: the page's first screen, or a
/// screen reached by Back or Forward, whose entry is already there) when
/// the page's address is `now` (`?…#…`), the page's language kept in its
/// address where it is (`Place::address_in`).
pub fn write(shown: Option<&Place>, next: &Place, lang: Option<&str>, now: &str) -> Write {
    let Some(address) = next.address_in(lang) else {
        return Write::Nothing;
    };
    // The editor writes its position into its own address as it changes.
    let here = |route: Route| parse(now).route() == route;
    if address == now || (*next == Place::Editor && here(Route::Editor)) {
        return Write::Nothing;
    }
    match shown {
        Some(shown) if !shown.same_screen(next) => Write::Push,
        _ => Write::Replace,
    }
}

fn parse(address: &str) -> Link {
    let (query, fragment) = address.split_once('#').unwrap_or((address, ""));
    Link::parse(query, fragment)
}

/// The address of a game played here that is not kept (yet): a new deal's
/// link (its players, sides and deck, and `#deal=`), which a reload deals
/// again or goes on with from its save; any other game's record so far,
/// which a reload opens again (as a position to play before its first
/// turn, else in the replay viewer).
pub fn game_address(record: &GameRecord, seats: &[Option<Level>]) -> String {
    let players = players_value(&record.players, seats);
    // Exactly what a deal link says: anything else needs the record.
    let fresh = record.cards.is_none()
        && record.start.is_none()
        && record.turns.is_empty()
        && record.notes.is_empty()
        && !record.meeple_tiebreak
        && !record.hints_used
        && record.first_player.is_zero();
    match record.seed {
        Some(seed) if fresh => {
            let mut query = format!("?players={players}");
            if record.sides != Default::default() {
                query.push_str(&format!("&sides={}", record.sides));
            }
            if record.deck != Default::default() {
                query.push_str(&format!("&deck={}", record.deck));
            }
            format!("{query}#deal={seed}")
        }
        _ => replay_address(record, seats),
    }
}

/// The address of a recorded game: its players (with the computers'
/// levels) and its record.
pub fn replay_address(record: &GameRecord, seats: &[Option<Level>]) -> String {
    let players = if seats.len() == record.players.len() {
        format!("?players={}", players_value(&record.players, seats))
    } else {
        String::new()
    };
    format!("{players}#{}", record_fragment(record))
}

/// The address of a game kept in this browser's place `key`.
pub fn kept_game_address(key: &str) -> String {
    let id = key.strip_prefix(super::storage::GAME_PREFIX).unwrap_or(key);
    format!("?game={id}")
}

/// The place of the game an address's `game=` names.
pub fn kept_game_key(id: &str) -> String {
    format!("{}{id}", super::storage::GAME_PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use majesty_rules::{DeckVariant, GameConfig, Sides};

    fn deal(seed: u64) -> GameRecord {
        let config = GameConfig::new(2).unwrap();
        GameRecord::new(vec!["Ann".into(), "Bob".into()], &config, seed)
    }

    #[test]
    fn every_screen_has_an_address_that_routes_back_to_it() {
        let cases = [
            (Place::Home, Route::Home),
            (Place::Setup(Seating::ByLink), Route::Setup(Seating::ByLink)),
            (Place::Statistics, Route::Statistics),
            (Place::Rules, Route::Rules("1".into())),
            (Place::Rule("heal".into()), Route::Rules("heal".into())),
            (Place::Puzzles, Route::Puzzle("1".into())),
            (Place::Puzzle("p7".into()), Route::Puzzle("p7".into())),
            (Place::Tutorial("a".into()), Route::Tutorial("1".into())),
            (Place::Tutorial("b".into()), Route::Tutorial("b".into())),
            (Place::Editor, Route::Editor),
            (
                Place::Table(kept_game_address("majesty.game.7")),
                Route::Kept("7".into()),
            ),
        ];
        for (place, route) in cases {
            let address = place.address().unwrap();
            assert_eq!(parse(&address).route(), route, "{address}");
            assert!(parse(&address).problems.is_empty(), "{address}");
        }
        assert_eq!(Place::Kept.address(), None);
    }

    #[test]
    fn a_new_screen_adds_an_entry_and_a_changed_one_rewrites_its_own() {
        let game = |a: &str| Place::Table(a.to_string());
        // Home → Rules, Rules → a rule, a rule → the next rule: Back returns.
        assert_eq!(
            write(Some(&Place::Home), &Place::Rules, None, ""),
            Write::Push
        );
        assert_eq!(
            write(
                Some(&Place::Rules),
                &Place::Rule("heal".into()),
                None,
                "?rules=1"
            ),
            Write::Push
        );
        assert_eq!(
            write(
                Some(&Place::Rule("heal".into())),
                &Place::Rule("attack".into()),
                None,
                "?rules=heal"
            ),
            Write::Push
        );
        // A game kept after its first turn, a replay played on: one entry.
        assert_eq!(
            write(
                Some(&game("?players=A,B#deal=4")),
                &game("?game=9"),
                None,
                "?players=A,B#deal=4"
            ),
            Write::Replace
        );
        // The page's first screen, and one reached by Back: never a new entry.
        assert_eq!(write(None, &Place::Home, None, "?rules=1"), Write::Replace);
        assert_eq!(write(None, &Place::Rules, None, "?rules=1"), Write::Nothing);
        // The address already says it.
        assert_eq!(
            write(Some(&Place::Home), &Place::Rules, None, "?rules=1"),
            Write::Nothing
        );
        // The editor's address carries its position: left to it.
        assert_eq!(
            write(
                Some(&Place::Editor),
                &Place::Editor,
                None,
                "?editor=1#record=e30"
            ),
            Write::Nothing
        );
        assert_eq!(
            write(
                Some(&Place::Home),
                &Place::Editor,
                None,
                "?editor=1#record=e30"
            ),
            Write::Nothing
        );
        assert_eq!(
            write(Some(&Place::Home), &Place::Editor, None, ""),
            Write::Push
        );
        // A live invitation's link stays as it is.
        assert_eq!(
            write(Some(&Place::Home), &Place::Kept, None, ""),
            Write::Nothing
        );
    }

    #[test]
    fn a_new_deal_is_addressed_by_its_deal_and_any_other_game_by_its_record() {
        let seats = [None, Some(Level::Hard)];
        assert_eq!(
            game_address(&deal(42), &seats),
            "?players=Ann,Bob:hard#deal=42"
        );
        let mut other = deal(42);
        other.sides = "BAAAAAAA".parse::<Sides>().unwrap();
        other.deck = DeckVariant::Full;
        assert_eq!(
            game_address(&other, &seats),
            "?players=Ann,Bob:hard&sides=BAAAAAAA&deck=full#deal=42"
        );
        // The link deals the same game again.
        let link = parse(&game_address(&other, &seats));
        assert_eq!(
            (link.seed, link.sides, link.deck),
            (Some(42), Some(other.sides), Some(other.deck))
        );
        // Once a turn is played (or the deck was set by hand), the record.
        let mut played = deal(42);
        let first = played.replay().unwrap().legal_turns()[0];
        played.turns.push(first);
        let address = game_address(&played, &seats);
        assert!(
            address.starts_with("?players=Ann,Bob:hard#record="),
            "{address}"
        );
        assert_eq!(parse(&address).route(), Route::Replay);
    }

    #[test]
    fn a_language_chosen_by_link_stays_in_every_address() {
        let de = Some("de");
        assert_eq!(Place::Home.address_in(de).unwrap(), "?lang=de");
        assert_eq!(Place::Rules.address_in(de).unwrap(), "?rules=1&lang=de");
        let table = Place::Table("?players=A,B#deal=4".into());
        assert_eq!(table.address_in(de).unwrap(), "?players=A,B&lang=de#deal=4");
        let by_link = Place::Table("#play=xyz".into());
        assert_eq!(by_link.address_in(de).unwrap(), "?lang=de#play=xyz");
        assert_eq!(
            parse(&by_link.address_in(de).unwrap()).lang.as_deref(),
            Some("de")
        );
        assert_eq!(
            write(Some(&Place::Home), &Place::Rules, de, "?rules=1&lang=de"),
            Write::Nothing
        );
        // Another language chosen on the same screen: its entry, rewritten.
        assert_eq!(
            write(
                Some(&Place::Rules),
                &Place::Rules,
                Some("fr"),
                "?rules=1&lang=de"
            ),
            Write::Replace
        );
    }

    #[test]
    fn a_kept_game_is_named_by_its_place() {
        assert_eq!(kept_game_address("majesty.game.12"), "?game=12");
        assert_eq!(kept_game_key("12"), "majesty.game.12");
    }

    #[test]
    fn a_setup_names_its_seating() {
        for seating in [Seating::Table, Seating::ByLink, Seating::Live] {
            assert_eq!(Seating::from_name(seating.name()), seating);
        }
        assert_eq!(Seating::from_name("nonsense"), Seating::Table);
    }
}
