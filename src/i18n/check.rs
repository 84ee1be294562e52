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

/// The `gender` values of a group's members in one language (empty if its
/// terms have none).
fn genders<'a>(locale: &'a Locale, group: &str) -> BTreeSet<&'a str> {
    locale
        .entries
        .iter()
        .filter(|(k, _)| {
            k.strip_prefix(group)
                .is_some_and(|r| r.starts_with('.') && r.ends_with(".gender"))
        })
        .map(|(_, v)| v.as_str())
        .collect()
}

/// What a message agrees with, in one language: the arguments it counts
/// (plural) and the terms whose gender it selects on.
fn agreements(pieces: &[message::Piece]) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut args = Vec::new();
    message::arguments(pieces, &mut args);
    let counted = args
        .iter()
        .filter(|(_, number)| *number)
        .map(|(n, _)| n.to_string())
        .collect();
    let mut selects = Vec::new();
    message::select_cases(pieces, &mut selects);
    let gendered = selects
        .iter()
        .filter(|(n, _)| group_of_argument(n).is_some())
        .map(|(n, _)| n.to_string())
        .collect();
    (counted, gendered)
}

/// A number counted (plural) in one language is counted in every language
/// that has more than one plural category; a term whose gender one
/// language agrees with (select) is agreed with in every language whose
/// terms have genders.
fn check_agreement(locales: &[Locale], errors: &mut Vec<String>) {
    let source = &locales[0];
    for key in source.entries.keys().filter(|k| group_of(k).is_none()) {
        let parsed: Vec<_> = locales
            .iter()
            .filter_map(|l| {
                let pieces = message::parse(l.entries.get(key)?).ok()?;
                Some((l, agreements(&pieces)))
            })
            .collect();
        let (mut counted, mut gendered) = (BTreeSet::new(), BTreeSet::new());
        for (_, (c, g)) in &parsed {
            counted.extend(c.iter().cloned());
            gendered.extend(g.iter().cloned());
        }
        for (locale, (c, g)) in &parsed {
            let file = &locale.file;
            if message::plural_categories(&locale.code).len() > 1 {
                for name in counted.difference(c) {
                    errors.push(format!("{file}: {key}: {{{name}}} is counted in another language: it needs {{{name}, plural, …}} here too"));
                }
            }
            for name in gendered.difference(g) {
                let group = group_of_argument(name).unwrap_or_default();
                if genders(locale, group).len() > 1 {
                    errors.push(format!("{file}: {key}: another language agrees with the gender of {{{name}}}: it needs {{{name}, select, …}} here too"));
                }
            }
        }
    }
}

pub fn check(locales: &[Locale]) -> Vec<String> {
    let mut errors = Vec::new();
    let source = &locales[0];
    check_agreement(locales, &mut errors);
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
        // Every count the game shows (0 to 999) has its case.
        let missing: BTreeSet<&str> = (0..1000)
            .filter(|n| !cases.contains(&format!("={n}").as_str()))
            .map(|n| message::plural_category(&locale.code, n))
            .filter(|c| *c != "other" && !cases.contains(c))
            .collect();
        for category in missing {
            errors.push(format!(
                "{file}: {key}: {{{name}, plural}}: {} needs a case {category}",
                locale.code
            ));
        }
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
    let mut selects = Vec::new();
    message::select_cases(pieces, &mut selects);
    for (name, cases) in selects {
        let Some(group) = group_of_argument(name) else {
            continue;
        };
        let genders = genders(locale, group);
        for gender in genders.iter().filter(|g| !cases.contains(*g)) {
            errors.push(format!(
                "{file}: {key}: {{{name}, select}}: no case for the gender {gender}"
            ));
        }
        if genders.is_empty() && cases != ["other"] {
            errors.push(format!("{file}: {key}: {{{name}, select}}: no {group} has a gender here, so its only case is other"));
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

    /// A plural or an agreement missing in one language fails the build.
    #[test]
    fn a_missing_plural_or_agreement_is_listed() {
        let en = r#"{
            "character": { "miller": { "name": "Miller" }, "knight": { "name": "Knight" } },
            "place": "place {character, select, other {it}}: {character}",
            "won": "{won} won of {played, plural, one {# game} other {# games}}"
        }"#;
        let fr = r#"{
            "character": { "miller": { "name": "Meunière", "gender": "f" },
                           "knight": { "name": "Soldat", "gender": "m" } },
            "place": "posez-{character, select, f {la} other {le}} : {character}",
            "won": "{won, plural, one {# gagnée} other {# gagnées}} sur {played, plural, other {# parties}}"
        }"#;
        let de = r#"{
            "character": { "miller": { "name": "Müllerin", "gender": "f" },
                           "knight": { "name": "Soldat", "gender": "m" } },
            "place": "lege sie: {character}",
            "won": "{won} von {played, plural, one {# Partie} other {# Partien}} gewonnen"
        }"#;
        let found = check(&[locale("en", en), locale("fr", fr), locale("de", de)]).join("\n");
        for expected in [
            "fr.json: won: {played, plural}: fr needs a case one",
            "fr.json: place: {character, select}: no case for the gender m",
            "de.json: place: another language agrees with the gender of {character}",
            "de.json: won: {won} is counted in another language",
            "en.json: won: {won} is counted in another language",
        ] {
            assert!(
                found.contains(expected),
                "missing {expected:?} in:\n{found}"
            );
        }
        assert!(
            !found.contains("en.json: place"),
            "English has no genders:\n{found}"
        );
        let en_gendered = en.replace("other {it}", "f {her} other {it}");
        let found = check(&[locale("en", &en_gendered), locale("fr", fr)]).join("\n");
        assert!(
            found.contains("en.json: place: {character, select}: no character has a gender here"),
            "{found}"
        );
    }
}
