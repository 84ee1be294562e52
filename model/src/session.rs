//! A game being played in the app: its record (what gets saved), the engine's
//! state and the log of every turn's events. No rule is decided here.

use majesty_ai::bots::{self, Level};
use majesty_rules::{Event, Game, GameConfig, GameRecord, RecordError, Seat, Turn, TurnError};

/// One turn of the log: who played it and what the engine said happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// 1-based turn number.
    pub number: usize,
    pub seat: Seat,
    pub events: Vec<Event>,
    /// Every player's score right after this turn (seat order), as the
    /// engine reports it.
    pub scores: Vec<i32>,
}

/// Every player's score in `game` (seat order).
fn scores_of(game: &Game) -> Vec<i32> {
    game.players().iter().map(|p| p.score()).collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub record: GameRecord,
    /// Who plays each seat: a person (None) or a computer of some level.
    pub seats: Vec<Option<Level>>,
    /// Whether a person may take back turns (a setting of the game).
    pub allow_undo: bool,
    pub game: Game,
    /// Oldest first.
    pub log: Vec<LogEntry>,
}

impl Session {
    /// A new game for `names` (seat order) dealt from `seed`.
    pub fn new(
        names: Vec<String>,
        seats: Vec<Option<Level>>,
        config: GameConfig,
        seed: u64,
    ) -> Result<Session, RecordError> {
        Session::from_record(GameRecord::new(names, &config, seed), seats)
    }

    /// Replays a record (a save, an import or a scenario) with its log.
    /// Seats not named in `seats` are people.
    pub fn from_record(
        record: GameRecord,
        mut seats: Vec<Option<Level>>,
    ) -> Result<Session, RecordError> {
        seats.resize(record.players.len(), None);
        let mut log = Vec::with_capacity(record.turns.len());
        let mut seat = record.first_mover();
        let game = record.replay_with(|game, events| {
            log.push(LogEntry {
                number: game.turn_number(),
                seat,
                events: events.to_vec(),
                scores: scores_of(game),
            });
            seat = game.current_player();
        })?;
        Ok(Session {
            record,
            seats,
            allow_undo: true,
            game,
            log,
        })
    }

    /// The computer level of the player to move, if a computer moves now.
    pub fn bot_to_move(&self) -> Option<Level> {
        if self.game.is_over() {
            return None;
        }
        self.seats
            .get(self.game.current_player().index())
            .copied()
            .flatten()
    }

    /// The seat of the person at the screen: the player to move if a person,
    /// else the next person to move (the first person once the game is
    /// over); None when only computers play.
    pub fn viewer(&self) -> Option<Seat> {
        let n = self.seats.len();
        let from = if self.game.is_over() {
            Seat::default()
        } else {
            self.game.current_player()
        };
        (0..n)
            .map(|i| from.after(i, n))
            .find(|seat| self.seats[seat.index()].is_none())
    }

    /// The seed of the bot's choice now: the same game and turn always give
    /// the same choice, so a game with bots replays and resumes exactly.
    pub fn bot_seed(&self) -> u64 {
        bots::seed_for(self.record.seed.unwrap_or(0), self.game.turn_number())
    }

    pub fn name(&self, seat: usize) -> &str {
        self.record.players.get(seat).map_or("?", String::as_str)
    }

    /// Plays a turn for the current player.
    pub fn play(&mut self, turn: Turn) -> Result<(), TurnError> {
        let seat = self.game.current_player();
        let events = self.game.apply(turn)?;
        self.record.turns.push(turn);
        self.log.push(LogEntry {
            number: self.game.turn_number(),
            seat,
            events,
            scores: scores_of(&self.game),
        });
        Ok(())
    }

    /// Every player's score over the game: row 0 at the deal, then one row
    /// after each turn (the last row is the scores now, before final
    /// scoring).
    pub fn score_history(&self) -> Vec<Vec<i32>> {
        let deal = self
            .record
            .start()
            .map(|game| scores_of(&game))
            .unwrap_or_else(|_| vec![0; self.record.players.len()]);
        std::iter::once(deal)
            .chain(self.log.iter().map(|e| e.scores.clone()))
            .collect()
    }

    /// Takes back the last turn played by a person and the computer turns
    /// that followed it. False when no person has played yet.
    pub fn undo(&mut self) -> bool {
        if !self.allow_undo {
            return false;
        }
        let mut record = self.record.clone();
        let mut seats_back = self.log.iter().rev().map(|e| e.seat);
        loop {
            let Some(seat) = seats_back.next() else {
                return false;
            };
            record.turns.pop();
            if self.seats.get(seat.index()).copied().flatten().is_none() {
                break;
            }
        }
        match Session::from_record(record, self.seats.clone()) {
            Ok(previous) => {
                *self = Session {
                    allow_undo: self.allow_undo,
                    ..previous
                };
                true
            }
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use majesty_rules::Observation;

    fn session() -> Session {
        Session::new(
            vec!["Ann".into(), "Bob".into()],
            vec![None, None],
            GameConfig::new(2).unwrap(),
            7,
        )
        .unwrap()
    }

    #[test]
    fn playing_logs_each_turn_and_records_it() {
        let mut s = session();
        let turn = s.game.legal_turns()[0];
        s.play(turn).unwrap();
        assert_eq!(s.record.turns, vec![turn]);
        assert_eq!(s.log.len(), 1);
        assert_eq!(s.log[0].seat.index(), 0);
        assert_eq!(s.log[0].number, 1);
        assert_eq!(s.game.current_player().index(), 1);
    }

    #[test]
    fn a_game_from_another_seat_logs_that_seat_first() {
        // Hot-seat: the drawn first player keeps their seat (and colour).
        let config = GameConfig::new(3)
            .unwrap()
            .with_first_player(Seat::new(2).unwrap())
            .unwrap();
        let names = vec!["Ann".into(), "Bob".into(), "Cid".into()];
        let mut s = Session::new(names, vec![None; 3], config, 7).unwrap();
        assert_eq!(s.game.current_player().index(), 2);
        for _ in 0..2 {
            let turn = s.game.legal_turns()[0];
            s.play(turn).unwrap();
        }
        let again = Session::from_record(s.record.clone(), s.seats.clone()).unwrap();
        let seats: Vec<usize> = again.log.iter().map(|e| e.seat.index()).collect();
        assert_eq!(seats, vec![2, 0]);
        assert_eq!(again.log, s.log);
    }

    #[test]
    fn an_illegal_turn_changes_nothing() {
        let mut s = session();
        let before = s.clone();
        assert!(s
            .play(Turn::new(9, majesty_rules::Character::Miller))
            .is_err());
        assert_eq!(s, before);
    }

    #[test]
    fn undo_restores_the_previous_position_and_log() {
        let mut s = session();
        let start = s.clone();
        let turn = s.game.legal_turns()[0];
        s.play(turn).unwrap();
        assert!(s.undo());
        assert_eq!(s, start);
        assert!(!s.undo());
    }

    #[test]
    fn resuming_a_record_rebuilds_the_log_with_seats() {
        let mut s = session();
        for _ in 0..5 {
            let turn = *s.game.legal_turns().last().unwrap();
            s.play(turn).unwrap();
        }
        let resumed = Session::from_record(s.record.clone(), s.seats.clone()).unwrap();
        assert_eq!(resumed, s);
        let seats: Vec<usize> = resumed.log.iter().map(|e| e.seat.index()).collect();
        assert_eq!(seats, vec![0, 1, 0, 1, 0]);
    }

    #[test]
    fn undo_takes_back_the_computer_turns_after_the_persons() {
        let mut s = Session::new(
            vec!["Ann".into(), "Bot".into(), "Bot 2".into()],
            vec![None, Some(Level::Medium), Some(Level::Easy)],
            GameConfig::new(3).unwrap(),
            9,
        )
        .unwrap();
        let before = s.clone();
        let turn = s.game.legal_turns()[0];
        s.play(turn).unwrap();
        while let Some(level) = s.bot_to_move() {
            let turn = bots::choose(
                level,
                &Observation::to_move(&s.game),
                &mut majesty_rules::rng::seeded(s.bot_seed()),
            )
            .unwrap();
            s.play(turn).unwrap();
        }
        assert_eq!(s.game.turn_number(), 3);
        assert!(s.undo());
        assert_eq!(s, before);
        assert!(!s.undo(), "nothing a person played is left to take back");
    }

    #[test]
    fn the_viewer_is_the_person_to_move_or_the_next_one() {
        let mut s = Session::new(
            vec!["Bot".into(), "Ann".into(), "Bob".into()],
            vec![Some(Level::Easy), None, None],
            GameConfig::new(3).unwrap(),
            9,
        )
        .unwrap();
        let to_move = s.game.current_player();
        let expected = if to_move.is_zero() {
            to_move.next(3)
        } else {
            to_move
        };
        assert_eq!(s.viewer(), Some(expected));
        s.seats = vec![Some(Level::Easy); 3];
        assert_eq!(
            s.viewer(),
            None,
            "only computers: nobody's realm comes first"
        );
    }

    #[test]
    fn undo_can_be_turned_off() {
        let mut s = session();
        s.allow_undo = false;
        let turn = s.game.legal_turns()[0];
        s.play(turn).unwrap();
        assert!(!s.undo());
        assert_eq!(s.record.turns.len(), 1);
    }

    #[test]
    fn the_score_history_has_the_deal_then_each_turn() {
        let mut s = session();
        assert_eq!(s.score_history(), vec![vec![0, 0]]);
        for _ in 0..6 {
            let turn = *s.game.legal_turns().last().unwrap();
            s.play(turn).unwrap();
        }
        let history = s.score_history();
        assert_eq!(history.len(), 7);
        assert_eq!(history[0], vec![0, 0]);
        let now: Vec<i32> = s.game.players().iter().map(|p| p.score()).collect();
        assert_eq!(history.last(), Some(&now));
        // Each row adds the points the turn's events gave.
        for (entry, rows) in s.log.iter().zip(history.windows(2)) {
            for (seat, (after, before)) in s.game.config().seats().zip(rows[1].iter().zip(&rows[0]))
            {
                let gained: i32 = entry.events.iter().map(|e| e.points_for(seat)).sum();
                assert_eq!(*after, before + gained, "turn {}", entry.number);
            }
        }
        // A resumed record has the same history.
        let resumed = Session::from_record(s.record.clone(), s.seats.clone()).unwrap();
        assert_eq!(resumed.score_history(), history);
        assert!(s.undo());
        assert_eq!(s.score_history(), history[..6].to_vec());
    }

    #[test]
    fn a_finished_games_history_ends_at_the_points_before_final_scoring() {
        let mut s = session();
        while !s.game.is_over() {
            let turn = s.game.legal_turns()[0];
            s.play(turn).unwrap();
        }
        let history = s.score_history();
        assert_eq!(history.len(), s.game.config().total_turns() + 1);
        let before: Vec<i32> = s
            .game
            .result()
            .unwrap()
            .players
            .iter()
            .map(|p| p.before)
            .collect();
        assert_eq!(history.last(), Some(&before));
    }
}
