//! Every scenario of the "Rules" screen (content/src/scenarios.rs) replays,
//! its suggested turn is legal, and it does what its text promises: the
//! effect named by `shows` (the rule cited in `rule`) and the points.

use majesty_content::scenarios::{Scenario, Shows, SCENARIOS, TOPICS};
use majesty_rules::{Event, Game, Location, Position, Rest, Seat};

fn names() -> Vec<String> {
    ["Ann", "Bob", "Cy"].map(String::from).to_vec()
}

fn position(s: &Scenario) -> Game {
    let record = s.record(&names());
    let game = record
        .replay()
        .unwrap_or_else(|e| panic!("{}: the position does not replay: {e}", s.id));
    assert_eq!(game.current_player(), s.learner(), "{}", s.id);
    let shown = game.display()[s.suggested().take].card;
    assert!(
        shown.can_be(s.suggested().place),
        "{}: {shown} in the display",
        s.id
    );
    game
}

/// Checks the effect `shows` in the events (and the final scoring) of the
/// suggested turn, as the rule cited by the scenario states it.
fn check_effect(s: &Scenario, game: &Game, events: &[Event]) {
    let me = s.learner();
    let any = |f: &dyn Fn(&Event) -> bool| events.iter().any(f);
    let final_part = || game.result().map(|r| r.players[me.index()]);
    match s.shows {
        Shows::Took { space, picked_up } => assert!(any(&|e| matches!(e,
            Event::Took { space: sp, paid, picked_up: p, .. }
                if *sp == space && *paid as usize == space && *p == picked_up))),
        Shows::Converted(n) => assert!(any(&|e| matches!(e,
            Event::Converted { player, meeples, points } if *player == me && *meeples == n && *points == n as i32))),
        Shows::Ability(location) => assert!(any(&|e| matches!(e,
            Event::Gained { player, location: l, points, .. } if *player == me && *l == location && *points > 0))),
        Shows::Everyone(location, seats) => assert!(any(&|e| matches!(e,
            Event::EveryoneGained { location: l, players, .. } if *l == location && players == seats))),
        Shows::Healed(character) => {
            assert!(any(
                &|e| matches!(e, Event::Healed { player, character: c, .. } if *player == me && *c == character)
            ));
            assert!(game.player(me).realm().count(character) > 0);
        }
        Shows::Wounded { defender } => {
            assert!(any(
                &|e| matches!(e, Event::Attacked { defender: d, wounded: Some(_), .. } if *d == defender)
            ));
            assert_eq!(game.player(defender).infirmary().len(), 1);
        }
        Shows::Held { defender } => assert!(any(&|e| matches!(e,
            Event::Attacked { defender: d, wounded: None, knights, guards, .. } if *d == defender && knights <= guards))),
        Shows::Traded(trade) => assert!(any(&|e| matches!(e,
            Event::Traded { player, trade: t } if *player == me && *t == trade))),
        Shows::Infirmary(points) => {
            assert_eq!(final_part().expect("game over").infirmary(), points)
        }
        Shows::Variety(points) => assert_eq!(final_part().expect("game over").variety, points),
        Shows::Majority(location, points) => {
            assert_eq!(
                final_part().expect("game over").majority[location.index()],
                points
            )
        }
    }
}

#[test]
fn every_scenario_shows_what_it_promises() {
    for s in &SCENARIOS {
        let mut game = position(s);
        let me = s.learner();
        let events = game
            .apply(s.suggested())
            .unwrap_or_else(|e| panic!("{}: the suggested turn is illegal: {e}", s.id));
        check_effect(s, &game, &events);
        let gained: i32 = events.iter().map(|e| e.points_for(me)).sum();
        assert_eq!(gained, s.points, "{} ({})", s.id, s.rule);
        let final_scoring = matches!(
            s.shows,
            Shows::Infirmary(_) | Shows::Variety(_) | Shows::Majority(..)
        );
        assert_eq!(
            game.is_over(),
            final_scoring,
            "{}: final scoring ends the game",
            s.id
        );
    }
}

#[test]
fn the_rulebook_examples_are_scenarios() {
    // rules/RULES.md, "Rulebook examples that must hold": the third Brewer on
    // A (+6, +3 meeples, +2 for the own Miller, spare meeples convert), the
    // second Witch healing a Miller (+10), Inn B's second Innkeeper with 3
    // Witches and 3 Guards (+12), Castle B's second Noble with 1 wounded
    // card and no trade (+12).
    let brewery = Scenario::find("brewery_a").unwrap();
    let mut game = position(brewery);
    let events = game.apply(brewery.suggested()).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Gained {
            location: Location::Brewery,
            points: 6,
            meeples: 3,
            ..
        }
    )));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::EveryoneGained { points: 2, .. })));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Converted { meeples: 3, .. })));
    for (id, points) in [("cottage_a", 10), ("inn_b", 12), ("castle_b", 12)] {
        let s = Scenario::find(id).unwrap();
        let mut game = position(s);
        let before = game.player(Seat::default()).score();
        let events = game.apply(s.suggested()).unwrap();
        let gained: i32 = events.iter().map(|e| e.points_for(Seat::default())).sum();
        assert_eq!(
            (gained, game.player(Seat::default()).score() - before),
            (points, points),
            "{id}"
        );
    }
}

#[test]
fn every_scenario_is_in_one_topic_and_every_id_is_unique() {
    let listed: Vec<&str> = TOPICS
        .iter()
        .flat_map(|(_, ids)| ids.iter().copied())
        .collect();
    let mut ids: Vec<&str> = SCENARIOS.iter().map(|s| s.id).collect();
    assert_eq!(listed.len(), ids.len());
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), SCENARIOS.len());
    for id in listed {
        assert!(Scenario::find(id).is_some(), "{id}");
    }
}

#[test]
fn all_sixteen_location_abilities_are_shown() {
    // Locations 1–7 on sides A and B, and the Infirmary (final scoring) on both.
    let ids: Vec<&str> = SCENARIOS.iter().map(|s| s.id).collect();
    for location in Location::ALL {
        for side in ["a", "b"] {
            let id = format!("{}_{side}", location.name().to_lowercase());
            assert!(ids.contains(&id.as_str()), "{id}");
        }
    }
}

#[test]
fn every_scenario_is_a_position_that_plays_on_the_same() {
    // Ruling 16 with a given deck (ruling 14): each rule's scenario opens in
    // the editor as a valid position and plays on exactly from there.
    let names: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
    for scenario in SCENARIOS.iter() {
        let record = scenario.record(&names);
        let mut game = record.replay().unwrap();
        let position = Position::of(&game);
        let rest = Position::rest_of(&game);
        let mut copy = Game::from_position(*game.config(), &position, Rest::Given(&rest))
            .unwrap_or_else(|e| panic!("{}: {e:?}", scenario.id));
        let turn = scenario.suggested();
        assert_eq!(copy.apply(turn), game.apply(turn), "{}", scenario.id);
    }
}
