//! A game being played in the app: its record (what gets saved), the engine's
//! state and the log of every turn's events. No rule is decided here.

use majesty_rules::{Event, Game, GameConfig, GameRecord, RecordError, Turn, TurnError};

/// One turn of the log: who played it and what the engine said happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// 1-based turn number.
    pub number: usize,
    pub seat: usize,
    pub events: Vec<Event>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub record: GameRecord,
    pub game: Game,
    /// Oldest first.
    pub log: Vec<LogEntry>,
}

impl Session {
    /// A new game for `names` (seat order) dealt from `seed`.
    pub fn new(names: Vec<String>, config: GameConfig, seed: u64) -> Result<Session, RecordError> {
        Session::from_record(GameRecord::new(names, &config, seed))
    }

    /// Replays a record (a save, an import or a scenario) with its log.
    pub fn from_record(record: GameRecord) -> Result<Session, RecordError> {
        let mut log = Vec::with_capacity(record.turns.len());
        let mut seat = 0;
        let game = record.replay_with(|game, events| {
            log.push(LogEntry {
                number: game.turn_number(),
                seat,
                events: events.to_vec(),
            });
            seat = game.current_player();
        })?;
        Ok(Session { record, game, log })
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
        });
        Ok(())
    }

    /// Takes back the last turn. False when there is none.
    pub fn undo(&mut self) -> bool {
        let mut record = self.record.clone();
        if record.turns.pop().is_none() {
            return false;
        }
        match Session::from_record(record) {
            Ok(previous) => {
                *self = previous;
                true
            }
            Err(_) => false,
        }
    }

    /// What `turn` would do to every player's score, computed by the engine
    /// on a copy of the game.
    pub fn preview(&self, turn: Turn) -> Option<(Vec<i32>, Vec<Event>)> {
        let mut copy = self.game.clone();
        let events = copy.apply(turn).ok()?;
        let gains = (0..self.game.players().len())
            .map(|seat| events.iter().map(|e| e.points_for(seat)).sum())
            .collect();
        Some((gains, events))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session::new(
            vec!["Ann".into(), "Bob".into()],
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
        assert_eq!(s.log[0].seat, 0);
        assert_eq!(s.log[0].number, 1);
        assert_eq!(s.game.current_player(), 1);
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
        let resumed = Session::from_record(s.record.clone()).unwrap();
        assert_eq!(resumed, s);
        let seats: Vec<usize> = resumed.log.iter().map(|e| e.seat).collect();
        assert_eq!(seats, vec![0, 1, 0, 1, 0]);
    }

    #[test]
    fn preview_reports_points_without_playing() {
        let s = session();
        let turn = s.game.legal_turns()[0];
        let (gains, events) = s.preview(turn).unwrap();
        assert_eq!(s.game.turn_number(), 0);
        assert_eq!(gains.len(), 2);
        assert!(!events.is_empty());
    }
}
