//! rules/RULES.md "Signposts", "A turn" and "Rulings", and the turn errors.

mod common;

use common::{dealt, parse_turn, play, points, seat};
use majesty_rules::{
    Card, Character, Character::*, Event, GameConfig, Location, Position, Turn, TurnError,
};

fn cards(names: &[&str]) -> Vec<Card> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

#[test]
fn wounded_card_is_the_most_recent_at_the_leftmost_occupied_location() {
    // Ruling 1: the most recently placed card at the defender's leftmost
    // occupied location (Mill first, Infirmary never), on top of the stack.
    let (game, _) = play(
        2,
        "AAAAAAAA",
        &[
            "Brewer",
            "Noble",
            "Miller/Knight as Miller",
            "Noble",
            "Miller",
            "Knight",
        ],
    );
    let me = game.player(seat(0));
    assert_eq!(me.infirmary(), &cards(&["Miller"])[..]);
    let (game, _) = play(
        2,
        "AAAAAAAA",
        &[
            "Brewer",
            "Noble",
            "Miller/Knight as Miller",
            "Noble",
            "Miller",
            "Knight",
            "Noble",
            "Knight",
            "Noble",
            "Knight",
        ],
    );
    // Three attacks: the Miller, then the split card, then (Mill empty) the Brewer.
    assert_eq!(
        game.player(seat(0)).infirmary(),
        &cards(&["Miller", "Miller/Knight", "Brewer"])[..]
    );
    assert_eq!(
        game.player(seat(0)).infirmary_top(),
        Some(cards(&["Brewer"])[0])
    );
    // Left: the two Nobles.
    assert_eq!(
        game.player(seat(0)).realm().counts().into_array(),
        [0, 0, 0, 0, 0, 0, 2]
    );
    assert_eq!(game.player(seat(0)).realm().counts()[Character::Noble], 2);
}

#[test]
fn attack_with_equal_guards_fails() {
    // "Signposts", Attack: only players whose Guards are *fewer* lose a card;
    // rulebook p.6: "the same number of Guards or more ... your attack fails".
    let (game, events) = play(2, "AAAAAAAA", &["Guard", "Knight"]);
    assert!(events.contains(&Event::Attacked {
        attacker: seat(1),
        knights: 1,
        defender: seat(0),
        guards: 1,
        wounded: None,
    }));
    assert!(game.player(seat(0)).infirmary().is_empty());
}

#[test]
fn attack_hits_each_opponent_separately_and_never_the_attacker() {
    // "Signposts", Attack: each *other* player ...; at most one card each.
    // Seat 0 attacks with 1 Knight: seat 1 (no Guard) loses its Miller,
    // seat 2 (1 Guard, equal) holds; seat 0's own Miller is untouched.
    let (game, events) = play(3, "AAAAAAAA", &["Miller", "Miller", "Guard", "Knight"]);
    let attacks: Vec<(_, Option<Character>)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Attacked {
                attacker,
                defender,
                wounded,
                ..
            } if *attacker == seat(0) => Some((*defender, wounded.map(|p| p.character))),
            _ => None,
        })
        .collect();
    assert_eq!(attacks, vec![(seat(1), Some(Miller)), (seat(2), None)]);
    assert_eq!(game.player(seat(1)).infirmary().len(), 1);
    assert!(game.player(seat(2)).infirmary().is_empty());
    assert!(game.player(seat(0)).infirmary().is_empty());
    assert_eq!(game.player(seat(0)).realm().count(Miller), 1);
}

#[test]
fn attack_on_an_empty_realm_wounds_nothing() {
    let (game, events) = play(2, "AAAAAAAA", &["Knight"]);
    assert!(events.contains(&Event::Attacked {
        attacker: seat(0),
        knights: 1,
        defender: seat(1),
        guards: 0,
        wounded: None,
    }));
    assert!(game.player(seat(1)).infirmary().is_empty());
}

#[test]
fn heal_with_an_empty_infirmary_does_nothing_else() {
    // "Signposts", Heal: only if your Infirmary is not empty.
    let (_, events) = play(2, "AAAAAAAA", &["Witch"]);
    assert!(!events.iter().any(|e| matches!(e, Event::Healed { .. })));
    assert_eq!(points(&events, seat(0)), 2);
}

#[test]
fn healed_split_card_goes_where_its_owner_chooses() {
    // "Signposts", Heal: a healed split card goes where its owner now chooses,
    // without activating that location; it counts for the rest of the Cottage.
    let script = ["Miller/Brewer as Miller", "Knight", "Witch heal Brewer"];
    let (game, events) = play(2, "AAAAAAAA", &script);
    assert_eq!(game.player(seat(0)).realm().count(Brewer), 1);
    assert_eq!(game.player(seat(0)).realm().count(Miller), 0);
    // No Brewery activation: only the Cottage scored (Brewer 1 + Witch 1) × 2.
    assert_eq!(points(&events, seat(0)), 4);
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::Gained {
            location: Location::Brewery,
            ..
        }
    )));
}

#[test]
fn heal_choice_is_required_exactly_when_a_split_card_is_healed() {
    // Seat 0's split card is wounded; then seat 0 finds a Witch in front.
    let witch_deck = cards(&["Miller/Brewer", "Knight", "Witch", "Noble"]);
    let mut game = dealt(2, "AAAAAAAA", &witch_deck);
    game.apply(parse_turn("Miller/Brewer as Miller").1).unwrap();
    game.apply(parse_turn("Knight").1).unwrap();
    let before = game.clone();
    let split = cards(&["Miller/Brewer"])[0];
    assert_eq!(
        game.apply(Turn::new(0, Witch)),
        Err(TurnError::HealChoiceMissing { card: split })
    );
    assert_eq!(
        game.apply(Turn::new(0, Witch).healing(Noble)),
        Err(TurnError::HealChoiceInvalid {
            card: split,
            character: Noble
        })
    );
    assert_eq!(game, before, "an illegal turn changes nothing");
    let legal = game.legal_turns();
    assert!(legal.contains(&Turn::new(0, Witch).healing(Miller)));
    assert!(legal.contains(&Turn::new(0, Witch).healing(Brewer)));
    assert!(!legal.contains(&Turn::new(0, Witch)));
    // Seat 1 has nothing to heal: a heal choice is refused.
    game.apply(Turn::new(0, Witch).healing(Miller)).unwrap();
    assert_eq!(
        game.apply(Turn::new(0, Noble).healing(Miller)),
        Err(TurnError::HealChoiceUnexpected)
    );
}

#[test]
fn everyone_effects_include_the_active_player() {
    // Ruling 2: "every player" effects include the active player and are
    // applied automatically.
    let (_, events) = play(2, "AAAAAAAA", &["Brewer", "Noble", "Innkeeper"]);
    assert!(events.contains(&Event::EveryoneGained {
        location: Location::Inn,
        needs: Brewer,
        points: 3,
        players: vec![seat(0)],
    }));
}

#[test]
fn castle_b_trade_sells_meeples_for_points() {
    // Ruling 3: t < 0 sells -t meeples for -t points, then the Castle scores.
    let (game, events) = play(2, "AAAAAABA", &["Noble trade -5"]);
    assert!(events.contains(&Event::Traded {
        player: seat(0),
        trade: -5
    }));
    assert_eq!(game.player(seat(0)).meeples(), 0);
    assert_eq!(game.player(seat(0)).score(), 5 + 4);
}

#[test]
fn castle_b_trade_bounds() {
    // Ruling 3: |t| ≤ 5; cannot spend points or meeples not held.
    let mut game = dealt(2, "AAAAAABA", &cards(&["Noble", "Miller", "Noble"]));
    let before = game.clone();
    assert_eq!(
        game.apply(Turn::new(0, Noble).trading(-6)),
        Err(TurnError::TradeOutOfRange { trade: -6 })
    );
    assert_eq!(
        game.apply(Turn::new(0, Noble).trading(1)),
        Err(TurnError::TradeUnaffordable {
            trade: 1,
            points: 0,
            meeples: 5
        })
    );
    assert_eq!(
        game.apply(Turn::new(1, Miller).trading(1)),
        Err(TurnError::TradeNotAllowed { trade: 1 })
    );
    assert_eq!(game, before);
    // With 0 points and 5 meeples the trades are -5..=0.
    let trades: Vec<i32> = game
        .legal_turns()
        .iter()
        .filter(|t| t.take == 0)
        .map(|t| t.trade)
        .collect();
    assert_eq!(trades, vec![-5, -4, -3, -2, -1, 0]);
}

#[test]
fn castle_b_trade_extremes_are_refused_not_overflowed() {
    // Fuzzing item 5: |t| of i32::MIN overflows; every trade outside ruling
    // 3's -5..=5 is refused with its reason, and nothing changes.
    let mut game = dealt(2, "AAAAAABA", &cards(&["Noble", "Miller", "Noble"]));
    let before = game.clone();
    for trade in [i32::MIN, i32::MIN + 1, -6, 6, i32::MAX - 1, i32::MAX] {
        assert_eq!(
            game.apply(Turn::new(0, Noble).trading(trade)),
            Err(TurnError::TradeOutOfRange { trade }),
            "trade {trade}"
        );
        assert_eq!(
            game.check(Turn::new(0, Noble).trading(trade)),
            Err(TurnError::TradeOutOfRange { trade })
        );
        let reason = TurnError::TradeOutOfRange { trade }.to_string();
        assert!(reason.contains("out of range (-5 to +5)"), "{reason}");
    }
    assert_eq!(game, before);
    // The reason of an unaffordable trade never negates an extreme either.
    for trade in [i32::MIN, i32::MAX] {
        let error = TurnError::TradeUnaffordable {
            trade,
            points: 0,
            meeples: 0,
        };
        assert!(error
            .to_string()
            .contains(&trade.unsigned_abs().to_string()));
    }
}

#[test]
fn castle_a_has_no_trade() {
    let mut game = dealt(2, "AAAAAAAA", &cards(&["Noble"]));
    assert_eq!(
        game.apply(Turn::new(0, Noble).trading(-1)),
        Err(TurnError::TradeNotAllowed { trade: -1 })
    );
}

#[test]
fn castle_b_trade_counts_meeples_picked_up_this_turn() {
    // Ruling 3: meeples picked up this turn count.
    // Seat 0 sells all 5 meeples; seat 1 takes space 2, leaving a meeple on
    // spaces 0 and 1; seat 0 then takes the Noble in space 0 with its meeple.
    let mut game = dealt(
        2,
        "AAAAAABA",
        &cards(&["Noble", "Noble", "Miller", "Brewer"]),
    );
    game.apply(Turn::new(0, Noble).trading(-5)).unwrap();
    game.apply(Turn::new(2, Brewer)).unwrap();
    assert_eq!(game.display()[0].meeples, 1);
    assert_eq!(game.player(seat(0)).meeples(), 0);
    assert_eq!(
        game.apply(Turn::new(0, Noble).trading(-2)),
        Err(TurnError::TradeUnaffordable {
            trade: -2,
            points: 9,
            meeples: 1
        })
    );
    game.apply(Turn::new(0, Noble).trading(-1)).unwrap();
    assert_eq!(game.player(seat(0)).meeples(), 0);
}

#[test]
fn castle_b_meeples_bought_beyond_five_convert_back() {
    // Ruling 3: meeples beyond 5 after the trade still convert back at end of turn.
    let (game, events) = play(
        2,
        "AAAAAABA",
        &["Miller", "Miller", "Miller", "Miller", "Noble trade 3"],
    );
    assert!(events.contains(&Event::Converted {
        player: seat(0),
        meeples: 3,
        points: 3
    }));
    // 2 + 4 (Millers) - 3 + 4 (Castle) + 3 (converted).
    assert_eq!(game.player(seat(0)).score(), 2 + 4 - 3 + 4 + 3);
    assert_eq!(game.player(seat(0)).meeples(), 5);
}

#[test]
fn taking_a_card_costs_a_meeple_on_each_card_in_front_of_it() {
    // rules/RULES.md "A turn" step 1 and the rulebook's Noble example: to take the
    // card in space k, put a meeple on each of spaces 0..k-1; gain the
    // meeples lying on the taken card. The gap closes with meeples kept.
    let mut game = dealt(
        2,
        "AAAAAAAA",
        &cards(&[
            "Witch",
            "Miller",
            "Noble",
            "Knight",
            "Guard",
            "Brewer",
            "Innkeeper",
        ]),
    );
    let events = game.apply(Turn::new(2, Noble)).unwrap();
    assert!(matches!(
        events[0],
        Event::Took {
            paid: 2,
            picked_up: 0,
            ..
        }
    ));
    let display: Vec<(String, u8)> = game
        .display()
        .iter()
        .map(|s| (s.card.to_string(), s.meeples))
        .collect();
    let expected = [
        ("Witch", 1),
        ("Miller", 1),
        ("Knight", 0),
        ("Guard", 0),
        ("Brewer", 0),
        ("Innkeeper", 0),
    ];
    let expected: Vec<(String, u8)> = expected.iter().map(|(c, m)| (c.to_string(), *m)).collect();
    assert_eq!(display, expected);
    // Castle A gave a meeple back: 5 - 2 + 1.
    assert_eq!(game.player(seat(0)).meeples(), 4);
    let events = game.apply(Turn::new(1, Miller)).unwrap();
    assert!(matches!(
        events[0],
        Event::Took {
            paid: 1,
            picked_up: 1,
            ..
        }
    ));
    assert_eq!(game.display()[0].meeples, 2);
}

#[test]
fn a_card_costs_as_many_meeples_as_its_space() {
    // rules/RULES.md "A turn" step 1: you cannot take it with fewer than k meeples.
    let mut game = dealt(2, "AAAAAABA", &cards(&["Noble", "Miller", "Miller"]));
    game.apply(Turn::new(0, Noble).trading(-5)).unwrap();
    game.apply(Turn::new(0, Miller)).unwrap();
    let before = game.clone();
    assert_eq!(
        game.apply(Turn::new(1, Miller)),
        Err(TurnError::NotEnoughMeeples { needed: 1, have: 0 })
    );
    assert_eq!(game, before);
    assert!(game.legal_turns().iter().all(|t| t.take == 0));
}

#[test]
fn other_illegal_turns_are_refused_with_a_reason() {
    let mut game = dealt(2, "AAAAAAAA", &cards(&["Miller/Brewer"]));
    let before = game.clone();
    assert_eq!(
        game.apply(Turn::new(6, Miller)),
        Err(TurnError::SpaceOutOfRange {
            space: 6,
            display: 6
        })
    );
    let error = game.apply(Turn::new(0, Witch)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the card Miller/Brewer cannot be placed as a Witch"
    );
    assert_eq!(game, before);
}

#[test]
fn the_game_ends_when_everyone_has_twelve_cards() {
    // rules/RULES.md "A turn" step 5 and ruling 8: seat 0 moves first, seats rotate.
    let mut game = dealt(3, "AAAAAAAA", &[]);
    for turn in 0..36 {
        assert_eq!(game.current_player().index(), turn % 3);
        assert!(!game.is_over());
        // The twelfth round: each seat takes its twelfth card.
        assert_eq!(game.in_last_round(), turn >= 33, "turn {turn}");
        game.apply(Turn::new(0, Miller)).unwrap();
    }
    assert!(game.is_over());
    assert!(game.in_last_round());
    assert!(game.players().iter().all(|p| p.cards() == 12));
    assert_eq!(game.apply(Turn::new(0, Miller)), Err(TurnError::GameOver));
    assert!(game.legal_turns().is_empty());
}

#[test]
fn standard_decks_never_run_out_before_the_last_turn() {
    // Ruling 6 and "Setup" step 3: 6 + 27, 14 + 27, 26 + 27 cards.
    for players in 2..=4 {
        let config = GameConfig::new(players).unwrap();
        let mut game = majesty_rules::Game::new(config, players as u64).unwrap();
        assert_eq!(game.deck_len() + 6, config.tier_one_cards() + 27);
        while !game.is_over() {
            assert_eq!(game.display().len(), 6, "{players} players");
            let turn = game.legal_turns()[0];
            game.apply(turn).unwrap();
        }
    }
}

#[test]
fn the_standard_deck_has_tier_one_on_top() {
    // "Setup" step 3: tier-1 cards on top of tier 2; backs are visible.
    let game = majesty_rules::Game::new(GameConfig::new(2).unwrap(), 9).unwrap();
    assert_eq!(game.deck_tier_counts(), Some((0, 27)));
    let game = majesty_rules::Game::new(GameConfig::new(4).unwrap(), 9).unwrap();
    assert_eq!(game.deck_tier_counts(), Some((20, 27)));
    assert_eq!(game.deck_top_tier(), Some(majesty_rules::Tier::One));
    let full = GameConfig::new(2)
        .unwrap()
        .with_deck(majesty_rules::DeckVariant::Full);
    let game = majesty_rules::Game::new(full, 9).unwrap();
    let (one, two) = game.deck_tier_counts().unwrap();
    assert_eq!(one + two + 6, 60);
}

#[test]
fn the_same_seed_deals_the_same_game() {
    let config = GameConfig::new(3).unwrap();
    let a = majesty_rules::Game::new(config, 1234).unwrap();
    let b = majesty_rules::Game::new(config, 1234).unwrap();
    let c = majesty_rules::Game::new(config, 1235).unwrap();
    assert_eq!(a, b);
    assert_ne!(Position::rest_of(&a), Position::rest_of(&c));
}

#[test]
fn the_meeple_supply_never_runs_out() {
    // Ruling 9: the supply is unlimited, although the German box holds 30
    // meeples. In this seeded 4-player game on side B, more than 30 meeples
    // are out of the supply at once (on the worker cards and on the display
    // cards), and every gain is still paid: the events' meeples add up.
    use majesty_rules::rng::seeded;
    use majesty_rules::simulate::random_turn;
    use majesty_rules::Sides;
    let config = GameConfig::new(4).unwrap().with_sides(Sides::ALL_B);
    let mut game = majesty_rules::Game::new(config, 12).unwrap();
    let mut rng = seeded(12 ^ 99);
    let mut buffer = Vec::new();
    let mut most_out = 0;
    while let Some(turn) = random_turn(&game, &mut rng, &mut buffer) {
        let seat = game.current_player();
        let before = i32::from(game.player(seat).meeples());
        let events = game.apply(turn).unwrap();
        let mut flow = 0;
        for event in &events {
            flow += match *event {
                Event::Took {
                    paid, picked_up, ..
                } => i32::from(picked_up) - i32::from(paid),
                Event::Gained { meeples, .. } => i32::from(meeples),
                Event::Traded { trade, .. } => trade,
                Event::Converted { meeples, .. } => -i32::from(meeples),
                _ => 0,
            };
        }
        assert_eq!(i32::from(game.player(seat).meeples()), before + flow);
        let out: usize = game
            .players()
            .iter()
            .map(|p| usize::from(p.meeples()))
            .chain(game.display().iter().map(|s| usize::from(s.meeples)))
            .sum();
        most_out = most_out.max(out);
    }
    assert!(game.is_over());
    assert!(
        most_out > 30,
        "at most {most_out} meeples out of the supply"
    );
}

#[test]
fn a_healed_card_is_the_most_recent_at_its_location() {
    // Ruling 12 with ruling 1: seat 0's plain Miller is wounded, a split
    // card joins the Mill as a Miller, then a Witch heals the plain Miller.
    // It now lies after the split card, so the next attack takes it again.
    let (game, _) = play(
        2,
        "AAAAAAAA",
        &[
            "Miller",
            "Noble",
            "Noble",
            "Knight",
            "Miller/Brewer as Miller",
            "Noble",
            "Witch",
            "Knight",
        ],
    );
    let me = game.player(seat(0));
    assert_eq!(me.infirmary(), &cards(&["Miller"])[..]);
    let mill: Vec<Card> = me.realm().at(Location::Mill).map(|p| p.card).collect();
    assert_eq!(mill, cards(&["Miller/Brewer"]));
}

#[test]
fn the_first_player_is_a_set_up_choice() {
    // Ruling 15: the chosen seat moves first, then the seats in order; the
    // deal is the same whoever starts.
    let config = GameConfig::new(3).unwrap();
    let usual = majesty_rules::Game::new(config, 77).unwrap();
    let mut game =
        majesty_rules::Game::new(config.with_first_player(seat(2)).unwrap(), 77).unwrap();
    assert_eq!(usual.current_player(), seat(0));
    assert_eq!(game.display(), usual.display());
    assert!(Position::rest_of(&game) == Position::rest_of(&usual));
    let mut order = Vec::new();
    while !game.is_over() {
        order.push(game.current_player());
        let turn = game.legal_turns()[0];
        let events = game.apply(turn).unwrap();
        assert!(
            matches!(events[0], Event::Took { player, .. } if player == order[order.len() - 1])
        );
    }
    assert_eq!(order[..4], [2, 0, 1, 2].map(seat));
    assert!(game.players().iter().all(|p| p.cards() == 12));
}

#[test]
fn a_first_player_who_is_not_a_seat_is_refused() {
    // Ruling 15: the first player is one of the game's seats; a set-up that
    // names another cannot be made.
    use majesty_rules::ConfigError;
    let error = GameConfig::new(2)
        .unwrap()
        .with_first_player(seat(2))
        .unwrap_err();
    assert_eq!(
        error,
        ConfigError::FirstPlayer {
            seat: seat(2),
            players: 2
        }
    );
    assert_eq!(
        error.to_string(),
        "the first player must be one of the 2 seats, 0 to 1 (got 2)"
    );
}

#[test]
fn a_deck_too_short_to_finish_is_refused_at_set_up() {
    // Ruling 14: a deck given card by card needs 12 cards per player.
    use majesty_rules::SetupError;
    for (players, needed) in [(2, 24), (3, 36), (4, 48)] {
        let config = GameConfig::new(players).unwrap();
        let short = vec![Card::single(Miller); needed - 1];
        assert_eq!(
            majesty_rules::Game::with_deck(config, &short).unwrap_err(),
            SetupError::DeckTooShort {
                cards: needed - 1,
                players,
                needed
            }
        );
        let enough = vec![Card::single(Miller); needed];
        assert!(majesty_rules::Game::with_deck(config, &enough).is_ok());
    }
    let error = majesty_rules::Game::with_deck(GameConfig::new(2).unwrap(), &[]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a deck of 0 cards cannot finish a game of 2 players: every player takes 12 cards, \
         so the deck needs at least 24"
    );
}

#[test]
fn a_deck_of_twelve_cards_per_player_plays_to_the_end() {
    // Rulings 6 and 14: the display stops refilling when the deck is empty,
    // and the last card is taken on the last turn.
    let config = GameConfig::new(2).unwrap();
    let deck = cards(&["Miller", "Brewer", "Witch", "Guard"]).repeat(6);
    let mut game = majesty_rules::Game::with_deck(config, &deck).unwrap();
    let mut display_sizes = Vec::new();
    while !game.is_over() {
        let turn = game.legal_turns()[0];
        game.apply(turn).unwrap();
        display_sizes.push(game.display().len());
    }
    assert_eq!(display_sizes[..18], [6; 18]);
    assert_eq!(display_sizes[18..], [5, 4, 3, 2, 1, 0]);
    assert!(game.players().iter().all(|p| p.cards() == 12));
    assert!(game.legal_turns().is_empty());
}
