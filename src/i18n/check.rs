//! The checks of the locale files against each other, run by the build
//! script (build.rs compiles this file) and by the unit tests below. Pure:
//! no files, just the parsed locales.

use std::collections::{BTreeMap, BTreeSet};

use super::message;

pub use super::message::{group_of, TERM_GROUPS};

pub struct Locale {
    pub code: String,
    pub name: String,
    pub file: String,
    /// Every message and term form by its dotted key.
    pub entries: BTreeMap<String, String>,
}

/// The term group of an argument: named after it (`character`,
/// `character_needs`).
pub fn group_of_argument(name: &str) -> Option<&'static str> {
    TERM_GROUPS
        .iter()
        .map(|(g, _)| *g)
        .find(|g| name == *g || name.strip_prefix(g).is_some_and(|r| r.starts_with('_')))
}

/// Each member's forms of a group, in one language: member → forms.
fn term_forms<'a>(locale: &'a Locale, group: &str) -> BTreeMap<&'a str, BTreeSet<&'a str>> {
    let mut members: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for key in locale.entries.keys() {
        if let Some(rest) = key.strip_prefix(group).and_then(|r| r.strip_prefix('.')) {
            let (member, form) = rest.split_once('.').unwrap_or((rest, ""));
            members.entry(member).or_default().insert(form);
        }
    }
    members
}

pub fn check(locales: &[Locale]) -> Vec<String> {
    let mut errors = Vec::new();
    let source = &locales[0];
    for locale in locales {
        let file = &locale.file;
        if locale.name.trim().is_empty() {
            errors.push(format!(
                "{file}: \"@language\" names the language in itself"
            ));
        }
        check_terms(source, locale, &mut errors);
        let messages = |l: &'_ Locale| -> BTreeSet<String> {
            l.entries
                .keys()
                .filter(|k| group_of(k).is_none())
                .cloned()
                .collect()
        };
        let (theirs, ours) = (messages(locale), messages(source));
        for key in ours.difference(&theirs) {
            errors.push(format!("{file}: {key} is missing"));
        }
        for key in theirs.difference(&ours) {
            errors.push(format!("{file}: {key} is not in {}", source.file));
        }
        for (key, text) in &locale.entries {
            let pieces = match message::parse(text) {
                Ok(p) => p,
                Err(e) => {
                    errors.push(format!("{file}: {key}: {e}"));
                    continue;
                }
            };
            check_message(locale, key, &pieces, &mut errors);
            let Some(theirs) = source.entries.get(key).filter(|_| group_of(key).is_none()) else {
                continue;
            };
            if let Ok(source_pieces) = message::parse(theirs) {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                message::arguments(&pieces, &mut a);
                message::arguments(&source_pieces, &mut b);
                // The same names, in any order: word order is the language's.
                let names = |v: &[(&str, bool)]| {
                    v.iter()
                        .map(|(n, _)| n.to_string())
                        .collect::<BTreeSet<_>>()
                };
                if names(&a) != names(&b) {
                    errors.push(format!(
                        "{file}: {key}: placeholders {:?}, {} has {:?}",
                        names(&a),
                        source.code,
                        names(&b)
                    ));
                }
            }
        }
    }
    errors
}

/// The same members in every language, each with a name and the same forms
/// as the others of its group.
fn check_terms(source: &Locale, locale: &Locale, errors: &mut Vec<String>) {
    for (group, _) in TERM_GROUPS {
        let ours = term_forms(locale, group);
        let theirs = term_forms(source, group);
        if ours.keys().ne(theirs.keys()) {
            errors.push(format!(
                "{}: {group} has {:?}, {} has {:?}",
                locale.file,
                ours.keys().collect::<Vec<_>>(),
                source.code,
                theirs.keys().collect::<Vec<_>>()
            ));
        }
        let first = ours.values().next().cloned().unwrap_or_default();
        for (member, forms) in &ours {
            if !forms.contains("name") || forms != &first {
                errors.push(format!(
                    "{}: {group}.{member} has forms {forms:?}; every {group} needs a name and the same forms ({first:?})",
                    locale.file
                ));
            }
        }
    }
}

/// Plural categories the language has; forms its terms define.
fn check_message(locale: &Locale, key: &str, pieces: &[message::Piece], errors: &mut Vec<String>) {
    let file = &locale.file;
    let categories = message::plural_categories(&locale.code);
    let mut plurals = Vec::new();
    message::plural_cases(pieces, &mut plurals);
    for (name, cases) in plurals {
        for case in cases {
            let exact = case
                .strip_prefix('=')
                .is_some_and(|n| n.parse::<i64>().is_ok());
            if !exact && !categories.contains(&case) {
                errors.push(format!(
                    "{file}: {key}: {{{name}, plural}}: {} has no category {case} (it has {categories:?})",
                    locale.code
                ));
            }
        }
    }
    let mut forms = Vec::new();
    message::forms(pieces, &mut forms);
    for (name, form) in forms {
        let Some(group) = group_of_argument(name) else {
            errors.push(format!("{file}: {key}: {{{name}:{form}}}: only a term (character, location, level) has forms"));
            continue;
        };
        let defined = term_forms(locale, group);
        if !defined.values().next().is_some_and(|f| f.contains(form)) {
            errors.push(format!(
                "{file}: {key}: {{{name}:{form}}}: no {group} has the form {form}"
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locale(code: &str, json: &str) -> Locale {
        let mut list = Vec::new();
        message::flatten("", &serde_json::from_str(json).unwrap(), &mut list).unwrap();
        Locale {
            code: code.into(),
            name: code.into(),
            file: format!("{code}.json"),
            entries: list.into_iter().collect(),
        }
    }

    const EN: &str = r#"{
        "character": { "miller": { "name": "Miller", "plural": "Millers" },
                       "witch": { "name": "Witch", "plural": "Witches" } },
        "took": "{name} took {character}",
        "cards": "{count, plural, one {# card} other {# cards}}"
    }"#;

    fn problems(other: &str, json: &str) -> Vec<String> {
        check(&[locale("en", EN), locale(other, json)])
    }

    #[test]
    fn agreeing_files_pass_and_word_order_is_free() {
        let de = r#"{
            "character": { "miller": { "name": "Müllerin", "plural": "Müllerinnen", "dative": "einer Müllerin" },
                           "witch": { "name": "Hexe", "plural": "Hexen", "dative": "einer Hexe" } },
            "took": "{character:dative} gab {name} nichts",
            "cards": "{count, plural, one {# Karte} other {# Karten}}"
        }"#;
        assert_eq!(problems("de", de), Vec::<String>::new());
    }

    #[test]
    fn every_disagreement_is_listed() {
        let fr = r#"{
            "character": { "miller": { "name": "Meunière", "at": "à la" },
                           "witch": { "name": "Sorcière" } },
            "took": "{nom} a pris {character:plural}",
            "cards": "{count, plural, one {# carte} few {# cartes} other {# cartes}}",
            "extra": "de trop"
        }"#;
        let found = problems("fr", fr).join("\n");
        for expected in [
            "fr.json: character.witch has forms", // forms differ between members
            "fr.json: took: placeholders",        // {nom} instead of {name}
            "fr.json: extra is not in en.json",
            "fr.json: cards: {count, plural}: fr has no category few",
            "fr.json: took: {character:plural}: no character has the form plural",
        ] {
            assert!(
                found.contains(expected),
                "missing {expected:?} in:\n{found}"
            );
        }
        assert!(problems("es", r#"{"took": "x {name} {character}"}"#)
            .iter()
            .any(|p| p == "es.json: cards is missing"));
    }
}
