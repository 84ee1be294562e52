//! Français, avec les termes de la règle française (Meunière, Brasseur,
//! Sorcière, Garde, Soldat ; Moulin, Herboristerie, Tour de Guet, Caserne,
//! Dispensaire). Là où elle se tait : Aubergiste, Noble, Brasserie, Auberge,
//! Château.
//!
//! Typographie : une espace insécable (U+00A0) avant « : » et dans les
//! guillemets, une espace fine insécable (U+202F) avant ; ! et ?.

use majesty_rules::bots::Level;
use majesty_rules::{Card, Character, Location, RecordError, SetupError, Side, Step, TurnError};

use super::{gains_list, join_list, points_list, signed, Texts, MEGABYTE};
use crate::model::link::LinkProblem;
use crate::model::storage::SaveError;

pub struct Fr;

fn list(names: &[&str]) -> String {
    join_list(names, "et", "personne")
}

fn forms(c: Character) -> (&'static str, &'static str) {
    match c {
        Character::Miller => ("Meunière", "Meunières"),
        Character::Brewer => ("Brasseur", "Brasseurs"),
        Character::Witch => ("Sorcière", "Sorcières"),
        Character::Guard => ("Garde", "Gardes"),
        Character::Knight => ("Soldat", "Soldats"),
        Character::Innkeeper => ("Aubergiste", "Aubergistes"),
        Character::Noble => ("Noble", "Nobles"),
    }
}

/// "au moins …" with the right article.
fn at_least_one(c: Character) -> &'static str {
    match c {
        Character::Miller => "une Meunière",
        Character::Brewer => "un Brasseur",
        Character::Witch => "une Sorcière",
        Character::Guard => "un Garde",
        Character::Knight => "un Soldat",
        Character::Innkeeper => "un Aubergiste",
        Character::Noble => "un Noble",
    }
}

/// "au Moulin", "à la Brasserie", "à l'Auberge".
fn at(l: Location) -> &'static str {
    match l {
        Location::Mill => "au Moulin",
        Location::Brewery => "à la Brasserie",
        Location::Cottage => "à l'Herboristerie",
        Location::Guardhouse => "à la Tour de Guet",
        Location::Barracks => "à la Caserne",
        Location::Inn => "à l'Auberge",
        Location::Castle => "au Château",
        Location::Infirmary => "au Dispensaire",
    }
}

fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    join_list(items, "et", "")
}

impl Texts for Fr {
    fn colon(&self) -> &'static str {
        " : "
    }
    fn character(&self, c: Character) -> &'static str {
        forms(c).0
    }
    fn count_of(&self, n: u8, c: Character) -> String {
        // In French, 0 and 1 take the singular.
        let (one, many) = forms(c);
        if n <= 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    }
    fn location(&self, l: Location) -> &'static str {
        match l {
            Location::Mill => "Moulin",
            Location::Brewery => "Brasserie",
            Location::Cottage => "Herboristerie",
            Location::Guardhouse => "Tour de Guet",
            Location::Barracks => "Caserne",
            Location::Inn => "Auberge",
            Location::Castle => "Château",
            Location::Infirmary => "Dispensaire",
        }
    }
    fn step(&self, step: &Step) -> String {
        match *step {
            Step::Defend => "défense avec vos Gardes".into(),
            Step::Attack => "attaque chaque adversaire qui a moins de Gardes que vous de Soldats".into(),
            Step::Heal => "soignez la carte du dessus de votre Dispensaire".into(),
            Step::Trade => "échangez jusqu'à 5 meeples et points à 1 pour 1, dans un seul sens".into(),
            Step::PerCharacter { characters, points, meeples } => {
                let who = and_list(&characters.iter().map(|&c| self.character(c)).collect::<Vec<_>>());
                match (points, meeples) {
                    (p, 0) => format!("+{p} par {who}"),
                    (0, m) => format!("+{m} meeple par {who}"),
                    (p, m) => format!("+{p} et +{m} meeple par {who}"),
                }
            }
            Step::Everyone { needs, points } => {
                format!("chaque joueur avec au moins {} gagne {points}", at_least_one(needs))
            }
            Step::IfYouHave { characters, points } => format!(
                "+{points} si vous avez {}",
                and_list(&characters.iter().map(|&c| at_least_one(c)).collect::<Vec<_>>())
            ),
            Step::PerFullest { per, points } => format!(
                "pour chaque {} : +{points} par personnage de votre lieu le plus peuplé",
                self.character(per)
            ),
            Step::PerCharacterAndWounded { character, points } => {
                format!("+{points} par {} et par carte de votre Dispensaire", self.character(character))
            }
            Step::GameEnd { per_card, most: 0 } => {
                format!("en fin de partie : −{} par carte ici", per_card.abs())
            }
            Step::GameEnd { per_card, most } => format!(
                "en fin de partie : −{} par carte ici ; qui en a le plus (égalités comprises) perd encore {}",
                per_card.abs(),
                -most
            ),
        }
    }
    fn then(&self) -> &'static str {
        " ; puis "
    }

    fn level(&self, level: Level) -> &'static str {
        match level {
            Level::Random => "au hasard",
            Level::Easy => "facile",
            Level::Medium => "moyen",
            Level::Hard => "difficile",
        }
    }
    fn card(&self, card: Card) -> String {
        let names: Vec<&str> = card.characters().map(|c| self.character(c)).collect();
        names.join(" ou ")
    }
    fn meeples(&self, n: usize) -> String {
        if n <= 1 {
            format!("{n} meeple")
        } else {
            format!("{n} meeples")
        }
    }
    fn turn_error(&self, error: &TurnError) -> String {
        match *error {
            TurnError::GameOver => "la partie est terminée".into(),
            TurnError::SpaceOutOfRange { space, .. } => {
                format!("la rivière n'a pas d'emplacement {space}")
            }
            TurnError::NotEnoughMeeples { needed, have } => {
                format!(
                    "cette carte coûte {}, vous en avez {}",
                    self.meeples(needed),
                    have
                )
            }
            TurnError::WrongCharacter { card, character } => {
                format!(
                    "la carte {} ne peut pas être posée comme {}",
                    self.card(card),
                    self.character(character)
                )
            }
            TurnError::HealChoiceMissing { card } => {
                format!("où va la carte double soignée {} ?", self.card(card))
            }
            TurnError::HealChoiceInvalid { card, character } => format!(
                "la carte double soignée {} ne peut pas aller {}",
                self.card(card),
                at(character.location())
            ),
            TurnError::HealChoiceUnexpected => "ce tour ne soigne aucune carte double".into(),
            TurnError::TradeNotAllowed { .. } => {
                "l'échange n'a lieu qu'en posant un Noble au Château (face B)".into()
            }
            TurnError::TradeOutOfRange { trade } => {
                format!("l'échange {trade:+} est impossible (de −5 à +5)")
            }
            TurnError::TradeUnaffordable {
                trade,
                points,
                meeples,
            } => {
                if trade > 0 {
                    format!("l'échange {trade:+} coûte {trade} points, vous en avez {points}")
                } else {
                    format!(
                        "l'échange {trade:+} demande {}, vous en avez {meeples}",
                        self.meeples(trade.unsigned_abs() as usize)
                    )
                }
            }
        }
    }

    fn tagline(&self) -> &'static str {
        "Pour le Royaume"
    }
    fn home(&self) -> &'static str {
        "Accueil"
    }
    fn home_lead(&self) -> &'static str {
        "Bâtissez le royaume le plus riche : prenez un personnage par tour, placez-le, et que son lieu vous rapporte."
    }
    fn new_game(&self) -> &'static str {
        "Nouvelle partie"
    }
    fn your_game(&self) -> &'static str {
        "Votre partie"
    }
    fn games_in_progress(&self) -> &'static str {
        "Vos parties en cours"
    }
    fn delete_game(&self) -> &'static str {
        "Supprimer"
    }
    fn delete_game_question(&self) -> &'static str {
        "Supprimer définitivement cette partie ?"
    }
    fn resume(&self) -> &'static str {
        "Reprendre"
    }
    fn saved_game_summary(&self, players: &str, turn: usize, total: usize) -> String {
        format!("{players} — tour {turn} sur {total}")
    }
    fn saved_when(&self, when: &str) -> String {
        format!("Enregistrée le {when}")
    }
    fn unreadable_title(&self) -> &'static str {
        "Une partie enregistrée ne peut pas être ouverte"
    }
    fn unreadable_body(&self, reason: &SaveError) -> String {
        format!(
            "La sauvegarde de ce navigateur ne peut pas être ouverte : {}. Elle est conservée jusqu'à ce que vous la supprimiez.",
            self.save_error(reason)
        )
    }
    fn save_error(&self, error: &SaveError) -> String {
        match error {
            SaveError::NotJson(e) => format!("ce n'est pas du JSON valide ({e})"),
            SaveError::OtherVersion(f) => format!("elle vient d'une autre version (format {f})"),
            SaveError::NoFormat => "elle n'a pas de numéro de format".into(),
            SaveError::NoRecord => "elle ne contient aucune partie".into(),
            SaveError::BadRecord(e) => self.record_error(e),
            SaveError::BadSeats(e) => format!("ses joueurs sont illisibles ({e})"),
            SaveError::DoesNotReplay(e) => {
                format!("elle ne se rejoue pas ({})", self.record_error(e))
            }
            SaveError::Nothing => "il n'y a pas de partie enregistrée".into(),
            SaveError::Refused => "le navigateur refuse de l'enregistrer (stockage plein ?)".into(),
            SaveError::CannotRead => {
                "le navigateur ne laisse pas cette page lire son stockage".into()
            }
        }
    }
    fn download_it(&self) -> &'static str {
        "La télécharger"
    }
    fn discard_it(&self) -> &'static str {
        "La supprimer"
    }
    fn cannot_open_save(&self, reason: &SaveError) -> String {
        format!(
            "La partie enregistrée ne peut pas être ouverte : {}.",
            self.save_error(reason)
        )
    }
    fn storage_unavailable(&self) -> &'static str {
        "Ce navigateur n'autorise pas cette page à enregistrer des données : vous pouvez jouer, mais la partie ne sera pas enregistrée."
    }
    fn save_failed(&self, reason: &SaveError) -> String {
        format!(
            "Cette partie n'a pas pu être enregistrée : {}.",
            self.save_error(reason)
        )
    }
    fn language(&self) -> &'static str {
        "Langue"
    }
    fn other_tab(&self) -> &'static str {
        "Cette partie a continué dans un autre onglet : cet onglet montre maintenant la dernière position."
    }
    fn bad_link(&self, problems: &str) -> String {
        format!("Certains paramètres de ce lien n'ont pas été utilisés ({problems}) : la partie commence normalement.")
    }
    fn link_problem(&self, problem: &LinkProblem) -> String {
        let why = match problem {
            LinkProblem::Sides(v) => format!("« {v} » ne fait pas huit lettres A ou B"),
            LinkProblem::Deck(v) => format!("« {v} » n'est ni standard ni full"),
            LinkProblem::PlayerCount(n) => self.player_count(*n),
            LinkProblem::NoName => "chaque joueur a besoin d'un nom".into(),
            LinkProblem::Level(v) => {
                format!("« {v} » n'est pas un niveau d'ordinateur (random, easy, medium, hard)")
            }
            LinkProblem::Seed(v) => format!("« {v} » n'est pas un nombre entier"),
            LinkProblem::OldSeed(_) => "ce lien vient d'une version antérieure du jeu, qui mélangeait autrement : sa donne ne peut pas être refaite".into(),
            LinkProblem::NotBase64 => "ce n'est pas du base64url".into(),
            LinkProblem::NotText => "ce n'est pas du texte".into(),
            LinkProblem::Record(e) => self.record_error(e),
            LinkProblem::Encoding { value, .. } => {
                format!("« {value} » n'est pas un texte correctement encodé pour une URL")
            }
        };
        format!("{} : {why}", problem.parameter())
    }
    fn player_count(&self, n: usize) -> String {
        format!("une partie se joue à 2, 3 ou 4 joueurs (celle-ci en a {n})")
    }
    fn record_error(&self, error: &RecordError) -> String {
        match error {
            RecordError::Parse(e) => {
                format!("ce n'est pas un enregistrement de partie valide ({e})")
            }
            RecordError::Setup(SetupError::BadPlayerCount(n)) => self.player_count(*n),
            RecordError::Setup(SetupError::BadFirstPlayer { seat, players }) => {
                format!(
                    "son premier joueur, la place {seat}, n'est pas l'une de ses {players} places"
                )
            }
            RecordError::Setup(SetupError::DeckTooShort { cards, needed, .. }) => format!(
                "sa pioche de {cards} cartes ne suffit pas pour finir la partie \
                 (il en faut au moins {needed})"
            ),
            RecordError::NoDeck => "il faut « seed » ou une liste « cards »".into(),
            RecordError::OldShuffle { .. } => "il vient d'une version antérieure du jeu, qui \
                mélangeait les cartes autrement, et ne peut plus être distribué à l'identique"
                .into(),
            RecordError::NewerVersion { .. } => "il vient d'une version plus récente du jeu".into(),
            RecordError::Turn { turn, error } => {
                format!("tour {turn} : {}", self.turn_error(error))
            }
            RecordError::BadTurn { turn, message } => {
                format!("le tour {turn} n'est pas un tour valide ({message})")
            }
            RecordError::TooManyTurns { max } => {
                format!("il a plus de {max} tours, plus que sa partie ne peut en avoir")
            }
            RecordError::TooLarge { max } => format!(
                "il dépasse {}\u{a0}Mo, bien plus que n’importe quelle partie",
                max / MEGABYTE
            ),
        }
    }
    fn cannot_open_record(&self, error: &RecordError) -> String {
        format!(
            "Impossible d'ouvrir cet enregistrement de partie : {}.",
            self.record_error(error)
        )
    }
    fn replay_title(&self) -> &'static str {
        "Relecture"
    }
    fn replay_step(&self, step: usize, total: usize) -> String {
        format!("Tour {step} sur {total}")
    }
    fn first_step(&self) -> &'static str {
        "À la donne"
    }
    fn previous_step(&self) -> &'static str {
        "Tour précédent"
    }
    fn next_step(&self) -> &'static str {
        "Tour suivant"
    }
    fn last_step(&self) -> &'static str {
        "Au dernier tour"
    }
    fn play_replay(&self) -> &'static str {
        "Lecture"
    }
    fn pause_replay(&self) -> &'static str {
        "Pause"
    }
    fn jump_to_turn(&self) -> &'static str {
        "Aller au tour"
    }
    fn play_from_here(&self) -> &'static str {
        "Jouer à partir d'ici"
    }
    fn replay_game(&self) -> &'static str {
        "Revoir cette partie"
    }
    fn share_deal(&self) -> &'static str {
        "Partager cette donne"
    }
    fn share_game(&self) -> &'static str {
        "Partager cette partie"
    }
    fn share_hint(&self) -> &'static str {
        "Copiez ce lien :"
    }
    fn open_record(&self) -> &'static str {
        "Ouvrir une partie (fichier)"
    }
    fn dismiss(&self) -> &'static str {
        "Fermer"
    }
    fn loading(&self) -> &'static str {
        "Chargement…"
    }
    fn how_to_play(&self) -> &'static str {
        "Comment jouer"
    }
    fn new_version_ready(&self) -> &'static str {
        "Une nouvelle version du jeu est prête."
    }
    fn reload(&self) -> &'static str {
        "Recharger"
    }
    fn how_to_play_steps(&self) -> [&'static str; 4] {
        [
            "À votre tour, prenez une carte de la rivière. La première est gratuite ; chaque carte plus loin coûte un meeple de plus, que vous posez sur les cartes sautées. Vous gagnez les meeples posés sur la carte prise.",
            "Placez le personnage sur son lieu (une carte double : choisissez la moitié). Le lieu s'active : il rapporte des points ou des meeples, ou vous permet d'attaquer, de soigner ou d'échanger.",
            "À la fin de votre tour, chaque meeple au-delà des 5 cases de votre carte Ouvrier devient 1 point.",
            "Quand chacun a 12 cartes, décompte final : des points en moins pour le Dispensaire, n × n points pour n lieux différents occupés, et la valeur de chaque lieu où vous avez le plus de personnages (en cas d'égalité, tous marquent).",
        ]
    }

    fn setup_title(&self) -> &'static str {
        "Nouvelle partie"
    }
    fn players_legend(&self) -> &'static str {
        "Joueurs"
    }
    fn n_players(&self, n: usize) -> String {
        format!("{n} joueurs")
    }
    fn seat(&self, seat: usize, starts: bool) -> String {
        if starts {
            format!("Place {} (commence)", seat + 1)
        } else {
            format!("Place {}", seat + 1)
        }
    }
    fn name_of_seat(&self, seat: usize) -> String {
        format!("Nom à la place {}", seat + 1)
    }
    fn who_plays_seat(&self, seat: usize) -> String {
        format!("Qui joue à la place {}", seat + 1)
    }
    fn default_player_name(&self, seat: usize) -> String {
        ["Anne", "Bruno", "Claire", "Denis"]
            .get(seat)
            .map_or_else(|| format!("Joueur {}", seat + 1), |n| n.to_string())
    }
    fn person(&self) -> &'static str {
        "Humain"
    }
    fn computer(&self, level: Level) -> String {
        format!("Ordinateur : {}", self.level(level))
    }
    fn location_cards(&self) -> &'static str {
        "Cartes Lieu"
    }
    fn all_side(&self, side: Side) -> &'static str {
        match side {
            Side::A => "Tout en face A",
            Side::B => "Tout en face B",
        }
    }
    fn side(&self, side: Side) -> &'static str {
        match side {
            Side::A => "Face A",
            Side::B => "Face B",
        }
    }
    fn mixed_sides(&self) -> &'static str {
        "Faces mélangées (non officiel) : choisir chaque lieu"
    }
    fn options(&self) -> &'static str {
        "Options"
    }
    fn full_deck(&self) -> &'static str {
        "Paquet complet : les 60 cartes mélangées ensemble"
    }
    fn meeple_tiebreak(&self) -> &'static str {
        "Les meeples restants départagent les égalités (variante)"
    }
    fn allow_undo(&self) -> &'static str {
        "Autoriser l'annulation des tours"
    }
    fn random_first_player(&self) -> &'static str {
        "Premier joueur tiré au sort (la carte Ouvrier au chevalier)"
    }
    fn deal_number(&self) -> &'static str {
        "Numéro de donne"
    }
    fn new_deal(&self) -> &'static str {
        "Nouvelle donne"
    }
    fn bad_deal_number(&self) -> &'static str {
        "Le numéro de donne doit être un nombre entier."
    }
    fn back(&self) -> &'static str {
        "Retour"
    }
    fn start_game(&self) -> &'static str {
        "Commencer la partie"
    }

    fn to_play(&self, name: &str) -> String {
        format!("À {name} de jouer")
    }
    fn computer_playing(&self, name: &str, level: Level) -> String {
        format!("{name} (ordinateur, {}) joue", self.level(level))
    }
    fn turn_of(&self, turn: usize, total: usize) -> String {
        format!(" — tour {turn} sur {total}")
    }
    fn game_over(&self) -> &'static str {
        "Partie terminée"
    }
    fn the_display(&self) -> &'static str {
        "La rivière"
    }
    fn cost(&self, meeples: usize) -> String {
        match meeples {
            0 => "gratuit".into(),
            n => self.meeples(n),
        }
    }
    fn display_card(&self, space: usize, card: Card, lying: u8) -> String {
        let on_it = match lying {
            0 => String::new(),
            n => format!(", {} dessus", self.meeples(usize::from(n))),
        };
        let cost = match space {
            0 => "gratuite".to_string(),
            n => format!("coûte {}", self.meeples(n)),
        };
        format!(
            "Rivière, emplacement {space} : {}{on_it}, {cost}",
            self.card(card)
        )
    }
    fn meeples_on_card(&self, n: u8) -> String {
        format!("{} sur cette carte", self.meeples(usize::from(n)))
    }
    fn deck_label(&self, cards: usize) -> String {
        if cards <= 1 {
            format!("{cards} carte dans la pioche")
        } else {
            format!("{cards} cartes dans la pioche")
        }
    }
    fn choose_card(&self) -> &'static str {
        "Choisissez une carte de la rivière."
    }
    fn computer_thinking(&self) -> &'static str {
        "L'ordinateur réfléchit…"
    }
    fn your_turn(&self) -> &'static str {
        "Votre tour"
    }
    fn computers_turn(&self) -> &'static str {
        "Tour de l'ordinateur"
    }
    fn place_as(&self) -> &'static str {
        "La placer comme :"
    }
    fn place_at(&self, c: Character) -> String {
        format!("{} {}", self.character(c), at(c.location()))
    }
    fn heal_question(&self, card: Card) -> String {
        format!(
            "Votre Sorcière soigne la carte double {}. Où va-t-elle ?",
            self.card(card)
        )
    }
    fn heal_to(&self, c: Character) -> String {
        format!(
            "{} (comme {})",
            self.location(c.location()),
            self.character(c)
        )
    }
    fn castle_trade(&self) -> &'static str {
        "Échange au Château :"
    }
    fn trade(&self, trade: i32) -> String {
        match trade {
            0 => "pas d'échange".into(),
            t if t > 0 => format!("acheter {} pour {t} points", self.meeples(t as usize)),
            t => format!("vendre {} pour {} points", self.meeples((-t) as usize), -t),
        }
    }
    fn this_turn(&self) -> &'static str {
        "Ce tour : "
    }
    fn cancel(&self) -> &'static str {
        "Annuler"
    }
    fn confirm(&self) -> &'static str {
        "Valider"
    }
    fn realms(&self) -> &'static str {
        "Royaumes"
    }
    fn variety_hint(&self) -> &'static str {
        "diversité : n lieux occupés rapportent n × n points"
    }
    fn leads(&self) -> &'static str {
        "le plus ici, ou à égalité"
    }
    fn infirmary_top(&self, card: Card) -> String {
        format!("dessus : {}", self.card(card))
    }
    fn worker(&self, meeples: u8) -> String {
        format!(
            "{} sur la carte Ouvrier",
            self.meeples(usize::from(meeples))
        )
    }
    fn to_move_marker(&self) -> &'static str {
        "à jouer"
    }
    fn take_back(&self) -> &'static str {
        "Annuler le dernier tour"
    }
    fn realm_of(&self, name: &str) -> String {
        format!("Royaume de {name}")
    }
    fn majority_pays(&self, points: i32) -> String {
        format!("le plus de personnages ici en fin de partie\u{a0}: +{points}")
    }
    fn score_label(&self, points: i32) -> String {
        if points.abs() <= 1 {
            format!("{points}\u{a0}point")
        } else {
            format!("{points}\u{a0}points")
        }
    }
    fn theme(&self) -> &'static str {
        "Thème"
    }
    fn theme_name(&self, theme: crate::model::prefs::Theme) -> &'static str {
        match theme {
            crate::model::prefs::Theme::Auto => "◐ Auto",
            crate::model::prefs::Theme::Light => "Clair",
            crate::model::prefs::Theme::Dark => "Sombre",
        }
    }
    fn computer_pace(&self) -> &'static str {
        "Ordinateurs\u{a0}:"
    }
    fn pace_name(&self, pace: crate::model::prefs::Pace) -> &'static str {
        match pace {
            crate::model::prefs::Pace::Slow => "lents",
            crate::model::prefs::Pace::Normal => "normaux",
            crate::model::prefs::Pace::Fast => "rapides",
            crate::model::prefs::Pace::Instant => "instantanés",
        }
    }
    fn skip_computers(&self) -> &'static str {
        "Passer à mon tour"
    }
    fn pass_device_option(&self) -> &'static str {
        "Couvrir la table entre les tours des joueurs (passer l’appareil)"
    }
    fn see_table(&self) -> &'static str {
        "Voir la table"
    }
    fn pass_device_title(&self, name: &str) -> String {
        format!("Au tour de {name}\u{a0}: passez l’appareil à {name}")
    }
    fn pass_device_ready(&self, name: &str) -> String {
        format!("Je suis {name}\u{a0}: montrer la table")
    }
    fn log(&self) -> &'static str {
        "Journal"
    }
    fn turn_refused(&self, reason: &str) -> String {
        format!("Ce tour n'est pas permis : {reason}.")
    }

    fn took(&self, name: &str, card: Card, placed: Character, paid: u8, picked_up: u8) -> String {
        let what = if card.is_split() {
            format!(
                "la carte double {} comme {}",
                self.card(card),
                self.character(placed)
            )
        } else {
            format!("la carte {}", self.character(placed))
        };
        let cost = match paid {
            0 => "gratuitement".to_string(),
            n => format!("pour {}", self.meeples(usize::from(n))),
        };
        let bonus = match picked_up {
            0 => String::new(),
            n => format!(" et récupère {}", self.meeples(usize::from(n))),
        };
        format!("{name} prend {what} {cost}{bonus}")
    }
    fn healed(&self, card: Card, c: Character) -> String {
        if card.is_split() {
            format!(
                "Herboristerie : carte double {} soignée → {} (comme {})",
                self.card(card),
                self.location(c.location()),
                self.character(c)
            )
        } else {
            format!(
                "Herboristerie : {} soigné(e) → {}",
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
            Some(c) => format!("{} de {defender} blessé(e)", self.character(c)),
            None if guards >= knights => "les Gardes tiennent".to_string(),
            None => "personne à blesser".to_string(),
        };
        format!(
            "Attaque : {} contre {} de {defender} → {outcome}",
            self.count_of(knights, Character::Knight),
            self.count_of(guards, Character::Guard)
        )
    }
    fn gained_has_each(&self, location: Location, characters: &[Character], points: i32) -> String {
        let have = and_list(
            &characters
                .iter()
                .map(|&c| at_least_one(c))
                .collect::<Vec<_>>(),
        );
        format!("{} : {have} = {}", self.location(location), signed(points))
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
            "{} : {} × {each} × {fullest} (lieu le plus peuplé) = {}",
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
            "{} : ({} + {wounded} au Dispensaire) × {each} = {}",
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
            "{} : chaque joueur avec au moins {} {} → {}",
            self.location(location),
            at_least_one(needs),
            signed(points),
            list(names)
        )
    }
    fn traded(&self, trade: i32) -> String {
        if trade > 0 {
            format!(
                "Château : {trade} points échangés contre {}",
                self.meeples(trade.unsigned_abs() as usize)
            )
        } else {
            format!(
                "Château : {} échangés contre {} points",
                self.meeples(trade.unsigned_abs() as usize),
                trade.unsigned_abs()
            )
        }
    }
    fn converted(&self, meeples: u8, points: i32) -> String {
        format!(
            "{} au-delà de la carte Ouvrier → {}",
            self.meeples(usize::from(meeples)),
            signed(points)
        )
    }
    fn refilled(&self, card: Option<Card>) -> String {
        match card {
            Some(card) => format!("Nouvelle carte dans la rivière : {}", self.card(card)),
            None => "La pioche est vide : pas de nouvelle carte".into(),
        }
    }
    fn final_scoring_begins(&self) -> &'static str {
        "Chaque royaume a 12 cartes : décompte final"
    }

    fn final_scoring(&self) -> &'static str {
        "Décompte final"
    }
    fn winners(&self, names: &[&str]) -> String {
        match names {
            [one] => format!("{one} gagne !"),
            many => format!("Victoire partagée : {}", list(many)),
        }
    }
    fn before_final(&self) -> &'static str {
        "Avant le décompte final"
    }
    fn infirmary_row(&self) -> &'static str {
        "Dispensaire"
    }
    fn variety_row(&self) -> &'static str {
        "Diversité (n × n)"
    }
    fn majority_row(&self, l: Location) -> String {
        format!("Majorité : {}", self.location(l))
    }
    fn total(&self) -> &'static str {
        "Total"
    }
    fn winner_mark(&self) -> &'static str {
        "victoire"
    }
    fn play_again(&self) -> &'static str {
        "Rejouer"
    }
    fn export_record(&self) -> &'static str {
        "Exporter la partie"
    }
    fn record_text(&self) -> &'static str {
        "Partie (à copier)"
    }

    fn before_step(&self, scores: &[(&str, i32)]) -> String {
        format!("Avant le décompte final : {}", points_list(scores))
    }
    fn majority_step(&self, l: Location, winners: &[(&str, i32)]) -> String {
        let place = self.location(l);
        let gains = gains_list(winners);
        match (l.character(), winners.len()) {
            (None, _) => format!("{place} : {gains}"),
            (Some(Character::Innkeeper), 0) => format!("{place} : personne n'a d'Aubergiste"),
            (Some(c), 0) => format!("{place} : personne n'a de {}", forms(c).0),
            (Some(c), 1) => format!("{place} : {gains} (le plus de {})", forms(c).1),
            (Some(c), _) => format!("{place} : {gains} (ex æquo pour le plus de {})", forms(c).1),
        }
    }
    fn infirmary_step(&self, losses: &[(&str, i32, u8, i32)]) -> String {
        if losses.is_empty() {
            return "Dispensaire : personne ne perd de points".into();
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
        format!("Dispensaire : {}", parts.join(", "))
    }
    fn infirmary_detail(&self, cards: u8, most: i32) -> String {
        let cards = if cards <= 1 {
            format!("{cards} carte")
        } else {
            format!("{cards} cartes")
        };
        if most != 0 {
            format!("{cards}, {} pour en avoir le plus", signed(most))
        } else {
            cards
        }
    }
    fn variety_step(&self, gains: &[(&str, u8, i32)]) -> String {
        let parts: Vec<String> = gains
            .iter()
            .map(|&(name, n, points)| {
                let places = if n <= 1 { "lieu" } else { "lieux" };
                format!("{name} {} ({n} {places} × {n})", signed(points))
            })
            .collect();
        format!("Diversité : {}", parts.join(", "))
    }
    fn totals_step(&self, totals: &[(&str, i32)], winners: &[&str]) -> String {
        format!("Total : {}. {}", points_list(totals), self.winners(winners))
    }
    fn show_all(&self) -> &'static str {
        "Tout afficher"
    }
    fn score_chart(&self) -> &'static str {
        "Les points au fil de la partie"
    }
    fn score_chart_label(
        &self,
        turns: usize,
        scores: &[(&str, i32)],
        totals: Option<&[(&str, i32)]>,
    ) -> String {
        let turns = if turns <= 1 {
            format!("{turns} tour")
        } else {
            format!("{turns} tours")
        };
        let mut text = format!(
            "Courbes des points tour après tour ({turns}). À la fin du jeu : {}.",
            points_list(scores)
        );
        if let Some(totals) = totals {
            text.push_str(&format!(
                " Après le décompte final : {}.",
                points_list(totals)
            ));
        }
        text
    }
    fn turn_axis(&self) -> &'static str {
        "Tour"
    }
    fn final_step(&self) -> &'static str {
        "Fin"
    }
}
