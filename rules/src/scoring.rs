//! Final scoring (rules/RULES.md "Final scoring"): Infirmary, variety, majority,
//! winners.

use serde::{Deserialize, Serialize};

use crate::card::{Character, Meeples, CHARACTERS};
use crate::config::GameConfig;
use crate::locations::{infirmary_penalties, majority_value};
use crate::player::Player;
use crate::seat::Seat;

/// Scoring of up to this many players fits in a fixed array (no allocation).
const MAX_PLAYERS: usize = GameConfig::MAX_PLAYERS;

/// One player's final scoring, step by step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    pub majority: [i32; CHARACTERS],
    /// Meeples left (the optional tiebreak).
    pub meeples: Meeples,
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

    /// What final scoring adds to the points before it: the Infirmary's
    /// penalty, variety and majorities (steps 1–3). Of players as they
    /// stand mid-game, what they would gain if the game ended now.
    pub fn final_points(&self) -> i32 {
        self.infirmary() + self.variety + self.majority_total()
    }
}

/// Final scoring for every player, and who won.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FinalScoring {
    /// Each player's final scoring, in seat order.
    pub players: Vec<PlayerScoring>,
    /// Seats sharing the victory (more than one on a tie).
    pub winners: Vec<Seat>,
}

impl FinalScoring {
    /// Final scoring of `players` as they stand under `config` (the game's
    /// [`FinalScoring::of`] calls this).
    pub fn of_players(config: &GameConfig, players: &[Player]) -> FinalScoring {
        let mut scoring = [PlayerScoring::default(); MAX_PLAYERS];
        let n = score_into(config, players, &mut scoring);
        let players = scoring[..n].to_vec();
        let winners = winners(&players, config.meeple_tiebreak());
        FinalScoring { players, winners }
    }

    /// The share of the victory `seat` won: 1 for a lone winner, 1/k for each
    /// of k players sharing it, 0 for the others. Every win rate counts so.
    pub fn win_share(&self, seat: Seat) -> f64 {
        if self.winners.contains(&seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

/// Final scoring of every player written into `out` (no allocation, for
/// search); returns the number of players.
pub fn score_into(
    config: &GameConfig,
    players: &[Player],
    out: &mut [PlayerScoring; MAX_PLAYERS],
) -> usize {
    let sides = config.sides();
    let most_wounded = players
        .iter()
        .map(|p| p.infirmary().len())
        .max()
        .unwrap_or(0);
    let (per_card, most_penalty) = infirmary_penalties(&sides);

    for (s, p) in out.iter_mut().zip(players) {
        let cards = p.infirmary().len();
        // Ruling 11: only a largest count of at least one card is fined.
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
            majority: [0; CHARACTERS],
            meeples: p.meeples(),
            total: 0,
        };
    }

    for character in Character::ALL {
        let location = character.location();
        let i = location.index();
        let value = majority_value(&sides, location).unwrap_or(0);
        let most = players
            .iter()
            .map(|p| p.realm().count(character))
            .max()
            .unwrap_or(0);
        if most == 0 {
            continue; // ruling 10: nobody scores a location where every player has 0
        }
        for (s, p) in out.iter_mut().zip(players) {
            if p.realm().count(character) == most {
                s.majority[i] = value;
            }
        }
    }

    for s in out.iter_mut().take(players.len()) {
        s.total = s.before + s.final_points();
    }
    players.len()
}

/// The highest total wins; tied players share the victory, or with the
/// optional tiebreak only those of them with the most meeples (ruling 13).
fn winners(scoring: &[PlayerScoring], meeple_tiebreak: bool) -> Vec<Seat> {
    let best = scoring.iter().map(|s| s.total).max().unwrap_or(0);
    let mut tied: Vec<Seat> = Seat::all(scoring.len())
        .filter(|s| scoring[s.index()].total == best)
        .collect();
    if meeple_tiebreak && tied.len() > 1 {
        let most = tied
            .iter()
            .map(|s| scoring[s.index()].meeples)
            .max()
            .unwrap_or(0);
        tied.retain(|s| scoring[s.index()].meeples == most);
    }
    tied
}
