//! Checks the locale files (public/locales/<code>.json, the languages listed
//! in Cargo.toml's `[package.metadata.i18n]`) against each other and writes
//! the app's typed messages ($OUT_DIR/messages.rs). A missing or extra key,
//! a placeholder one language lacks, a plural category a language does not
//! have, or a term form that is not defined fails the build with every
//! problem listed.

#[path = "src/i18n/message.rs"]
#[allow(dead_code)]
mod message;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// Game terms: every member has a `name` and the forms its language adds.
/// An argument is a term of a group when it is named after the group
/// (`character`, `character_needs`).
const TERM_GROUPS: [(&str, &str); 3] = [
    ("character", "Character"),
    ("location", "Location"),
    ("level", "Level"),
];

struct Locale {
    code: String,
    name: String,
    file: String,
    /// Every message and term form by its dotted key.
    entries: BTreeMap<String, String>,
}

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap();
    println!("cargo::rerun-if-changed=Cargo.toml");
    println!("cargo::rerun-if-changed=src/i18n/message.rs");
    let locales: Vec<Locale> = languages(&dir).iter().map(|c| read(&dir, c)).collect();
    let errors = check(&locales);
    if !errors.is_empty() {
        panic!("the locale files disagree:\n  {}", errors.join("\n  "));
    }
    let out = std::env::var("OUT_DIR").unwrap();
    std::fs::write(format!("{out}/messages.rs"), generate(&locales)).unwrap();
}

/// `[package.metadata.i18n] languages = ["en", …]`, the first the source.
fn languages(dir: &str) -> Vec<String> {
    let manifest: toml::Table = std::fs::read_to_string(format!("{dir}/Cargo.toml"))
        .unwrap()
        .parse()
        .expect("Cargo.toml");
    let list = manifest["package"]["metadata"]["i18n"]["languages"]
        .as_array()
        .expect("[package.metadata.i18n] languages = [\"en\", …]");
    list.iter()
        .map(|v| v.as_str().expect("a language code").to_string())
        .collect()
}

fn read(dir: &str, code: &str) -> Locale {
    let file = format!("{dir}/public/locales/{code}.json");
    println!("cargo::rerun-if-changed={file}");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let json: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut list = Vec::new();
    message::flatten("", &json, &mut list).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut entries = BTreeMap::new();
    for (key, text) in list {
        if entries.insert(key.clone(), text).is_some() {
            panic!("{file}: {key} twice");
        }
    }
    let name = json["@language"]
        .as_str()
        .unwrap_or_else(|| panic!("{file}: \"@language\" names the language in itself"));
    Locale {
        code: code.to_string(),
        name: name.to_string(),
        file,
        entries,
    }
}

/// The term group of a key ("character.miller.plural").
fn group_of(key: &str) -> Option<&'static str> {
    let first = key.split('.').next();
    TERM_GROUPS
        .iter()
        .map(|(g, _)| *g)
        .find(|g| first == Some(*g))
}

/// The term group of an argument: named after it (`character`,
/// `character_needs`).
fn group_of_argument(name: &str) -> Option<&'static str> {
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

fn check(locales: &[Locale]) -> Vec<String> {
    let mut errors = Vec::new();
    let source = &locales[0];
    for locale in locales {
        let file = &locale.file;
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

fn generate(locales: &[Locale]) -> String {
    let mut code = String::from("// Generated by build.rs from public/locales: do not edit.\n\n");
    generate_languages(locales, &mut code);
    let source = &locales[0];
    let entries: Vec<(&String, &String)> = source.entries.iter().collect();
    writeln!(code, "/// The {} messages, compiled in.", source.name).unwrap();
    writeln!(
        code,
        "pub static SOURCE: [(&str, &str); {}] = {entries:?};",
        entries.len()
    )
    .unwrap();
    writeln!(code, "\nimpl Catalog {{").unwrap();
    let mut names = BTreeSet::new();
    for (key, text) in source.entries.iter().filter(|(k, _)| group_of(k).is_none()) {
        let name = key.replace('.', "_");
        if !names.insert(name.clone()) {
            panic!("{key}: the name {name} is taken by another key");
        }
        generate_accessor(locales, key, &name, text, &mut code);
    }
    code.push_str("}\n");
    code
}

fn generate_languages(locales: &[Locale], code: &mut String) {
    let variant = |c: &str| format!("{}{}", c[..1].to_uppercase(), &c[1..]);
    let variants: Vec<String> = locales.iter().map(|l| variant(&l.code)).collect();
    writeln!(
        code,
        "/// A language of the app (Cargo.toml's `[package.metadata.i18n]`)."
    )
    .unwrap();
    writeln!(code, "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]").unwrap();
    writeln!(code, "pub enum Lang {{ {} }}\n", variants.join(", ")).unwrap();
    writeln!(code, "impl Lang {{").unwrap();
    let all: Vec<String> = variants.iter().map(|v| format!("Lang::{v}")).collect();
    writeln!(
        code,
        "    pub const ALL: [Lang; {}] = [{}];",
        all.len(),
        all.join(", ")
    )
    .unwrap();
    let arms = |f: &dyn Fn(&Locale) -> String| -> String {
        locales
            .iter()
            .map(|l| format!("Lang::{} => {}, ", variant(&l.code), f(l)))
            .collect()
    };
    writeln!(
        code,
        "    /// The BCP 47 code: the page's `lang` and the `lang=` parameter."
    )
    .unwrap();
    writeln!(
        code,
        "    pub fn code(self) -> &'static str {{ match self {{ {} }} }}",
        arms(&|l| format!("{:?}", l.code))
    )
    .unwrap();
    writeln!(
        code,
        "    /// The language's own name, as the language picker shows it."
    )
    .unwrap();
    writeln!(
        code,
        "    pub fn endonym(self) -> &'static str {{ match self {{ {} }} }}",
        arms(&|l| format!("{:?}", l.name))
    )
    .unwrap();
    writeln!(code, "    /// Where the locale file is fetched from; the query names its content, so a cache never serves an older one.").unwrap();
    writeln!(
        code,
        "    pub fn file(self) -> &'static str {{ match self {{ {} }} }}",
        arms(&|l| format!(
            "\"locales/{}.json?v={:016x}\"",
            l.code,
            fingerprint(&l.entries)
        ))
    )
    .unwrap();
    writeln!(
        code,
        "    /// The locale file itself, for native builds (the tests)."
    )
    .unwrap();
    writeln!(code, "    #[cfg(any(test, not(target_arch = \"wasm32\")))]").unwrap();
    writeln!(
        code,
        "    pub fn source(self) -> &'static str {{ match self {{ {} }} }}",
        arms(&|l| format!("include_str!({:?})", l.file))
    )
    .unwrap();
    writeln!(code, "}}\n").unwrap();
}

/// FNV-1a of the messages: changes whenever a text does.
fn fingerprint(entries: &BTreeMap<String, String>) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for byte in entries.iter().flat_map(|(k, v)| k.bytes().chain(v.bytes())) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn generate_accessor(locales: &[Locale], key: &str, name: &str, text: &str, code: &mut String) {
    let pieces = message::parse(text).unwrap();
    // An argument is a number if any language counts with it.
    let mut args = Vec::new();
    for locale in locales {
        if let Some(Ok(p)) = locale.entries.get(key).map(|t| message::parse(t)) {
            message::arguments(&p, &mut args);
        }
    }
    message::arguments(&pieces, &mut args);
    writeln!(code, "    /// {text:?}").unwrap();
    if args.is_empty() {
        writeln!(
            code,
            "    pub fn {name}(self) -> &'static str {{ self.text({key:?}) }}"
        )
        .unwrap();
        return;
    }
    let mut params = Vec::new();
    let mut values = Vec::new();
    for (arg, number) in &args {
        let term = TERM_GROUPS
            .iter()
            .find(|(g, _)| Some(*g) == group_of_argument(arg));
        let (ty, value) = match (term, number) {
            (Some((group, ty)), _) => (
                ty.to_string(),
                format!("Value::Term(&term_key({group:?}, {arg}.id()))"),
            ),
            (None, true) => (
                "impl Count".to_string(),
                format!("Value::Number({arg}.number())"),
            ),
            (None, false) => (
                "impl std::fmt::Display".to_string(),
                format!("Value::Text(&{arg})"),
            ),
        };
        params.push(format!("{arg}: {ty}"));
        values.push(format!("({arg:?}, {value})"));
    }
    writeln!(
        code,
        "    pub fn {name}(self, {}) -> String {{ self.format({key:?}, &[{}]) }}",
        params.join(", "),
        values.join(", ")
    )
    .unwrap();
}
