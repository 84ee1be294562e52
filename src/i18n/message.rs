//! One message of a locale file and how it is filled in. The syntax is the
//! part of ICU MessageFormat that translation tools know, plus game terms:
//!
//! - `{name}`: an argument (a name, a number, or a game term in its `name`
//!   form);
//! - `{character:plural}`: a form of a game term, as the locale file defines
//!   it for every character (or location, or level);
//! - `{count, plural, =0 {free} one {# meeple} other {# meeples}}`: exact
//!   values first, then the language's plural category; `#` is the number;
//! - `{split, select, yes {…} other {…}}`: a case chosen by a word;
//! - `{character, select, f {sie} m {ihn} other {es}}`: on a game term, a
//!   case chosen by the term's `gender` form (agreement).
//!
//! A language may elide a word before a vowel (French "de" + "Ann" →
//! "d’Ann"): its file's `"@elision"` says which words and which letters
//! ([`Elision`]), and filling a message in applies it where an argument
//! follows such a word.
//!
//! Apostrophes are plain text (no ICU quoting). This file is also compiled
//! into the build script, which checks every locale file with it.

use std::fmt::Write;

/// A piece of a parsed message.
#[derive(Debug, PartialEq)]
pub enum Piece<'a> {
    Text(&'a str),
    /// `{name}`.
    Arg(&'a str),
    /// `{name:form}`.
    Form(&'a str, &'a str),
    /// `#` inside a plural case: the number.
    Count,
    Plural(&'a str, Vec<Case<'a>>),
    Select(&'a str, Vec<Case<'a>>),
}

/// One case of a plural or select: `one {…}`, `=0 {…}`.
#[derive(Debug, PartialEq)]
pub struct Case<'a> {
    pub key: &'a str,
    pub pieces: Vec<Piece<'a>>,
}

/// Parses a message, or says what is wrong with it.
pub fn parse(text: &str) -> Result<Vec<Piece<'_>>, String> {
    let mut parser = Parser { text, at: 0 };
    let pieces = parser.pieces(false)?;
    match parser.at == text.len() {
        true => Ok(pieces),
        false => Err(format!("unmatched }} at byte {}", parser.at)),
    }
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    /// Text and placeholders up to an unmatched `}` or the end.
    fn pieces(&mut self, in_plural: bool) -> Result<Vec<Piece<'a>>, String> {
        let mut pieces = Vec::new();
        loop {
            let rest = self.rest();
            let stop = rest
                .find(|c| c == '{' || c == '}' || (in_plural && c == '#'))
                .unwrap_or(rest.len());
            if stop > 0 {
                pieces.push(Piece::Text(&rest[..stop]));
                self.at += stop;
            }
            match self.rest().chars().next() {
                None | Some('}') => return Ok(pieces),
                Some('#') => {
                    self.at += 1;
                    pieces.push(Piece::Count);
                }
                _ => {
                    self.at += 1;
                    pieces.push(self.placeholder()?);
                }
            }
        }
    }

    /// After a `{`: up to and including its `}`.
    fn placeholder(&mut self) -> Result<Piece<'a>, String> {
        let name = self.word();
        if name.is_empty() {
            return Err(format!("a placeholder without a name at byte {}", self.at));
        }
        let piece = if self.eat(':') {
            let form = self.word();
            if form.is_empty() {
                return Err(format!("{{{name}:}} names no form"));
            }
            Piece::Form(name, form)
        } else if self.eat(',') {
            let kind = self.word();
            if !self.eat(',') {
                return Err(format!("{{{name}, {kind}}} needs its cases"));
            }
            match kind {
                "plural" => Piece::Plural(name, self.cases(name, true)?),
                "select" => Piece::Select(name, self.cases(name, false)?),
                _ => return Err(format!("{{{name}, {kind}, …}}: only plural and select")),
            }
        } else {
            Piece::Arg(name)
        };
        self.skip_spaces();
        match self.eat('}') {
            true => Ok(piece),
            false => Err(format!("{{{name}…: a }} is missing")),
        }
    }

    fn cases(&mut self, name: &str, plural: bool) -> Result<Vec<Case<'a>>, String> {
        let mut cases = Vec::new();
        loop {
            self.skip_spaces();
            if self.rest().starts_with('}') || self.rest().is_empty() {
                break;
            }
            let start = self.at;
            self.eat('=');
            self.word();
            let key = &self.text[start..self.at];
            self.skip_spaces();
            if key.is_empty() || !self.eat('{') {
                return Err(format!("{{{name}, …}}: a case is `key {{text}}`"));
            }
            let pieces = self.pieces(plural)?;
            if !self.eat('}') {
                return Err(format!("{{{name}, …}}: case {key} is not closed"));
            }
            cases.push(Case { key, pieces });
        }
        match cases.iter().any(|c| c.key == "other") {
            true => Ok(cases),
            false => Err(format!("{{{name}, …}} needs an `other` case")),
        }
    }

    fn word(&mut self) -> &'a str {
        self.skip_spaces();
        let rest = self.rest();
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        self.at += end;
        &rest[..end]
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_spaces();
        let found = self.rest().starts_with(c);
        if found {
            self.at += c.len_utf8();
        }
        found
    }

    fn skip_spaces(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start_matches(' ').len();
    }
}

/// Every argument a message names, in order of first use: (name, used as
/// a plural's number).
pub fn arguments<'a>(pieces: &[Piece<'a>], out: &mut Vec<(&'a str, bool)>) {
    fn add<'a>(out: &mut Vec<(&'a str, bool)>, name: &'a str, number: bool) {
        match out.iter_mut().find(|(n, _)| *n == name) {
            Some(found) => found.1 |= number,
            None => out.push((name, number)),
        }
    }
    for piece in pieces {
        match piece {
            Piece::Arg(name) | Piece::Form(name, _) => add(out, name, false),
            Piece::Plural(name, cases) | Piece::Select(name, cases) => {
                add(out, name, matches!(piece, Piece::Plural(..)));
                for case in cases {
                    arguments(&case.pieces, out);
                }
            }
            Piece::Text(_) | Piece::Count => {}
        }
    }
}

/// Every `{argument:form}` of a message.
pub fn forms<'a>(pieces: &[Piece<'a>], out: &mut Vec<(&'a str, &'a str)>) {
    for piece in pieces {
        match piece {
            Piece::Form(name, form) => out.push((name, form)),
            Piece::Plural(_, cases) | Piece::Select(_, cases) => {
                cases.iter().for_each(|c| forms(&c.pieces, out))
            }
            _ => {}
        }
    }
}

/// The plural cases of a message: (argument, case keys).
pub fn plural_cases<'a>(pieces: &[Piece<'a>], out: &mut Vec<(&'a str, Vec<&'a str>)>) {
    for piece in pieces {
        if let Piece::Plural(name, cases) = piece {
            out.push((name, cases.iter().map(|c| c.key).collect()));
        }
        if let Piece::Plural(_, cases) | Piece::Select(_, cases) = piece {
            cases.iter().for_each(|c| plural_cases(&c.pieces, out));
        }
    }
}

/// The select cases of a message: (argument, case keys).
pub fn select_cases<'a>(pieces: &[Piece<'a>], out: &mut Vec<(&'a str, Vec<&'a str>)>) {
    for piece in pieces {
        if let Piece::Select(name, cases) = piece {
            out.push((name, cases.iter().map(|c| c.key).collect()));
        }
        if let Piece::Plural(_, cases) | Piece::Select(_, cases) = piece {
            cases.iter().for_each(|c| select_cases(&c.pieces, out));
        }
    }
}

/// Game terms: every member has a `name` and the forms its language adds.
/// An argument is a term of a group when it is named after the group
/// (`character`, `character_needs`).
pub const TERM_GROUPS: [(&str, &str); 3] = [
    ("character", "Character"),
    ("location", "Location"),
    ("level", "Level"),
];

/// The term group of a key ("character.miller.plural"). The other keys
/// are messages, the same in every language.
pub fn group_of(key: &str) -> Option<&'static str> {
    let first = key.split('.').next();
    TERM_GROUPS
        .iter()
        .map(|(g, _)| *g)
        .find(|g| first == Some(*g))
}

/// FNV-1a of message keys in their order: the app knows each message by
/// its place among the keys (build.rs), and reads a locale file only if
/// its keys are the ones this fingerprint was made of.
pub fn key_fingerprint<'a>(keys: impl IntoIterator<Item = &'a str>) -> u64 {
    fnv1a(keys.into_iter().flat_map(|k| k.bytes().chain([b'\n'])))
}

/// FNV-1a (64 bits) of `bytes`.
pub fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// A locale file's messages by dotted key ("log_line.took"); keys that
/// begin with `@` are about the file, not messages.
pub fn flatten(
    prefix: &str,
    value: &serde_json::Value,
    out: &mut Vec<(String, String)>,
) -> Result<(), String> {
    let serde_json::Value::Object(map) = value else {
        return Err(format!("{prefix} must be a group of messages"));
    };
    for (key, value) in map.iter().filter(|(k, _)| !k.starts_with('@')) {
        let key = match prefix {
            "" => key.clone(),
            _ => format!("{prefix}.{key}"),
        };
        match value {
            serde_json::Value::String(text) => out.push((key, text.clone())),
            serde_json::Value::Object(_) => flatten(&key, value, out)?,
            _ => return Err(format!("{key}: a message is a string")),
        }
    }
    Ok(())
}

/// The CLDR plural categories of a language for whole numbers, `other`
/// last. A language not listed has English's.
pub fn plural_categories(lang: &str) -> &'static [&'static str] {
    match lang {
        "fr" | "es" | "it" | "pt" | "ca" => &["one", "many", "other"],
        "pl" | "ru" | "uk" => &["one", "few", "many", "other"],
        "cs" | "sk" => &["one", "few", "other"],
        "ja" | "zh" | "ko" | "vi" | "th" => &["other"],
        _ => &["one", "other"],
    }
}

/// The plural category of a whole number in a language (CLDR rules).
pub fn plural_category(lang: &str, n: i64) -> &'static str {
    let n = n.unsigned_abs();
    let (ten, hundred) = (n % 10, n % 100);
    let millions = n != 0 && n % 1_000_000 == 0;
    match lang {
        "fr" | "pt" if n <= 1 => "one",
        "fr" | "es" | "it" | "pt" | "ca" if millions => "many",
        "es" | "it" | "ca" if n == 1 => "one",
        "pl" if n == 1 => "one",
        "ru" | "uk" if ten == 1 && hundred != 11 => "one",
        "pl" | "ru" | "uk" if (2..=4).contains(&ten) && !(12..=14).contains(&hundred) => "few",
        "pl" | "ru" | "uk" => "many",
        "cs" | "sk" if n == 1 => "one",
        "cs" | "sk" if (2..=4).contains(&n) => "few",
        "ja" | "zh" | "ko" | "vi" | "th" => "other",
        "fr" | "es" | "it" | "pt" | "ca" | "cs" | "sk" => "other",
        _ if n == 1 => "one",
        _ => "other",
    }
}

/// A value given to a message.
pub enum Value<'a> {
    Text(&'a dyn std::fmt::Display),
    Number(i64),
    /// A game term: its key in the locale file, e.g. "character.miller".
    Term(&'a str),
}

/// The words a language elides before a vowel: French `"@elision":
/// {"before": "aeiou…", "words": {"de": "d’", "que": "qu’"}}`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Elision<'a> {
    /// The letters (either case) before which a word is elided.
    pub before: &'a str,
    /// Each word and its elided form, lower case: ("de", "d’").
    pub words: &'a [(&'a str, &'a str)],
}

/// A file's elision, owned: the letters, and each word with its elided
/// form.
pub type OwnedElision = (String, Vec<(String, String)>);

/// A locale file's `"@elision"`, if it has one; an error says what is
/// wrong with it.
pub fn elision(file: &serde_json::Value) -> Result<Option<OwnedElision>, String> {
    let Some(value) = file.get("@elision") else {
        return Ok(None);
    };
    let bad =
        || "\"@elision\" is {\"before\": \"letters\", \"words\": {\"de\": \"d’\"}}".to_string();
    let before = value
        .get("before")
        .and_then(|b| b.as_str())
        .ok_or_else(bad)?;
    let words = value
        .get("words")
        .and_then(|w| w.as_object())
        .ok_or_else(bad)?;
    let mut list = Vec::new();
    for (word, elided) in words {
        let elided = elided.as_str().filter(|e| !e.is_empty()).ok_or_else(bad)?;
        if word.is_empty() || word.chars().any(|c| !latin_letter(c) || small(c) != c) {
            return Err(format!("\"@elision\": {word:?} is not a lower-case word"));
        }
        list.push((word.clone(), elided.to_string()));
    }
    Ok(Some((before.to_string(), list)))
}

impl Elision<'_> {
    /// Appends `text` (an argument's value) to `out`, eliding the word
    /// that ends `out` if `text` begins with one of the letters.
    fn push(&self, out: &mut String, text: &str) {
        let vowel = text
            .chars()
            .next()
            .is_some_and(|first| self.before.chars().any(|b| small(b) == small(first)));
        if vowel {
            for (word, elided) in self.words {
                let Some(head) = out.strip_suffix(' ') else {
                    break;
                };
                let Some(at) = ends_with_word(head, word) else {
                    continue;
                };
                let capital = head[at..].starts_with(|c: char| small(c) != c);
                out.truncate(at);
                match capital {
                    true => out.extend(capitalized(elided)),
                    false => out.push_str(elided),
                }
                break;
            }
        }
        out.push_str(text);
    }
}

/// Where `word` (either case of its first letter) ends `text` as a whole
/// word.
fn ends_with_word(text: &str, word: &str) -> Option<usize> {
    let at = text.len().checked_sub(word.len())?;
    let tail = text.get(at..)?;
    let same = tail == word || capitalized(word).eq(tail.chars());
    let before = text[..at].chars().next_back();
    let whole =
        !before.is_some_and(|c| latin_letter(c) || c.is_ascii_digit() || c == '’' || c == '\'');
    (same && whole).then_some(at)
}

fn capitalized(word: &str) -> impl Iterator<Item = char> + '_ {
    let mut chars = word.chars();
    chars.next().map(big).into_iter().chain(chars)
}

/// Whether `c` is a letter of the Latin alphabets (Basic Latin to Latin
/// Extended-B: every letter of the languages that elide).
fn latin_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c as u32, 0xC0..=0x24F if c != '×' && c != '÷')
}

/// The small letter of a Latin capital (Basic Latin, Latin-1, Œ), else
/// `c`. Computed here rather than by `char::to_lowercase`, whose table of
/// every script's letters would weigh on the page's first load.
fn small(c: char) -> char {
    let code = c as u32;
    let lower = match code {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE => code + 0x20,
        0x152 => 0x153,
        _ => code,
    };
    char::from_u32(lower).unwrap_or(c)
}

/// The capital of a small Latin letter (Basic Latin, Latin-1 but ß and
/// ÿ, œ), else `c`.
fn big(c: char) -> char {
    let code = c as u32;
    let upper = match code {
        0x61..=0x7A | 0xE0..=0xF6 | 0xF8..=0xFE => code - 0x20,
        0x153 => 0x152,
        _ => code,
    };
    char::from_u32(upper).unwrap_or(c)
}

/// A language's rules for filling its messages in.
#[derive(Clone, Copy)]
pub struct Grammar<'a> {
    /// The language's code, for its plural categories.
    pub lang: &'a str,
    pub elision: Elision<'a>,
    /// A term's form in the language ("character.miller", "plural").
    pub form: &'a dyn Fn(&str, &str) -> Option<String>,
}

/// Fills a parsed message in. A term's form the language lacks falls back
/// to its `name`; a select on a term chooses by its `gender`.
pub fn fill(pieces: &[Piece], args: &[(&str, Value)], grammar: Grammar, out: &mut String) {
    fill_counting(pieces, args, grammar, None, out)
}

fn fill_counting(
    pieces: &[Piece],
    args: &[(&str, Value)],
    grammar: Grammar,
    count: Option<i64>,
    out: &mut String,
) {
    let (lang, form) = (grammar.lang, grammar.form);
    let arg = |name: &str| args.iter().find(|(n, _)| *n == name).map(|(_, v)| v);
    let term = |key: &str, f: &str| form(key, f).or_else(|| form(key, "name"));
    for piece in pieces {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Count => {
                let _ = write!(out, "{}", count.unwrap_or_default());
            }
            Piece::Arg(name) | Piece::Form(name, _) => {
                let wanted = match piece {
                    Piece::Form(_, f) => f,
                    _ => "name",
                };
                let text = match arg(name) {
                    Some(Value::Text(t)) => t.to_string(),
                    Some(Value::Number(n)) => n.to_string(),
                    Some(Value::Term(key)) => term(key, wanted).unwrap_or_default(),
                    None => String::new(),
                };
                grammar.elision.push(out, &text);
            }
            Piece::Plural(name, cases) => {
                let n = match arg(name) {
                    Some(Value::Number(n)) => *n,
                    _ => 0,
                };
                let exact = format!("={n}");
                let category = plural_category(lang, n);
                let case = cases
                    .iter()
                    .find(|c| c.key == exact)
                    .or_else(|| cases.iter().find(|c| c.key == category))
                    .or_else(|| cases.iter().find(|c| c.key == "other"));
                if let Some(case) = case {
                    fill_counting(&case.pieces, args, grammar, Some(n), out);
                }
            }
            Piece::Select(name, cases) => {
                let word = match arg(name) {
                    Some(Value::Text(t)) => t.to_string(),
                    Some(Value::Term(key)) => form(key, "gender").unwrap_or_default(),
                    _ => String::new(),
                };
                let case = cases
                    .iter()
                    .find(|c| c.key == word)
                    .or_else(|| cases.iter().find(|c| c.key == "other"));
                if let Some(case) = case {
                    fill_counting(&case.pieces, args, grammar, count, out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, lang: &str, args: &[(&str, Value)]) -> String {
        let pieces = parse(text).unwrap();
        let form = |key: &str, f: &str| match (key, f) {
            ("character.witch", "name") => Some("Witch".to_string()),
            ("character.witch", "plural") => Some("Witches".to_string()),
            ("character.witch", "gender") => Some("f".to_string()),
            ("character.knight", "name") => Some("Soldat".to_string()),
            ("character.knight", "gender") => Some("m".to_string()),
            _ => None,
        };
        let words = [("de", "d’"), ("que", "qu’")];
        let elision = match lang {
            "fr" => Elision {
                before: "aeiouyàâéèêîô",
                words: &words,
            },
            _ => Elision::default(),
        };
        let grammar = Grammar {
            lang,
            elision,
            form: &form,
        };
        let mut out = String::new();
        fill(&pieces, args, grammar, &mut out);
        out
    }

    #[test]
    fn french_elides_de_before_a_vowel_only_where_an_argument_follows() {
        let text = "{n, plural, one {# Garde} other {# Gardes}} de {name}, de {other}";
        let args = |name, other| {
            [
                ("n", Value::Number(0)),
                ("name", Value::Text(name)),
                ("other", Value::Text(other)),
            ]
        };
        assert_eq!(
            run(text, "fr", &args(&"Ann", &"Bob")),
            "0 Garde d’Ann, de Bob"
        );
        assert_eq!(
            run(text, "fr", &args(&"Éloïse", &"Yves")),
            "0 Garde d’Éloïse, d’Yves"
        );
        assert_eq!(
            run("De {name} à {name}", "fr", &[("name", Value::Text(&"Ann"))]),
            "D’Ann à Ann"
        );
        assert_eq!(
            run("Monde {name}", "fr", &[("name", Value::Text(&"Ann"))]),
            "Monde Ann",
            "not inside a word"
        );
        assert_eq!(
            run("de {name}", "en", &[("name", Value::Text(&"Ann"))]),
            "de Ann"
        );
    }

    /// The letters' cases elision compares are the ones Unicode gives.
    #[test]
    fn small_and_capital_latin_letters_are_unicodes() {
        let cased = (0x41..=0x7A)
            .chain(0xC0..=0xFF)
            .chain([0x152, 0x153])
            .filter_map(char::from_u32);
        for c in cased.filter(|c| c.is_alphabetic()) {
            if c.is_uppercase() {
                assert_eq!(Some(small(c)), c.to_lowercase().next(), "{c}");
            } else if c != 'ß' && c != 'ÿ' && c.is_lowercase() {
                assert_eq!(Some(big(c)), c.to_uppercase().next(), "{c}");
            }
            assert!(latin_letter(c), "{c}");
        }
        assert!(!latin_letter('×') && !latin_letter('’') && !latin_letter(' '));
    }

    #[test]
    fn a_select_on_a_term_agrees_with_its_gender() {
        let text = "posez-{character, select, f {la} m {le} other {le}} : {character}";
        let term = |key| [("character", Value::Term(key))];
        assert_eq!(
            run(text, "fr", &term("character.witch")),
            "posez-la : Witch"
        );
        assert_eq!(
            run(text, "fr", &term("character.knight")),
            "posez-le : Soldat"
        );
    }

    #[test]
    fn an_elision_is_read_from_the_file_or_refused() {
        let file: serde_json::Value =
            serde_json::from_str(r#"{"@elision": {"before": "aeiou", "words": {"de": "d’"}}}"#)
                .unwrap();
        assert_eq!(
            elision(&file).unwrap(),
            Some((
                "aeiou".to_string(),
                vec![("de".to_string(), "d’".to_string())]
            ))
        );
        assert_eq!(elision(&serde_json::json!({})).unwrap(), None);
        let bad = serde_json::json!({"@elision": {"before": "a", "words": {"De": "D’"}}});
        assert!(elision(&bad).is_err());
        assert!(elision(&serde_json::json!({"@elision": "de"})).is_err());
    }

    #[test]
    fn exact_values_come_before_categories() {
        let text = "{n, plural, =0 {free} one {# meeple} other {# meeples}}";
        let n = |n| [("n", Value::Number(n))];
        assert_eq!(run(text, "en", &n(0)), "free");
        assert_eq!(run(text, "en", &n(1)), "1 meeple");
        assert_eq!(run(text, "en", &n(7)), "7 meeples");
    }

    #[test]
    fn categories_follow_cldr() {
        assert_eq!(plural_category("fr", 0), "one");
        assert_eq!(plural_category("en", 0), "other");
        assert_eq!(plural_category("es", 1_000_000), "many");
        assert_eq!(plural_category("pl", 22), "few");
        assert_eq!(plural_category("pl", 25), "many");
        assert_eq!(plural_category("ru", 21), "one");
        for lang in ["en", "de", "fr", "es", "it", "pl", "ru", "cs", "ja"] {
            for n in 0..2_000_001 {
                if n > 1000 && n % 1_000_000 != 0 {
                    continue;
                }
                let c = plural_category(lang, n);
                assert!(plural_categories(lang).contains(&c), "{lang} {n} {c}");
            }
        }
    }

    #[test]
    fn terms_selects_and_nesting() {
        let text = "{split, select, yes {{card} as {c:plural}} other {{c}}}, {n, plural, one {# {c}} other {# {c:plural}}}";
        let args = |split| {
            [
                ("split", Value::Text(split)),
                ("card", Value::Text(&"Witch/Guard")),
                ("c", Value::Term("character.witch")),
                ("n", Value::Number(2)),
            ]
        };
        assert_eq!(
            run(text, "en", &args(&"yes")),
            "Witch/Guard as Witches, 2 Witches"
        );
        assert_eq!(run(text, "en", &args(&"no")), "Witch, 2 Witches");
    }

    #[test]
    fn a_missing_form_falls_back_to_the_name() {
        let text = "{c:dative}";
        assert_eq!(
            run(text, "de", &[("c", Value::Term("character.witch"))]),
            "Witch"
        );
    }

    #[test]
    fn broken_messages_are_refused_with_a_reason() {
        for bad in [
            "{",
            "{n",
            "{}",
            "a }",
            "{n, plural, one {x}}",
            "{n, plural, one {x} other {y}",
            "{n, gender, other {x}}",
            "{n:}",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            arguments_of("{a} {b, plural, one {{c:x}} other {#}}"),
            vec![("a", false), ("b", true), ("c", false)]
        );
    }

    fn arguments_of(text: &str) -> Vec<(&str, bool)> {
        let pieces = parse(text).unwrap();
        let mut out = Vec::new();
        arguments(&pieces, &mut out);
        out
    }
}
