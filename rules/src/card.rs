//! The components (rules/RULES.md, "Components"): characters, locations,
//! character cards, and the worker card's meeples. The bottom of the crate:
//! this module uses no other.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Character types, one per location 1–7 (Miller … Noble).
pub const CHARACTERS: usize = 7;
/// Locations of a realm: the seven of the characters and the Infirmary.
pub const LOCATIONS: usize = 8;

/// A number of meeples: on a worker card, on a display card, paid or gained.
/// One type for all of them; a Castle B trade is signed and stays an `i32`.
pub type Meeples = u8;
/// Spaces on a worker card, and the meeples each player starts with
/// (rules/RULES.md "Components" and "Setup" step 2).
pub const WORKER_SPACES: Meeples = 5;

/// One of the seven character types. The discriminant is the index of the
/// character's location (Miller → Mill = 0 … Noble → Castle = 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Character {
    /// Goes to the Mill, which pays 2 points per Miller.
    Miller = 0,
    /// Goes to the Brewery, which pays a meeple per Brewer.
    Brewer = 1,
    /// Goes to the Cottage, which heals the top card of your Infirmary.
    Witch = 2,
    /// Goes to the Guardhouse. Guards defend: an attack wounds you only when
    /// the attacker's Knights outnumber your Guards.
    Guard = 3,
    /// Goes to the Barracks, which attacks every opponent with fewer Guards
    /// than your Knights, then pays 3 points per Knight.
    Knight = 4,
    /// Goes to the Inn, which pays points per Innkeeper.
    Innkeeper = 5,
    /// Goes to the Castle, which pays points per Noble.
    Noble = 6,
}

impl Character {
    /// All characters in location order.
    pub const ALL: [Character; CHARACTERS] = [
        Character::Miller,
        Character::Brewer,
        Character::Witch,
        Character::Guard,
        Character::Knight,
        Character::Innkeeper,
        Character::Noble,
    ];

    /// Index 0–6, the same as its location's index.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The location this character is placed at.
    pub const fn location(self) -> Location {
        Location::ALL[self as usize]
    }

    /// The character for a location index 0–6.
    pub fn from_index(index: usize) -> Option<Character> {
        Character::ALL.get(index).copied()
    }

    /// The English name used in game records.
    pub const fn name(self) -> &'static str {
        match self {
            Character::Miller => "Miller",
            Character::Brewer => "Brewer",
            Character::Witch => "Witch",
            Character::Guard => "Guard",
            Character::Knight => "Knight",
            Character::Innkeeper => "Innkeeper",
            Character::Noble => "Noble",
        }
    }
}

impl fmt::Display for Character {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value for each of the seven characters, and so for each of
/// locations 1–7: a realm's characters per location, say. Indexed by
/// [`Character`]; iterates in location order. In JSON it is a list of the
/// seven values, Miller's first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ByCharacter<T>([T; CHARACTERS]);

impl<T> ByCharacter<T> {
    /// The value of each character, in location order.
    pub const fn new(values: [T; CHARACTERS]) -> ByCharacter<T> {
        ByCharacter(values)
    }

    /// `value(character)` for each character.
    pub fn from_fn(mut value: impl FnMut(Character) -> T) -> ByCharacter<T> {
        ByCharacter(Character::ALL.map(&mut value))
    }

    /// Each character with its value, in location order.
    pub fn iter(&self) -> impl Iterator<Item = (Character, &T)> + '_ {
        Character::ALL.into_iter().zip(&self.0)
    }

    /// The values alone, in location order.
    pub fn values(&self) -> impl Iterator<Item = &T> + '_ {
        self.0.iter()
    }

    /// The values, in location order.
    pub fn into_array(self) -> [T; CHARACTERS] {
        self.0
    }

    /// Every value changed by `f`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByCharacter<U> {
        ByCharacter(self.0.map(f))
    }
}

impl<T> std::ops::Index<Character> for ByCharacter<T> {
    type Output = T;
    fn index(&self, character: Character) -> &T {
        &self.0[character.index()]
    }
}

impl<T> std::ops::IndexMut<Character> for ByCharacter<T> {
    fn index_mut(&mut self, character: Character) -> &mut T {
        &mut self.0[character.index()]
    }
}

impl<T> IntoIterator for ByCharacter<T> {
    type Item = (Character, T);
    type IntoIter = std::iter::Zip<
        std::array::IntoIter<Character, CHARACTERS>,
        std::array::IntoIter<T, CHARACTERS>,
    >;
    fn into_iter(self) -> Self::IntoIter {
        Character::ALL.into_iter().zip(self.0)
    }
}

impl<'a, T> IntoIterator for &'a ByCharacter<T> {
    type Item = (Character, &'a T);
    type IntoIter =
        std::iter::Zip<std::array::IntoIter<Character, CHARACTERS>, std::slice::Iter<'a, T>>;
    fn into_iter(self) -> Self::IntoIter {
        Character::ALL.into_iter().zip(self.0.iter())
    }
}

/// A name that is not one of the seven characters or a valid card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName(pub String);

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown card or character {:?} (expected one of Miller, Brewer, Witch, Guard, \
             Knight, Innkeeper, Noble, or two of them as \"A/B\")",
            self.0
        )
    }
}

impl std::error::Error for UnknownName {}

impl FromStr for Character {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let trimmed = s.trim();
        Character::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(trimmed))
            .ok_or_else(|| UnknownName(s.to_string()))
    }
}

impl Serialize for Character {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Character {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The eight locations of a realm, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Location {
    /// 1, the Millers': 2 points per Miller (B: then 3 to every player with
    /// a Witch).
    Mill = 0,
    /// 2, the Brewers'. A: 2 points and a meeple per Brewer, then 2 to every
    /// player with a Miller. B: a meeple per Miller and per Brewer, then 10
    /// if you have an Innkeeper and a Noble.
    Brewery = 1,
    /// 3, the Witches': heals the top card of your Infirmary, then points
    /// (A: 2 per Miller, per Brewer and per Witch; B: 3 per Witch).
    Cottage = 2,
    /// 4, the Guards': defends (passive), then 2 points per Guard and two
    /// other kinds (A: Knight, Innkeeper; B: Brewer, Witch, then 3 to every
    /// player with an Innkeeper).
    Guardhouse = 3,
    /// 5, the Knights': attacks, then 3 points per Knight (B: also per
    /// Innkeeper and per Noble).
    Barracks = 4,
    /// 6, the Innkeepers'. A: 4 points per Innkeeper, then 3 to every player
    /// with a Brewer. B: for each Innkeeper, 2 per character at your fullest
    /// location.
    Inn = 5,
    /// 7, the Nobles'. A: 5 points and a meeple per Noble. B: a trade of
    /// meeples and points, then 4 per Noble and per card in your Infirmary.
    Castle = 6,
    /// 8: where wounded characters go. Only at the game end: −1 per card in
    /// it (B: −2 per card, and −10 for the most, if at least one: ruling
    /// 11).
    Infirmary = 7,
}

impl Location {
    /// All eight locations, left to right.
    pub const ALL: [Location; LOCATIONS] = [
        Location::Mill,
        Location::Brewery,
        Location::Cottage,
        Location::Guardhouse,
        Location::Barracks,
        Location::Inn,
        Location::Castle,
        Location::Infirmary,
    ];

    /// Locations 1–7, the ones characters are placed at (all but the
    /// Infirmary): the locations of variety and majority.
    pub const WITH_CHARACTERS: [Location; CHARACTERS] = [
        Location::Mill,
        Location::Brewery,
        Location::Cottage,
        Location::Guardhouse,
        Location::Barracks,
        Location::Inn,
        Location::Castle,
    ];

    /// Index 0–7.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The character that lives here (none for the Infirmary).
    pub fn character(self) -> Option<Character> {
        Character::from_index(self.index())
    }

    /// The English name, as in rules/RULES.md.
    pub const fn name(self) -> &'static str {
        match self {
            Location::Mill => "Mill",
            Location::Brewery => "Brewery",
            Location::Cottage => "Cottage",
            Location::Guardhouse => "Guardhouse",
            Location::Barracks => "Barracks",
            Location::Inn => "Inn",
            Location::Castle => "Castle",
            Location::Infirmary => "Infirmary",
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A character card: one character, or a split card showing two different
/// characters. A split card is stored with its characters in location order
/// (ruling 7), so `Miller/Brewer` and `Brewer/Miller` are the same card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    first: Character,
    second: Option<Character>,
}

impl Card {
    /// A card showing one character.
    pub const fn single(character: Character) -> Card {
        Card {
            first: character,
            second: None,
        }
    }

    /// A split card of two characters, in either order. Two equal characters
    /// make an ordinary card.
    pub fn split(a: Character, b: Character) -> Card {
        match a.cmp(&b) {
            std::cmp::Ordering::Equal => Card::single(a),
            std::cmp::Ordering::Less => Card {
                first: a,
                second: Some(b),
            },
            std::cmp::Ordering::Greater => Card {
                first: b,
                second: Some(a),
            },
        }
    }

    /// Whether the card shows two characters.
    pub const fn is_split(self) -> bool {
        self.second.is_some()
    }

    /// The one or two characters this card can be, in location order.
    pub fn characters(self) -> impl Iterator<Item = Character> + Clone {
        std::iter::once(self.first).chain(self.second)
    }

    /// Whether this card may be placed as `character`.
    pub fn can_be(self, character: Character) -> bool {
        self.first == character || self.second == Some(character)
    }

    /// Tier-1 and tier-2 copies of this card in the 60-card game.
    pub fn copies(self) -> (u8, u8) {
        COMPOSITION
            .iter()
            .find(|(card, _, _)| *card == self)
            .map_or((0, 0), |&(_, t1, t2)| (t1, t2))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.second {
            None => f.write_str(self.first.name()),
            Some(second) => write!(f, "{}/{}", self.first, second),
        }
    }
}

impl From<Character> for Card {
    fn from(c: Character) -> Card {
        Card::single(c)
    }
}

impl FromStr for Card {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let unknown = || UnknownName(s.to_string());
        match s.split_once('/') {
            None => s.parse().map(Card::single).map_err(|_| unknown()),
            Some((a, b)) => {
                let a: Character = a.parse().map_err(|_| unknown())?;
                let b: Character = b.parse().map_err(|_| unknown())?;
                if a == b {
                    return Err(unknown());
                }
                Ok(Card::split(a, b))
            }
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

use Character::*;

const fn one(c: Character) -> Card {
    Card::single(c)
}

const fn two(a: Character, b: Character) -> Card {
    // Written in location order below, so no sorting is needed here.
    Card {
        first: a,
        second: Some(b),
    }
}

/// The 60 character cards: (card, tier-1 copies, tier-2 copies), as in the
/// table of rules/RULES.md "Components". Tier 1 totals 33, tier 2 totals 27.
pub const COMPOSITION: [(Card, u8, u8); 19] = [
    (one(Miller), 7, 2),
    (one(Brewer), 4, 2),
    (one(Witch), 3, 2),
    (one(Guard), 3, 2),
    (one(Knight), 2, 1),
    (one(Innkeeper), 2, 2),
    (one(Noble), 3, 2),
    (two(Miller, Brewer), 2, 1),
    (two(Miller, Knight), 1, 1),
    (two(Brewer, Witch), 1, 2),
    (two(Brewer, Knight), 0, 1),
    (two(Witch, Guard), 1, 2),
    (two(Witch, Innkeeper), 0, 1),
    (two(Witch, Noble), 0, 1),
    (two(Guard, Knight), 0, 2),
    (two(Guard, Innkeeper), 1, 0),
    (two(Guard, Noble), 1, 0),
    (two(Knight, Innkeeper), 1, 2),
    (two(Innkeeper, Noble), 1, 1),
];

/// The tier-1 cards (green backs), in table order.
pub fn tier_one() -> Vec<Card> {
    expand(|&(_, t1, _)| t1)
}

/// The tier-2 cards (red backs), in table order.
pub fn tier_two() -> Vec<Card> {
    expand(|&(_, _, t2)| t2)
}

fn expand(copies: impl Fn(&(Card, u8, u8)) -> u8) -> Vec<Card> {
    COMPOSITION
        .iter()
        .flat_map(|entry| std::iter::repeat_n(entry.0, copies(entry) as usize))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn composition_has_33_tier_one_and_27_tier_two_cards() {
        // rules/RULES.md "Components": tier 1 33 cards, tier 2 27 cards, 60 in all.
        assert_eq!(tier_one().len(), 33);
        assert_eq!(tier_two().len(), 27);
    }

    #[test]
    fn composition_counts_each_row_of_the_table() {
        // Spot checks of the rules/RULES.md table rows.
        assert_eq!(one(Miller).copies(), (7, 2));
        assert_eq!(Card::split(Knight, Innkeeper).copies(), (1, 2));
        assert_eq!(Card::split(Noble, Guard).copies(), (1, 0));
        assert_eq!(Card::split(Miller, Noble).copies(), (0, 0));
    }

    #[test]
    fn split_cards_are_named_in_location_order_and_parse_in_either() {
        // Ruling 7 and the record format ("accept either order on input").
        let card: Card = "Knight/Guard".parse().unwrap();
        assert_eq!(card.to_string(), "Guard/Knight");
        assert_eq!(card, "Guard/Knight".parse().unwrap());
        assert!(card.can_be(Guard) && card.can_be(Knight) && !card.can_be(Noble));
        assert!("Miller/Miller".parse::<Card>().is_err());
        assert!("Wizard".parse::<Card>().is_err());
        assert_eq!(
            serde_json::to_string(&card).unwrap(),
            "\"Guard/Knight\"".to_string()
        );
    }

    #[test]
    fn a_value_per_character_is_read_by_character_in_location_order() {
        // rules/RULES.md "Components": one character per location 1–7.
        let mut counts = ByCharacter::<u8>::default();
        counts[Knight] += 2;
        counts[Miller] = 1;
        assert_eq!(counts[Knight], 2);
        assert_eq!(counts.into_array(), [1, 0, 0, 0, 2, 0, 0]);
        let listed: Vec<(Character, u8)> = counts.into_iter().filter(|&(_, n)| n > 0).collect();
        assert_eq!(listed, [(Miller, 1), (Knight, 2)]);
        assert_eq!(
            ByCharacter::from_fn(|c| c.location()).iter().count(),
            CHARACTERS
        );
        assert_eq!(serde_json::to_string(&counts).unwrap(), "[1,0,0,0,2,0,0]");
    }

    #[test]
    fn characters_belong_to_their_locations() {
        // rules/RULES.md "Components": Miller → Mill (1) … Noble → Castle (7).
        assert_eq!(Miller.location(), Location::Mill);
        assert_eq!(Witch.location(), Location::Cottage);
        assert_eq!(Noble.location(), Location::Castle);
        assert_eq!(Location::Infirmary.character(), None);
    }
}
