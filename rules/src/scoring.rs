//! Final scoring (rules/RULES.md "Final scoring"): Infirmary, variety, majority,
//! winners.

use serde::{Deserialize, Serialize};

use crate::abilities::{ability, Step};
use crate::card::Location;
use crate::config::{Side, Sides};
use crate::game::Game;

/// Majority value of locations 1–7 on side A and side B.
const MAJORITY_A: [i32; 7] = [10, 11, 12, 13, 14, 15, 16];
const MAJORITY_B: [i32; 7] = [14, 12, 12, 8, 8, 12, 16];

/// The majority value of a location 1–7 on the side in play (None for the
/// Infirmary, which has no majority).
pub fn majority_value(sides: &Sides, location: Location) -> Option<i32> {
    let values = match sides.of(location) {
        Side::A => &MAJORITY_A,
        Side::B => &MAJORITY_B,
    };
    values.get(location.index()).copied()
}

/// The Infirmary's game-end penalties on the side in play: per card, and for
/// having the most cards (A: −1 and 0; B: −2 and −10).
pub fn infirmary_penalties(sides: &Sides) -> (i32, i32) {
    ability(Location::Infirmary, sides.of(Location::Infirmary))
        .iter()
        .find_map(|step| match *step {
            Step::GameEnd { per_card, most } => Some((per_card, most)),
            _ => None,
        })
        .unwrap_or((0, 0))
}

/// One player's final scoring, step by step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerScoring {
    /// Points before final scoring.
    pub before: i32,
    /// Cards in the Infirmary.
    pub infirmary_cards: u8,
    /// The per-card Infirmary penalty (≤ 0).
    pub infirmary_per_card: i32,
    /// Infirmary B: −10 for having the most cards (ties all lose), else 0.
    pub infirmary_most: i32,
    /// Locations 1–7 holding at least one character (n).
    pub variety_locations: u8,
    /// n × n.
    pub variety: i32,
    /// Majority points won at each location 1–7.
    pub majority: [i32; 7],
    /// Meeples left (the optional tiebreak).
    pub meeples: u8,
    /// The final total.
    pub total: i32,
}

impl PlayerScoring {
    /// The whole Infirmary penalty (per card plus the −10 part).
    pub fn infirmary(&self) -> i32 {
        self.infirmary_per_card + self.infirmary_most
    }

    /// Sum of the majority points.
    pub fn majority_total(&self) -> i32 {
        self.majority.iter().sum()
    }
}

/// Final scoring for every player, and who won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalScoring {
    pub players: Vec<PlayerScoring>,
    /// Seats sharing the victory (more than one on a tie).
    pub winners: Vec<usize>,
}

impl FinalScoring {
    /// Final scoring of the game as it stands. Meant for a finished game, but
    /// defined at any moment (a preview of "if the game ended now").
    pub fn of(game: &Game) -> FinalScoring {
        let mut scoring = [PlayerScoring::default(); 4];
        let n = score_into(game, &mut scoring);
        let players = scoring[..n].to_vec();
        let winners = winners(&players, game.config().meeple_tiebreak);
        FinalScoring { players, winners }
    }
}

/// Final scoring of every seat written into `out` (no allocation, for
/// search); returns the number of players.
pub fn score_into(game: &Game, out: &mut [PlayerScoring; 4]) -> usize {
    let sides = game.config().sides;
    let players = game.players();
    let most_wounded = players
        .iter()
        .map(|p| p.infirmary().len())
        .max()
        .unwrap_or(0);
    let (per_card, most_penalty) = infirmary_penalties(&sides);

    for (s, p) in out.iter_mut().zip(players) {
        let cards = p.infirmary().len();
        let infirmary_most = if most_wounded >= 1 && cards == most_wounded {
            most_penalty
        } else {
            0
        };
        let n = p.realm().occupied_locations();
        *s = PlayerScoring {
            before: p.score(),
            infirmary_cards: cards as u8,
            infirmary_per_card: per_card * cards as i32,
            infirmary_most,
            variety_locations: n,
            variety: i32::from(n) * i32::from(n),
            majority: [0; 7],
            meeples: p.meeples(),
            total: 0,
        };
    }

    for location in &Location::ALL[..7] {
        let i = location.index();
        let value = majority_value(&sides, *location).unwrap_or(0);
        let most = players
            .iter()
            .map(|p| p.realm().counts()[i])
            .max()
            .unwrap_or(0);
        if most == 0 {
            continue; // nobody scores a location where every player has 0
        }
        for (s, p) in out.iter_mut().zip(players) {
            if p.realm().counts()[i] == most {
                s.majority[i] = value;
            }
        }
    }

    for s in out.iter_mut().take(players.len()) {
        s.total = s.before + s.infirmary() + s.variety + s.majority_total();
    }
    players.len()
}

fn winners(scoring: &[PlayerScoring], meeple_tiebreak: bool) -> Vec<usize> {
    let best = scoring.iter().map(|s| s.total).max().unwrap_or(0);
    let mut tied: Vec<usize> = (0..scoring.len())
        .filter(|&i| scoring[i].total == best)
        .collect();
    if meeple_tiebreak && tied.len() > 1 {
        let most = tied.iter().map(|&i| scoring[i].meeples).max().unwrap_or(0);
        tied.retain(|&i| scoring[i].meeples == most);
    }
    tied
}
