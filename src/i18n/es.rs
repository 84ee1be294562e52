//! Español, con los términos del reglamento español (molinero, cervecero,
//! bruja, guardia, caballero; molino, cervecería, cabaña, cuartel,
//! enfermería). Donde calla: posadero, noble, torre de guardia, posada,
//! castillo.

use majesty_rules::bots::Level;
use majesty_rules::{Card, Character, Location, RecordError, SetupError, Side, Step, TurnError};

use super::{gains_list, join_list, points_list, signed, Texts, MEGABYTE};
use crate::model::link::LinkProblem;
use crate::model::storage::SaveError;

pub struct Es;

fn list(names: &[&str]) -> String {
    join_list(names, "y", "nadie")
}

fn forms(c: Character) -> (&'static str, &'static str) {
    match c {
        Character::Miller => ("Molinero", "Molineros"),
        Character::Brewer => ("Cervecero", "Cerveceros"),
        Character::Witch => ("Bruja", "Brujas"),
        Character::Guard => ("Guardia", "Guardias"),
        Character::Knight => ("Caballero", "Caballeros"),
        Character::Innkeeper => ("Posadero", "Posaderos"),
        Character::Noble => ("Noble", "Nobles"),
    }
}

fn at_least_one(c: Character) -> &'static str {
    match c {
        Character::Witch => "una Bruja",
        Character::Miller => "un Molinero",
        Character::Brewer => "un Cervecero",
        Character::Guard => "un Guardia",
        Character::Knight => "un Caballero",
        Character::Innkeeper => "un Posadero",
        Character::Noble => "un Noble",
    }
}

/// "en el Molino", "en la Cervecería".
fn at(l: Location) -> &'static str {
    match l {
        Location::Mill => "en el Molino",
        Location::Brewery => "en la Cervecería",
        Location::Cottage => "en la Cabaña",
        Location::Guardhouse => "en la Torre de guardia",
        Location::Barracks => "en el Cuartel",
        Location::Inn => "en la Posada",
        Location::Castle => "en el Castillo",
        Location::Infirmary => "en la Enfermería",
    }
}

fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    join_list(items, "y", "")
}

impl Texts for Es {
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
            Location::Mill => "Molino",
            Location::Brewery => "Cervecería",
            Location::Cottage => "Cabaña",
            Location::Guardhouse => "Torre de guardia",
            Location::Barracks => "Cuartel",
            Location::Inn => "Posada",
            Location::Castle => "Castillo",
            Location::Infirmary => "Enfermería",
        }
    }
    fn step(&self, step: &Step) -> String {
        match *step {
            Step::Defend => "defensa con tus Guardias".into(),
            Step::Attack => "ataca a cada rival con menos Guardias que tus Caballeros".into(),
            Step::Heal => "cura la carta superior de tu Enfermería".into(),
            Step::Trade => "cambia hasta 5 meeples y puntos 1 por 1, en un solo sentido".into(),
            Step::PerCharacter { characters, points, meeples } => {
                let who = and_list(&characters.iter().map(|&c| self.character(c)).collect::<Vec<_>>());
                match (points, meeples) {
                    (p, 0) => format!("+{p} por {who}"),
                    (0, m) => format!("+{m} meeple por {who}"),
                    (p, m) => format!("+{p} y +{m} meeple por {who}"),
                }
            }
            Step::Everyone { needs, points } => {
                format!("cada jugador con al menos {} gana {points}", at_least_one(needs))
            }
            Step::IfYouHave { characters, points } => format!(
                "+{points} si tienes {}",
                and_list(&characters.iter().map(|&c| at_least_one(c)).collect::<Vec<_>>())
            ),
            Step::PerFullest { per, points } => format!(
                "por cada {}: +{points} por personaje de tu lugar más poblado",
                self.character(per)
            ),
            Step::PerCharacterAndWounded { character, points } => {
                format!("+{points} por {} y por carta de tu Enfermería", self.character(character))
            }
            Step::GameEnd { per_card, most: 0 } => {
                format!("al final de la partida: −{} por carta aquí", per_card.abs())
            }
            Step::GameEnd { per_card, most } => format!(
                "al final de la partida: −{} por carta aquí; quien tenga más cartas aquí (también en empate) pierde {} más",
                per_card.abs(),
                -most
            ),
        }
    }
    fn then(&self) -> &'static str {
        "; después "
    }

    fn level(&self, level: Level) -> &'static str {
        match level {
            Level::Random => "al azar",
            Level::Easy => "fácil",
            Level::Medium => "medio",
            Level::Hard => "difícil",
        }
    }
    fn card(&self, card: Card) -> String {
        let names: Vec<&str> = card.characters().map(|c| self.character(c)).collect();
        names.join(" o ")
    }
    fn meeples(&self, n: usize) -> String {
        if n == 1 {
            "1 meeple".into()
        } else {
            format!("{n} meeples")
        }
    }
    fn turn_error(&self, error: &TurnError) -> String {
        match *error {
            TurnError::GameOver => "la partida ha terminado".into(),
            TurnError::SpaceOutOfRange { space, .. } => format!("la fila no tiene espacio {space}"),
            TurnError::NotEnoughMeeples { needed, have } => {
                format!("esta carta cuesta {}, tienes {have}", self.meeples(needed))
            }
            TurnError::WrongCharacter { card, character } => {
                format!(
                    "la carta {} no puede colocarse como {}",
                    self.card(card),
                    self.character(character)
                )
            }
            TurnError::HealChoiceMissing { card } => {
                format!("¿adónde va la carta dividida curada {}?", self.card(card))
            }
            TurnError::HealChoiceInvalid { card, character } => format!(
                "la carta dividida curada {} no puede ir {}",
                self.card(card),
                at(character.location())
            ),
            TurnError::HealChoiceUnexpected => "este turno no cura ninguna carta dividida".into(),
            TurnError::TradeNotAllowed { .. } => {
                "solo se cambia al colocar un Noble en el Castillo (cara B)".into()
            }
            TurnError::TradeOutOfRange { trade } => {
                format!("el cambio {trade:+} no es posible (de −5 a +5)")
            }
            TurnError::TradeUnaffordable {
                trade,
                points,
                meeples,
            } => {
                if trade > 0 {
                    format!("el cambio {trade:+} cuesta {trade} puntos, tienes {points}")
                } else {
                    format!(
                        "el cambio {trade:+} necesita {}, tienes {meeples}",
                        self.meeples(trade.unsigned_abs() as usize)
                    )
                }
            }
        }
    }

    fn tagline(&self) -> &'static str {
        "Por el Reino"
    }
    fn home(&self) -> &'static str {
        "Inicio"
    }
    fn home_lead(&self) -> &'static str {
        "Construye el reino más rico: toma un personaje por turno, colócalo y deja que su lugar te pague."
    }
    fn new_game(&self) -> &'static str {
        "Nueva partida"
    }
    fn your_game(&self) -> &'static str {
        "Tu partida"
    }
    fn games_in_progress(&self) -> &'static str {
        "Tus partidas en curso"
    }
    fn delete_game(&self) -> &'static str {
        "Eliminar"
    }
    fn delete_game_question(&self) -> &'static str {
        "¿Eliminar esta partida definitivamente?"
    }
    fn resume(&self) -> &'static str {
        "Continuar"
    }
    fn saved_game_summary(&self, players: &str, turn: usize, total: usize) -> String {
        format!("{players} — turno {turn} de {total}")
    }
    fn saved_when(&self, when: &str) -> String {
        format!("Guardada el {when}")
    }
    fn unreadable_title(&self) -> &'static str {
        "No se puede abrir una partida guardada"
    }
    fn unreadable_body(&self, reason: &SaveError) -> String {
        format!(
            "La partida guardada en este navegador no se puede abrir: {}. Se conserva hasta que la descartes.",
            self.save_error(reason)
        )
    }
    fn save_error(&self, error: &SaveError) -> String {
        match error {
            SaveError::NotJson(e) => format!("no es JSON válido ({e})"),
            SaveError::OtherVersion(f) => format!("es de otra versión (formato {f})"),
            SaveError::NoFormat => "no tiene número de formato".into(),
            SaveError::NoRecord => "no contiene ninguna partida".into(),
            SaveError::BadRecord(e) => self.record_error(e),
            SaveError::BadSeats(e) => format!("sus jugadores no se pueden leer ({e})"),
            SaveError::DoesNotReplay(e) => {
                format!("no se puede reproducir ({})", self.record_error(e))
            }
            SaveError::Nothing => "no hay ninguna partida guardada".into(),
            SaveError::Refused => {
                "el navegador se niega a guardarla (¿almacenamiento lleno?)".into()
            }
            SaveError::CannotRead => {
                "el navegador no deja a esta página leer su almacenamiento".into()
            }
        }
    }
    fn download_it(&self) -> &'static str {
        "Descargarla"
    }
    fn discard_it(&self) -> &'static str {
        "Descartarla"
    }
    fn cannot_open_save(&self, reason: &SaveError) -> String {
        format!(
            "No se puede abrir la partida guardada: {}.",
            self.save_error(reason)
        )
    }
    fn storage_unavailable(&self) -> &'static str {
        "Este navegador no permite que la página guarde datos: puedes jugar, pero la partida no se guardará."
    }
    fn save_failed(&self, reason: &SaveError) -> String {
        format!(
            "No se pudo guardar la partida: {}.",
            self.save_error(reason)
        )
    }
    fn language(&self) -> &'static str {
        "Idioma"
    }
    fn other_tab(&self) -> &'static str {
        "Esta partida siguió en otra pestaña: esta pestaña muestra ahora la última posición."
    }
    fn bad_link(&self, problems: &str) -> String {
        format!("Algunos parámetros de este enlace no se usaron ({problems}): la partida empieza como siempre.")
    }
    fn link_problem(&self, problem: &LinkProblem) -> String {
        let why = match problem {
            LinkProblem::Sides(v) => format!("«{v}» no son ocho letras A o B"),
            LinkProblem::Deck(v) => format!("«{v}» no es standard ni full"),
            LinkProblem::PlayerCount(n) => self.player_count(*n),
            LinkProblem::NoName => "cada jugador necesita un nombre".into(),
            LinkProblem::Level(v) => {
                format!("«{v}» no es un nivel de ordenador (random, easy, medium, hard)")
            }
            LinkProblem::Seed(v) => format!("«{v}» no es un número entero"),
            LinkProblem::OldSeed(_) => "este enlace es de una versión anterior del juego, que barajaba de otra forma: su reparto no se puede repetir".into(),
            LinkProblem::NotBase64 => "no es base64url".into(),
            LinkProblem::NotText => "no es texto".into(),
            LinkProblem::Record(e) => self.record_error(e),
            LinkProblem::Encoding { value, .. } => {
                format!("«{value}» no es un texto bien codificado para una URL")
            }
        };
        format!("{}: {why}", problem.parameter())
    }
    fn player_count(&self, n: usize) -> String {
        format!("una partida es de 2, 3 o 4 jugadores (esta tiene {n})")
    }
    fn record_error(&self, error: &RecordError) -> String {
        match error {
            RecordError::Parse(e) => format!("no es un registro de partida válido ({e})"),
            RecordError::Setup(SetupError::BadPlayerCount(n)) => self.player_count(*n),
            RecordError::Setup(SetupError::BadFirstPlayer { seat, players }) => {
                format!("su primer jugador, el asiento {seat}, no es uno de sus {players} asientos")
            }
            RecordError::Setup(SetupError::DeckTooShort { cards, needed, .. }) => format!(
                "su mazo de {cards} cartas no basta para terminar la partida \
                 (necesita al menos {needed})"
            ),
            RecordError::NoDeck => "falta «seed» o una lista «cards»".into(),
            RecordError::OldShuffle { .. } => "se hizo con una versión anterior del juego, que \
                barajaba las cartas de otra manera, y ya no se puede repartir igual"
                .into(),
            RecordError::NewerVersion { .. } => {
                "se hizo con una versión más reciente del juego".into()
            }
            RecordError::Turn { turn, error } => {
                format!("turno {turn}: {}", self.turn_error(error))
            }
            RecordError::BadTurn { turn, message } => {
                format!("el turno {turn} no es un turno válido ({message})")
            }
            RecordError::TooManyTurns { max } => {
                format!("tiene más de {max} turnos, más de los que puede tener su partida")
            }
            RecordError::TooLarge { max } => format!(
                "ocupa más de {} MB, mucho más que cualquier partida",
                max / MEGABYTE
            ),
        }
    }
    fn cannot_open_record(&self, error: &RecordError) -> String {
        format!(
            "No se puede abrir este registro de partida: {}.",
            self.record_error(error)
        )
    }
    fn replay_title(&self) -> &'static str {
        "Repetición"
    }
    fn replay_step(&self, step: usize, total: usize) -> String {
        format!("Turno {step} de {total}")
    }
    fn first_step(&self) -> &'static str {
        "Al reparto"
    }
    fn previous_step(&self) -> &'static str {
        "Turno anterior"
    }
    fn next_step(&self) -> &'static str {
        "Turno siguiente"
    }
    fn last_step(&self) -> &'static str {
        "Al último turno"
    }
    fn play_replay(&self) -> &'static str {
        "Reproducir"
    }
    fn pause_replay(&self) -> &'static str {
        "Pausa"
    }
    fn jump_to_turn(&self) -> &'static str {
        "Ir al turno"
    }
    fn play_from_here(&self) -> &'static str {
        "Jugar desde aquí"
    }
    fn replay_game(&self) -> &'static str {
        "Ver de nuevo esta partida"
    }
    fn share_deal(&self) -> &'static str {
        "Compartir este reparto"
    }
    fn share_game(&self) -> &'static str {
        "Compartir esta partida"
    }
    fn share_hint(&self) -> &'static str {
        "Copia este enlace:"
    }
    fn open_record(&self) -> &'static str {
        "Abrir una partida (archivo)"
    }
    fn dismiss(&self) -> &'static str {
        "Cerrar"
    }
    fn loading(&self) -> &'static str {
        "Cargando…"
    }
    fn how_to_play(&self) -> &'static str {
        "Cómo se juega"
    }
    fn new_version_ready(&self) -> &'static str {
        "Hay una nueva versión del juego."
    }
    fn reload(&self) -> &'static str {
        "Recargar"
    }
    fn how_to_play_steps(&self) -> [&'static str; 4] {
        [
            "En tu turno, toma una carta de la fila. La primera es gratis; cada carta más atrás cuesta un meeple más, que dejas sobre las cartas que saltas. Ganas los meeples que haya sobre la carta que tomas.",
            "Coloca el personaje en su lugar (una carta dividida: elige la mitad). El lugar se activa: da puntos o meeples, o te deja atacar, curar o cambiar.",
            "Al final de tu turno, cada meeple por encima de las 5 casillas de tu carta de trabajador se convierte en 1 punto.",
            "Cuando todos tienen 12 cartas, puntuación final: pierdes puntos por la Enfermería, ganas n × n por n lugares distintos con personajes y el valor de cada lugar donde tengas más personajes (en empate, puntúan todos).",
        ]
    }

    fn setup_title(&self) -> &'static str {
        "Nueva partida"
    }
    fn players_legend(&self) -> &'static str {
        "Jugadores"
    }
    fn n_players(&self, n: usize) -> String {
        format!("{n} jugadores")
    }
    fn seat(&self, seat: usize, starts: bool) -> String {
        if starts {
            format!("Puesto {} (empieza)", seat + 1)
        } else {
            format!("Puesto {}", seat + 1)
        }
    }
    fn name_of_seat(&self, seat: usize) -> String {
        format!("Nombre del puesto {}", seat + 1)
    }
    fn who_plays_seat(&self, seat: usize) -> String {
        format!("Quién juega en el puesto {}", seat + 1)
    }
    fn default_player_name(&self, seat: usize) -> String {
        ["Ana", "Bruno", "Carmen", "Diego"]
            .get(seat)
            .map_or_else(|| format!("Jugador {}", seat + 1), |n| n.to_string())
    }
    fn person(&self) -> &'static str {
        "Persona"
    }
    fn computer(&self, level: Level) -> String {
        format!("Ordenador: {}", self.level(level))
    }
    fn location_cards(&self) -> &'static str {
        "Cartas de lugar"
    }
    fn all_side(&self, side: Side) -> &'static str {
        match side {
            Side::A => "Todas por la cara A",
            Side::B => "Todas por la cara B",
        }
    }
    fn side(&self, side: Side) -> &'static str {
        match side {
            Side::A => "Cara A",
            Side::B => "Cara B",
        }
    }
    fn mixed_sides(&self) -> &'static str {
        "Caras mezcladas (no oficial): elige cada lugar"
    }
    fn options(&self) -> &'static str {
        "Opciones"
    }
    fn full_deck(&self) -> &'static str {
        "Mazo completo: las 60 cartas barajadas juntas"
    }
    fn meeple_tiebreak(&self) -> &'static str {
        "Los meeples que queden deshacen los empates (regla de la casa)"
    }
    fn allow_undo(&self) -> &'static str {
        "Permitir deshacer turnos"
    }
    fn random_first_player(&self) -> &'static str {
        "Jugador inicial al azar (la carta de trabajador del caballero)"
    }
    fn deal_number(&self) -> &'static str {
        "Número de reparto"
    }
    fn new_deal(&self) -> &'static str {
        "Nuevo reparto"
    }
    fn bad_deal_number(&self) -> &'static str {
        "El número de reparto debe ser un número entero."
    }
    fn back(&self) -> &'static str {
        "Volver"
    }
    fn start_game(&self) -> &'static str {
        "Empezar la partida"
    }

    fn to_play(&self, name: &str) -> String {
        format!("Turno de {name}")
    }
    fn computer_playing(&self, name: &str, level: Level) -> String {
        format!("{name} (ordenador, {}) está jugando", self.level(level))
    }
    fn turn_of(&self, turn: usize, total: usize) -> String {
        format!(" — turno {turn} de {total}")
    }
    fn game_over(&self) -> &'static str {
        "Fin de la partida"
    }
    fn the_display(&self) -> &'static str {
        "La fila de cartas"
    }
    fn cost(&self, meeples: usize) -> String {
        match meeples {
            0 => "gratis".into(),
            n => self.meeples(n),
        }
    }
    fn display_card(&self, space: usize, card: Card, lying: u8) -> String {
        let on_it = match lying {
            0 => String::new(),
            n => format!(", con {} encima", self.meeples(usize::from(n))),
        };
        let cost = match space {
            0 => "gratis".to_string(),
            n => format!("cuesta {}", self.meeples(n)),
        };
        format!("Fila, espacio {space}: {}{on_it}, {cost}", self.card(card))
    }
    fn meeples_on_card(&self, n: u8) -> String {
        format!("{} sobre esta carta", self.meeples(usize::from(n)))
    }
    fn deck_label(&self, cards: usize) -> String {
        if cards == 1 {
            "1 carta en el mazo".into()
        } else {
            format!("{cards} cartas en el mazo")
        }
    }
    fn choose_card(&self) -> &'static str {
        "Elige una carta de la fila."
    }
    fn computer_thinking(&self) -> &'static str {
        "El ordenador está pensando…"
    }
    fn your_turn(&self) -> &'static str {
        "Tu turno"
    }
    fn computers_turn(&self) -> &'static str {
        "Turno del ordenador"
    }
    fn place_as(&self) -> &'static str {
        "Colócala como:"
    }
    fn place_at(&self, c: Character) -> String {
        format!("{} {}", self.character(c), at(c.location()))
    }
    fn heal_question(&self, card: Card) -> String {
        format!(
            "Tu Bruja cura la carta dividida {}. ¿Adónde va?",
            self.card(card)
        )
    }
    fn heal_to(&self, c: Character) -> String {
        format!(
            "{} (como {})",
            self.location(c.location()),
            self.character(c)
        )
    }
    fn castle_trade(&self) -> &'static str {
        "Cambio en el Castillo:"
    }
    fn trade(&self, trade: i32) -> String {
        match trade {
            0 => "sin cambio".into(),
            t if t > 0 => format!("comprar {} por {t} puntos", self.meeples(t as usize)),
            t => format!("vender {} por {} puntos", self.meeples((-t) as usize), -t),
        }
    }
    fn this_turn(&self) -> &'static str {
        "Este turno: "
    }
    fn cancel(&self) -> &'static str {
        "Cancelar"
    }
    fn confirm(&self) -> &'static str {
        "Confirmar"
    }
    fn realms(&self) -> &'static str {
        "Reinos"
    }
    fn variety_hint(&self) -> &'static str {
        "variedad: n lugares con personajes dan n × n puntos"
    }
    fn leads(&self) -> &'static str {
        "el que más tiene aquí, o empatado"
    }
    fn infirmary_top(&self, card: Card) -> String {
        format!("arriba: {}", self.card(card))
    }
    fn worker(&self, meeples: u8) -> String {
        format!(
            "{} en la carta de trabajador",
            self.meeples(usize::from(meeples))
        )
    }
    fn to_move_marker(&self) -> &'static str {
        "juega"
    }
    fn take_back(&self) -> &'static str {
        "Deshacer el último turno"
    }
    fn realm_of(&self, name: &str) -> String {
        format!("Reino de {name}")
    }
    fn majority_pays(&self, points: i32) -> String {
        format!("más personajes aquí al final: +{points}")
    }
    fn score_label(&self, points: i32) -> String {
        if points == 1 {
            "1 punto".into()
        } else {
            format!("{points} puntos")
        }
    }
    fn theme(&self) -> &'static str {
        "Tema"
    }
    fn theme_name(&self, theme: crate::model::prefs::Theme) -> &'static str {
        match theme {
            crate::model::prefs::Theme::Auto => "◐ Auto",
            crate::model::prefs::Theme::Light => "Claro",
            crate::model::prefs::Theme::Dark => "Oscuro",
        }
    }
    fn computer_pace(&self) -> &'static str {
        "Ordenadores:"
    }
    fn pace_name(&self, pace: crate::model::prefs::Pace) -> &'static str {
        match pace {
            crate::model::prefs::Pace::Slow => "lentos",
            crate::model::prefs::Pace::Normal => "normales",
            crate::model::prefs::Pace::Fast => "rápidos",
            crate::model::prefs::Pace::Instant => "instantáneos",
        }
    }
    fn skip_computers(&self) -> &'static str {
        "Saltar a mi turno"
    }
    fn pass_device_option(&self) -> &'static str {
        "Tapar la mesa entre los turnos de las personas (pasar el dispositivo)"
    }
    fn see_table(&self) -> &'static str {
        "Ver la mesa"
    }
    fn pass_device_title(&self, name: &str) -> String {
        format!("Turno de {name}: pasa el dispositivo a {name}")
    }
    fn pass_device_ready(&self, name: &str) -> String {
        format!("Soy {name}: mostrar la mesa")
    }
    fn log(&self) -> &'static str {
        "Registro"
    }
    fn turn_refused(&self, reason: &str) -> String {
        format!("Ese turno no está permitido: {reason}.")
    }

    fn took(&self, name: &str, card: Card, placed: Character, paid: u8, picked_up: u8) -> String {
        let what = if card.is_split() {
            format!(
                "la carta dividida {} como {}",
                self.card(card),
                self.character(placed)
            )
        } else {
            format!("la carta {}", self.character(placed))
        };
        let cost = match paid {
            0 => "gratis".to_string(),
            n => format!("por {}", self.meeples(usize::from(n))),
        };
        let bonus = match picked_up {
            0 => String::new(),
            n => format!(" y recoge {}", self.meeples(usize::from(n))),
        };
        format!("{name} toma {what} {cost}{bonus}")
    }
    fn healed(&self, card: Card, c: Character) -> String {
        if card.is_split() {
            format!(
                "Cabaña: carta dividida {} curada → {} (como {})",
                self.card(card),
                self.location(c.location()),
                self.character(c)
            )
        } else {
            format!(
                "Cabaña: {} curado → {}",
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
            Some(c) => format!("{} de {defender} herido", self.character(c)),
            None if guards >= knights => "los Guardias resisten".to_string(),
            None => "nadie a quien herir".to_string(),
        };
        format!(
            "Ataque: {} contra {} de {defender} → {outcome}",
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
            "{}: {} × {each} × {fullest} (lugar más poblado) = {}",
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
            "{}: ({} + {wounded} en la Enfermería) × {each} = {}",
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
            "{}: cada jugador con al menos {} {} → {}",
            self.location(location),
            at_least_one(needs),
            signed(points),
            list(names)
        )
    }
    fn traded(&self, trade: i32) -> String {
        if trade > 0 {
            format!(
                "Castillo: {trade} puntos cambiados por {}",
                self.meeples(trade.unsigned_abs() as usize)
            )
        } else {
            format!(
                "Castillo: {} cambiados por {} puntos",
                self.meeples(trade.unsigned_abs() as usize),
                trade.unsigned_abs()
            )
        }
    }
    fn converted(&self, meeples: u8, points: i32) -> String {
        format!(
            "{} por encima de la carta de trabajador → {}",
            self.meeples(usize::from(meeples)),
            signed(points)
        )
    }
    fn refilled(&self, card: Option<Card>) -> String {
        match card {
            Some(card) => format!("Nueva carta en la fila: {}", self.card(card)),
            None => "El mazo está vacío: no hay carta nueva".into(),
        }
    }
    fn final_scoring_begins(&self) -> &'static str {
        "Cada reino tiene 12 cartas: puntuación final"
    }

    fn final_scoring(&self) -> &'static str {
        "Puntuación final"
    }
    fn winners(&self, names: &[&str]) -> String {
        match names {
            [one] => format!("¡Gana {one}!"),
            many => format!("Victoria compartida: {}", list(many)),
        }
    }
    fn before_final(&self) -> &'static str {
        "Antes de la puntuación final"
    }
    fn infirmary_row(&self) -> &'static str {
        "Enfermería"
    }
    fn variety_row(&self) -> &'static str {
        "Variedad (n × n)"
    }
    fn majority_row(&self, l: Location) -> String {
        format!("Mayoría: {}", self.location(l))
    }
    fn total(&self) -> &'static str {
        "Total"
    }
    fn winner_mark(&self) -> &'static str {
        "victoria"
    }
    fn play_again(&self) -> &'static str {
        "Jugar otra vez"
    }
    fn export_record(&self) -> &'static str {
        "Exportar la partida"
    }
    fn record_text(&self) -> &'static str {
        "Partida (para copiar)"
    }

    fn before_step(&self, scores: &[(&str, i32)]) -> String {
        format!("Antes de la puntuación final: {}", points_list(scores))
    }
    fn majority_step(&self, l: Location, winners: &[(&str, i32)]) -> String {
        let place = self.location(l);
        let gains = gains_list(winners);
        match (l.character(), winners.len()) {
            (None, _) => format!("{place}: {gains}"),
            (Some(c), 0) => format!("{place}: nadie tiene {}", forms(c).1),
            (Some(c), 1) => format!("{place}: {gains} (mayoría de {})", forms(c).1),
            (Some(c), _) => format!("{place}: {gains} (empate en la mayoría de {})", forms(c).1),
        }
    }
    fn infirmary_step(&self, losses: &[(&str, i32, u8, i32)]) -> String {
        if losses.is_empty() {
            return "Enfermería: nadie pierde puntos".into();
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
        format!("Enfermería: {}", parts.join(", "))
    }
    fn infirmary_detail(&self, cards: u8, most: i32) -> String {
        let cards = if cards == 1 {
            "1 carta".to_string()
        } else {
            format!("{cards} cartas")
        };
        if most != 0 {
            format!("{cards}, {} por tener más", signed(most))
        } else {
            cards
        }
    }
    fn variety_step(&self, gains: &[(&str, u8, i32)]) -> String {
        let parts: Vec<String> = gains
            .iter()
            .map(|&(name, n, points)| {
                let places = if n == 1 { "lugar" } else { "lugares" };
                format!("{name} {} ({n} {places} × {n})", signed(points))
            })
            .collect();
        format!("Variedad: {}", parts.join(", "))
    }
    fn totals_step(&self, totals: &[(&str, i32)], winners: &[&str]) -> String {
        format!("Total: {}. {}", points_list(totals), self.winners(winners))
    }
    fn show_all(&self) -> &'static str {
        "Mostrar todo"
    }
    fn score_chart(&self) -> &'static str {
        "Puntos a lo largo de la partida"
    }
    fn score_chart_label(
        &self,
        turns: usize,
        scores: &[(&str, i32)],
        totals: Option<&[(&str, i32)]>,
    ) -> String {
        let turns = if turns == 1 {
            "1 turno".to_string()
        } else {
            format!("{turns} turnos")
        };
        let mut text = format!(
            "Gráfico de líneas de los puntos turno a turno ({turns}). Al final del juego: {}.",
            points_list(scores)
        );
        if let Some(totals) = totals {
            text.push_str(&format!(
                " Tras la puntuación final: {}.",
                points_list(totals)
            ));
        }
        text
    }
    fn turn_axis(&self) -> &'static str {
        "Turno"
    }
    fn final_step(&self) -> &'static str {
        "Final"
    }
}
