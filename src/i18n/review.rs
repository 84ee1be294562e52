//! A translator's proof sheet: every message that is assembled from game
//! terms, filled in for every character and location, in every language.
//! Run `cargo test -p majesty-web --bin majesty-web proof_sheet -- --ignored
//! --nocapture` and read it after changing a locale file's terms.

use majesty_rules::{Card, Character, Location, Side, TurnError};

use super::{describe_ability, texts, Lang};

#[test]
#[ignore = "prints every assembled sentence for a translator to read"]
fn proof_sheet() {
    for lang in Lang::ALL {
        let t = texts(lang);
        println!("===== {lang:?}");
        for l in Location::ALL {
            for side in [Side::A, Side::B] {
                println!("ability {l:?} {side:?}: {}", describe_ability(t, l, side));
            }
            println!(
                "majority nobody/one/tied: {} | {} | {}",
                t.majority_step(l, &[]),
                t.majority_step(l, &[("Ann", 10)]),
                t.majority_step(l, &[("Ann", 10), ("Bob", 10)])
            );
            println!("majority row: {}", t.majority_row(l));
            println!(
                "has each: {}",
                t.gained_has_each(l, &[Character::Innkeeper, Character::Noble], 10)
            );
        }
        for c in Character::ALL {
            let single = Card::single(c);
            let split = Card::split(
                c,
                if c == Character::Noble {
                    Character::Witch
                } else {
                    Character::Noble
                },
            );
            println!("--- {c:?}");
            println!("place: {} | heal to: {}", t.place_at(c), t.heal_to(c));
            println!("took: {}", t.took("Ann", single, c, 0, 0));
            println!("took: {}", t.took("Ann", single, c, 1, 1));
            println!("took: {}", t.took("Ann", split, c, 2, 3));
            println!("healed: {} | {}", t.healed(single, c), t.healed(split, c));
            let suggested = t.rules_suggested(t.card(split), 2, c, t.place_at(c));
            println!("attack: {}", t.attack(2, "Bob", 1, Some(c)));
            println!("suggested: {suggested}");
            println!(
                "count: {} | {} | {}",
                t.count_of(0, c),
                t.count_of(1, c),
                t.count_of(2, c)
            );
            println!(
                "gained: {}",
                t.gained_per_character(c.location(), &[(c, 1)], 2, 2, 0)
            );
            println!(
                "gained: {}",
                t.gained_per_character(c.location(), &[(c, 2), (Character::Miller, 1)], 2, 6, 3)
            );
            println!(
                "everyone: {}",
                t.everyone_gained(c.location(), c, 3, &["Ann", "Bob"])
            );
            println!(
                "wrong: {}",
                t.turn_error(&TurnError::WrongCharacter {
                    card: single,
                    character: c
                })
            );
            println!(
                "heal invalid: {}",
                t.turn_error(&TurnError::HealChoiceInvalid {
                    card: split,
                    character: c
                })
            );
            println!("heal question: {}", t.heal_question(split));
            println!("display: {}", t.display_card(2, split, 1));
        }
        println!("attack held: {}", t.attack(1, "Bob", 1, None));
        println!("attack nothing: {}", t.attack(2, "Bob", 0, None));
        println!("fullest: {}", t.gained_fullest(Location::Inn, 2, 3, 1, 6));
        println!(
            "nobles: {}",
            t.gained_nobles_and_wounded(Location::Castle, 1, 2, 1, 3)
        );
        for trade in [-2, -1, 0, 1, 3] {
            println!(
                "trade {trade}: {} | {}",
                t.trade(trade),
                if trade != 0 {
                    t.traded(trade)
                } else {
                    String::new()
                }
            );
        }
        println!("converted: {}", t.converted(2, 2));
        println!(
            "infirmary: {}",
            t.infirmary_step(&[("Ann", -3, 3, 0), ("Bob", -12, 2, -10)])
        );
        println!(
            "variety: {}",
            t.variety_step(&[("Ann", 1, 1), ("Bob", 6, 36)])
        );
        println!(
            "totals: {}",
            t.totals_step(&[("Ann", 120), ("Bob", 118)], &["Ann"])
        );
        println!(
            "totals: {}",
            t.totals_step(&[("Ann", 120), ("Bob", 120)], &["Ann", "Bob"])
        );
        println!(
            "chart: {}",
            t.score_chart_label(24, &[("Ann", 50)], Some(&[("Ann", 80)]))
        );
        for e in [
            TurnError::NotEnoughMeeples { needed: 1, have: 0 },
            TurnError::NotEnoughMeeples { needed: 3, have: 1 },
            TurnError::SpaceOutOfRange {
                space: 6,
                display: 1,
            },
            TurnError::SpaceOutOfRange {
                space: 6,
                display: 0,
            },
            TurnError::TradeNotAllowed { trade: 2 },
            TurnError::HealChoiceMissing {
                card: Card::split(Character::Miller, Character::Guard),
            },
        ] {
            println!("error: {}", t.turn_error(&e));
        }
        for n in [0u8, 1, 2] {
            println!(
                "cost {n}: {} | worker: {} | on card: {} | gained {} lost {} | deck {} | score {}",
                t.cost(n),
                t.worker(n),
                t.meeples_on_card(n),
                t.board_meeples_gained(n),
                t.board_meeples_lost(n),
                t.deck_label(n),
                t.score_label(n)
            );
        }
        println!(
            "replay: {} | {}",
            t.replay_step(0u8, 24u8),
            t.replay_step(3u8, 24u8)
        );
    }
}
