//! The coach: the hint is the expert's own search, a review
//! rates turns against the expert's choice, both deterministic and
//! computable in slices; the record says when hints were used.

// The rules crate's test helpers: scripted games and records.
#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::simulated_record;
use majesty_ai::bots::{self, Level};
use majesty_ai::coach::{self, HintSearch, Reason, Reviewer, HINT_TURNS};
use majesty_rules::rand::{Rng as _, RngExt as _};
use majesty_rules::rng::seeded;
use majesty_rules::simulate::random_position;
use majesty_rules::Observation;
use majesty_rules::{Event, Game, GameConfig, GameRecord, Seat, Sides};

fn seat(index: usize) -> Seat {
    Seat::new(index).unwrap()
}

fn position(players: usize, sides: Sides, seed: u64, turns: usize) -> Game {
    let config = GameConfig::new(players).unwrap().with_sides(sides);
    random_position(config, seed, turns).unwrap()
}

#[test]
fn the_hint_marks_the_experts_choice_in_the_same_seeded_position() {
    // The turn a hint marks as the expert's is what
    // bots::choose(Level::Expert, …) picks for the same seeded position.
    // choose draws the search's seed as the generator's next number; the
    // hint is given that number.
    for (players, sides, seed, turns) in [
        (2, Sides::ALL_A, 3, 4),
        (3, Sides::ALL_B, 5, 10),
        (4, Sides::ALL_A, 8, 20),
    ] {
        let game = position(players, sides, seed, turns);
        let mut rng = seeded(seed * 31);
        let search_seed = rng.clone().next_u64();
        let expert = bots::choose(Level::Expert, &Observation::to_move(&game), &mut rng).unwrap();
        let advice = coach::hint(
            &Observation::to_move(&game),
            search_seed,
            coach::expert_budget(),
        );
        // Marked, wherever the margins rank it.
        let marked: Vec<_> = advice.iter().filter(|a| a.expert).map(|a| a.turn).collect();
        assert_eq!(marked, [expert], "{players} players, seed {seed}");
        assert!(advice.len() <= HINT_TURNS && !advice.is_empty());
        let mut turns: Vec<_> = advice.iter().map(|a| a.turn).collect();
        turns.dedup();
        assert_eq!(turns.len(), advice.len(), "three different turns");
    }
}

#[test]
fn a_hint_is_the_same_for_the_same_seed_and_the_same_in_slices() {
    // Deterministic for a seed, and a search run in slices (as the app
    // does between frames) gives what one run gives.
    let game = position(3, Sides::ALL_A, 11, 7);
    let whole = coach::hint(&Observation::to_move(&game), 42, 600);
    assert_eq!(whole, coach::hint(&Observation::to_move(&game), 42, 600));
    let mut sliced = HintSearch::new(&Observation::to_move(&game), 42);
    while sliced.iterations() < 600 {
        sliced.run(7.min(600 - sliced.iterations()));
    }
    assert_eq!(sliced.advice(), whole);
    for a in &whole {
        assert!((0.0..=1.0).contains(&a.win_chance));
        assert!(game.check(a.turn).is_ok());
    }
}

#[test]
fn a_hints_reason_is_the_engines_preview_of_the_turn() {
    // The points now are the engine's own (Game::preview), never recomputed.
    let game = position(2, Sides::ALL_B, 13, 9);
    for a in coach::hint(&Observation::to_move(&game), 1, 300) {
        let preview = game.preview(a.turn).unwrap();
        assert_eq!(a.reason.points, preview.points);
        assert_eq!(
            a.reason.meeples,
            preview.meeples[game.current_player().index()]
        );
        assert_eq!(a.reason.seat, game.current_player());
    }
}

#[test]
fn a_reason_names_the_cards_an_attack_wounds_and_the_majorities_won() {
    // Ruling 1 (Barracks): an opponent with fewer Guards than the attacker's
    // Knights loses a card; the reason lists it as the Attacked event does.
    let (mut wounds, mut won) = (0, 0);
    for seed in 0..20 {
        let mut game = Game::new(GameConfig::new(3).unwrap(), seed).unwrap();
        let mut rng = seeded(seed);
        while !game.is_over() {
            let legal = game.legal_turns();
            let turn = legal[rng.random_range(0..legal.len())];
            let reason = Reason::of(&Observation::to_move(&game), turn).unwrap();
            let events = game.preview(turn).unwrap().events;
            let hit: Vec<_> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Attacked {
                        defender,
                        wounded: Some(p),
                        ..
                    } => Some((*defender, p.character)),
                    _ => None,
                })
                .collect();
            assert_eq!(reason.wounded, hit);
            wounds += hit.len();
            let seat = game.current_player();
            let location = turn.place.location();
            let character = turn.place;
            let before = game.player(seat).realm().count(character);
            let most_other = game
                .config()
                .seats()
                .filter(|&p| p != seat)
                .map(|p| game.player(p).realm().count(character))
                .max()
                .unwrap();
            // Placing the card that lifts the player level with the best
            // opponent wins (a share of) that majority.
            if before + 1 == most_other.max(1)
                && before < most_other.max(1)
                && reason.healed.is_none()
            {
                assert!(reason.majorities_won.contains(&location), "{turn}");
                won += 1;
            }
            game.apply(turn).unwrap();
        }
    }
    assert!(
        wounds > 0 && won > 0,
        "the games had attacks and majorities"
    );
}

#[test]
fn a_review_rates_the_chosen_seats_turns_never_below_zero() {
    // Every turn of the chosen seat is rated, the expert's own choice costs
    // nothing, and the costliest list is the top 3 by points lost.
    let record = simulated_record(2, "AAAAAAAA", 21).0;
    let review = Reviewer::new(&record, &[seat(1)], 150).unwrap().finish();
    assert_eq!(review.ratings.len(), 12);
    for r in &review.ratings {
        assert_eq!(r.seat, seat(1));
        assert_eq!(r.played, record.turns[r.number - 1]);
        assert!(r.loss >= 0.0);
        if r.played == r.better {
            assert_eq!(r.loss, 0.0);
        }
    }
    assert!(review.costliest.len() <= 3);
    let mut by_loss: Vec<f64> = review
        .ratings
        .iter()
        .map(|r| r.loss)
        .filter(|&l| l > 0.0)
        .collect();
    by_loss.sort_by(|a, b| b.total_cmp(a));
    let top: Vec<f64> = review.costliest.iter().map(|r| r.loss).collect();
    assert_eq!(top, by_loss[..top.len()]);
    assert!(review.total_loss(seat(1)) >= top.iter().sum::<f64>());
}

#[test]
fn a_review_is_deterministic_and_the_same_when_computed_turn_by_turn() {
    // Incremental: the app runs a few iterations per frame and shows
    // done()/total(); the result equals the review run at once.
    let record = simulated_record(3, "BBBBBBBB", 4).0;
    let whole = Reviewer::new(&record, &[seat(0), seat(2)], 60)
        .unwrap()
        .finish();
    assert_eq!(
        whole,
        Reviewer::new(&record, &[seat(0), seat(2)], 60)
            .unwrap()
            .finish()
    );
    let mut sliced = Reviewer::new(&record, &[seat(0), seat(2)], 60).unwrap();
    assert_eq!(sliced.total(), 24);
    let mut last = 0;
    while !sliced.is_done() {
        sliced.run(13);
        assert!(sliced.done() >= last);
        last = sliced.done();
    }
    assert_eq!(sliced.review(), whole);
    assert_eq!(sliced.run(10), 0, "nothing left to run");
}

#[test]
fn a_review_of_a_record_with_an_illegal_turn_is_refused_with_its_number() {
    let mut record = simulated_record(2, "AAAAAAAA", 5).0;
    record.turns[3].take = 9;
    match Reviewer::new(&record, &[seat(0)], 10) {
        Err(majesty_rules::RecordError::Turn { turn: 4, .. }) => {}
        Err(e) => panic!("wrong error {e}"),
        Ok(_) => panic!("an illegal record was reviewed"),
    }
}

#[test]
fn a_record_says_when_hints_were_used_and_old_records_still_read() {
    // The optional field `hints_used`: absent in records without hints
    // (read and written exactly as before), `true` once a hint was asked.
    let old = r#"{"version":2,"players":["A","B"],"seed":1,"turns":[]}"#;
    let record = GameRecord::from_json(old).unwrap();
    assert!(!record.hints_used);
    assert!(!record.to_json().contains("hints_used"));
    let mut hinted = record.clone();
    hinted.hints_used = true;
    let text = hinted.to_json();
    assert!(text.contains(r#""hints_used":true"#));
    assert_eq!(GameRecord::from_json(&text).unwrap(), hinted);
}

/// Positions of 2–4 players on both sides, at every stage of a game.
fn spread_positions(count: u64) -> impl Iterator<Item = Game> {
    (0..count).map(|seed| {
        let players = 2 + (seed % 3) as usize;
        let sides = if seed % 2 == 0 {
            Sides::ALL_A
        } else {
            Sides::ALL_B
        };
        position(players, sides, seed, (seed as usize * 7) % (players * 11))
    })
}

#[test]
fn a_hint_is_ranked_by_value_and_says_which_turns_are_close() {
    // The panel ranks by the expected final margin, the number each row
    // shows, and never contradicts it: shown margins only fall, the
    // expert's own choice is marked wherever it ranks, every other turn
    // was searched enough to be judged, and "about equally good" covers
    // exactly the turns whose shown ranges overlap the first's.
    let (mut close, mut apart, mut traded, mut expert_lower, mut hints) = (0, 0, 0, 0, 0);
    for game in spread_positions(60) {
        let advice = coach::hint(&Observation::to_move(&game), 7, coach::expert_budget());
        hints += 1;
        let margins: Vec<f64> = advice.iter().map(|a| a.margin).collect();
        assert!(margins.windows(2).all(|w| w[0] >= w[1]), "{margins:?}");
        assert!(advice
            .windows(2)
            .all(|w| w[0].shown_margin() >= w[1].shown_margin()));
        assert_eq!(advice.iter().filter(|a| a.expert).count(), 1);
        let most = advice.iter().map(|a| a.visits).max().unwrap();
        assert!(advice.iter().all(|a| !a.expert || a.visits == most));
        assert!(advice.iter().map(|a| a.share).sum::<f64>() <= 1.0 + 1e-9);
        for a in advice.iter().filter(|a| !a.expert) {
            assert!(a.visits >= 2 && a.share >= coach::CONSIDERED_SHARE);
        }
        if !advice[0].expert {
            expert_lower += 1;
        }
        let equal = coach::equally_good(&advice);
        assert!((1..=advice.len()).contains(&equal));
        for (i, a) in advice.iter().enumerate().skip(1) {
            let overlap = (a.shown_margin() - advice[0].shown_margin()).abs()
                <= a.shown_range() + advice[0].shown_range();
            assert_eq!(a.about_as_good_as(&advice[0]), overlap);
            if i < equal {
                assert!(overlap);
            }
        }
        if equal < advice.len() {
            assert!(!advice[equal].about_as_good_as(&advice[0]));
            apart += 1;
        } else if equal > 1 {
            close += 1;
        }
        for (i, above) in advice.iter().enumerate() {
            traded += advice[i + 1..]
                .iter()
                .filter(|below| coach::fewer_points_more_chance(below, above))
                .count();
        }
    }
    assert!(
        close > 0 && apart > 0,
        "both kinds of hint: {close} close, {apart} apart"
    );
    println!("{hints} hints: {close} all close, {apart} with a clear gap, {traded} fewer points for a better chance, {expert_lower} with the expert's choice below the first");
}

#[test]
fn a_forced_turn_is_all_of_the_experts_search() {
    // Late in a game a player may have one legal turn: no search runs, and
    // the hint still says the expert is sure of it.
    let forced = (0..200)
        .flat_map(|seed| {
            let players = 2 + (seed % 3) as usize;
            let total = players * 12;
            (total - 3..total).map(move |turns| position(players, Sides::ALL_A, seed, turns))
        })
        .find(|game| game.legal_turns().len() == 1)
        .expect("a position with one legal turn");
    let advice = coach::hint(&Observation::to_move(&forced), 3, 100);
    assert_eq!(advice.len(), 1);
    assert_eq!(advice[0].share, 1.0);
    assert!(advice[0].expert);
}

#[test]
fn turns_are_about_as_good_when_their_shown_ranges_overlap() {
    let game = position(2, Sides::ALL_A, 1, 0);
    let mut advice = coach::hint(&Observation::to_move(&game), 1, 200);
    advice.truncate(2);
    let (a, b) = (&mut advice[0].clone(), &mut advice[1].clone());
    (a.margin, a.margin_error, b.margin, b.margin_error) = (5.0, 0.3, 4.0, 0.15);
    // Shown: +5.0 ± 0.6 and +4.0 ± 0.3, 1.0 apart: the ranges miss.
    assert_eq!(
        (a.shown_margin(), a.shown_range(), b.shown_range()),
        (50, 6, 3)
    );
    assert!(!a.about_as_good_as(b));
    // +4.1 ± 0.3 reaches +4.4, where +5.0 ± 0.6 begins.
    b.margin = 4.1;
    assert!(a.about_as_good_as(b) && b.about_as_good_as(a));
    assert_eq!(coach::equally_good(&[a.clone(), b.clone()]), 2);
    (b.margin, a.win_chance, b.win_chance) = (3.0, 0.40, 0.45);
    assert!(coach::fewer_points_more_chance(b, a));
    assert!(!coach::fewer_points_more_chance(a, b));
    assert_eq!(coach::equally_good(&[a.clone(), b.clone()]), 1);
}

#[test]
fn a_wound_warning_is_true_of_the_table() {
    // Ruling 1: an opponent can wound the player when a Knight they take
    // would make their Knights outnumber the player's Guards. The warning
    // names such an opponent only while a Knight can still reach them (in
    // the display, or unseen while the deck lasts: as the player choosing
    // sees it, before the card that refills the display is turned up) and
    // they have a turn left; after the game's last turn it names nobody.
    let (mut warned, mut knightless) = (0, 0);
    for seed in 0..12 {
        let players = 2 + (seed % 3) as usize;
        let mut game = Game::new(GameConfig::new(players).unwrap(), seed).unwrap();
        let mut rng = seeded(seed + 100);
        while !game.is_over() {
            let legal = game.legal_turns();
            let turn = legal[rng.random_range(0..legal.len())];
            let reason = Reason::of(&Observation::to_move(&game), turn).unwrap();
            let seat = game.current_player();
            let mut after = game.clone();
            after.apply(turn).unwrap();
            let knight = |c: majesty_rules::Card| c.can_be(majesty_rules::Character::Knight);
            let can_come = after.display().iter().any(|s| knight(s.card))
                || (game.deck_len() > 0 && game.unseen_cards().into_iter().any(knight));
            let guards = after
                .player(seat)
                .realm()
                .count(majesty_rules::Character::Guard);
            for &p in &reason.exposed_after {
                assert_ne!(p, seat);
                assert!(can_come, "seed {seed}: a warning with no Knight to come");
                assert!(
                    after
                        .player(p)
                        .realm()
                        .count(majesty_rules::Character::Knight)
                        + 1
                        > guards
                );
                warned += 1;
            }
            if after.is_over() {
                assert!(
                    reason.exposed_after.is_empty(),
                    "nobody moves after the last turn"
                );
            }
            if !can_come {
                knightless += 1;
                assert!(reason.exposed_after.is_empty());
            }
            game = after;
        }
    }
    assert!(
        warned > 0 && knightless > 0,
        "{warned} warnings, {knightless} turns with no Knight to come"
    );
}
