//! Why a turn is good or bad, as data the app puts into words: what the
//! turn gives now (the engine's own preview and events), which majorities
//! change hands, wounds and the Infirmary's risk.

use serde::{Deserialize, Serialize};

use majesty_rules::card::{Card, Character, Location};
use majesty_rules::event::Event;
use majesty_rules::game::Game;
use majesty_rules::observation::Observation;
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
    /// The reason of `turn` for the player to move, seeing `seen`. What
    /// follows the turn is read off a world ([`Observation::world`]): the
    /// card that refills the display is a guess, as it is for the player.
    pub fn of(seen: &Observation, turn: Turn) -> Result<Reason, TurnError> {
        let game = &crate::bots::world(seen);
        let seat = game.current_player();
        let preview = game.preview(turn)?;
        let mut after = game.clone();
        after.apply_quiet(turn)?;
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
        let (before, now) = (leaders(game), leaders(&after));
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
        Ok(Reason {
            seat,
            points: preview.points,
            meeples: preview.meeples[seat],
            majorities_won,
            majorities_taken,
            wounded,
            healed,
            exposed_before: exposed(game, seat),
            exposed_after: exposed(&after, seat),
        })
    }
}

/// Per location 1–7, the players with the most characters there (none when
/// nobody has one: ruling 10).
fn leaders(game: &Game) -> [Vec<usize>; 7] {
    let counts: Vec<_> = game.players().iter().map(|p| p.realm().counts()).collect();
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

/// Opponents who could wound `seat` with a Knight in `game` (see
/// [`Reason::exposed_after`]).
fn exposed(game: &Game, seat: usize) -> Vec<usize> {
    let players = game.players();
    if players[seat].realm().is_empty() || !knight_can_come(game) {
        return Vec::new();
    }
    let guards = players[seat].realm().count(Character::Guard);
    (0..players.len())
        .filter(|&p| p != seat && moves_again(game, p))
        .filter(|&p| players[p].realm().count(Character::Knight) + 1 > guards)
        .collect()
}

/// Whether a Knight can still be taken: one lies in the display, or the
/// deck may hold one (a card nobody has seen yet could be one).
fn knight_can_come(game: &Game) -> bool {
    let knight = |card: Card| card.can_be(Character::Knight);
    if game.display().iter().any(|slot| knight(slot.card)) {
        return true;
    }
    let deck = Observation::to_move(game).deck();
    deck.deck_len() > 0 && deck.candidates().any(knight)
}

/// Whether `seat` has a turn left in `game` (the seats take turns in
/// order: rules/RULES.md "A turn" step 5).
fn moves_again(game: &Game, seat: usize) -> bool {
    let seats = game.players().len();
    let left = game
        .config()
        .total_turns()
        .saturating_sub(game.turn_number());
    (seat + seats - game.current_player()) % seats < left
}
