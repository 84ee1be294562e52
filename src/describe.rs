//! Words for what the engine reports: log headlines and explained lines, and
//! the location abilities. (English for now; see the i18n issue.)

use majesty_rules::{Basis, Card, Character, Event, Location, Side};

/// "Miller" or "Millers".
pub fn count_of(n: u8, character: Character) -> String {
    let name = character.name();
    if n == 1 {
        format!("1 {name}")
    } else {
        format!("{n} {name}s")
    }
}

fn signed(n: i32) -> String {
    format!("{n:+}")
}

fn names(players: &[usize], names: &[String]) -> String {
    if players.is_empty() {
        return "nobody".into();
    }
    players
        .iter()
        .map(|&p| names.get(p).map_or("?", String::as_str))
        .collect::<Vec<_>>()
        .join(", ")
}

fn card_as(card: Card, character: Character) -> String {
    if card.is_split() {
        format!("{card} as a {character}")
    } else {
        format!("a {character}")
    }
}

/// "Ann took a Witch for 2 meeples (+1 lying on it)".
pub fn headline(events: &[Event], names_by_seat: &[String]) -> String {
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
    let (Some((seat, paid, picked_up)), Some((card, character))) = (took, placed) else {
        return String::new();
    };
    let name = names_by_seat.get(seat).map_or("?", String::as_str);
    let cost = match paid {
        0 => "for free".to_string(),
        1 => "for 1 meeple".to_string(),
        n => format!("for {n} meeples"),
    };
    let bonus = match picked_up {
        0 => String::new(),
        1 => " and picked up 1 meeple".to_string(),
        n => format!(" and picked up {n} meeples"),
    };
    format!("{name} took {} {cost}{bonus}", card_as(card, character))
}

/// One explained line per event that changed something worth saying.
pub fn lines(events: &[Event], names_by_seat: &[String]) -> Vec<String> {
    let name = |seat: usize| names_by_seat.get(seat).map_or("?", String::as_str);
    events
        .iter()
        .filter_map(|event| match event {
            Event::Took { .. } | Event::Placed { .. } => None,
            Event::Healed {
                card, character, ..
            } => Some(format!(
                "Cottage: healed {} → {}",
                card_as(*card, *character),
                character.location()
            )),
            Event::Attacked {
                knights,
                defender,
                guards,
                wounded,
                ..
            } => {
                let outcome = match wounded {
                    Some(p) => format!("{}'s {} wounded", name(*defender), p.character),
                    None if guards >= knights => "held".to_string(),
                    None => "nothing to wound".to_string(),
                };
                Some(format!(
                    "Attack: {} vs {}'s {} → {outcome}",
                    count_of(*knights, Character::Knight),
                    name(*defender),
                    count_of(*guards, Character::Guard),
                ))
            }
            Event::Gained {
                location,
                basis,
                points,
                meeples,
                ..
            } => Some(format!(
                "{location}: {}",
                explain_gain(basis, *points, *meeples)
            )),
            Event::EveryoneGained {
                location,
                needs,
                points,
                players,
            } => Some(format!(
                "{location}: everyone with a {needs} {} → {}",
                signed(*points),
                names(players, names_by_seat)
            )),
            Event::Traded { trade, .. } => Some(if *trade > 0 {
                format!("Castle: traded {trade} points for {trade} meeples")
            } else {
                format!("Castle: traded {} meeples for {} points", -trade, -trade)
            }),
            Event::Converted {
                meeples, points, ..
            } => Some(format!(
                "{} beyond the worker card → {}",
                if *meeples == 1 {
                    "1 meeple".to_string()
                } else {
                    format!("{meeples} meeples")
                },
                signed(*points)
            )),
            Event::Refilled { card, .. } => Some(match card {
                Some(card) => format!("New card in the display: {card}"),
                None => "The deck is empty: no new card".to_string(),
            }),
            Event::GameOver { .. } => Some("Every realm has 12 cards: final scoring".to_string()),
        })
        .collect()
}

fn explain_gain(basis: &Basis, points: i32, meeples: i32) -> String {
    let reward = match (points, meeples) {
        (p, 0) => signed(p),
        (0, m) => format!("+{m} meeple{}", if m == 1 { "" } else { "s" }),
        (p, m) => format!(
            "{}, +{m} meeple{}",
            signed(p),
            if m == 1 { "" } else { "s" }
        ),
    };
    match basis {
        Basis::PerCharacter {
            counted,
            points_each,
            meeples_each,
        } => {
            let total: u32 = counted.iter().map(|(_, n)| u32::from(*n)).sum();
            let parts: Vec<String> = counted.iter().map(|(c, n)| count_of(*n, *c)).collect();
            let each = if *points_each != 0 {
                *points_each
            } else {
                *meeples_each
            };
            if counted.len() == 1 {
                format!("{} × {each} = {reward}", parts[0])
            } else {
                format!("{} = {total} × {each} = {reward}", parts.join(" + "))
            }
        }
        Basis::InnkeeperAndNoble => format!("an Innkeeper and a Noble = {reward}"),
        Basis::Fullest {
            innkeepers,
            fullest,
            points_each,
        } => format!(
            "{} × {points_each} × {fullest} (fullest location) = {reward}",
            count_of(*innkeepers, Character::Innkeeper)
        ),
        Basis::NoblesAndWounded {
            nobles,
            wounded,
            points_each,
        } => format!(
            "({} + {wounded} in the Infirmary) × {points_each} = {reward}",
            count_of(*nobles, Character::Noble)
        ),
    }
}

/// What a location does on the side in play (RULES.md location tables).
pub fn ability(location: Location, side: Side) -> &'static str {
    use Location::*;
    match (location, side) {
        (Mill, Side::A) => "+2 per Miller.",
        (Mill, Side::B) => "+2 per Miller; then everyone with a Witch gains 3.",
        (Brewery, Side::A) => {
            "+2 and +1 meeple per Brewer; then everyone with a Miller gains 2."
        }
        (Brewery, Side::B) => {
            "+1 meeple per Miller and per Brewer; then +10 if you have an Innkeeper and a Noble."
        }
        (Cottage, Side::A) => {
            "Heal the top card of your Infirmary; then +2 per Miller, Brewer and Witch."
        }
        (Cottage, Side::B) => "Heal the top card of your Infirmary; then +3 per Witch.",
        (Guardhouse, Side::A) => "Defend (Guards); +2 per Guard, Knight and Innkeeper.",
        (Guardhouse, Side::B) => {
            "Defend (Guards); +2 per Brewer, Witch and Guard; then everyone with an Innkeeper gains 3."
        }
        (Barracks, Side::A) => {
            "Attack each opponent with fewer Guards than your Knights; then +3 per Knight."
        }
        (Barracks, Side::B) => {
            "Attack each opponent with fewer Guards than your Knights; then +3 per Knight, Innkeeper and Noble."
        }
        (Inn, Side::A) => "+4 per Innkeeper; then everyone with a Brewer gains 3.",
        (Inn, Side::B) => "For each Innkeeper: +2 per character at your fullest location.",
        (Castle, Side::A) => "+5 and +1 meeple per Noble.",
        (Castle, Side::B) => {
            "Trade up to 5 meeples and points 1:1 (one way); then +4 per Noble and per card in your Infirmary."
        }
        (Infirmary, Side::A) => "Game end: −1 per card here.",
        (Infirmary, Side::B) => {
            "Game end: −2 per card here; the most cards (ties too) also lose 10."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use majesty_rules::{GameConfig, GameRecord};

    #[test]
    fn a_turn_reads_like_the_rulebook() {
        // RULES.md example: third Brewer on Brewery A.
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let cards: Vec<Card> = [
            "Miller", "Guard", "Brewer", "Guard", "Brewer", "Guard", "Brewer",
        ]
        .iter()
        .map(|c| c.parse().unwrap())
        .chain(std::iter::repeat_n(Card::single(Character::Noble), 20))
        .collect();
        let mut record = GameRecord::new(names.clone(), &GameConfig::new(2).unwrap(), 0);
        record.cards = Some(cards);
        let mut game = record.start().unwrap();
        let mut events = Vec::new();
        for _ in 0..7 {
            let place = game.display()[0].card.characters().next().unwrap();
            events = game.apply(majesty_rules::Turn::new(0, place)).unwrap();
        }
        assert_eq!(headline(&events, &names), "Ann took a Brewer for free");
        let lines = lines(&events, &names);
        assert_eq!(lines[0], "Brewery: 3 Brewers × 2 = +6, +3 meeples");
        assert_eq!(lines[1], "Brewery: everyone with a Miller +2 → Ann");
        assert_eq!(lines[2], "3 meeples beyond the worker card → +3");
    }
}
