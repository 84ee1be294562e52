//! The rules engine in the browser: the golden game of the rules crate
//! replays to the same report on wasm as natively (same seed, same game).
#![cfg(target_arch = "wasm32")]

use majesty_rules::{GameRecord, ReplayReport};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn golden_game_replays_identically_in_the_browser() {
    let golden: serde_json::Value =
        serde_json::from_str(include_str!("../rules/tests/data/golden-3p-full.json")).unwrap();
    let record: GameRecord = serde_json::from_value(golden["record"].clone()).unwrap();
    let expected: ReplayReport = serde_json::from_value(golden["report"].clone()).unwrap();
    assert_eq!(ReplayReport::of(&record).unwrap(), expected);
}
