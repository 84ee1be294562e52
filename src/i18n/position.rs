//! Why a position set up by hand cannot occur in a game (rules/RULES.md
//! ruling 16), in the reader's language.

use majesty_rules::PositionError;

use super::Catalog;

impl Catalog {
    /// One reason, naming the players by `name(seat.index())`.
    pub fn position_error(&self, error: &PositionError, name: &dyn Fn(usize) -> String) -> String {
        use PositionError::*;
        match *error {
            SeatCount { seats, players } => self.editor_seat_count(seats, players),
            ToMove { seat, .. } => self.editor_to_move(seat.index() + 1),
            Meeples { seat, meeples } => self.editor_meeples_error(name(seat.index()), meeples),
            Score { seat, score } => self.editor_score_error(name(seat.index()), score),
            WrongLocation {
                seat,
                card,
                location,
            } => self.editor_wrong_location(
                name(seat.index()),
                self.card(card),
                self.location(location),
            ),
            TooManyCards { seat, cards } => self.editor_too_many_cards(name(seat.index()), cards),
            UnevenCards {
                seat,
                cards,
                other,
                other_cards,
            } => self.editor_uneven(name(seat.index()), cards, name(other.index()), other_cards),
            NotTheirTurn { seat, next } => {
                let mut text = self.editor_not_their_turn(name(seat.index()));
                if let Some(next) = next {
                    text.push(' ');
                    text.push_str(&self.editor_next_is(name(next.index())));
                }
                text
            }
            DisplaySize { cards, expected } => self.editor_display_size(cards, expected),
            DisplayMeeples {
                space,
                meeples,
                most,
            } => self.editor_display_meeples(meeples, space, most),
            TooManyCopies { card, count, most } => {
                self.editor_too_many_copies(count, self.card(card), most)
            }
            TierOneOnly {
                card,
                count,
                tier_one,
            } => self.editor_tier_one_only(count, self.card(card), tier_one),
            TierOneExceeded { needed, tier_one } => self.editor_tier_one_exceeded(needed, tier_one),
            TierOneShort { possible, tier_one } => self.editor_tier_one_short(tier_one, possible),
            DeckTooShort { cards, needed } => self.editor_deck_too_short(cards, needed),
            FirstPlayer { given, expected } => {
                self.editor_first_player(given.index() + 1, expected.index() + 1)
            }
        }
    }

    /// Every reason, for a record whose names are not at hand.
    pub fn position_errors(&self, errors: &[PositionError]) -> String {
        let seat = |s: usize| self.seat(s, false);
        let reasons: Vec<String> = errors
            .iter()
            .map(|e| self.position_error(e, &seat))
            .collect();
        // The reasons are sentences; this text goes into another sentence
        // ("… cannot be opened: {reason}."), which ends it.
        let reasons = reasons.join(" ");
        self.editor_record_error(reasons.trim_end_matches('.'))
    }
}
