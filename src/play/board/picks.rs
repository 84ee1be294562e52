//! What the person to move has picked so far, and which legal turn that
//! names. Pure: every option comes from the engine's legal turns.

use majesty_rules::{Character, Turn};

/// The choices of one turn, made one after another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Picks {
    /// The display space of the card taken.
    pub space: Option<usize>,
    /// The character a split card is placed as.
    pub place: Option<Character>,
    /// Where a healed split card goes.
    pub heal: Option<Character>,
    /// Castle B: meeples bought (positive) or sold (negative).
    pub trade: i32,
}

impl Picks {
    /// Everything a turn names, as picks (a computer's choice, shown).
    pub fn of(turn: Turn) -> Picks {
        Picks {
            space: Some(turn.take),
            place: Some(turn.place),
            heal: turn.heal,
            trade: turn.trade,
        }
    }
}

/// The items in order of first appearance, each once.
pub fn distinct<T: PartialEq + Copy>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// What the picks leave open and what they decide.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    /// The legal turns taking the picked card.
    pub options: Vec<Turn>,
    /// The character the card is placed as (picked, or the only one).
    pub place: Option<Character>,
    /// The one turn the picks name, once every choice that matters is made.
    pub chosen: Option<Turn>,
}

impl Resolved {
    /// The characters the picked card can be placed as.
    pub fn places(&self) -> Vec<Character> {
        distinct(self.options.iter().map(|t| t.place))
    }

    /// The legal turns for the chosen placement.
    pub fn for_place(&self) -> impl Iterator<Item = &Turn> {
        self.options
            .iter()
            .filter(move |t| Some(t.place) == self.place)
    }

    /// Where a healed split card can go.
    pub fn heals(&self) -> Vec<Character> {
        distinct(self.for_place().filter_map(|t| t.heal))
    }

    /// The Castle trades open, fewest meeples first.
    pub fn trades(&self) -> Vec<i32> {
        crate::model::sorted::sorted(distinct(self.for_place().map(|t| t.trade)))
    }
}

pub fn resolve(legal: &[Turn], picks: Picks) -> Resolved {
    let Some(space) = picks.space else {
        return Resolved::default();
    };
    let options: Vec<Turn> = legal.iter().copied().filter(|t| t.take == space).collect();
    let places = distinct(options.iter().map(|t| t.place));
    let place = picks
        .place
        .or_else(|| (places.len() == 1).then(|| places[0]));
    let chosen = options
        .iter()
        .copied()
        .filter(|t| Some(t.place) == place)
        .filter(|t| t.heal.is_none() || t.heal == picks.heal)
        .find(|t| t.trade == picks.trade);
    Resolved {
        options,
        place,
        chosen,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use majesty_rules::{Game, GameConfig};

    fn game() -> Game {
        Game::new(GameConfig::new(2).unwrap(), 3).unwrap()
    }

    #[test]
    fn nothing_is_chosen_before_a_card_is_picked() {
        let r = resolve(&game().legal_turns(), Picks::default());
        assert!(r.options.is_empty());
        assert_eq!(r.chosen, None);
    }

    #[test]
    fn a_single_character_card_names_its_turn_at_once() {
        let game = game();
        let legal = game.legal_turns();
        let front = game.display()[0].card;
        let r = resolve(
            &legal,
            Picks {
                space: Some(0),
                ..Picks::default()
            },
        );
        if front.is_split() {
            assert_eq!(r.places().len(), 2, "a split card asks where it goes");
            assert_eq!(r.chosen, None);
        } else {
            assert_eq!(r.places().len(), 1);
            assert_eq!(r.chosen.map(|t| t.take), Some(0));
        }
    }

    #[test]
    fn picks_of_a_turn_resolve_to_that_turn() {
        let game = game();
        for turn in game.legal_turns() {
            assert_eq!(
                resolve(&game.legal_turns(), Picks::of(turn)).chosen,
                Some(turn)
            );
        }
    }
}
