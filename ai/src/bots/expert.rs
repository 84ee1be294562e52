//! Expert: information-set Monte Carlo tree search (single-observer ISMCTS,
//! Cowling, Powley and Whitehouse 2012).
//!
//! Nobody at the table knows the order of the face-down deck, and that is
//! the only hidden information. Every iteration therefore deals one guess at
//! the deck (a determinization: [`Observation::world`]) and walks one
//! shared tree in it: a node is a sequence of turns, whoever played them,
//! whatever cards the guesses turned up. Only the children legal in this
//! guess compete; each counts how often it was available, and UCB uses that
//! count instead of its parent's visits (the "subset-armed bandit").
//!
//! Each player picks in the tree by their own reward (max^n), so the
//! opponents are modelled as searching too. New children start from a
//! heuristic prior (medium's judgement of the position after the turn) worth
//! a few virtual visits: progressive bias, which also keeps hopeless turns
//! (most Castle B trades) from being tried at all. A leaf is played on for a
//! round with medium's greedy choices and judged by the heuristic, or by the
//! final scoring when the game ends.

use rand::Rng as _;

use super::heuristic::{evaluate, final_reward, judge, medium_with};
use super::value::{self, margin_of, ValueModel};
use majesty_rules::card::Character;
use majesty_rules::config::GameConfig;
use majesty_rules::game::Game;
use majesty_rules::observation::{DeckKnowledge, Observation, Scratch};
use majesty_rules::rng::{self, Rng};
use majesty_rules::scoring::FinalScoring;
use majesty_rules::seat::Seat;
use majesty_rules::turn::Turn;

/// The knobs of the search; [`ExpertParams::default`] is the tuned level,
/// [`ExpertParams::classic`] the expert before the learned evaluation.
///
/// Tuned against hard, 300 2-player games each at 2,000 iterations (the
/// classic expert): with a prior of 4 visits and one round played on,
/// exploration 0.15 won 84.3%, 0.25 82.8%, 0.4 68.3%; a prior of 2 visits
/// 82.5%; no rounds played on (the heuristic judging the leaf at once)
/// 75.5% of 200. The learned evaluation at the leaves and in the priors,
/// at 1,300 iterations (the classic expert's time at 2,000), won 69.6%
/// ±2.9% of 1,000 2-player games against the classic expert, and 64% of
/// the wins with 3 and with 4 players (docs/decisions/learned-eval.md).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpertParams {
    /// How a leaf (after the rounds played on) is judged.
    pub leaf: Judge,
    /// How a new child's prior is judged.
    pub prior: Judge,
    /// UCB exploration constant (rewards lie in 0..=1).
    pub exploration: f64,
    /// How many virtual visits the heuristic prior of a new child is worth.
    pub prior_visits: f64,
    /// Turns of medium's play after a leaf, as rounds of all players.
    pub rollout_rounds: f64,
}

impl Default for ExpertParams {
    /// The expert as it plays: the learned evaluation at the leaves and in
    /// the priors.
    fn default() -> ExpertParams {
        ExpertParams {
            leaf: Judge::learned(),
            prior: Judge::learned(),
            ..ExpertParams::classic()
        }
    }
}

impl ExpertParams {
    /// The expert before the learned evaluation: medium's projection at the
    /// leaves and in the priors. The puzzles are still found and checked
    /// with it, at [`CLASSIC_ITERATIONS`] (the shipped file is what its
    /// seed generates with it).
    pub fn classic() -> ExpertParams {
        ExpertParams {
            leaf: Judge::Hand,
            prior: Judge::Hand,
            exploration: 0.2,
            prior_visits: 4.0,
            rollout_rounds: 1.0,
        }
    }
}

/// How the search judges a position it stops in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Judge {
    /// Medium's hand-written projection of the final scores
    /// ([`super::heuristic::judge`]).
    Hand,
    /// A learned evaluation ([`super::value`]).
    Learned(&'static ValueModel),
}

impl Judge {
    /// The shipped learned evaluation.
    pub fn learned() -> Judge {
        Judge::Learned(value::shipped())
    }

    /// Every player's reward in 0..=1 for `game` written into `out`
    /// (the final result once the game is over).
    fn rewards(self, game: &Game, out: &mut [f64; GameConfig::MAX_PLAYERS]) {
        let players = game.players().len();
        if game.is_over() {
            for (p, r) in Seat::all(players).zip(out.iter_mut()) {
                *r = final_reward(game, p);
            }
            return;
        }
        match self {
            Judge::Hand => {
                for (p, r) in Seat::all(players).zip(out.iter_mut()) {
                    *r = judge(game, p);
                }
            }
            Judge::Learned(model) => {
                let mut worths = [0.0; GameConfig::MAX_PLAYERS];
                let n = model.worths(game, &mut worths);
                for (p, r) in out.iter_mut().enumerate().take(n) {
                    *r = model.reward(n, margin_of(&worths[..n], p));
                }
            }
        }
    }

    /// The reward of `seat` alone (see [`Judge::rewards`]).
    fn reward(self, game: &Game, seat: Seat) -> f64 {
        match self {
            Judge::Hand => judge(game, seat),
            Judge::Learned(_) => {
                let mut out = [0.0; GameConfig::MAX_PLAYERS];
                self.rewards(game, &mut out);
                out[seat.index()]
            }
        }
    }

    /// The projected margin of `seat` over its best opponent, in points
    /// (not for a finished game).
    fn margin(self, game: &Game, seat: Seat) -> f64 {
        match self {
            Judge::Hand => evaluate(game, seat),
            Judge::Learned(model) => model.margin(game, seat),
        }
    }
}

/// The expert's default budget: iterations per move. The learned
/// evaluation makes an iteration dearer (a deeper tree: more children
/// judged); 1,300 take about the time the classic expert's 2,000 took.
pub const EXPERT_ITERATIONS: u32 = 1300;

/// The classic expert's budget ([`ExpertParams::classic`]): the puzzles',
/// and `expert-classic`'s in tournaments.
pub const CLASSIC_ITERATIONS: u32 = 2000;

/// Expert: the most visited first turn after `iterations` iterations.
pub fn expert(seen: &Observation, rng: &mut Rng, iterations: u32) -> Option<Turn> {
    expert_with(seen, rng, iterations, ExpertParams::default())
}

/// The expert with other knobs (another judgement, for measuring).
pub fn expert_with(
    seen: &Observation,
    rng: &mut Rng,
    iterations: u32,
    params: ExpertParams,
) -> Option<Turn> {
    let mut search = ExpertSearch::with_params(seen, rng.next_u64(), params);
    search.run(iterations);
    search.best()
}

/// One node of the tree: the turn that led here and its statistics, from
/// the point of view of the player who made it.
#[derive(Clone, Debug)]
struct Node {
    turn: Turn,
    mover: Seat,
    children: Vec<u32>,
    visits: u32,
    /// Iterations in which this turn was legal (its bandit's "parent visits").
    available: u32,
    /// Sum of the mover's rewards.
    reward: f64,
    /// Sum of the searching player's projected score margin, in points.
    margin: f64,
    /// Sum of its squares (for its spread).
    margin_squares: f64,
    /// The heuristic's reward for the mover right after this turn.
    prior: f64,
}

impl Node {
    fn new(turn: Turn, mover: Seat, prior: f64) -> Node {
        Node {
            turn,
            mover,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
            margin: 0.0,
            margin_squares: 0.0,
            prior,
        }
    }
}

/// The sample standard deviation of a node's margins.
fn spread(node: &Node) -> f64 {
    if node.visits < 2 {
        return 0.0;
    }
    let n = f64::from(node.visits);
    let mean = node.margin / n;
    ((node.margin_squares - n * mean * mean) / (n - 1.0))
        .max(0.0)
        .sqrt()
}

/// What the search thinks of one candidate turn (for a coach).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnStats {
    /// The candidate turn.
    pub turn: Turn,
    /// Iterations that began with this turn.
    pub visits: u32,
    /// Mean reward in 0..=1 (mostly the chance of winning).
    pub value: f64,
    /// Mean projected final score minus the best opponent's, in points.
    pub margin: f64,
    /// The margin's standard deviation over those iterations (0 with
    /// fewer than two).
    pub margin_spread: f64,
}

/// The expert's search, resumable like [`super::Search`]: `run` slices of
/// iterations, then `best` (or `stats`). The result depends only on the
/// game, the seed, the parameters and the total iterations.
pub struct ExpertSearch {
    game: Game,
    seat: Seat,
    params: ExpertParams,
    rollout_turns: usize,
    knowledge: DeckKnowledge,
    rng: Rng,
    done: u32,
    single: bool,
    /// When set, the only first turn searched ([`ExpertSearch::of_turn`]).
    only: Option<Turn>,
    nodes: Vec<Node>,
    // Scratch space reused by every iteration.
    deal: Scratch,
    world: Game,
    scratch: Game,
    legal: Vec<Turn>,
    path: Vec<u32>,
}

impl ExpertSearch {
    /// The expert's search for the player to move, seeing `seen`, seeded
    /// `seed`, with the tuned [`ExpertParams`].
    pub fn new(seen: &Observation, seed: u64) -> ExpertSearch {
        ExpertSearch::with_params(seen, seed, ExpertParams::default())
    }

    /// Like [`ExpertSearch::new`], with other knobs (for tuning).
    pub fn with_params(seen: &Observation, seed: u64, params: ExpertParams) -> ExpertSearch {
        // Every iteration deals a fresh guess into a copy of it.
        let game = super::world(seen);
        let seat = game.current_player();
        let players = game.players().len() as f64;
        // The root's turn and mover are never read.
        let mut root = Node::new(Turn::new(0, Character::Miller), Seat::default(), 0.5);
        root.visits = 1;
        ExpertSearch {
            seat,
            params,
            rollout_turns: (params.rollout_rounds * players).round() as usize,
            knowledge: seen.deck(),
            rng: rng::seeded(seed),
            done: 0,
            single: game.legal_turns().len() < 2,
            only: None,
            nodes: vec![root],
            deal: Scratch::default(),
            world: game.clone(),
            scratch: game.clone(),
            legal: Vec::new(),
            path: Vec::new(),
            game,
        }
    }

    /// The expert's search of what follows `turn` (a legal turn of the
    /// player to move), as if it were the only one: every iteration guesses
    /// the unseen cards as before the turn, plays it and searches on, so
    /// that turns searched this way one by one are judged with equal effort
    /// ([`ExpertSearch::stats`] then has `turn` alone). With the classic
    /// knobs, as the puzzles search.
    pub fn of_turn(seen: &Observation, seed: u64, turn: Turn) -> ExpertSearch {
        ExpertSearch {
            single: false,
            only: Some(turn),
            ..ExpertSearch::classic(seen, seed)
        }
    }

    /// The classic expert's search ([`ExpertParams::classic`]): the puzzles'.
    pub fn classic(seen: &Observation, seed: u64) -> ExpertSearch {
        ExpertSearch::with_params(seen, seed, ExpertParams::classic())
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u32 {
        self.done
    }

    /// Runs `iterations` more iterations. With fewer than two legal turns
    /// there is nothing to compare: they count as run at once.
    pub fn run(&mut self, iterations: u32) {
        if self.single {
            self.done += iterations;
            return;
        }
        for _ in 0..iterations {
            self.iterate();
            self.done += 1;
        }
    }

    /// One iteration: deal a guess, descend, play on, back up.
    fn iterate(&mut self) {
        self.world.clone_from(&self.game);
        self.knowledge
            .deal_into(&mut self.world, &mut self.rng, &mut self.deal);
        self.path.clear();
        let mut node = 0usize;
        self.path.push(0);
        // Descend until a turn tried for the first time.
        while !self.world.is_over() {
            let child = self.select(node);
            self.world
                .apply_quiet(self.nodes[child].turn)
                .expect("legal");
            self.path.push(child as u32);
            node = child;
            if self.nodes[child].visits == 0 {
                break;
            }
        }
        self.play_on();
        self.back_up();
    }

    /// The child of `node` to follow in the current world: lists the legal
    /// turns (adding any new one with its prior), marks them available and
    /// picks by UCB with the prior as virtual visits.
    fn select(&mut self, node: usize) -> usize {
        self.world.legal_turns_into(&mut self.legal);
        if let (0, Some(only)) = (node, self.only) {
            self.legal.retain(|&t| t == only);
        }
        let mover = self.world.current_player();
        let legal = std::mem::take(&mut self.legal);
        let mut best = (f64::MIN, 0usize);
        for &turn in &legal {
            let child = match self.child_with(node, turn) {
                Some(c) => c,
                None => self.add_child(node, turn, mover),
            };
            let c = &mut self.nodes[child];
            c.available += 1;
            let score = self.ucb(child);
            if score > best.0 {
                best = (score, child);
            }
        }
        self.legal = legal;
        best.1
    }

    fn child_with(&self, node: usize, turn: Turn) -> Option<usize> {
        self.nodes[node]
            .children
            .iter()
            .map(|&c| c as usize)
            .find(|&c| self.nodes[c].turn == turn)
    }

    fn add_child(&mut self, node: usize, turn: Turn, mover: Seat) -> usize {
        self.scratch.clone_from(&self.world);
        self.scratch.apply_quiet(turn).expect("legal");
        let prior = self.params.prior.reward(&self.scratch, mover);
        let index = self.nodes.len();
        self.nodes.push(Node::new(turn, mover, prior));
        self.nodes[node].children.push(index as u32);
        index
    }

    /// UCB1 over availability, the prior counting as `prior_visits` visits.
    fn ucb(&self, child: usize) -> f64 {
        let c = &self.nodes[child];
        let m = self.params.prior_visits;
        let n = f64::from(c.visits);
        let mean = (c.reward + m * c.prior) / (n + m);
        let doubt = (f64::from(c.available).ln() / (n + 1.0)).sqrt();
        mean + self.params.exploration * doubt
    }

    /// Plays the leaf on for a while with medium's choices.
    fn play_on(&mut self) {
        for _ in 0..self.rollout_turns {
            match medium_with(&self.world, &mut self.scratch, &mut self.legal) {
                Some(turn) => self.world.apply_quiet(turn).expect("legal"),
                None => break,
            }
        }
    }

    /// Every player's reward for the position reached, added along the path.
    fn back_up(&mut self) {
        let mut rewards = [0.0; GameConfig::MAX_PLAYERS];
        self.params.leaf.rewards(&self.world, &mut rewards);
        let margin = self.margin();
        for &n in &self.path[1..] {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.reward += rewards[node.mover.index()];
            node.margin += margin;
            node.margin_squares += margin * margin;
        }
        self.nodes[0].visits += 1;
    }

    /// The searching player's margin over the best opponent, in points:
    /// final when the game is over, projected otherwise.
    fn margin(&self) -> f64 {
        if self.world.is_over() {
            let result = FinalScoring::of(&self.world);
            let mine = result.players[self.seat.index()].total;
            let best_other = (0..result.players.len())
                .filter(|&p| p != self.seat.index())
                .map(|p| result.players[p].total)
                .max()
                .unwrap_or(mine);
            f64::from(mine - best_other)
        } else {
            self.params.leaf.margin(&self.world, self.seat)
        }
    }

    /// Every candidate first turn with its statistics, most visited first.
    pub fn stats(&self) -> Vec<TurnStats> {
        let mut stats: Vec<TurnStats> = self.nodes[0]
            .children
            .iter()
            .map(|&c| {
                let node = &self.nodes[c as usize];
                let n = f64::from(node.visits.max(1));
                TurnStats {
                    turn: node.turn,
                    visits: node.visits,
                    value: if node.visits == 0 {
                        node.prior
                    } else {
                        node.reward / n
                    },
                    margin: node.margin / n,
                    margin_spread: spread(node),
                }
            })
            .collect();
        stats.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
        stats
    }

    /// The most visited first turn (None when the game is over).
    pub fn best(&self) -> Option<Turn> {
        if self.single || self.nodes[0].children.is_empty() {
            return self.game.legal_turns().first().copied();
        }
        self.stats().first().map(|s| s.turn)
    }
}
