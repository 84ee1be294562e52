//! Why something could not be done, in words: a link, a record or a save
//! that cannot be used, a turn the engine refused. The words, and the code
//! that chooses them for each reason, are a part of the page of their own
//! (`problems`): a page that opens and plays as it should never needs them.
//! [`words`] fetches it the first time a problem is told.

use leptos::wasm_split::SplitLoaderError;
use majesty_rules::{RecordError, TurnError};

use super::{texts, Catalog, Lang};
use crate::model::link::LinkProblem;
use crate::model::storage::SaveError;

/// A problem to tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A game record (a file, a link's game) that cannot be opened.
    CannotOpenRecord(RecordError),
    /// A saved game that cannot be opened.
    CannotOpenSave(SaveError),
    /// A game that could not be saved.
    SaveFailed(SaveError),
    /// Why a kept game cannot be read (under its "cannot be read" title).
    Unreadable(SaveError),
    /// The parameters of the page's link that were not used.
    BadLink(Vec<LinkProblem>),
    /// A turn the engine refused.
    TurnRefused(TurnError),
}

impl Catalog {
    /// `problem` in words.
    pub fn problem(&self, problem: &Problem) -> String {
        match problem {
            Problem::CannotOpenRecord(e) => self.cannot_open_record(e),
            Problem::CannotOpenSave(e) => self.cannot_open_save(e),
            Problem::SaveFailed(e) => self.save_failed(e),
            Problem::Unreadable(e) => self.unreadable_body(e),
            Problem::BadLink(problems) => {
                let each: Vec<String> = problems.iter().map(|p| self.link_problem(p)).collect();
                self.bad_link(each.join("; "))
            }
            Problem::TurnRefused(e) => self.turn_refused(self.turn_error(e)),
        }
    }
}

/// `problem` in `lang`'s words, once their part is here (the loader's
/// error if it cannot be fetched).
pub async fn words(lang: Lang, problem: Problem) -> Result<String, SplitLoaderError> {
    say(lang, problem).await
}

/// The split point (see `parts::split!`, which the i18n layer cannot use:
/// the parts' module is above it).
#[cfg(not(test))]
#[leptos::wasm_split::wasm_split(problems, wasm_split_path = ::leptos::wasm_split, fallible)]
fn say(lang: Lang, problem: Problem) -> Result<String, SplitLoaderError> {
    Ok(texts(lang).problem(&problem))
}

#[cfg(test)]
async fn say(lang: Lang, problem: Problem) -> Result<String, SplitLoaderError> {
    Ok(texts(lang).problem(&problem))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::at_once;

    #[test]
    fn a_bad_link_is_told_with_each_of_its_problems() {
        let problems = vec![LinkProblem::Sides("C".into()), LinkProblem::PlayerCount(5)];
        let told = at_once(words(Lang::ALL[0], Problem::BadLink(problems.clone()))).unwrap();
        let t = texts(Lang::ALL[0]);
        for p in &problems {
            assert!(told.contains(&t.link_problem(p)), "{told}");
        }
        assert!(told.contains("; "), "{told}");
    }

    #[test]
    fn a_refused_turn_is_told_with_its_reason() {
        let told = at_once(words(
            Lang::ALL[0],
            Problem::TurnRefused(TurnError::GameOver),
        ))
        .unwrap();
        let reason = texts(Lang::ALL[0]).turn_error(&TurnError::GameOver);
        assert!(told.starts_with("That turn is not allowed"), "{told}");
        assert!(told.contains(&reason), "{told}");
    }
}
