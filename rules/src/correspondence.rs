//! Play by link (correspondence): a game passed from device to device as a
//! link, each device playing its own seat. No server: the link is the game.
//!
//! A link carries a [`LinkGame`]: a game id, the seeded set-up and every
//! turn so far, and a digest of all of it. [`LinkGame::encode`] writes it in
//! a compact binary form (one byte for most turns; a whole 4-player game is
//! about 100 bytes) that the app puts in base64url; [`LinkGame::decode`]
//! reads it back, refusing anything damaged (a digest that does not match, a
//! turn that does not replay). [`compare`] says how a link stands to the
//! game a device already has: the same, older (stale), newer, or a different
//! continuation (a fork), which is never merged.
//!
//! Format 1, all integers little-endian:
//!
//! ```text
//! 1                     format
//! id: u64               the game id (random, chosen by the host)
//! digest: u64           FNV-1a 64 of every byte after it
//! n: u8, n × name       players in seat order, each a length byte and UTF-8
//! sides: u8             bit i set: location i+1 on side B
//! flags: u8             bit 0: full deck; bit 1: meeple tiebreak; bit 2: hints used
//! first: u8             the seat that moves first
//! seed: u64             the deal
//! t: u8, t × turn       turns: take (bits 0–2), placed character (bits
//!                       3–5), a heal byte follows (bit 6), a trade byte,
//!                       i8, follows (bit 7)
//! ```
//!
//! What a link reveals: everything needed to deal the game, the seed
//! included, so a determined player can compute the order of the deck and
//! every Infirmary from it. Keeping it hidden without a server would need
//! every player to take part in every card drawn (mental poker), far more
//! than one link per turn.

use std::fmt;
use std::hash::Hasher;

use fnv::FnvHasher;

use crate::card::Character;
use crate::config::{DeckVariant, Side, Sides};
use crate::record::{GameRecord, RecordError, RECORD_VERSION};
use crate::seat::Seat;
use crate::turn::Turn;

/// The link format written now.
pub const LINK_FORMAT: u8 = 1;

/// A game as a link carries it: its id and its record (seeded, every turn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkGame {
    /// The game id: random, chosen by the host, the same on every device.
    pub id: u64,
    /// The game: a seeded set-up and every turn so far (its notes do not go
    /// in the link).
    pub record: GameRecord,
}

/// Why a link's game cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The link ends before its game does (cut off when copied).
    Truncated,
    /// Made by a newer version of the game.
    NewerFormat(u8),
    /// The digest does not match: the link was changed or damaged.
    Damaged,
    /// A name is not UTF-8, a character or a seat out of range, bytes left
    /// over: not a link this game wrote.
    Malformed,
    /// The game in it does not replay (a turn is illegal).
    Record(RecordError),
    /// Only seeded games go by link (not a record with an explicit deck).
    NoSeed,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Truncated => write!(f, "the link is cut off"),
            LinkError::NewerFormat(v) => write!(f, "made by a newer version (format {v})"),
            LinkError::Damaged => write!(f, "the link was changed or damaged"),
            LinkError::Malformed => write!(f, "not a game link"),
            LinkError::Record(e) => write!(f, "{e}"),
            LinkError::NoSeed => write!(f, "only a seeded game can go by link"),
        }
    }
}

/// How a link stands to the game this device has (the same id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Continuity {
    /// Another game (another id): both are kept.
    OtherGame,
    /// The same turns.
    Same,
    /// The link is older: its turns are the first of ours.
    Stale {
        /// Turns in the game on this device.
        have: usize,
        /// Turns in the link.
        link: usize,
    },
    /// The link goes on from ours: ours are its first turns.
    Newer {
        /// Turns in the game on this device.
        have: usize,
        /// Turns in the link.
        link: usize,
    },
    /// The same game continued differently after `common` turns (or set up
    /// differently under the same id: `common` 0).
    Fork {
        /// Turns both have in common, from the first.
        common: usize,
        /// Turns in the game on this device.
        have: usize,
        /// Turns in the link.
        link: usize,
    },
}

/// How `link` stands to `have`, the game kept on this device.
pub fn compare(have: &LinkGame, link: &LinkGame) -> Continuity {
    if have.id != link.id {
        return Continuity::OtherGame;
    }
    let (ours, theirs) = (&have.record.turns, &link.record.turns);
    let (h, l) = (ours.len(), theirs.len());
    let setup = |r: &GameRecord| GameRecord {
        turns: Vec::new(),
        ..r.clone()
    };
    if setup(&have.record) != setup(&link.record) {
        return Continuity::Fork {
            common: 0,
            have: h,
            link: l,
        };
    }
    let common = ours.iter().zip(theirs).take_while(|(a, b)| a == b).count();
    match (common == h, common == l) {
        (true, true) => Continuity::Same,
        (false, true) => Continuity::Stale { have: h, link: l },
        (true, false) => Continuity::Newer { have: h, link: l },
        (false, false) => Continuity::Fork {
            common,
            have: h,
            link: l,
        },
    }
}

impl LinkGame {
    /// The game's link bytes (format [`LINK_FORMAT`]).
    pub fn encode(&self) -> Result<Vec<u8>, LinkError> {
        let r = &self.record;
        let seed = r
            .seed
            // A position set up by hand has no place in these bytes.
            .filter(|_| r.cards.is_none() && r.start.is_none())
            .ok_or(LinkError::NoSeed)?;
        let mut body = vec![r.players.len() as u8];
        for name in &r.players {
            // Names are short (the setup allows 20 characters); a longer
            // one is cut at a character boundary to fit its length byte.
            let mut end = name.len().min(255);
            while !name.is_char_boundary(end) {
                end -= 1;
            }
            body.push(end as u8);
            body.extend_from_slice(&name.as_bytes()[..end]);
        }
        let sides = r.sides.0.iter().enumerate();
        body.push(sides.fold(0, |bits, (i, s)| bits | (u8::from(*s == Side::B) << i)));
        body.push(
            u8::from(r.deck == DeckVariant::Full)
                | (u8::from(r.meeple_tiebreak) << 1)
                | (u8::from(r.hints_used) << 2),
        );
        body.push(r.first_player.index() as u8);
        body.extend_from_slice(&seed.to_le_bytes());
        body.push(r.turns.len() as u8);
        for turn in &r.turns {
            encode_turn(turn, &mut body);
        }
        let mut bytes = vec![LINK_FORMAT];
        bytes.extend_from_slice(&self.id.to_le_bytes());
        bytes.extend_from_slice(&digest(&body).to_le_bytes());
        bytes.extend_from_slice(&body);
        Ok(bytes)
    }

    /// Reads a link's bytes: the game, checked against its digest and
    /// replayed turn by turn.
    pub fn decode(bytes: &[u8]) -> Result<LinkGame, LinkError> {
        let mut r = Reader(bytes);
        match r.byte()? {
            LINK_FORMAT => {}
            v if v > LINK_FORMAT => return Err(LinkError::NewerFormat(v)),
            _ => return Err(LinkError::Malformed),
        }
        let id = r.u64()?;
        let expected = r.u64()?;
        if digest(r.0) != expected {
            // A cut-off link is told as such, not as a changed one.
            return Err(if r.0.len() < 12 {
                LinkError::Truncated
            } else {
                LinkError::Damaged
            });
        }
        let count = r.byte()? as usize;
        let players = (0..count)
            .map(|_| {
                let len = r.byte()? as usize;
                String::from_utf8(r.take(len)?.to_vec()).map_err(|_| LinkError::Malformed)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let side_bits = r.byte()?;
        let mut sides = Sides::ALL_A;
        for (i, side) in sides.0.iter_mut().enumerate() {
            if side_bits & (1 << i) != 0 {
                *side = Side::B;
            }
        }
        let flags = r.byte()?;
        let first_player = Seat::new(r.byte()?.into()).ok_or(LinkError::Malformed)?;
        let seed = r.u64()?;
        let turns = (0..r.byte()?)
            .map(|_| decode_turn(&mut r))
            .collect::<Result<Vec<_>, _>>()?;
        if !r.0.is_empty() {
            return Err(LinkError::Malformed);
        }
        let record = GameRecord {
            version: RECORD_VERSION,
            players,
            sides,
            deck: if flags & 1 != 0 {
                DeckVariant::Full
            } else {
                DeckVariant::Standard
            },
            seed: Some(seed),
            cards: None,
            backs: None,
            meeple_tiebreak: flags & 2 != 0,
            hints_used: flags & 4 != 0,
            start: None,
            first_player,
            turns,
            notes: Default::default(),
        };
        record.check_turn_count().map_err(LinkError::Record)?;
        record.replay().map_err(LinkError::Record)?;
        Ok(LinkGame { id, record })
    }

    /// A short mark of the game's turns so far, to show beside a turn
    /// number (the first 16 bits of the digest, in hex).
    pub fn mark(&self) -> String {
        match self.encode() {
            Ok(bytes) => format!("{:02x}{:02x}", bytes[16], bytes[15]),
            Err(_) => String::new(),
        }
    }
}

/// FNV-1a, 64 bits: the same on every platform, and any changed byte
/// changes it (not a signature: anyone can write a matching one).
fn digest(bytes: &[u8]) -> u64 {
    let mut hasher = FnvHasher::default();
    hasher.write(bytes);
    hasher.finish()
}

fn encode_turn(turn: &Turn, out: &mut Vec<u8>) {
    let heal = turn.heal.map(|c| c as u8);
    let first = (turn.take as u8 & 0b111)
        | ((turn.place as u8) << 3)
        | (u8::from(heal.is_some()) << 6)
        | (u8::from(turn.trade != 0) << 7);
    out.push(first);
    out.extend(heal);
    if turn.trade != 0 {
        out.push(turn.trade as i8 as u8);
    }
}

fn decode_turn(r: &mut Reader) -> Result<Turn, LinkError> {
    let first = r.byte()?;
    let character = |index: u8| Character::from_index(index as usize).ok_or(LinkError::Malformed);
    let mut turn = Turn::new((first & 0b111) as usize, character((first >> 3) & 0b111)?);
    if first & (1 << 6) != 0 {
        turn = turn.healing(character(r.byte()?)?);
    }
    if first & (1 << 7) != 0 {
        turn = turn.trading(i32::from(r.byte()? as i8));
    }
    Ok(turn)
}

/// Bytes read from the front; running out is [`LinkError::Truncated`].
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], LinkError> {
        if self.0.len() < n {
            return Err(LinkError::Truncated);
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, LinkError> {
        Ok(self.take(1)?[0])
    }

    fn u64(&mut self) -> Result<u64, LinkError> {
        let mut b = [0; 8];
        b.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::GameConfig;
    use crate::simulate::random_turn;

    /// A game of `n` players played `turns` random turns.
    fn played(n: usize, turns: usize, seed: u64) -> LinkGame {
        let config = GameConfig::new(n)
            .unwrap()
            .with_sides("ABABBBAB".parse().unwrap())
            .with_first_player(Seat::new(1).unwrap())
            .unwrap();
        let names = ["Ann", "Bob", "Cléo", "Dü"][..n]
            .iter()
            .map(|s| s.to_string());
        let mut record = GameRecord::new(names.collect(), &config, seed);
        let mut game = record.start().unwrap();
        let mut rng = crate::rng::seeded(seed);
        for _ in 0..turns {
            if game.is_over() {
                break;
            }
            let turn = random_turn(&game, &mut rng, &mut Vec::new()).unwrap();
            game.apply(turn).unwrap();
            record.turns.push(turn);
        }
        LinkGame {
            id: 0xfeed_0000_1234 ^ seed,
            record,
        }
    }

    #[test]
    fn a_whole_four_player_game_round_trips_in_about_a_hundred_bytes() {
        let game = played(4, 48, 7);
        assert_eq!(game.record.turns.len(), 48);
        let bytes = game.encode().unwrap();
        assert!(bytes.len() < 130, "{} bytes", bytes.len());
        assert_eq!(LinkGame::decode(&bytes).unwrap(), game);
    }

    /// The link lengths docs/by-link.md gives: whole 4-player games (48 turns),
    /// names of 3 letters, as bytes and as base64url characters, beside the
    /// game record's JSON in base64url (a `#record=` link).
    /// `cargo test -p majesty-rules --lib link_lengths -- --nocapture`
    #[test]
    fn link_lengths_of_whole_four_player_games() {
        let (mut bytes, mut json) = (Vec::new(), Vec::new());
        for seed in 1..=20 {
            let game = played(4, 48, seed);
            bytes.push(game.encode().unwrap().len());
            json.push(game.record.to_json().len());
        }
        let b64 = |n: usize| (n * 4).div_ceil(3);
        let (min, max) = (bytes.iter().min().unwrap(), bytes.iter().max().unwrap());
        println!(
            "link bytes {min}–{max}, base64url {}–{} characters; record JSON {}–{} bytes, base64url {}–{}",
            b64(*min),
            b64(*max),
            json.iter().min().unwrap(),
            json.iter().max().unwrap(),
            b64(*json.iter().min().unwrap()),
            b64(*json.iter().max().unwrap()),
        );
        assert!(*max <= 110, "{max} bytes");
        let sample = played(4, 48, 1);
        let hex: String = sample
            .encode()
            .unwrap()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        println!("sample link bytes (seed 1): {hex}");
        println!("sample record (seed 1): {}", sample.record.to_json());
    }

    #[test]
    fn heals_and_castle_trades_round_trip() {
        // Whole games of a few seeds, Castle and Infirmary on side B,
        // medium choosing: whatever turns they hold come back the same.
        for seed in 0..20 {
            let game = played(3, 36, seed);
            assert_eq!(LinkGame::decode(&game.encode().unwrap()).unwrap(), game);
        }
        let mut turn = Turn::new(5, Character::Noble).trading(-3);
        turn.heal = Some(Character::Knight);
        let mut bytes = Vec::new();
        encode_turn(&turn, &mut bytes);
        assert_eq!(decode_turn(&mut Reader(&bytes)).unwrap(), turn);
    }

    #[test]
    fn a_changed_or_cut_link_is_refused_never_read_as_another_game() {
        let bytes = played(2, 10, 3).encode().unwrap();
        for i in 0..bytes.len() {
            let mut changed = bytes.clone();
            changed[i] ^= 0x10;
            assert!(LinkGame::decode(&changed).is_err() || i < 9, "byte {i}");
            assert!(LinkGame::decode(&bytes[..i]).is_err(), "cut at {i}");
        }
        let mut newer = bytes.clone();
        newer[0] = 9;
        assert_eq!(LinkGame::decode(&newer), Err(LinkError::NewerFormat(9)));
    }

    #[test]
    fn a_link_with_an_illegal_turn_is_refused_with_its_number() {
        let mut game = played(2, 4, 5);
        // Space 5 costs 5 meeples; nobody has them on turn 5.
        game.record.turns.push(Turn::new(5, Character::Miller));
        let bytes = game.encode().unwrap();
        assert!(matches!(
            LinkGame::decode(&bytes),
            Err(LinkError::Record(RecordError::Turn { turn: 5, .. }))
        ));
    }

    #[test]
    fn continuity_same_stale_newer_fork_and_other_game() {
        let full = played(2, 14, 11);
        let mut older = full.clone();
        older.record.turns.truncate(9);
        assert_eq!(compare(&full, &full), Continuity::Same);
        assert_eq!(
            compare(&full, &older),
            Continuity::Stale { have: 14, link: 9 }
        );
        assert_eq!(
            compare(&older, &full),
            Continuity::Newer { have: 9, link: 14 }
        );
        // Turn 10 played another way.
        let mut other = older.clone();
        let game = other.record.replay().unwrap();
        let different = game
            .legal_turns()
            .into_iter()
            .find(|t| *t != full.record.turns[9])
            .unwrap();
        other.record.turns.push(different);
        assert_eq!(
            compare(&full, &other),
            Continuity::Fork {
                common: 9,
                have: 14,
                link: 10
            }
        );
        let mut renamed = full.clone();
        renamed.record.players[0] = "Eve".into();
        assert!(matches!(
            compare(&full, &renamed),
            Continuity::Fork { common: 0, .. }
        ));
        let mut another = full.clone();
        another.id += 1;
        assert_eq!(compare(&full, &another), Continuity::OtherGame);
    }

    #[test]
    fn the_mark_follows_the_turns() {
        let a = played(2, 3, 1);
        let mut b = a.clone();
        b.record.turns.pop();
        assert_eq!(a.mark().len(), 4);
        assert_ne!(a.mark(), b.mark());
        assert_eq!(a.mark(), a.clone().mark());
    }
}
