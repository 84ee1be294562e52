//! Play live: the messages the host and the guests exchange over their data
//! channels, and what each side decides on receiving one. Pure: no browser
//! here (the channels are rtc.rs, the adapter mod.rs).
//!
//! The host's engine is the authority. A guest proposes a turn; the host
//! checks it ([`judge`]) and, if legal, plays it and tells everyone
//! ([`Message::Played`], with the digest of the whole game after it); each
//! guest plays it with its own engine and checks the digest
//! ([`follow`]). A turn that is refused, or a message that does not fit,
//! changes nothing, and its sender is told why. A guest that comes back
//! says how far it got ([`Message::Hello`]); the host sends the turns it
//! misses, or the whole game if it went astray ([`greet`]).
//!
//! Every message carries the live game's id ([`write`], [`read`]): one for
//! another game is refused ([`Refusal::OtherGame`]), never judged against
//! the game at hand. A device leaving the game says so ([`Message::Left`]);
//! the host tells the guests who is at the table ([`Message::Table`]), so
//! that every device can say in words whom the game waits for ([`holds_up`]).

use majesty_rules::correspondence::LinkGame;
use majesty_rules::{Character, Turn, TurnError};
use serde_json::Value;

use crate::model::link::{base64url_decode, base64url_encode};

/// The protocol's version, carried by `hello` and `welcome` (2: every
/// message carries the game's id; `left` and `table`).
pub const PROTOCOL: u32 = 2;
/// Messages longer than this are refused unread (a whole game is ~200).
pub const MAX_MESSAGE: usize = 4096;

/// One message on a data channel: a JSON object whose `type` is the
/// variant's name in snake case, its fields as named here, a turn as in a
/// game record. (Written and read through `serde_json::Value` by hand: a
/// derived reader of tagged enums costs the page about 60 KB of code.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// Guest → host, when the channel opens: the game it has (if any) and
    /// how far: its turn count and the digest of its game.
    Hello {
        version: u32,
        id: String,
        turns: usize,
        digest: String,
    },
    /// Host → guest: its seat and the whole game (a link's bytes in
    /// base64url, `majesty_rules::correspondence`).
    Welcome {
        version: u32,
        seat: usize,
        game: String,
    },
    /// Host → guest: the turns after the guest's `from`, and the digest
    /// after them.
    Catchup {
        from: usize,
        turns: Vec<Turn>,
        digest: String,
    },
    /// Guest → host: the turn it plays after `after` turns.
    Propose { after: usize, turn: Turn },
    /// Host → everyone: turn `number` (1-based) was played; the digest of
    /// the game after it.
    Played {
        number: usize,
        turn: Turn,
        digest: String,
    },
    /// Either way: the last message was refused, and why.
    Refused { reason: Refusal },
    /// Either way: this device leaves the game (another game opened, the
    /// home screen, the page closed); its connection closes next.
    Left,
    /// Host → guests: who is at the table besides the host (seat `host`):
    /// the seats not connected (`away`) and those that left (`left`).
    Table {
        host: usize,
        away: Vec<usize>,
        left: Vec<usize>,
    },
}

/// How one connection stands: the host's to a guest's seat, or a guest's
/// to the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Making the offer or the answer (gathering candidates).
    Preparing,
    /// The offer or the answer is ready to pass on (its link).
    Ready(String),
    /// The answer was taken; the channel is not open yet.
    Connecting,
    Connected,
    /// The connection is interrupted; it may come back by itself.
    Interrupted,
    Lost,
    /// The other side said it left the game.
    Left,
    Failed(String),
}

impl Status {
    /// How the seat at the other end stands at the table.
    pub fn presence(&self) -> Presence {
        match self {
            Status::Connected => Presence::Here,
            Status::Left => Presence::Left,
            _ => Presence::Away,
        }
    }
}

/// What the browser reports of a connection, its messages aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The data channel opened.
    Open,
    /// The channel closed, or the connection failed: the peer is gone.
    Closed,
    /// The connection is interrupted (ICE `disconnected`).
    Unsteady,
    /// The connection is up again.
    Steady,
}

/// What `change` makes of a connection that stands `now` (None: no
/// change). A peer that said it left stays so when its connection then
/// closes; an interruption is one only of a connected link.
pub fn after(now: Option<&Status>, change: Change) -> Option<Status> {
    match (now, change) {
        (_, Change::Open) => Some(Status::Connected),
        (Some(Status::Left), _) => None,
        (_, Change::Closed) => Some(Status::Lost),
        (Some(Status::Connected), Change::Unsteady) => Some(Status::Interrupted),
        (Some(Status::Interrupted), Change::Steady) => Some(Status::Connected),
        _ => None,
    }
}

/// How a seat stands at a live table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    Here,
    /// Not connected: not yet, or its connection dropped.
    Away,
    /// It said it left the game.
    Left,
}

/// Why a message changed nothing (on the wire: `{"why": "<snake case>", …}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not the sender's turn: `seat` is to move.
    NotYourTurn { seat: usize },
    /// The sender is not at the turn the host is at.
    OutOfStep { have: usize, sent: usize },
    /// The engine refuses the turn (the proposer finds out why with its
    /// own engine: [`why_illegal`]).
    Illegal,
    /// The game is over.
    GameOver,
    /// After the turn, the game here is not the game the host described:
    /// this device asks for the whole game again.
    DigestMismatch,
    /// Not a message of this game (unreadable, too long, another game).
    Unreadable,
    /// A newer version of the protocol.
    NewerVersion { version: u32 },
    /// An older version of the protocol (its page needs reloading).
    OlderVersion { version: u32 },
    /// A message of another game than the one live here.
    OtherGame,
}

impl Message {
    /// The message as sent for live game `game`: its id goes first.
    pub fn to_text(&self, game: u64) -> String {
        let body = self.body();
        format!(r#"{{"game_id":"{}",{}"#, id_text(game), &body[1..])
    }

    /// The JSON object without the game's id.
    fn body(&self) -> String {
        match self {
            Message::Hello {
                version,
                id,
                turns,
                digest,
            } => format!(
                r#"{{"type":"hello","version":{version},"id":{},"turns":{turns},"digest":{}}}"#,
                quoted(id),
                quoted(digest)
            ),
            Message::Welcome {
                version,
                seat,
                game,
            } => format!(
                r#"{{"type":"welcome","version":{version},"seat":{seat},"game":{}}}"#,
                quoted(game)
            ),
            Message::Catchup {
                from,
                turns,
                digest,
            } => {
                let turns: Vec<String> = turns.iter().map(turn_text).collect();
                format!(
                    r#"{{"type":"catchup","from":{from},"turns":[{}],"digest":{}}}"#,
                    turns.join(","),
                    quoted(digest)
                )
            }
            Message::Propose { after, turn } => format!(
                r#"{{"type":"propose","after":{after},"turn":{}}}"#,
                turn_text(turn)
            ),
            Message::Played {
                number,
                turn,
                digest,
            } => format!(
                r#"{{"type":"played","number":{number},"turn":{},"digest":{}}}"#,
                turn_text(turn),
                quoted(digest)
            ),
            Message::Refused { reason } => {
                format!(r#"{{"type":"refused","reason":{}}}"#, refusal_json(reason))
            }
            Message::Left => r#"{"type":"left"}"#.into(),
            Message::Table { host, away, left } => {
                format!(r#"{{"type":"table","host":{host},"away":{away:?},"left":{left:?}}}"#)
            }
        }
    }
}

/// A received text as a message of live game `game`: a message without the
/// game's id is from an older version (if it says so) or unreadable, one
/// with another game's id is [`Refusal::OtherGame`].
pub fn read(text: &str, game: u64) -> Result<Message, Refusal> {
    if text.len() > MAX_MESSAGE {
        return Err(Refusal::Unreadable);
    }
    let v: Value = serde_json::from_str(text).map_err(|_| Refusal::Unreadable)?;
    match v.get("game_id").and_then(Value::as_str) {
        Some(id) if id == id_text(game) => read_message(&v).ok_or(Refusal::Unreadable),
        Some(_) => Err(Refusal::OtherGame),
        None => match v.get("version").and_then(Value::as_u64) {
            Some(version) if version < u64::from(PROTOCOL) => Err(Refusal::OlderVersion {
                version: version as u32,
            }),
            _ => Err(Refusal::Unreadable),
        },
    }
}

/// Whether a refusal may answer `message` (never a refusal or a goodbye:
/// two devices would refuse each other's refusals for ever).
pub fn answerable(message: &Result<Message, Refusal>) -> bool {
    !matches!(message, Ok(Message::Refused { .. } | Message::Left))
}

/// What the host tells the guests of `seats` (every seat but the host's,
/// with how it stands).
pub fn table(host: usize, seats: &[(usize, Presence)]) -> Message {
    let with = |p: Presence| {
        seats
            .iter()
            .filter(|(_, q)| *q == p)
            .map(|(s, _)| *s)
            .collect()
    };
    Message::Table {
        host,
        away: with(Presence::Away),
        left: with(Presence::Left),
    }
}

/// How `seat` stands according to a host's table (`Here` if it is not
/// named).
pub fn presence_in(table: &Message, seat: usize) -> Presence {
    match table {
        Message::Table { left, .. } if left.contains(&seat) => Presence::Left,
        Message::Table { away, .. } if away.contains(&seat) => Presence::Away,
        _ => Presence::Here,
    }
}

/// Whom the game waits for in vain, if anyone: on a guest, the host when
/// its link to the host is not `Here` (no turn can go anywhere); else, on
/// any device, the player to move (`mover`) when it is not at the table.
/// `link` is a guest's link to the host (None on the host), `presence` how
/// a seat stands as this device knows it.
pub fn holds_up(
    mover: Option<usize>,
    host: usize,
    link: Option<Presence>,
    presence: impl Fn(usize) -> Presence,
) -> Option<(usize, Presence)> {
    match link {
        Some(p) if p != Presence::Here => return Some((host, p)),
        _ => {}
    }
    let mover = mover?;
    let p = presence(mover);
    (p != Presence::Here).then_some((mover, p))
}

fn read_message(v: &Value) -> Option<Message> {
    let number = |key: &str| v.get(key)?.as_u64().map(|n| n as usize);
    let text = |key: &str| v.get(key)?.as_str().map(str::to_string);
    Some(match v.get("type")?.as_str()? {
        "hello" => Message::Hello {
            version: number("version")? as u32,
            id: text("id")?,
            turns: number("turns")?,
            digest: text("digest")?,
        },
        "welcome" => Message::Welcome {
            version: number("version")? as u32,
            seat: number("seat")?,
            game: text("game")?,
        },
        "catchup" => Message::Catchup {
            from: number("from")?,
            turns: v
                .get("turns")?
                .as_array()?
                .iter()
                .map(read_turn)
                .collect::<Option<_>>()?,
            digest: text("digest")?,
        },
        "propose" => Message::Propose {
            after: number("after")?,
            turn: read_turn(v.get("turn")?)?,
        },
        "played" => Message::Played {
            number: number("number")?,
            turn: read_turn(v.get("turn")?)?,
            digest: text("digest")?,
        },
        "refused" => Message::Refused {
            reason: read_refusal(v.get("reason")?)?,
        },
        "left" => Message::Left,
        "table" => {
            let seats = |key: &str| -> Option<Vec<usize>> {
                v.get(key)?
                    .as_array()?
                    .iter()
                    .map(|s| s.as_u64().map(|s| s as usize))
                    .collect()
            };
            Message::Table {
                host: number("host")?,
                away: seats("away")?,
                left: seats("left")?,
            }
        }
        _ => return None,
    })
}

/// A JSON string (quoted and escaped).
fn quoted(text: &str) -> String {
    Value::from(text).to_string()
}

/// A turn as a game record writes it: `take`, `place`, and `heal`,
/// `trade` when it has them.
fn turn_text(turn: &Turn) -> String {
    let mut text = format!(r#"{{"take":{},"place":"{}""#, turn.take, turn.place.name());
    if let Some(heal) = turn.heal {
        text.push_str(&format!(r#","heal":"{}""#, heal.name()));
    }
    if turn.trade != 0 {
        text.push_str(&format!(r#","trade":{}"#, turn.trade));
    }
    text + "}"
}

fn read_turn(v: &Value) -> Option<Turn> {
    let character = |key: &str| v.get(key)?.as_str()?.parse::<Character>().ok();
    let mut turn = Turn::new(v.get("take")?.as_u64()? as usize, character("place")?);
    if v.get("heal").is_some() {
        turn = turn.healing(character("heal")?);
    }
    if let Some(trade) = v.get("trade") {
        turn = turn.trading(i32::try_from(trade.as_i64()?).ok()?);
    }
    Some(turn)
}

fn refusal_json(reason: &Refusal) -> String {
    match reason {
        Refusal::NotYourTurn { seat } => format!(r#"{{"why":"not_your_turn","seat":{seat}}}"#),
        Refusal::OutOfStep { have, sent } => {
            format!(r#"{{"why":"out_of_step","have":{have},"sent":{sent}}}"#)
        }
        Refusal::Illegal => r#"{"why":"illegal"}"#.into(),
        Refusal::GameOver => r#"{"why":"game_over"}"#.into(),
        Refusal::DigestMismatch => r#"{"why":"digest_mismatch"}"#.into(),
        Refusal::Unreadable => r#"{"why":"unreadable"}"#.into(),
        Refusal::NewerVersion { version } => {
            format!(r#"{{"why":"newer_version","version":{version}}}"#)
        }
        Refusal::OlderVersion { version } => {
            format!(r#"{{"why":"older_version","version":{version}}}"#)
        }
        Refusal::OtherGame => r#"{"why":"other_game"}"#.into(),
    }
}

fn read_refusal(v: &Value) -> Option<Refusal> {
    let number = |key: &str| v.get(key)?.as_u64().map(|n| n as usize);
    Some(match v.get("why")?.as_str()? {
        "not_your_turn" => Refusal::NotYourTurn {
            seat: number("seat")?,
        },
        "out_of_step" => Refusal::OutOfStep {
            have: number("have")?,
            sent: number("sent")?,
        },
        "illegal" => Refusal::Illegal,
        "game_over" => Refusal::GameOver,
        "digest_mismatch" => Refusal::DigestMismatch,
        "newer_version" => Refusal::NewerVersion {
            version: number("version")? as u32,
        },
        "older_version" => Refusal::OlderVersion {
            version: number("version")? as u32,
        },
        "other_game" => Refusal::OtherGame,
        _ => Refusal::Unreadable,
    })
}

/// Why the engine refuses `turn` in `game` (what a proposer whose turn the
/// host refused as illegal shows); None if it does not.
pub fn why_illegal(game: &LinkGame, turn: Turn) -> Option<TurnError> {
    let mut state = game.record.replay().ok()?;
    state.apply_quiet(turn).err()
}

/// The digest of `game` (of its link bytes), in hex.
pub fn digest(game: &LinkGame) -> String {
    match game.encode() {
        Ok(bytes) => format!(
            "{:016x}",
            u64::from_le_bytes(bytes[9..17].try_into().unwrap())
        ),
        Err(_) => String::new(),
    }
}

/// The game id as messages carry it.
pub fn id_text(id: u64) -> String {
    format!("{id:016x}")
}

/// `game` with only its first `turns` turns.
pub(super) fn prefix(game: &LinkGame, turns: usize) -> LinkGame {
    let mut record = game.record.clone();
    record.turns.truncate(turns);
    LinkGame {
        id: game.id,
        record,
    }
}

/// What a guest says first: the game it has (`None`: none yet).
pub fn hello(game: Option<&LinkGame>) -> Message {
    Message::Hello {
        version: PROTOCOL,
        id: game.map(|g| id_text(g.id)).unwrap_or_default(),
        turns: game.map_or(0, |g| g.record.turns.len()),
        digest: game.map(digest).unwrap_or_default(),
    }
}

/// The host's answer to a guest's hello: the turns it misses when its game
/// is the first turns of the host's, else the whole game.
pub fn greet(host: &LinkGame, seat: usize, hello: &Message) -> Message {
    let whole = || Message::Welcome {
        version: PROTOCOL,
        seat,
        game: host
            .encode()
            .map(|b| base64url_encode(&b))
            .unwrap_or_default(),
    };
    let Message::Hello {
        id,
        turns,
        digest: theirs,
        ..
    } = hello
    else {
        return whole();
    };
    let ours = &host.record.turns;
    if *id != id_text(host.id) || *turns > ours.len() || digest(&prefix(host, *turns)) != *theirs {
        return whole();
    }
    Message::Catchup {
        from: *turns,
        turns: ours[*turns..].to_vec(),
        digest: digest(host),
    }
}

/// A welcome's game, checked (digest, every turn replayed).
pub fn welcome_game(game: &str) -> Result<LinkGame, Refusal> {
    let bytes = base64url_decode(game).ok_or(Refusal::Unreadable)?;
    LinkGame::decode(&bytes).map_err(|_| Refusal::Unreadable)
}

/// The host's verdict on a turn `seat` proposes after `after` turns.
pub fn judge(game: &LinkGame, seat: usize, after: usize, turn: Turn) -> Result<(), Refusal> {
    let have = game.record.turns.len();
    let mut state = game.record.replay().map_err(|_| Refusal::Unreadable)?;
    if state.is_over() {
        return Err(Refusal::GameOver);
    }
    if after != have {
        return Err(Refusal::OutOfStep { have, sent: after });
    }
    if state.current_player() != seat {
        return Err(Refusal::NotYourTurn {
            seat: state.current_player(),
        });
    }
    state.apply_quiet(turn).map_err(|_| Refusal::Illegal)
}

/// A guest's check of turns the host says were played after `from`: the
/// game after them, if they follow on from this device's game, are legal,
/// and end at the host's `digest`. Nothing changes otherwise.
pub fn follow(
    game: &LinkGame,
    from: usize,
    turns: &[Turn],
    expected: &str,
) -> Result<LinkGame, Refusal> {
    let have = game.record.turns.len();
    if from != have {
        return Err(Refusal::OutOfStep { have, sent: from });
    }
    let mut state = game.record.replay().map_err(|_| Refusal::Unreadable)?;
    let mut next = game.clone();
    for &turn in turns {
        state.apply_quiet(turn).map_err(|_| Refusal::Illegal)?;
        next.record.turns.push(turn);
    }
    if digest(&next) != expected {
        return Err(Refusal::DigestMismatch);
    }
    Ok(next)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use majesty_rules::{GameConfig, GameRecord};

    /// A 3-player live game (id [`LIVE`]) after `turns` turns.
    pub(crate) fn game(turns: usize) -> LinkGame {
        let config = GameConfig::new(3).unwrap();
        let names = vec!["Ann".into(), "Bob".into(), "Cid".into()];
        let mut record = GameRecord::new(names, &config, 11);
        let mut state = record.start().unwrap();
        for _ in 0..turns {
            let turn = *state.legal_turns().last().unwrap();
            state.apply(turn).unwrap();
            record.turns.push(turn);
        }
        LinkGame { id: 0x5eed, record }
    }

    /// The live game's id in these tests.
    pub(crate) const LIVE: u64 = 0x5eed;

    fn round_trip(message: Message) {
        assert_eq!(read(&message.to_text(LIVE), LIVE), Ok(message));
    }

    #[test]
    fn messages_round_trip_as_json_and_junk_is_unreadable() {
        let played = Message::Played {
            number: 4,
            turn: Turn::new(2, Character::Knight).healing(Character::Miller),
            digest: "00ff".into(),
        };
        let text = played.to_text(LIVE);
        assert!(
            text.starts_with(r#"{"game_id":"0000000000005eed","type":"played""#),
            "{text}"
        );
        assert!(
            text.contains(r#""turn":{"take":2,"place":"Knight","heal":"Miller"}"#),
            "{text}"
        );
        round_trip(played);
        round_trip(Message::Catchup {
            from: 3,
            turns: vec![Turn::new(0, Character::Noble).trading(-2)],
            digest: "ab".into(),
        });
        for reason in [
            Refusal::Illegal,
            Refusal::NotYourTurn { seat: 2 },
            Refusal::OutOfStep { have: 4, sent: 3 },
            Refusal::DigestMismatch,
            Refusal::NewerVersion { version: 2 },
            Refusal::OlderVersion { version: 1 },
            Refusal::OtherGame,
        ] {
            round_trip(Message::Refused { reason });
        }
        round_trip(hello(Some(&game(3))));
        round_trip(Message::Left);
        round_trip(Message::Table {
            host: 0,
            away: vec![2],
            left: vec![1, 3],
        });
        let cheat = r#"{"game_id":"0000000000005eed","type":"cheat"}"#;
        assert_eq!(read(cheat, LIVE), Err(Refusal::Unreadable));
        assert_eq!(read(&"x".repeat(5000), LIVE), Err(Refusal::Unreadable));
    }

    #[test]
    fn a_message_of_another_game_or_without_its_id_is_refused_unread() {
        let propose = Message::Propose {
            after: 0,
            turn: Turn::new(0, Character::Miller),
        };
        // Another game's id: refused as such, never judged.
        assert_eq!(
            read(&propose.to_text(0xbeef), LIVE),
            Err(Refusal::OtherGame)
        );
        // No id: a version 1 hello is from an older page, the rest unreadable.
        let old = r#"{"type":"hello","version":1,"id":"","turns":0,"digest":""}"#;
        assert_eq!(read(old, LIVE), Err(Refusal::OlderVersion { version: 1 }));
        let bare = r#"{"type":"propose","after":0,"turn":{"take":0,"place":"Miller"}}"#;
        assert_eq!(read(bare, LIVE), Err(Refusal::Unreadable));
        // Refusals and goodbyes are never answered with a refusal.
        assert!(answerable(&Err(Refusal::OtherGame)));
        assert!(answerable(&Ok(propose)));
        assert!(!answerable(&Ok(Message::Left)));
        assert!(!answerable(&Ok(Message::Refused {
            reason: Refusal::Illegal
        })));
    }

    #[test]
    fn a_link_is_lost_interrupted_or_left_as_the_browser_reports() {
        use Change::*;
        let connected = Some(&Status::Connected);
        assert_eq!(
            after(Some(&Status::Connecting), Open),
            Some(Status::Connected)
        );
        // The connection's own "connected" before the channel opens: no change.
        assert_eq!(after(Some(&Status::Connecting), Steady), None);
        assert_eq!(after(connected, Unsteady), Some(Status::Interrupted));
        assert_eq!(
            after(Some(&Status::Interrupted), Steady),
            Some(Status::Connected)
        );
        assert_eq!(
            after(Some(&Status::Interrupted), Closed),
            Some(Status::Lost)
        );
        assert_eq!(after(connected, Closed), Some(Status::Lost));
        // Said goodbye, then closed: it left, it was not lost.
        assert_eq!(after(Some(&Status::Left), Closed), None);
        assert_eq!(after(Some(&Status::Left), Unsteady), None);
        assert_eq!(Status::Interrupted.presence(), Presence::Away);
        assert_eq!(Status::Left.presence(), Presence::Left);
        assert_eq!(Status::Connected.presence(), Presence::Here);
    }

    #[test]
    fn the_table_says_who_is_away_and_whom_the_game_waits_for() {
        use Presence::*;
        let t = table(0, &[(1, Here), (2, Left), (3, Away)]);
        assert_eq!(
            t,
            Message::Table {
                host: 0,
                away: vec![3],
                left: vec![2],
            }
        );
        let at = |seat| presence_in(&t, seat);
        assert_eq!((at(1), at(2), at(3)), (Here, Left, Away));
        // A guest whose host left waits for the host, whoever is to move.
        assert_eq!(holds_up(Some(1), 0, Some(Left), at), Some((0, Left)));
        assert_eq!(holds_up(None, 0, Some(Away), at), Some((0, Away)));
        // Connected: the game waits only for a mover not at the table.
        assert_eq!(holds_up(Some(1), 0, Some(Here), at), None);
        assert_eq!(holds_up(Some(2), 0, Some(Here), at), Some((2, Left)));
        // The host (no link to a host) waits for a guest that dropped.
        assert_eq!(holds_up(Some(3), 0, None, at), Some((3, Away)));
        assert_eq!(holds_up(Some(0), 0, None, at), None);
        // The game is over: nobody is to move.
        assert_eq!(holds_up(None, 0, Some(Here), at), None);
    }

    #[test]
    fn the_host_accepts_only_the_movers_legal_turn_at_the_current_turn() {
        let g = game(4);
        let state = g.record.replay().unwrap();
        let mover = state.current_player();
        let legal = state.legal_turns()[0];
        assert_eq!(judge(&g, mover, 4, legal), Ok(()));
        assert_eq!(
            judge(&g, (mover + 1) % 3, 4, legal),
            Err(Refusal::NotYourTurn { seat: mover })
        );
        assert_eq!(
            judge(&g, mover, 3, legal),
            Err(Refusal::OutOfStep { have: 4, sent: 3 })
        );
        // A card beyond the display's six (rule: the six cards of the display).
        let beyond = Turn::new(6, Character::Miller);
        assert_eq!(judge(&g, mover, 4, beyond), Err(Refusal::Illegal));
        assert!(matches!(
            why_illegal(&g, beyond),
            Some(TurnError::SpaceOutOfRange { space: 6, .. })
        ));
        assert_eq!(why_illegal(&g, legal), None);
        assert_eq!(judge(&game(36), 0, 36, legal), Err(Refusal::GameOver));
    }

    #[test]
    fn a_guest_follows_legal_turns_that_end_at_the_hosts_digest() {
        let whole = game(6);
        let guest = prefix(&whole, 4);
        let turns = &whole.record.turns[4..];
        assert_eq!(follow(&guest, 4, turns, &digest(&whole)), Ok(whole.clone()));
        assert_eq!(
            follow(&guest, 4, turns, "0000000000000000"),
            Err(Refusal::DigestMismatch)
        );
        assert_eq!(
            follow(&guest, 5, turns, &digest(&whole)),
            Err(Refusal::OutOfStep { have: 4, sent: 5 })
        );
        let mut forged = turns.to_vec();
        forged[0] = Turn::new(7, Character::Noble);
        assert_eq!(
            follow(&guest, 4, &forged, &digest(&whole)),
            Err(Refusal::Illegal)
        );
    }

    #[test]
    fn a_returning_guest_gets_what_it_misses_or_the_whole_game() {
        let host = game(9);
        // Back after turn 5: turns 6 to 9.
        let back = hello(Some(&prefix(&host, 5)));
        assert_eq!(
            greet(&host, 2, &back),
            Message::Catchup {
                from: 5,
                turns: host.record.turns[5..].to_vec(),
                digest: digest(&host),
            }
        );
        // Up to date: nothing missing.
        assert!(matches!(
            greet(&host, 2, &hello(Some(&host))),
            Message::Catchup { from: 9, ref turns, .. } if turns.is_empty()
        ));
        // New, or gone astray (another turn at the first position after
        // turn 3 with a choice): the whole game.
        let astray = (3..9)
            .find_map(|k| {
                let mut astray = prefix(&host, k);
                let legal = astray.record.replay().unwrap().legal_turns();
                let other = legal.into_iter().find(|t| *t != host.record.turns[k])?;
                astray.record.turns.push(other);
                Some(astray)
            })
            .unwrap();
        for guest in [hello(None), hello(Some(&astray)), hello(Some(&game(10)))] {
            let Message::Welcome { seat, game, .. } = greet(&host, 2, &guest) else {
                panic!("{guest:?}");
            };
            assert_eq!(seat, 2);
            assert_eq!(welcome_game(&game), Ok(host.clone()));
        }
        assert_eq!(welcome_game("AAAA"), Err(Refusal::Unreadable));
    }
}
