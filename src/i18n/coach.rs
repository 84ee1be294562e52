//! The coach's words: a proposed turn, its expected result and its reason
//! (the engine's [`Reason`], put into sentences), a review's lines.

use majesty_ai::coach::Reason;
use majesty_rules::{Game, Seat, Turn};

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

    /// The reason's parts, each a short phrase: what the turn gives now,
    /// then what it changes in final scoring, then the risks, and last
    /// what it is worth were the game to end now.
    pub fn reason(&self, reason: &Reason, names: &[String]) -> Vec<String> {
        let seat = reason.seat.index();
        let points = reason.points[seat];
        let mut parts = vec![self.coach_reason_points(signed(points), points.unsigned_abs())];
        if let Some(others) = self.reason_others(reason, &reason.points, names) {
            parts.push(self.coach_reason_others(others));
        }
        if reason.meeples != 0 {
            let gained = if reason.meeples > 0 { "yes" } else { "no" };
            parts.push(self.coach_reason_meeples(gained, reason.meeples.unsigned_abs()));
        }
        if reason.converted > 0 {
            parts.push(self.coach_reason_converted(reason.converted));
        }
        parts.extend(self.reason_at_final_scoring(reason, names));
        if !reason.wounded.is_empty() {
            let hit: Vec<String> = reason
                .wounded
                .iter()
                .map(|&(p, c)| format!("{} ({})", names[p.index()], self.character(c)))
                .collect();
            parts.push(self.coach_reason_wounds(self.and_list(&hit)));
        }
        if let Some(c) = reason.healed {
            parts.push(self.coach_reason_healed(self.character(c)));
        }
        parts.extend(self.reason_exposure(reason, names));
        let end = signed(reason.at_the_end.get(seat).copied().unwrap_or(0));
        parts.push(
            match self.reason_others(reason, &reason.at_the_end, names) {
                Some(others) => self.coach_reason_at_the_end_others(end, others),
                None => self.coach_reason_at_the_end(end),
            },
        );
        parts
    }

    /// "Bob +2 and Cid −3": the opponents' non-zero `changes` (seat order),
    /// or None when there are none.
    fn reason_others(&self, reason: &Reason, changes: &[i32], names: &[String]) -> Option<String> {
        let others: Vec<String> = (0..changes.len())
            .filter(|&p| p != reason.seat.index() && changes[p] != 0)
            .map(|p| format!("{} {}", names[p], signed(changes[p])))
            .collect();
        (!others.is_empty()).then(|| self.and_list(&others))
    }

    /// What the turn changes in final scoring: majorities with their
    /// value, variety, the Infirmary's penalties.
    fn reason_at_final_scoring(&self, reason: &Reason, names: &[String]) -> Vec<String> {
        let mut parts = Vec::new();
        for change in &reason.majorities {
            let place = self.location(change.location);
            let value = signed(change.value);
            if change.won && change.alone {
                parts.push(self.coach_reason_majority_won(place, value.clone()));
            } else if change.won {
                parts.push(self.coach_reason_majority_shared(place, value.clone()));
            } else if change.alone {
                parts.push(self.coach_reason_majority_alone(place));
            }
            if !change.lost_by.is_empty() {
                let losers: Vec<&str> = change
                    .lost_by
                    .iter()
                    .map(|p| names[p.index()].as_str())
                    .collect();
                parts.push(self.coach_reason_majority_lost(
                    self.and_list(&losers),
                    losers.len(),
                    place,
                    signed(-change.value),
                ));
            }
        }
        if reason.variety != 0 {
            parts.push(self.coach_reason_variety(signed(reason.variety), reason.locations));
        }
        let own = reason
            .infirmary
            .get(reason.seat.index())
            .copied()
            .unwrap_or(0);
        if own != 0 {
            parts.push(self.coach_reason_infirmary(signed(own)));
        }
        if let Some(others) = self.reason_others(reason, &reason.infirmary, names) {
            parts.push(self.coach_reason_infirmary_others(others));
        }
        parts
    }

    /// Opponents who could then wound the player with a Knight, or no
    /// longer could.
    fn reason_exposure(&self, reason: &Reason, names: &[String]) -> Vec<String> {
        let (before, after) = (&reason.exposed_before, &reason.exposed_after);
        let newly = |now: &[Seat], then: &[Seat]| -> Vec<&str> {
            now.iter()
                .filter(|p| !then.contains(p))
                .map(|p| names[p.index()].as_str())
                .collect()
        };
        let (exposed, protected) = (newly(after, before), newly(before, after));
        let mut parts = Vec::new();
        if !exposed.is_empty() {
            parts.push(self.coach_reason_exposed(self.and_list(&exposed), exposed.len()));
        }
        if !protected.is_empty() {
            parts.push(self.coach_reason_protected(self.and_list(&protected)));
        }
        parts
    }
}
