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
use majesty_rules::rng::seeded;
use majesty_rules::seat_view::table_digest;
use majesty_rules::{Character, GameRecord, Seat, SeatView, Turn, TurnError, TurnSeen};
use serde_json::Value;

/// The protocol's version, carried by `hello` and `welcome` (2: every
/// message carries the game's id; `left` and `table`. 3: a guest is told
/// only what its seat may know, [`SeatView`], and each turn with the card
/// that refilled the display).
pub const PROTOCOL: u32 = 3;
/// Messages longer than this are refused unread (a whole 4-player view is
/// about 4 KB; one from a start position more).
pub const MAX_MESSAGE: usize = 32_768;

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
    /// Host → guest: its seat and the game as that seat may know it (no
    /// deal number, no deck order).
    Welcome {
        version: u32,
        seat: usize,
        view: Box<SeatView>,
    },
    /// Host → guest: the turns after the guest's `from` (each with its
    /// refill), and the digest after them.
    Catchup {
        from: usize,
        seen: Vec<TurnSeen>,
        digest: String,
    },
    /// Guest → host: the turn it plays after `after` turns.
    Propose { after: usize, turn: Turn },
    /// Host → everyone: turn `number` (1-based) was played (with the card
    /// that refilled the display); the digest of the table after it.
    Played {
        number: usize,
        seen: TurnSeen,
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
    /// The host, meeting by relays: nobody holds this seat yet.
    Waiting,
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
    /// Lost, and coming back by itself (a game met by relays: the other
    /// side says it is here again, or is answered, without a new link).
    Reconnecting,
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
                view,
            } => format!(
                r#"{{"type":"welcome","version":{version},"seat":{seat},"view":{}}}"#,
                json(view)
            ),
            Message::Catchup { from, seen, digest } => format!(
                r#"{{"type":"catchup","from":{from},"seen":{},"digest":{}}}"#,
                json(seen),
                quoted(digest)
            ),
            Message::Propose { after, turn } => format!(
                r#"{{"type":"propose","after":{after},"turn":{}}}"#,
                turn_text(turn)
            ),
            Message::Played {
                number,
                seen,
                digest,
            } => format!(
                r#"{{"type":"played","number":{number},"seen":{},"digest":{}}}"#,
                json(seen),
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
            view: serde_json::from_value(v.get("view")?.clone()).ok()?,
        },
        "catchup" => Message::Catchup {
            from: number("from")?,
            seen: serde_json::from_value(v.get("seen")?.clone()).ok()?,
            digest: text("digest")?,
        },
        "propose" => Message::Propose {
            after: number("after")?,
            turn: read_turn(v.get("turn")?)?,
        },
        "played" => Message::Played {
            number: number("number")?,
            seen: serde_json::from_value(v.get("seen")?.clone()).ok()?,
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

/// A value as JSON (what the rules crate's types write).
fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
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

/// The digest of the table of `game` (what every seat sees of it:
/// `majesty_rules::seat_view::table_digest`, never the deal or the deck's
/// order), in hex; empty if the game cannot be replayed.
pub fn digest(game: &LinkGame) -> String {
    game.record
        .replay()
        .map(|g| format!("{:016x}", table_digest(&g)))
        .unwrap_or_default()
}

/// The game id as messages carry it.
pub fn id_text(id: u64) -> String {
    format!("{id:016x}")
}

/// `game` with only its first `turns` turns.
pub(super) fn prefix(game: &LinkGame, turns: usize) -> LinkGame {
    LinkGame {
        id: game.id,
        record: first_turns(&game.record, turns),
    }
}

fn first_turns(record: &GameRecord, turns: usize) -> GameRecord {
    let mut record = record.clone();
    record.turns.truncate(turns);
    record
}

/// Every turn of `game` as the seats saw it (with its refill), from turn
/// `from` on.
pub fn seen_from(game: &LinkGame, from: usize) -> Vec<TurnSeen> {
    let mut seen = Vec::new();
    let turns = &game.record.turns;
    let _ = game.record.replay_with(|g, events| {
        let turn = turns[seen.len()];
        seen.push(TurnSeen::after(turn, events, g));
    });
    seen.split_off(from.min(seen.len()))
}

/// What a guest says first: the game it has (`None`: none it can go on
/// from, so the whole view is sent).
pub fn hello(game: Option<&LinkGame>) -> Message {
    Message::Hello {
        version: PROTOCOL,
        id: game.map(|g| id_text(g.id)).unwrap_or_default(),
        turns: game.map_or(0, |g| g.record.turns.len()),
        digest: game.map(digest).unwrap_or_default(),
    }
}

/// The host's answer to a guest's hello: the turns it misses when its game
/// is the first turns of the host's, else the whole game as `seat` may
/// know it.
pub fn greet(host: &LinkGame, seat: usize, hello: &Message) -> Message {
    let whole = || match Seat::new(seat).map(|s| SeatView::of(&host.record, s)) {
        Some(Ok(view)) => Message::Welcome {
            version: PROTOCOL,
            seat,
            view: Box::new(view),
        },
        _ => Message::Refused {
            reason: Refusal::Unreadable,
        },
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
    let ours = host.record.turns.len();
    if theirs.is_empty()
        || *id != id_text(host.id)
        || *turns > ours
        || digest(&prefix(host, *turns)) != *theirs
    {
        return whole();
    }
    Message::Catchup {
        from: *turns,
        seen: seen_from(host, *turns),
        digest: digest(host),
    }
}

/// A guest's game from the host's view: its record (the deck a guess
/// drawn with `filler`, never played on: each turn comes with its refill).
pub fn guest_game(view: &SeatView, filler: u64) -> Result<GameRecord, Refusal> {
    view.check().map_err(|_| Refusal::Illegal)?;
    let mut rng = seeded(filler ^ view.turns.len() as u64);
    view.record(&mut rng).map_err(|_| Refusal::Illegal)
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
    if state.current_player().index() != seat {
        return Err(Refusal::NotYourTurn {
            seat: state.current_player().index(),
        });
    }
    state.apply_quiet(turn).map_err(|_| Refusal::Illegal)
}

/// A guest's check of turns the host says were played after `from`: its
/// view with them, if they follow on from it, are legal with refills the
/// seat can believe, and lead to the host's `digest`; and the guest's game
/// just before them, whose deck now holds their refills (the turns are then
/// played on it). Nothing changes otherwise.
pub fn follow(
    view: &SeatView,
    from: usize,
    seen: &[TurnSeen],
    expected: &str,
    filler: u64,
) -> Result<(SeatView, GameRecord), Refusal> {
    let have = view.turns.len();
    if from != have {
        return Err(Refusal::OutOfStep { have, sent: from });
    }
    let mut next = view.clone();
    for &turn in seen {
        next.push(turn).map_err(|_| Refusal::Illegal)?;
    }
    let record = guest_game(&next, filler)?;
    let after = record.replay().map_err(|_| Refusal::Illegal)?;
    if format!("{:016x}", table_digest(&after)) != expected {
        return Err(Refusal::DigestMismatch);
    }
    Ok((next, first_turns(&record, from)))
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
        let host = game(4);
        let seen = seen_from(&host, 0);
        let played = Message::Played {
            number: 4,
            seen: seen[3],
            digest: "00ff".into(),
        };
        let text = played.to_text(LIVE);
        assert!(
            text.starts_with(r#"{"game_id":"0000000000005eed","type":"played""#),
            "{text}"
        );
        assert!(text.contains(r#""refill":""#), "{text}");
        round_trip(played);
        round_trip(Message::Catchup {
            from: 1,
            seen: seen[1..].to_vec(),
            digest: "ab".into(),
        });
        round_trip(greet(&host, 1, &hello(None)));
        round_trip(Message::Propose {
            after: 3,
            turn: Turn::new(0, Character::Noble).trading(-2),
        });
        round_trip(Message::Propose {
            after: 3,
            turn: Turn::new(2, Character::Knight).healing(Character::Miller),
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
        let mover = state.current_player().index();
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

    /// The guest of seat 1, told the host's game up to `turns` turns.
    fn guest_view(host: &LinkGame, turns: usize) -> SeatView {
        SeatView::of(&prefix(host, turns).record, Seat::new(1).unwrap()).unwrap()
    }

    #[test]
    fn a_guest_follows_legal_turns_that_end_at_the_hosts_digest() {
        let whole = game(6);
        let view = guest_view(&whole, 4);
        let seen = seen_from(&whole, 4);
        let (next, before) = follow(&view, 4, &seen, &digest(&whole), LIVE).unwrap();
        assert_eq!(next, guest_view(&whole, 6));
        // The game before the turns, whose deck holds their refills: played
        // on it, they lead to the host's table.
        assert_eq!(before.turns, whole.record.turns[..4]);
        let mut after = before.clone();
        after.turns.extend(seen.iter().map(|s| s.turn));
        let after = LinkGame {
            id: LIVE,
            record: after,
        };
        assert_eq!(digest(&after), digest(&whole));
        assert_eq!(
            follow(&view, 4, &seen, "0000000000000000", LIVE),
            Err(Refusal::DigestMismatch)
        );
        assert_eq!(
            follow(&view, 5, &seen, &digest(&whole), LIVE),
            Err(Refusal::OutOfStep { have: 4, sent: 5 })
        );
        let mut forged = seen.clone();
        forged[0].turn = Turn::new(7, Character::Noble);
        assert_eq!(
            follow(&view, 4, &forged, &digest(&whole), LIVE),
            Err(Refusal::Illegal)
        );
        // A refill the seat cannot believe (a card it saw turned up as the
        // display's, when the box holds no other).
        let mut forged = seen.clone();
        forged[0].refill = None;
        assert_eq!(
            follow(&view, 4, &forged, &digest(&whole), LIVE),
            Err(Refusal::Illegal)
        );
    }

    #[test]
    fn a_returning_guest_gets_what_it_misses_or_the_whole_view() {
        let host = game(9);
        // Back after turn 5: turns 6 to 9, with their refills.
        let guest = |turns| LinkGame {
            id: LIVE,
            record: guest_game(&guest_view(&host, turns), LIVE).unwrap(),
        };
        let back = hello(Some(&guest(5)));
        assert_eq!(
            greet(&host, 1, &back),
            Message::Catchup {
                from: 5,
                seen: seen_from(&host, 5),
                digest: digest(&host),
            }
        );
        // Up to date: nothing missing.
        assert!(matches!(
            greet(&host, 1, &hello(Some(&guest(9)))),
            Message::Catchup { from: 9, ref seen, .. } if seen.is_empty()
        ));
        // New, or gone astray (another turn at the first position after
        // turn 3 with a choice): the whole view.
        let astray = (3..9)
            .find_map(|k| {
                let mut astray = guest(k);
                let legal = astray.record.replay().unwrap().legal_turns();
                let other = legal.into_iter().find(|t| *t != host.record.turns[k])?;
                astray.record.turns.push(other);
                Some(astray)
            })
            .unwrap();
        for hello in [hello(None), hello(Some(&astray)), hello(Some(&game(10)))] {
            let Message::Welcome { seat, view, .. } = greet(&host, 1, &hello) else {
                panic!("{hello:?}");
            };
            assert_eq!(seat, 1);
            assert_eq!(*view, guest_view(&host, 9));
        }
    }

    #[test]
    fn a_guest_is_never_sent_the_deal_number_or_a_face_down_card() {
        let host = game(5);
        let seed = host.record.seed.unwrap();
        let welcome = greet(&host, 2, &hello(None)).to_text(LIVE);
        let played = Message::Played {
            number: 5,
            seen: *seen_from(&host, 4).last().unwrap(),
            digest: digest(&host),
        }
        .to_text(LIVE);
        for text in [&welcome, &played] {
            assert!(!text.contains(&seed.to_string()), "{text}");
            assert!(!text.contains("seed"), "{text}");
        }
        // What it names of the cards: the opening display and each refill
        // (the rules' tests count them against the deck:
        // rules/tests/seat_view.rs).
        let Message::Welcome { view, .. } = greet(&host, 2, &hello(None)) else {
            panic!("{welcome}");
        };
        assert_eq!(view.display.len(), 6);
        assert_eq!(view.turns.len(), 5);
        assert!(view.turns.iter().all(|t| t.refill.is_some()));
    }
}
