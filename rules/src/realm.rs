//! A player's realm: the characters at locations 1–7 in placement order, and
//! the Infirmary stack.

use serde::{Deserialize, Serialize};

use crate::card::{ByCharacter, Card, Character, Location};

/// A card lying at a location as the character it was placed as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The card.
    pub card: Card,
    /// The character it lies as (for a split card, the half chosen).
    pub character: Character,
}

impl Placement {
    /// The location it lies at: its character's.
    pub fn location(self) -> Location {
        self.character.location()
    }
}

/// The cards at locations 1–7. A healed card counts as placed when it
/// returns (ruling 12).
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<Placement>", into = "Vec<Placement>")]
pub struct Realm {
    placed: Vec<Placement>,
    /// Characters per location, derived from `placed`.
    counts: ByCharacter<u8>,
}

// `clone_from` reuses the allocation, so search can copy games cheaply.
impl Clone for Realm {
    fn clone(&self) -> Realm {
        Realm {
            placed: self.placed.clone(),
            counts: self.counts,
        }
    }

    fn clone_from(&mut self, source: &Realm) {
        self.placed.clone_from(&source.placed);
        self.counts = source.counts;
    }
}

impl From<Vec<Placement>> for Realm {
    fn from(placed: Vec<Placement>) -> Realm {
        let mut counts = ByCharacter::default();
        for p in &placed {
            counts[p.character] += 1;
        }
        Realm { placed, counts }
    }
}

impl From<Realm> for Vec<Placement> {
    fn from(realm: Realm) -> Vec<Placement> {
        realm.placed
    }
}

impl Realm {
    pub(crate) fn with_capacity(n: usize) -> Realm {
        Realm {
            placed: Vec::with_capacity(n),
            counts: ByCharacter::default(),
        }
    }

    /// How many of `character` are in the realm (at its location).
    pub fn count(&self, character: Character) -> u8 {
        self.counts[character]
    }

    /// How many of each character are in the realm: characters per
    /// location 1–7.
    pub fn counts(&self) -> ByCharacter<u8> {
        self.counts
    }

    /// Cards at locations 1–7.
    pub fn len(&self) -> usize {
        self.placed.len()
    }

    /// No card at locations 1–7 (the Infirmary does not count).
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    /// Every card in the realm, in the order it was placed.
    pub fn placements(&self) -> &[Placement] {
        &self.placed
    }

    /// The cards at one location, in the order they were placed.
    pub fn at(&self, location: Location) -> impl Iterator<Item = Placement> + '_ {
        self.placed
            .iter()
            .copied()
            .filter(move |p| p.location() == location)
    }

    /// Locations 1–7 holding at least one character (variety's n).
    pub fn occupied_locations(&self) -> u8 {
        self.counts.values().filter(|&&n| n > 0).count() as u8
    }

    /// The largest count among locations 1–7 (Inn B, ruling 4).
    pub fn fullest(&self) -> u8 {
        self.counts.values().copied().max().unwrap_or(0)
    }

    pub(crate) fn add(&mut self, placement: Placement) {
        self.counts[placement.character] += 1;
        self.placed.push(placement);
    }

    /// Ruling 1: the wounded card is the most recently placed card at the
    /// leftmost occupied location. None when the realm is empty.
    pub(crate) fn wound(&mut self) -> Option<Placement> {
        let (leftmost, _) = self.counts.iter().find(|&(_, &n)| n > 0)?;
        let index = self.placed.iter().rposition(|p| p.character == leftmost)?;
        self.counts[leftmost] -= 1;
        Some(self.placed.remove(index))
    }
}
