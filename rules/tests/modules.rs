//! The modules of the rules crate depend on each other without a cycle
//! (the order is written at the top of src/lib.rs): a `crate::module` path
//! in a module's source, code or documentation, counts as a dependency.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every module of the library (src/*.rs but lib.rs and main.rs) and the
/// modules it names with `crate::`.
fn dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = BTreeMap::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        if path.extension().is_none_or(|e| e != "rs") || name == "lib" || name == "main" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let uses: BTreeSet<String> = text
            .split("crate::")
            .skip(1)
            .map(|rest| {
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect::<String>()
            })
            .filter(|used| !used.is_empty() && *used != name)
            .collect();
        graph.insert(name, uses);
    }
    graph
}

#[test]
fn the_modules_form_no_cycle() {
    let graph = dependencies();
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
fn abilities_and_scoring_read_the_location_table_not_the_game() {
    let graph = dependencies();
    for module in ["abilities", "scoring"] {
        assert!(graph[module].contains("locations"), "{module}");
        assert!(!graph[module].contains("game"), "{module}");
    }
    assert!(graph["game"].contains("abilities") && graph["game"].contains("scoring"));
}
