//! Play live on one device, as a state machine: what happens goes in (a
//! message, a connection's change, the person's turn, a new invitation),
//! what this device must do comes out ([`Effect`]: send, tell the person,
//! play, keep the host's game, leave). Nothing here touches a browser:
//! src/remote/live/ feeds it the connections' events and carries its
//! effects out.
//!
//! The game itself is not kept here: each transition that needs it is
//! given the live game as this device has it ([`Here`]).

use majesty_rules::correspondence::LinkGame;
use majesty_rules::{SeatView, Turn, TurnError};

use super::protocol::{
    after, answerable, follow, greet, guest_game, hello, holds_up, judge, presence_in, read,
    seen_from, table, why_illegal, Change, Message, Presence, Refusal, Status, PROTOCOL,
};

/// A connection to one seat (the host's) or to the host (a guest's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatLink {
    /// The seat at the other end (a guest's own seat for its link to the
    /// host).
    pub seat: usize,
    /// How the connection stands.
    pub status: Status,
}

/// The live game on this device: who it is, its connections, and what it
/// is waiting for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    /// Whether this device hosts the game (its engine is the authority).
    pub host: bool,
    /// The live game's id, carried by every message.
    pub id: u64,
    /// The seat this device plays.
    pub seat: usize,
    /// The host: one per guest seat. A guest: one, its link to the host.
    pub links: Vec<SeatLink>,
    /// A guest: the host's last [`Message::Table`] (who is at the table).
    pub table: Option<Message>,
    /// A guest: the turn it proposed last (to say why, if it is refused).
    proposed: Option<Turn>,
    /// Set while turns the host accepted are played here: they are not
    /// proposed again.
    applying: bool,
    /// Met by relays: a lost connection comes back by itself
    /// ([`Status::Reconnecting`], no notice), and a device closing its page
    /// is not leaving the game.
    pub rejoins: bool,
    /// The room on the relays this game is met in, as the screens show it.
    pub room: Option<super::room::RoomView>,
    /// A guest: the game as its seat may know it, from the host (none
    /// until the host's welcome).
    pub view: Option<SeatView>,
}

/// The live game as this device has it, for a transition that reads it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Here<'a> {
    /// The game being played here, if it is the live game.
    pub playing: Option<&'a LinkGame>,
    /// The live game as kept here (being played, or on the shelf).
    pub kept: Option<&'a LinkGame>,
}

/// What this device must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Send `message` on the connection to `seat` (a guest: to the host).
    Send { seat: usize, message: Message },
    /// Send `message` on every open connection.
    SendAll(Message),
    /// Tell the person.
    Notice(Notice),
    /// Play these turns here (the host accepted or announced them).
    Play(Vec<Turn>),
    /// The host's game as this seat may know it: it is the game here
    /// now, shown, played at `seat`.
    Keep { game: LinkGame, seat: usize },
    /// The game here is now this one (the same table, its deck holding the
    /// refills of the turns that follow).
    Rebase(LinkGame),
    /// The invitation is used: a reload of the page starts afresh.
    ForgetInvitation,
    /// Leave the live game (see [`Device::leave`]).
    Leave,
    /// Close every connection, after the messages before this one.
    Close,
}

/// What the person is told (the app puts it in words, with the names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The host: the connection to `seat` is lost.
    SeatLost(usize),
    /// The host: `seat` left the game.
    SeatLeft(usize),
    /// The host: `seat`'s device refused this device's message.
    TheirDeviceRefused { seat: usize, reason: Refusal },
    /// A guest: the connection to the host is lost.
    HostLost,
    /// A guest: the host left the game.
    HostLeft,
    /// A guest: the host's message did not fit, and the host is told.
    RefusedFromHost(Refusal),
    /// A guest: the host refused the turn proposed; `illegal` is why this
    /// device's engine refuses it too, when it does.
    TurnRefused {
        reason: Refusal,
        illegal: Option<TurnError>,
    },
    /// A guest: the host refused a message of this device as not of its
    /// game or protocol.
    MessageRefused(Refusal),
    /// A guest: a turn could not be proposed; `host_left` when the host
    /// left the game (else the link is down).
    NotSent { host_left: bool },
}

/// Whom a live game waits for when the mover plays on another device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// The mover, who is at the table.
    Mover(usize),
    /// The host, who is not at the table.
    Host(usize),
    /// The host: the mover left the game.
    LeftSeat(usize),
    /// The host: the mover is not connected.
    AwaySeat(usize),
    /// A guest: the mover, whom the host's table says is not at it.
    AwayGuest(usize),
}

/// A proposal's fate (see [`Device::propose`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proposal {
    /// Not for the host: the board plays the turn itself.
    PlayHere,
    /// Sent to the host (or not sendable): the board plays nothing now.
    Held(Vec<Effect>),
}

impl Device {
    /// A host of game `id`, playing `seat`, inviting every other of
    /// `seats` seats.
    pub fn hosting(id: u64, seat: usize, seats: usize) -> Device {
        let links = (0..seats)
            .filter(|&s| s != seat)
            .map(|seat| SeatLink {
                seat,
                status: Status::Preparing,
            })
            .collect();
        Device {
            host: true,
            id,
            seat,
            links,
            table: None,
            proposed: None,
            applying: false,
            rejoins: false,
            room: None,
            view: None,
        }
    }

    /// A guest invited to game `id` at `seat`, preparing its answer.
    pub fn joining(id: u64, seat: usize) -> Device {
        Device {
            host: false,
            id,
            seat,
            links: vec![SeatLink {
                seat,
                status: Status::Preparing,
            }],
            table: None,
            proposed: None,
            applying: false,
            rejoins: false,
            room: None,
            view: None,
        }
    }

    /// How the connection to `seat` stands.
    pub fn status_of(&self, seat: usize) -> Option<&Status> {
        self.links
            .iter()
            .find(|l| l.seat == seat)
            .map(|l| &l.status)
    }

    /// The connection to `seat` now stands so (an invitation prepared,
    /// ready, failed; an answer taken). The host tells every guest who is
    /// at the table when a seat's presence changes.
    pub fn set_status(&mut self, seat: usize, status: Status) -> Vec<Effect> {
        let was = self.status_of(seat).map(Status::presence);
        for link in self.links.iter_mut().filter(|l| l.seat == seat) {
            link.status = status.clone();
        }
        if self.host && was.is_some() && was != Some(status.presence()) {
            vec![Effect::SendAll(self.table_message())]
        } else {
            Vec::new()
        }
    }

    /// The host's [`Message::Table`]: who is at the table.
    fn table_message(&self) -> Message {
        let seats: Vec<(usize, Presence)> = self
            .links
            .iter()
            .map(|l| (l.seat, l.status.presence()))
            .collect();
        table(self.seat, &seats)
    }

    /// The host's seat, as a guest knows it (from the host's table).
    pub fn host_seat(&self) -> usize {
        match (self.host, &self.table) {
            (true, _) => self.seat,
            (false, Some(Message::Table { host, .. })) => *host,
            _ => 0,
        }
    }

    /// The browser reports `change` of the connection to `seat` (a guest:
    /// its link to the host).
    pub fn connection(&mut self, seat: usize, change: Change, here: Here) -> Vec<Effect> {
        let Some(mut status) = after(self.status_of(seat), change) else {
            return Vec::new();
        };
        if self.rejoins && status == Status::Lost {
            status = Status::Reconnecting;
        }
        let mut effects = Vec::new();
        if self.host {
            if status == Status::Lost {
                effects.push(Effect::Notice(Notice::SeatLost(seat)));
            }
        } else if change == Change::Open {
            // The channel opened (not a connection that steadied again).
            effects.push(Effect::ForgetInvitation);
            // (Without the host's view of it, the game kept here cannot be
            // gone on from: the whole view is asked for.)
            let kept = here.kept.filter(|_| self.view.is_some());
            effects.push(self.to_host(hello(kept)));
        } else if status == Status::Lost {
            effects.push(Effect::Notice(Notice::HostLost));
        }
        let mut told = self.set_status(seat, status);
        effects.append(&mut told);
        effects
    }

    /// A guest's connection to the host: the seat it was invited to
    /// (the host's welcome may seat it elsewhere).
    pub fn host_link(&self) -> usize {
        self.links.first().map_or(self.seat, |l| l.seat)
    }

    /// A guest's message to the host.
    fn to_host(&self, message: Message) -> Effect {
        Effect::Send {
            seat: self.host_link(),
            message,
        }
    }

    /// `text` arrived on the connection to `seat` (a guest: from the host).
    pub fn received(&mut self, seat: usize, text: &str, here: Here) -> Vec<Effect> {
        if self.host {
            self.host_receives(seat, text, here)
        } else {
            self.guest_receives(text, here)
        }
    }

    /// The host's answer to a guest's message: nothing is judged against
    /// another game than the live one.
    fn host_receives(&mut self, seat: usize, text: &str, here: Here) -> Vec<Effect> {
        let refuse = |reason| {
            vec![Effect::Send {
                seat,
                message: Message::Refused { reason },
            }]
        };
        let message = match read(text, self.id) {
            Ok(m) => m,
            Err(reason) => return refuse(reason),
        };
        // This device no longer shows the live game: it left it.
        let Some(game) = here.playing else {
            return vec![Effect::Leave];
        };
        match message {
            Message::Hello { version, .. } if version > PROTOCOL => {
                refuse(Refusal::NewerVersion { version })
            }
            // An older page would be sent what it cannot read: it is told
            // to reload.
            Message::Hello { version, .. } if version < PROTOCOL => {
                refuse(Refusal::OlderVersion { version })
            }
            hello @ Message::Hello { .. } => vec![Effect::Send {
                seat,
                message: greet(game, seat, &hello),
            }],
            Message::Propose { after, turn } => match judge(game, seat, after, turn) {
                Ok(()) => vec![Effect::Play(vec![turn])],
                Err(reason) => refuse(reason),
            },
            Message::Refused { reason } => {
                vec![Effect::Notice(Notice::TheirDeviceRefused { seat, reason })]
            }
            Message::Left => {
                let mut effects = vec![Effect::Notice(Notice::SeatLeft(seat))];
                effects.append(&mut self.set_status(seat, Status::Left));
                effects
            }
            _ => refuse(Refusal::Unreadable),
        }
    }

    /// A guest's handling of the host's message: nothing changes unless it
    /// follows on from the game here and leads to the host's digest.
    fn guest_receives(&mut self, text: &str, here: Here) -> Vec<Effect> {
        let read = read(text, self.id);
        if !answerable(&read) {
            return self.guest_hears(read, here);
        }
        let outcome = match read {
            Ok(message) => self.guest_follows(message, here),
            Err(reason) => Err(reason),
        };
        outcome.unwrap_or_else(|reason| self.refuse_host(reason))
    }

    /// What a guest does with a readable message of the host's: the
    /// host's view of the game, or turns that follow on from it (each
    /// checked against it, then played on the game made from it).
    fn guest_follows(&mut self, message: Message, here: Here) -> Result<Vec<Effect>, Refusal> {
        let out_of_step = |sent| Refusal::OutOfStep { have: 0, sent };
        match message {
            Message::Welcome { version, .. } if version > PROTOCOL => {
                Err(Refusal::NewerVersion { version })
            }
            Message::Welcome { seat, view, .. } => {
                if view.seat.index() != seat {
                    return Err(Refusal::Unreadable);
                }
                let record = guest_game(&view, self.id)?;
                self.seat = seat;
                self.view = Some(*view);
                let game = LinkGame {
                    id: self.id,
                    record,
                };
                Ok(vec![Effect::Keep { game, seat }])
            }
            Message::Catchup { from, seen, digest } => {
                let view = self.view.as_ref().ok_or(out_of_step(from))?;
                let (view, before) = follow(view, from, &seen, &digest, self.id)?;
                self.view = Some(view);
                let game = LinkGame {
                    id: self.id,
                    record: before,
                };
                let turns = seen.iter().map(|s| s.turn).collect();
                Ok(vec![
                    Effect::Keep {
                        game,
                        seat: self.seat,
                    },
                    Effect::Play(turns),
                ])
            }
            Message::Played {
                number,
                seen,
                digest,
            } => {
                here.playing.ok_or(out_of_step(number))?;
                let view = self.view.as_ref().ok_or(out_of_step(number))?;
                let from = number.saturating_sub(1);
                let (view, before) = follow(view, from, &[seen], &digest, self.id)?;
                self.view = Some(view);
                let game = LinkGame {
                    id: self.id,
                    record: before,
                };
                Ok(vec![Effect::Rebase(game), Effect::Play(vec![seen.turn])])
            }
            table @ Message::Table { .. } => {
                self.table = Some(table);
                Ok(Vec::new())
            }
            _ => Err(Refusal::Unreadable),
        }
    }

    /// A guest refuses the host's message: the person and the host are
    /// told; out of step or astray, the whole game is asked for again.
    fn refuse_host(&self, reason: Refusal) -> Vec<Effect> {
        let mut effects = vec![
            Effect::Notice(Notice::RefusedFromHost(reason.clone())),
            self.to_host(Message::Refused {
                reason: reason.clone(),
            }),
        ];
        if matches!(reason, Refusal::DigestMismatch | Refusal::OutOfStep { .. }) {
            effects.push(self.to_host(hello(None)));
        }
        effects
    }

    /// A guest hears what it never answers: a refusal, or the host leaving.
    fn guest_hears(&mut self, message: Result<Message, Refusal>, here: Here) -> Vec<Effect> {
        match message {
            Ok(Message::Refused { reason }) => {
                let proposed = self.proposed.take();
                let notice = match reason {
                    Refusal::OtherGame
                    | Refusal::Unreadable
                    | Refusal::NewerVersion { .. }
                    | Refusal::OlderVersion { .. } => Notice::MessageRefused(reason),
                    _ => Notice::TurnRefused {
                        illegal: match (&reason, proposed, here.playing) {
                            (Refusal::Illegal, Some(turn), Some(game)) => why_illegal(game, turn),
                            _ => None,
                        },
                        reason,
                    },
                };
                vec![Effect::Notice(notice)]
            }
            Ok(Message::Left) => {
                let mut effects = vec![Effect::Notice(Notice::HostLeft)];
                effects.append(&mut self.set_status(self.host_link(), Status::Left));
                effects
            }
            _ => Vec::new(),
        }
    }

    /// The person played `turn` on this device's board, after `after`
    /// turns: a guest proposes it to the host, on a link that stands (never
    /// into the void), unless it is a turn the host accepted being played
    /// here.
    pub fn propose(&mut self, turn: Turn, after: usize, here: Here) -> Proposal {
        if self.host || self.applying || here.playing.is_none() {
            return Proposal::PlayHere;
        }
        let status = self.links.first().map(|l| l.status.clone());
        if status != Some(Status::Connected) {
            let host_left = status == Some(Status::Left);
            return Proposal::Held(vec![Effect::Notice(Notice::NotSent { host_left })]);
        }
        self.proposed = Some(turn);
        Proposal::Held(vec![self.to_host(Message::Propose { after, turn })])
    }

    /// The browser could not send the turn proposed (its channel was
    /// closing): the person is told, and nothing waits for an answer.
    pub fn proposal_not_sent(&mut self) -> Vec<Effect> {
        self.proposed = None;
        let host_left = self.status_of(self.host_link()) == Some(&Status::Left);
        vec![Effect::Notice(Notice::NotSent { host_left })]
    }

    /// Turns the host accepted are being played here (`true`), or are
    /// played (`false`): meanwhile the board's turns are not proposed.
    pub fn set_applying(&mut self, applying: bool) {
        self.applying = applying;
    }

    /// A turn was played here: the host tells every guest, with the digest
    /// of the game after it.
    pub fn played(&self, here: Here) -> Vec<Effect> {
        let Some(game) = here.playing.filter(|_| self.host) else {
            return Vec::new();
        };
        let number = game.record.turns.len();
        let Some(&seen) = seen_from(game, number.saturating_sub(1)).last() else {
            return Vec::new();
        };
        vec![Effect::SendAll(Message::Played {
            number,
            seen,
            digest: super::protocol::digest(game),
        })]
    }

    /// This device leaves the live game: it says so on every open
    /// channel, then closes them.
    pub fn leave(&self) -> Vec<Effect> {
        vec![Effect::SendAll(Message::Left), Effect::Close]
    }

    /// When `mover` is to move on another device: whom the game waits for
    /// (a player who is not at the table is named).
    pub fn waits_for(&self, mover: usize) -> Waiting {
        let host = self.host_seat();
        let link = (!self.host).then(|| {
            self.links
                .first()
                .map_or(Presence::Away, |l| l.status.presence())
        });
        // The host knows its links; a guest knows what the host's table says.
        let presence = |seat: usize| {
            if self.host {
                self.status_of(seat)
                    .map_or(Presence::Here, Status::presence)
            } else {
                self.table
                    .as_ref()
                    .map_or(Presence::Here, |table| presence_in(table, seat))
            }
        };
        match holds_up(Some(mover), host, link, presence) {
            None => Waiting::Mover(mover),
            Some((seat, _)) if seat == host => Waiting::Host(seat),
            Some((seat, Presence::Left)) if self.host => Waiting::LeftSeat(seat),
            Some((seat, _)) if self.host => Waiting::AwaySeat(seat),
            Some((seat, _)) => Waiting::AwayGuest(seat),
        }
    }
}

#[cfg(test)]
mod tests;
