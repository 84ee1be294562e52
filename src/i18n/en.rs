//! English.

use majesty_rules::bots::Level;
use majesty_rules::{Card, Character, Location, RecordError, SetupError, Side, Step, TurnError};

use super::{gains_list, join_list, points_list, signed, Texts, MEGABYTE};
use crate::model::link::LinkProblem;
use crate::model::storage::SaveError;

pub struct En;

fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// "a Miller", "an Innkeeper".
fn a(c: Character) -> String {
    if c == Character::Innkeeper {
        format!("an {}", c.name())
    } else {
        format!("a {}", c.name())
    }
}

/// "Millers", "Witches".
fn many(c: Character) -> String {
    if c == Character::Witch {
        "Witches".to_string()
    } else {
        format!("{}s", c.name())
    }
}

fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    join_list(items, "and", "")
}

fn list(names: &[&str]) -> String {
    join_list(names, "and", "nobody")
}

impl Texts for En {
    fn character(&self, c: Character) -> &'static str {
        c.name()
    }

    fn count_of(&self, n: u8, c: Character) -> String {
        plural(n, c.name(), &many(c))
    }

    fn location(&self, l: Location) -> &'static str {
        l.name()
    }

    fn step(&self, step: &Step) -> String {
        match *step {
            Step::Defend => "defend with your Guards".into(),
            Step::Attack => "attack every opponent with fewer Guards than your Knights".into(),
            Step::Heal => "heal the top card of your Infirmary".into(),
            Step::Trade => "trade up to 5 meeples and points 1:1, one way".into(),
            Step::PerCharacter { characters, points, meeples } => {
                let who = and_list(&characters.iter().map(|c| c.name()).collect::<Vec<_>>());
                match (points, meeples) {
                    (p, 0) => format!("+{p} per {who}"),
                    (0, m) => format!("+{m} meeple per {who}"),
                    (p, m) => format!("+{p} and +{m} meeple per {who}"),
                }
            }
            Step::Everyone { needs, points } => {
                format!("everyone with {} gains {points}", a(needs))
            }
            Step::IfYouHave { characters, points } => format!(
                "+{points} if you have {}",
                and_list(&characters.iter().map(|&c| a(c)).collect::<Vec<_>>())
            ),
            Step::PerFullest { per, points } => format!(
                "for each {}: +{points} per character at your fullest location",
                per.name()
            ),
            Step::PerCharacterAndWounded { character, points } => {
                format!("+{points} per {} and per card in your Infirmary", character.name())
            }
            Step::GameEnd { per_card, most: 0 } => {
                format!("at the end of the game: {} per card here", signed(per_card))
            }
            Step::GameEnd { per_card, most } => format!(
                "at the end of the game: {} per card here; whoever has the most cards here (ties too) also loses {}",
                signed(per_card),
                -most
            ),
        }
    }
    fn then(&self) -> &'static str {
        "; then "
    }

    fn level(&self, level: Level) -> &'static str {
        match level {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    fn card(&self, card: Card) -> String {
        let names: Vec<&str> = card.characters().map(|c| c.name()).collect();
        names.join(" or ")
    }

    fn meeples(&self, n: usize) -> String {
        plural(n as i64, "meeple", "meeples")
    }

    fn turn_error(&self, error: &TurnError) -> String {
        // The engine's reasons are written in English already.
        error.to_string()
    }

    fn tagline(&self) -> &'static str {
        "For the Realm"
    }
    fn home(&self) -> &'static str {
        "Home"
    }
    fn home_lead(&self) -> &'static str {
        "Build the richest realm: take one character a turn, place it, and let its location pay you."
    }
    fn new_game(&self) -> &'static str {
        "New game"
    }
    fn your_game(&self) -> &'static str {
        "Your game"
    }
    fn games_in_progress(&self) -> &'static str {
        "Your unfinished games"
    }
    fn delete_game(&self) -> &'static str {
        "Delete"
    }
    fn delete_game_question(&self) -> &'static str {
        "Delete this game for good?"
    }
    fn resume(&self) -> &'static str {
        "Resume"
    }
    fn saved_game_summary(&self, players: &str, turn: usize, total: usize) -> String {
        format!("{players} — turn {turn} of {total}")
    }
    fn saved_when(&self, when: &str) -> String {
        format!("Saved {when}")
    }
    fn unreadable_title(&self) -> &'static str {
        "A saved game could not be opened"
    }
    fn unreadable_body(&self, reason: &SaveError) -> String {
        format!(
            "The save in this browser cannot be opened: {}. It is kept until you discard it.",
            self.save_error(reason)
        )
    }
    fn save_error(&self, error: &SaveError) -> String {
        match error {
            SaveError::NotJson(e) => format!("it is not valid JSON ({e})"),
            SaveError::OtherVersion(f) => {
                format!("it was made by another version (save format {f})")
            }
            SaveError::NoFormat => "it has no save format number".into(),
            SaveError::NoRecord => "it holds no game record".into(),
            SaveError::BadRecord(e) => self.record_error(e),
            SaveError::BadSeats(e) => format!("its players are not readable ({e})"),
            SaveError::DoesNotReplay(e) => format!("it does not replay ({})", self.record_error(e)),
            SaveError::Nothing => "there is no saved game".into(),
            SaveError::Refused => "the browser refused to store it (is the storage full?)".into(),
            SaveError::CannotRead => "the browser does not let this page read its storage".into(),
        }
    }
    fn download_it(&self) -> &'static str {
        "Download it"
    }
    fn discard_it(&self) -> &'static str {
        "Discard it"
    }
    fn cannot_open_save(&self, reason: &SaveError) -> String {
        format!(
            "The saved game could not be opened: {}.",
            self.save_error(reason)
        )
    }
    fn storage_unavailable(&self) -> &'static str {
        "This browser does not allow this page to store data: you can play, but the game will not be saved."
    }
    fn save_failed(&self, reason: &SaveError) -> String {
        format!("This game could not be saved: {}.", self.save_error(reason))
    }
    fn language(&self) -> &'static str {
        "Language"
    }
    fn other_tab(&self) -> &'static str {
        "This game went on in another tab: this tab now shows the latest position."
    }
    fn bad_link(&self, problems: &str) -> String {
        format!(
            "Some parameters of this link were not used ({problems}): the game starts as usual."
        )
    }
    fn link_problem(&self, problem: &LinkProblem) -> String {
        let why = match problem {
            LinkProblem::Sides(v) => format!("{v:?} is not eight letters A or B"),
            LinkProblem::Deck(v) => format!("{v:?} is neither standard nor full"),
            LinkProblem::PlayerCount(n) => self.player_count(*n),
            LinkProblem::NoName => "every player needs a name".into(),
            LinkProblem::Level(v) => {
                format!("{v:?} is not a computer level (random, easy, medium, hard)")
            }
            LinkProblem::Seed(v) => format!("{v:?} is not a whole number"),
            LinkProblem::OldSeed(_) => "this deal link was made by an earlier version of the game, which shuffled differently, so its deal cannot be repeated".into(),
            LinkProblem::NotBase64 => "it is not base64url".into(),
            LinkProblem::NotText => "it is not text".into(),
            LinkProblem::Record(e) => self.record_error(e),
            LinkProblem::Encoding { value, .. } => {
                format!("{value:?} is not correctly URL-encoded text")
            }
        };
        format!("{}: {why}", problem.parameter())
    }
    fn player_count(&self, n: usize) -> String {
        format!("a game has 2, 3 or 4 players (this one has {n})")
    }
    fn record_error(&self, error: &RecordError) -> String {
        match error {
            RecordError::Parse(e) => format!("it is not a valid game record ({e})"),
            RecordError::Setup(SetupError::BadPlayerCount(n)) => self.player_count(*n),
            RecordError::Setup(SetupError::BadFirstPlayer { seat, players }) => {
                format!("its first player, seat {seat}, is not one of its {players} seats")
            }
            RecordError::Setup(SetupError::DeckTooShort { cards, needed, .. }) => format!(
                "its deck of {cards} cards cannot finish the game (it needs at least {needed})"
            ),
            RecordError::NoDeck => "it needs a \"seed\" or a \"cards\" list".into(),
            RecordError::OldShuffle { .. } => "it was made by an earlier version of the game, \
                which shuffled the cards differently, so it cannot be dealt the same way now"
                .into(),
            RecordError::NewerVersion { .. } => "it was made by a newer version of the game".into(),
            RecordError::Turn { turn, error } => {
                format!("turn {turn}: {}", self.turn_error(error))
            }
            RecordError::BadTurn { turn, message } => {
                format!("turn {turn} is not a valid turn ({message})")
            }
            RecordError::TooManyTurns { max } => {
                format!("it has more than {max} turns, more than its game can have")
            }
            RecordError::TooLarge { max } => format!(
                "it is larger than {} MB, far more than any game record",
                max / MEGABYTE
            ),
        }
    }
    fn cannot_open_record(&self, error: &RecordError) -> String {
        format!(
            "This game record cannot be opened: {}.",
            self.record_error(error)
        )
    }
    fn replay_title(&self) -> &'static str {
        "Replay"
    }
    fn replay_step(&self, step: usize, total: usize) -> String {
        format!("Turn {step} of {total}")
    }
    fn first_step(&self) -> &'static str {
        "To the deal"
    }
    fn previous_step(&self) -> &'static str {
        "Previous turn"
    }
    fn next_step(&self) -> &'static str {
        "Next turn"
    }
    fn last_step(&self) -> &'static str {
        "To the last turn"
    }
    fn play_replay(&self) -> &'static str {
        "Play"
    }
    fn pause_replay(&self) -> &'static str {
        "Pause"
    }
    fn jump_to_turn(&self) -> &'static str {
        "Jump to turn"
    }
    fn play_from_here(&self) -> &'static str {
        "Play from here"
    }
    fn replay_game(&self) -> &'static str {
        "Replay this game"
    }
    fn share_deal(&self) -> &'static str {
        "Share this deal"
    }
    fn share_game(&self) -> &'static str {
        "Share this game"
    }
    fn share_hint(&self) -> &'static str {
        "Copy this link:"
    }
    fn open_record(&self) -> &'static str {
        "Open a game record (file)"
    }
    fn dismiss(&self) -> &'static str {
        "Dismiss"
    }
    fn loading(&self) -> &'static str {
        "Loading…"
    }
    fn how_to_play(&self) -> &'static str {
        "How to play"
    }
    fn new_version_ready(&self) -> &'static str {
        "A new version of the game is ready."
    }
    fn reload(&self) -> &'static str {
        "Reload"
    }
    fn how_to_play_steps(&self) -> [&'static str; 4] {
        [
            "On your turn, take one card from the display. The front card is free; each card further back costs one more meeple, which you leave on the cards you skip. You gain the meeples lying on the card you take.",
            "Place the character at its location (a split card: choose which half). The location activates and pays you points or meeples, or lets you attack, heal or trade.",
            "At the end of your turn, meeples beyond the 5 spaces of your worker card become 1 point each.",
            "When every player has 12 cards, final scoring: lose points for the Infirmary, gain n × n for n different locations with characters, and the value of each location where you have the most characters (ties all score).",
        ]
    }

    fn setup_title(&self) -> &'static str {
        "New game"
    }
    fn players_legend(&self) -> &'static str {
        "Players"
    }
    fn n_players(&self, n: usize) -> String {
        format!("{n} players")
    }
    fn seat(&self, seat: usize, starts: bool) -> String {
        if starts {
            format!("Seat {} (starts)", seat + 1)
        } else {
            format!("Seat {}", seat + 1)
        }
    }
    fn name_of_seat(&self, seat: usize) -> String {
        format!("Name of seat {}", seat + 1)
    }
    fn who_plays_seat(&self, seat: usize) -> String {
        format!("Who plays seat {}", seat + 1)
    }
    fn default_player_name(&self, seat: usize) -> String {
        ["Ann", "Bob", "Cid", "Dee"]
            .get(seat)
            .map_or_else(|| format!("Player {}", seat + 1), |n| n.to_string())
    }
    fn person(&self) -> &'static str {
        "Person"
    }
    fn computer(&self, level: Level) -> String {
        format!("Computer: {}", self.level(level))
    }
    fn location_cards(&self) -> &'static str {
        "Location cards"
    }
    fn all_side(&self, side: Side) -> &'static str {
        match side {
            Side::A => "All side A",
            Side::B => "All side B",
        }
    }
    fn side(&self, side: Side) -> &'static str {
        match side {
            Side::A => "Side A",
            Side::B => "Side B",
        }
    }
    fn mixed_sides(&self) -> &'static str {
        "Mixed sides (unofficial): choose each location"
    }
    fn options(&self) -> &'static str {
        "Options"
    }
    fn full_deck(&self) -> &'static str {
        "Full deck: all 60 cards shuffled together"
    }
    fn meeple_tiebreak(&self) -> &'static str {
        "Remaining meeples break a tie (house rule)"
    }
    fn allow_undo(&self) -> &'static str {
        "Allow taking back turns"
    }
    fn random_first_player(&self) -> &'static str {
        "First player drawn at random (the knight worker card)"
    }
    fn deal_number(&self) -> &'static str {
        "Deal number"
    }
    fn new_deal(&self) -> &'static str {
        "New deal"
    }
    fn bad_deal_number(&self) -> &'static str {
        "The deal number must be a whole number."
    }
    fn back(&self) -> &'static str {
        "Back"
    }
    fn start_game(&self) -> &'static str {
        "Start the game"
    }

    fn to_play(&self, name: &str) -> String {
        format!("{name} to play")
    }
    fn computer_playing(&self, name: &str, level: Level) -> String {
        format!("{name} (computer, {}) is playing", self.level(level))
    }
    fn turn_of(&self, turn: usize, total: usize) -> String {
        format!(" — turn {turn} of {total}")
    }
    fn game_over(&self) -> &'static str {
        "Game over"
    }
    fn the_display(&self) -> &'static str {
        "The display"
    }
    fn cost(&self, meeples: usize) -> String {
        match meeples {
            0 => "free".into(),
            n => self.meeples(n),
        }
    }
    fn display_card(&self, space: usize, card: Card, lying: u8) -> String {
        let on_it = match lying {
            0 => String::new(),
            n => format!(", {} on it", self.meeples(usize::from(n))),
        };
        let cost = match space {
            0 => "free".to_string(),
            n => format!("costs {}", self.meeples(n)),
        };
        format!("Display space {space}: {}{on_it}, {cost}", self.card(card))
    }
    fn meeples_on_card(&self, n: u8) -> String {
        format!("{} lying on this card", self.meeples(usize::from(n)))
    }
    fn deck_label(&self, cards: usize) -> String {
        plural(
            cards as i64,
            "card left in the deck",
            "cards left in the deck",
        )
    }
    fn choose_card(&self) -> &'static str {
        "Choose a card from the display."
    }
    fn computer_thinking(&self) -> &'static str {
        "The computer is thinking…"
    }
    fn your_turn(&self) -> &'static str {
        "Your turn"
    }
    fn computers_turn(&self) -> &'static str {
        "Computer's turn"
    }
    fn place_as(&self) -> &'static str {
        "Place it as:"
    }
    fn place_at(&self, c: Character) -> String {
        format!("{} at the {}", c.name(), c.location().name())
    }
    fn heal_question(&self, card: Card) -> String {
        format!(
            "Your Witch heals the split card {}. Where does it go?",
            self.card(card)
        )
    }
    fn heal_to(&self, c: Character) -> String {
        format!("The {} (as {})", c.location().name(), a(c))
    }
    fn castle_trade(&self) -> &'static str {
        "Castle trade:"
    }
    fn trade(&self, trade: i32) -> String {
        match trade {
            0 => "no trade".into(),
            t if t > 0 => format!("buy {} for {t} points", self.meeples(t as usize)),
            t => format!("sell {} for {} points", self.meeples((-t) as usize), -t),
        }
    }
    fn this_turn(&self) -> &'static str {
        "This turn: "
    }
    fn cancel(&self) -> &'static str {
        "Cancel"
    }
    fn confirm(&self) -> &'static str {
        "Confirm"
    }
    fn realms(&self) -> &'static str {
        "Realms"
    }
    fn variety_hint(&self) -> &'static str {
        "variety: n locations with characters give n × n points"
    }
    fn leads(&self) -> &'static str {
        "most here, or tied for most"
    }
    fn infirmary_top(&self, card: Card) -> String {
        format!("top: {}", self.card(card))
    }
    fn worker(&self, meeples: u8) -> String {
        format!("{} on the worker card", self.meeples(usize::from(meeples)))
    }
    fn to_move_marker(&self) -> &'static str {
        "to play"
    }
    fn take_back(&self) -> &'static str {
        "Take back the last turn"
    }
    fn realm_of(&self, name: &str) -> String {
        format!("{name}’s realm")
    }
    fn majority_pays(&self, points: i32) -> String {
        format!("most characters here at the end: +{points}")
    }
    fn score_label(&self, points: i32) -> String {
        plural(i64::from(points), "point", "points")
    }
    fn theme(&self) -> &'static str {
        "Theme"
    }
    fn theme_name(&self, theme: crate::model::prefs::Theme) -> &'static str {
        match theme {
            crate::model::prefs::Theme::Auto => "◐ Auto",
            crate::model::prefs::Theme::Light => "Light",
            crate::model::prefs::Theme::Dark => "Dark",
        }
    }
    fn computer_pace(&self) -> &'static str {
        "Computers:"
    }
    fn pace_name(&self, pace: crate::model::prefs::Pace) -> &'static str {
        match pace {
            crate::model::prefs::Pace::Slow => "slow",
            crate::model::prefs::Pace::Normal => "normal",
            crate::model::prefs::Pace::Fast => "fast",
            crate::model::prefs::Pace::Instant => "instant",
        }
    }
    fn skip_computers(&self) -> &'static str {
        "Skip to my turn"
    }
    fn pass_device_option(&self) -> &'static str {
        "Cover the table between people’s turns (pass the device)"
    }
    fn see_table(&self) -> &'static str {
        "See the table"
    }
    fn pass_device_title(&self, name: &str) -> String {
        format!("{name}’s turn: pass the device to {name}")
    }
    fn pass_device_ready(&self, name: &str) -> String {
        format!("I am {name}: show the table")
    }
    fn log(&self) -> &'static str {
        "Log"
    }
    fn turn_refused(&self, reason: &str) -> String {
        format!("That turn is not allowed: {reason}.")
    }

    fn took(&self, name: &str, card: Card, placed: Character, paid: u8, picked_up: u8) -> String {
        let what = if card.is_split() {
            format!("{} as {}", self.card(card).replace(" or ", "/"), a(placed))
        } else {
            a(placed)
        };
        let cost = match paid {
            0 => "for free".to_string(),
            n => format!("for {}", self.meeples(usize::from(n))),
        };
        let bonus = match picked_up {
            0 => String::new(),
            n => format!(" and picked up {}", self.meeples(usize::from(n))),
        };
        format!("{name} took {what} {cost}{bonus}")
    }
    fn healed(&self, card: Card, c: Character) -> String {
        if card.is_split() {
            format!(
                "Cottage: healed {} → {} (as {})",
                self.card(card).replace(" or ", "/"),
                c.location().name(),
                a(c)
            )
        } else {
            format!("Cottage: healed {} → {}", a(c), c.location().name())
        }
    }
    fn attack(
        &self,
        knights: u8,
        defender: &str,
        guards: u8,
        wounded: Option<Character>,
    ) -> String {
        let outcome = match wounded {
            Some(c) => format!("{defender}'s {} wounded", c.name()),
            None if guards >= knights => "the Guards hold".to_string(),
            None => "nothing to wound".to_string(),
        };
        format!(
            "Attack: {} vs {defender}'s {} → {outcome}",
            self.count_of(knights, Character::Knight),
            self.count_of(guards, Character::Guard)
        )
    }
    fn gained_has_each(&self, location: Location, characters: &[Character], points: i32) -> String {
        let have = and_list(&characters.iter().map(|&c| a(c)).collect::<Vec<_>>());
        format!("{}: {have} = {}", location.name(), signed(points))
    }
    fn gained_fullest(
        &self,
        location: Location,
        innkeepers: u8,
        fullest: u8,
        each: i32,
        points: i32,
    ) -> String {
        format!(
            "{}: {} × {each} × {fullest} (fullest location) = {}",
            location.name(),
            self.count_of(innkeepers, Character::Innkeeper),
            signed(points)
        )
    }
    fn gained_nobles_and_wounded(
        &self,
        location: Location,
        nobles: u8,
        wounded: u8,
        each: i32,
        points: i32,
    ) -> String {
        format!(
            "{}: ({} + {wounded} in the Infirmary) × {each} = {}",
            location.name(),
            self.count_of(nobles, Character::Noble),
            signed(points)
        )
    }
    fn everyone_gained(
        &self,
        location: Location,
        needs: Character,
        points: i32,
        names: &[&str],
    ) -> String {
        format!(
            "{}: everyone with {} {} → {}",
            location.name(),
            a(needs),
            signed(points),
            list(names)
        )
    }
    fn traded(&self, trade: i32) -> String {
        if trade > 0 {
            format!(
                "Castle: traded {trade} points for {}",
                self.meeples(trade.unsigned_abs() as usize)
            )
        } else {
            format!(
                "Castle: traded {} for {} points",
                self.meeples(trade.unsigned_abs() as usize),
                trade.unsigned_abs()
            )
        }
    }
    fn converted(&self, meeples: u8, points: i32) -> String {
        format!(
            "{} beyond the worker card → {}",
            self.meeples(usize::from(meeples)),
            signed(points)
        )
    }
    fn refilled(&self, card: Option<Card>) -> String {
        match card {
            Some(card) => format!("New card in the display: {}", self.card(card)),
            None => "The deck is empty: no new card".into(),
        }
    }
    fn final_scoring_begins(&self) -> &'static str {
        "Every realm has 12 cards: final scoring"
    }

    fn final_scoring(&self) -> &'static str {
        "Final scoring"
    }
    fn winners(&self, names: &[&str]) -> String {
        match names {
            [one] => format!("{one} wins!"),
            many => format!("Shared victory: {}", list(many)),
        }
    }
    fn before_final(&self) -> &'static str {
        "Before final scoring"
    }
    fn infirmary_row(&self) -> &'static str {
        "Infirmary"
    }
    fn variety_row(&self) -> &'static str {
        "Variety (n × n)"
    }
    fn majority_row(&self, l: Location) -> String {
        format!("Majority: {}", l.name())
    }
    fn total(&self) -> &'static str {
        "Total"
    }
    fn winner_mark(&self) -> &'static str {
        "winner"
    }
    fn play_again(&self) -> &'static str {
        "Play again"
    }
    fn export_record(&self) -> &'static str {
        "Export the game record"
    }
    fn record_text(&self) -> &'static str {
        "Game record (to copy)"
    }

    fn before_step(&self, scores: &[(&str, i32)]) -> String {
        format!("Before final scoring: {}", points_list(scores))
    }
    fn majority_step(&self, l: Location, winners: &[(&str, i32)]) -> String {
        let gains = gains_list(winners);
        match (l.character(), winners.len()) {
            (None, _) => format!("{}: {gains}", l.name()),
            (Some(c), 0) => format!("{}: nobody has {}", l.name(), a(c)),
            (Some(c), 1) => format!("{}: {gains} (most {})", l.name(), many(c)),
            (Some(c), _) => format!("{}: {gains} (tied for most {})", l.name(), many(c)),
        }
    }
    fn infirmary_step(&self, losses: &[(&str, i32, u8, i32)]) -> String {
        if losses.is_empty() {
            return "Infirmary: nobody loses points".into();
        }
        let parts: Vec<String> = losses
            .iter()
            .map(|&(name, points, cards, most)| {
                format!(
                    "{name} {} ({})",
                    signed(points),
                    self.infirmary_detail(cards, most)
                )
            })
            .collect();
        format!("Infirmary: {}", parts.join(", "))
    }
    fn infirmary_detail(&self, cards: u8, most: i32) -> String {
        let cards = plural(cards, "card", "cards");
        if most != 0 {
            format!("{cards}, {} for the most", signed(most))
        } else {
            cards
        }
    }
    fn variety_step(&self, gains: &[(&str, u8, i32)]) -> String {
        let parts: Vec<String> = gains
            .iter()
            .map(|&(name, n, points)| {
                let locations = plural(n, "location", "locations");
                format!("{name} {} ({locations} × {n})", signed(points))
            })
            .collect();
        format!("Variety: {}", parts.join(", "))
    }
    fn totals_step(&self, totals: &[(&str, i32)], winners: &[&str]) -> String {
        format!("Total: {}. {}", points_list(totals), self.winners(winners))
    }
    fn show_all(&self) -> &'static str {
        "Show all"
    }
    fn score_chart(&self) -> &'static str {
        "Scores over the game"
    }
    fn score_chart_label(
        &self,
        turns: usize,
        scores: &[(&str, i32)],
        totals: Option<&[(&str, i32)]>,
    ) -> String {
        let turns = plural(turns as i64, "turn", "turns");
        let mut text = format!(
            "Line chart of the scores, turn by turn ({turns}). When play ended: {}.",
            points_list(scores)
        );
        if let Some(totals) = totals {
            text.push_str(&format!(" After final scoring: {}.", points_list(totals)));
        }
        text
    }
    fn turn_axis(&self) -> &'static str {
        "Turn"
    }
    fn final_step(&self) -> &'static str {
        "Final"
    }
}
