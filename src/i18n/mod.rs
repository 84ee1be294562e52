//! The one translation layer: every user-facing text comes from a locale
//! file, `public/locales/<code>.json`, which a translator edits without
//! Rust. The build (build.rs) checks every file against the English one and
//! writes a typed method per message ([`Catalog`]); plurals, cases and word
//! order live in the messages (see [`message`]). English is compiled in; the
//! other languages are fetched when chosen ([`load`]).

use majesty_ai::bots::Level;
use majesty_rules::{ability, Character, Location, Side};

use message::Value;

/// "+3", "−2" (a real minus sign), "+0".
pub fn signed(n: i32) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        format!("+{n}")
    }
}

/// `value` rounded to one decimal, written with `mark` between the whole
/// and the tenth ("4.2", "-0.5"; German "4,2"). From integers, not `{:.1}`:
/// Rust's float formatting would weigh on every part that writes one.
pub fn with_one_decimal(value: f64, mark: &str) -> String {
    let tenths = (value * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let (whole, tenth) = (tenths.unsigned_abs() / 10, tenths.unsigned_abs() % 10);
    format!("{sign}{whole}{mark}{tenth}")
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
pub fn describe_ability(t: Catalog, location: Location, side: Side) -> String {
    let steps: Vec<String> = ability(location, side).iter().map(|s| t.step(s)).collect();
    let mut text = capitalize(&steps.join(t.then()));
    text.push('.');
    text
}

/// `text` with its first letter a capital: "brewery: +2" → "Brewery: +2".
pub fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| capital(first).to_string() + chars.as_str())
        .unwrap_or_default()
}

/// The capital of a Latin letter (Basic Latin, Latin-1, Latin Extended-A:
/// every letter of the game's languages), else `c` itself. Computed here
/// rather than by `char::to_uppercase`, whose table of every script's
/// capitals (12 KB) would be in the page's first load; a test checks it
/// against that table.
pub fn capital(c: char) -> char {
    let code = c as u32;
    let upper = match code {
        0x61..=0x7A | 0xE0..=0xF6 | 0xF8..=0xFE => code - 0x20,
        0xFF => 0x178,
        0x131 => 0x49,
        0x17F => 0x53,
        // Pairs, the capital first: Ā ā … Ķ ķ, Ŋ ŋ … Ŷ ŷ.
        0x100..=0x137 | 0x14A..=0x177 if code % 2 == 1 => code - 1,
        // Pairs, the capital first at an odd code: Ĺ ĺ … Ň ň, Ź ź … Ž ž.
        0x139..=0x148 | 0x179..=0x17E if code % 2 == 0 => code - 1,
        _ => code,
    };
    char::from_u32(upper).unwrap_or(c)
}

#[cfg(test)]
mod check;
pub mod describe;
// Its checks (arguments, forms, plural categories) are also the build
// script's (build.rs), which compiles this file on its own.
pub mod coach;
#[allow(dead_code)]
pub mod message;
mod notes;
mod position;
pub mod problem;
#[cfg(test)]
mod review;
mod words;

include!(concat!(env!("OUT_DIR"), "/messages.rs"));

impl Lang {
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
            .unwrap_or(Lang::ALL[0])
    }
}

/// The messages of one language.
#[derive(Clone, Copy)]
pub struct Catalog {
    lang: Lang,
    /// A fetched language's messages (not its game terms) in the order of
    /// their keys: each accessor names its message by its place (build.rs),
    /// so the keys are not in the page's code. Empty for the source
    /// language, whose texts are in its accessors.
    messages: &'static [&'static str],
    /// A fetched language's game terms' forms, sorted by key (each language
    /// has forms of its own).
    terms: &'static [(&'static str, &'static str)],
    /// The words a fetched language elides before a vowel (French "d’").
    elision: message::Elision<'static>,
}

/// A number a message counts with (plural cases, `#`).
pub trait Count: Copy {
    fn number(self) -> i64;
}

macro_rules! count {
    ($($t:ty),*) => { $(impl Count for $t { fn number(self) -> i64 { self as i64 } })* };
}
count!(u8, u16, u32, u64, usize, i32, i64);

/// A game term's key in the locale files ("miller" in "character.miller").
pub trait TermId: Copy {
    fn id(self) -> &'static str;
}

impl TermId for Character {
    fn id(self) -> &'static str {
        match self {
            Character::Miller => "miller",
            Character::Brewer => "brewer",
            Character::Witch => "witch",
            Character::Guard => "guard",
            Character::Knight => "knight",
            Character::Innkeeper => "innkeeper",
            Character::Noble => "noble",
        }
    }
}

impl TermId for Location {
    fn id(self) -> &'static str {
        match self {
            Location::Mill => "mill",
            Location::Brewery => "brewery",
            Location::Cottage => "cottage",
            Location::Guardhouse => "guardhouse",
            Location::Barracks => "barracks",
            Location::Inn => "inn",
            Location::Castle => "castle",
            Location::Infirmary => "infirmary",
        }
    }
}

impl TermId for Level {
    /// The name links and the command line use ("hard").
    fn id(self) -> &'static str {
        self.name()
    }
}

fn term_key(group: &str, id: &str) -> String {
    format!("{group}.{id}")
}

impl Catalog {
    /// The language compiled in. Its texts are in the accessors that show
    /// them (build.rs), so it has no table of its own.
    pub fn source() -> Catalog {
        Catalog {
            lang: Lang::ALL[0],
            messages: &[],
            terms: &[],
            elision: message::Elision {
                before: "",
                words: &[],
            },
        }
    }

    /// A language's catalogue from the text of its locale file; an error
    /// if the file's messages are not this version's (a file fetched by a
    /// page of another version).
    pub fn from_json(lang: Lang, text: &str) -> Result<Catalog, String> {
        let json: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let mut list = Vec::new();
        message::flatten("", &json, &mut list)?;
        let (terms, messages): (Vec<_>, Vec<_>) = list
            .into_iter()
            .map(|(k, v)| (&*k.leak(), &*v.leak()))
            .partition(|(k, _)| message::group_of(k).is_some());
        let messages = crate::model::sorted::sorted(messages);
        if message::key_fingerprint(messages.iter().map(|(k, _)| *k)) != MESSAGE_KEYS_FINGERPRINT {
            return Err(format!(
                "the messages of {} are not this version's",
                lang.file()
            ));
        }
        let messages: Vec<&'static str> = messages.into_iter().map(|(_, v)| v).collect();
        let elision = match message::elision(&json)? {
            Some((before, words)) => message::Elision {
                before: before.leak(),
                words: words
                    .into_iter()
                    .map(|(w, e)| (&*w.leak(), &*e.leak()))
                    .collect::<Vec<_>>()
                    .leak(),
            },
            None => message::Elision::default(),
        };
        Ok(Catalog {
            lang,
            messages: messages.leak(),
            terms: crate::model::sorted::sorted(terms).leak(),
            elision,
        })
    }

    /// A rule scenario's `title` or `text` (`scenario.<id>.<part>` in the
    /// locale files: plain text, looked up by the engine's scenario id).
    pub fn scenario(&self, id: &str, part: &str) -> &'static str {
        self.text_of(
            &SOURCE_SCENARIOS,
            SCENARIOS_AT,
            &format!("scenario.{id}.{part}"),
        )
    }

    /// A tutorial step's text (`tutorial.step.<id>`).
    pub fn tutorial_step(&self, id: &str) -> &'static str {
        self.text_of(
            &SOURCE_TUTORIAL_STEPS,
            TUTORIAL_STEPS_AT,
            &format!("tutorial.step.{id}"),
        )
    }

    /// The text of `key`, one of the source's `table` of messages whose
    /// first is at place `at`.
    fn text_of(
        &self,
        table: &'static [(&'static str, &'static str)],
        at: usize,
        key: &str,
    ) -> &'static str {
        match table.binary_search_by(|(k, _)| (*k).cmp(key)) {
            Ok(i) => self.text(at + i, table[i].1),
            Err(_) => "",
        }
    }

    /// The text of the message at `place`; `source`, the source language's.
    /// (Never inlined: each of the hundreds of accessors calls it.)
    #[inline(never)]
    fn text(&self, place: usize, source: &'static str) -> &'static str {
        self.messages.get(place).copied().unwrap_or(source)
    }

    /// A game term in one of its forms ("character.miller", "plural").
    fn term(&self, key: &str, form: &str) -> Option<&'static str> {
        search(self.term_forms(), &format!("{key}.{form}"))
    }

    /// The game terms' forms of this language, sorted by key.
    fn term_forms(&self) -> &'static [(&'static str, &'static str)] {
        if self.lang == Lang::ALL[0] {
            &SOURCE_TERMS
        } else {
            self.terms
        }
    }

    #[inline(never)]
    fn format(&self, place: usize, source: &'static str, args: &[(&str, Value)]) -> String {
        let text = self.text(place, source);
        let Ok(pieces) = message::parse(text) else {
            return text.to_string();
        };
        let mut out = String::new();
        let form = |key: &str, form: &str| self.term(key, form).map(str::to_string);
        let grammar = message::Grammar {
            lang: self.lang.code(),
            elision: self.elision,
            form: &form,
        };
        message::fill(&pieces, args, grammar, &mut out);
        out
    }

    /// The text of `key`, a message or a term form (the tests').
    #[cfg(test)]
    fn lookup(&self, key: &str) -> Option<&'static str> {
        if message::group_of(key).is_some() {
            return search(self.term_forms(), key);
        }
        let place = MESSAGE_KEYS.binary_search(&key).ok()?;
        if self.lang == Lang::ALL[0] {
            search(&SOURCE, key)
        } else {
            self.messages.get(place).copied()
        }
    }
}

/// The text of `key` in `entries` (sorted by key).
fn search(entries: &'static [(&'static str, &'static str)], key: &str) -> Option<&'static str> {
    let i = entries.binary_search_by(|(k, _)| (*k).cmp(key)).ok()?;
    Some(entries[i].1)
}

thread_local! {
    /// The catalogues fetched so far: data, not calls. Every text on the
    /// page is read through `texts` (the model's messages included, with no
    /// owner at hand), and the first language is fetched before the app
    /// starts.
    static LOADED: std::cell::RefCell<Vec<Catalog>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The catalogue of a language if it is at hand (the source language always
/// is; in the browser another one once [`load`]ed), else the source's.
pub fn texts(lang: Lang) -> Catalog {
    if lang == Lang::ALL[0] {
        return Catalog::source();
    }
    if let Some(found) = loaded(lang) {
        return found;
    }
    #[cfg(any(test, not(target_arch = "wasm32")))]
    if let Ok(catalog) = Catalog::from_json(lang, lang.source()) {
        return remember(catalog);
    }
    Catalog::source()
}

fn loaded(lang: Lang) -> Option<Catalog> {
    LOADED.with(|l| l.borrow().iter().find(|c| c.lang == lang).copied())
}

fn remember(catalog: Catalog) -> Catalog {
    LOADED.with(|l| l.borrow_mut().push(catalog));
    catalog
}

/// Fetches a language's locale file once; then [`texts`] has it.
pub async fn load(lang: Lang) -> Result<Catalog, String> {
    if lang == Lang::ALL[0] || loaded(lang).is_some() {
        return Ok(texts(lang));
    }
    if cfg!(any(test, not(target_arch = "wasm32"))) {
        return Ok(texts(lang));
    }
    let text = crate::browser::fetch_text(lang.file()).await?;
    Ok(remember(Catalog::from_json(lang, &text)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `char::to_uppercase` makes of `c` when that is one Latin
    /// letter (the block `capital` knows), else `c`.
    fn std_capital(c: char) -> char {
        let mut upper = c.to_uppercase();
        match (upper.next(), upper.next()) {
            (Some(u), None) if u as u32 <= 0x17F => u,
            _ => c,
        }
    }

    #[test]
    fn a_latin_capital_is_the_one_unicode_gives() {
        for c in (0..=0x17F).filter_map(char::from_u32) {
            assert_eq!(capital(c), std_capital(c), "{c:?} (U+{:04X})", c as u32);
        }
        assert_eq!(capital('ß'), 'ß', "no one-letter capital");
        assert_eq!(capital('ω'), 'ω', "another script is left as it is");
        assert_eq!(capitalize("état: +2"), "État: +2");
        assert_eq!(capitalize(""), "");
    }

    #[test]
    fn every_text_of_every_language_begins_with_the_capital_unicode_gives() {
        for lang in Lang::ALL {
            for (key, text) in file_entries(lang) {
                if let Some(first) = text.chars().next() {
                    let mut upper = first.to_uppercase();
                    if let (Some(u), None) = (upper.next(), upper.next()) {
                        assert_eq!(capital(first), u, "{}: {key}: {text:?}", lang.code());
                    }
                }
            }
        }
    }

    use crate::model::link::LinkProblem;
    use majesty_rules::{Card, RecordError, TurnError};

    /// A language's catalogue with all its messages listed (the source
    /// language's are otherwise in its accessors only).
    fn catalogue(lang: Lang) -> Catalog {
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

    /// Every text of a language's locale file by its dotted key, read
    /// from the file itself.
    fn file_entries(lang: Lang) -> Vec<(String, String)> {
        let json: serde_json::Value = serde_json::from_str(lang.source()).unwrap();
        let mut list = Vec::new();
        message::flatten("", &json, &mut list).unwrap();
        list
    }

    /// The keys of the English locale file that are messages (not terms).
    fn message_keys() -> Vec<String> {
        file_entries(Lang::En)
            .into_iter()
            .map(|(k, _)| k)
            .filter(|k| {
                ![
                    "character.",
                    "location.",
                    "level.",
                    "scenario.",
                    "tutorial.step.",
                ]
                .iter()
                .any(|g| k.starts_with(g))
            })
            .collect()
    }

    /// English as the app shows it (each accessor's own text) is the
    /// locale file's.
    #[test]
    fn every_english_text_is_the_locale_files() {
        assert!(PLAIN_ACCESSORS.len() > 100);
        for (key, accessor) in PLAIN_ACCESSORS {
            assert_eq!(
                Some(accessor(Catalog::source())),
                catalogue(Lang::En).lookup(key),
                "{key}"
            );
        }
        // Formatted ones: a number, and game terms in their forms.
        let t = Catalog::source();
        assert_eq!(t.setup_seat(3), "Seat 3");
        assert_eq!(
            t.board_heal_to(Location::Brewery, Character::Brewer),
            "The Brewery (as a Brewer)"
        );
    }

    /// A fetched language's messages are read by their places: every
    /// accessor shows its own message of that language's file (read here
    /// by key, apart from the app's way).
    #[test]
    fn every_language_shows_each_message_of_its_file() {
        for lang in Lang::ALL {
            let file: std::collections::BTreeMap<String, String> =
                file_entries(lang).into_iter().collect();
            for (key, accessor) in PLAIN_ACCESSORS {
                assert_eq!(accessor(texts(lang)), file[key], "{key} in {}", lang.code());
            }
            let t = texts(lang);
            assert_eq!(
                t.setup_seat(3),
                file["setup.seat"].replace("{number}", "3"),
                "{}",
                lang.code()
            );
        }
    }

    /// A locale file of another version (a message more, or one less) is
    /// refused: its texts would show in other messages' places.
    #[test]
    fn a_locale_file_of_another_version_is_refused() {
        let json: serde_json::Value = serde_json::from_str(Lang::De.source()).unwrap();
        let mut more = json.clone();
        more["a_message_of_another_version"] = "Neu".into();
        let mut less = json.clone();
        less.as_object_mut().unwrap().remove("dismiss").unwrap();
        for other in [more, less] {
            let refused = Catalog::from_json(Lang::De, &other.to_string());
            assert!(refused.is_err_and(|e| e.contains("not this version")));
        }
        // Terms are each language's own: a form more is no other version.
        let mut term = json.clone();
        term["character"]["miller"]["genitive"] = "des Müllers".into();
        let de = Catalog::from_json(Lang::De, &term.to_string()).unwrap();
        assert_eq!(de.term("character.miller", "genitive"), Some("des Müllers"));
        assert_eq!(de.dismiss(), json["dismiss"]);
    }

    /// Every rule scenario has its title and text in every language, as
    /// the Rules screen asks for them.
    #[test]
    fn every_scenario_speaks_every_language() {
        for scenario in &majesty_content::scenarios::SCENARIOS {
            for lang in Lang::ALL {
                for part in ["title", "text"] {
                    let key = format!("scenario.{}.{part}", scenario.id);
                    let text = texts(lang).scenario(scenario.id, part);
                    assert!(!text.is_empty(), "{key} in {}", lang.code());
                    assert_eq!(Some(text), catalogue(lang).lookup(&key));
                }
            }
        }
    }

    /// Every step of every tutorial has its text in every language.
    #[test]
    fn every_tutorial_step_speaks_every_language() {
        for tutorial in &majesty_content::tutorial::TUTORIALS {
            for step in tutorial.steps() {
                for lang in Lang::ALL {
                    let key = format!("tutorial.step.{}", step.id);
                    assert!(
                        catalogue(lang).lookup(&key).is_some_and(|t| !t.is_empty()),
                        "{key} in {}",
                        lang.code()
                    );
                    // As the app asks for it (English: from its own table).
                    assert_eq!(
                        texts(lang).tutorial_step(step.id),
                        catalogue(lang).lookup(&key).unwrap(),
                        "{key} in {}",
                        lang.code()
                    );
                }
            }
        }
    }

    /// Every message of the locale files is used somewhere in the app: a
    /// message nobody shows is a key to delete. (A missing message does not
    /// compile.)
    #[test]
    fn every_message_is_used() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut code = String::new();
        let mut folders = vec![std::path::PathBuf::from(dir)];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    code.push_str(&std::fs::read_to_string(path).unwrap());
                }
            }
        }
        let keys = message_keys();
        assert!(keys.len() > 150, "found {} messages", keys.len());
        let unused: Vec<&String> = keys
            .iter()
            .filter(|k| !code.contains(&format!(".{}(", k.replace('.', "_"))))
            .collect();
        assert!(unused.is_empty(), "messages never used: {unused:?}");
    }

    /// Every language's file is complete: the build checks the keys and
    /// placeholders; here every message is filled in, in every language,
    /// with no placeholder left over and no form missing.
    #[test]
    fn every_message_fills_in_every_language() {
        for lang in Lang::ALL {
            let t = catalogue(lang);
            assert_eq!(t.lang, lang, "{lang:?} did not load");
            for key in message_keys() {
                let text = t.lookup(&key).unwrap_or_default();
                assert!(!text.is_empty(), "{lang:?} {key}");
                let pieces = message::parse(text).unwrap();
                let mut forms = Vec::new();
                message::forms(&pieces, &mut forms);
                for (arg, form) in forms {
                    let group = arg.split('_').next().unwrap();
                    let first = t
                        .term_forms()
                        .iter()
                        .find(|(k, _)| k.starts_with(&format!("{group}.")))
                        .map(|(k, _)| k.rsplit_once('.').unwrap().0)
                        .unwrap();
                    assert!(
                        t.term(first, form).is_some(),
                        "{lang:?} {key}: {{{arg}:{form}}}"
                    );
                }
            }
        }
    }

    /// Numbers are written as each language writes them, and "points"
    /// agree with their number.
    #[test]
    fn decimals_and_plurals_follow_the_language() {
        let [en, de, fr, _] = Lang::ALL.map(catalogue);
        assert_eq!(en.signed_tenths(-1.34), "−1.3");
        assert_eq!(de.signed_tenths(-1.34), "−1,3");
        assert_eq!(fr.tenths(77.61), "77,6");
        assert_eq!(de.signed_tenths(0.01), "+0,0");
        assert_eq!(en.tenths(9.96), "10.0");
        assert_eq!(en.tenths(-2.04), "-2.0");
        assert_eq!(de.coach_reason_points(signed(1), 1u32), "+1 Punkt jetzt");
        assert_eq!(de.coach_reason_points(signed(-3), 3u32), "−3 Punkte jetzt");
        assert_eq!(en.coach_reason_points(signed(1), 1u32), "+1 point now");
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

    /// A record whose start position cannot occur is named with its
    /// reasons inside one sentence, ended by one full stop in every
    /// language ("5 seats for a game of 2 players.." was shown).
    #[test]
    fn a_position_error_in_a_notice_ends_once() {
        use majesty_rules::position::PositionError;
        let error = RecordError::Position(vec![PositionError::SeatCount {
            seats: 5,
            players: 2,
        }]);
        for lang in Lang::ALL {
            let notice = catalogue(lang).cannot_open_record(&error);
            assert!(notice.contains('5'), "{lang:?}: {notice}");
            assert!(notice.ends_with('.'), "{lang:?}: {notice}");
            assert!(!notice.contains(".."), "{lang:?}: {notice}");
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

    /// German: a character goes "in die Brauerei", not "an Brauerei", and a
    /// step after "danach" keeps its word order.
    #[test]
    fn german_places_take_their_article_and_steps_keep_their_word_order() {
        let de = catalogue(Lang::De);
        assert_eq!(de.place_at(Character::Brewer), "Brauer in die Brauerei");
        assert_eq!(de.place_at(Character::Witch), "Hexe ins Hexenhaus");
        assert_eq!(de.place_at(Character::Guard), "Wache in den Wachturm");
        for location in Location::ALL {
            for side in [Side::A, Side::B] {
                let text = describe_ability(de, location, side);
                assert!(!text.contains("danach jeder"), "{text}");
            }
        }
        assert_eq!(de.title(), "Majesty – deine Krone, dein Königreich");
    }

    /// Sentences built from a term take the term's gender and case: each
    /// of these read wrong before a review ("die Karte Brauer
    /// umsonst", "an Mühle", "soigné(e)", "curado" for the Miller).
    #[test]
    fn assembled_sentences_agree_with_their_terms() {
        let (de, fr, es) = (
            catalogue(Lang::De),
            catalogue(Lang::Fr),
            catalogue(Lang::Es),
        );
        let (brewer, miller, noble) = (Character::Brewer, Character::Miller, Character::Noble);
        assert_eq!(
            de.took("Anna", Card::single(brewer), brewer, 0, 1),
            "Anna nimmt einen Brauer kostenlos und erhält 1 Meeple"
        );
        let split = Card::split(miller, Character::Guard);
        assert_eq!(
            de.turn_error(&TurnError::HealChoiceInvalid {
                card: split,
                character: miller
            }),
            "die geheilte Doppelkarte Müllerin oder Wache kann nicht in die Mühle"
        );
        assert_eq!(
            fr.healed(Card::single(noble), noble),
            "Herboristerie\u{a0}: Noble soignée → Château"
        );
        assert!(fr
            .attack(2, "Bruno", 1, Some(miller))
            .ends_with("→ Bruno\u{a0}: Meunière blessée"));
        assert_eq!(
            fr.took(
                "Anne",
                Card::single(Character::Innkeeper),
                Character::Innkeeper,
                0,
                0
            ),
            "Anne prend un Tavernier gratuitement"
        );
        assert_eq!(
            es.healed(Card::single(miller), miller),
            "Cabaña: Molinera curada → Molino"
        );
        assert_eq!(
            es.took("Ana", Card::single(noble), noble, 0, 0),
            "Ana toma una Noble gratis"
        );
    }

    /// French elides "de" before a name that begins with a vowel, and
    /// puts its own spaces before two-part punctuation.
    #[test]
    fn french_elides_and_spaces_its_punctuation() {
        let fr = catalogue(Lang::Fr);
        assert_eq!(
            fr.attack(2, "Ann", 0, None),
            "Attaque\u{a0}: 2 Soldats contre 0 Garde d’Ann → personne à blesser"
        );
        assert!(fr.attack(1, "Bob", 1, None).contains(" de Bob "));
        assert_eq!(fr.realm_of("Ordinateur"), "Royaume d’Ordinateur");
        for (key, text) in file_entries(Lang::Fr) {
            assert!(
                !text.contains('\''),
                "fr: {key}: a straight apostrophe in {text:?}"
            );
            for mark in [" :", " ;", " ?", " !", "« ", " »"] {
                assert!(
                    !text.contains(mark),
                    "fr: {key}: {mark:?} without a non-breaking space in {text:?}"
                );
            }
        }
    }

    /// German, French and Spanish use their own quotes, Spanish opens its
    /// questions and exclamations, and no language writes a range with a
    /// hyphen.
    #[test]
    fn each_language_writes_its_own_punctuation() {
        for lang in Lang::ALL {
            for (key, text) in file_entries(lang) {
                assert!(
                    lang == Lang::En || !text.contains('"'),
                    "{lang:?} {key}: straight quotes in {text:?}"
                );
                let hyphen_range = text.as_bytes().windows(3).any(|w| {
                    w[1] == b'-' && w[0].is_ascii_digit() && (w[2].is_ascii_digit() || w[2] == b'{')
                });
                assert!(
                    !hyphen_range,
                    "{lang:?} {key}: a range needs an en dash: {text:?}"
                );
                if lang == Lang::Es {
                    assert_eq!(
                        text.matches('?').count(),
                        text.matches('¿').count(),
                        "es {key}"
                    );
                    assert_eq!(
                        text.matches('!').count(),
                        text.matches('¡').count(),
                        "es {key}"
                    );
                }
            }
        }
    }

    /// A count agrees with its noun in every language ("1 gagnée sur
    /// 1 partie", "2 gagnées sur 3 parties").
    #[test]
    fn counts_agree_with_their_nouns() {
        let [en, de, fr, es] = Lang::ALL.map(catalogue);
        let level = Level::Easy;
        assert_eq!(
            fr.stats_against(level, 1u32, 1u32),
            "Contre facile\u{a0}: 1 gagnée sur 1 partie"
        );
        assert_eq!(
            fr.stats_people(2u32, 3u32),
            "Entre humains\u{a0}: 2 gagnées sur 3 parties"
        );
        assert_eq!(
            es.stats_people(1u32, 2u32),
            "Entre personas: 1 ganada de 2 partidas"
        );
        assert_eq!(
            de.stats_people(1u32, 1u32),
            "Nur Menschen: 1 von 1 Partie gewonnen"
        );
        assert_eq!(
            en.stats_people(1u32, 2u32),
            "Between people: 1 won of 2 games"
        );
        assert_eq!(
            en.turn_error(&TurnError::NotEnoughMeeples { needed: 1, have: 0 }),
            "this card costs 1 meeple, but the player has 0"
        );
    }

    /// A pronoun for a card agrees with the character it is placed as.
    #[test]
    fn pronouns_agree_with_the_characters_gender() {
        let [en, de, fr, es] = Lang::ALL.map(catalogue);
        let (knight, miller) = (Character::Knight, Character::Miller);
        let said =
            |t: Catalog, c: Character| t.rules_suggested(t.character(c), 2, c, t.place_at(c));
        for (t, c, expected) in [
            (de, knight, "und lege ihn: Soldat"),
            (de, miller, "und lege sie: Müllerin"),
            (fr, knight, "posez-le\u{a0}: Soldat"),
            (fr, miller, "posez-la\u{a0}: Meunière"),
            (es, knight, "colócalo: Soldado"),
            (es, miller, "colócala: Molinera"),
            (en, knight, "place it: Knight"),
        ] {
            let text = said(t, c);
            assert!(text.contains(expected), "{text}");
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
            "3 Taberneros"
        );
    }

    /// A reason says what the turn changes at the end of the game, with
    /// the points each change is worth, in every language.
    #[test]
    fn a_reason_names_variety_majorities_and_the_infirmary_with_their_points() {
        use majesty_ai::coach::{MajorityChange, Reason};
        use majesty_rules::{Location, Seat};
        let reason = Reason {
            seat: Seat::default(),
            points: vec![5, 0],
            meeples: 0,
            converted: 1,
            variety: 9,
            locations: 5,
            majorities: vec![
                MajorityChange {
                    location: Location::Castle,
                    value: 16,
                    won: true,
                    alone: true,
                    held: true,
                    lost_by: vec![],
                },
                MajorityChange {
                    location: Location::Guardhouse,
                    value: 13,
                    won: true,
                    alone: false,
                    held: true,
                    lost_by: vec![Seat::new(1).unwrap()],
                },
            ],
            infirmary: vec![0, -12],
            at_the_end: vec![43, -25],
            ..Reason::default()
        };
        let names = ["Ann".to_string(), "Bob".to_string()];
        assert_eq!(
            catalogue(Lang::En).reason(&reason, &names),
            [
                "+5 points now",
                "1 spare meeple becomes a point",
                "majority won: Castle, +16 at the end",
                "majority shared: Guardhouse, +13 at the end (a tie scores in full)",
                "Bob loses the majority: Guardhouse, −13 at the end",
                "+9 variety: characters at 5 locations (5 × 5 at the end)",
                "opponents' Infirmary at the end: Bob −12",
                "if the game ended now: +43 for you, Bob −25",
            ]
        );
        for lang in Lang::ALL {
            let parts = catalogue(lang).reason(&reason, &names);
            assert_eq!(parts.len(), 8, "{lang:?}");
            for (part, figure) in parts
                .iter()
                .zip(["+5", "1", "+16", "+13", "−13", "+9", "−12", "+43"])
            {
                assert!(part.contains(figure), "{lang:?}: {part}");
            }
        }
    }
}
