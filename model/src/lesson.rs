//! The guided first game being played: which of the tutorial's steps the
//! coach shows, and what the learner did wrong. Pure (no components): the
//! steps and the explanations come from the engine
//! (`majesty_content::tutorial`).

use majesty_content::tutorial::{Anchor, Mistake, Step, Tutorial, Wait, LEARNER};
use majesty_rules::{Game, Turn};

use super::host_command::Mark;

/// The CSS selector of what a step points at on the board.
pub fn anchor_selector(anchor: Anchor) -> String {
    let mine = format!(".realm[data-seat=\"{LEARNER}\"]");
    match anchor {
        Anchor::Realm => mine,
        Anchor::Display => ".display .cards".into(),
        Anchor::Space(space) => Mark::Display { space }.selector(),
        Anchor::Worker => format!("{mine} .worker-card"),
        Anchor::Score => format!("{mine} .score-coin"),
        Anchor::Location { location, seat } => Mark::Location {
            location,
            seat: Some(seat.index()),
        }
        .selector(),
        Anchor::FinalScoring => ".final-box .final-table".into(),
    }
}

/// The CSS selector of where a step's card goes (the learner's location),
/// for a step that waits for a turn.
pub fn destination_selector(wait: Wait) -> Option<String> {
    let Wait::Turn(turn) = wait else {
        return None;
    };
    Some(anchor_selector(Anchor::Location {
        location: turn.place.location(),
        seat: LEARNER,
    }))
}

#[derive(Clone, PartialEq, Eq)]
pub struct Lesson {
    pub tutorial: &'static Tutorial,
    pub steps: Vec<Step>,
    /// The step being shown (or waited for).
    pub index: usize,
    /// The learner's last wrong action, explained until the next step.
    pub mistake: Option<Mistake>,
}

impl Lesson {
    pub fn new(tutorial: &'static Tutorial) -> Lesson {
        Lesson {
            tutorial,
            steps: tutorial.steps(),
            index: 0,
            mistake: None,
        }
    }

    pub fn step(&self) -> Option<&Step> {
        self.steps.get(self.index)
    }

    /// Whether the step is shown now: its moment has come (`played`
    /// turns). Before that, the computer plays its reply.
    pub fn showing(&self, played: usize) -> bool {
        self.step().is_some_and(|s| s.at == played)
    }

    /// The computer's reply, if the game waits for it now: the step to show
    /// lies after its turn.
    pub fn reply(&self, game: &Game) -> Option<Turn> {
        let played = game.turn_number();
        let due = self.step().is_none_or(|s| s.at > played);
        due.then(|| self.tutorial.reply(played)).flatten()
    }

    /// "Next" on a step that waits for it.
    pub fn next(&mut self) {
        if self.step().is_some_and(|s| s.wait == Wait::Next) {
            self.index += 1;
            self.mistake = None;
        }
    }

    /// Vets the learner's turn: Ok when it is the step's (the step is done),
    /// else the mistake, kept to be explained (the turn is not played).
    /// The computer's turns always pass.
    pub fn vet(&mut self, game: &Game, turn: Turn) -> Result<(), Mistake> {
        if game.current_player() != LEARNER || game.is_over() {
            return Ok(());
        }
        let Some(step) = self.step().copied() else {
            return Ok(());
        };
        let mistake = if self.showing(game.turn_number()) {
            Tutorial::mistake(&step, game, turn)
        } else {
            Some(Mistake::NotNow)
        };
        match mistake {
            None => {
                self.index += 1;
                self.mistake = None;
                Ok(())
            }
            Some(m) => {
                self.mistake = Some(m);
                Err(m)
            }
        }
    }

    /// Vets a card picked from the display before the turn is complete
    /// (the first character of the card stands for the turn).
    pub fn vet_pick(&mut self, game: &Game, space: usize) -> Result<(), Mistake> {
        let Some(step) = self.step().copied() else {
            return Ok(());
        };
        if game.current_player() != LEARNER || game.is_over() {
            return Ok(());
        }
        match step.wait {
            Wait::Turn(expected) if expected.take == space && self.showing(game.turn_number()) => {
                Ok(())
            }
            _ => {
                let Some(card) = game.display().get(space).map(|s| s.card) else {
                    return Ok(());
                };
                let first = card
                    .characters()
                    .next()
                    .unwrap_or(majesty_rules::Character::Miller);
                let mistake = if self.showing(game.turn_number()) {
                    Tutorial::mistake(&step, game, Turn::new(space, first))
                } else {
                    Some(Mistake::NotNow)
                };
                self.mistake = mistake;
                mistake.map_or(Ok(()), Err)
            }
        }
    }

    /// The step's number from 1, and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        (self.index.min(self.steps.len()) + 1, self.steps.len())
    }

    /// Whether every step has been read.
    pub fn finished(&self) -> bool {
        self.index + 1 >= self.steps.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use majesty_rules::Character;

    fn lesson() -> (Lesson, Game) {
        let tutorial = Tutorial::find("a").unwrap();
        let game = tutorial
            .record(&["You".into(), "Computer".into()])
            .start()
            .unwrap();
        (Lesson::new(tutorial), game)
    }

    /// The step asking to take the free Miller leaves the learner's Mill
    /// in sight too: the bubble must not cover where the card goes.
    #[test]
    fn a_turns_step_keeps_its_destination_in_sight() {
        let (lesson, _) = lesson();
        let take_free = lesson.steps.iter().find(|s| s.id == "take_free").unwrap();
        assert_eq!(
            destination_selector(take_free.wait).as_deref(),
            Some(".realm[data-seat=\"0\"] .column[data-location=\"0\"]")
        );
        let welcome = lesson.steps[0];
        assert_eq!(destination_selector(welcome.wait), None);
    }

    #[test]
    fn a_card_picked_during_a_next_step_is_explained() {
        let (mut lesson, game) = lesson();
        assert_eq!(lesson.vet_pick(&game, 0), Err(Mistake::NotNow));
        assert_eq!(lesson.mistake, Some(Mistake::NotNow));
        lesson.next();
        assert_eq!(lesson.mistake, None);
    }

    #[test]
    fn the_steps_turn_moves_on_and_the_computer_replies_after_the_next_steps() {
        let (mut lesson, mut game) = lesson();
        for _ in 0..3 {
            lesson.next();
        }
        assert!(lesson.vet_pick(&game, 3).is_err());
        assert_eq!(lesson.vet_pick(&game, 0), Ok(()));
        let miller = Turn::new(0, Character::Miller);
        assert_eq!(lesson.vet(&game, miller), Ok(()));
        game.apply(miller).unwrap();
        // "ability_mill" shows before the computer answers.
        assert_eq!(lesson.reply(&game), None);
        lesson.next();
        assert!(lesson.reply(&game).is_some());
    }
}
