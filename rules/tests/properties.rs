//! Property tests over 10,000 random games of every player count, side
//! choice and deck variant (issue: "Property tests").

use majesty_rules::rng::seeded;
use majesty_rules::simulate::random_turn;
use majesty_rules::{DeckVariant, Event, Game, GameConfig, GameRecord, Side, Sides, Turn};
use proptest::prelude::*;

fn config(players: usize, side_bits: u8, full: bool, tiebreak: bool) -> GameConfig {
    let mut sides = [Side::A; 8];
    for (i, side) in sides.iter_mut().enumerate() {
        if side_bits & (1 << i) != 0 {
            *side = Side::B;
        }
    }
    GameConfig::new(players)
        .unwrap()
        .with_sides(Sides(sides))
        .with_deck(if full {
            DeckVariant::Full
        } else {
            DeckVariant::Standard
        })
        .with_meeple_tiebreak(tiebreak)
}

fn cards_in_play(game: &Game) -> usize {
    game.deck_len()
        + game.display().len()
        + game
            .players()
            .iter()
            .map(|p| p.realm().len() + p.infirmary().len())
            .sum::<usize>()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(
        players in 2usize..=4,
        side_bits: u8,
        full: bool,
        tiebreak: bool,
        deal_seed: u64,
        policy_seed: u64,
    ) {
        let config = config(players, side_bits, full, tiebreak);
        let mut game = Game::new(config, deal_seed).unwrap();
        // rules/RULES.md "Setup" step 3: 33 / 41 / 53 cards, or all 60.
        let total = match config.deck() {
            DeckVariant::Full => 60,
            DeckVariant::Standard => [33, 41, 53][players - 2],
        };
        prop_assert_eq!(cards_in_play(&game), total);

        let mut rng = seeded(policy_seed);
        let mut buffer = Vec::new();
        let mut turns: Vec<Turn> = Vec::new();
        while let Some(turn) = random_turn(&game, &mut rng, &mut buffer) {
            prop_assert_eq!(game.check(turn), Ok(()));
            let before: Vec<i32> = game.players().iter().map(|p| p.score()).collect();
            let seat = game.current_player();
            let events = game.apply(turn).unwrap();
            turns.push(turn);

            // Cards are conserved.
            prop_assert_eq!(cards_in_play(&game), total);
            // At most 5 meeples at every turn end.
            prop_assert!(game.players().iter().all(|p| p.meeples() <= 5));
            // The events' points add up to the score changes.
            for (s, player) in game.config().seats().zip(game.players()) {
                let from_events: i32 = events.iter().map(|e| e.points_for(s)).sum();
                prop_assert_eq!(player.score() - before[s.index()], from_events);
            }
            // The turn is explained from the first event on.
            let took_by_seat = matches!(events[0], Event::Took { player, .. } if player == seat);
            prop_assert!(took_by_seat);
        }
        prop_assert_eq!(turns.len(), config.total_turns());
        // Every player ends with 12 cards, the Infirmary's included.
        prop_assert!(game.players().iter().all(|p| p.cards() == 12));

        let result = game.result().unwrap();
        for s in &result.players {
            prop_assert_eq!(
                s.total,
                s.before + s.infirmary() + s.variety + s.majority.iter().sum::<i32>()
            );
        }
        prop_assert!(!result.winners.is_empty());

        // Replaying the record reproduces the state exactly.
        let mut record = GameRecord::new(
            (0..players).map(|i| format!("P{i}")).collect(),
            &config,
            deal_seed,
        );
        record.turns = turns;
        let replayed = GameRecord::from_json(&record.to_json()).unwrap().replay().unwrap();
        prop_assert_eq!(&replayed, &game);
    }
}
