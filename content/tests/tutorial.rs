//! The guided games (content/src/tutorial.rs), side A and side B: played by
//! following every step, each reaches the final scoring with its steps in
//! order; a wrong move is explained, never just refused.

use majesty_content::tutorial::{Anchor, Mistake, Step, Tutorial, Wait, LEARNER};
use majesty_rules::{Character, Event, Game, Location, Seat, Side, Turn};

/// The computer's seat.
const COMPUTER: Seat = Seat::new(1).unwrap();

fn side_a() -> &'static Tutorial {
    Tutorial::find("a").expect("side A's tutorial")
}

fn side_b() -> &'static Tutorial {
    Tutorial::find("b").expect("side B's tutorial")
}

fn start(t: &Tutorial) -> Game {
    t.record(&["You".into(), "Computer".into()])
        .start()
        .expect("the tutorial's deck deals")
}

/// Plays the tutorial as the app does: the learner follows each step (the
/// step's turn, or "Next"), the computer plays its scripted reply whenever
/// it is to move. Returns the ids of the steps shown, in order.
fn follow(t: &Tutorial) -> (Vec<&'static str>, Game) {
    let steps = t.steps();
    let mut game = start(t);
    let mut shown = Vec::new();
    let mut i = 0;
    while i < steps.len() {
        let step = steps[i];
        // Ruling "A turn, 5": seats alternate; the computer moves until the
        // step's moment comes.
        while game.turn_number() < step.at {
            assert_ne!(
                game.current_player(),
                LEARNER,
                "step {} skipped a turn of the learner",
                step.id
            );
            let reply = t.reply(game.turn_number()).expect("a scripted reply");
            game.apply(reply).expect("the reply is legal");
        }
        assert_eq!(game.turn_number(), step.at, "step {}", step.id);
        shown.push(step.id);
        if let Wait::Turn(turn) = step.wait {
            assert_eq!(game.current_player(), LEARNER, "step {}", step.id);
            assert!(
                game.legal_turns().contains(&turn),
                "step {}: {turn:?} is legal",
                step.id
            );
            game.apply(turn).expect("the step's turn");
        }
        i += 1;
    }
    (shown, game)
}

#[test]
fn following_every_step_reaches_the_final_scoring() {
    let (shown, game) = follow(side_a());
    assert!(game.is_over(), "RULES.md Game end: 12 cards each");
    let result = game.result().expect("final scoring");
    // The learner (who followed the coach) wins against the gentle computer.
    assert_eq!(result.winners, vec![LEARNER]);
    assert_eq!(shown.last(), Some(&"summary"));
}

#[test]
fn steps_come_in_the_order_the_table_explains_them() {
    let (shown, _) = follow(side_a());
    let expected = [
        "welcome",
        "display",
        "meeples",
        "take_free",
        "ability_mill",
        "everyone_brewery",
        "pay_meeple",
        "ability_brewery",
        "pick_up",
        "ability_cottage",
        "worker",
        "wounded",
        "guard",
        "ability_guardhouse",
        "everyone_inn",
        "heal",
        "healed",
        "knight",
        "held",
        "ability_barracks",
        "innkeeper",
        "ability_inn",
        "score",
        "noble",
        "ability_castle",
        "split",
        "keep_going",
        "keep_going",
        "last_card",
        "final",
        "final_variety",
        "final_majority",
        "summary",
    ];
    assert_eq!(shown, expected);
}

#[test]
fn each_ability_step_follows_the_engines_first_score_there() {
    // Locations, side A: every location's ability is explained right after
    // the turn where it first scored for the learner, pointing at it.
    let t = side_a();
    let steps = t.steps();
    for location in &Location::ALL[..7] {
        let step = steps
            .iter()
            .find(|s| matches!(s.anchor, Anchor::Location { location: l, seat: LEARNER } if l == *location) && s.id.starts_with("ability"))
            .unwrap_or_else(|| panic!("{location:?} is explained"));
        let mut game = start(t);
        let mut first = None;
        for (n, turn) in t.script_turns().into_iter().enumerate() {
            let events = game.apply(turn).expect("scripted turn");
            let scored = events.iter().any(|e| matches!(e, majesty_rules::Event::Gained { player: LEARNER, location: l, .. } if l == location));
            if scored && first.is_none() {
                first = Some(n + 1);
            }
        }
        assert_eq!(Some(step.at), first, "{location:?}");
    }
}

fn step(id: &str) -> Step {
    *side_a().steps().iter().find(|s| s.id == id).expect("step")
}

fn game_at(step: &Step) -> Game {
    let t = side_a();
    let mut game = start(t);
    for turn in t.script_turns().into_iter().take(step.at) {
        game.apply(turn).expect("scripted turn");
    }
    game
}

#[test]
fn a_wrong_card_is_explained() {
    // "A turn, 1: take": space k costs k meeples; the learner has 5.
    let first = step("take_free");
    let game = game_at(&first);
    let guard = Turn::new(3, game.display()[3].card.characters().next().unwrap());
    assert_eq!(
        Tutorial::mistake(&first, &game, guard),
        Some(Mistake::OtherCard {
            space: 3,
            expected: 0
        })
    );
    assert_eq!(
        Tutorial::mistake(&first, &game, Turn::new(0, Character::Miller)),
        None
    );
}

#[test]
fn a_card_too_dear_is_explained_with_its_cost() {
    // The Noble step: the learner has 5 meeples... after paying for the
    // Brewer and picking up, exactly as many as the engine counts.
    let noble = step("noble");
    let game = game_at(&noble);
    let meeples = game.player(LEARNER).meeples();
    let dear = usize::from(meeples) + 1;
    if dear < game.display().len() {
        let tried = Turn::new(dear, game.display()[dear].card.characters().next().unwrap());
        assert_eq!(
            Tutorial::mistake(&noble, &game, tried),
            Some(Mistake::TooDear {
                space: dear,
                cost: meeples + 1,
                meeples
            })
        );
    }
}

#[test]
fn a_split_card_placed_elsewhere_is_explained() {
    // Ruling 7: a split card goes to one of its two characters' locations.
    let split = step("split");
    let game = game_at(&split);
    let as_miller = Turn::new(0, Character::Miller);
    assert!(game.legal_turns().contains(&as_miller));
    assert_eq!(
        Tutorial::mistake(&split, &game, as_miller),
        Some(Mistake::OtherPlace)
    );
}

#[test]
fn next_steps_accept_no_turn() {
    let welcome = step("welcome");
    let game = game_at(&welcome);
    assert_eq!(
        Tutorial::mistake(&welcome, &game, Turn::new(0, Character::Miller)),
        Some(Mistake::NotNow)
    );
}

#[test]
fn the_computer_replies_only_on_its_turns() {
    let t = side_a();
    assert_eq!(t.reply(0), None);
    assert!(t.reply(1).is_some());
    assert_eq!(t.reply(24), None, "no reply after the game");
    assert_eq!(t.script_turns().len(), 24);
}

// ---- Side B (issue: "attack/defend on side B if chosen") ----

#[test]
fn side_b_is_played_on_side_b_and_followed_to_the_final_scoring() {
    let t = side_b();
    let game = start(t);
    for location in Location::ALL {
        assert_eq!(game.config().sides().of(location), Side::B, "{location:?}");
    }
    // "A turn, 5": 12 cards each, the learner's 12 turns all asked by a step.
    let (shown, game) = follow(t);
    assert!(game.is_over(), "RULES.md Game end: 12 cards each");
    let learner_turns = t
        .steps()
        .iter()
        .filter(|s| matches!(s.wait, Wait::Turn(_)))
        .count();
    assert_eq!(learner_turns, 12);
    let result = game.result().expect("final scoring");
    assert_eq!(result.winners, vec![LEARNER]);
    // Final scoring 1 (side B), ruling 11: the computer's one wounded card
    // costs 2, and as the most wounded it loses 10 more; the learner healed.
    let (you, computer) = (
        &result.players[LEARNER.index()],
        &result.players[COMPUTER.index()],
    );
    assert_eq!((you.infirmary_cards, computer.infirmary_cards), (0, 1));
    assert_eq!(
        (computer.infirmary_per_card, computer.infirmary_most),
        (-2, -10)
    );
    assert_eq!(
        (you.total, computer.total),
        (184, 115),
        "the texts quote them"
    );
    assert_eq!(shown.last(), Some(&"b_summary"));
}

#[test]
fn side_b_steps_come_in_the_order_the_table_explains_them() {
    let (shown, _) = follow(side_b());
    let expected = [
        "b_welcome",
        "b_miller",
        "ability_b_mill",
        "b_witch",
        "ability_b_cottage",
        "everyone_b_mill",
        "b_brewer",
        "ability_b_brewery",
        "worker_b",
        "wounded_b",
        "b_guard",
        "ability_b_guardhouse",
        "b_heal",
        "healed_b",
        "b_second_guard",
        "defended_b",
        "b_knight",
        "struck_b",
        "ability_b_barracks",
        "b_innkeeper",
        "ability_b_inn",
        "b_noble",
        "ability_b_castle",
        "b_brewery_bonus",
        "b_keep_going",
        "everyone_b_guardhouse",
        "b_trade",
        "b_final",
        "b_final_majority",
        "b_summary",
    ];
    assert_eq!(shown, expected);
}

/// The location a side-B ability step explains (`ability_b_<location>`).
fn ability_b(id: &str) -> Option<Location> {
    let name = id.strip_prefix("ability_b_")?;
    Location::ALL[..7]
        .iter()
        .copied()
        .find(|l| format!("{l:?}").eq_ignore_ascii_case(name))
}

#[test]
fn each_side_b_ability_has_its_own_step_once_right_after_it_first_scores() {
    // Locations, side B: each of the seven scores for the learner (Brewery
    // B in meeples), and each is explained once, pointing at it, right
    // after the turn where the engine first reported it.
    let t = side_b();
    let steps = t.steps();
    let mut game = start(t);
    let mut first = Vec::new();
    for (n, turn) in t.script_turns().into_iter().enumerate() {
        for event in game.apply(turn).expect("scripted turn") {
            if let Event::Gained {
                player: LEARNER,
                location,
                ..
            } = event
            {
                if !first.iter().any(|(l, _)| *l == location) {
                    first.push((location, n + 1));
                }
            }
        }
    }
    assert_eq!(first.len(), 7, "every location 1-7 scores: {first:?}");
    for (location, at) in first {
        let explained: Vec<_> = steps
            .iter()
            .filter(|s| ability_b(s.id) == Some(location))
            .collect();
        assert_eq!(explained.len(), 1, "{location:?} explained once");
        assert_eq!(explained[0].at, at, "{location:?}");
        assert_eq!(
            explained[0].anchor,
            Anchor::Location {
                location,
                seat: LEARNER
            }
        );
    }
}

#[test]
fn side_b_never_shows_a_side_a_text() {
    // The event steps follow the side of their location in the game: no
    // side-A explanation (ability_mill, wounded's "1 point"...) on side B.
    let a: Vec<_> = side_a().steps().iter().map(|s| s.id).collect();
    for step in side_b().steps() {
        assert!(!a.contains(&step.id), "{} is side A's", step.id);
    }
}

#[test]
fn side_b_shows_an_attack_a_defence_and_a_heal() {
    // Signposts: Attack, Defend, Heal top card; ruling 1 (which card).
    let t = side_b();
    let at = |id: &str| t.steps().iter().find(|s| s.id == id).map(|s| s.at);
    let mut game = start(t);
    let mut seen = Vec::new();
    for (n, turn) in t.script_turns().into_iter().enumerate() {
        for event in game.apply(turn).expect("scripted turn") {
            match event {
                Event::Attacked {
                    attacker: COMPUTER,
                    wounded: Some(p),
                    ..
                } => {
                    assert_eq!(p.character, Character::Miller, "leftmost location");
                    seen.push(("wounded_b", n + 1));
                }
                Event::Attacked {
                    attacker: COMPUTER,
                    knights,
                    guards,
                    wounded: None,
                    ..
                } => {
                    assert!(guards >= knights, "the Guards held");
                    seen.push(("defended_b", n + 1));
                }
                Event::Attacked {
                    attacker: LEARNER,
                    wounded: Some(_),
                    ..
                } => seen.push(("struck_b", n + 1)),
                Event::Healed {
                    player: LEARNER, ..
                } => seen.push(("healed_b", n + 1)),
                _ => {}
            }
        }
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
    for (id, turn) in seen {
        assert_eq!(at(id), Some(turn), "{id}");
    }
}

#[test]
fn side_b_ends_with_the_castle_trade_and_a_wrong_trade_is_explained() {
    // Ruling 3: the learner's last Noble sells all 5 meeples (legal: at most
    // 5, and only what the learner holds).
    let t = side_b();
    let trade = *t
        .steps()
        .iter()
        .find(|s| s.id == "b_trade")
        .expect("trade step");
    let Wait::Turn(turn) = trade.wait else {
        panic!("the trade is a turn")
    };
    assert_eq!((turn.place, turn.trade), (Character::Noble, -5));
    let mut game = start(t);
    for turn in t.script_turns().into_iter().take(trade.at) {
        game.apply(turn).expect("scripted turn");
    }
    assert_eq!(game.player(LEARNER).meeples(), 5);
    assert!(game.legal_turns().contains(&turn));
    assert_eq!(
        Tutorial::mistake(&trade, &game, turn.trading(0)),
        Some(Mistake::OtherTrade)
    );
    assert_eq!(Tutorial::mistake(&trade, &game, turn), None);
}

#[test]
fn every_tutorial_is_found_by_its_name() {
    assert_eq!(Tutorial::find("a").map(|t| t.sides), Some("AAAAAAAA"));
    assert_eq!(Tutorial::find("b").map(|t| t.sides), Some("BBBBBBBB"));
    assert_eq!(Tutorial::find("c"), None);
    assert_eq!(side_b().script_turns().len(), 24);
}
