//! `majesty`: replay game records, simulate random games, run bot
//! tournaments, ask the coach and make puzzles. The command line is parsed
//! by clap (`--help` on every subcommand); every kind of failure has its own
//! exit status (`Status`).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use majesty_ai::bots;
use majesty_ai::bots::expert::{ExpertParams, Judge};
use majesty_ai::bots::value::ValueModel;
use majesty_ai::coach;
use majesty_ai::tournament::{self, Entrant, RoundRobin, Tournament};
use majesty_ai::train;
use majesty_rules::rand::Rng as _;
use majesty_rules::record::ReplayReport;
use majesty_rules::rng;
use majesty_rules::simulate::random_game;
use majesty_rules::{DeckVariant, GameConfig, GameRecord, Observation, RecordError, Seat, Sides};

/// The largest record text `replay` reads (the engine's own limit).
const MAX_RECORD_BYTES: u64 = majesty_rules::MAX_RECORD_BYTES as u64;

/// Every exit status of `majesty`, one per kind of failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Status {
    Success = 0,
    /// clap's own status for a bad command line, and ours for a value
    /// clap cannot check.
    Usage = 2,
    BadInput = 3,
    IllegalTurn = 4,
    CannotWrite = 5,
}

impl Status {
    const ALL: [Status; 5] = [
        Status::Success,
        Status::Usage,
        Status::BadInput,
        Status::IllegalTurn,
        Status::CannotWrite,
    ];

    /// What the status means, as `--help` lists it (wrapped for a terminal).
    fn meaning(self) -> &'static str {
        match self {
            Status::Success => "success",
            Status::Usage => {
                "usage: an unknown subcommand or option, a missing option, a value that
     is not allowed (e.g. --players 5, --games 0), or options that do not go
     together; the message says which"
            }
            Status::BadInput => {
                "an input cannot be used: the game record (its file or standard input) or
     a file of --value, --model, --data or --also cannot be read or is not
     valid; for a record: not JSON, an impossible set-up, a deck too short to
     finish, a record format this version does not deal, more turns than the
     game has, or larger than 1 MiB"
            }
            Status::IllegalTurn => {
                "a turn of the record is malformed or illegal: standard error says
     `turn K: <reason>` and nothing is printed"
            }
            Status::CannotWrite => {
                "an output cannot be written: a file of --record, --out or --data (each
     is opened before the work starts, so this fails at once), or standard
     output (a closed pipe, a full disk)"
            }
        }
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status as u8)
    }
}

/// The exit statuses, as `--help` lists them after every command's options.
fn exit_status_help() -> String {
    let mut text = String::from("Exit status:");
    for status in Status::ALL {
        text += &format!("\n  {}  {}", status as u8, status.meaning());
    }
    text
}

/// The rules of Majesty: For the Realm, on the command line
#[derive(Parser)]
#[command(name = "majesty", version, arg_required_else_help = true)]
#[command(after_help = exit_status_help())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a game record and print the game as it ends, as one JSON object
    ///
    /// Replays a game record and prints, as one JSON object, the scores after
    /// each turn, every player's realm and, once the game is over, the final
    /// scoring and the winners. A malformed or illegal turn prints
    /// `turn K: <reason>` to standard error and exits with status 4.
    /// A record larger than 1 MiB is refused unread (status 3).
    /// A note the record's `notes` cannot hold (not an object, a key that
    /// is not a turn, a malformed mark, a text too long…) is left out, as
    /// the app leaves it out: `warning: <reason>` on standard error, one
    /// line each, and the replay goes on (status 0).
    #[command(after_help = exit_status_help(), verbatim_doc_comment)]
    Replay {
        /// The game record (JSON); standard input when absent or -
        file: Option<PathBuf>,
    },
    /// Play random games and print mean scores, win shares and speed
    ///
    /// Plays N games of P players with uniformly random legal turns and
    /// prints the mean score and the win share by seat (a shared win counts
    /// 1/k), and games per second. --record writes the first game as a game
    /// record.
    #[command(after_help = exit_status_help(), verbatim_doc_comment)]
    Simulate(SimulateArgs),
    /// Play bots against each other and print win rates
    ///
    /// With --players: plays N games between bots (random, easy, medium,
    /// hard, expert), one per seat, rotating the seats each game, and prints
    /// one line per kind: win rate (a shared win counts 1/k) with a 95%
    /// interval, mean final score, mean time per move.
    ///
    /// With --round-robin: plays N 2-player games for every pair of the
    /// levels (seats alternating) and prints a table of win rates (row
    /// against column) and a Bradley-Terry rating per level on the Elo
    /// scale with its ~95% interval, the first level anchored at 0.
    #[command(after_help = exit_status_help(), verbatim_doc_comment)]
    Tournament(TournamentArgs),
    /// Rate every turn of a game record against the expert's choice
    ///
    /// Searches each position of the given seats as the expert would (the
    /// seed a computer gets there) and prints one line per turn: the turn
    /// played, the expert's choice and the points it is expected to have
    /// cost; then each seat's total and the three costliest turns. --json
    /// prints the review as one JSON object instead.
    #[command(after_help = exit_status_help(), verbatim_doc_comment)]
    Review(ReviewArgs),
    /// Print the expert's three best turns for the player to move
    ///
    /// Replays the record and searches its last position as the app's hint
    /// does (the seed a computer gets there): the expert's choice first, each
    /// with its expected final margin over the best opponent and its win
    /// chance, as one JSON list (empty once the game is over).
    #[command(after_help = exit_status_help(), verbatim_doc_comment)]
    Hint(HintArgs),
    /// Find puzzles in the expert's self-play and write them as JSON
    ///
    /// Plays games of 2, 3 and 4 players (sides A, B and mixed) as the
    /// expert at every seat, and keeps positions where the expert's turn
    /// beats every other by more than 3 points of expected final margin:
    /// found by the expert's search, then confirmed three times with other seeds
    /// by searching each legal turn on its own with the expert's budget
    /// (each must find the gap 3 points wider). At most one puzzle comes
    /// from each third of a game, each of another theme. The same seed
    /// writes the same file. Standard error reports the cost and the
    /// spread by theme, sides and player count.
    #[command(after_help = exit_status_help(), verbatim_doc_comment)]
    Puzzles(PuzzleArgs),
    /// Train the expert's learned evaluation by self-play
    ///
    /// Plays GAMES self-play games of the expert (half of 2 players, a
    /// quarter each of 3 and 4; one in four with random sides), ITERATIONS
    /// a move, appending each to --data as one game record a line (a run
    /// stopped early resumes from there), then fits every seat's final
    /// score on the features of every position (ridge regression on
    /// medium's projection) and writes the weights to --out with how they
    /// were made. The same options give the same file byte for byte.
    /// Standard error shows the progress, the time, and how well the
    /// weights and medium's projection predict the held-out games.
    #[command(after_help = exit_status_help(), verbatim_doc_comment)]
    Train(TrainArgs),
}

/// Options of `train`.
#[derive(Args)]
struct TrainArgs {
    /// The seed of the whole run: the games' set-ups, deals and choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Self-play games to play and fit
    #[arg(long, value_name = "N", default_value_t = 4000, value_parser = parse_count::<u64>)]
    games: u64,
    /// The self-playing expert's iterations per move
    #[arg(long, value_name = "I", default_value_t = 500, value_parser = parse_count::<u32>)]
    iterations: u32,
    /// The self-playing expert's judgement: hand (medium's projection) or
    /// learned (the weights of --model)
    #[arg(long, value_name = "hand|learned", default_value = "hand")]
    self_play: String,
    /// The weights the self-playing expert uses with --self-play learned
    /// (- for standard input) [default: the shipped ones]
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,
    /// The games file: appended to, and read back to resume (a file, not -)
    /// [default: target/majesty-train/games-S-I-JUDGE.jsonl]
    #[arg(long, value_name = "FILE")]
    data: Option<PathBuf>,
    /// Games files of earlier runs to fit on as well (in this order, before
    /// this run's; - for standard input)
    #[arg(long, value_name = "FILE")]
    also: Vec<PathBuf>,
    /// Where to write the weights (- for standard output) [default:
    /// standard output]
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// A short run for tests: 8 games of 30 iterations a move
    #[arg(long)]
    short: bool,
}

/// Options of `puzzles`.
#[derive(Args)]
struct PuzzleArgs {
    /// How many puzzles to write
    #[arg(long, value_name = "N", default_value_t = 120, value_parser = parse_count::<usize>)]
    count: usize,
    /// The seed of the whole generation
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Where to write them (- for standard output) [default: standard
    /// output]
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Options of `review`.
#[derive(Args)]
struct ReviewArgs {
    /// The game record (JSON); standard input when absent or -
    file: Option<PathBuf>,
    /// Seats to review, counted from 0 (e.g. 0,2) [default: every seat]
    #[arg(long, value_name = "S,S[,...]", value_delimiter = ',')]
    seats: Option<Vec<usize>>,
    /// Search iterations per position [default: the expert's budget]
    #[arg(long, value_name = "I", value_parser = parse_count::<u32>)]
    iterations: Option<u32>,
    /// Print the review as one JSON object
    #[arg(long)]
    json: bool,
}

/// Options of `hint`: the player to move is the one hinted, and the hint
/// is JSON already.
#[derive(Args)]
struct HintArgs {
    /// The game record (JSON); standard input when absent or -
    file: Option<PathBuf>,
    /// Search iterations [default: the expert's budget]
    #[arg(long, value_name = "I", value_parser = parse_count::<u32>)]
    iterations: Option<u32>,
}

/// Set-up options shared by `simulate` and `tournament`.
#[derive(Args)]
struct TableArgs {
    /// Side of locations 1-8, one letter A or B each
    #[arg(long, value_name = "AAAAAAAA", default_value = "AAAAAAAA")]
    sides: Sides,
    /// The deck: standard or full
    #[arg(long, value_name = "standard|full", default_value = "standard")]
    deck: DeckVariant,
}

#[derive(Args)]
struct SimulateArgs {
    /// Number of games
    #[arg(long, value_name = "N", value_parser = parse_count::<u64>)]
    games: u64,
    /// Number of players, 2-4
    #[arg(long, value_name = "P", value_parser = parse_players)]
    players: usize,
    /// Seed of the whole run: the deals and the players' choices
    #[arg(long, value_name = "S")]
    seed: u64,
    #[command(flatten)]
    table: TableArgs,
    /// Write the first game as a game record to FILE (a file, not -:
    /// standard output carries the summary)
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
}

#[derive(Args)]
#[command(group(clap::ArgGroup::new("who").required(true).args(["players", "round_robin"])))]
struct TournamentArgs {
    /// Number of games (with --round-robin: per pair of levels)
    #[arg(long, value_name = "N", value_parser = parse_count::<u64>)]
    games: u64,
    /// One bot per seat, 2-4 of random, easy, medium, hard, expert, or a
    /// variant of the expert: expert-classic (the expert before the learned
    /// evaluation), expert-learned, expert-learned-all, expert-learned-now,
    /// each optionally with its own iterations per move (e.g.
    /// expert,hard,medium or expert-learned:3000,expert-classic)
    #[arg(long, value_name = "LEVEL,LEVEL[,...]", value_parser = parse_bots)]
    players: Option<Bots>,
    /// A 2-player round robin over 2 or more distinct levels (e.g.
    /// easy,medium,hard,expert)
    #[arg(long, value_name = "LEVEL,LEVEL[,...]", value_parser = parse_ladder)]
    round_robin: Option<Bots>,
    /// Iterations per move of the expert [default: its level's budget]
    #[arg(long, value_name = "I", value_parser = parse_count::<u32>)]
    expert_iterations: Option<u32>,
    /// Seed of the whole run: the deals and the bots' choices
    #[arg(long, value_name = "S")]
    seed: u64,
    #[command(flatten)]
    table: TableArgs,
    /// Threads to play on [default: the available cores]
    #[arg(long, value_name = "T", value_parser = parse_count::<u64>)]
    threads: Option<u64>,
    /// The learned evaluation's weights for the expert and the variants that
    /// use it (a file `majesty train` wrote, or - for standard input)
    /// [default: the shipped ones]
    #[arg(long, value_name = "FILE")]
    value: Option<PathBuf>,
}

/// The bots of a tournament, one per seat.
#[derive(Clone)]
struct Bots(Vec<Entrant>);

/// A count of games, iterations, threads or puzzles: 0 would do nothing
/// (or search nothing), so it is refused.
fn parse_count<T: std::str::FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    let n: T = text
        .parse()
        .map_err(|_| format!("a whole number is needed (got {text:?})"))?;
    if n < T::from(1) {
        return Err("at least 1 is needed".into());
    }
    Ok(n)
}

fn parse_players(text: &str) -> Result<usize, String> {
    let players: usize = text
        .parse()
        .map_err(|_| format!("a whole number is needed (got {text:?})"))?;
    GameConfig::check_players(players).map_err(|e| e.to_string())
}

fn parse_bots(text: &str) -> Result<Bots, String> {
    let bots = text
        .split(',')
        .map(str::parse)
        .collect::<Result<Vec<Entrant>, String>>()?;
    GameConfig::check_players(bots.len()).map_err(|e| e.to_string())?;
    Ok(Bots(bots))
}

fn parse_ladder(text: &str) -> Result<Bots, String> {
    let levels = text
        .split(',')
        .map(str::parse)
        .collect::<Result<Vec<Entrant>, String>>()?;
    if levels.len() < 2 {
        return Err("a round robin needs at least two levels".into());
    }
    if let Some(twice) = levels
        .iter()
        .find(|l| levels.iter().filter(|m| m == l).count() > 1)
    {
        return Err(format!("{} is named twice", twice.name()));
    }
    Ok(Bots(levels))
}

impl TableArgs {
    fn config(&self, players: usize) -> GameConfig {
        GameConfig::new(players)
            .expect("the player count was checked when parsing")
            .with_sides(self.sides)
            .with_deck(self.deck)
    }
}

/// `x` with `decimals` decimals, never with a minus before a zero: a
/// value that rounds to zero (a sum of no losses is -0.0) prints as 0.
fn fixed(x: f64, decimals: usize) -> String {
    let text = format!("{x:.decimals$}");
    match text.strip_prefix('-') {
        Some(digits) if digits.chars().all(|c| c == '0' || c == '.') => digits.to_string(),
        _ => text,
    }
}

/// Compact JSON with a negative zero written as 0.0.
struct NoNegativeZero;

impl serde_json::ser::Formatter for NoNegativeZero {
    fn write_f64<W: ?Sized + std::io::Write>(&mut self, w: &mut W, x: f64) -> std::io::Result<()> {
        // -0.0 == 0.0, so this turns either zero into the positive one.
        let x = if x == 0.0 { 0.0 } else { x };
        serde_json::ser::CompactFormatter.write_f64(w, x)
    }

    fn write_f32<W: ?Sized + std::io::Write>(&mut self, w: &mut W, x: f32) -> std::io::Result<()> {
        let x = if x == 0.0 { 0.0 } else { x };
        serde_json::ser::CompactFormatter.write_f32(w, x)
    }
}

/// The compact JSON of what the command prints, without negative zeros.
fn json(value: &impl serde::Serialize) -> String {
    let mut bytes = Vec::new();
    let mut out = serde_json::Serializer::with_formatter(&mut bytes, NoNegativeZero);
    value.serialize(&mut out).expect("the output serialises");
    String::from_utf8(bytes).expect("JSON is UTF-8")
}

/// A failure after parsing: its message and exit status.
struct Failure {
    message: String,
    status: Status,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are "errors" to clap, printed on standard output.
            let status = if e.use_stderr() {
                Status::Usage
            } else {
                Status::Success
            };
            let _ = e.print();
            return status.into();
        }
    };
    let done = match cli.command {
        Command::Replay { file } => replay(file.as_deref()),
        Command::Simulate(args) => simulate(&args),
        Command::Tournament(args) => with_value(&args).and_then(|(players, round)| {
            if round {
                round_robin(&args, &players)
            } else {
                tournament(&args, &players)
            }
        }),
        Command::Review(args) => review(&args),
        Command::Hint(args) => hint(&args),
        Command::Puzzles(args) => puzzles(&args),
        Command::Train(args) => train(&args),
    };
    match done {
        Ok(()) => Status::Success.into(),
        Err(Failure { message, status }) => {
            eprintln!("{message}");
            status.into()
        }
    }
}

/// Whether a file named on the command line is `-`: standard input (or
/// output) instead.
fn is_standard(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// An input as messages name it.
fn input_name(path: &Path) -> String {
    if is_standard(path) {
        "standard input".into()
    } else {
        path.display().to_string()
    }
}

/// Exit status 3 for an input that cannot be read or used.
fn unreadable(path: &Path, reason: impl std::fmt::Display) -> Failure {
    Failure {
        message: format!("error: cannot read {}: {reason}", input_name(path)),
        status: Status::BadInput,
    }
}

/// Exit status 2 for a command line the parser lets through.
fn usage(message: impl std::fmt::Display) -> Failure {
    Failure {
        message: format!("error: {message}"),
        status: Status::Usage,
    }
}

/// Exit status 5 for an output that cannot be written.
fn cannot_write(name: &Path, reason: impl std::fmt::Display) -> Failure {
    Failure {
        message: format!("error: cannot write {}: {reason}", name.display()),
        status: Status::CannotWrite,
    }
}

/// `println!` that fails with status 5 when standard output cannot be
/// written (a closed pipe, a full disk) instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*).map_err(|e| cannot_write(Path::new("standard output"), e))?
    }};
}

/// Where a command writes its result: standard output, or a file opened
/// before the work starts, so that a path it cannot write fails at once.
enum Output {
    Standard,
    File(std::fs::File, PathBuf),
}

impl Output {
    /// The file `path` opened for writing but not emptied yet (an
    /// interrupted run leaves it as it was); none or `-`: standard output.
    fn open(path: Option<&Path>) -> Result<Output, Failure> {
        let Some(path) = path.filter(|p| !is_standard(p)) else {
            return Ok(Output::Standard);
        };
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map(|file| Output::File(file, path.to_path_buf()))
            .map_err(|e| cannot_write(path, e))
    }

    /// Writes `text` as the whole output.
    fn write(self, text: &str) -> Result<(), Failure> {
        use std::io::Write as _;
        match self {
            Output::Standard => std::io::stdout()
                .write_all(text.as_bytes())
                .map_err(|e| cannot_write(Path::new("standard output"), e)),
            Output::File(mut file, path) => file
                .set_len(0)
                .and_then(|()| file.write_all(text.as_bytes()))
                .map_err(|e| cannot_write(&path, e)),
        }
    }
}

/// An input's reader: the file, or standard input for `-`.
fn open_input(path: &Path) -> Result<Box<dyn Read>, Failure> {
    if is_standard(path) {
        return Ok(Box::new(std::io::stdin()));
    }
    let file = std::fs::File::open(path).map_err(|e| unreadable(path, e))?;
    Ok(Box::new(file))
}

/// The whole text of an input (standard input for `-`).
fn read_input(path: &Path) -> Result<String, Failure> {
    let mut text = String::new();
    open_input(path)?
        .read_to_string(&mut text)
        .map_err(|e| unreadable(path, e))?;
    Ok(text)
}

/// The text of a game record: the file, or standard input when absent or `-`.
fn read_record_text(file: Option<&Path>) -> Result<String, Failure> {
    let path = file.unwrap_or(Path::new("-"));
    let bad = |message: String| Failure {
        message: format!("error: {message}"),
        status: Status::BadInput,
    };
    let source = input_name(path);
    let reader = open_input(path)?;
    // One byte more than the limit tells a text over it, without reading it all.
    let mut bytes = Vec::new();
    reader
        .take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| unreadable(path, e))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(bad(format!(
            "{source} is larger than 1 MiB, far more than a game record ({MAX_RECORD_BYTES} bytes at most)"
        )));
    }
    String::from_utf8(bytes).map_err(|e| unreadable(path, e))
}

/// A record's error with its exit status: 4 for a turn, 3 otherwise.
fn record_failure(e: RecordError) -> Failure {
    match e {
        RecordError::Turn { .. } | RecordError::BadTurn { .. } => Failure {
            message: e.to_string(),
            status: Status::IllegalTurn,
        },
        _ => Failure {
            message: format!("error: {e}"),
            status: Status::BadInput,
        },
    }
}

fn replay(file: Option<&Path>) -> Result<(), Failure> {
    let text = read_record_text(file)?;
    let record = GameRecord::from_json(&text).map_err(record_failure)?;
    let report = ReplayReport::of(&record).map_err(record_failure)?;
    for problem in record.notes.problems() {
        eprintln!("warning: note left out: {problem}");
    }
    outln!("{}", json(&report));
    Ok(())
}

fn simulate(args: &SimulateArgs) -> Result<(), Failure> {
    let SimulateArgs {
        games,
        players: seats,
        seed,
        table,
        record,
    } = args;
    let (games, seats, seed) = (*games, *seats, *seed);
    if record.as_deref().is_some_and(is_standard) {
        return Err(usage(
            "--record must be a file: standard output (-) carries the summary",
        ));
    }
    let mut record = record
        .as_deref()
        .map(|p| Output::open(Some(p)))
        .transpose()?;
    let config = table.config(seats);
    let mut seeds = rng::seeded(seed);
    let mut score_sum = vec![0i64; seats];
    let mut wins = vec![0f64; seats];
    let start = Instant::now();
    for _ in 0..games {
        let deal_seed = seeds.next_u64();
        let mut policy = rng::seeded(seeds.next_u64());
        let (game, turns) =
            random_game(config, deal_seed, &mut policy).expect("a checked configuration deals");
        let result = game.result().expect("a random game is played to the end");
        for (sum, p) in score_sum.iter_mut().zip(&result.players) {
            *sum += i64::from(p.total);
        }
        for (seat, share) in config.seats().zip(wins.iter_mut()) {
            *share += result.win_share(seat);
        }
        if let Some(out) = record.take() {
            let mut rec = GameRecord::new(
                (1..=seats).map(|s| format!("Player {s}")).collect(),
                &config,
                deal_seed,
            );
            rec.turns = turns;
            out.write(&(rec.to_json() + "\n"))?;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let n = games.max(1) as f64;
    outln!(
        "games: {games}, players: {seats}, sides: {}, deck: {}, seed: {seed}",
        config.sides(),
        config.deck()
    );
    let seat_list = |f: &dyn Fn(usize) -> String| {
        (0..seats)
            .map(|s| format!("seat {} {}", s + 1, f(s)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    outln!(
        "mean score: {}",
        seat_list(&|s| fixed(score_sum[s] as f64 / n, 1))
    );
    outln!(
        "win share: {} (shared wins count 1/k)",
        seat_list(&|s| format!("{}%", fixed(100.0 * wins[s] / n, 1)))
    );
    outln!(
        "speed: {:.0} games/s ({seconds:.3} s)",
        games as f64 / seconds.max(1e-9)
    );
    Ok(())
}

/// The tournament's players (and whether it is a round robin), the
/// learned evaluation of `--value` in those that use one.
fn with_value(args: &TournamentArgs) -> Result<(Vec<Entrant>, bool), Failure> {
    use majesty_ai::bots::Level;
    let (players, round) = match (&args.round_robin, &args.players) {
        (Some(Bots(levels)), _) => (levels.clone(), true),
        (None, Some(Bots(kinds))) => (kinds.clone(), false),
        (None, None) => unreachable!("clap requires --players or --round-robin"),
    };
    let Some(path) = &args.value else {
        return Ok((players, round));
    };
    let text = read_input(path)?;
    let model = ValueModel::from_json(&text).map_err(|e| unreadable(path, e))?;
    let model: &'static ValueModel = Box::leak(Box::new(model));
    let swap = |j: Judge| match j {
        Judge::Learned(_) => Judge::Learned(model),
        hand => hand,
    };
    let players = players
        .into_iter()
        .map(|e| match e {
            // The expert itself judges with the learned weights too.
            Entrant::Level(Level::Expert) => Entrant::Expert {
                name: "expert",
                params: ExpertParams {
                    leaf: swap(ExpertParams::default().leaf),
                    prior: swap(ExpertParams::default().prior),
                    ..ExpertParams::default()
                },
                iterations: None,
            },
            Entrant::Expert {
                name,
                mut params,
                iterations,
            } => {
                params.leaf = swap(params.leaf);
                params.prior = swap(params.prior);
                Entrant::Expert {
                    name,
                    params,
                    iterations,
                }
            }
            level => level,
        })
        .collect();
    Ok((players, round))
}

/// The tournament's run: its lineup and budgets from the command line.
fn run<'a>(args: &TournamentArgs, levels: &'a [Entrant], config: GameConfig) -> Tournament<'a> {
    let mut run = Tournament::new(config, levels, args.games, args.seed);
    if let Some(n) = args.threads {
        run.threads = n;
    }
    if let Some(i) = args.expert_iterations {
        run.expert_iterations = i;
    }
    run
}

/// The budget line of a header: the iterations per move of every bot
/// that searches with the expert's tree.
fn budget_note(run: &Tournament) -> String {
    let mut seen: Vec<String> = Vec::new();
    for e in run.levels {
        if let Some(i) = e.budget(run.expert_iterations) {
            let note = format!("{} {i}", e.name());
            if !seen.contains(&note) {
                seen.push(note);
            }
        }
    }
    if seen.is_empty() {
        String::new()
    } else {
        format!(", {} iterations/move", seen.join(", "))
    }
}

fn tournament(args: &TournamentArgs, kinds: &[Entrant]) -> Result<(), Failure> {
    let run = run(args, kinds, args.table.config(kinds.len()));
    let start = Instant::now();
    let totals = tournament::by_level(kinds, &run.play());
    outln!(
        "tournament: {} games, players {}, sides {}, deck {}, seed {}{}, {:.1} s",
        run.games,
        kinds
            .iter()
            .map(Entrant::name)
            .collect::<Vec<_>>()
            .join(","),
        run.config.sides(),
        run.config.deck(),
        run.seed,
        budget_note(&run),
        start.elapsed().as_secs_f64()
    );
    for (kind, t) in &totals {
        outln!(
            "{}: win {}% ±{}% (shared wins count 1/k), mean score {}, mean move {} ms",
            kind.name(),
            fixed(100.0 * t.win_rate(), 1),
            fixed(100.0 * t.win_interval(), 1),
            fixed(t.mean_score(), 1),
            fixed(t.mean_move_ms(), 2)
        );
    }
    // Equal time per move: the first two bots' thinking times compared.
    if let [(a, ta), (b, tb), ..] = totals.as_slice() {
        if tb.mean_move_ms() > 0.0 {
            outln!(
                "time per move: {} / {} = {}",
                a.name(),
                b.name(),
                fixed(ta.mean_move_ms() / tb.mean_move_ms(), 2)
            );
        }
    }
    Ok(())
}

/// A 2-player round robin: every pair of levels plays `games` games
/// (the pair's own seeds, seats alternating); prints the win-rate table and
/// the ratings.
fn round_robin(args: &TournamentArgs, levels: &[Entrant]) -> Result<(), Failure> {
    let run = run(args, levels, args.table.config(2));
    let start = Instant::now();
    let ladder = RoundRobin::play(run);
    outln!(
        "round robin: {} games per pair, 2 players, sides {}, deck {}, seed {}{}, {:.1} s",
        run.games,
        run.config.sides(),
        run.config.deck(),
        run.seed,
        budget_note(&run),
        start.elapsed().as_secs_f64()
    );
    print_ladder(levels, &ladder)
}

fn print_ladder(levels: &[Entrant], ladder: &RoundRobin) -> Result<(), Failure> {
    let mut header = format!("{:<8}", "");
    for level in levels {
        header += &format!(" {:>7}", level.name());
    }
    outln!("{header}   rating (Elo, ±95%)   move");
    for (i, level) in levels.iter().enumerate() {
        let mut row = format!("{:<8}", level.name());
        for j in 0..levels.len() {
            row += &if i == j {
                format!(" {:>7}", "-")
            } else {
                let rate = ladder.wins[i][j] / ladder.played[i][j].max(1.0);
                format!(" {:>6}%", fixed(100.0 * rate, 1))
            };
        }
        let r = ladder.ratings[i];
        outln!(
            "{row}   {:>6} ±{:<4}        {:>7} ms",
            fixed(r.elo, 0),
            fixed(r.interval, 0),
            fixed(ladder.totals[i].mean_move_ms(), 2)
        );
    }
    outln!("(row's win rate against column; a shared win counts 1/2; rating: Bradley-Terry, first level 0)");
    Ok(())
}

fn review(args: &ReviewArgs) -> Result<(), Failure> {
    let text = read_record_text(args.file.as_deref())?;
    let record = GameRecord::from_json(&text).map_err(record_failure)?;
    let players = record.players.len();
    let seats = args.seats.clone().unwrap_or_else(|| (0..players).collect());
    if let Some(&seat) = seats.iter().find(|&&s| s >= players) {
        return Err(usage(format!(
            "--seats: the record has no seat {seat} (0 to {})",
            players - 1
        )));
    }
    if let Some(seat) = seats
        .iter()
        .find(|&s| seats.iter().filter(|&t| t == s).count() > 1)
    {
        return Err(usage(format!("--seats: seat {seat} is named twice")));
    }
    let seats: Vec<Seat> = seats
        .iter()
        .map(|&s| Seat::new(s).expect("a seat of the record's game"))
        .collect();
    let budget = args.iterations.unwrap_or_else(coach::expert_budget);
    let review = coach::Reviewer::new(&record, &seats, budget)
        .map_err(record_failure)?
        .finish();
    if args.json {
        outln!("{}", json(&review));
        return Ok(());
    }
    let name = |seat: Seat| record.players[seat.index()].as_str();
    for r in &review.ratings {
        let verdict = if r.played == r.better {
            "the expert's choice".to_string()
        } else {
            format!("expert: {}, {} points lost", r.better, fixed(r.loss, 1))
        };
        outln!(
            "turn {:>2} {}: {} ({verdict})",
            r.number,
            name(r.seat),
            r.played
        );
    }
    for &seat in &seats {
        outln!(
            "{}: {} points lost in all",
            name(seat),
            fixed(review.total_loss(seat), 1)
        );
    }
    for r in &review.costliest {
        outln!(
            "costly: turn {} {}: {} instead of {} ({} points)",
            r.number,
            name(r.seat),
            r.played,
            r.better,
            fixed(r.loss, 1)
        );
    }
    Ok(())
}

fn hint(args: &HintArgs) -> Result<(), Failure> {
    let text = read_record_text(args.file.as_deref())?;
    let record = GameRecord::from_json(&text).map_err(record_failure)?;
    let game = record.replay().map_err(record_failure)?;
    let seed = bots::seed_for(record.seed.unwrap_or(0), game.turn_number());
    let budget = args.iterations.unwrap_or_else(coach::expert_budget);
    let advice = coach::hint(&Observation::to_move(&game), seed, budget);
    outln!("{}", json(&advice));
    Ok(())
}

fn puzzles(args: &PuzzleArgs) -> Result<(), Failure> {
    let out = Output::open(args.out.as_deref())?;
    let start = Instant::now();
    let (found, effort) = majesty_ai::puzzles::generate(args.seed, args.count, |e| {
        eprint!("\rgames {}, puzzles {}   ", e.games, e.kept);
    });
    eprintln!();
    let file = majesty_ai::puzzles::PuzzleFile {
        seed: args.seed,
        margin: majesty_ai::puzzles::MARGIN,
        puzzles: found,
    };
    out.write(&(json(&file) + "\n"))?;
    eprint!("{}", puzzle_report(&file.puzzles, &effort, start.elapsed()));
    Ok(())
}

/// The generation's cost and the puzzles' spread.
fn puzzle_report(
    puzzles: &[majesty_ai::puzzles::Puzzle],
    effort: &majesty_ai::puzzles::Effort,
    took: std::time::Duration,
) -> String {
    use std::collections::BTreeMap;
    use std::fmt::Write as _;
    let mut out = format!(
        "{} puzzles from {} games in {:.1} s: {} positions searched, {} candidates, {} kept\n",
        puzzles.len(),
        effort.games,
        took.as_secs_f64(),
        effort.positions,
        effort.candidates,
        effort.kept,
    );
    let mut spread = |title: &str, key: &dyn Fn(&majesty_ai::puzzles::Puzzle) -> String| {
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for p in puzzles {
            *counts.entry(key(p)).or_default() += 1;
        }
        let parts: Vec<String> = counts.iter().map(|(k, n)| format!("{k} {n}")).collect();
        let _ = writeln!(out, "{title}: {}", parts.join(", "));
    };
    spread("themes", &|p| p.theme.name().to_string());
    spread("players", &|p| p.record.players.len().to_string());
    spread("sides", &|p| {
        let s = p.record.sides.to_string();
        match (s.contains('A'), s.contains('B')) {
            (true, false) => "A".into(),
            (false, true) => "B".into(),
            _ => "mixed".into(),
        }
    });
    spread("gap (points)", &|p| match p.gap_tenths / 10 {
        g if g < 5 => "3-5".into(),
        g if g < 10 => "5-10".into(),
        _ => "10+".into(),
    });
    out
}

/// The game records of a games file, one a line (standard input for `-`).
fn read_games(path: &Path) -> Result<Vec<GameRecord>, Failure> {
    read_input(path)?
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| GameRecord::from_json(l).map_err(|e| unreadable(path, e)))
        .collect()
}

/// The self-playing expert of `train`, after the checks of the options
/// clap cannot make.
fn self_play_params(args: &TrainArgs) -> Result<ExpertParams, Failure> {
    let stdin_reads = args
        .model
        .iter()
        .chain(&args.also)
        .filter(|p| is_standard(p));
    if stdin_reads.count() > 1 {
        return Err(usage("standard input (-) can be read only once"));
    }
    if args.model.is_some() && args.self_play != "learned" {
        return Err(usage("--model is only for --self-play learned"));
    }
    if args.data.as_deref().is_some_and(is_standard) {
        return Err(usage(
            "--data is appended to: it must be a file, not standard input (-)",
        ));
    }
    let judge = match args.self_play.as_str() {
        "hand" => Judge::Hand,
        "learned" => match &args.model {
            None => Judge::learned(),
            Some(path) => {
                let text = read_input(path)?;
                let model = ValueModel::from_json(&text).map_err(|e| unreadable(path, e))?;
                Judge::Learned(Box::leak(Box::new(model)))
            }
        },
        other => {
            return Err(usage(format!(
                "--self-play must be hand or learned (got {other:?})"
            )))
        }
    };
    Ok(ExpertParams {
        leaf: judge,
        prior: judge,
        ..ExpertParams::default()
    })
}

/// The self-play games of a `train` run: those already in `data` (checked
/// against their set-ups), then the rest, each appended to `data` as it
/// ends, with the progress on standard error.
fn self_play_games(
    args: &TrainArgs,
    (games, iterations): (u64, u32),
    params: ExpertParams,
    data: &Path,
) -> Result<Vec<GameRecord>, Failure> {
    use std::io::Write as _;
    let start = Instant::now();
    let mut mine = if data.exists() {
        read_games(data)?
    } else {
        Vec::new()
    };
    mine.truncate(games as usize);
    for (i, r) in mine.iter().enumerate() {
        let (config, deal) = train::setup(args.seed, i as u64);
        if r.seed != Some(deal) || r.config().ok() != Some(config) {
            return Err(unreadable(
                data,
                format!("game {i} is not game {i} of this run (another seed?)"),
            ));
        }
    }
    let resumed = mine.len();
    if let Some(dir) = data.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| cannot_write(dir, e))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(data)
        .map_err(|e| cannot_write(data, e))?;
    eprintln!(
        "self-play: {games} games, {iterations} iterations a move, judgement {}, seed {}, into {} ({resumed} there already)",
        args.self_play,
        args.seed,
        data.display()
    );
    for i in resumed as u64..games {
        let record = train::self_play(args.seed, i, iterations, params);
        writeln!(file, "{}", record.to_json()).map_err(|e| cannot_write(data, e))?;
        mine.push(record);
        let done = i + 1 - resumed as u64;
        let left = games - i - 1;
        let secs = start.elapsed().as_secs_f64();
        let width = 30;
        let filled = ((i + 1) * width / games.max(1)) as usize;
        eprint!(
            "\r[{}{}] {}/{games} games, {secs:.0} s, about {:.0} s left   ",
            "#".repeat(filled),
            ".".repeat(width as usize - filled),
            i + 1,
            secs / done as f64 * left as f64
        );
    }
    eprintln!();
    Ok(mine)
}

/// The command line that makes a `train` run's weights, as they record it.
fn train_command(args: &TrainArgs, (games, iterations): (u64, u32)) -> String {
    let mut command = if args.short {
        format!(
            "majesty train --short --seed {} --self-play {}",
            args.seed, args.self_play
        )
    } else {
        format!(
            "majesty train --seed {} --games {games} --iterations {iterations} --self-play {}",
            args.seed, args.self_play
        )
    };
    if let Some(path) = &args.model {
        command += &format!(" --model {}", path.display());
    }
    for path in &args.also {
        command += &format!(" --also {}", path.display());
    }
    command
}

fn train(args: &TrainArgs) -> Result<(), Failure> {
    use majesty_ai::bots::value;

    let budget = if args.short {
        (8, 30)
    } else {
        (args.games, args.iterations)
    };
    let params = self_play_params(args)?;
    let data = args.data.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "target/majesty-train/games-{}-{}-{}{}.jsonl",
            args.seed,
            budget.1,
            args.self_play,
            if args.short { "-short" } else { "" }
        ))
    });
    let out = Output::open(args.out.as_deref())?;
    // Earlier runs' games, read before the long self-play.
    let mut records = Vec::new();
    for path in &args.also {
        records.extend(read_games(path)?);
    }
    let start = Instant::now();
    records.extend(self_play_games(args, budget, params, &data)?);
    eprintln!("fitting {} games ...", records.len());
    let fitted = train::fit(&records, train::RIDGE);
    let mut model = fitted.model;
    model.about = format!(
        "majesty-ai learned evaluation: {} features a seat for 2, 3 and 4 players (ai/src/bots/value.rs)",
        value::FEATURES
    );
    model.command = train_command(args, budget);
    model.seed = args.seed;
    model.games = records.len() as u64;
    model.positions = records
        .iter()
        .map(|r| (r.turns.len() * r.players.len()) as u64)
        .sum();
    model.hash = model.digest();
    for (c, (h, l)) in fitted.hand.iter().zip(&fitted.learned).enumerate() {
        eprintln!(
            "{} players, held-out {} seat-positions: final margin error {:.2} -> {:.2} points, win log loss {:.4} -> {:.4}, predicted leader won {:.1}% -> {:.1}% (hand -> learned, scale {})",
            c + 2,
            l.samples,
            h.rmse,
            l.rmse,
            h.log_loss,
            l.log_loss,
            100.0 * h.leader_won,
            100.0 * l.leader_won,
            model.scale[c]
        );
    }
    let text = model.to_json() + "\n";
    out.write(&text)?;
    eprintln!(
        "weights {} ({} bytes), {:.1} s in all",
        model.hash,
        text.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{fixed, json};

    #[test]
    fn no_number_is_printed_as_a_negative_zero() {
        assert_eq!(fixed(-0.0, 1), "0.0");
        assert_eq!(fixed(-0.04, 1), "0.0");
        assert_eq!(fixed(-0.4, 0), "0");
        assert_eq!(fixed(-0.05001, 1), "-0.1");
        assert_eq!(fixed(-12.0, 0), "-12");
        assert_eq!(json(&[-0.0, 0.0, -1.5]), "[0.0,0.0,-1.5]");
        assert_eq!(json(&-0.0f32), "0.0");
    }
}
