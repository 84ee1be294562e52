//! Messages about the game's and the app's own types: which message of the
//! locale file a value needs, and its arguments. The words themselves are
//! all in the locale files.

use majesty_rules::{
    Card, Character, ConfigError, Location, RecordError, SetupError, Side, Step, TurnError,
};

use super::{gains_list, join_list, points_list, signed, Catalog, TermId};

/// Bytes in a megabyte, as file sizes are told.
const MEGABYTE: usize = 1024 * 1024;
use crate::model::link::LinkProblem;
use crate::model::prefs::{Pace, Theme};
use crate::model::storage::SaveError;

impl Catalog {
    /// A character's name: "Miller".
    pub fn character(&self, c: Character) -> &'static str {
        self.term_name("character", c)
    }

    /// A character's name on a narrow card's band (a phone's display):
    /// the locale's short form, "Innk.".
    pub fn character_short(&self, c: Character) -> &'static str {
        self.term(&super::term_key("character", c.id()), "short")
            .unwrap_or_else(|| self.character(c))
    }

    pub fn location(&self, l: Location) -> &'static str {
        self.term_name("location", l)
    }

    fn term_name(&self, group: &str, term: impl TermId) -> &'static str {
        self.term(&super::term_key(group, term.id()), "name")
            .unwrap_or_default()
    }

    /// "A and B" with the language's `and`; empty for none.
    pub fn and_list<S: AsRef<str>>(&self, items: &[S]) -> String {
        join_list(items, self.list_and(), "")
    }

    /// Names: "Ann and Bob", or the language's "nobody".
    pub fn names(&self, names: &[&str]) -> String {
        join_list(names, self.list_and(), self.list_nobody())
    }

    /// A card's name: "Witch", "Witch or Guard" for a split card.
    pub fn card(&self, card: Card) -> String {
        self.card_named(card, |t, first, second| t.card_split(first, second))
    }

    /// "Witch/Guard", as the log writes a split card.
    fn card_short(&self, card: Card) -> String {
        self.card_named(card, |t, first, second| t.card_split_short(first, second))
    }

    /// A single card's name, or its two names joined by `split`.
    fn card_named(&self, card: Card, split: fn(Catalog, &str, &str) -> String) -> String {
        let mut names = card.characters().map(|c| self.character(c));
        match (names.next(), names.next()) {
            (Some(first), Some(second)) => split(*self, first, second),
            (first, _) => first.unwrap_or_default().to_string(),
        }
    }

    /// Joins the steps of an ability: "; then ".
    pub fn then(&self) -> &'static str {
        self.step_then()
    }

    /// One step of a location's ability, as a clause ("+2 per Miller").
    pub fn step(&self, step: &Step) -> String {
        let names = |cs: &[Character]| -> String {
            let items: Vec<String> = cs.iter().map(|&c| self.step_who(c)).collect();
            self.and_list(&items)
        };
        match *step {
            Step::Defend => self.step_defend().into(),
            Step::Attack => self.step_attack().into(),
            Step::Heal => self.step_heal().into(),
            Step::Trade => self.step_trade().into(),
            Step::PerCharacter {
                characters,
                points,
                meeples,
            } => match (points, meeples) {
                (p, 0) => self.step_per_character(p, names(characters)),
                (0, m) => self.step_per_character_meeples(m, names(characters)),
                (p, m) => self.step_per_character_both(p, m, names(characters)),
            },
            Step::Everyone { needs, points } => self.step_everyone(needs, points),
            Step::IfYouHave { characters, points } => {
                let items: Vec<String> = characters
                    .iter()
                    .map(|&c| self.step_if_you_have_item(c))
                    .collect();
                self.step_if_you_have(points, self.and_list(&items))
            }
            Step::PerFullest { per, points } => self.step_per_fullest(per, points),
            Step::PerCharacterAndWounded { character, points } => {
                self.step_per_character_and_wounded(points, character)
            }
            Step::GameEnd { per_card, most: 0 } => self.step_game_end(signed(per_card)),
            Step::GameEnd { per_card, most } => {
                self.step_game_end_most(signed(per_card), most.unsigned_abs())
            }
        }
    }

    pub fn turn_error(&self, error: &TurnError) -> String {
        match *error {
            TurnError::GameOver => self.turn_error_game_over().into(),
            TurnError::SpaceOutOfRange { space, display: 0 } => {
                self.turn_error_space_empty_display(space + 1)
            }
            TurnError::SpaceOutOfRange { space, display } => {
                self.turn_error_space_out_of_range(space + 1, display, display)
            }
            TurnError::NotEnoughMeeples { needed, have } => {
                self.turn_error_not_enough_meeples(needed, have)
            }
            TurnError::WrongCharacter { card, character } => {
                self.turn_error_wrong_character(self.card(card), character)
            }
            TurnError::HealChoiceMissing { card } => {
                self.turn_error_heal_choice_missing(self.card(card))
            }
            TurnError::HealChoiceInvalid { card, character } => {
                self.turn_error_heal_choice_invalid(self.card(card), character.location())
            }
            TurnError::HealChoiceUnexpected => self.turn_error_heal_choice_unexpected().into(),
            TurnError::TradeNotAllowed { trade } => {
                self.turn_error_trade_not_allowed(format!("{trade:+}"))
            }
            TurnError::TradeOutOfRange { trade } => {
                self.turn_error_trade_out_of_range(format!("{trade:+}"))
            }
            TurnError::TradeUnaffordable { trade, points, .. } if trade > 0 => {
                self.turn_error_trade_costs_points(format!("{trade:+}"), trade, points)
            }
            TurnError::TradeUnaffordable { trade, meeples, .. } => self
                .turn_error_trade_sells_meeples(
                    format!("{trade:+}"),
                    trade.unsigned_abs(),
                    meeples,
                ),
        }
    }

    /// Why a save cannot be opened or written.
    pub fn save_error(&self, error: &SaveError) -> String {
        match error {
            SaveError::NotJson(e) => self.save_error_not_json(e),
            SaveError::OtherVersion(f) => self.save_error_other_version(*f),
            SaveError::NoFormat => self.save_error_no_format().into(),
            SaveError::NoRecord => self.save_error_no_record().into(),
            SaveError::BadRecord(e) => self.record_error(e),
            SaveError::BadSeats(e) => self.save_error_bad_seats(e),
            SaveError::DoesNotReplay(e) => self.save_error_does_not_replay(self.record_error(e)),
            SaveError::Nothing => self.save_error_nothing().into(),
            SaveError::Refused => self.save_error_refused().into(),
            SaveError::Full => self.save_error_full().into(),
            SaveError::CannotRead => self.save_error_cannot_read().into(),
        }
    }

    pub fn unreadable_body(&self, reason: &SaveError) -> String {
        self.notice_unreadable_body(self.save_error(reason))
    }

    pub fn cannot_open_save(&self, reason: &SaveError) -> String {
        self.notice_cannot_open_save(self.save_error(reason))
    }

    pub fn save_failed(&self, reason: &SaveError) -> String {
        self.notice_save_failed(self.save_error(reason))
    }

    /// Why a game record cannot be read or replayed.
    pub fn record_error(&self, error: &RecordError) -> String {
        match error {
            RecordError::Json(e) => self.record_error_parse(e),
            RecordError::Deal(e) => self.record_error_parse(e),
            RecordError::Config(ConfigError::PlayerCount(n)) => self.player_count(*n),
            RecordError::Config(ConfigError::FirstPlayer { seat, players }) => {
                self.record_error_bad_first_player(*seat, *players)
            }
            RecordError::Setup(SetupError::DeckTooShort { cards, needed, .. }) => {
                self.record_error_deck_too_short(*cards, *needed)
            }
            RecordError::NoDeck => self.record_error_no_deck().into(),
            RecordError::OldShuffle { .. } => self.record_error_old_shuffle().into(),
            RecordError::NewerVersion { .. } => self.record_error_newer_version().into(),
            RecordError::Turn { turn, error } => {
                self.record_error_turn(*turn, self.turn_error(error))
            }
            RecordError::BadTurn { turn, message } => self.record_error_bad_turn(*turn, message),
            RecordError::TooManyTurns { max } => self.record_error_too_many_turns(*max),
            RecordError::TooLarge { max } => self.record_error_too_large(max / MEGABYTE),
            RecordError::Position(errors) => self.position_errors(errors),
        }
    }

    /// A game record (a file, a link's game) that cannot be opened.
    pub fn cannot_open_record(&self, error: &RecordError) -> String {
        self.notice_cannot_open_record(self.record_error(error))
    }

    /// One link parameter that could not be used: "seed: …".
    pub fn link_problem(&self, problem: &LinkProblem) -> String {
        let why = match problem {
            LinkProblem::Sides(v) => self.link_sides(v),
            LinkProblem::Deck(v) => self.link_deck(v),
            LinkProblem::PlayerCount(n) => self.player_count(*n),
            LinkProblem::NoName => self.link_no_name().into(),
            LinkProblem::Level(v) => self.link_level(v),
            LinkProblem::Seed(v) => self.link_seed(v),
            LinkProblem::OldSeed(_) => self.link_old_seed().into(),
            LinkProblem::EmbedApi(v) => self.link_embed_api(v),
            LinkProblem::Theme(v) => self.link_theme(v),
            LinkProblem::Turn(v) => self.link_turn(v),
            LinkProblem::NotBase64 => self.link_not_base64().into(),
            LinkProblem::NotText => self.link_not_text().into(),
            LinkProblem::Record(e) => self.record_error(e),
            LinkProblem::Encoding { value, .. } => self.link_encoding(value),
            LinkProblem::Unknown(_) => self.link_unknown().into(),
        };
        self.link_parameter(problem.parameter(), why)
    }

    pub fn how_to_play_steps(&self) -> [&'static str; 4] {
        [
            self.how_to_play_step_take(),
            self.how_to_play_step_place(),
            self.how_to_play_step_worker(),
            self.how_to_play_step_final(),
        ]
    }
}

/// The new-game screen and the board.
impl Catalog {
    pub fn seat(&self, seat: usize, starts: bool) -> String {
        match starts {
            true => self.setup_seat_starts(seat + 1),
            false => self.setup_seat(seat + 1),
        }
    }

    pub fn name_of_seat(&self, seat: usize) -> String {
        self.setup_name_of_seat(seat + 1)
    }

    pub fn who_plays_seat(&self, seat: usize) -> String {
        self.setup_who_plays_seat(seat + 1)
    }

    pub fn default_player_name(&self, seat: usize) -> String {
        match seat {
            0 => self.default_player_name_1().into(),
            1 => self.default_player_name_2().into(),
            2 => self.default_player_name_3().into(),
            3 => self.default_player_name_4().into(),
            n => self.default_player_name_other(n + 1),
        }
    }

    pub fn all_side(&self, side: Side) -> &'static str {
        match side {
            Side::A => self.all_side_a(),
            Side::B => self.all_side_b(),
        }
    }

    /// "Side A".
    pub fn side(&self, side: Side) -> &'static str {
        match side {
            Side::A => self.side_a(),
            Side::B => self.side_b(),
        }
    }

    pub fn theme_name(&self, theme: Theme) -> &'static str {
        match theme {
            Theme::Auto => self.theme_name_auto(),
            Theme::Light => self.theme_name_light(),
            Theme::Dark => self.theme_name_dark(),
        }
    }

    pub fn pace_name(&self, pace: Pace) -> &'static str {
        match pace {
            Pace::Slow => self.pace_name_slow(),
            Pace::Normal => self.pace_name_normal(),
            Pace::Fast => self.pace_name_fast(),
            Pace::Instant => self.pace_name_instant(),
        }
    }

    /// Accessible name of a display card: spaces are named from 1 (the
    /// front, free) and the card in space `space` costs `space` meeples.
    pub fn display_card(&self, space: usize, card: Card, lying: u8) -> String {
        self.board_display_card(space + 1, self.card(card), lying, space)
    }

    pub fn place_at(&self, c: Character) -> String {
        self.board_place_at(c, c.location())
    }

    pub fn heal_question(&self, card: Card) -> String {
        self.board_heal_question(self.card(card))
    }

    pub fn heal_to(&self, c: Character) -> String {
        self.board_heal_to(c.location(), c)
    }

    pub fn infirmary_top(&self, card: Card) -> String {
        self.board_infirmary_top(self.card(card))
    }

    pub fn trade(&self, trade: i32) -> String {
        match trade {
            0 => self.trade_none().into(),
            t if t > 0 => self.trade_buy(t),
            t => self.trade_sell(t.unsigned_abs()),
        }
    }

    /// "Mill 1A".
    pub fn location_heading(&self, l: Location, side: Side) -> String {
        let side = match side {
            Side::A => "A",
            Side::B => "B",
        };
        format!("{} {}{side}", self.location(l), l.index() + 1)
    }

    pub fn variety_cell(&self, n: u8, points: i32) -> String {
        format!("{n} → {points}")
    }
}

/// The log's lines.
impl Catalog {
    /// "Ann took a Witch for 2 meeples and picked up 1 meeple".
    pub fn took(
        &self,
        name: &str,
        card: Card,
        placed: Character,
        paid: u8,
        picked_up: u8,
    ) -> String {
        let split = if card.is_split() { "yes" } else { "no" };
        self.log_line_took(name, split, self.card_short(card), placed, paid, picked_up)
    }

    pub fn healed(&self, card: Card, c: Character) -> String {
        let split = if card.is_split() { "yes" } else { "no" };
        self.log_line_healed(split, self.card_short(card), c.location(), c)
    }

    /// `wounded`: None if the Guards held or nothing could be wounded.
    pub fn attack(
        &self,
        knights: u8,
        defender: &str,
        guards: u8,
        wounded: Option<Character>,
    ) -> String {
        match wounded {
            Some(c) => self.log_line_attack_wounded(knights, defender, guards, c),
            None if guards >= knights => self.log_line_attack_held(knights, defender, guards),
            None => self.log_line_attack_nothing(knights, defender, guards),
        }
    }

    /// "Brewery: 3 Brewers × 2 = +6, +3 meeples", "Cottage: 2 Millers +
    /// 1 Brewer = 3 × 2 = +6".
    pub fn gained_per_character(
        &self,
        location: Location,
        counted: &[(Character, u8)],
        each: i32,
        points: i32,
        meeples: i32,
    ) -> String {
        let reward = match (points, meeples) {
            (p, 0) => self.log_line_gained_reward_points(signed(p)),
            (0, m) => self.log_line_gained_reward_meeples(m),
            (p, m) => self.log_line_gained_reward_both(signed(p), m),
        };
        let parts: Vec<String> = counted
            .iter()
            .map(|&(c, n)| self.log_line_gained_counted_item(n, c))
            .collect();
        if let [one] = parts.as_slice() {
            self.log_line_gained_per_character(location, one, each, reward)
        } else {
            let total: u32 = counted.iter().map(|&(_, n)| u32::from(n)).sum();
            self.log_line_gained_per_characters(location, parts.join(" + "), total, each, reward)
        }
    }

    pub fn gained_has_each(
        &self,
        location: Location,
        characters: &[Character],
        points: i32,
    ) -> String {
        let items: Vec<String> = characters
            .iter()
            .map(|&c| self.log_line_gained_has_item(c))
            .collect();
        self.log_line_gained_has_each(location, self.and_list(&items), signed(points))
    }

    pub fn gained_fullest(
        &self,
        location: Location,
        innkeepers: u8,
        fullest: u8,
        each: i32,
        points: i32,
    ) -> String {
        self.log_line_gained_fullest(location, innkeepers, each, fullest, signed(points))
    }

    pub fn gained_nobles_and_wounded(
        &self,
        location: Location,
        nobles: u8,
        wounded: u8,
        each: i32,
        points: i32,
    ) -> String {
        self.log_line_gained_nobles_and_wounded(location, nobles, wounded, each, signed(points))
    }

    pub fn everyone_gained(
        &self,
        location: Location,
        needs: Character,
        points: i32,
        names: &[&str],
    ) -> String {
        self.log_line_gained_everyone(location, needs, signed(points), self.names(names))
    }

    pub fn traded(&self, trade: i32) -> String {
        match trade > 0 {
            true => self.log_line_traded_buy(trade.unsigned_abs()),
            false => self.log_line_traded_sell(trade.unsigned_abs()),
        }
    }

    pub fn converted(&self, meeples: u8, points: i32) -> String {
        self.log_line_converted(meeples, signed(points))
    }

    pub fn refilled(&self, card: Option<Card>) -> String {
        match card {
            Some(card) => self.log_line_refilled(self.card(card)),
            None => self.log_line_deck_empty().into(),
        }
    }
}

/// Final scoring, told step by step.
impl Catalog {
    pub fn winners(&self, names: &[&str]) -> String {
        match names {
            [one] => self.winners_one(one),
            many => self.winners_shared(self.names(many)),
        }
    }

    /// "Before final scoring: Ann 54, Bob 61".
    pub fn before_step(&self, scores: &[(&str, i32)]) -> String {
        self.narration_before(points_list(scores))
    }

    /// A location's majority: "Mill: Ann +10 (most Millers)"; `winners`
    /// empty when nobody has its character.
    pub fn majority_step(&self, l: Location, winners: &[(&str, i32)]) -> String {
        let gains = gains_list(winners);
        match (l.character(), winners.len()) {
            (None, _) => self.narration_majority_plain(l, gains),
            (Some(c), 0) => self.narration_majority_nobody(l, c),
            (Some(c), 1) => self.narration_majority_most(l, gains, c),
            (Some(c), _) => self.narration_majority_tied(l, gains, c),
        }
    }

    /// "Infirmary: Ann −3 (3 cards), Bob −14 (2 cards, −10 for the most)"
    /// (name, points, cards, the most-cards part).
    pub fn infirmary_step(&self, losses: &[(&str, i32, u8, i32)]) -> String {
        if losses.is_empty() {
            return self.narration_infirmary_nobody().into();
        }
        let parts: Vec<String> = losses
            .iter()
            .map(|&(name, points, cards, most)| {
                self.narration_infirmary_loss(
                    name,
                    signed(points),
                    self.infirmary_detail(cards, most),
                )
            })
            .collect();
        self.narration_infirmary_losses(parts.join(", "))
    }

    /// Under a player's Infirmary loss: "2 cards, −10 for the most".
    pub fn infirmary_detail(&self, cards: u8, most: i32) -> String {
        match most {
            0 => self.narration_infirmary_detail_cards(cards),
            most => self.narration_infirmary_detail_most(cards, signed(most)),
        }
    }

    /// "Variety: Ann +36 (6 locations × 6)" (name, locations, points).
    pub fn variety_step(&self, gains: &[(&str, u8, i32)]) -> String {
        let parts: Vec<String> = gains
            .iter()
            .map(|&(name, n, points)| self.narration_variety_gain(name, signed(points), n))
            .collect();
        self.narration_variety_gains(parts.join(", "))
    }

    /// "Total: Ann 120, Bob 118. Ann wins!"
    pub fn totals_step(&self, totals: &[(&str, i32)], winners: &[&str]) -> String {
        self.narration_totals(points_list(totals), self.winners(winners))
    }

    /// The chart's accessible name: the scores where play ended and, if
    /// shown, after final scoring.
    pub fn score_chart_label(
        &self,
        turns: usize,
        scores: &[(&str, i32)],
        totals: Option<&[(&str, i32)]>,
    ) -> String {
        match totals {
            Some(totals) => {
                self.score_chart_label_final(turns, points_list(scores), points_list(totals))
            }
            None => self.score_chart_label_playing(turns, points_list(scores)),
        }
    }
}
