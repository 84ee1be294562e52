//! Deutsch, mit den Begriffen der deutschen Spielregel (Müllerin, Brauer,
//! Hexe, Wache, Soldat; Mühle, Brauerei, Hexenhaus, Wachturm, Kaserne,
//! Lazarett). Wo sie schweigt: Wirt, Taverne, Adlige, Schloss.

use majesty_rules::bots::Level;
use majesty_rules::{Card, Character, Location, RecordError, SetupError, Side, Step, TurnError};

use super::{gains_list, join_list, points_list, signed, Texts, MEGABYTE};
use crate::model::link::LinkProblem;
use crate::model::storage::SaveError;

pub struct De;

fn list(names: &[&str]) -> String {
    join_list(names, "und", "niemand")
}

/// Singular and plural.
fn forms(c: Character) -> (&'static str, &'static str) {
    match c {
        Character::Miller => ("Müllerin", "Müllerinnen"),
        Character::Brewer => ("Brauer", "Brauer"),
        Character::Witch => ("Hexe", "Hexen"),
        Character::Guard => ("Wache", "Wachen"),
        Character::Knight => ("Soldat", "Soldaten"),
        Character::Innkeeper => ("Wirt", "Wirte"),
        Character::Noble => ("Adlige", "Adlige"),
    }
}

/// "mit mindestens …" (Dativ).
fn with_one(c: Character) -> &'static str {
    match c {
        Character::Miller => "einer Müllerin",
        Character::Brewer => "einem Brauer",
        Character::Witch => "einer Hexe",
        Character::Guard => "einer Wache",
        Character::Knight => "einem Soldaten",
        Character::Innkeeper => "einem Wirt",
        Character::Noble => "einer Adligen",
    }
}

/// "eine Müllerin", "ein Brauer".
fn nominative(c: Character) -> &'static str {
    match c {
        Character::Miller => "eine Müllerin",
        Character::Brewer => "ein Brauer",
        Character::Witch => "eine Hexe",
        Character::Guard => "eine Wache",
        Character::Knight => "ein Soldat",
        Character::Innkeeper => "ein Wirt",
        Character::Noble => "eine Adlige",
    }
}

/// "eine Müllerin", "einen Brauer".
fn accusative(c: Character) -> &'static str {
    match c {
        Character::Miller => "eine Müllerin",
        Character::Brewer => "einen Brauer",
        Character::Witch => "eine Hexe",
        Character::Guard => "eine Wache",
        Character::Knight => "einen Soldaten",
        Character::Innkeeper => "einen Wirt",
        Character::Noble => "eine Adlige",
    }
}

/// The plural after "die meisten" (weak: "die meisten Adligen").
fn most_of(c: Character) -> &'static str {
    match c {
        Character::Noble => "Adligen",
        c => forms(c).1,
    }
}

fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    join_list(items, "und", "")
}

impl Texts for De {
    fn character(&self, c: Character) -> &'static str {
        forms(c).0
    }
    fn count_of(&self, n: u8, c: Character) -> String {
        let (one, many) = forms(c);
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    }
    fn location(&self, l: Location) -> &'static str {
        match l {
            Location::Mill => "Mühle",
            Location::Brewery => "Brauerei",
            Location::Cottage => "Hexenhaus",
            Location::Guardhouse => "Wachturm",
            Location::Barracks => "Kaserne",
            Location::Inn => "Taverne",
            Location::Castle => "Schloss",
            Location::Infirmary => "Lazarett",
        }
    }
    fn step(&self, step: &Step) -> String {
        match *step {
            Step::Defend => "Verteidigung mit deinen Wachen".into(),
            Step::Attack => "Angriff auf jeden Mitspieler mit weniger Wachen als deine Soldaten".into(),
            Step::Heal => "heile die oberste Karte deines Lazaretts".into(),
            Step::Trade => "tausche bis zu 5 Meeple und Punkte 1:1 in eine Richtung".into(),
            Step::PerCharacter { characters, points, meeples } => {
                let who = and_list(&characters.iter().map(|&c| self.character(c)).collect::<Vec<_>>());
                match (points, meeples) {
                    (p, 0) => format!("+{p} je {who}"),
                    (0, m) => format!("+{m} Meeple je {who}"),
                    (p, m) => format!("+{p} und +{m} Meeple je {who}"),
                }
            }
            Step::Everyone { needs, points } => {
                format!("jeder mit mindestens {} erhält {points}", with_one(needs))
            }
            Step::IfYouHave { characters, points } => format!(
                "+{points}, wenn du {} hast",
                and_list(&characters.iter().map(|&c| accusative(c)).collect::<Vec<_>>())
            ),
            Step::PerFullest { per, points } => format!(
                "für jeden {}: +{points} je Person an deinem vollsten Gebäude",
                self.character(per)
            ),
            Step::PerCharacterAndWounded { character, points } => {
                format!("+{points} je {} und je Karte in deinem Lazarett", self.character(character))
            }
            Step::GameEnd { per_card, most: 0 } => {
                format!("bei Spielende: −{} je Karte hier", per_card.abs())
            }
            Step::GameEnd { per_card, most } => format!(
                "bei Spielende: −{} je Karte hier; wer hier die meisten Karten hat (auch bei Gleichstand), verliert zusätzlich {}",
                per_card.abs(),
                -most
            ),
        }
    }
    fn then(&self) -> &'static str {
        "; danach "
    }

    fn level(&self, level: Level) -> &'static str {
        match level {
            Level::Random => "zufällig",
            Level::Easy => "leicht",
            Level::Medium => "mittel",
            Level::Hard => "schwer",
        }
    }
    fn card(&self, card: Card) -> String {
        let names: Vec<&str> = card.characters().map(|c| self.character(c)).collect();
        names.join(" oder ")
    }
    fn meeples(&self, n: usize) -> String {
        format!("{n} Meeple")
    }
    fn turn_error(&self, error: &TurnError) -> String {
        match *error {
            TurnError::GameOver => "das Spiel ist vorbei".into(),
            TurnError::SpaceOutOfRange { space, .. } => {
                format!("in der Auslage gibt es kein Feld {space}")
            }
            TurnError::NotEnoughMeeples { needed, have } => {
                format!(
                    "diese Karte kostet {}, du hast {}",
                    self.meeples(needed),
                    self.meeples(usize::from(have))
                )
            }
            TurnError::WrongCharacter { card, character } => {
                format!(
                    "die Karte {} kann nicht als {} gelegt werden",
                    self.card(card),
                    self.character(character)
                )
            }
            TurnError::HealChoiceMissing { card } => {
                format!("wohin kommt die geheilte Doppelkarte {}?", self.card(card))
            }
            TurnError::HealChoiceInvalid { card, character } => format!(
                "die geheilte Doppelkarte {} kann nicht an {} gelegt werden",
                self.card(card),
                self.location(character.location())
            ),
            TurnError::HealChoiceUnexpected => {
                "in diesem Zug wird keine Doppelkarte geheilt".into()
            }
            TurnError::TradeNotAllowed { .. } => {
                "getauscht wird nur beim Legen einer Adligen ins Schloss (Seite B)".into()
            }
            TurnError::TradeOutOfRange { trade } => {
                format!("Tausch {trade:+} geht nicht (−5 bis +5)")
            }
            TurnError::TradeUnaffordable {
                trade,
                points,
                meeples,
            } => {
                if trade > 0 {
                    format!("Tausch {trade:+} kostet {trade} Punkte, du hast {points}")
                } else {
                    format!(
                        "Tausch {trade:+} braucht {}, du hast {}",
                        self.meeples(trade.unsigned_abs() as usize),
                        self.meeples(usize::from(meeples))
                    )
                }
            }
        }
    }

    fn tagline(&self) -> &'static str {
        "Für das Königreich"
    }
    fn home(&self) -> &'static str {
        "Start"
    }
    fn home_lead(&self) -> &'static str {
        "Baue das reichste Reich: Nimm jede Runde eine Person, lege sie an ihr Gebäude und lass dich bezahlen."
    }
    fn new_game(&self) -> &'static str {
        "Neues Spiel"
    }
    fn your_game(&self) -> &'static str {
        "Dein Spiel"
    }
    fn games_in_progress(&self) -> &'static str {
        "Deine laufenden Spiele"
    }
    fn delete_game(&self) -> &'static str {
        "Löschen"
    }
    fn delete_game_question(&self) -> &'static str {
        "Dieses Spiel endgültig löschen?"
    }
    fn resume(&self) -> &'static str {
        "Weiterspielen"
    }
    fn saved_game_summary(&self, players: &str, turn: usize, total: usize) -> String {
        format!("{players} — Zug {turn} von {total}")
    }
    fn saved_when(&self, when: &str) -> String {
        format!("Gespeichert am {when}")
    }
    fn unreadable_title(&self) -> &'static str {
        "Ein gespeichertes Spiel lässt sich nicht öffnen"
    }
    fn unreadable_body(&self, reason: &SaveError) -> String {
        format!(
            "Der Spielstand in diesem Browser lässt sich nicht öffnen: {}. Er bleibt erhalten, bis du ihn verwirfst.",
            self.save_error(reason)
        )
    }
    fn save_error(&self, error: &SaveError) -> String {
        match error {
            SaveError::NotJson(e) => format!("er ist kein gültiges JSON ({e})"),
            SaveError::OtherVersion(f) => {
                format!("er stammt aus einer anderen Version (Format {f})")
            }
            SaveError::NoFormat => "ihm fehlt die Formatnummer".into(),
            SaveError::NoRecord => "er enthält keine Partie".into(),
            SaveError::BadRecord(e) => self.record_error(e),
            SaveError::BadSeats(e) => format!("seine Spieler sind unlesbar ({e})"),
            SaveError::DoesNotReplay(e) => {
                format!("er lässt sich nicht nachspielen ({})", self.record_error(e))
            }
            SaveError::Nothing => "es gibt keinen Spielstand".into(),
            SaveError::Refused => "der Browser verweigert das Speichern (Speicher voll?)".into(),
            SaveError::CannotRead => {
                "der Browser lässt diese Seite ihren Speicher nicht lesen".into()
            }
        }
    }
    fn download_it(&self) -> &'static str {
        "Herunterladen"
    }
    fn discard_it(&self) -> &'static str {
        "Verwerfen"
    }
    fn cannot_open_save(&self, reason: &SaveError) -> String {
        format!(
            "Das gespeicherte Spiel lässt sich nicht öffnen: {}.",
            self.save_error(reason)
        )
    }
    fn storage_unavailable(&self) -> &'static str {
        "Dieser Browser erlaubt der Seite nicht, Daten zu speichern: Du kannst spielen, aber das Spiel wird nicht gespeichert."
    }
    fn save_failed(&self, reason: &SaveError) -> String {
        format!(
            "Das Spiel konnte nicht gespeichert werden: {}.",
            self.save_error(reason)
        )
    }
    fn language(&self) -> &'static str {
        "Sprache"
    }
    fn other_tab(&self) -> &'static str {
        "Dieses Spiel ging in einem anderen Tab weiter: Hier siehst du jetzt den neuesten Stand."
    }
    fn bad_link(&self, problems: &str) -> String {
        format!("Einige Angaben dieses Links wurden nicht verwendet ({problems}): Das Spiel beginnt wie gewohnt.")
    }
    fn link_problem(&self, problem: &LinkProblem) -> String {
        let why = match problem {
            LinkProblem::Sides(v) => format!("„{v}“ sind nicht acht Buchstaben A oder B"),
            LinkProblem::Deck(v) => format!("„{v}“ ist weder standard noch full"),
            LinkProblem::PlayerCount(n) => self.player_count(*n),
            LinkProblem::NoName => "jeder Spieler braucht einen Namen".into(),
            LinkProblem::Level(v) => {
                format!("„{v}“ ist keine Computerstufe (random, easy, medium, hard)")
            }
            LinkProblem::Seed(v) => format!("„{v}“ ist keine ganze Zahl"),
            LinkProblem::OldSeed(_) => "dieser Link stammt von einer früheren Version des Spiels, die anders gemischt hat: sein Spiel kann nicht genauso ausgeteilt werden".into(),
            LinkProblem::NotBase64 => "das ist kein base64url".into(),
            LinkProblem::NotText => "das ist kein Text".into(),
            LinkProblem::Record(e) => self.record_error(e),
            LinkProblem::Encoding { value, .. } => {
                format!("„{value}“ ist kein korrekt URL-kodierter Text")
            }
        };
        format!("{}: {why}", problem.parameter())
    }
    fn player_count(&self, n: usize) -> String {
        format!("eine Partie hat 2, 3 oder 4 Spieler (diese hat {n})")
    }
    fn record_error(&self, error: &RecordError) -> String {
        match error {
            RecordError::Parse(e) => format!("das ist keine gültige Partie ({e})"),
            RecordError::Setup(SetupError::BadPlayerCount(n)) => self.player_count(*n),
            RecordError::Setup(SetupError::BadFirstPlayer { seat, players }) => {
                format!("ihr Startplatz {seat} ist keiner ihrer {players} Plätze")
            }
            RecordError::Setup(SetupError::DeckTooShort { cards, needed, .. }) => format!(
                "ihr Stapel von {cards} Karten reicht nicht bis zum Spielende \
                 (er braucht mindestens {needed})"
            ),
            RecordError::NoDeck => "es fehlt „seed“ oder eine Liste „cards“".into(),
            RecordError::OldShuffle { .. } => "sie stammt aus einer früheren Version des Spiels, \
                die die Karten anders gemischt hat, und lässt sich nicht mehr genauso austeilen"
                .into(),
            RecordError::NewerVersion { .. } => {
                "sie stammt aus einer neueren Version des Spiels".into()
            }
            RecordError::Turn { turn, error } => {
                format!("Zug {turn}: {}", self.turn_error(error))
            }
            RecordError::BadTurn { turn, message } => {
                format!("Zug {turn} ist kein gültiger Zug ({message})")
            }
            RecordError::TooManyTurns { max } => {
                format!("es hat mehr als {max} Züge, mehr als seine Partie haben kann")
            }
            RecordError::TooLarge { max } => format!(
                "es ist größer als {} MB, weit mehr, als eine Partie je braucht",
                max / MEGABYTE
            ),
        }
    }
    fn cannot_open_record(&self, error: &RecordError) -> String {
        format!(
            "Diese Partie lässt sich nicht öffnen: {}.",
            self.record_error(error)
        )
    }
    fn replay_title(&self) -> &'static str {
        "Wiedergabe"
    }
    fn replay_step(&self, step: usize, total: usize) -> String {
        format!("Zug {step} von {total}")
    }
    fn first_step(&self) -> &'static str {
        "Zur Verteilung"
    }
    fn previous_step(&self) -> &'static str {
        "Vorheriger Zug"
    }
    fn next_step(&self) -> &'static str {
        "Nächster Zug"
    }
    fn last_step(&self) -> &'static str {
        "Zum letzten Zug"
    }
    fn play_replay(&self) -> &'static str {
        "Abspielen"
    }
    fn pause_replay(&self) -> &'static str {
        "Anhalten"
    }
    fn jump_to_turn(&self) -> &'static str {
        "Springe zu Zug"
    }
    fn play_from_here(&self) -> &'static str {
        "Von hier weiterspielen"
    }
    fn replay_game(&self) -> &'static str {
        "Partie wiedergeben"
    }
    fn share_deal(&self) -> &'static str {
        "Diese Verteilung teilen"
    }
    fn share_game(&self) -> &'static str {
        "Diese Partie teilen"
    }
    fn share_hint(&self) -> &'static str {
        "Kopiere diesen Link:"
    }
    fn open_record(&self) -> &'static str {
        "Partie öffnen (Datei)"
    }
    fn dismiss(&self) -> &'static str {
        "Schließen"
    }
    fn loading(&self) -> &'static str {
        "Wird geladen …"
    }
    fn how_to_play(&self) -> &'static str {
        "Spielregeln in Kürze"
    }
    fn new_version_ready(&self) -> &'static str {
        "Eine neue Version des Spiels ist bereit."
    }
    fn reload(&self) -> &'static str {
        "Neu laden"
    }
    fn how_to_play_steps(&self) -> [&'static str; 4] {
        [
            "Nimm in deinem Zug eine Karte aus der Auslage. Die vorderste ist umsonst; für jede Karte weiter hinten setzt du auf jede übersprungene Karte einen Meeple. Die Meeple auf der genommenen Karte gehören dir.",
            "Lege die Person an ihr Gebäude (eine Doppelkarte: Du wählst die Hälfte). Das Gebäude wird aktiviert: Es bringt Punkte oder Meeple, oder du greifst an, heilst oder tauschst.",
            "Am Ende deines Zuges wird jeder Meeple über die 5 Felder deiner Arbeiterkarte hinaus zu 1 Punkt.",
            "Haben alle 12 Karten, folgt die Schlusswertung: Minuspunkte für das Lazarett, n × n Punkte für n verschiedene Gebäude mit Personen und der Wert jedes Gebäudes, an dem du die meisten Personen hast (bei Gleichstand punkten alle).",
        ]
    }

    fn setup_title(&self) -> &'static str {
        "Neues Spiel"
    }
    fn players_legend(&self) -> &'static str {
        "Spieler"
    }
    fn n_players(&self, n: usize) -> String {
        format!("{n} Spieler")
    }
    fn seat(&self, seat: usize, starts: bool) -> String {
        if starts {
            format!("Platz {} (beginnt)", seat + 1)
        } else {
            format!("Platz {}", seat + 1)
        }
    }
    fn name_of_seat(&self, seat: usize) -> String {
        format!("Name auf Platz {}", seat + 1)
    }
    fn who_plays_seat(&self, seat: usize) -> String {
        format!("Wer spielt auf Platz {}", seat + 1)
    }
    fn default_player_name(&self, seat: usize) -> String {
        ["Anna", "Ben", "Clara", "David"]
            .get(seat)
            .map_or_else(|| format!("Spieler {}", seat + 1), |n| n.to_string())
    }
    fn person(&self) -> &'static str {
        "Mensch"
    }
    fn computer(&self, level: Level) -> String {
        format!("Computer: {}", self.level(level))
    }
    fn location_cards(&self) -> &'static str {
        "Gebäudekarten"
    }
    fn all_side(&self, side: Side) -> &'static str {
        match side {
            Side::A => "Alle Seite A",
            Side::B => "Alle Seite B",
        }
    }
    fn side(&self, side: Side) -> &'static str {
        match side {
            Side::A => "Seite A",
            Side::B => "Seite B",
        }
    }
    fn mixed_sides(&self) -> &'static str {
        "Gemischte Seiten (inoffiziell): jedes Gebäude einzeln wählen"
    }
    fn options(&self) -> &'static str {
        "Optionen"
    }
    fn full_deck(&self) -> &'static str {
        "Alle 60 Karten zusammen mischen"
    }
    fn meeple_tiebreak(&self) -> &'static str {
        "Bei Gleichstand entscheiden die übrigen Meeple (Hausregel)"
    }
    fn allow_undo(&self) -> &'static str {
        "Züge zurücknehmen erlauben"
    }
    fn random_first_player(&self) -> &'static str {
        "Startspieler zufällig bestimmen (die Arbeiterkarte mit dem Ritter)"
    }
    fn deal_number(&self) -> &'static str {
        "Nummer der Verteilung"
    }
    fn new_deal(&self) -> &'static str {
        "Neu verteilen"
    }
    fn bad_deal_number(&self) -> &'static str {
        "Die Nummer der Verteilung muss eine ganze Zahl sein."
    }
    fn back(&self) -> &'static str {
        "Zurück"
    }
    fn start_game(&self) -> &'static str {
        "Spiel starten"
    }

    fn to_play(&self, name: &str) -> String {
        format!("{name} ist am Zug")
    }
    fn computer_playing(&self, name: &str, level: Level) -> String {
        format!("{name} (Computer, {}) spielt", self.level(level))
    }
    fn turn_of(&self, turn: usize, total: usize) -> String {
        format!(" — Zug {turn} von {total}")
    }
    fn game_over(&self) -> &'static str {
        "Spielende"
    }
    fn the_display(&self) -> &'static str {
        "Die Auslage"
    }
    fn cost(&self, meeples: usize) -> String {
        match meeples {
            0 => "umsonst".into(),
            n => self.meeples(n),
        }
    }
    fn display_card(&self, space: usize, card: Card, lying: u8) -> String {
        let on_it = match lying {
            0 => String::new(),
            n => format!(", darauf {}", self.meeples(usize::from(n))),
        };
        let cost = match space {
            0 => "umsonst".to_string(),
            n => format!("kostet {}", self.meeples(n)),
        };
        format!("Auslage Feld {space}: {}{on_it}, {cost}", self.card(card))
    }
    fn meeples_on_card(&self, n: u8) -> String {
        format!("{} auf dieser Karte", self.meeples(usize::from(n)))
    }
    fn deck_label(&self, cards: usize) -> String {
        if cards == 1 {
            "1 Karte im Stapel".into()
        } else {
            format!("{cards} Karten im Stapel")
        }
    }
    fn choose_card(&self) -> &'static str {
        "Wähle eine Karte aus der Auslage."
    }
    fn computer_thinking(&self) -> &'static str {
        "Der Computer überlegt …"
    }
    fn your_turn(&self) -> &'static str {
        "Dein Zug"
    }
    fn computers_turn(&self) -> &'static str {
        "Zug des Computers"
    }
    fn place_as(&self) -> &'static str {
        "Lege sie als:"
    }
    fn place_at(&self, c: Character) -> String {
        format!("{} an {}", self.character(c), self.location(c.location()))
    }
    fn heal_question(&self, card: Card) -> String {
        format!(
            "Deine Hexe heilt die Doppelkarte {}. Wohin kommt sie?",
            self.card(card)
        )
    }
    fn heal_to(&self, c: Character) -> String {
        format!(
            "{} (als {})",
            self.location(c.location()),
            self.character(c)
        )
    }
    fn castle_trade(&self) -> &'static str {
        "Tausch im Schloss:"
    }
    fn trade(&self, trade: i32) -> String {
        match trade {
            0 => "kein Tausch".into(),
            t if t > 0 => format!("{} für {t} Punkte kaufen", self.meeples(t as usize)),
            t => format!(
                "{} für {} Punkte verkaufen",
                self.meeples((-t) as usize),
                -t
            ),
        }
    }
    fn this_turn(&self) -> &'static str {
        "Dieser Zug: "
    }
    fn cancel(&self) -> &'static str {
        "Abbrechen"
    }
    fn confirm(&self) -> &'static str {
        "Bestätigen"
    }
    fn realms(&self) -> &'static str {
        "Reiche"
    }
    fn variety_hint(&self) -> &'static str {
        "Vielfalt: n Gebäude mit Personen bringen n × n Punkte"
    }
    fn leads(&self) -> &'static str {
        "die meisten hier, oder gleichauf"
    }
    fn infirmary_top(&self, card: Card) -> String {
        format!("oben: {}", self.card(card))
    }
    fn worker(&self, meeples: u8) -> String {
        format!(
            "{} auf der Arbeiterkarte",
            self.meeples(usize::from(meeples))
        )
    }
    fn to_move_marker(&self) -> &'static str {
        "am Zug"
    }
    fn take_back(&self) -> &'static str {
        "Letzten Zug zurücknehmen"
    }
    fn realm_of(&self, name: &str) -> String {
        format!("Reich von {name}")
    }
    fn majority_pays(&self, points: i32) -> String {
        format!("die meisten Personen hier bei Spielende: +{points}")
    }
    fn score_label(&self, points: i32) -> String {
        if points.abs() == 1 {
            format!("{points} Punkt")
        } else {
            format!("{points} Punkte")
        }
    }
    fn theme(&self) -> &'static str {
        "Farbschema"
    }
    fn theme_name(&self, theme: crate::model::prefs::Theme) -> &'static str {
        match theme {
            crate::model::prefs::Theme::Auto => "◐ Auto",
            crate::model::prefs::Theme::Light => "Hell",
            crate::model::prefs::Theme::Dark => "Dunkel",
        }
    }
    fn computer_pace(&self) -> &'static str {
        "Computer:"
    }
    fn pace_name(&self, pace: crate::model::prefs::Pace) -> &'static str {
        match pace {
            crate::model::prefs::Pace::Slow => "langsam",
            crate::model::prefs::Pace::Normal => "normal",
            crate::model::prefs::Pace::Fast => "schnell",
            crate::model::prefs::Pace::Instant => "sofort",
        }
    }
    fn skip_computers(&self) -> &'static str {
        "Bis zu meinem Zug springen"
    }
    fn pass_device_option(&self) -> &'static str {
        "Tisch zwischen den Zügen verdecken (Gerät weitergeben)"
    }
    fn see_table(&self) -> &'static str {
        "Zum Tisch"
    }
    fn pass_device_title(&self, name: &str) -> String {
        format!("{name} ist am Zug: Gerät an {name} weitergeben")
    }
    fn pass_device_ready(&self, name: &str) -> String {
        format!("Ich bin {name}: Tisch zeigen")
    }
    fn log(&self) -> &'static str {
        "Verlauf"
    }
    fn turn_refused(&self, reason: &str) -> String {
        format!("Dieser Zug ist nicht erlaubt: {reason}.")
    }

    fn took(&self, name: &str, card: Card, placed: Character, paid: u8, picked_up: u8) -> String {
        let what = if card.is_split() {
            format!(
                "die Doppelkarte {} als {}",
                self.card(card),
                self.character(placed)
            )
        } else {
            format!("die Karte {}", self.character(placed))
        };
        let cost = match paid {
            0 => "umsonst".to_string(),
            n => format!("für {}", self.meeples(usize::from(n))),
        };
        let bonus = match picked_up {
            0 => String::new(),
            n => format!(" und erhält {}", self.meeples(usize::from(n))),
        };
        format!("{name} nimmt {what} {cost}{bonus}")
    }
    fn healed(&self, card: Card, c: Character) -> String {
        if card.is_split() {
            format!(
                "Hexenhaus: Doppelkarte {} geheilt → {} (als {})",
                self.card(card),
                self.location(c.location()),
                self.character(c)
            )
        } else {
            format!(
                "Hexenhaus: {} geheilt → {}",
                self.character(c),
                self.location(c.location())
            )
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
            Some(c) => format!("{} von {defender} verletzt", self.character(c)),
            None if guards >= knights => "die Wachen halten stand".to_string(),
            None => "niemand zu verletzen".to_string(),
        };
        format!(
            "Angriff: {} gegen {} von {defender} → {outcome}",
            self.count_of(knights, Character::Knight),
            self.count_of(guards, Character::Guard)
        )
    }
    fn gained_has_each(&self, location: Location, characters: &[Character], points: i32) -> String {
        let have = and_list(
            &characters
                .iter()
                .map(|&c| nominative(c))
                .collect::<Vec<_>>(),
        );
        format!("{}: {have} = {}", self.location(location), signed(points))
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
            "{}: {} × {each} × {fullest} (vollstes Gebäude) = {}",
            self.location(location),
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
            "{}: ({} + {wounded} im Lazarett) × {each} = {}",
            self.location(location),
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
            "{}: alle mit mindestens {} {} → {}",
            self.location(location),
            with_one(needs),
            signed(points),
            list(names)
        )
    }
    fn traded(&self, trade: i32) -> String {
        if trade > 0 {
            format!(
                "Schloss: {trade} Punkte gegen {} getauscht",
                self.meeples(trade.unsigned_abs() as usize)
            )
        } else {
            format!(
                "Schloss: {} gegen {} Punkte getauscht",
                self.meeples(trade.unsigned_abs() as usize),
                trade.unsigned_abs()
            )
        }
    }
    fn converted(&self, meeples: u8, points: i32) -> String {
        format!(
            "{} über der Arbeiterkarte → {}",
            self.meeples(usize::from(meeples)),
            signed(points)
        )
    }
    fn refilled(&self, card: Option<Card>) -> String {
        match card {
            Some(card) => format!("Neue Karte in der Auslage: {}", self.card(card)),
            None => "Der Stapel ist leer: keine neue Karte".into(),
        }
    }
    fn final_scoring_begins(&self) -> &'static str {
        "Jedes Reich hat 12 Karten: Schlusswertung"
    }

    fn final_scoring(&self) -> &'static str {
        "Schlusswertung"
    }
    fn winners(&self, names: &[&str]) -> String {
        match names {
            [one] => format!("{one} gewinnt!"),
            many => format!("Geteilter Sieg: {}", list(many)),
        }
    }
    fn before_final(&self) -> &'static str {
        "Vor der Schlusswertung"
    }
    fn infirmary_row(&self) -> &'static str {
        "Lazarett"
    }
    fn variety_row(&self) -> &'static str {
        "Vielfalt (n × n)"
    }
    fn majority_row(&self, l: Location) -> String {
        format!("Mehrheit: {}", self.location(l))
    }
    fn total(&self) -> &'static str {
        "Gesamt"
    }
    fn winner_mark(&self) -> &'static str {
        "Sieg"
    }
    fn play_again(&self) -> &'static str {
        "Noch einmal spielen"
    }
    fn export_record(&self) -> &'static str {
        "Partie exportieren"
    }
    fn record_text(&self) -> &'static str {
        "Partie (zum Kopieren)"
    }

    fn before_step(&self, scores: &[(&str, i32)]) -> String {
        format!("Vor der Schlusswertung: {}", points_list(scores))
    }
    fn majority_step(&self, l: Location, winners: &[(&str, i32)]) -> String {
        let place = self.location(l);
        let gains = gains_list(winners);
        match (l.character(), winners.len()) {
            (None, _) => format!("{place}: {gains}"),
            (Some(c), 0) => format!("{place}: niemand hat {}", accusative(c)),
            (Some(c), 1) => format!("{place}: {gains} (die meisten {})", most_of(c)),
            (Some(c), _) => format!("{place}: {gains} (gleich viele {})", forms(c).1),
        }
    }
    fn infirmary_step(&self, losses: &[(&str, i32, u8, i32)]) -> String {
        if losses.is_empty() {
            return "Lazarett: niemand verliert Punkte".into();
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
        format!("Lazarett: {}", parts.join(", "))
    }
    fn infirmary_detail(&self, cards: u8, most: i32) -> String {
        let cards = if cards == 1 {
            "1 Karte".to_string()
        } else {
            format!("{cards} Karten")
        };
        if most != 0 {
            format!("{cards}, {} für die meisten", signed(most))
        } else {
            cards
        }
    }
    fn variety_step(&self, gains: &[(&str, u8, i32)]) -> String {
        let parts: Vec<String> = gains
            .iter()
            .map(|&(name, n, points)| {
                let places = if n == 1 { "Ort" } else { "Orte" };
                format!("{name} {} ({n} {places} × {n})", signed(points))
            })
            .collect();
        format!("Vielfalt: {}", parts.join(", "))
    }
    fn totals_step(&self, totals: &[(&str, i32)], winners: &[&str]) -> String {
        format!("Gesamt: {}. {}", points_list(totals), self.winners(winners))
    }
    fn show_all(&self) -> &'static str {
        "Alles zeigen"
    }
    fn score_chart(&self) -> &'static str {
        "Punkte im Spielverlauf"
    }
    fn score_chart_label(
        &self,
        turns: usize,
        scores: &[(&str, i32)],
        totals: Option<&[(&str, i32)]>,
    ) -> String {
        let turns = if turns == 1 {
            "1 Zug".to_string()
        } else {
            format!("{turns} Züge")
        };
        let mut text = format!(
            "Liniendiagramm der Punkte Zug für Zug ({turns}). Am Ende des Spiels: {}.",
            points_list(scores)
        );
        if let Some(totals) = totals {
            text.push_str(&format!(
                " Nach der Schlusswertung: {}.",
                points_list(totals)
            ));
        }
        text
    }
    fn turn_axis(&self) -> &'static str {
        "Zug"
    }
    fn final_step(&self) -> &'static str {
        "Schluss"
    }
}
