//! The coach's words: a proposed turn, its expected result and its reason
//! (the engine's [`Reason`], put into sentences), a review's lines.

use majesty_ai::coach::Reason;
use majesty_rules::{Game, Turn};

use super::{signed, Catalog};

impl Catalog {
    /// "4.2" (German "4,2"): a number with one decimal, in the language's
    /// own way of writing it: by the browser's `Intl` in a page, else with
    /// the language's decimal mark.
    pub fn tenths(&self, value: f64) -> String {
        let rounded = (value * 10.0).round() / 10.0;
        crate::browser::number(self.lang.code(), rounded, 1)
            .unwrap_or_else(|| super::with_one_decimal(value, self.decimal_mark()))
    }

    /// "+4.2", "−3.0" (German "−3,0"): points with one decimal and a sign.
    pub fn signed_tenths(&self, points: f64) -> String {
        let text = self.tenths(points.abs());
        if points < -0.05 {
            format!("−{text}")
        } else {
            format!("+{text}")
        }
    }

    /// "Witch (space 3, 2 meeples) → Cottage", and the heal and trade.
    pub fn advice_turn(&self, game: &Game, turn: Turn) -> String {
        let card = game
            .display()
            .get(turn.take)
            .map(|slot| self.card(slot.card))
            .unwrap_or_default();
        let mut text = self.coach_advice_turn(
            card,
            turn.take + 1,
            turn.take,
            self.location(turn.place.location()),
        );
        if let Some(heal) = turn.heal {
            text.push_str(", ");
            text.push_str(&self.coach_advice_heal(self.location(heal.location())));
        }
        if turn.trade != 0 {
            text.push_str(", ");
            text.push_str(&self.trade(turn.trade));
        }
        text
    }

    /// The reason's parts, each a short phrase.
    pub fn reason(&self, reason: &Reason, names: &[String]) -> Vec<String> {
        let seat = reason.seat;
        let points = reason.points[seat];
        let mut parts = vec![self.coach_reason_points(signed(points), points.unsigned_abs())];
        let others: Vec<String> = (0..reason.points.len())
            .filter(|&p| p != seat && reason.points[p] != 0)
            .map(|p| format!("{} {}", names[p], signed(reason.points[p])))
            .collect();
        if !others.is_empty() {
            parts.push(self.coach_reason_others(self.and_list(&others)));
        }
        if reason.meeples != 0 {
            let gained = if reason.meeples > 0 { "yes" } else { "no" };
            parts.push(self.coach_reason_meeples(gained, reason.meeples.unsigned_abs()));
        }
        let places = |list: &[majesty_rules::Location]| {
            let names: Vec<&str> = list.iter().map(|&l| self.location(l)).collect();
            self.and_list(&names)
        };
        if !reason.majorities_won.is_empty() {
            parts.push(self.coach_reason_majority_won(places(&reason.majorities_won)));
        }
        if !reason.majorities_taken.is_empty() {
            parts.push(self.coach_reason_majority_taken(places(&reason.majorities_taken)));
        }
        if !reason.wounded.is_empty() {
            let hit: Vec<String> = reason
                .wounded
                .iter()
                .map(|&(p, c)| format!("{} ({})", names[p], self.character(c)))
                .collect();
            parts.push(self.coach_reason_wounds(self.and_list(&hit)));
        }
        if let Some(c) = reason.healed {
            parts.push(self.coach_reason_healed(self.character(c)));
        }
        let (before, after) = (&reason.exposed_before, &reason.exposed_after);
        let newly = |now: &[usize], then: &[usize]| -> Vec<&str> {
            now.iter()
                .filter(|p| !then.contains(p))
                .map(|&p| names[p].as_str())
                .collect()
        };
        let (exposed, protected) = (newly(after, before), newly(before, after));
        if !exposed.is_empty() {
            parts.push(self.coach_reason_exposed(self.and_list(&exposed), exposed.len()));
        }
        if !protected.is_empty() {
            parts.push(self.coach_reason_protected(self.and_list(&protected)));
        }
        parts
    }
}
