//! The words of annotated records: why a note was left out.

use majesty_rules::annotation::{NoteProblem, NoteReason};

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
            NoteReason::Malformed { mark, message } => {
                let message = match mark {
                    Some(m) => format!("{m}: {message}"),
                    None => message.clone(),
                };
                self.notes_malformed(key, message)
            }
            NoteReason::TooLong { .. } | NoteReason::TooMany => self.notes_too_long(key),
            NoteReason::NoSuchSeat { seat, players, .. } => {
                self.notes_no_seat(key, *seat, *players)
            }
        }
    }
}
