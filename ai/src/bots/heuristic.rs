//! Judging positions without search: medium's projection of the final
//! scores, medium's greedy choice, and the rewards the searches back up.
//! They judge worlds, the games a search plays on
//! ([`majesty_rules::Observation::world`]), and read the players, the
//! scores and the turn, nothing a guessed deck decides.

use majesty_rules::config::GameConfig;
use majesty_rules::game::Game;
use majesty_rules::observation::Observation;
use majesty_rules::scoring::{score_into, FinalScoring, PlayerScoring};
use majesty_rules::seat::Seat;
use majesty_rules::turn::Turn;

/// Medium's judgement of a position for `seat`: its projected final score
/// (points, the Infirmary, variety and the majorities as they stand now)
/// plus the value of its meeples while cards remain to be bought, minus the
/// same for its strongest opponent.
pub fn evaluate(game: &Game, seat: Seat) -> f64 {
    let mut worths = [0.0; GameConfig::MAX_PLAYERS];
    let n = projected_worths(game, &mut worths);
    let best_other = (0..n)
        .filter(|&p| p != seat.index())
        .map(|p| worths[p])
        .fold(f64::MIN, f64::max);
    worths[seat.index()] - best_other
}

/// Every player's projected worth (see [`evaluate`]) written into `out`;
/// returns the number of players.
pub fn projected_worths(game: &Game, out: &mut [f64; GameConfig::MAX_PLAYERS]) -> usize {
    let mut projection = [PlayerScoring::default(); GameConfig::MAX_PLAYERS];
    let n = score_into(game.config(), game.players(), &mut projection);
    worths_of(game, &projection[..n], out);
    n
}

/// [`projected_worths`] from the final scoring as it stands, already
/// computed (`projection`, one per player).
pub fn worths_of(
    game: &Game,
    projection: &[PlayerScoring],
    out: &mut [f64; GameConfig::MAX_PLAYERS],
) {
    let n = projection.len();
    let total_turns = game.config().total_turns() as f64;
    let progress = game.turn_number() as f64 / total_turns;
    let meeple_value = 1.5 * (1.0 - progress);
    for (p, worth) in out.iter_mut().enumerate().take(n) {
        let s = &projection[p];
        // Early majorities are uncertain: count them less at the start.
        let majority = f64::from(s.majority_total()) * (0.4 + 0.6 * progress);
        *worth = f64::from(s.before + s.infirmary() + s.variety)
            + majority
            + meeple_value * f64::from(game.players()[p].meeples());
    }
}

/// Medium: the legal turn with the best [`evaluate`] afterwards (which
/// reads nothing the deck decides).
pub fn medium(seen: &Observation) -> Option<Turn> {
    let world = super::world(seen);
    medium_with(&world, &mut world.clone(), &mut Vec::new())
}

/// Medium's choice in `game` (a world: see [`Observation::world`]), with
/// scratch space reused by the searches.
pub fn medium_with(game: &Game, scratch: &mut Game, legal: &mut Vec<Turn>) -> Option<Turn> {
    let seat = game.current_player();
    game.legal_turns_into(legal);
    let mut best: Option<(f64, Turn)> = None;
    for &turn in legal.iter() {
        scratch.clone_from(game);
        scratch.apply_quiet(turn).expect("legal");
        let value = evaluate(scratch, seat);
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, turn));
        }
    }
    best.map(|(_, t)| t)
}

/// The result of a finished game for `seat`, in 0..=1: mostly the win (a
/// shared win counts 1/k), partly the score margin.
pub fn final_reward(game: &Game, seat: Seat) -> f64 {
    let result = FinalScoring::of(game);
    let win = result.win_share(seat);
    let mine = result.players[seat.index()].total;
    let best_other = result
        .players
        .iter()
        .enumerate()
        .filter(|&(p, _)| p != seat.index())
        .map(|(_, s)| s.total)
        .max()
        .unwrap_or(mine);
    let margin = f64::from(mine - best_other) / 30.0;
    0.75 * win + 0.25 * (0.5 + 0.5 * margin.tanh())
}

/// A position a search stops in, judged for `seat` in 0..=1.
pub fn judge(game: &Game, seat: Seat) -> f64 {
    if game.is_over() {
        final_reward(game, seat)
    } else {
        0.5 + 0.5 * (evaluate(game, seat) / 20.0).tanh()
    }
}
