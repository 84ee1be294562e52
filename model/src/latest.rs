//! The last of several requests for the same thing, worked on one at a
//! time: a language asked for again and again (an embedding page's
//! `setLanguage`, the picker) is fetched once at a time, and the one asked
//! for last is the one that stays.

/// What was asked for last, and whether one is being worked on.
#[derive(Clone, Debug)]
pub struct Latest<T> {
    wanted: Option<T>,
    busy: bool,
}

impl<T> Default for Latest<T> {
    fn default() -> Self {
        Latest {
            wanted: None,
            busy: false,
        }
    }
}

impl<T> Latest<T> {
    /// Asks for `value`: it, to start on now, unless another is being
    /// worked on (then it waits, replacing any that waited).
    pub fn ask(&mut self, value: T) -> Option<T> {
        self.wanted = Some(value);
        if self.busy {
            return None;
        }
        self.busy = true;
        self.wanted.take()
    }

    /// The work on one ended: what was asked for meanwhile, to start on
    /// next, if anything.
    pub fn done(&mut self) -> Option<T> {
        let next = self.wanted.take();
        self.busy = next.is_some();
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_at_a_time_and_the_last_asked_for_wins() {
        let mut latest = Latest::default();
        assert_eq!(latest.ask("de"), Some("de"));
        // While "de" is fetched, a flood of requests: only the last waits.
        for lang in ["fr", "es", "en", "fr"] {
            assert_eq!(latest.ask(lang), None);
        }
        assert_eq!(latest.done(), Some("fr"));
        assert_eq!(latest.done(), None);
        // Idle again: the next request starts at once.
        assert_eq!(latest.ask("es"), Some("es"));
        assert_eq!(latest.done(), None);
    }
}
