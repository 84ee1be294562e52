//! The modules of each crate of the workspace's game (majesty-rules,
//! majesty-ai, majesty-content) depend on each other without a cycle (the
//! order is written at the top of each src/lib.rs): a `crate::module` path
//! in a module's source, code or documentation, counts as a dependency.
//! A module that is a folder (src/bots/) is one module, all its files
//! together; inside it, its submodules name each other with `super::`, and
//! they too must form no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The names that follow `prefix` in `text` (e.g. `crate::game` gives
/// `game`), but `itself`.
fn named_after(text: &str, prefix: &str, itself: &str) -> BTreeSet<String> {
    text.split(prefix)
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|used| !used.is_empty() && used != itself)
        .collect()
}

/// The `.rs` files of `dir`: (file stem, text).
fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let name = path.file_stem().unwrap().to_str().unwrap().to_string();
            files.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
    files
}

/// The source folder of the workspace's crate in folder `krate`.
fn src_of(krate: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(krate)
        .join("src")
}

/// Every module of a library (src/*.rs but lib.rs and main.rs, and every
/// folder src/<name>/) and the modules it names with `crate::`.
fn dependencies(krate: &str) -> Graph {
    let src = src_of(krate);
    let mut graph = BTreeMap::new();
    for (name, text) in sources(&src) {
        if name != "lib" && name != "main" {
            graph.insert(name.clone(), named_after(&text, "crate::", &name));
        }
    }
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            let text: String = sources(&path).into_iter().map(|(_, t)| t).collect();
            graph.insert(name.clone(), named_after(&text, "crate::", &name));
        }
    }
    graph
}

/// The submodules of the folder src/`folder`/ (mod.rs aside) and the
/// siblings each names with `super::`.
fn submodule_dependencies(krate: &str, folder: &str) -> Graph {
    let dir = src_of(krate).join(folder);
    sources(&dir)
        .into_iter()
        .filter(|(name, _)| name != "mod")
        .map(|(name, text)| {
            let uses = named_after(&text, "super::", &name);
            (name, uses)
        })
        .collect()
}

/// Panics with the modules left if `graph` has a cycle.
fn assert_no_cycle(graph: &Graph) {
    // Peel off modules whose dependencies are all peeled already.
    let mut placed: Vec<String> = Vec::new();
    while placed.len() < graph.len() {
        let next: Vec<String> = graph
            .iter()
            .filter(|(name, uses)| {
                !placed.contains(name) && uses.iter().all(|u| placed.contains(u))
            })
            .map(|(name, _)| name.clone())
            .collect();
        let left: Vec<_> = graph.keys().filter(|n| !placed.contains(n)).collect();
        assert!(!next.is_empty(), "a cycle among {left:?}: {graph:#?}");
        placed.extend(next);
    }
}

#[test]
fn the_modules_form_no_cycle() {
    for krate in ["rules", "ai", "content"] {
        let graph = dependencies(krate);
        assert!(graph.len() >= 2, "{krate}: {graph:?}");
        assert_no_cycle(&graph);
    }
}

#[test]
fn the_deck_s_guesses_are_the_rules_own_and_the_bots_use_them() {
    let rules = dependencies("rules");
    assert!(rules["observation"].contains("game"));
    assert!(!rules["game"].contains("observation"));
    let ai = dependencies("ai");
    assert!(ai["coach"].contains("bots") && ai["puzzles"].contains("coach"));
    assert!(ai["ladder"].is_empty());
    // The computer players search from an observation, not a game.
    let bots: String = sources(&src_of("ai").join("bots"))
        .into_iter()
        .map(|(_, text)| text)
        .collect();
    assert!(bots.contains("majesty_rules::observation::{DeckKnowledge, Observation"));
    assert!(bots.contains("pub fn choose(level: Level, seen: &Observation"));
}

#[test]
fn the_bots_submodules_form_no_cycle() {
    let graph = submodule_dependencies("ai", "bots");
    assert!(graph.contains_key("expert") && graph.contains_key("heuristic"));
    // super:: names only siblings here (mod.rs is not one of them).
    let siblings: BTreeSet<String> = graph.keys().cloned().collect();
    let graph: Graph = graph
        .into_iter()
        .map(|(name, uses)| (name, uses.intersection(&siblings).cloned().collect()))
        .collect();
    assert!(graph["expert"].contains("heuristic") && graph["hard"].contains("heuristic"));
    assert!(graph["heuristic"].is_empty());
    assert_no_cycle(&graph);
}

#[test]
fn a_cycle_is_caught() {
    let graph: Graph = [("a", "b"), ("b", "a")]
        .into_iter()
        .map(|(n, u)| (n.to_string(), BTreeSet::from([u.to_string()])))
        .collect();
    assert!(std::panic::catch_unwind(|| assert_no_cycle(&graph)).is_err());
}

#[test]
fn abilities_and_scoring_read_the_location_table_not_the_game() {
    let graph = dependencies("rules");
    for module in ["abilities", "scoring"] {
        assert!(graph[module].contains("locations"), "{module}");
        assert!(!graph[module].contains("game"), "{module}");
    }
    assert!(graph["game"].contains("abilities") && graph["game"].contains("scoring"));
}
