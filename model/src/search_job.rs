//! The messages between the page and its search worker
//! (`src/bin/search_worker.rs`): the page asks for a job, the worker answers
//! with its outcome or says why it could not. Each message is one JSON text,
//! enums tagged externally (`"ready"`, `{"done": {"id": 1, …}}`): serde
//! reads those without buffering, which keeps the page's module small.
//!
//! The worker uses this module alone: it needs only the game's crates
//! (majesty-rules, majesty-ai) and serde.
//!
//! A job is a pure function of its fields: the worker and the page's own
//! fallback give the same answer for the same job. Three kinds: a computer's
//! turn, the coach's hint and the coach's review of a game, each with its own
//! [`Outcome`]; the long ones say how far they are ([`Reply::Progress`]).

use majesty_ai::bots::{self, Level, LevelSearch};
use majesty_ai::coach::{self, Advice, HintSearch, Review, Reviewer};
use majesty_rules::record::without_notes;
use majesty_rules::{rng, Game, GameRecord, Observation, Seat, Turn};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Numbers the page's requests, so that an answer names its question and an
/// answer to a question no longer asked is dropped.
pub type JobId = u32;

/// What the page sends to the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: JobId,
    pub job: Job,
}

/// A piece of work for the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Job {
    /// The turn a computer of `level` plays at the end of `record`, drawing
    /// its choices from `seed` (`bots::seed_for`: records keep no bot
    /// randomness, so the seed follows from the game and the turn).
    BotTurn {
        level: Level,
        seed: u64,
        #[serde(deserialize_with = "without_notes")]
        record: GameRecord,
    },
    /// The expert's best turns for the player to move at the end of
    /// `record`, searched from `seed` with the expert's budget.
    Hint {
        seed: u64,
        #[serde(deserialize_with = "without_notes")]
        record: GameRecord,
    },
    /// The expert's review of the turns of `seats` in `record`.
    Review {
        #[serde(deserialize_with = "without_notes")]
        record: GameRecord,
        seats: Vec<Seat>,
    },
}

/// What a job found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The turn chosen (None when the game is over).
    BotTurn {
        turn: Option<Turn>,
    },
    Hint {
        advice: Vec<Advice>,
    },
    Review {
        review: Review,
    },
}

/// What the worker sends to the page. (The page reads it without serde's
/// code for the whole of it: see `play::bot_driver::read_reply`.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// The worker has started and reads requests from now on.
    Ready,
    /// Job `id` has done `done` of its `total` steps (hint: iterations,
    /// review: turns rated).
    Progress {
        id: JobId,
        done: u32,
        total: u32,
    },
    Done {
        id: JobId,
        outcome: Outcome,
    },
    /// The job could not be done; `id` is None when the request itself could
    /// not be read.
    Failed {
        id: Option<JobId>,
        reason: String,
    },
}

/// Hint iterations between two progress reports.
const HINT_STEP: u32 = 100;

impl Job {
    /// The job as the page sends it: its record without notes, which no
    /// search reads (the worker skips them unread: `without_notes`).
    #[allow(dead_code)] // the page's: the worker sends no jobs
    pub fn for_worker(&self) -> Job {
        let mut job = self.clone();
        match &mut job {
            Job::BotTurn { record, .. } | Job::Hint { record, .. } | Job::Review { record, .. } => {
                record.notes = Default::default();
            }
        }
        job
    }

    /// Does the job here and now, all at once: the worker's way. (The page
    /// does not call it: it runs long searches in slices and has the game
    /// at hand, see `play::bot_driver` and `play::coach::runner`.)
    #[allow(dead_code)]
    pub fn answer(&self) -> Result<Outcome, String> {
        self.answer_with(&mut |_, _| ())
    }

    /// [`Job::answer`], telling `progress` (done, total) along the way.
    #[allow(dead_code)]
    pub fn answer_with(&self, progress: &mut dyn FnMut(u32, u32)) -> Result<Outcome, String> {
        match self {
            Job::BotTurn {
                level,
                seed,
                record,
            } => {
                let game = record.replay().map_err(|e| e.to_string())?;
                Ok(Outcome::BotTurn {
                    turn: bot_turn(*level, &game, *seed),
                })
            }
            Job::Hint { seed, record } => {
                let game = record.replay().map_err(|e| e.to_string())?;
                let budget = coach::expert_budget();
                let mut search = HintSearch::new(&Observation::to_move(&game), *seed);
                while search.iterations() < budget {
                    search.run(HINT_STEP.min(budget - search.iterations()));
                    progress(search.iterations(), budget);
                }
                Ok(Outcome::Hint {
                    advice: search.advice(),
                })
            }
            Job::Review { record, seats } => {
                let mut reviewer = Reviewer::new(record, seats, coach::expert_budget())
                    .map_err(|e| e.to_string())?;
                let total = reviewer.total() as u32;
                while !reviewer.is_done() {
                    let before = reviewer.done();
                    reviewer.run(u32::MAX);
                    if reviewer.done() > before {
                        progress(reviewer.done() as u32, total);
                    }
                }
                Ok(Outcome::Review {
                    review: reviewer.review(),
                })
            }
        }
    }
}

/// The turn a computer of `level` chooses in `game` from `seed`: exactly
/// what `bots::choose` chooses with a generator seeded so.
pub fn bot_turn(level: Level, game: &Game, seed: u64) -> Option<Turn> {
    match (
        bots::search_iterations(level),
        LevelSearch::new(level, &Observation::to_move(game), seed),
    ) {
        (Some(iterations), Some(mut search)) => {
            search.run(iterations);
            search.best()
        }
        _ => bots::choose(level, &Observation::to_move(game), &mut rng::seeded(seed)),
    }
}

/// The message in `text` (a [`Request`] or a [`Reply`]), or why it is not
/// one. (The worker's; the page reads replies its own way.)
#[allow(dead_code)]
pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("not a search message: {e}"))
}

/// One message as its JSON text (these types always serialize).
pub fn to_text(message: &impl Serialize) -> String {
    serde_json::to_string(message).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use majesty_rules::GameConfig;

    fn record_after(turns: usize) -> (GameRecord, Game) {
        let config = GameConfig::new(3).unwrap();
        let mut record = GameRecord::new(vec!["A".into(), "B".into(), "C".into()], &config, 7);
        let mut game = record.start().unwrap();
        for _ in 0..turns {
            let turn = bots::choose(
                Level::Medium,
                &Observation::to_move(&game),
                &mut rng::seeded(1),
            )
            .unwrap();
            game.apply_quiet(turn).unwrap();
            record.turns.push(turn);
        }
        (record, game)
    }

    #[test]
    fn a_bot_turn_job_chooses_what_the_bot_chooses_for_its_seed() {
        for (level, turns) in [
            (Level::Easy, 0),
            (Level::Medium, 4),
            (Level::Hard, 5),
            // Late, where a search is short: these run unoptimised.
            (Level::Expert, 32),
        ] {
            let (record, game) = record_after(turns);
            let seed = bots::seed_for(7, game.turn_number());
            let job = Job::BotTurn {
                level,
                seed,
                record,
            };
            let expected =
                bots::choose(level, &Observation::to_move(&game), &mut rng::seeded(seed));
            assert!(expected.is_some());
            assert_eq!(
                job.answer(),
                Ok(Outcome::BotTurn { turn: expected }),
                "{level}"
            );
        }
    }

    #[test]
    fn a_hint_job_gives_the_coachs_advice_and_its_progress() {
        // Late in a game, where the expert's search is short (unoptimised).
        let (record, game) = record_after(32);
        let seed = bots::seed_for(7, game.turn_number());
        let mut search = HintSearch::new(&Observation::to_move(&game), seed);
        search.run(coach::expert_budget());
        let mut steps = Vec::new();
        let outcome =
            Job::Hint { seed, record }.answer_with(&mut |done, total| steps.push((done, total)));
        assert_eq!(
            outcome,
            Ok(Outcome::Hint {
                advice: search.advice()
            })
        );
        let budget = coach::expert_budget();
        assert_eq!(steps.last(), Some(&(budget, budget)));
        assert!(steps.windows(2).all(|w| w[0].0 < w[1].0), "{steps:?}");
    }

    #[test]
    fn a_review_job_rates_the_turns_the_reviewer_rates() {
        let (record, _) = record_after(34);
        let seats = vec![Seat::new(2).unwrap()];
        let expected = Reviewer::new(&record, &seats, coach::expert_budget())
            .unwrap()
            .finish();
        let mut steps = Vec::new();
        let job = Job::Review { record, seats };
        let outcome = job.answer_with(&mut |done, total| steps.push((done, total)));
        assert_eq!(outcome, Ok(Outcome::Review { review: expected }));
        assert_eq!(steps.len(), 11, "one report per rated turn: {steps:?}");
        assert_eq!(steps.last(), Some(&(11, 11)));
    }

    #[test]
    fn requests_and_replies_survive_their_text() {
        let (record, _) = record_after(2);
        let request = Request {
            id: 3,
            job: Job::BotTurn {
                level: Level::Expert,
                seed: u64::MAX,
                record,
            },
        };
        assert_eq!(read::<Request>(&to_text(&request)), Ok(request.clone()));
        let Request { job, .. } = request;
        let reply = Reply::Done {
            id: 3,
            outcome: job.answer().unwrap(),
        };
        assert_eq!(read::<Reply>(&to_text(&reply)), Ok(reply));
        assert_eq!(read::<Reply>(&to_text(&Reply::Ready)), Ok(Reply::Ready));
    }

    #[test]
    fn a_job_goes_to_the_worker_without_its_records_notes() {
        let (mut record, _) = record_after(2);
        record.notes.set_text(1, "en", "no search reads this");
        let job = Job::Hint { seed: 7, record };
        let sent = job.for_worker();
        let text = to_text(&Request {
            id: 1,
            job: sent.clone(),
        });
        assert!(!text.contains("no search reads this"), "{text}");
        let Ok(Request { job: read_back, .. }) = read::<Request>(&text) else {
            panic!("the request does not read: {text}");
        };
        assert_eq!(read_back, sent);
        // Notes a page would still send are skipped, never refused.
        let Job::Hint { record, .. } = &job else {
            unreachable!()
        };
        let with_notes = format!(
            r#"{{"id":1,"job":{{"hint":{{"seed":7,"record":{}}}}}}}"#,
            record.to_json()
        );
        assert!(with_notes.contains("no search reads this"));
        assert_eq!(read::<Request>(&with_notes).map(|r| r.job), Ok(sent));
    }

    #[test]
    fn a_bad_request_is_an_error_not_a_panic() {
        assert!(read::<Request>("{\"id\": 1}").is_err());
        assert!(read::<Request>("not json").is_err());
        let (mut record, _) = record_after(0);
        record.seed = None;
        let job = Job::BotTurn {
            level: Level::Hard,
            seed: 1,
            record,
        };
        assert!(job.answer().unwrap_err().contains("seed"));
    }
}
