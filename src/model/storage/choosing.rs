//! The choice a person was making in a saved game, kept for this tab in
//! sessionStorage so that a reload comes back to it.

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
    fn to_text(&self) -> String {
        let or_none = |c: Option<Character>| c.map_or("-".to_string(), |c| c.to_string());
        let take = self.take.map_or("-".to_string(), |t| t.to_string());
        let (place, heal) = (or_none(self.place), or_none(self.heal));
        format!(
            "{} {take} {place} {heal} {} {}",
            self.turns, self.trade, self.slot
        )
    }

    fn from_text(text: &str) -> Option<Choosing> {
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
const CHOOSING_KEY: &str = "majesty.choosing";

fn session_storage() -> Option<web_sys::Storage> {
    crate::browser::window()?.session_storage().ok().flatten()
}

/// Keeps the choice in progress (a choice with no card: forgets it).
pub fn keep_choosing(choosing: &Choosing) {
    if let Some(store) = session_storage() {
        let _ = match choosing.take {
            None => store.remove_item(CHOOSING_KEY),
            Some(_) => store.set_item(CHOOSING_KEY, &choosing.to_text()),
        };
    }
}

/// The choice in progress in the game saved in `slot` after `turns` turns,
/// if this tab kept one.
pub fn choosing(slot: &str, turns: usize) -> Option<Choosing> {
    let text = session_storage()?.get_item(CHOOSING_KEY).ok()??;
    Choosing::from_text(&text).filter(|c| c.slot == slot && c.turns == turns)
}

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
