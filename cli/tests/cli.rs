//! The `majesty` command-line tool: its output, its `--help` and its
//! exit statuses, one per kind of failure (as its `--help` lists them).

// The rules crate's test helpers: scripted games and records.
#[path = "../../rules/tests/common/mod.rs"]
mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{old_records_with_an_explicit_deck, simulated_record};
use majesty_rules::{Character, GameRecord, Observation, Seat, Turn};
use serde_json::Value;

const USAGE: i32 = 2;
const BAD_RECORD: i32 = 3;
const ILLEGAL_TURN: i32 = 4;
const CANNOT_WRITE: i32 = 5;

fn cli(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_majesty"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn cli_replay_prints_the_contracted_json() {
    let (record, game) = simulated_record(2, "AAAAAAAB", 3);
    let (code, stdout, stderr) = cli(&["replay"], &record.to_json());
    assert_eq!(code, 0, "{stderr}");
    let out: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(out["turn"], 24);
    assert_eq!(out["over"], true);
    assert_eq!(out["scores_by_turn"].as_array().unwrap().len(), 24);
    let result = game.result().unwrap();
    let reported = out["players"].as_array().unwrap();
    assert_eq!(reported.len(), record.players.len());
    for (seat, p) in Seat::all(reported.len()).zip(reported) {
        assert_eq!(p["name"], record.players[seat.index()]);
        assert_eq!(p["score"], game.player(seat).score());
        assert_eq!(p["meeples"], game.player(seat).meeples());
        assert_eq!(p["infirmary"], game.player(seat).infirmary().len());
        assert_eq!(p["realm"].as_array().unwrap().len(), 7);
        let f = &p["final"];
        let s = &result.players[seat.index()];
        assert_eq!(f["infirmary"], s.infirmary());
        assert_eq!(f["variety"], s.variety);
        assert_eq!(f["majority"].as_array().unwrap().len(), 7);
        assert_eq!(f["total"], s.total);
    }
    let winners: Vec<&str> = out["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    let expected: Vec<&str> = result
        .winners
        .iter()
        .map(|&w| record.players[w.index()].as_str())
        .collect();
    assert_eq!(winners, expected);
}

/// Malformed notes are left out as the app leaves them out, each named on
/// standard error; the replay itself goes on.
#[test]
fn cli_replay_warns_of_each_note_it_leaves_out() {
    let (record, _) = simulated_record(2, "AAAAAAAB", 3);
    let with_notes = |notes: Value| {
        let mut json: Value = serde_json::from_str(&record.to_json()).unwrap();
        json["notes"] = notes;
        json.to_string()
    };
    let long = "x".repeat(900_000);
    let cases = [
        (serde_json::json!(5), "\"notes\" is not an object"),
        (serde_json::json!([]), "\"notes\" is not an object"),
        (
            serde_json::json!({"abc": {"text": {"en": "hi"}}}),
            "note \"abc\"",
        ),
        (serde_json::json!({"3": {"text": {"en": long}}}), "note 3"),
    ];
    for (notes, named) in cases {
        let (code, stdout, stderr) = cli(&["replay"], &with_notes(notes));
        assert_eq!(code, 0, "{stderr}");
        let out: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(out["turn"], 24);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{stderr}");
        assert!(lines[0].starts_with("warning: note left out: "), "{stderr}");
        assert!(lines[0].contains(named), "{named}: {stderr}");
    }
    let (_, _, stderr) = cli(&["replay"], &record.to_json());
    assert_eq!(stderr, "", "a record without notes warns of nothing");
}

#[test]
fn cli_replay_of_an_unfinished_game_has_no_final_scoring() {
    let (mut record, _) = simulated_record(2, "AAAAAAAA", 4);
    record.turns.truncate(5);
    let (code, stdout, _) = cli(&["replay"], &record.to_json());
    assert_eq!(code, 0);
    let out: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(out["turn"], 5);
    assert_eq!(out["over"], false);
    assert!(out.get("winners").is_none());
    assert!(out["players"][0].get("final").is_none());
}

#[test]
fn cli_replay_reports_an_illegal_turn_with_status_4() {
    // Status 4 (was 2, before the statuses were one per kind of failure).
    let (mut record, _) = simulated_record(2, "AAAAAAAA", 4);
    record.turns.truncate(3);
    record.turns.push(Turn::new(0, Character::Noble).trading(9));
    let (code, stdout, stderr) = cli(&["replay"], &record.to_json());
    assert_eq!(code, ILLEGAL_TURN);
    assert_eq!(stdout, "");
    assert!(stderr.starts_with("turn 4: "), "{stderr}");
}

#[test]
fn cli_replay_refuses_an_extreme_castle_b_trade_with_status_4() {
    // Fuzzing item 5: a trade of i32::MIN or i32::MAX is an illegal turn with
    // its reason (status 4), never an overflow (a panic, status 101).
    let mut cards = vec!["Noble".parse().unwrap()];
    cards.resize(60, "Miller".parse().unwrap());
    let (mut record, _) = simulated_record(2, "AAAAAABA", 4);
    record.seed = None;
    record.cards = Some(cards);
    for trade in [i32::MIN, i32::MAX] {
        record.turns = vec![Turn::new(0, Character::Noble).trading(trade)];
        let (code, stdout, stderr) = cli(&["replay"], &record.to_json());
        assert_eq!(code, ILLEGAL_TURN, "trade {trade}: {stderr}");
        assert_eq!(stdout, "");
        assert!(
            stderr.starts_with("turn 1: ") && stderr.contains("out of range"),
            "{stderr}"
        );
    }
}

#[test]
fn cli_replay_refuses_a_record_with_too_many_turns_with_status_3() {
    // Fuzzing item 6: more turns than a game has (12 per player).
    for players in [2, 4] {
        let (mut record, _) = simulated_record(players, "AAAAAAAA", 8);
        record.turns.resize(49, record.turns[0]);
        let (code, stdout, stderr) = cli(&["replay"], &record.to_json());
        assert_eq!(code, BAD_RECORD, "{stderr}");
        assert_eq!(stdout, "");
        assert!(stderr.contains("more than 48 turns"), "{stderr}");
    }
}

#[test]
fn cli_replay_refuses_a_record_text_over_its_size_limit_with_status_3() {
    // Fuzzing item 6: a whole 4-player game record is 1-8 KB; the tool reads
    // at most 1 MiB of it (its --help says so), from a file or standard input.
    let (record, _) = simulated_record(2, "AAAAAAAA", 9);
    let text = record.to_json();
    let padded = format!("{text}{}", " ".repeat(1024 * 1024));
    let (code, stdout, stderr) = cli(&["replay"], &padded);
    assert_eq!(code, BAD_RECORD, "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("larger than 1 MiB"), "{stderr}");
    let path = std::env::temp_dir().join(format!("majesty-big-{}.json", std::process::id()));
    std::fs::write(&path, &padded).unwrap();
    let (code, _, stderr) = cli(&["replay", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(code, BAD_RECORD, "{stderr}");
    assert!(stderr.contains("larger than 1 MiB"), "{stderr}");
    // Just under the limit still reads.
    let fits = format!("{text}{}", " ".repeat(1024 * 1024 - text.len()));
    let (code, _, stderr) = cli(&["replay"], &fits);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn cli_replay_refuses_an_unknown_field_with_status_3_naming_it() {
    // Fuzzing item 9: a typo in a record's field is refused, not ignored.
    let (record, _) = simulated_record(2, "AAAAAAAA", 10);
    let typo = record.to_json().replace("\"turns\"", "\"tunrs\"");
    let (code, stdout, stderr) = cli(&["replay"], &typo);
    assert_eq!(code, BAD_RECORD, "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("unknown field `tunrs`"), "{stderr}");
}

#[test]
fn cli_replay_reads_a_file_and_rejects_garbage() {
    let (record, _) = simulated_record(2, "AAAAAAAA", 6);
    let path = std::env::temp_dir().join(format!("majesty-record-{}.json", std::process::id()));
    std::fs::write(&path, record.to_json()).unwrap();
    let (code, stdout, _) = cli(&["replay", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(code, 0);
    assert!(stdout.contains("\"over\":true"));
    let malformed = r#"{"version": 2, "players": ["A", "B"], "seed": 1, "turns": [{"take": 0, "place": "Miller"}, {"take": 0, "place": "Wizard"}]}"#;
    let (code, stdout, stderr) = cli(&["replay"], malformed);
    assert_eq!(code, ILLEGAL_TURN);
    assert_eq!(stdout, "");
    assert!(stderr.starts_with("turn 2: not a valid turn"), "{stderr}");
    let (code, stdout, stderr) = cli(&["replay"], "{not json");
    assert_eq!(code, BAD_RECORD);
    assert_eq!(stdout, "");
    assert!(stderr.contains("not a valid game record"));
}

#[test]
fn every_file_to_read_may_be_a_dash_for_standard_input() {
    let (record, _) = simulated_record(2, "AAAAAAAA", 6);
    let json = record.to_json();
    let (code, stdout, stderr) = cli(&["replay", "-"], &json);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("\"over\":true"), "{stdout}");
    let (code, stdout, stderr) = cli(&["review", "--iterations", "5", "-"], &json);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("points lost in all"), "{stdout}");
    let mut unfinished = record.clone();
    unfinished.turns.truncate(3);
    let (code, stdout, stderr) = cli(&["hint", "--iterations", "20", "-"], &unfinished.to_json());
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("[{"), "{stdout}");
    // A bad record on standard input is named so.
    let (code, _, stderr) = cli(&["replay", "-"], "{not json");
    assert_eq!(code, BAD_RECORD, "{stderr}");
    let tournament = |stdin: &str| {
        cli(
            &[
                "tournament",
                "--games",
                "1",
                "--players",
                "expert,random",
                "--expert-iterations",
                "5",
                "--seed",
                "1",
                "--threads",
                "1",
                "--value",
                "-",
            ],
            stdin,
        )
    };
    let zero = majesty_ai::bots::value::ValueModel::zero().to_json();
    let (code, _, stderr) = tournament(&zero);
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = tournament("{}");
    assert_eq!(code, BAD_RECORD, "{stderr}");
    assert!(stderr.contains("cannot read standard input"), "{stderr}");
}

#[test]
fn a_dash_where_standard_input_or_output_cannot_serve_is_a_usage_error() {
    let cases: [(&[&str], &str); 3] = [
        (
            &[
                "simulate",
                "--games",
                "1",
                "--players",
                "2",
                "--seed",
                "1",
                "--record",
                "-",
            ],
            "--record must be a file",
        ),
        (
            &["train", "--short", "--data", "-"],
            "--data is appended to",
        ),
        (
            &[
                "train",
                "--short",
                "--self-play",
                "learned",
                "--model",
                "-",
                "--also",
                "-",
            ],
            "read only once",
        ),
    ];
    for (args, named) in cases {
        let (code, stdout, stderr) = cli(args, "");
        assert_eq!(code, USAGE, "{args:?}: {stderr}");
        assert_eq!(stdout, "", "{args:?}");
        assert!(stderr.contains(named), "{args:?}: {stderr}");
    }
}

#[test]
fn cli_simulate_summarises_and_writes_a_replayable_record() {
    let path = std::env::temp_dir().join(format!("majesty-sim-{}.json", std::process::id()));
    let (code, stdout, stderr) = cli(
        &[
            "simulate",
            "--games",
            "50",
            "--players",
            "3",
            "--seed",
            "7",
            "--sides",
            "BBBBBBBB",
            "--record",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("mean score: seat 1"));
    assert!(stdout.contains("win share:"));
    assert!(stdout.contains("games/s"));
    let record = GameRecord::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(record.replay().unwrap().is_over());
    let (code, _, stderr) = cli(
        &["simulate", "--games", "5", "--players", "5", "--seed", "1"],
        "",
    );
    assert_eq!(code, USAGE);
    assert!(stderr.contains("2, 3 or 4 players"));
}

#[test]
fn cli_replay_refuses_an_old_seeded_record_with_status_3() {
    // The command-line side of records.rs's test of the same name: status 3
    // (was 1), and nothing printed.
    let old = r#"{"players": ["Ann", "Bob"], "sides": "AAAAAAAB", "seed": 42,
        "turns": [{"take": 0, "place": "Miller"}]}"#;
    let (code, stdout, stderr) = cli(&["replay"], old);
    assert_eq!(code, BAD_RECORD);
    assert_eq!(stdout, "");
    assert!(stderr.contains("earlier version"), "{stderr}");
}

#[test]
fn cli_replay_opens_an_old_record_with_an_explicit_deck() {
    for text in old_records_with_an_explicit_deck() {
        let (code, _, stderr) = cli(&["replay"], &text);
        assert_eq!(code, 0, "{stderr}");
    }
}

#[test]
fn cli_replay_refuses_a_record_that_cannot_be_set_up_with_status_3() {
    // Ruling 14: a deck too short to finish the game.
    let text = r#"{"players": ["A", "B"], "cards": ["Miller", "Brewer"]}"#;
    let (code, stdout, stderr) = cli(&["replay"], text);
    assert_eq!(code, BAD_RECORD);
    assert_eq!(stdout, "");
    assert!(stderr.contains("cannot finish"), "{stderr}");
    let missing = std::env::temp_dir().join("majesty-no-such-record.json");
    let (code, _, stderr) = cli(&["replay", missing.to_str().unwrap()], "");
    assert_eq!(code, BAD_RECORD);
    assert!(stderr.contains("cannot read"), "{stderr}");
}

#[test]
fn cli_simulate_reports_a_record_it_cannot_write_with_status_5() {
    let dir = std::env::temp_dir()
        .join("majesty-no-such-dir")
        .join("first.json");
    let (code, stdout, stderr) = cli(
        &[
            "simulate",
            "--games",
            "1",
            "--players",
            "2",
            "--seed",
            "1",
            "--record",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, CANNOT_WRITE);
    assert_eq!(stdout, "");
    assert!(stderr.contains("cannot write"), "{stderr}");
}

#[test]
fn an_output_that_cannot_be_written_fails_before_the_work() {
    // Without the check first, puzzles would generate all 120 puzzles
    // (minutes) and train would play its games before failing.
    let dir = std::env::temp_dir().join(format!("majesty-no-such-dir-{}", std::process::id()));
    let missing = dir.join("out.json");
    let started = std::time::Instant::now();
    let (code, stdout, stderr) = cli(&["puzzles", "--out", missing.to_str().unwrap()], "");
    assert_eq!(code, CANNOT_WRITE, "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.starts_with("error: cannot write"), "{stderr}");
    assert!(!stderr.contains("games "), "no game was played: {stderr}");
    assert!(started.elapsed().as_secs() < 30);
    let data = std::env::temp_dir().join(format!("majesty-unplayed-{}.jsonl", std::process::id()));
    let (code, _, stderr) = cli(
        &[
            "train",
            "--short",
            "--data",
            data.to_str().unwrap(),
            "--out",
            missing.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, CANNOT_WRITE, "{stderr}");
    assert!(
        !stderr.contains("self-play"),
        "no game was played: {stderr}"
    );
    assert!(!data.exists(), "no games file was started");
}

#[test]
fn standard_output_that_cannot_be_written_is_status_5() {
    // /dev/full refuses every write: the tool says so instead of panicking.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let (record, _) = simulated_record(2, "AAAAAAAA", 3);
    let runs: [(&[&str], String); 2] = [
        (&["replay"], record.to_json()),
        (
            &["simulate", "--games", "1", "--players", "2", "--seed", "1"],
            String::new(),
        ),
    ];
    for (args, stdin) in runs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_majesty"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(CANNOT_WRITE), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("error: cannot write standard output"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn cli_tournament_plays_bots_and_prints_a_line_per_kind() {
    let (code, stdout, stderr) = cli(
        &[
            "tournament",
            "--games",
            "2",
            "--players",
            "easy,random",
            "--seed",
            "3",
            "--threads",
            "1",
        ],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with(
            "tournament: 2 games, players easy,random, sides AAAAAAAA, deck standard, seed 3"
        ),
        "{stdout}"
    );
    assert!(lines[1].starts_with("easy: win "), "{stdout}");
    assert!(lines[2].starts_with("random: win "), "{stdout}");
}

#[test]
fn cli_round_robin_prints_a_table_and_ratings() {
    let (code, stdout, stderr) = cli(
        &[
            "tournament",
            "--games",
            "4",
            "--round-robin",
            "random,easy,expert",
            "--expert-iterations",
            "50",
            "--seed",
            "3",
            "--threads",
            "1",
        ],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with(
            "round robin: 4 games per pair, 2 players, sides AAAAAAAA, deck standard, seed 3, \
             expert 50 iterations/move"
        ),
        "{stdout}"
    );
    assert!(
        lines[1].contains("random") && lines[1].contains("rating"),
        "{stdout}"
    );
    // One row per level: its name, a dash against itself, its rating.
    for (row, level) in lines[2..5].iter().zip(["random", "easy", "expert"]) {
        assert!(
            row.starts_with(level) && row.contains(" - ") && row.contains('±'),
            "{stdout}"
        );
    }
    // The anchor's rating is 0.
    assert!(lines[2].contains(" 0 ±0"), "{stdout}");
}

#[test]
fn every_command_has_help_listing_its_options_and_the_exit_statuses() {
    let (code, stdout, _) = cli(&["--help"], "");
    assert_eq!(code, 0);
    for words in [
        "replay",
        "simulate",
        "tournament",
        "Exit status:",
        "4  a turn",
    ] {
        assert!(stdout.contains(words), "{words}: {stdout}");
    }
    let commands: [(&str, &[&str]); 5] = [
        (
            "review",
            &[
                "Usage: majesty review [OPTIONS] [FILE]",
                "--seats <S,S[,...]>",
                "--iterations <I>",
                "--json",
            ],
        ),
        (
            "hint",
            &["Usage: majesty hint [OPTIONS] [FILE]", "--iterations <I>"],
        ),
        (
            "replay",
            &["Usage: majesty replay [FILE]", "standard input"],
        ),
        (
            "simulate",
            &[
                "Usage: majesty simulate",
                "--games <N>",
                "--players <P>",
                "--seed <S>",
                "[default: AAAAAAAA]",
                "[default: standard]",
                "--record <FILE>",
            ],
        ),
        (
            "tournament",
            &[
                "Usage: majesty tournament",
                "--players <LEVEL,LEVEL[,...]>",
                "--round-robin <LEVEL,LEVEL[,...]>",
                "--expert-iterations <I>",
                "--threads <T>",
                "[default: AAAAAAAA]",
            ],
        ),
    ];
    for (command, expected) in commands {
        for help in [vec![command, "--help"], vec!["help", command]] {
            let (code, stdout, stderr) = cli(&help, "");
            assert_eq!(code, 0, "{help:?}: {stderr}");
            for words in expected.iter().chain(&["Exit status:"]) {
                assert!(stdout.contains(words), "{help:?} lacks {words:?}: {stdout}");
            }
        }
    }
}

/// The exit statuses at the end of `majesty --help`.
fn exit_statuses() -> String {
    let (code, stdout, _) = cli(&["--help"], "");
    assert_eq!(code, 0);
    let list = &stdout[stdout.find("Exit status:").expect("listed")..];
    list.trim_end().to_string()
}

#[test]
fn every_help_and_the_docs_list_the_same_exit_statuses() {
    let list = exit_statuses();
    for status in [0, USAGE, BAD_RECORD, ILLEGAL_TURN, CANNOT_WRITE] {
        assert!(
            list.contains(&format!("\n  {status}  ")),
            "{status}: {list}"
        );
    }
    let commands = [
        "replay",
        "simulate",
        "tournament",
        "review",
        "hint",
        "puzzles",
        "train",
    ];
    for command in commands {
        let (code, stdout, _) = cli(&[command, "--help"], "");
        assert_eq!(code, 0);
        assert!(stdout.trim_end().ends_with(&list), "{command}: {stdout}");
    }
    for doc in ["README.md", "../docs/architecture.md"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(doc);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains(&format!("```text\n{list}\n```")),
            "{doc} does not list the exit statuses as --help does:\n{list}"
        );
    }
}

#[test]
fn a_bad_command_line_is_a_usage_error_with_status_2() {
    let cases: [(&[&str], &str); 11] = [
        (
            &["tournament", "--games", "1", "--seed", "1"],
            "--round-robin",
        ),
        (
            &[
                "tournament",
                "--games",
                "1",
                "--round-robin",
                "hard,hard",
                "--seed",
                "1",
            ],
            "named twice",
        ),
        (
            &[
                "tournament",
                "--games",
                "1",
                "--round-robin",
                "hard,medium",
                "--players",
                "hard,medium",
                "--seed",
                "1",
            ],
            "cannot be used with",
        ),
        (
            &[
                "simulate",
                "--games",
                "1",
                "--players",
                "2",
                "--seed",
                "1",
                "--bogus",
                "x",
            ],
            "--bogus",
        ),
        (&["simulate", "--games", "1", "--players", "2"], "--seed"),
        (
            &[
                "simulate",
                "--games",
                "many",
                "--players",
                "2",
                "--seed",
                "1",
            ],
            "many",
        ),
        (
            &[
                "tournament",
                "--games",
                "1",
                "--players",
                "hard",
                "--seed",
                "1",
            ],
            "2, 3 or 4 players",
        ),
        (
            &[
                "tournament",
                "--games",
                "1",
                "--players",
                "hard,genius",
                "--seed",
                "1",
            ],
            "genius",
        ),
        (&["replay", "a.json", "b.json"], "b.json"),
        // hint hints the player to move, as JSON: it has no --seats or --json.
        (&["hint", "--seats", "5", "a.json"], "--seats"),
        (&["hint", "--json", "a.json"], "--json"),
    ];
    for (args, named) in cases {
        let (code, stdout, stderr) = cli(args, "");
        assert_eq!(code, USAGE, "{args:?}: {stderr}");
        assert_eq!(stdout, "", "{args:?}");
        assert!(stderr.contains(named), "{args:?}: {stderr}");
    }
    // No subcommand at all: the help, on standard error.
    let (code, _, stderr) = cli(&[], "");
    assert_eq!(code, USAGE);
    assert!(stderr.contains("Usage: majesty"), "{stderr}");
    let (code, _, stderr) = cli(&["deal"], "");
    assert_eq!(code, USAGE);
    assert!(stderr.contains("deal"), "{stderr}");
}

#[test]
fn a_count_of_zero_or_a_pointless_option_is_a_usage_error() {
    let cases: [&[&str]; 9] = [
        &[
            "tournament",
            "--games",
            "0",
            "--players",
            "easy,random",
            "--seed",
            "1",
        ],
        &[
            "tournament",
            "--games",
            "1",
            "--players",
            "easy,random",
            "--seed",
            "1",
            "--threads",
            "0",
        ],
        &[
            "tournament",
            "--games",
            "1",
            "--players",
            "expert,random",
            "--seed",
            "1",
            "--expert-iterations",
            "0",
        ],
        &["simulate", "--games", "0", "--players", "2", "--seed", "1"],
        &["review", "--iterations", "0"],
        &["hint", "--iterations", "0"],
        &["puzzles", "--count", "0"],
        &["train", "--games", "0"],
        &["train", "--iterations", "0"],
    ];
    for args in cases {
        let (code, stdout, stderr) = cli(args, "");
        assert_eq!(code, USAGE, "{args:?}: {stderr}");
        assert_eq!(stdout, "", "{args:?}");
        assert!(
            stderr.contains("at least 1 is needed"),
            "{args:?}: {stderr}"
        );
    }
    let (record, _) = simulated_record(2, "AAAAAAAA", 3);
    let (code, stdout, stderr) = cli(&["review", "--seats", "1,0,1"], &record.to_json());
    assert_eq!(code, USAGE, "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("seat 1 is named twice"), "{stderr}");
    let (code, _, stderr) = cli(&["train", "--short", "--model", "weights.json"], "");
    assert_eq!(code, USAGE, "{stderr}");
    assert!(
        stderr.contains("--model is only for --self-play learned"),
        "{stderr}"
    );
}

#[test]
fn cli_review_rates_every_turn_of_the_chosen_seats() {
    // `majesty review <record-file>` prints the ratings.
    let (record, _) = simulated_record(2, "AAAAAAAA", 3);
    let json = record.to_json();
    let (code, stdout, stderr) = cli(&["review", "--seats", "0", "--iterations", "40"], &json);
    assert_eq!(code, 0, "{stderr}");
    let turns = stdout.lines().filter(|l| l.starts_with("turn ")).count();
    assert_eq!(turns, 12, "{stdout}");
    assert!(
        stdout.contains("Ann:") && stdout.contains("points lost in all"),
        "{stdout}"
    );
    let (code, stdout, _) = cli(&["review", "--iterations", "40", "--json"], &json);
    assert_eq!(code, 0);
    let review: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(review["ratings"].as_array().unwrap().len(), 24);
    assert!(review["costliest"].as_array().unwrap().len() <= 3);
}

#[test]
fn cli_review_prints_no_negative_zero() {
    // After one turn the second seat has played nothing: it lost nothing,
    // a sum of no losses (-0.0 in Rust), printed as 0.0.
    let (mut record, _) = simulated_record(2, "AAAAAAAA", 3);
    record.turns.truncate(1);
    let (code, stdout, stderr) = cli(&["review", "--iterations", "20"], &record.to_json());
    assert_eq!(code, 0, "{stderr}");
    let second = format!("{}: 0.0 points lost in all", record.players[1]);
    assert!(stdout.contains(&second), "{stdout}");
    assert!(!stdout.contains("-0.0"), "{stdout}");
}

#[test]
fn cli_review_and_hint_fail_with_the_documented_statuses() {
    let (mut record, _) = simulated_record(2, "AAAAAAAA", 3);
    let (code, _, _) = cli(&["review", "--seats", "2"], &record.to_json());
    assert_eq!(code, USAGE, "a seat the record does not have");
    let (code, _, _) = cli(&["review"], "not json");
    assert_eq!(code, BAD_RECORD);
    record.turns[0].take = 9;
    let (code, _, stderr) = cli(&["review", "--iterations", "5"], &record.to_json());
    assert_eq!(code, ILLEGAL_TURN);
    assert!(stderr.starts_with("turn 1:"), "{stderr}");
    let (code, _, _) = cli(&["hint"], &record.to_json());
    assert_eq!(code, ILLEGAL_TURN);
}

#[test]
fn cli_hint_lists_the_experts_choice_first() {
    // The hint of a position is the expert's choice there, with the seed a
    // computer gets at that turn (bots::seed_for), as the app asks it.
    let (mut record, _) = simulated_record(3, "AAAAAAAA", 8);
    record.turns.truncate(6);
    let (code, stdout, stderr) = cli(&["hint", "--iterations", "200"], &record.to_json());
    assert_eq!(code, 0, "{stderr}");
    let advice: Value = serde_json::from_str(&stdout).unwrap();
    let game = record.replay().unwrap();
    let seed = majesty_ai::bots::seed_for(record.seed.unwrap(), 6);
    let mut search = majesty_ai::bots::ExpertSearch::new(&Observation::to_move(&game), seed);
    search.run(200);
    let best: Turn = serde_json::from_value(advice[0]["turn"].clone()).unwrap();
    assert_eq!(Some(best), search.best());
    assert_eq!(advice.as_array().unwrap().len(), 3);
}

#[test]
fn cli_replay_refuses_a_record_of_a_million_turns_reading_only_its_first_mebibyte() {
    // A record of 1,000,000 turns (about 31 MB) once took 765 MB
    // before it was refused. The tool reads at most 1 MiB (and one byte) of
    // it and stops: the writer below is cut off by the closed pipe long
    // before the end, so the tool never holds the record in memory.
    let turn = r#"{"take": 0, "place": "Miller"}"#;
    let text = format!(
        r#"{{"version": 2, "players": ["A", "B"], "seed": 1, "turns": [{}]}}"#,
        vec![turn; 1_000_000].join(",")
    );
    assert!(text.len() > 30_000_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_majesty"))
        .arg("replay")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut written = 0;
        for chunk in text.as_bytes().chunks(64 * 1024) {
            if stdin.write_all(chunk).is_err() {
                break;
            }
            written += chunk.len();
        }
        written
    });
    let out = child.wait_with_output().unwrap();
    let written = writer.join().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(BAD_RECORD), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(stderr.contains("larger than 1 MiB"), "{stderr}");
    // What the pipe took: the mebibyte read and at most a pipe's buffer more.
    assert!(written < 4 * 1024 * 1024, "{written} bytes written");
}

#[test]
fn cli_train_short_gives_the_same_weights_fresh_and_resumed() {
    // `majesty train` from a seed: the same file byte for byte, whether its
    // games are played now or read back from the checkpoint file.
    let dir = std::env::temp_dir().join(format!("majesty-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let run = |data: &str, out: &str| {
        let (code, _, stderr) = cli(
            &[
                "train", "--short", "--seed", "3", "--data", data, "--out", out,
            ],
            "",
        );
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.contains("fitting 8 games"), "{stderr}");
        std::fs::read_to_string(out).unwrap()
    };
    let _ = std::fs::remove_file(path("a.jsonl"));
    let _ = std::fs::remove_file(path("b.jsonl"));
    let first = run(&path("a.jsonl"), &path("a.json"));
    // `--out -` is standard output.
    let (code, fresh, stderr) = cli(
        &[
            "train",
            "--short",
            "--seed",
            "3",
            "--data",
            &path("b.jsonl"),
            "--out",
            "-",
        ],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    let resumed = run(&path("a.jsonl"), &path("c.json"));
    assert_eq!(first, fresh);
    assert_eq!(first, resumed);
    let model = majesty_ai::bots::value::ValueModel::from_json(&first).unwrap();
    assert_eq!(model.hash, model.digest());
    assert_eq!(model.games, 8);
    assert!(model.command.starts_with("majesty train --short --seed 3"));
    // Eight games, one a line.
    let games = std::fs::read_to_string(path("a.jsonl")).unwrap();
    assert_eq!(games.lines().count(), 8);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_tournament_value_gives_the_expert_other_weights() {
    // With weights that correct nothing (and the hand-written judgement's
    // win scale of 20 points), the learned judgement is medium's
    // projection: the expert then plays exactly as the classic expert.
    let path = std::env::temp_dir().join(format!("majesty-zero-{}.json", std::process::id()));
    std::fs::write(&path, majesty_ai::bots::value::ValueModel::zero().to_json()).unwrap();
    let value = path.to_str().unwrap();
    let scores = |players: &str, extra: &[&str]| {
        let mut args = vec![
            "tournament",
            "--games",
            "2",
            "--seed",
            "4",
            "--threads",
            "1",
        ];
        args.extend_from_slice(&["--players", players]);
        args.extend_from_slice(extra);
        let (code, stdout, stderr) = cli(&args, "");
        assert_eq!(code, 0, "{stderr}");
        // The mean scores of both seats, without the times.
        stdout
            .lines()
            .skip(1)
            .take(2)
            .map(|l| {
                l.split(", mean move")
                    .next()
                    .unwrap()
                    .split(": ")
                    .nth(1)
                    .unwrap()
                    .to_string()
            })
            .collect::<Vec<_>>()
    };
    let zero = scores(
        "expert,medium",
        &["--expert-iterations", "60", "--value", value],
    );
    let classic = scores("expert-classic:60,medium", &[]);
    assert_eq!(zero, classic);
    let _ = std::fs::remove_file(&path);
}
