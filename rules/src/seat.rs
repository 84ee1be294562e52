//! A seat at the table: one of a game's 2 to 4 players ("Setup" step 1),
//! counted from 0 in seat order, the order of play ("A turn" step 5).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The most seats at a table: a game has 2, 3 or 4 players (the
/// configuration's `MAX_PLAYERS`).
pub(crate) const SEATS: usize = 4;

/// One of the seats 0 to 3: no game has more than 4 players, so no other
/// seat can be made. Whether a game of fewer players has it is the game's
/// to check. Written as its plain number, in JSON and in text.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(try_from = "usize", into = "usize")]
pub struct Seat(u8);

impl Seat {
    /// Seat `index`, if a game can have it (0 to 3).
    pub const fn new(index: usize) -> Option<Seat> {
        if index < SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat's place in seat order, from 0: its player in a list of
    /// players.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seats of a game of `players`, in seat order (at most 4).
    pub fn all(
        players: usize,
    ) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + Clone {
        (0..players.min(SEATS) as u8).map(Seat)
    }

    /// The seat `turns` turns after this one in a game of `players`: play
    /// goes round the table in seat order ("A turn" step 5).
    ///
    /// # Panics
    ///
    /// When `players` is 0.
    pub fn after(self, turns: usize, players: usize) -> Seat {
        let players = players.min(SEATS);
        Seat(((self.index() + turns % players) % players) as u8)
    }

    /// The seat that plays after this one in a game of `players`.
    pub fn next(self, players: usize) -> Seat {
        self.after(1, players)
    }

    /// The seat `turns` turns before this one in a game of `players`.
    pub fn before(self, turns: usize, players: usize) -> Seat {
        let players = players.min(SEATS);
        self.after(players - turns % players, players)
    }

    /// Whether this is seat 0 (the first player unless one is chosen).
    pub fn is_zero(&self) -> bool {
        self.0 == 0
    }
}

impl From<Seat> for usize {
    fn from(seat: Seat) -> usize {
        seat.index()
    }
}

impl TryFrom<usize> for Seat {
    type Error = NoSuchSeat;
    fn try_from(index: usize) -> Result<Seat, NoSuchSeat> {
        Seat::new(index).ok_or(NoSuchSeat(index))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// A number that is no seat of any game: 4 or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSuchSeat(pub usize);

impl fmt::Display for NoSuchSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no seat {}: a game has at most {} players, seats 0 to {}",
            self.0,
            SEATS,
            SEATS - 1
        )
    }
}

impl std::error::Error for NoSuchSeat {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_has_seats_0_to_3() {
        // "Setup" step 1: 2, 3 or 4 players.
        assert_eq!(Seat::new(3).map(Seat::index), Some(3));
        assert_eq!(Seat::new(4), None);
        assert_eq!(Seat::try_from(4), Err(NoSuchSeat(4)));
        assert_eq!(Seat::try_from(2).map(usize::from), Ok(2));
        let seats: Vec<usize> = Seat::all(3).map(Seat::index).collect();
        assert_eq!(seats, [0, 1, 2]);
        assert_eq!(Seat::all(9).len(), SEATS);
    }

    #[test]
    fn play_goes_round_the_table_in_seat_order() {
        // "A turn" step 5.
        let seat = |i| Seat::new(i).unwrap();
        assert_eq!(seat(1).next(3), seat(2));
        assert_eq!(seat(2).next(3), seat(0));
        assert_eq!(seat(3).after(6, 4), seat(1));
        assert_eq!(seat(0).before(1, 2), seat(1));
        assert_eq!(seat(1).before(5, 3), seat(2));
        assert_eq!(seat(2).before(3, 3), seat(2));
    }

    #[test]
    fn a_seat_reads_and_writes_as_its_number() {
        let seat = Seat::new(2).unwrap();
        assert_eq!(seat.to_string(), "2");
        assert_eq!(serde_json::to_string(&seat).unwrap(), "2");
        assert_eq!(serde_json::from_str::<Seat>("2").unwrap(), seat);
        assert!(Seat::default().is_zero());
    }

    #[test]
    fn a_number_that_is_no_seat_is_refused_with_the_reason() {
        let error = serde_json::from_str::<Seat>("4").unwrap_err().to_string();
        assert_eq!(
            error,
            "no seat 4: a game has at most 4 players, seats 0 to 3"
        );
        assert!(serde_json::from_str::<Seat>("-1").is_err());
        assert!(serde_json::from_str::<Seat>("\"1\"").is_err());
    }
}
