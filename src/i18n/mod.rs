//! The one translation layer: every user-facing text comes from a [`Texts`]
//! catalogue. A message is a method, so a language that lacks one does not
//! compile; plurals and word order are each language's own code, never
//! sentences assembled from fragments. English is built into the first
//! load; the other catalogues are fetched when chosen ([`load`]).

use majesty_rules::bots::Level;
use majesty_rules::{ability, Card, Character, Location, RecordError, Side, Step, TurnError};

use crate::model::link::LinkProblem;
use crate::model::storage::SaveError;

/// "+3", "−2" (a real minus sign), "+0".
pub fn signed(n: i32) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        format!("+{n}")
    }
}

/// "A", "A and B", "A, B and C" with a language's `and`; `empty` for none.
pub fn join_list<S: AsRef<str>>(items: &[S], and: &str, empty: &str) -> String {
    match items {
        [] => empty.to_string(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => format!(
            "{} {and} {}",
            rest.iter()
                .map(|s| s.as_ref())
                .collect::<Vec<_>>()
                .join(", "),
            last.as_ref()
        ),
    }
}

/// "Ann 54, Bob 61".
pub fn points_list(items: &[(&str, i32)]) -> String {
    let parts: Vec<String> = items
        .iter()
        .map(|(name, p)| format!("{name} {p}"))
        .collect();
    parts.join(", ")
}

/// "Ann +10, Bob −3".
pub fn gains_list(items: &[(&str, i32)]) -> String {
    let parts: Vec<String> = items
        .iter()
        .map(|(name, p)| format!("{name} {}", signed(*p)))
        .collect();
    parts.join(", ")
}

/// What a location does on a side, in words, made from the very steps the
/// engine resolves (`majesty_rules::ability`).
pub fn describe_ability(t: &dyn Texts, location: Location, side: Side) -> String {
    let steps: Vec<String> = ability(location, side).iter().map(|s| t.step(s)).collect();
    let mut text = steps.join(t.then());
    if let Some(first) = text.chars().next() {
        text.replace_range(..first.len_utf8(), &first.to_uppercase().to_string());
    }
    text.push('.');
    text
}

mod de;
pub mod describe;
mod en;
mod es;
mod fr;

/// A language of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    De,
    Fr,
    Es,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::De, Lang::Fr, Lang::Es];

    /// The BCP 47 code: the page's `lang` attribute and the `lang=` parameter.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es",
        }
    }

    /// The language's own name, as the language picker shows it.
    pub fn endonym(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
            Lang::Es => "Español",
        }
    }

    /// The language of a code such as "de" or "fr-CA".
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first of: the `lang=` parameter, the saved choice, the browser's
    /// languages in order of preference; else English.
    pub fn choose(url: Option<&str>, saved: Option<&str>, browser: &[String]) -> Lang {
        url.and_then(Lang::from_code)
            .or_else(|| saved.and_then(Lang::from_code))
            .or_else(|| browser.iter().find_map(|b| Lang::from_code(b)))
            .unwrap_or(Lang::En)
    }
}

/// The catalogue of a language.
pub fn texts(lang: Lang) -> &'static dyn Texts {
    match lang {
        Lang::En => &en::En,
        Lang::De => &de::De,
        Lang::Fr => &fr::Fr,
        Lang::Es => &es::Es,
    }
}

/// Every message of the app.
/// Bytes in a megabyte, as file sizes are told.
pub const MEGABYTE: usize = 1024 * 1024;

pub trait Texts: Sync {
    // ---- the game's words ----
    fn character(&self, c: Character) -> &'static str;
    /// "1 Miller", "3 Millers".
    fn count_of(&self, n: u8, c: Character) -> String;
    fn location(&self, l: Location) -> &'static str;
    /// One step of a location's ability, as a clause ("+2 per Miller").
    fn step(&self, step: &Step) -> String;
    /// Joins the steps of an ability: "; then ".
    fn then(&self) -> &'static str;
    fn level(&self, level: Level) -> &'static str;
    /// A card's name: "Witch", "Witch or Guard" for a split card.
    fn card(&self, card: Card) -> String;
    /// "1 meeple", "3 meeples".
    fn meeples(&self, n: usize) -> String;
    fn turn_error(&self, error: &TurnError) -> String;

    // ---- app frame and home ----
    fn tagline(&self) -> &'static str;
    fn home(&self) -> &'static str;
    fn home_lead(&self) -> &'static str;
    fn new_game(&self) -> &'static str;
    fn your_game(&self) -> &'static str;
    /// The heading of the list of unfinished games, when there are several.
    fn games_in_progress(&self) -> &'static str;
    /// Deletes a saved game (after a question).
    fn delete_game(&self) -> &'static str;
    fn delete_game_question(&self) -> &'static str;
    fn resume(&self) -> &'static str;
    fn saved_game_summary(&self, players: &str, turn: usize, total: usize) -> String;
    fn saved_when(&self, when: &str) -> String;
    fn unreadable_title(&self) -> &'static str;
    fn unreadable_body(&self, reason: &SaveError) -> String;
    /// Why a save cannot be opened or written.
    fn save_error(&self, error: &SaveError) -> String;
    fn download_it(&self) -> &'static str;
    fn discard_it(&self) -> &'static str;
    fn cannot_open_save(&self, reason: &SaveError) -> String;
    fn storage_unavailable(&self) -> &'static str;
    fn save_failed(&self, reason: &SaveError) -> String;
    fn language(&self) -> &'static str;
    fn other_tab(&self) -> &'static str;
    fn dismiss(&self) -> &'static str;
    /// While a part of the app is being fetched.
    fn loading(&self) -> &'static str;
    /// Link parameters that could not be used.
    fn bad_link(&self, problems: &str) -> String;
    /// One of them: "seed: …".
    fn link_problem(&self, problem: &LinkProblem) -> String;
    /// "a game has 2, 3 or 4 players (this one has 5)".
    fn player_count(&self, n: usize) -> String;
    /// Why a game record cannot be read or replayed.
    fn record_error(&self, error: &RecordError) -> String;
    /// A game record (a file, a link's game) that cannot be opened.
    fn cannot_open_record(&self, error: &RecordError) -> String;
    fn replay_title(&self) -> &'static str;
    fn replay_step(&self, step: usize, total: usize) -> String;
    fn first_step(&self) -> &'static str;
    fn previous_step(&self) -> &'static str;
    fn next_step(&self) -> &'static str;
    fn last_step(&self) -> &'static str;
    fn play_replay(&self) -> &'static str;
    fn pause_replay(&self) -> &'static str;
    fn jump_to_turn(&self) -> &'static str;
    fn play_from_here(&self) -> &'static str;
    fn replay_game(&self) -> &'static str;
    fn share_deal(&self) -> &'static str;
    fn share_game(&self) -> &'static str;
    fn share_hint(&self) -> &'static str;
    fn open_record(&self) -> &'static str;
    fn how_to_play(&self) -> &'static str;
    fn new_version_ready(&self) -> &'static str;
    fn reload(&self) -> &'static str;
    fn how_to_play_steps(&self) -> [&'static str; 4];

    // ---- new game ----
    fn setup_title(&self) -> &'static str;
    fn players_legend(&self) -> &'static str;
    fn n_players(&self, n: usize) -> String;
    fn seat(&self, seat: usize, starts: bool) -> String;
    fn name_of_seat(&self, seat: usize) -> String;
    fn who_plays_seat(&self, seat: usize) -> String;
    fn default_player_name(&self, seat: usize) -> String;
    fn person(&self) -> &'static str;
    fn computer(&self, level: Level) -> String;
    fn location_cards(&self) -> &'static str;
    fn all_side(&self, side: Side) -> &'static str;
    /// "Side A".
    fn side(&self, side: Side) -> &'static str;
    fn mixed_sides(&self) -> &'static str;
    fn options(&self) -> &'static str;
    fn full_deck(&self) -> &'static str;
    fn meeple_tiebreak(&self) -> &'static str;
    fn allow_undo(&self) -> &'static str;
    fn random_first_player(&self) -> &'static str;
    fn deal_number(&self) -> &'static str;
    fn new_deal(&self) -> &'static str;
    fn bad_deal_number(&self) -> &'static str;
    fn back(&self) -> &'static str;
    fn start_game(&self) -> &'static str;

    // ---- the board ----
    fn to_play(&self, name: &str) -> String;
    fn computer_playing(&self, name: &str, level: Level) -> String;
    fn turn_of(&self, turn: usize, total: usize) -> String;
    fn game_over(&self) -> &'static str;
    fn the_display(&self) -> &'static str;
    fn cost(&self, meeples: usize) -> String;
    /// Accessible name of a display card.
    fn display_card(&self, space: usize, card: Card, lying: u8) -> String;
    fn meeples_on_card(&self, n: u8) -> String;
    fn deck_label(&self, cards: usize) -> String;
    fn choose_card(&self) -> &'static str;
    fn computer_thinking(&self) -> &'static str;
    fn your_turn(&self) -> &'static str;
    fn computers_turn(&self) -> &'static str;
    fn place_as(&self) -> &'static str;
    fn place_at(&self, c: Character) -> String;
    fn heal_question(&self, card: Card) -> String;
    fn heal_to(&self, c: Character) -> String;
    fn castle_trade(&self) -> &'static str;
    fn trade(&self, trade: i32) -> String;
    fn this_turn(&self) -> &'static str;
    fn cancel(&self) -> &'static str;
    fn confirm(&self) -> &'static str;
    fn realms(&self) -> &'static str;
    fn variety_cell(&self, n: u8, points: i32) -> String {
        format!("{n} → {points}")
    }
    fn variety_hint(&self) -> &'static str;
    fn leads(&self) -> &'static str;
    fn infirmary_top(&self, card: Card) -> String;
    fn worker(&self, meeples: u8) -> String;
    fn to_move_marker(&self) -> &'static str;
    fn take_back(&self) -> &'static str;
    fn realm_of(&self, name: &str) -> String;
    /// What a location's majority pays at the end of the game.
    fn majority_pays(&self, points: i32) -> String;
    fn score_label(&self, points: i32) -> String;
    fn theme(&self) -> &'static str;
    fn theme_name(&self, theme: crate::model::prefs::Theme) -> &'static str;
    fn computer_pace(&self) -> &'static str;
    fn pace_name(&self, pace: crate::model::prefs::Pace) -> &'static str;
    fn skip_computers(&self) -> &'static str;
    fn pass_device_option(&self) -> &'static str;
    fn see_table(&self) -> &'static str;
    fn pass_device_title(&self, name: &str) -> String;
    fn pass_device_ready(&self, name: &str) -> String;
    /// "Mill 1A".
    fn location_heading(&self, l: Location, side: Side) -> String {
        let side = match side {
            Side::A => "A",
            Side::B => "B",
        };
        format!("{} {}{side}", self.location(l), l.index() + 1)
    }
    /// The colon after a location in a log line (French: " : ").
    fn colon(&self) -> &'static str {
        ": "
    }
    fn log(&self) -> &'static str;
    fn turn_refused(&self, reason: &str) -> String;

    // ---- the log ----
    /// "Ann took a Witch for 2 meeples and picked up 1 meeple".
    fn took(&self, name: &str, card: Card, placed: Character, paid: u8, picked_up: u8) -> String;
    fn healed(&self, card: Card, c: Character) -> String;
    /// `wounded`: None if the Guards held (`held`) or nothing could be wounded.
    fn attack(&self, knights: u8, defender: &str, guards: u8, wounded: Option<Character>)
        -> String;
    /// "Brewery: 3 Brewers × 2 = +6, +3 meeples", "Cottage: 2 Millers +
    /// 1 Brewer = 3 × 2 = +6".
    fn gained_per_character(
        &self,
        location: Location,
        counted: &[(Character, u8)],
        each: i32,
        points: i32,
        meeples: i32,
    ) -> String {
        let reward = match (points, meeples) {
            (p, 0) => signed(p),
            (0, m) => format!("+{}", self.meeples(m as usize)),
            (p, m) => format!("{}, +{}", signed(p), self.meeples(m as usize)),
        };
        let parts: Vec<String> = counted.iter().map(|&(c, n)| self.count_of(n, c)).collect();
        let place = format!("{}{}", self.location(location), self.colon());
        if let [one] = parts.as_slice() {
            format!("{place}{one} × {each} = {reward}")
        } else {
            let total: u32 = counted.iter().map(|&(_, n)| u32::from(n)).sum();
            format!("{place}{} = {total} × {each} = {reward}", parts.join(" + "))
        }
    }
    fn gained_has_each(&self, location: Location, characters: &[Character], points: i32) -> String;
    fn gained_fullest(
        &self,
        location: Location,
        innkeepers: u8,
        fullest: u8,
        each: i32,
        points: i32,
    ) -> String;
    fn gained_nobles_and_wounded(
        &self,
        location: Location,
        nobles: u8,
        wounded: u8,
        each: i32,
        points: i32,
    ) -> String;
    fn everyone_gained(
        &self,
        location: Location,
        needs: Character,
        points: i32,
        names: &[&str],
    ) -> String;
    fn traded(&self, trade: i32) -> String;
    fn converted(&self, meeples: u8, points: i32) -> String;
    fn refilled(&self, card: Option<Card>) -> String;
    fn final_scoring_begins(&self) -> &'static str;

    // ---- final scoring ----
    fn final_scoring(&self) -> &'static str;
    fn winners(&self, names: &[&str]) -> String;
    fn before_final(&self) -> &'static str;
    fn infirmary_row(&self) -> &'static str;
    fn variety_row(&self) -> &'static str;
    fn majority_row(&self, l: Location) -> String;
    fn total(&self) -> &'static str;
    fn winner_mark(&self) -> &'static str;
    fn play_again(&self) -> &'static str;
    fn export_record(&self) -> &'static str;
    fn record_text(&self) -> &'static str;

    // ---- final scoring sequence and chart ----
    /// "Before final scoring: Ann 54, Bob 61".
    fn before_step(&self, scores: &[(&str, i32)]) -> String;
    /// A location's majority: "Mill: Ann +10 (most Millers)", "Castle:
    /// Ann +16, Bob +16 (tied for most Nobles)", "Inn: nobody has an
    /// Innkeeper" (`winners` empty).
    fn majority_step(&self, l: Location, winners: &[(&str, i32)]) -> String;
    /// "Infirmary: Ann −3 (3 cards), Bob −14 (2 cards, −10 for the most)":
    /// the players who lose points (name, points, cards, the most-cards part).
    fn infirmary_step(&self, losses: &[(&str, i32, u8, i32)]) -> String;
    /// Under a player's Infirmary loss: "2 cards, −10 for the most".
    fn infirmary_detail(&self, cards: u8, most: i32) -> String;
    /// "Variety: Ann +36 (6 locations × 6), Bob +25 (5 locations × 5)"
    /// (name, locations, points).
    fn variety_step(&self, gains: &[(&str, u8, i32)]) -> String;
    /// "Total: Ann 120, Bob 118. Ann wins!"
    fn totals_step(&self, totals: &[(&str, i32)], winners: &[&str]) -> String;
    /// Skips the sequence to the complete table.
    fn show_all(&self) -> &'static str;
    fn score_chart(&self) -> &'static str;
    /// The chart's accessible name: the scores where play ended and, if
    /// shown, after final scoring.
    fn score_chart_label(
        &self,
        turns: usize,
        scores: &[(&str, i32)],
        totals: Option<&[(&str, i32)]>,
    ) -> String;
    /// The chart's horizontal axis.
    fn turn_axis(&self) -> &'static str;
    /// The chart's last step, after the last turn.
    fn final_step(&self) -> &'static str;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalogue(lang: Lang) -> &'static dyn Texts {
        texts(lang)
    }

    #[test]
    fn the_language_comes_from_the_url_then_the_saved_choice_then_the_browser() {
        let browser = ["fr-FR".to_string(), "en".to_string()];
        assert_eq!(Lang::choose(Some("de"), Some("es"), &browser), Lang::De);
        assert_eq!(Lang::choose(Some("xx"), Some("es"), &browser), Lang::Es);
        assert_eq!(Lang::choose(None, None, &browser), Lang::Fr);
        assert_eq!(Lang::choose(None, None, &["pt-BR".to_string()]), Lang::En);
        assert_eq!(Lang::from_code("ES"), Some(Lang::Es));
    }

    /// Every message of the catalogue is used somewhere in the app: a
    /// message nobody shows is a key to delete. (A missing message does not
    /// compile.)
    #[test]
    fn every_message_is_used() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let catalogue = std::fs::read_to_string(format!("{dir}/i18n/mod.rs")).unwrap();
        let trait_body = &catalogue[catalogue.find("pub trait Texts").unwrap()..];
        let trait_body = &trait_body[..trait_body.find("\n}\n").unwrap()];
        let names: Vec<&str> = trait_body
            .lines()
            .filter_map(|l| l.trim().strip_prefix("fn "))
            .map(|l| &l[..l.find('(').unwrap()])
            .collect();
        assert!(names.len() > 100, "found {} messages", names.len());
        // The app's code (with the board's folder), the catalogues (a message may be used by another
        // one, e.g. `count_of` inside the log lines) and this file without
        // the lines that declare the messages.
        let mut code: String = catalogue
            .lines()
            .filter(|l| !l.trim_start().starts_with("fn "))
            .collect::<Vec<_>>()
            .join("\n");
        let mut folders = vec![std::path::PathBuf::from(dir)];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs")
                    && !path.ends_with("src/i18n/mod.rs")
                {
                    code.push_str(&std::fs::read_to_string(path).unwrap());
                }
            }
        }
        let unused: Vec<&&str> = names
            .iter()
            .filter(|n| !code.contains(&format!(".{n}(")) && !code.contains(&format!("t.{n}")))
            .collect();
        assert!(unused.is_empty(), "messages never used: {unused:?}");
    }

    /// A bad link or record is explained in the reader's language, down to
    /// the engine's reason for refusing a turn.
    #[test]
    fn link_and_record_problems_are_told_in_each_language() {
        let problem = LinkProblem::Record(RecordError::Turn {
            turn: 3,
            error: TurnError::GameOver,
        });
        let told: Vec<String> = Lang::ALL
            .iter()
            .map(|&l| catalogue(l).link_problem(&problem))
            .collect();
        assert_eq!(told[0], "record: turn 3: the game is over");
        assert_eq!(told[1], "record: Zug 3: das Spiel ist vorbei");
        for (lang, text) in Lang::ALL.iter().zip(&told) {
            let t = catalogue(*lang);
            assert!(text.starts_with("record"), "{text}");
            assert!(
                text.ends_with(&t.turn_error(&TurnError::GameOver)),
                "{text}"
            );
            assert!(t
                .link_problem(&LinkProblem::PlayerCount(5))
                .ends_with(&t.player_count(5)));
            assert!(t.player_count(5).contains('5'));
        }
        let distinct: std::collections::HashSet<&String> = told.iter().collect();
        assert_eq!(distinct.len(), Lang::ALL.len());
    }

    /// The same message differs between languages: no catalogue is a copy
    /// of another (a spot check over plain and formatted messages).
    #[test]
    fn every_language_has_its_own_words() {
        for (i, a) in Lang::ALL.iter().enumerate() {
            for b in &Lang::ALL[i + 1..] {
                let (ta, tb) = (catalogue(*a), catalogue(*b));
                assert_ne!(ta.new_game(), tb.new_game(), "{a:?} {b:?}");
                assert_ne!(ta.to_play("X"), tb.to_play("X"), "{a:?} {b:?}");
                assert_ne!(
                    ta.how_to_play_steps(),
                    tb.how_to_play_steps(),
                    "{a:?} {b:?}"
                );
                assert_ne!(
                    describe_ability(ta, Location::Inn, Side::B),
                    describe_ability(tb, Location::Inn, Side::B),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    /// English says "an Innkeeper" and "a Miller" wherever a character
    /// takes an article.
    #[test]
    fn english_articles_follow_the_sound() {
        let en = catalogue(Lang::En);
        let innkeeper = Character::Innkeeper;
        assert_eq!(
            en.took("Ann", Card::single(innkeeper), innkeeper, 0, 0),
            "Ann took an Innkeeper for free"
        );
        assert_eq!(
            en.took(
                "Ann",
                Card::split(Character::Knight, innkeeper),
                innkeeper,
                2,
                0
            ),
            "Ann took Knight/Innkeeper as an Innkeeper for 2 meeples"
        );
        assert_eq!(
            en.took(
                "Bob",
                Card::single(Character::Miller),
                Character::Miller,
                0,
                1
            ),
            "Bob took a Miller for free and picked up 1 meeple"
        );
        assert_eq!(
            en.everyone_gained(Location::Guardhouse, innkeeper, 3, &["Ann"]),
            "Guardhouse: everyone with an Innkeeper +3 → Ann"
        );
        assert_eq!(en.heal_to(innkeeper), "The Inn (as an Innkeeper)");
    }

    #[test]
    fn abilities_are_described_from_the_engines_steps() {
        let en = catalogue(Lang::En);
        assert_eq!(
            describe_ability(en, Location::Mill, Side::A),
            "+2 per Miller."
        );
        assert_eq!(
            describe_ability(en, Location::Brewery, Side::B),
            "+1 meeple per Miller and Brewer; then +10 if you have an Innkeeper and a Noble."
        );
        assert_eq!(
            describe_ability(en, Location::Infirmary, Side::B),
            "At the end of the game: −2 per card here; whoever has the most cards here (ties too) also loses 10."
        );
        assert_eq!(
            describe_ability(catalogue(Lang::De), Location::Castle, Side::A),
            "+5 und +1 Meeple je Adlige."
        );
        for lang in Lang::ALL {
            for location in Location::ALL {
                for side in [Side::A, Side::B] {
                    let text = describe_ability(catalogue(lang), location, side);
                    assert!(
                        text.len() > 8 && text.ends_with('.'),
                        "{lang:?} {location:?}: {text}"
                    );
                }
            }
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        assert_eq!(catalogue(Lang::En).count_of(1, Character::Witch), "1 Witch");
        assert_eq!(
            catalogue(Lang::En).count_of(2, Character::Witch),
            "2 Witches"
        );
        assert_eq!(
            catalogue(Lang::De).count_of(2, Character::Miller),
            "2 Müllerinnen"
        );
        assert_eq!(
            catalogue(Lang::Fr).count_of(0, Character::Knight),
            "0 Soldat"
        );
        assert_eq!(
            catalogue(Lang::Es).count_of(3, Character::Innkeeper),
            "3 Posaderos"
        );
    }
}
