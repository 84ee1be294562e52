//! The guided games ("Learn to play": `?tutorial=1` or `a` for side A,
//! `?tutorial=b` for side B): opens the tutorial's game (the engine's `majesty_content::tutorial`), lets through
//! only the turns its steps ask for (a wrong one is explained by the coach,
//! `board::coach_bubble`, and the board does not change), and gives the
//! computer its scripted replies.

use leptos::prelude::*;
use majesty_ai::bots::Level;
use majesty_content::tutorial::Tutorial;
use majesty_rules::Turn;

use crate::i18n::Catalog;
use crate::model::lesson::Lesson;
use crate::model::session::Session;
use crate::parts::split;
use crate::parts::SplitLoaderError;
use crate::state::{AppState, Mode};

/// Opens the guided game `id` once the tutorial's part of the page (its
/// script, the coach's bubble: src/parts/) is here.
pub fn open(state: AppState, id: String) {
    crate::parts::run(state, "tutorial", move || {
        Box::pin(open_part(state, id.clone()))
    });
}

split! { tutorial =>
    fn open_part(state: AppState, id: String) -> Result<(), SplitLoaderError> {
        crate::registry::fill(crate::parts::made_at_run_time(Hooks { vet, reply }));
        open_tutorial(state, &id);
        Ok(())
    }
}

/// The tutorial part's answers to the board, in the page's registry
/// (`crate::registry`; filled once it is here: a lesson only exists from
/// then on).
#[derive(Clone, Copy)]
pub struct Hooks {
    vet: fn(AppState, Turn) -> bool,
    reply: fn(AppState) -> Option<Option<Turn>>,
}

/// Opens the guided game `id` (`1`: the first one, side A; `b`: side B);
/// an unknown id is said in a notice and the first one opens.
pub(crate) fn open_tutorial(state: AppState, id: &str) {
    let t = state.t_now();
    let tutorial = match Tutorial::find(id) {
        Some(tutorial) => tutorial,
        None => {
            if id != "1" {
                state.notice.set(Some(t.tutorial_unknown(id)));
            }
            &majesty_content::tutorial::TUTORIALS[0]
        }
    };
    match Session::from_record(tutorial.record(&players(t)), vec![None, Some(Level::Easy)]) {
        Ok(mut session) => {
            // Every step follows the script: nothing to take back.
            session.allow_undo = false;
            state.put_on_table(Mode::Lesson(Lesson::new(tutorial)), session);
        }
        Err(e) => state.notice.set(Some(t.cannot_open_record(&e))),
    }
}

/// The guided game's players: the learner by the language's first
/// default name (a name, so that every sentence about a player reads
/// right: "Ann wins!", not "You wins!"), and the computer.
fn players(t: Catalog) -> Vec<String> {
    vec![t.default_player_name(0), t.tutorial_computer().to_string()]
}

/// Whether `turn` may be played now: always outside a tutorial and on the
/// computer's turns; in a tutorial, only the learner's turn its step asks
/// for (else the coach explains why, and nothing is played).
pub fn allows(state: AppState, turn: Turn) -> bool {
    if state.lesson.with_untracked(Option::is_none) {
        return true;
    }
    crate::registry::get::<Hooks>().is_none_or(|h| (h.vet)(state, turn))
}

fn vet(state: AppState, turn: Turn) -> bool {
    let Some(game) = state
        .session
        .with_untracked(|s| s.as_ref().map(|s| s.game.clone()))
    else {
        return true;
    };
    let mut allowed = true;
    state.mode.update(|m| {
        if let Some(lesson) = m.lesson_mut() {
            allowed = lesson.vet(&game, turn).is_ok();
        }
    });
    allowed
}

/// In a tutorial, the computer's move: `Some(Some(turn))` its scripted
/// reply, `Some(None)` it waits (the learner reads a step first); `None`
/// outside a tutorial (the computer thinks as usual).
pub fn scripted_reply(state: AppState) -> Option<Option<Turn>> {
    // Tracked: the computer's effect runs again when a lesson starts.
    state.lesson.track();
    crate::registry::get::<Hooks>().and_then(|h| (h.reply)(state))
}

fn reply(state: AppState) -> Option<Option<Turn>> {
    state.lesson.with(|lesson| {
        let lesson = lesson.as_ref()?;
        Some(
            state
                .session
                .with(|s| s.as_ref().and_then(|s| lesson.reply(&s.game))),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{texts, Lang};

    /// The learner has a name, so that a sentence about them reads right
    /// in every language ("Ann gewinnt!", "Royaume d’Anne").
    #[test]
    fn the_learner_is_named() {
        for lang in Lang::ALL {
            let t = texts(lang);
            let [learner, computer] = <[String; 2]>::try_from(players(t)).unwrap();
            assert_eq!(learner, t.default_player_name(0));
            assert_ne!(learner, computer);
            assert!(t.winners(&[&learner]).contains(&learner));
        }
        assert_eq!(
            texts(Lang::En).winners(&[&players(texts(Lang::En))[0]]),
            "Ann wins!"
        );
    }

    /// Each number a language may write in words, 0 to 12.
    fn number_words(lang: Lang) -> [&'static str; 13] {
        match lang {
            Lang::En => [
                "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve",
            ],
            Lang::De => [
                "null", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
                "zehn", "elf", "zwölf",
            ],
            Lang::Fr => [
                "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf",
                "dix", "onze", "douze",
            ],
            Lang::Es => [
                "cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
                "diez", "once", "doce",
            ],
        }
    }

    /// The figures the final steps of each guided game state, as the
    /// engine scores the game's end: (step, figures).
    fn final_figures() -> Vec<(&'static str, Vec<i32>)> {
        use majesty_content::tutorial::LEARNER;
        let mut figures = Vec::new();
        for tutorial in &majesty_content::tutorial::TUTORIALS {
            let mut game = tutorial.record(&["A".into(), "B".into()]).start().unwrap();
            for turn in tutorial.script_turns() {
                game.apply(turn).unwrap();
            }
            let result = game.result().expect("the guided game ends");
            let (me, other) = (
                &result.players[LEARNER.index()],
                &result.players[LEARNER.next(2).index()],
            );
            let won: Vec<usize> = (0..me.majority.len())
                .filter(|&i| me.majority[i] > 0)
                .collect();
            let tied = won.iter().filter(|&&i| other.majority[i] > 0).count();
            let won = won.len() as i32;
            let variety = i32::from(me.variety_locations);
            match tutorial.id {
                "a" => {
                    figures.push(("final_variety", vec![variety, me.variety]));
                    figures.push(("final_majority", vec![won, tied as i32]));
                    figures.push(("final", vec![i32::from(me.infirmary_cards)]));
                }
                _ => {
                    figures.push(("b_final", vec![-other.infirmary()]));
                    figures.push(("b_final_majority", vec![variety, me.variety, won]));
                    figures.push(("b_summary", vec![me.total, other.total]));
                }
            }
        }
        figures
    }

    /// The final steps' figures (majorities won and tied, variety, the
    /// Infirmary's cost, the totals) are the engine's, in every language.
    #[test]
    fn the_final_steps_say_the_engines_figures() {
        let figures = final_figures();
        assert_eq!(figures[1], ("final_majority", vec![5, 3]));
        for lang in Lang::ALL {
            let words = number_words(lang);
            for (step, numbers) in &figures {
                let text = texts(lang).tutorial_step(step).to_lowercase();
                for &n in numbers {
                    let word = usize::try_from(n).ok().and_then(|n| words.get(n));
                    // An empty Infirmary is said, not counted.
                    let said = text.contains(&n.to_string())
                        || word.is_some_and(|w| text.contains(w))
                        || (n == 0 && *step == "final");
                    assert!(said, "{lang:?} {step}: {n} is not in {text:?}");
                }
            }
        }
        let majority = texts(Lang::En).tutorial_step("final_majority");
        assert!(majority.contains("five locations, three of them tied"));
    }
}
