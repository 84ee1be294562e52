//! Why a turn is good or bad, as data the app puts into words: what the
//! turn gives now (the engine's own preview and events), what it changes
//! in final scoring were the game to end after it (majorities, variety,
//! the Infirmary: the rules' own `FinalScoring`), wounds and the
//! Infirmary's risk.

use serde::{Deserialize, Serialize};

use majesty_rules::card::{Card, Character, Location};
use majesty_rules::event::Event;
use majesty_rules::observation::Observation;
use majesty_rules::player::Player;
use majesty_rules::scoring::{FinalScoring, PlayerScoring};
use majesty_rules::seat::Seat;
use majesty_rules::turn::{Turn, TurnError};

/// What one turn does, for the player making it. (The default says
/// nothing: a turn of seat 0 that changes nothing.)
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reason {
    /// The player making the turn.
    pub seat: Seat,
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
    pub wounded: Vec<(Seat, Character)>,
    /// The character brought back from the player's own Infirmary (Cottage).
    pub healed: Option<Character>,
    /// Opponents (seats) who could wound the player with a Knight, before
    /// and after the turn: their Knights would then outnumber the player's
    /// Guards (ruling 1), a Knight can still come to them (one in the
    /// display, or one not yet seen while the deck lasts) and they have a
    /// turn left. Only what the table shows is read.
    pub exposed_before: Vec<Seat>,
    /// Opponents who could wound the player so after the turn (see
    /// `exposed_before`).
    pub exposed_after: Vec<Seat>,
    /// Meeples beyond 5 turned into points at the end of the turn, one
    /// point each (counted in `points`).
    pub converted: i32,
    /// Variety points the player gains at final scoring (rules/RULES.md
    /// "Final scoring" step 2: n × n), were the game to end after the turn.
    pub variety: i32,
    /// Locations 1–7 holding one of the player's characters after the turn
    /// (the n of variety).
    pub locations: u8,
    /// Majorities whose holders change (step 3), with their value.
    pub majorities: Vec<MajorityChange>,
    /// How each player's Infirmary penalty changes (step 1; seat order,
    /// negative: a larger penalty).
    pub infirmary: Vec<i32>,
    /// How each player's final total changes, were the game to end after
    /// the turn: the points now and what final scoring adds (seat order).
    pub at_the_end: Vec<i32>,
}

/// A majority whose holders the turn changes, as final scoring would
/// count it if the game ended after the turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MajorityChange {
    /// The location (1–7).
    pub location: Location,
    /// The points it gives each player holding it (a tie scores in full).
    pub value: i32,
    /// The player holds it after the turn and did not before.
    pub won: bool,
    /// Whether the player holds it after the turn with nobody else (false:
    /// shared, or not held).
    pub alone: bool,
    /// Whether the player holds it after the turn (alone or shared).
    pub held: bool,
    /// Opponents who held it (alone or shared) before and do not after.
    pub lost_by: Vec<Seat>,
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
        let mine = |l: &[Vec<Seat>; 7], i: usize| l[i].contains(&seat);
        let others = |l: &[Vec<Seat>; 7], i: usize| l[i].iter().any(|&p| p != seat);
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
        let scoring = |players| FinalScoring::of_players(seen.config(), players).players;
        let (end_before, end_after) = (scoring(seen.players()), scoring(&preview.players));
        let converted = preview
            .events
            .iter()
            .map(|e| match *e {
                Event::Converted { points, .. } => points,
                _ => 0,
            })
            .sum();
        let change = |f: fn(&PlayerScoring) -> i32| {
            (0..end_after.len())
                .map(|p| f(&end_after[p]) - f(&end_before[p]))
                .collect::<Vec<i32>>()
        };
        Ok(Reason {
            converted,
            variety: end_after[seat.index()].variety - end_before[seat.index()].variety,
            locations: end_after[seat.index()].variety_locations,
            majorities: majority_changes(seat, (&before, &now), &end_before, &end_after),
            infirmary: change(|s| s.infirmary()),
            at_the_end: change(|s| s.total),
            seat,
            points: preview.points,
            meeples: preview.meeples[seat.index()],
            majorities_won,
            majorities_taken,
            wounded,
            healed,
            exposed_before: table.exposed(seat),
            exposed_after: after.exposed(seat),
        })
    }
}

/// The majorities the player wins or an opponent loses between the
/// leaders `before` and `now`, valued as final scoring (before and after)
/// values them.
fn majority_changes(
    seat: Seat,
    (before, now): (&[Vec<Seat>; 7], &[Vec<Seat>; 7]),
    scoring_before: &[PlayerScoring],
    scoring_after: &[PlayerScoring],
) -> Vec<MajorityChange> {
    Location::WITH_CHARACTERS
        .into_iter()
        .enumerate()
        .filter(|(i, _)| before[*i] != now[*i])
        .map(|(i, location)| {
            let held = now[i].contains(&seat);
            let lost_by: Vec<Seat> = before[i]
                .iter()
                .copied()
                .filter(|p| *p != seat && !now[i].contains(p))
                .collect();
            // The value is the same for every holder; read it where held.
            let value = now[i]
                .first()
                .map(|p| scoring_after[p.index()].majority[i])
                .or_else(|| {
                    before[i]
                        .first()
                        .map(|p| scoring_before[p.index()].majority[i])
                })
                .unwrap_or(0);
            MajorityChange {
                location,
                value,
                won: held && !before[i].contains(&seat),
                alone: now[i] == [seat],
                held,
                lost_by,
            }
        })
        .filter(|c| c.won || !c.lost_by.is_empty())
        .collect()
}

/// Per location 1–7, the players with the most characters there (none when
/// nobody has one: ruling 10).
fn leaders(players: &[Player]) -> [Vec<Seat>; 7] {
    Character::ALL.map(|character| {
        let count = |p: &Player| p.realm().count(character);
        let most = players.iter().map(count).max().unwrap_or(0);
        if most == 0 {
            return Vec::new();
        }
        Seat::all(players.len())
            .filter(|p| count(&players[p.index()]) == most)
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
    mover: Seat,
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
            mover: self.mover.next(players.len()),
        }
    }

    /// Opponents who could wound `seat` with a Knight here (see
    /// [`Reason::exposed_after`]).
    fn exposed(&self, seat: Seat) -> Vec<Seat> {
        let players = self.players;
        if players[seat.index()].realm().is_empty() || !self.knight_can_come {
            return Vec::new();
        }
        let guards = players[seat.index()].realm().count(Character::Guard);
        Seat::all(players.len())
            .filter(|&p| p != seat && self.moves_again(p))
            .filter(|p| players[p.index()].realm().count(Character::Knight) + 1 > guards)
            .collect()
    }

    /// Whether `seat` has a turn left (the seats take turns in order:
    /// rules/RULES.md "A turn" step 5).
    fn moves_again(&self, seat: Seat) -> bool {
        let seats = self.players.len();
        (seat.index() + seats - self.mover.index()) % seats < self.turns_left
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
