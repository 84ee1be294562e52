//! A recorded game and its expected replay report. The same file is checked
//! in the browser (tests/wasm_engine.rs of the app), so the same seed deals
//! and plays the same game on native and on wasm. If a rules fix changes
//! this game, regenerate the file with `majesty simulate` and `replay`
//! and say why in the commit. It was made with `majesty simulate
//! --games 1 --players 3 --seed 2026 --sides ABBAABAB --deck full --record
//! FILE` (players renamed Ann, Bob, Cid) and `majesty replay FILE`;
//! regenerated for record format 2 (the `rand`/`Pcg64Mcg` shuffle).

use majesty_rules::{GameRecord, ReplayReport};
use serde_json::Value;

#[test]
fn the_golden_game_replays_to_its_report() {
    let golden: Value = serde_json::from_str(include_str!("data/golden-3p-full.json")).unwrap();
    let record: GameRecord = serde_json::from_value(golden["record"].clone()).unwrap();
    let expected: ReplayReport = serde_json::from_value(golden["report"].clone()).unwrap();
    assert_eq!(ReplayReport::of(&record).unwrap(), expected);
}
