//! The shipped puzzles (ai/puzzles.json, written by `majesty
//! puzzles`): each replays, its answer is still the best turn by more than
//! the stated margin in a search with a seed the generation never used,
//! its theme is what the answer does, and the file is what its seed
//! generates.

use std::collections::BTreeSet;

use majesty_ai::coach::Reason;
use majesty_ai::puzzles::{
    check_seed, generate, of_the_day, Failed, Puzzle, PuzzleFile, Theme, HEADROOM, MARGIN,
};
use majesty_rules::Observation;

fn shipped() -> PuzzleFile {
    serde_json::from_str(include_str!("../puzzles.json")).expect("ai/puzzles.json reads")
}

#[test]
fn at_least_a_hundred_puzzles_of_every_table() {
    let file = shipped();
    assert!(file.puzzles.len() >= 100, "{} puzzles", file.puzzles.len());
    assert_eq!(file.margin, MARGIN, "written with another margin");
    // Every player count on all-A, all-B and mixed tables.
    let tables: BTreeSet<(usize, &str)> = file
        .puzzles
        .iter()
        .map(|p| {
            let sides = p.record.sides.to_string();
            let kind = match (sides.contains('A'), sides.contains('B')) {
                (true, false) => "A",
                (false, true) => "B",
                _ => "mixed",
            };
            (p.record.players.len(), kind)
        })
        .collect();
    for players in 2..=4 {
        for kind in ["A", "B", "mixed"] {
            assert!(
                tables.contains(&(players, kind)),
                "no {players}-player puzzle on {kind}"
            );
        }
    }
    let themes: BTreeSet<Theme> = file.puzzles.iter().map(|p| p.theme).collect();
    assert!(themes.len() >= 5, "themes: {themes:?}");
    let ids: BTreeSet<&str> = file.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), file.puzzles.len(), "ids are unique");
}

#[test]
fn each_puzzle_replays_to_a_position_with_its_id_and_theme() {
    for p in shipped().puzzles {
        let game = p.position().unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert!(!game.is_over(), "{}", p.id);
        assert_eq!(
            p.id,
            Puzzle::id_of(&p.record),
            "{}: the id is its digest",
            p.id
        );
        let legal = game.legal_turns();
        assert!(
            legal.contains(&p.answer) && legal.contains(&p.runner_up),
            "{}",
            p.id
        );
        assert_ne!(p.answer, p.runner_up, "{}", p.id);
        let reason = Reason::of(&Observation::to_move(&game), p.answer).expect("legal");
        assert_eq!(
            Theme::of(&Observation::to_move(&game), p.answer, &reason),
            p.theme,
            "{}",
            p.id
        );
        // Each confirming search found the gap wider than MARGIN + HEADROOM.
        assert!(
            f64::from(p.gap_tenths) / 10.0 >= MARGIN + HEADROOM,
            "{}",
            p.id
        );
    }
}

/// Appraised again with a seed the generation never used, every answer is
/// still the best by more than MARGIN.
#[test]
fn every_answer_is_still_best_by_the_margin_with_a_fresh_seed() {
    let failed: Vec<String> = shipped()
        .puzzles
        .iter()
        .filter_map(|p| match p.check(check_seed(p)) {
            Ok(_) => None,
            Err(Failed::Appraisal(a)) => Some(format!(
                "{}: best {:?} by {:.1} over {:?}",
                p.id, a.best, a.gap, a.runner_up
            )),
            Err(e) => Some(format!("{}: {e:?}", p.id)),
        })
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn the_file_is_what_its_seed_generates() {
    let file = shipped();
    let (first, effort) = generate(file.seed, 3, |_| {});
    assert_eq!(first, file.puzzles[..3], "run `majesty puzzles` again");
    assert!(effort.candidates >= effort.kept && effort.positions > effort.candidates);
}

#[test]
fn a_puzzle_a_day_each_once_before_any_comes_back() {
    for n in [1, 2, 7, 100, 120, 121] {
        let days: BTreeSet<usize> = (0..n as i64)
            .map(|d| of_the_day(d + 20_000, n).unwrap())
            .collect();
        assert_eq!(days.len(), n, "{n} puzzles");
        assert_eq!(of_the_day(5, n), of_the_day(5 + n as i64, n));
    }
    assert_eq!(of_the_day(0, 0), None);
    assert_eq!(
        of_the_day(-1, 10),
        of_the_day(9, 10),
        "days before 1970 too"
    );
}
