//! Turns the engine's events into log headlines and explained lines, in the
//! words of a [`Texts`] catalogue.

use majesty_rules::{Basis, Event, Seat};

use crate::i18n::Catalog;

/// "Ann took a Witch for 2 meeples and picked up 1 meeple".
pub fn headline(events: &[Event], names: &[String], t: Catalog) -> String {
    let took = events.iter().find_map(|e| match e {
        Event::Took {
            player,
            paid,
            picked_up,
            ..
        } => Some((*player, *paid, *picked_up)),
        _ => None,
    });
    let placed = events.iter().find_map(|e| match e {
        Event::Placed {
            card, character, ..
        } => Some((*card, *character)),
        _ => None,
    });
    match (took, placed) {
        (Some((seat, paid, picked_up)), Some((card, character))) => {
            t.took(name(names, seat), card, character, paid, picked_up)
        }
        _ => String::new(),
    }
}

fn name(names: &[String], seat: Seat) -> &str {
    names.get(seat.index()).map_or("?", String::as_str)
}

/// One explained line per event that changed something worth saying.
pub fn lines(events: &[Event], names: &[String], t: Catalog) -> Vec<String> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Took { .. } | Event::Placed { .. } => None,
            Event::Healed {
                card, character, ..
            } => Some(t.healed(*card, *character)),
            Event::Attacked {
                knights,
                defender,
                guards,
                wounded,
                ..
            } => Some(t.attack(
                *knights,
                name(names, *defender),
                *guards,
                wounded.map(|p| p.character),
            )),
            Event::Gained {
                location,
                basis,
                points,
                meeples,
                ..
            } => Some(match basis {
                Basis::PerCharacter {
                    counted,
                    points_each,
                    meeples_each,
                } => {
                    let each = if *points_each != 0 {
                        *points_each
                    } else {
                        i32::from(*meeples_each)
                    };
                    let meeples = i32::from(*meeples);
                    t.gained_per_character(*location, counted, each, *points, meeples)
                }
                Basis::HasEach { characters } => t.gained_has_each(*location, characters, *points),
                Basis::Fullest {
                    innkeepers,
                    fullest,
                    points_each,
                } => t.gained_fullest(*location, *innkeepers, *fullest, *points_each, *points),
                Basis::NoblesAndWounded {
                    nobles,
                    wounded,
                    points_each,
                } => {
                    t.gained_nobles_and_wounded(*location, *nobles, *wounded, *points_each, *points)
                }
            }),
            Event::EveryoneGained {
                location,
                needs,
                points,
                players,
            } => {
                let who: Vec<&str> = players.iter().map(|&p| name(names, p)).collect();
                Some(t.everyone_gained(*location, *needs, *points, &who))
            }
            Event::Traded { trade, .. } => Some(t.traded(*trade)),
            Event::Converted {
                meeples, points, ..
            } => Some(t.converted(*meeples, *points)),
            Event::Refilled { card, .. } => Some(t.refilled(*card)),
            Event::GameOver { .. } => Some(t.final_scoring_begins().to_string()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{texts, Lang};
    use majesty_rules::{Card, Character, GameConfig, GameRecord, Turn};

    fn play(script: &[&str]) -> Vec<Event> {
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let cards: Vec<Card> = script
            .iter()
            .map(|c| c.parse().unwrap())
            .chain(std::iter::repeat_n(Card::single(Character::Noble), 24))
            .collect();
        let mut record = GameRecord::new(names, &GameConfig::new(2).unwrap(), 0);
        record.cards = Some(cards);
        let mut game = record.start().unwrap();
        let mut events = Vec::new();
        for _ in script {
            let place = game.display()[0].card.characters().next().unwrap();
            events = game.apply(Turn::new(0, place)).unwrap();
        }
        events
    }

    #[test]
    fn a_turn_reads_like_the_rulebook() {
        // rules/RULES.md example: third Brewer on Brewery A.
        let events = play(&[
            "Miller", "Guard", "Brewer", "Guard", "Brewer", "Guard", "Brewer",
        ]);
        let names = ["Ann".to_string(), "Bob".to_string()];
        let t = texts(Lang::En);
        assert_eq!(headline(&events, &names, t), "Ann took a Brewer for free");
        let lines = lines(&events, &names, t);
        assert_eq!(lines[0], "Brewery: 3 Brewers × 2 = +6, +3 meeples");
        assert_eq!(lines[1], "Brewery: everyone with a Miller +2 → Ann");
        assert_eq!(lines[2], "3 meeples beyond the worker card → +3");
    }

    #[test]
    fn an_attack_and_a_heal_are_explained() {
        let names = ["Ann".to_string(), "Bob".to_string()];
        let t = texts(Lang::En);
        let attack = play(&["Miller", "Knight"]);
        assert!(lines(&attack, &names, t)
            .contains(&"Attack: 1 Knight vs Ann's 0 Guards → Ann's Miller wounded".to_string()));
        let heal = play(&["Miller", "Knight", "Witch"]);
        assert_eq!(
            lines(&heal, &names, t)[0],
            "Cottage: healed a Miller → Mill"
        );
    }
}
