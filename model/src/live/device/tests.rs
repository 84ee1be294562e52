//! Every transition of a live device: joining, proposing, refusing,
//! catching up, a dropped link, coming back, the host leaving, and a
//! message of another game.

use super::*;
use crate::live::protocol::tests::{game, LIVE};
use crate::live::protocol::{digest, prefix};
use majesty_rules::{Character, Seat};

/// A guest at seat 2 whose link to the host stands.
fn connected_guest() -> Device {
    let mut guest = Device::joining(LIVE, 2);
    guest.connection(2, Change::Open, Here::default());
    guest
}

/// A host at seat 0 of three, its guests at seats 1 and 2 connected.
fn connected_host() -> Device {
    let mut host = Device::hosting(LIVE, 0, 3);
    host.connection(1, Change::Open, Here::default());
    host.connection(2, Change::Open, Here::default());
    host
}

/// Where `game` is being played.
fn playing(game: &LinkGame) -> Here<'_> {
    Here {
        playing: Some(game),
        kept: Some(game),
    }
}

/// The text of the one message `effects` send to `seat`.
fn sent_to(effects: &[Effect], seat: usize) -> String {
    let sent: Vec<&Message> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Send { seat: s, message } if *s == seat => Some(message),
            _ => None,
        })
        .collect();
    assert_eq!(sent.len(), 1, "{effects:?}");
    sent[0].to_text(LIVE)
}

/// The text of the one message `effects` send to every connection.
fn sent_to_all(effects: &[Effect]) -> String {
    let sent: Vec<&Message> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::SendAll(message) => Some(message),
            _ => None,
        })
        .collect();
    assert_eq!(sent.len(), 1, "{effects:?}");
    sent[0].to_text(LIVE)
}

/// The legal turn of the player to move in `game` that the tests play.
fn next_turn(game: &LinkGame) -> Turn {
    *game.record.replay().unwrap().legal_turns().last().unwrap()
}

/// `game` after `turn`.
fn with(game: &LinkGame, turn: Turn) -> LinkGame {
    let mut next = game.clone();
    next.record.turns.push(turn);
    next
}

#[test]
fn a_new_guest_says_hello_and_the_host_welcomes_it_with_the_whole_game() {
    let mut guest = Device::joining(LIVE, 2);
    assert_eq!(guest.status_of(2), Some(&Status::Preparing));
    let opened = guest.connection(2, Change::Open, Here::default());
    assert_eq!(opened[0], Effect::ForgetInvitation);
    assert_eq!(guest.status_of(2), Some(&Status::Connected));
    let hello_text = sent_to(&opened, 2);

    let table = game(4);
    let mut host = Device::hosting(LIVE, 0, 3);
    let told = host.connection(2, Change::Open, playing(&table));
    assert_eq!(
        read(&sent_to_all(&told), LIVE),
        Ok(Message::Table {
            host: 0,
            away: vec![1],
            left: vec![]
        })
    );
    let welcome = host.received(2, &hello_text, playing(&table));
    let kept = guest.received(2, &sent_to(&welcome, 2), Here::default());
    assert_only_seen(&kept, &table, 2);
    assert_eq!(
        guest.view,
        Some(SeatView::of(&table.record, Seat::new(2).unwrap()).unwrap())
    );
}

/// `effects` keep, at `seat`, a game with `table`'s table and turns but
/// not its deal number.
fn assert_only_seen(effects: &[Effect], table: &LinkGame, seat: usize) {
    let [Effect::Keep {
        game,
        seat: kept_at,
    }] = effects
    else {
        panic!("{effects:?}");
    };
    assert_eq!(*kept_at, seat);
    assert_eq!(game.id, table.id);
    assert_eq!(game.record.turns, table.record.turns);
    assert_eq!(game.record.seed, None);
    assert_eq!(digest(game), digest(table));
}

#[test]
fn a_guest_s_turn_goes_to_the_host_who_plays_it_and_tells_everyone() {
    let before = game(2);
    let turn = next_turn(&before);
    let mut guest = connected_guest();
    guest.view = Some(SeatView::of(&before.record, Seat::new(2).unwrap()).unwrap());
    let Proposal::Held(proposal) = guest.propose(turn, 2, playing(&before)) else {
        panic!("a guest's turn goes to the host");
    };
    let mut host = connected_host();
    // Seat 2 moves after two turns of three players.
    let accepted = host.received(2, &sent_to(&proposal, 2), playing(&before));
    assert_eq!(accepted, vec![Effect::Play(vec![turn])]);
    let after = with(&before, turn);
    let told = host.played(playing(&after));
    let heard = guest.received(2, &sent_to_all(&told), playing(&before));
    // The guest's game is made again with the refill in its deck, then the
    // turn is played on it: the host's table.
    let [Effect::Rebase(rebased), Effect::Play(played)] = &heard[..] else {
        panic!("{heard:?}");
    };
    assert_eq!(played, &vec![turn]);
    assert_eq!(digest(&with(rebased, turn)), digest(&after));
    // While the accepted turn is played on the guest's board, it is not
    // proposed again; the host plays its own turns itself.
    guest.set_applying(true);
    assert_eq!(guest.propose(turn, 2, playing(&before)), Proposal::PlayHere);
    guest.set_applying(false);
    assert_eq!(host.propose(turn, 2, playing(&before)), Proposal::PlayHere);
    assert!(guest.played(playing(&after)).is_empty());
}

#[test]
fn the_host_refuses_a_turn_out_of_turn_or_illegal_and_the_guest_says_why() {
    let before = game(2);
    let mut host = connected_host();
    // Seat 1 is not to move after two turns.
    let propose = Message::Propose {
        after: 2,
        turn: next_turn(&before),
    };
    let refused = host.received(1, &propose.to_text(LIVE), playing(&before));
    assert_eq!(
        read(&sent_to(&refused, 1), LIVE),
        Ok(Message::Refused {
            reason: Refusal::NotYourTurn { seat: 2 }
        })
    );
    // An illegal turn: the guest's own engine says why.
    let illegal = Turn::new(5, Character::Miller);
    let mut guest = connected_guest();
    let Proposal::Held(sent) = guest.propose(illegal, 2, playing(&before)) else {
        panic!("proposed");
    };
    let refused = host.received(2, &sent_to(&sent, 2), playing(&before));
    let heard = guest.received(2, &sent_to(&refused, 2), playing(&before));
    let Effect::Notice(Notice::TurnRefused { reason, illegal }) = &heard[0] else {
        panic!("{heard:?}");
    };
    assert_eq!(*reason, Refusal::Illegal);
    assert!(illegal.is_some(), "the engine names the reason");
    // A refusal is never answered.
    assert_eq!(heard.len(), 1);
}

#[test]
fn a_turn_is_never_sent_into_the_void() {
    let before = game(2);
    let turn = next_turn(&before);
    let mut guest = Device::joining(LIVE, 2);
    assert_eq!(
        guest.propose(turn, 2, playing(&before)),
        Proposal::Held(vec![Effect::Notice(Notice::NotSent { host_left: false })])
    );
    // Not playing the live game: the board plays it as any other.
    assert_eq!(guest.propose(turn, 2, Here::default()), Proposal::PlayHere);
}

#[test]
fn a_guest_back_with_the_first_turns_catches_up_and_one_astray_starts_again() {
    let whole = game(9);
    // The guest kept its view of the first 5 turns, and its game made from it.
    let view = SeatView::of(&prefix(&whole, 5).record, Seat::new(2).unwrap()).unwrap();
    let kept = LinkGame {
        id: LIVE,
        record: guest_game(&view, LIVE).unwrap(),
    };
    let mut guest = Device::joining(LIVE, 2);
    guest.view = Some(view);
    let opened = guest.connection(
        2,
        Change::Open,
        Here {
            playing: None,
            kept: Some(&kept),
        },
    );
    let mut host = connected_host();
    let greeted = host.received(2, &sent_to(&opened, 2), playing(&whole));
    let caught_up = guest.received(
        2,
        &sent_to(&greeted, 2),
        Here {
            playing: None,
            kept: Some(&kept),
        },
    );
    // Shown again, its deck holding the next refills, then the turns played.
    let [Effect::Keep {
        game: before,
        seat: 2,
    }, Effect::Play(turns)] = &caught_up[..]
    else {
        panic!("{caught_up:?}");
    };
    assert_eq!(turns, &whole.record.turns[5..]);
    assert_eq!(before.record.turns, whole.record.turns[..5]);
    assert_eq!(before.record.seed, None, "no deal number on a guest");
    let mut after = before.clone();
    after.record.turns.extend(turns);
    assert_eq!(digest(&after), digest(&whole));
    assert_eq!(
        guest.view,
        Some(SeatView::of(&whole.record, Seat::new(2).unwrap()).unwrap())
    );
    let mut guest = Device::joining(LIVE, 2);
    guest.view = Some(SeatView::of(&prefix(&whole, 5).record, Seat::new(2).unwrap()).unwrap());
    // Turns that do not lead to the host's digest: the guest refuses them,
    // says so, and asks for the whole game.
    let forged = Message::Catchup {
        from: 5,
        seen: seen_from(&whole, 5),
        digest: "0".repeat(16),
    };
    let refused = guest.received(2, &forged.to_text(LIVE), playing(&kept));
    assert_eq!(
        refused[0],
        Effect::Notice(Notice::RefusedFromHost(Refusal::DigestMismatch))
    );
    let asked: Vec<_> = refused.iter().skip(1).cloned().collect();
    assert_eq!(
        asked,
        vec![
            Effect::Send {
                seat: 2,
                message: Message::Refused {
                    reason: Refusal::DigestMismatch
                }
            },
            Effect::Send {
                seat: 2,
                message: hello(None)
            }
        ]
    );
}

#[test]
fn a_dropped_link_is_told_to_the_table_and_a_new_invitation_brings_it_back() {
    let table = game(3);
    let mut host = connected_host();
    let dropped = host.connection(2, Change::Closed, playing(&table));
    assert_eq!(dropped[0], Effect::Notice(Notice::SeatLost(2)));
    assert_eq!(
        read(&sent_to_all(&dropped), LIVE),
        Ok(Message::Table {
            host: 0,
            away: vec![2],
            left: vec![]
        })
    );
    assert_eq!(host.waits_for(2), Waiting::AwaySeat(2));
    // A new invitation: still away, nobody told again.
    assert!(host.set_status(2, Status::Preparing).is_empty());
    let back = host.connection(2, Change::Open, playing(&table));
    assert_eq!(
        read(&sent_to_all(&back), LIVE),
        Ok(Message::Table {
            host: 0,
            away: vec![],
            left: vec![]
        })
    );
    assert_eq!(host.waits_for(2), Waiting::Mover(2));
    // An interruption is one only of a link that stands, and it mends;
    // the table is told both times.
    let unsteady = host.connection(1, Change::Unsteady, playing(&table));
    assert_eq!(host.status_of(1), Some(&Status::Interrupted));
    assert_eq!(
        read(&sent_to_all(&unsteady), LIVE),
        Ok(Message::Table {
            host: 0,
            away: vec![1],
            left: vec![]
        })
    );
    let steady = host.connection(1, Change::Steady, playing(&table));
    assert_eq!(host.status_of(1), Some(&Status::Connected));
    assert!(read(&sent_to_all(&steady), LIVE).is_ok());

    // A guest's link that steadies again says nothing: no second hello.
    let mut guest = connected_guest();
    assert!(guest
        .connection(2, Change::Unsteady, playing(&table))
        .is_empty());
    assert!(guest
        .connection(2, Change::Steady, playing(&table))
        .is_empty());
    assert_eq!(guest.status_of(2), Some(&Status::Connected));
    let lost = guest.connection(2, Change::Closed, Here::default());
    assert_eq!(lost, vec![Effect::Notice(Notice::HostLost)]);
    assert_eq!(guest.waits_for(1), Waiting::Host(0));
}

#[test]
fn the_host_leaving_is_told_and_stays_so() {
    let table = game(3);
    let host = connected_host();
    let leaving = host.leave();
    assert_eq!(leaving.last(), Some(&Effect::Close));
    let mut guest = connected_guest();
    let heard = guest.received(2, &sent_to_all(&leaving), playing(&table));
    assert_eq!(heard, vec![Effect::Notice(Notice::HostLeft)]);
    assert_eq!(guest.status_of(2), Some(&Status::Left));
    // Its connection then closes: it left, it is not lost.
    assert!(guest
        .connection(2, Change::Closed, playing(&table))
        .is_empty());
    assert_eq!(guest.status_of(2), Some(&Status::Left));
    assert_eq!(
        guest.propose(next_turn(&table), 3, playing(&table)),
        Proposal::Held(vec![Effect::Notice(Notice::NotSent { host_left: true })])
    );
    // A guest leaving: the host says so and tells the table.
    let mut host = connected_host();
    let left = host.received(1, &Message::Left.to_text(LIVE), playing(&table));
    assert_eq!(left[0], Effect::Notice(Notice::SeatLeft(1)));
    assert_eq!(
        read(&sent_to_all(&left), LIVE),
        Ok(Message::Table {
            host: 0,
            away: vec![],
            left: vec![1]
        })
    );
    assert_eq!(host.waits_for(1), Waiting::LeftSeat(1));
}

#[test]
fn a_message_of_another_game_is_refused_unread() {
    let table = game(3);
    let other = Message::Propose {
        after: 3,
        turn: next_turn(&table),
    }
    .to_text(LIVE + 1);
    let mut host = connected_host();
    let refused = host.received(0, &other, playing(&table));
    assert_eq!(
        refused,
        vec![Effect::Send {
            seat: 0,
            message: Message::Refused {
                reason: Refusal::OtherGame
            }
        }]
    );
    let mut guest = connected_guest();
    let refused = guest.received(2, &other, playing(&table));
    assert_eq!(
        refused[0],
        Effect::Notice(Notice::RefusedFromHost(Refusal::OtherGame))
    );
    // The guest hears the host refuse its message: told, never answered.
    let heard = guest.received(
        2,
        &Message::Refused {
            reason: Refusal::OtherGame,
        }
        .to_text(LIVE),
        playing(&table),
    );
    assert_eq!(
        heard,
        vec![Effect::Notice(Notice::MessageRefused(Refusal::OtherGame))]
    );
    // A host that no longer shows the live game leaves it, judging nothing.
    let hello_text = hello(None).to_text(LIVE);
    assert_eq!(
        host.received(1, &hello_text, Here::default()),
        vec![Effect::Leave]
    );
}

#[test]
fn a_proposal_the_channel_could_not_carry_is_told() {
    let before = game(2);
    let mut guest = connected_guest();
    let Proposal::Held(_) = guest.propose(next_turn(&before), 2, playing(&before)) else {
        panic!("proposed");
    };
    assert_eq!(
        guest.proposal_not_sent(),
        vec![Effect::Notice(Notice::NotSent { host_left: false })]
    );
    // Nothing is waiting for the host's answer any more: a refusal that
    // comes anyway names no turn of this device.
    let refused = Message::Refused {
        reason: Refusal::Illegal,
    };
    assert_eq!(
        guest.received(2, &refused.to_text(LIVE), playing(&before)),
        vec![Effect::Notice(Notice::TurnRefused {
            reason: Refusal::Illegal,
            illegal: None
        })]
    );
}

#[test]
fn a_guest_seated_elsewhere_by_the_host_still_talks_on_its_link() {
    let table = game(1);
    let mut guest = connected_guest();
    let welcome = greet(&table, 1, &hello(None));
    let kept = guest.received(2, &welcome.to_text(LIVE), Here::default());
    assert_only_seen(&kept, &table, 1);
    assert_eq!(guest.seat, 1);
    // Seat 1 moves after one turn; its proposal goes on the link it was
    // invited on (seat 2's).
    let Proposal::Held(sent) = guest.propose(next_turn(&table), 1, playing(&table)) else {
        panic!("proposed");
    };
    assert_eq!(sent.len(), 1);
    assert!(matches!(sent[0], Effect::Send { seat: 2, .. }));
}

#[test]
fn a_game_met_on_relays_shows_a_dropped_link_as_reconnecting_without_a_notice() {
    // The host: the seat is away, coming back by itself; the guests are told.
    let mut host = connected_host();
    host.rejoins = true;
    let dropped = host.connection(2, Change::Closed, Here::default());
    assert_eq!(host.status_of(2), Some(&Status::Reconnecting));
    assert!(!dropped.iter().any(|e| matches!(e, Effect::Notice(_))));
    assert!(sent_to_all(&dropped).contains(r#""away":[2]"#));
    assert_eq!(host.waits_for(2), Waiting::AwaySeat(2));
    // Back: connected again, and the table says so.
    let back = host.connection(2, Change::Open, Here::default());
    assert_eq!(host.status_of(2), Some(&Status::Connected));
    assert!(sent_to_all(&back).contains(r#""away":[]"#));
    // A guest whose host drops: reconnecting, no notice.
    let mut guest = connected_guest();
    guest.rejoins = true;
    let lost = guest.connection(2, Change::Closed, Here::default());
    assert_eq!(guest.status_of(2), Some(&Status::Reconnecting));
    assert!(lost.is_empty());
    // Without relays, the same drop is a lost connection, told.
    let mut host = connected_host();
    let dropped = host.connection(2, Change::Closed, Here::default());
    assert_eq!(host.status_of(2), Some(&Status::Lost));
    assert_eq!(dropped[0], Effect::Notice(Notice::SeatLost(2)));
}

#[test]
fn a_welcome_that_does_not_hold_is_refused_once_not_asked_for_again() {
    let table = game(2);
    let mut guest = connected_guest();
    let Message::Welcome { view, .. } = greet(&table, 2, &hello(None)) else {
        panic!("a welcome");
    };
    // A view for another seat than the one it names.
    let wrong_seat = Message::Welcome {
        version: PROTOCOL,
        seat: 1,
        view: view.clone(),
    };
    let refused = guest.received(2, &wrong_seat.to_text(LIVE), Here::default());
    assert_eq!(
        refused[0],
        Effect::Notice(Notice::RefusedFromHost(Refusal::Unreadable))
    );
    // A view whose turns do not hold: refused, and the same view is not
    // asked for again (it would come back the same).
    let mut broken = view.clone();
    broken.turns[0].turn = Turn::new(7, majesty_rules::Character::Noble);
    let bad = Message::Welcome {
        version: PROTOCOL,
        seat: 2,
        view: broken,
    };
    let refused = guest.received(2, &bad.to_text(LIVE), Here::default());
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert!(!refused.contains(&Effect::Send {
        seat: 2,
        message: hello(None)
    }));
    assert_eq!(guest.view, None);
}

#[test]
fn an_older_page_saying_hello_is_told_to_reload() {
    let table = game(2);
    let mut host = connected_host();
    let old = Message::Hello {
        version: PROTOCOL - 1,
        id: String::new(),
        turns: 0,
        digest: String::new(),
    };
    let answer = host.received(2, &old.to_text(LIVE), playing(&table));
    assert_eq!(
        read(&sent_to(&answer, 2), LIVE),
        Ok(Message::Refused {
            reason: Refusal::OlderVersion {
                version: PROTOCOL - 1
            }
        })
    );
}
