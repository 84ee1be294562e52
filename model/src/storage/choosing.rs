//! The choice a person was making in a saved game, kept for this tab in
//! sessionStorage (by the app) so that a reload comes back to it.

use majesty_rules::Character;

/// The choice a person was making in a saved game (the card picked, the
/// character, the heal, the trade), kept for this tab in sessionStorage so
/// that a reload comes back to it. Tied to the game's place and its turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choosing {
    pub slot: String,
    /// Turns played when the choice was made.
    pub turns: usize,
    pub take: Option<usize>,
    pub place: Option<Character>,
    pub heal: Option<Character>,
    pub trade: i32,
}

impl Choosing {
    /// One line, `turns take place heal trade slot` (`-` for nothing): a
    /// few words need no JSON.
    pub fn to_text(&self) -> String {
        let or_none = |c: Option<Character>| c.map_or("-".to_string(), |c| c.to_string());
        let take = self.take.map_or("-".to_string(), |t| t.to_string());
        let (place, heal) = (or_none(self.place), or_none(self.heal));
        format!(
            "{} {take} {place} {heal} {} {}",
            self.turns, self.trade, self.slot
        )
    }

    pub fn from_text(text: &str) -> Option<Choosing> {
        let mut words = text.splitn(6, ' ');
        let mut next = || words.next().filter(|w| !w.is_empty());
        let character = |w: &str| (w != "-").then(|| w.parse().ok()).flatten();
        Some(Choosing {
            turns: next()?.parse().ok()?,
            take: next()?.parse().ok(),
            place: character(next()?),
            heal: character(next()?),
            trade: next()?.parse().ok()?,
            slot: next()?.to_string(),
        })
    }
}

/// Where this tab keeps the choice in progress.
pub const CHOOSING_KEY: &str = "majesty.choosing";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_in_progress_reads_back_as_written() {
        use majesty_rules::Character::{Brewer, Miller};
        let choosing = Choosing {
            slot: "majesty.game.ab".into(),
            turns: 7,
            take: Some(3),
            place: Some(Miller),
            heal: Some(Brewer),
            trade: -2,
        };
        assert_eq!(Choosing::from_text(&choosing.to_text()), Some(choosing));
        let bare = Choosing {
            slot: "majesty.save".into(),
            take: Some(0),
            ..Choosing::default()
        };
        assert_eq!(Choosing::from_text(&bare.to_text()), Some(bare));
        assert_eq!(Choosing::from_text("7 x"), None);
        assert_eq!(Choosing::from_text(""), None);
    }
}
