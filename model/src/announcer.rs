//! The board's one announcer, as data: what a screen reader is told, in
//! order, each message whole. Screen readers (NVDA, JAWS) stop reading a
//! polite live region when the focus moves, and a region whose text is
//! replaced before it is read is lost. So every message waits until the one
//! before it has had its time to be read, and the focus move that goes with
//! a message (the display's card on the person's turn, the final scoring's
//! heading) is made just *before* its text is shown, never after.
//!
//! The board (`play::board::announce`) keeps the clock and the page.

use std::collections::VecDeque;

/// Where the focus goes as a message begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    /// Where the person left it.
    Stay,
    /// The display's first card the person can take: their turn has come.
    FirstChoice,
    /// The final scoring's heading: the game is over.
    FinalScoring,
    /// What a tutorial's step waits for (a CSS selector): its "Next", or
    /// the card it asks to take.
    Element(String),
}

/// One message and the focus move that goes with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    pub text: String,
    pub focus: Focus,
}

/// The time between a focus move and the message's text: the screen reader
/// reads the newly focused element first, then the region's change.
pub const SETTLE_MS: f64 = 150.0;

/// At least this long before the next message (or a focus move of the
/// board's) comes, however short a message.
pub const LEAST_HOLD_MS: f64 = 1_000.0;

/// Reading time per word: about a screen reader's default rate.
pub const WORD_MS: f64 = 60.0;

/// How long `text` is held before the next message may replace it.
pub fn reading_time(text: &str) -> f64 {
    let words = text.split_whitespace().count() as f64;
    (words * WORD_MS).max(LEAST_HOLD_MS)
}

/// The messages waiting and the time the one being read is done.
#[derive(Debug, Default)]
pub struct Announcer {
    waiting: VecDeque<Announcement>,
    /// When the message shown last has had its reading time (ms, the
    /// board's clock); none before the first.
    free_at: Option<f64>,
}

impl Announcer {
    /// Queues `announcement` after those waiting. An empty text is no
    /// message, but its focus move still waits its turn.
    pub fn push(&mut self, announcement: Announcement) {
        self.waiting.push_back(announcement);
    }

    /// Drops what waits (a new game, a turn taken back: older news is
    /// wrong now). The message being read keeps its time.
    pub fn clear(&mut self) {
        self.waiting.clear();
    }

    /// The next message to begin at `now`, if the last one has had its
    /// time: the caller moves the focus, then shows the text
    /// [`SETTLE_MS`] later. Its reading time counts from then.
    pub fn next(&mut self, now: f64) -> Option<Announcement> {
        if self.free_at.is_some_and(|free| now < free) {
            return None;
        }
        let next = self.waiting.pop_front()?;
        let read = if next.text.is_empty() {
            0.0
        } else {
            reading_time(&next.text)
        };
        self.free_at = Some(now + SETTLE_MS + read);
        Some(next)
    }

    /// How long from `now` until [`Announcer::next`] may give a message
    /// (none when nothing waits).
    pub fn wait(&self, now: f64) -> Option<f64> {
        if self.waiting.is_empty() {
            return None;
        }
        Some(self.free_at.map_or(0.0, |free| (free - now).max(0.0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn say(text: &str, focus: Focus) -> Announcement {
        Announcement {
            text: text.into(),
            focus,
        }
    }

    #[test]
    fn a_short_message_is_held_a_second_and_a_long_one_60_ms_a_word() {
        assert_eq!(reading_time("Ann took a Miller"), LEAST_HOLD_MS);
        let long = "word ".repeat(40);
        assert_eq!(reading_time(&long), 40.0 * WORD_MS);
    }

    #[test]
    fn messages_come_in_order_each_after_the_last_was_read() {
        let mut a = Announcer::default();
        a.push(say(
            "Bob took a Knight. Attack: Ann's Miller wounded",
            Focus::Stay,
        ));
        a.push(say("Ann to play", Focus::FirstChoice));
        let first = a.next(0.0).unwrap();
        assert_eq!(first.focus, Focus::Stay);
        let done = SETTLE_MS + reading_time(&first.text);
        // Not while the first is being read: its focus move would cut it.
        assert_eq!(a.next(done - 1.0), None);
        assert_eq!(a.wait(done - 100.0), Some(100.0));
        let second = a.next(done).unwrap();
        assert_eq!(second.focus, Focus::FirstChoice);
        assert_eq!(a.next(done + 10_000.0), None);
        assert_eq!(a.wait(done + 10_000.0), None);
    }

    #[test]
    fn a_message_into_a_quiet_announcer_begins_at_once() {
        let mut a = Announcer::default();
        assert_eq!(a.wait(0.0), None);
        a.push(say("Ann took a Witch", Focus::Stay));
        assert_eq!(a.wait(0.0), Some(0.0));
        assert!(a.next(0.0).is_some());
        a.push(say("Bob took a Guard", Focus::Stay));
        assert_eq!(a.wait(500.0), Some(SETTLE_MS + LEAST_HOLD_MS - 500.0));
    }

    #[test]
    fn a_focus_move_without_words_takes_no_reading_time() {
        let mut a = Announcer::default();
        a.push(say("", Focus::FirstChoice));
        a.push(say("Ann to play", Focus::Stay));
        assert_eq!(a.next(0.0).unwrap().focus, Focus::FirstChoice);
        assert_eq!(a.next(SETTLE_MS).unwrap().text, "Ann to play");
    }

    #[test]
    fn clearing_drops_what_waits_but_lets_the_current_message_be_read() {
        let mut a = Announcer::default();
        a.push(say("Bob took a Knight", Focus::Stay));
        a.push(say("Carl took a Noble", Focus::Stay));
        a.next(0.0).unwrap();
        a.clear();
        a.push(say("Turn taken back", Focus::FirstChoice));
        assert_eq!(a.next(10.0), None);
        let next = a.next(SETTLE_MS + LEAST_HOLD_MS).unwrap();
        assert_eq!(next.text, "Turn taken back");
    }
}
