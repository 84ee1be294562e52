//! One player's position: points, meeples, realm and Infirmary.

use serde::Serialize;

use crate::card::{Card, Meeples, WORKER_SPACES};
use crate::config::GameConfig;
use crate::realm::Realm;

/// One player's position. Written as JSON for reports, never read back:
/// a player is made by a game or a checked position.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Player {
    pub(crate) score: i32,
    /// Above 5 only during a turn, before the end-of-turn conversion.
    pub(crate) meeples: Meeples,
    pub(crate) realm: Realm,
    /// Face down; the last card is the top of the stack.
    pub(crate) infirmary: Vec<Card>,
}

// `clone_from` reuses allocations, so search can copy games cheaply.
impl Clone for Player {
    fn clone(&self) -> Player {
        Player {
            score: self.score,
            meeples: self.meeples,
            realm: self.realm.clone(),
            infirmary: self.infirmary.clone(),
        }
    }

    fn clone_from(&mut self, source: &Player) {
        self.score = source.score;
        self.meeples = source.meeples;
        self.realm.clone_from(&source.realm);
        self.infirmary.clone_from(&source.infirmary);
    }
}

impl Player {
    /// A player at set-up: no points, a full worker card, no cards.
    pub(crate) fn new() -> Player {
        Player {
            score: 0,
            meeples: WORKER_SPACES,
            realm: Realm::with_capacity(GameConfig::CARDS_PER_PLAYER),
            infirmary: Vec::with_capacity(GameConfig::CARDS_PER_PLAYER),
        }
    }

    /// Points so far (before final scoring).
    pub fn score(&self) -> i32 {
        self.score
    }

    /// Meeples on the worker card: 0–5 between turns.
    pub fn meeples(&self) -> Meeples {
        self.meeples
    }

    /// The cards at locations 1–7 (the Infirmary apart).
    pub fn realm(&self) -> &Realm {
        &self.realm
    }

    /// The Infirmary stack, bottom first. Its size is public; only its owner
    /// may look at the cards (the UI's business).
    pub fn infirmary(&self) -> &[Card] {
        &self.infirmary
    }

    /// The top card of the Infirmary (what its owner sees, and what a Witch heals).
    pub fn infirmary_top(&self) -> Option<Card> {
        self.infirmary.last().copied()
    }

    /// Cards taken so far, the Infirmary's included.
    pub fn cards(&self) -> usize {
        self.realm.len() + self.infirmary.len()
    }
}
