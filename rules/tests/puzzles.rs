//! The shipped puzzles (rules/puzzles.json, written by `majesty-rules
//! puzzles`): each replays, its answer is still the best turn by more than
//! the stated margin in a search with a seed the generation never used,
//! its theme is what the answer does, and the file is what its seed
//! generates.

use std::collections::BTreeSet;

use majesty_rules::coach::Reason;
use majesty_rules::puzzles::{
    check_seed, generate, of_the_day, Failed, Puzzle, PuzzleFile, Theme, MARGIN,
};

fn shipped() -> PuzzleFile {
    serde_json::from_str(include_str!("../puzzles.json")).expect("rules/puzzles.json reads")
}

#[test]
fn at_least_a_hundred_puzzles_of_every_table() {
    let file = shipped();
    assert!(file.puzzles.len() >= 100, "{} puzzles", file.puzzles.len());
    assert_eq!(file.margin, MARGIN, "written with another margin");
    let players: BTreeSet<usize> = file
        .puzzles
        .iter()
        .map(|p| p.record.players.len())
        .collect();
    assert_eq!(players, BTreeSet::from([2, 3, 4]));
    let sides: BTreeSet<String> = file
        .puzzles
        .iter()
        .flat_map(|p| p.record.sides.to_string().chars().collect::<Vec<_>>())
        .map(String::from)
        .collect();
    assert_eq!(sides, BTreeSet::from(["A".into(), "B".into()]));
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
        let reason = Reason::of(&game, p.answer).expect("legal");
        assert_eq!(Theme::of(&game, p.answer, &reason), p.theme, "{}", p.id);
        assert!(f64::from(p.gap_tenths) / 10.0 >= MARGIN, "{}", p.id);
        assert!(p.solved_by(p.answer) && !p.solved_by(p.runner_up));
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
    assert_eq!(
        first,
        file.puzzles[..3],
        "run `majesty-rules puzzles` again"
    );
    assert!(effort.games >= 1 && effort.candidates >= 3);
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
