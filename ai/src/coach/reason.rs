//! Why a turn is good or bad, as data the app puts into words: what the
//! turn gives now (the engine's own preview and events), which majorities
//! change hands, wounds and the Infirmary's risk.

use serde::{Deserialize, Serialize};

use majesty_rules::card::{Card, Character, Location};
use majesty_rules::event::Event;
use majesty_rules::observation::Observation;
use majesty_rules::player::Player;
use majesty_rules::turn::{Turn, TurnError};

/// What one turn does, for the player making it. (The default says
/// nothing: a turn of seat 0 that changes nothing.)
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reason {
    /// The player making the turn.
    pub seat: usize,
    /// Points each player gains now (seat order; negative: loses).
    pub points: Vec<i32>,
    /// Meeples the player gains (negative: spends) on the worker card.
    pub meeples: i32,
    /// Locations where the player now has a majority (alone or shared) and
    /// had none before.
    pub majorities_won: Vec<Location>,
    /// Locations where an opponent had a majority before and has none now.
    pub majorities_taken: Vec<Location>,
    /// Opponents' characters sent to the Infirmary by an attack (Barracks).
    pub wounded: Vec<(usize, Character)>,
    /// The character brought back from the player's own Infirmary (Cottage).
    pub healed: Option<Character>,
    /// Opponents (seats) who could wound the player with a Knight, before
    /// and after the turn: their Knights would then outnumber the player's
    /// Guards (ruling 1), a Knight can still come to them (one in the
    /// display, or one not yet seen while the deck lasts) and they have a
    /// turn left. Only what the table shows is read.
    pub exposed_before: Vec<usize>,
    /// Opponents who could wound the player so after the turn (see
    /// `exposed_before`).
    pub exposed_after: Vec<usize>,
}

impl Reason {
    /// The reason of `turn` for the player to move, seeing `seen`: what the
    /// turn does ([`Observation::preview`]) and where it leaves the table
    /// as the player knows it (the card that refills the display unseen).
    pub fn of(seen: &Observation, turn: Turn) -> Result<Reason, TurnError> {
        let seat = seen.current_player();
        let preview = seen.preview(turn)?;
        let mut wounded = Vec::new();
        let mut healed = None;
        for event in &preview.events {
            match *event {
                Event::Attacked {
                    defender,
                    wounded: Some(p),
                    ..
                } => wounded.push((defender, p.character)),
                Event::Healed { character, .. } => healed = Some(character),
                _ => {}
            }
        }
        let (before, now) = (leaders(seen.players()), leaders(&preview.players));
        let mine = |l: &[Vec<usize>; 7], i: usize| l[i].contains(&seat);
        let others = |l: &[Vec<usize>; 7], i: usize| l[i].iter().any(|&p| p != seat);
        let mut majorities_won = Vec::new();
        let mut majorities_taken = Vec::new();
        for (i, location) in Location::WITH_CHARACTERS.into_iter().enumerate() {
            if mine(&now, i) && !mine(&before, i) {
                majorities_won.push(location);
            }
            let lost = before[i].iter().any(|&p| p != seat && !now[i].contains(&p));
            if lost && others(&before, i) {
                majorities_taken.push(location);
            }
        }
        let table = Table::of(seen);
        let after = table.after(seen, turn, &preview.players);
        Ok(Reason {
            seat,
            points: preview.points,
            meeples: preview.meeples[seat],
            majorities_won,
            majorities_taken,
            wounded,
            healed,
            exposed_before: table.exposed(seat),
            exposed_after: after.exposed(seat),
        })
    }
}

/// Per location 1–7, the players with the most characters there (none when
/// nobody has one: ruling 10).
fn leaders(players: &[Player]) -> [Vec<usize>; 7] {
    let counts: Vec<_> = players.iter().map(|p| p.realm().counts()).collect();
    std::array::from_fn(|i| {
        let most = counts.iter().map(|c| c[i]).max().unwrap_or(0);
        if most == 0 {
            return Vec::new();
        }
        (0..counts.len())
            .filter(|&p| counts[p][i] == most)
            .collect()
    })
}

/// What a warning of a wound reads of a position, as the player knows it.
struct Table<'a> {
    players: &'a [Player],
    /// The deck may hold a Knight (a card nobody has seen yet could be
    /// one): the same before and after a turn, whose refill comes from it.
    knight_in_deck: bool,
    /// A Knight can still be taken: one lies in the display, or the deck
    /// may hold one.
    knight_can_come: bool,
    /// Turns left to play, and whose turn it is.
    turns_left: usize,
    mover: usize,
}

impl<'a> Table<'a> {
    /// The table `seen` shows.
    fn of(seen: &Observation<'a>) -> Table<'a> {
        let deck = seen.deck();
        let knight_in_deck = deck.deck_len() > 0 && deck.candidates().any(knight);
        let in_display = seen.display().iter().any(|slot| knight(slot.card));
        Table {
            players: seen.players(),
            knight_in_deck,
            knight_can_come: in_display || knight_in_deck,
            turns_left: turns_left(seen),
            mover: seen.current_player(),
        }
    }

    /// The table after `turn`, the players then being `players`: the card
    /// taken leaves the display, the one that refills it comes from the
    /// deck, unseen (a Knight the deck may hold can still come).
    fn after<'b>(&self, seen: &Observation, turn: Turn, players: &'b [Player]) -> Table<'b> {
        let in_display = seen
            .display()
            .iter()
            .enumerate()
            .any(|(space, slot)| space != turn.take && knight(slot.card));
        Table {
            players,
            knight_in_deck: self.knight_in_deck,
            knight_can_come: in_display || self.knight_in_deck,
            turns_left: self.turns_left.saturating_sub(1),
            mover: (self.mover + 1) % players.len(),
        }
    }

    /// Opponents who could wound `seat` with a Knight here (see
    /// [`Reason::exposed_after`]).
    fn exposed(&self, seat: usize) -> Vec<usize> {
        let players = self.players;
        if players[seat].realm().is_empty() || !self.knight_can_come {
            return Vec::new();
        }
        let guards = players[seat].realm().count(Character::Guard);
        (0..players.len())
            .filter(|&p| p != seat && self.moves_again(p))
            .filter(|&p| players[p].realm().count(Character::Knight) + 1 > guards)
            .collect()
    }

    /// Whether `seat` has a turn left (the seats take turns in order:
    /// rules/RULES.md "A turn" step 5).
    fn moves_again(&self, seat: usize) -> bool {
        let seats = self.players.len();
        (seat + seats - self.mover) % seats < self.turns_left
    }
}

fn knight(card: Card) -> bool {
    card.can_be(Character::Knight)
}

/// Turns left in the game `seen` shows.
fn turns_left(seen: &Observation) -> usize {
    seen.config()
        .total_turns()
        .saturating_sub(seen.turn_number())
}
