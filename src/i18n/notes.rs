//! The words of annotated records: why a note was left out.

use majesty_rules::annotation::{Mark, NoteProblem, NoteReason, Target};
use majesty_rules::Seat;

use super::Catalog;

impl Catalog {
    /// "Some notes of this record are not shown: …", or `None` when every
    /// note was read.
    pub fn notes_left_out_all(&self, problems: &[NoteProblem]) -> Option<String> {
        if problems.is_empty() {
            return None;
        }
        let reasons: Vec<String> = problems.iter().map(|p| self.note_problem(p)).collect();
        Some(self.notes_left_out(reasons.join("; ")))
    }

    fn note_problem(&self, problem: &NoteProblem) -> String {
        let key = problem.key.as_str();
        match &problem.reason {
            NoteReason::NotNotes => self.notes_not_notes().into(),
            NoteReason::BadKey => self.notes_bad_key(key),
            NoteReason::PastTheEnd { turns } => self.notes_past_end(key, *turns),
            NoteReason::Malformed(error) => self.notes_malformed(key, error.to_string()),
            NoteReason::BadMark { mark, error } => {
                self.notes_malformed(key, format!("{mark}: {error}"))
            }
            NoteReason::TooLong { .. } | NoteReason::TooMany => self.notes_too_long(key),
            NoteReason::NoSuchSeat { seat, players, .. } => {
                self.notes_no_seat(key, seat.index() + 1, *players)
            }
        }
    }
}

impl Catalog {
    /// What a mark points at, in words: "Ann: Mill", "Display, space 2".
    /// `names` are the record's players by seat.
    pub fn note_target(&self, target: Target, names: &[String]) -> String {
        let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_default();
        match target {
            Target::Display { space } => self.notes_target_space(space + 1),
            Target::Location {
                location,
                seat: Some(seat),
            } => self.notes_target_location(name(seat), location),
            Target::Location {
                location,
                seat: None,
            } => self.notes_target_everywhere(location),
            Target::Realm { seat } => self.realm_of(name(seat)),
        }
    }

    /// A mark in words: "Ring on Ann: Mill", "Arrow from … to …".
    pub fn note_mark(&self, mark: Mark, names: &[String]) -> String {
        match mark {
            Mark::Ring(target) => self.notes_ring_mark(self.note_target(target, names)),
            Mark::Arrow { from, to } => {
                self.notes_arrow_mark(self.note_target(from, names), self.note_target(to, names))
            }
        }
    }
}
