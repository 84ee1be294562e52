//! Where the tutorial's coach bubble stands: next to what its step points
//! at, never over it. Pure geometry (the board measures the page, this
//! chooses), so that the rule is tested without a browser.

/// A box on the page, in CSS pixels of the window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

impl Rect {
    pub fn new(left: f64, top: f64, width: f64, height: f64) -> Rect {
        Rect {
            left,
            top,
            right: left + width,
            bottom: top + height,
        }
    }

    fn width(&self) -> f64 {
        self.right - self.left
    }

    fn height(&self) -> f64 {
        self.bottom - self.top
    }

    /// The area this box and `other` share (0: they do not meet).
    pub fn overlap(&self, other: &Rect) -> f64 {
        let w = self.right.min(other.right) - self.left.max(other.left);
        let h = self.bottom.min(other.bottom) - self.top.max(other.top);
        if w > 0.0 && h > 0.0 {
            w * h
        } else {
            0.0
        }
    }

    /// The smallest box holding both.
    pub fn union(&self, other: &Rect) -> Rect {
        Rect {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }
}

/// What the bubble is placed by.
pub struct Around {
    /// The window's width and height.
    pub window: (f64, f64),
    /// The bubble's width and height.
    pub bubble: (f64, f64),
    /// What the step points at (a display card with its cost row, say).
    pub anchor: Rect,
    /// Everything the bubble must leave in sight: the anchor, its
    /// preview, where the step's card goes.
    pub keep: Vec<Rect>,
    /// Below the anchor first (a display card, a realm's location: beside
    /// it, the bubble would cover their neighbours), else beside it first.
    pub below_first: bool,
}

/// The space between the bubble and what it points at, and between the
/// bubble and the window's edge.
const GAP: f64 = 14.0;
const EDGE: f64 = 8.0;

/// The bubble's top left corner: the first place next to the anchor
/// (below, beside, above; below-first anchors try below everything kept
/// in sight before beside; then next to everything it must leave in
/// sight; then the window's corners) that fits in the window and covers nothing
/// it must leave in sight; if none does, the one covering the least.
pub fn place(a: &Around) -> (f64, f64) {
    let (width, height) = a.window;
    let (bw, bh) = a.bubble;
    let all = a.keep.iter().fold(a.anchor, |u, r| u.union(r));
    let next_to = |r: Rect| {
        [
            (r.left, r.bottom + GAP),
            (r.right + GAP, r.top),
            (r.left - GAP - bw, r.top),
            (r.left, r.top - GAP - bh),
            (r.right - bw, r.bottom + GAP),
            (r.right - bw, r.top - GAP - bh),
        ]
    };
    let mut candidates: Vec<(f64, f64)> = Vec::new();
    let around = next_to(a.anchor);
    if a.below_first {
        // Below, then below everything kept in sight, before beside (over
        // the neighbouring cards or locations).
        candidates.extend([around[0], next_to(all)[0]]);
        candidates.extend(&around[1..]);
    } else {
        candidates.extend([around[1], around[2], around[0], around[3]]);
        candidates.extend(&around[4..]);
    }
    candidates.extend(next_to(all));
    for r in &a.keep {
        candidates.extend(next_to(*r));
    }
    candidates.extend([
        (width - bw - 16.0, height - bh - 16.0),
        (16.0, height - bh - 16.0),
        (width - bw - 16.0, 16.0),
        (16.0, 16.0),
    ]);
    let covered = |(x, y): (f64, f64)| {
        let b = Rect::new(x, y, bw, bh);
        a.keep
            .iter()
            .chain([&a.anchor])
            .map(|r| r.overlap(&b))
            .sum::<f64>()
    };
    let fits = |&(x, y): &(f64, f64)| {
        x >= EDGE && y >= EDGE && x + bw <= width - EDGE && y + bh <= height - EDGE
    };
    let within = |(x, y): (f64, f64)| {
        // Not `f64::clamp`: its check of its bounds formats floats when
        // it fails, which would weigh on the part.
        (
            x.min(width - bw - EDGE).max(EDGE),
            y.min(height - bh - EDGE).max(EDGE),
        )
    };
    if let Some(&free) = candidates
        .iter()
        .filter(|c| fits(c))
        .find(|c| covered(**c) == 0.0)
    {
        return free;
    }
    candidates
        .into_iter()
        .map(within)
        .min_by(|p, q| covered(*p).total_cmp(&covered(*q)))
        .unwrap_or((EDGE, EDGE))
}

/// Whether a rectangle is worth keeping in sight (drawn, not hidden).
pub fn drawn(r: &Rect) -> bool {
    r.width() > 0.0 && r.height() > 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bubble_at(a: &Around) -> Rect {
        let (x, y) = place(a);
        Rect::new(x, y, a.bubble.0, a.bubble.1)
    }

    /// The first card of the display with its cost row, and below it the
    /// learner's Mill where the card goes: the bubble covers neither.
    #[test]
    fn the_bubble_leaves_the_card_its_cost_and_its_place_in_sight() {
        let space = Rect::new(20.0, 100.0, 90.0, 150.0);
        let mill = Rect::new(20.0, 270.0, 110.0, 200.0);
        let a = Around {
            window: (1280.0, 800.0),
            bubble: (360.0, 220.0),
            anchor: space,
            keep: vec![mill],
            below_first: true,
        };
        let b = bubble_at(&a);
        assert_eq!(b.overlap(&space), 0.0, "{b:?}");
        assert_eq!(b.overlap(&mill), 0.0, "{b:?}");
        assert!(b.left >= 8.0 && b.right <= 1272.0 && b.top >= 8.0 && b.bottom <= 792.0);
        // Under what it points at, not in a far corner.
        assert_eq!((b.left, b.top), (space.left, mill.bottom + 14.0));
        // With no room below, beside the card and its Mill (wider).
        let short = Around {
            window: (1280.0, 640.0),
            ..a
        };
        let b = bubble_at(&short);
        assert_eq!((b.left, b.top), (mill.right + 14.0, space.top));
    }

    #[test]
    fn below_first_when_there_is_room() {
        let card = Rect::new(200.0, 100.0, 90.0, 130.0);
        let a = Around {
            window: (1280.0, 800.0),
            bubble: (300.0, 200.0),
            anchor: card,
            keep: vec![],
            below_first: true,
        };
        assert_eq!(place(&a), (200.0, 244.0));
        let beside = Around {
            below_first: false,
            ..a
        };
        assert_eq!(place(&beside), (304.0, 100.0));
    }

    /// When nothing fits free, the bubble covers as little as it can and
    /// stays in the window.
    #[test]
    fn a_crowded_window_covers_the_least() {
        let a = Around {
            window: (720.0, 500.0),
            bubble: (400.0, 300.0),
            anchor: Rect::new(100.0, 100.0, 500.0, 300.0),
            keep: vec![],
            below_first: true,
        };
        let b = bubble_at(&a);
        assert!(b.left >= 8.0 && b.right <= 712.0 && b.top >= 8.0 && b.bottom <= 492.0);
        assert!(b.overlap(&a.anchor) < 400.0 * 300.0);
    }
}
