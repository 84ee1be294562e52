//! The guided first game (rules/src/tutorial.rs): played by following every
//! step, it reaches the final scoring with its steps in order; a wrong move
//! is explained, never just refused.

use majesty_rules::tutorial::{Anchor, Mistake, Step, Tutorial, Wait, LEARNER};
use majesty_rules::{Character, Game, Location, Turn};

fn side_a() -> &'static Tutorial {
    Tutorial::find("a").expect("side A's tutorial")
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
