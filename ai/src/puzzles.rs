//! Puzzles: positions from the expert's own games where one turn is
//! clearly best. "The expert" here is the classic expert
//! ([`crate::bots::ExpertParams::classic`], 2,000 iterations): the shipped
//! puzzles were found with it, and a puzzle file is what its seed
//! generates.
//!
//! The criterion, stated once ([`appraise`]): each legal turn is searched
//! on its own by the expert with the expert's budget (so a position is
//! searched with several times that budget), and the answer's expected
//! final margin (points ahead of the best opponent) beats every other
//! turn's by more than [`MARGIN`]. A position of the expert's self-play is
//! a candidate when the expert's own search there finds its turn that much
//! better; it is kept only when [`CONFIRMATIONS`] appraisals with other
//! seeds find the same answer, [`HEADROOM`] wider ([`confirm`]).
//! `tests/puzzles.rs` appraises every shipped puzzle again with a seed
//! none of those used ([`check_seed`]).
//!
//! [`generate`] is a pure function of its seed: the same seed writes the
//! same puzzles (the command `majesty puzzles`). Each puzzle names its
//! [`Theme`], read from what the answer does ([`Reason`]).

use serde::{Deserialize, Serialize};

use crate::bots::expert::CLASSIC_ITERATIONS;
use crate::bots::{seed_for, ExpertSearch};
use crate::coach::{estimate, Reason};
use majesty_rules::card::{Character, Location};
use majesty_rules::config::{GameConfig, Side, Sides};
use majesty_rules::game::Game;
use majesty_rules::observation::Observation;
use majesty_rules::record::{GameRecord, RecordError};
use majesty_rules::rng;
use majesty_rules::seat::Seat;
use majesty_rules::turn::Turn;

/// Points by which a puzzle's answer beats every other turn.
pub const MARGIN: f64 = 3.0;

/// How many confirming searches (each with a seed of its own) a puzzle
/// passes before it is kept.
pub const CONFIRMATIONS: u64 = 3;

/// Points beyond [`MARGIN`] each confirming search must find: a search
/// with another seed finds the gap a little wider or narrower, and a
/// puzzle must pass its check with any seed, not only the ones that made it.
pub const HEADROOM: f64 = 3.0;

/// A game is cut into this many phases (opening, middle game, end game):
/// at most one puzzle comes from each, so that a game's puzzles are not
/// alike and the end game has its share.
const PHASES: usize = 3;

/// What a puzzle's answer does, the first that applies in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// A Knight's attack wounds an opponent (Barracks).
    Attack,
    /// A card comes back from the Infirmary (Cottage).
    Heal,
    /// Fewer opponents could wound you afterwards (a Guardhouse defence).
    Defence,
    /// Meeples traded at Castle B.
    CastleTrade,
    /// A majority won or taken from an opponent (the race for final
    /// scoring).
    Majority,
    /// Meeples gathered for later turns.
    Meeples,
    /// Simply the most points, now and later.
    Points,
}

impl Theme {
    /// Every theme, in the order [`Theme::of`] tries them.
    pub const ALL: [Theme; 7] = [
        Theme::Attack,
        Theme::Heal,
        Theme::Defence,
        Theme::CastleTrade,
        Theme::Majority,
        Theme::Meeples,
        Theme::Points,
    ];

    /// Its name in data and locale keys (`attack`, `castle_trade`…).
    pub fn name(self) -> &'static str {
        match self {
            Theme::Attack => "attack",
            Theme::Heal => "heal",
            Theme::Defence => "defence",
            Theme::CastleTrade => "castle_trade",
            Theme::Majority => "majority",
            Theme::Meeples => "meeples",
            Theme::Points => "points",
        }
    }

    /// The theme of `answer` for the player to move, seeing `seen`.
    pub fn of(seen: &Observation, answer: Turn, reason: &Reason) -> Theme {
        if !reason.wounded.is_empty() {
            Theme::Attack
        } else if reason.healed.is_some() {
            Theme::Heal
        } else if reason.exposed_after.len() < reason.exposed_before.len() {
            Theme::Defence
        } else if answer.place == Character::Noble
            && answer.trade != 0
            && seen.config().sides().of(Location::Castle) == Side::B
        {
            Theme::CastleTrade
        } else if !reason.majorities_won.is_empty() || !reason.majorities_taken.is_empty() {
            Theme::Majority
        } else if reason.meeples >= 2 {
            Theme::Meeples
        } else {
            Theme::Points
        }
    }
}

/// One puzzle: a game's beginning and the turn to find for the player to
/// move after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// Its stable name in links (`?puzzle=<id>`) and in a player's record:
    /// a digest of the position, so that puzzles written again keep theirs.
    pub id: String,
    /// What the answer does.
    pub theme: Theme,
    /// The game up to the position (its seed deals the unseen cards).
    pub record: GameRecord,
    /// The turn to find.
    pub answer: Turn,
    /// The best of the other turns.
    pub runner_up: Turn,
    /// By how many points the answer beat the runner-up: the least of the
    /// confirming searches, in tenths of a point.
    pub gap_tenths: u32,
}

impl Puzzle {
    /// The id of the puzzle at the end of `record`: 8 hex digits of the
    /// digest of its [`GameRecord::digest_text`] (the seed a number in
    /// it, whichever way the record is written, so that an id stays the
    /// one links and saved progress name).
    pub fn id_of(record: &GameRecord) -> String {
        format!("{:08x}", digest(record.digest_text().as_bytes()) >> 32)
    }

    /// The position to solve.
    pub fn position(&self) -> Result<Game, RecordError> {
        self.record.replay()
    }

    /// The seat to play.
    pub fn seat(&self) -> Result<Seat, RecordError> {
        Ok(self.position()?.current_player())
    }

    /// Whether `turn` solves the puzzle (the answer exactly, its trade and
    /// heal included: any other turn was worse by more than [`MARGIN`]).
    pub fn solved_by(&self, turn: Turn) -> bool {
        turn == self.answer
    }

    /// Appraises the position again as [`confirm`] does, with `seed`: Ok
    /// when the answer is still best by more than [`MARGIN`], else what the
    /// appraisal found instead.
    pub fn check(&self, seed: u64) -> Result<Appraisal, Failed> {
        let game = self.position().map_err(Failed::Record)?;
        let found = appraise(&Observation::to_move(&game), seed, CLASSIC_ITERATIONS)
            .ok_or(Failed::Forced)?;
        if found.best == self.answer && found.gap > MARGIN {
            Ok(found)
        } else {
            Err(Failed::Appraisal(found))
        }
    }
}

/// Why a puzzle failed its check.
#[derive(Clone, Debug, PartialEq)]
pub enum Failed {
    /// Its record does not replay.
    Record(RecordError),
    /// Only one turn is legal: nothing to find.
    Forced,
    /// The search found another best turn, or too small a gap.
    Appraisal(Appraisal),
}

/// The seed `tests/puzzles.rs` checks a puzzle with: none of the
/// generation's seeds (those are [`seed_for`] the game's turn, and
/// [`confirm`]'s).
pub fn check_seed(puzzle: &Puzzle) -> u64 {
    digest(puzzle.id.as_bytes()) ^ 0x5EED_C4EC_0000_0001
}

/// What the searches of a position say of its best turn by the puzzles'
/// criterion, the expected final margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Appraisal {
    /// The turn with the highest expected margin.
    pub best: Turn,
    /// The turn with the next highest.
    pub runner_up: Turn,
    /// `best`'s expected margin minus `runner_up`'s, in points.
    pub gap: f64,
}

/// Searches each legal turn of the player to move, seeing `seen`, on its own, as the expert would go
/// on after it ([`ExpertSearch::of_turn`]), with `iterations` each: every
/// turn is judged with the same effort (in one search, the turn the search
/// settles on is searched deeper than the others, and its margin looks
/// better for it). None when the game is over or only one turn is legal.
pub fn appraise(seen: &Observation, seed: u64, iterations: u32) -> Option<Appraisal> {
    let legal = seen.legal_turns();
    if legal.len() < 2 {
        return None;
    }
    let mut margins: Vec<(Turn, f64)> = legal
        .iter()
        .map(|&turn| {
            let mut search = ExpertSearch::of_turn(seen, seed, turn);
            search.run(iterations);
            let margin = search.stats().first().map_or(f64::MIN, |s| s.margin);
            (turn, margin)
        })
        .collect();
    margins.sort_by(|a, b| b.1.total_cmp(&a.1));
    let ((best, first), (runner_up, second)) = (margins[0], margins[1]);
    Some(Appraisal {
        best,
        runner_up,
        gap: first - second,
    })
}

/// Whether the expert's own search (the turn it plays, `seed`) finds its
/// turn better than every other by more than [`MARGIN`]: a quick sieve
/// before [`confirm`]. Returns the turn the expert plays.
fn expert_turn(seen: &Observation, seed: u64) -> (Turn, bool) {
    let mut search = ExpertSearch::classic(seen, seed);
    let game = &crate::bots::world(seen);
    search.run(CLASSIC_ITERATIONS);
    let stats = search.stats();
    let played = search.best().expect("the game is not over");
    let margin = |turn: Turn| estimate(game, turn, stats.iter().find(|s| s.turn == turn)).0;
    let mine = margin(played);
    let clear = game
        .legal_turns()
        .iter()
        .filter(|&&t| t != played)
        .all(|&t| mine - margin(t) > MARGIN);
    (played, clear && game.legal_turns().len() > 1)
}

/// The confirming searches of a position where the expert's turn looked
/// clearly best: when each finds `answer` best by more than [`MARGIN`]
/// and [`HEADROOM`], the one with the least gap, else None.
pub fn confirm(seen: &Observation, answer: Turn, game_seed: u64) -> Option<Appraisal> {
    let mut least: Option<Appraisal> = None;
    for k in 1..=CONFIRMATIONS {
        let seed = seed_for(
            game_seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            seen.turn_number(),
        );
        let found = appraise(seen, seed, CLASSIC_ITERATIONS)?;
        if found.best != answer || found.gap <= MARGIN + HEADROOM {
            return None;
        }
        if least.is_none_or(|l| found.gap < l.gap) {
            least = Some(found);
        }
    }
    least
}

/// What the generation did, for its report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Games of self-play finished.
    pub games: usize,
    /// Positions searched with the expert's budget (every turn played).
    pub positions: usize,
    /// Positions clear enough to be confirmed, and those confirmed.
    pub candidates: usize,
    /// Puzzles kept, at most the count asked for.
    pub kept: usize,
}

/// `count` puzzles from the expert's self-play, a pure function of `seed`:
/// games of 2, 3 and 4 players in turn, on side A, side B and mixed sides.
/// `progress` hears of each game finished.
pub fn generate(
    seed: u64,
    count: usize,
    mut progress: impl FnMut(&Effort),
) -> (Vec<Puzzle>, Effort) {
    let mut rng = rng::seeded(seed);
    let mut puzzles = Vec::with_capacity(count);
    let mut effort = Effort::default();
    while puzzles.len() < count {
        use rand::Rng as _;
        let players = 2 + effort.games % 3;
        let sides = table_sides(effort.games, &mut rng);
        let game_seed = rng.next_u64();
        let config = GameConfig::new(players)
            .expect("2 to 4 players")
            .with_sides(sides);
        let names = ["Ann", "Bob", "Cid", "Dee"][..players]
            .iter()
            .map(|n| n.to_string())
            .collect();
        let record = GameRecord::new(names, &config, game_seed);
        let found = from_game(record, &mut effort);
        puzzles.extend(found.into_iter().take(count - puzzles.len()));
        effort.games += 1;
        effort.kept = puzzles.len();
        progress(&effort);
    }
    (puzzles, effort)
}

/// Game `n`'s sides: all A, all B, then two games of sides drawn at random.
fn table_sides(n: usize, rng: &mut rng::Rng) -> Sides {
    use rand::Rng as _;
    match n % 4 {
        0 => Sides::ALL_A,
        1 => Sides::ALL_B,
        _ => Sides(std::array::from_fn(|_| {
            if rng.next_u32() & 1 == 1 {
                Side::B
            } else {
                Side::A
            }
        })),
    }
}

/// Plays `record`'s game as the expert would at every seat and keeps at
/// most one position of each of its [`PHASES`] as a puzzle, each of
/// another theme.
fn from_game(mut record: GameRecord, effort: &mut Effort) -> Vec<Puzzle> {
    let game_seed = record.seed.expect("a dealt game");
    let mut game = record.start().expect("a new deal starts");
    let mut found: Vec<Puzzle> = Vec::new();
    while !game.is_over() {
        let seen = Observation::to_move(&game);
        let (played, clear) = expert_turn(&seen, seed_for(game_seed, game.turn_number()));
        effort.positions += 1;
        let phase = phase(&game);
        let phase_done = found.iter().any(|p| phase_of_record(&p.record) == phase);
        if clear && !phase_done {
            effort.candidates += 1;
            let reason = Reason::of(&seen, played).expect("the search plays legal turns");
            let theme = Theme::of(&seen, played, &reason);
            if !found.iter().any(|p| p.theme == theme) {
                if let Some(appraisal) = confirm(&seen, played, game_seed) {
                    found.push(puzzle(&record, theme, appraisal));
                }
            }
        }
        play(&mut game, &mut record, played);
    }
    found
}

/// The phase of the game `game` is in, from 0.
fn phase(game: &Game) -> usize {
    game.turn_number() * PHASES / game.config().total_turns()
}

fn phase_of_record(record: &GameRecord) -> usize {
    record.turns.len() * PHASES / (record.players.len() * GameConfig::CARDS_PER_PLAYER)
}

fn play(game: &mut Game, record: &mut GameRecord, turn: Turn) {
    game.apply_quiet(turn)
        .expect("the search plays legal turns");
    record.turns.push(turn);
}

fn puzzle(record: &GameRecord, theme: Theme, found: Appraisal) -> Puzzle {
    Puzzle {
        id: Puzzle::id_of(record),
        theme,
        record: record.clone(),
        answer: found.best,
        runner_up: found.runner_up,
        gap_tenths: (found.gap * 10.0).floor() as u32,
    }
}

/// FNV-1a 64: the same on every platform.
fn digest(bytes: &[u8]) -> u64 {
    use std::hash::Hasher as _;
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(bytes);
    hasher.finish()
}

/// The puzzle of the day `day` (days since 1970-01-01): every puzzle once
/// before any comes back, in an order that mixes themes and tables.
pub fn of_the_day(day: i64, count: usize) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let n = count as i64;
    // A step coprime with n walks every index once per n days.
    let step = (n / 2..n)
        .chain(1..n / 2)
        .find(|s| gcd(*s, n) == 1)
        .unwrap_or(1);
    Some((day.rem_euclid(n) * step % n) as usize)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The shipped puzzles' file: the puzzles and how they were made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleFile {
    /// The generation's seed (`majesty puzzles --seed`).
    pub seed: u64,
    /// [`MARGIN`] when they were made.
    pub margin: f64,
    /// The puzzles, in the order they were made.
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleFile {
    /// The puzzle with this `id`, if the file has it.
    pub fn find(&self, id: &str) -> Option<&Puzzle> {
        self.puzzles.iter().find(|p| p.id == id)
    }
}
