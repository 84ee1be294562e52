//! `majesty-rules`: replay game records and simulate random games.

use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;

use majesty_rules::bots::{self, Level};
use majesty_rules::rand::Rng as _;
use majesty_rules::record::ReplayReport;
use majesty_rules::rng;
use majesty_rules::simulate::random_game;
use majesty_rules::{DeckVariant, Game, GameConfig, GameRecord, RecordError, Sides};

const USAGE: &str = "\
majesty-rules: the rules of Majesty: For the Realm

USAGE:
  majesty-rules replay [FILE]
      Replay a game record (JSON; standard input when no FILE) and print the
      game as it ends, as one JSON object. An illegal turn prints
      `turn K: <reason>` to standard error and exits with status 2.

  majesty-rules simulate --games N --players P --seed S
                         [--sides AAAAAAAA] [--deck standard|full] [--record FILE]
      Play N games of P players (2-4) with uniformly random legal turns and
      print mean scores, win share by seat and games per second. --record
      writes the first game as a game record.

  majesty-rules tournament --games N --players hard,medium[,...] --seed S
                           [--sides AAAAAAAA] [--deck standard|full] [--threads T]
      Play N games between bots (random, easy, medium, hard), one per seat,
      rotating the seats each game, and print one line per kind:
      win rate (a shared win counts 1/k) with a 95% interval, mean final
      score, mean time per move.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("replay") => replay(&args[1..]),
        Some("simulate") => match simulate(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => fail(&message),
        },
        Some("tournament") => match tournament(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => fail(&message),
        },
        Some("help" | "--help" | "-h") => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprint!("{USAGE}");
            ExitCode::from(1)
        }
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(1)
}

fn replay(args: &[String]) -> ExitCode {
    let text = match args {
        [] => {
            let mut text = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut text) {
                return fail(&format!("cannot read standard input: {e}"));
            }
            text
        }
        [path] => match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => return fail(&format!("cannot read {path}: {e}")),
        },
        _ => return fail("replay takes at most one FILE"),
    };
    let report = GameRecord::from_json(&text).and_then(|record| ReplayReport::of(&record));
    match report {
        Ok(report) => {
            println!(
                "{}",
                serde_json::to_string(&report).expect("a report serialises")
            );
            ExitCode::SUCCESS
        }
        Err(e @ (RecordError::Turn { .. } | RecordError::BadTurn { .. })) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
        Err(e) => fail(&e.to_string()),
    }
}

/// `--flag value` pairs, each flag at most once, all of them known.
struct Flags(Vec<(String, String)>);

impl Flags {
    fn parse(args: &[String], known: &[&str]) -> Result<Flags, String> {
        let mut pairs = Vec::new();
        let mut rest = args.iter();
        while let Some(flag) = rest.next() {
            if !known.contains(&flag.as_str()) {
                return Err(format!("unknown option {flag}\n\n{USAGE}"));
            }
            let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
            pairs.push((flag.clone(), value.clone()));
        }
        Ok(Flags(pairs))
    }

    fn get(&self, flag: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, _)| f == flag)
            .map(|(_, v)| v.as_str())
    }

    fn number(&self, flag: &str) -> Result<Option<u64>, String> {
        self.get(flag)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| format!("{flag} needs a whole number (got {v:?})"))
            })
            .transpose()
    }

    fn required(&self, flag: &str) -> Result<u64, String> {
        self.number(flag)?
            .ok_or_else(|| format!("{flag} is required"))
    }

    fn sides(&self) -> Result<Sides, String> {
        self.get("--sides")
            .map_or(Ok(Sides::ALL_A), |v| v.parse().map_err(|e| format!("{e}")))
    }

    fn deck(&self) -> Result<DeckVariant, String> {
        self.get("--deck")
            .map_or(Ok(DeckVariant::Standard), str::parse)
    }
}

struct SimulateArgs {
    games: u64,
    config: GameConfig,
    seed: u64,
    record: Option<String>,
}

fn parse_simulate(args: &[String]) -> Result<SimulateArgs, String> {
    let flags = Flags::parse(
        args,
        &[
            "--games",
            "--players",
            "--seed",
            "--sides",
            "--deck",
            "--record",
        ],
    )?;
    let config = GameConfig::new(flags.required("--players")? as usize)
        .map_err(|e| e.to_string())?
        .with_sides(flags.sides()?)
        .with_deck(flags.deck()?);
    Ok(SimulateArgs {
        games: flags.required("--games")?,
        config,
        seed: flags.required("--seed")?,
        record: flags.get("--record").map(str::to_string),
    })
}

fn simulate(args: &[String]) -> Result<(), String> {
    let SimulateArgs {
        games,
        config,
        seed,
        record,
    } = parse_simulate(args)?;
    let seats = config.players;
    let mut seeds = rng::seeded(seed);
    let mut score_sum = vec![0i64; seats];
    let mut wins = vec![0f64; seats];
    let start = Instant::now();
    for game_index in 0..games {
        let deal_seed = seeds.next_u64();
        let mut policy = rng::seeded(seeds.next_u64());
        let (game, turns) =
            random_game(config, deal_seed, &mut policy).map_err(|e| e.to_string())?;
        let result = game.result().expect("a random game is played to the end");
        for (sum, p) in score_sum.iter_mut().zip(&result.players) {
            *sum += i64::from(p.total);
        }
        for (seat, share) in wins.iter_mut().enumerate() {
            *share += result.win_share(seat);
        }
        if game_index == 0 {
            if let Some(path) = &record {
                let mut rec = GameRecord::new(
                    (1..=seats).map(|s| format!("Player {s}")).collect(),
                    &config,
                    deal_seed,
                );
                rec.turns = turns;
                std::fs::write(path, rec.to_json() + "\n")
                    .map_err(|e| format!("cannot write {path}: {e}"))?;
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let n = games.max(1) as f64;
    println!(
        "games: {games}, players: {seats}, sides: {}, deck: {}, seed: {seed}",
        config.sides, config.deck
    );
    let seat_list = |f: &dyn Fn(usize) -> String| {
        (0..seats)
            .map(|s| format!("seat {} {}", s + 1, f(s)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!(
        "mean score: {}",
        seat_list(&|s| format!("{:.1}", score_sum[s] as f64 / n))
    );
    println!(
        "win share: {} (shared wins count 1/k)",
        seat_list(&|s| format!("{:.1}%", 100.0 * wins[s] / n))
    );
    println!(
        "speed: {:.0} games/s ({seconds:.3} s)",
        games as f64 / seconds.max(1e-9)
    );
    Ok(())
}

/// Per-kind totals of a tournament.
#[derive(Clone, Default)]
struct KindStats {
    seats: u64,
    wins: f64,
    score: i64,
    moves: u64,
    seconds: f64,
}

/// A seed for game `index` of a run seeded `seed` (`stream` 0: the deal,
/// 1: the bots), independent of how games are spread over threads.
fn game_seed(seed: u64, index: u64, stream: u64) -> u64 {
    rng::seeded(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (stream << 63)).next_u64()
}

fn play_tournament_game(
    config: GameConfig,
    kinds: &[Level],
    seed: u64,
    index: u64,
    stats: &mut [KindStats],
) {
    let n = kinds.len();
    let rotation = index as usize % n;
    let seat_kind = |seat: usize| (seat + rotation) % n;
    let mut game = Game::new(config, game_seed(seed, index, 0)).expect("valid config");
    let mut rng = rng::seeded(game_seed(seed, index, 1));
    while !game.is_over() {
        let seat = game.current_player();
        let start = Instant::now();
        let turn = bots::choose(kinds[seat_kind(seat)], &game, &mut rng).expect("a legal turn");
        let s = &mut stats[seat_kind(seat)];
        s.seconds += start.elapsed().as_secs_f64();
        s.moves += 1;
        game.apply_quiet(turn).expect("bots play legal turns");
    }
    let result = game.result().expect("over");
    for (seat, p) in result.players.iter().enumerate() {
        let s = &mut stats[seat_kind(seat)];
        s.seats += 1;
        s.score += i64::from(p.total);
        s.wins += result.win_share(seat);
    }
}

fn tournament(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(
        args,
        &[
            "--games",
            "--players",
            "--seed",
            "--sides",
            "--deck",
            "--threads",
        ],
    )?;
    let games = flags.required("--games")?;
    let kinds = flags
        .get("--players")
        .ok_or("--players is required (e.g. hard,medium)")?
        .split(',')
        .map(str::parse)
        .collect::<Result<Vec<Level>, String>>()?;
    let seed = flags.required("--seed")?;
    let threads = match flags.number("--threads")? {
        Some(n) => n.max(1) as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let config = GameConfig::new(kinds.len())
        .map_err(|e| e.to_string())?
        .with_sides(flags.sides()?)
        .with_deck(flags.deck()?);

    let start = Instant::now();
    let per_thread: Vec<Vec<KindStats>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let kinds = &kinds;
                scope.spawn(move || {
                    let mut stats = vec![KindStats::default(); kinds.len()];
                    let mut index = t;
                    while index < games {
                        play_tournament_game(config, kinds, seed, index, &mut stats);
                        index += threads as u64;
                    }
                    stats
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a tournament thread"))
            .collect()
    });

    // Sum per seat, then per kind name (a kind may hold several seats).
    let mut names: Vec<Level> = Vec::new();
    let mut totals: Vec<KindStats> = Vec::new();
    for (seat_index, &kind) in kinds.iter().enumerate() {
        let i = names.iter().position(|&k| k == kind).unwrap_or_else(|| {
            names.push(kind);
            totals.push(KindStats::default());
            names.len() - 1
        });
        for stats in &per_thread {
            let s = &stats[seat_index];
            let t = &mut totals[i];
            t.seats += s.seats;
            t.wins += s.wins;
            t.score += s.score;
            t.moves += s.moves;
            t.seconds += s.seconds;
        }
    }
    println!(
        "tournament: {games} games, players {}, sides {}, deck {}, seed {seed}, {:.1} s",
        kinds.iter().map(|k| k.name()).collect::<Vec<_>>().join(","),
        config.sides,
        config.deck,
        start.elapsed().as_secs_f64()
    );
    for (kind, t) in names.iter().zip(&totals) {
        let n = t.seats.max(1) as f64;
        let p = t.wins / n;
        let interval = 1.96 * (p * (1.0 - p) / n).sqrt();
        println!(
            "{kind}: win {:.1}% ±{:.1}% (shared wins count 1/k), mean score {:.1}, mean move {:.2} ms",
            100.0 * p,
            100.0 * interval,
            t.score as f64 / n,
            1000.0 * t.seconds / t.moves.max(1) as f64
        );
    }
    Ok(())
}
