//! Our own illustrations, drawn for this app as flat vector shapes: a
//! portrait of each character, an emblem for each location, the backs of the
//! deck, the pawn, the players' shape emblems and the coin.
//!
//! Every colour comes from style/art.css: a shape's class names its colour
//! (`k` ink, `s` skin, `l` light, `m` metal, `w` wood, `g` gold,
//! `n` no fill, a line only, `e` dots, `r` cheeks, `h` shade), and a
//! shape without one takes the character's or location's own colour,
//! currentColor. Classes rather than inline styles: the page's
//! Content-Security-Policy allows no `style` attributes.

// Until the board draws with every one of these.

use leptos::prelude::*;
use majesty_rules::{Character, Location, Tier};

/// One shape of a drawing: its colour class and its path.
type Shape = (&'static str, &'static str);

/// A drawing: an `<svg>` of `class` on the grid `view_box`, its `shapes`
/// painted in order. Made as markup (only ever from this file's constants)
/// that the browser parses once per kind of drawing and clones for every
/// other copy (Leptos' inert element), rather than a path at a time
/// through the app's views: a board draws some 80 drawings of some 20
/// kinds as it starts.
fn drawing(class: &str, view_box: &str, shapes: &[Shape]) -> impl IntoView {
    let mut markup = format!(
        r#"<svg class="{class}" viewBox="{view_box}" aria-hidden="true" focusable="false">"#
    );
    push_shapes(&mut markup, shapes);
    markup.push_str("</svg>");
    leptos::tachys::html::InertElement::new(markup)
}

/// `shapes` as SVG paths, written at the end of `markup`.
fn push_shapes(markup: &mut String, shapes: &[Shape]) {
    for &(class, d) in shapes {
        markup.push_str("<path");
        if !class.is_empty() {
            markup.push_str(" class=\"");
            markup.push_str(class);
            markup.push('"');
        }
        markup.push_str(" d=\"");
        markup.push_str(d);
        markup.push_str("\"/>");
    }
}

// The portraits, on a 64 × 64 grid.

/// The neck, behind the shoulders.
const NECK: &str = "M27 36v11h10V36";
/// Shoulders and chest, in the character's colour.
const TORSO: &str = "M5 64c0-11 7-18 18-20q9 4 18 0c11 2 18 9 18 20z";
/// Ears, drawn before the head.
const EARS: &str = "M22.6 25.5a2.6 3 0 0 0 0 6M41.4 25.5a2.6 3 0 0 1 0 6";
/// The head.
const HEAD: &str = "M22 28a10 11 0 1 0 20 0 10 11 0 1 0-20 0";
/// Two eyes: dots, very short lines with thick round caps.
const EYES: &str = "M28 29h.1M36 29h.1";
/// A curled moustache.
const MOUSTACHE: &str =
    "M32 32.5c-2-1.5-5-1-6.5 1.5 2.5.5 4.5 0 6.5-1 2 1 4 1.5 6.5 1-1.5-2.5-4.5-3-6.5-1.5z";
/// A smile.
const SMILE: &str = "M29 34q3 2.5 6 0";
/// Rosy cheeks.
const CHEEKS: &str =
    "M23.5 33a2 1.4 0 1 0 4 0 2 1.4 0 1 0-4 0M36.5 33a2 1.4 0 1 0 4 0 2 1.4 0 1 0-4 0";

/// The Miller: a floppy flour-white cap, a moustache and a sheaf of wheat.
const MILLER: &[Shape] = &[
    ("s", NECK),
    ("", TORSO),
    ("l", "M23 44l9 8 9-8q-9 4-18 0z"),
    ("s", EARS),
    ("s", HEAD),
    ("w", "M22 23q-2 6 0 10l3-8zM42 23q2 6 0 10l-3-8z"),
    ("l", "M21 25c-3-4-2-10 4-13 7-3 16-2 21 3 4 4 5 10 2 14-1-3-3-5-5-6-7-1-15 0-22 2z"),
    ("n", "M39 14q4 3 5 9"),
    ("r", CHEEKS),
    ("e", EYES),
    ("w", MOUSTACHE),
    ("n", "M29.5 36q2.5 1.5 5 0"),
    ("n", "M47 62l2-24M52 62V36M57 62l-2-24"),
    ("g", "M48.5 40c-3-4-3-10 0-14 3 4 3 10 0 14zM55.5 40c-3-4-3-10 0-14 3 4 3 10 0 14zM52 36c-3-4-3-10 0-14 3 4 3 10 0 14z"),
    ("n", "M48.5 38v-10M55.5 38v-10M52 34v-10"),
    ("s", "M47 50h8a3 3 0 0 1 0 6h-8a3 3 0 0 1 0-6z"),
    ("n", "M50 50v2M53 50v2"),
];

/// The Brewer: bald and bearded, an apron, a foaming tankard.
const BREWER: &[Shape] = &[
    ("s", NECK),
    ("", TORSO),
    ("l", "M22 64V50q10 3 20 0v14z"),
    ("s", EARS),
    ("s", HEAD),
    ("w", "M22.5 28c0 10 4 16 9.5 16s9.5-6 9.5-16c-1 4-3 6-5 6h-9c-2 0-4-2-5-6z"),
    ("r", CHEEKS),
    ("e", EYES),
    ("n", "M26 25.5q2-1.5 4 0M34 25.5q2-1.5 4 0"),
    ("k", "M29.5 36.5q2.5 2.5 5 0z"),
    ("w", MOUSTACHE),
    ("w", "M8 47h15v15H8zM8 50h-2a4 4 0 0 0-4 4v1a4 4 0 0 0 4 4h2v-3H6.5a1.5 1.5 0 0 1-1.5-1.5v-.5a1.5 1.5 0 0 1 1.5-1.5H8z"),
    ("g", "M8 51h15v2H8zM8 57h15v2H8z"),
    ("l", "M7 48c-2-4 2-6 4-4 1-3 5-3 6 0 2-2 7-1 6 4-1 1-2 0-2 3-1 1-2 0-2-2z"),
];

/// The Witch: a pointed hat with a buckle, long dark hair, a healing potion and sparkles.
const WITCH: &[Shape] = &[
    ("k", "M21 28c-1 10-2 16-7 21 3 1 6 0 8-1 1 1 4 1 7-2h6c3 3 6 3 7 2 2 1 5 2 8 1-5-5-6-11-7-21z"),
    ("s", NECK),
    ("", TORSO),
    ("s", HEAD),
    ("k", "M22 27q4-5 10-4 6-1 10 4v-6H22z"),
    ("", "M14 21a18 4 0 1 0 36 0 18 4 0 1 0-36 0"),
    ("", "M21 21C24 14 27 8 31 5c4-2 9-3 14 1-4 0-7 1-7 4 0 4 2 8 5 11z"),
    ("k", "M22.5 17.5q9.5 2.5 19 0l1 3q-10.5 2.5-21 0z"),
    ("g", "M30 17.5h4v4h-4z"),
    ("r", CHEEKS),
    ("e", EYES),
    ("n", "M29 34q3 2 6-.5"),
    ("l", "M47 41h6v7h-6z"),
    ("w", "M46.5 37h7v4h-7z"),
    ("l", "M42 54a8 8 0 1 0 16 0 8 8 0 1 0-16 0"),
    ("", "M42.1 55a8 8 0 0 0 15.8 0z"),
    ("g", "M59 30q.6 3.4 4 4-3.4.6-4 4-.6-3.4-4-4 3.4-.6 4-4zM41 40q.4 2 2.5 2.5-2 .4-2.5 2.5-.4-2-2.5-2.5 2-.4 2.5-2.5z"),
];

/// The Guard: a kettle helmet, a round shield and a spear.
const GUARD: &[Shape] = &[
    ("w", "M51 64V14h3v50z"),
    ("m", "M52.5 2c3 4 4 8 0 12-4-4-3-8 0-12z"),
    ("s", NECK),
    ("", TORSO),
    ("s", EARS),
    ("s", HEAD),
    ("m", "M22 23c0-8 4-12 10-12s10 4 10 12z"),
    ("m", "M15 23.5q17-3 34 0l-2 3q-15-2-30 0z"),
    ("r", CHEEKS),
    ("e", EYES),
    ("n", "M26 26.5l4 1M38 26.5l-4 1M30 35h4"),
    ("w", MOUSTACHE),
    ("m", "M6 52a12 12 0 1 0 24 0 12 12 0 1 0-24 0"),
    ("", "M9 52a9 9 0 1 0 18 0 9 9 0 1 0-18 0"),
    ("g", "M15 52a3 3 0 1 0 6 0 3 3 0 1 0-6 0"),
    ("s", "M49 43.5h7a2.5 2.5 0 0 1 0 5h-7a2.5 2.5 0 0 1 0-5z"),
];

/// The Knight: a plumed helmet, pauldrons, a surcoat with a chevron and a raised sword.
const KNIGHT: &[Shape] = &[
    (
        "",
        "M34 12c0-6-5-10-12-9-6 1-10 6-10 12 3-4 7-6 11-5-3 1-5 4-5 8 3-3 7-5 11-5z",
    ),
    ("n", "M31 9q-6-3-11 1"),
    ("m", "M50 6l2.5-3 2.5 3v34h-5z"),
    ("n", "M52.5 8v30"),
    ("g", "M45 40h15v3H45z"),
    ("", TORSO),
    ("m", "M6 60c1-8 6-13 13-14 3 3 4 8 2 13-5-1-10-1-15 1z"),
    ("m", "M58 60c-1-8-6-13-13-14-3 3-4 8-2 13 5-1 10-1 15 1z"),
    ("g", "M24 50l8 6 8-6v5l-8 6-8-6z"),
    ("s", HEAD),
    (
        "m",
        "M20 31c0-14 5-20 12-20s12 6 12 20v10h-5V29c0-4-3-6-7-6s-7 2-7 6v12h-5z",
    ),
    ("m", "M31 22h2v9h-2z"),
    ("e", EYES),
    ("n", "M30 35.5h4"),
    ("m", "M48 44h8a3 3 0 0 1 0 6h-8a3 3 0 0 1 0-6z"),
    ("n", "M51 44v2M54 44v2"),
];

/// The Innkeeper: a smiling innkeeper with a hair bun, an apron and a big key.
const INNKEEPER: &[Shape] = &[
    ("w", "M26 13a6 5 0 1 0 12 0 6 5 0 1 0-12 0"),
    ("s", NECK),
    ("", TORSO),
    ("l", "M23 64V51q9 3 18 0v13z"),
    ("l", "M23 44l9 7 9-7q-9 4-18 0z"),
    ("s", EARS),
    ("s", HEAD),
    ("w", "M22 29c-1-9 3-14 10-14s11 5 10 14c-2-5-6-8-10-7-4-1-8 2-10 7z"),
    ("r", CHEEKS),
    ("n", "M26.5 29.5q1.5-2 3 0M34.5 29.5q1.5-2 3 0"),
    ("k", "M28.5 33.5h7q-3.5 5-7 0z"),
    ("g", "M44 40a6 6 0 1 0 12 0 6 6 0 1 0-12 0M47.5 40a2.5 2.5 0 1 1 5 0 2.5 2.5 0 1 1-5 0M48.5 46h3v17h-3zM51.5 57h3v2.5h-3zM51.5 61h4v2h-4z"),
    ("s", "M45 49h8a3 3 0 0 1 0 6h-8a3 3 0 0 1 0-6z"),
    ("n", "M48 49v2M51 49v2"),
];

/// The Noble: a crown, dark hair, an ermine collar on a cape and a gold medal.
const NOBLE: &[Shape] = &[
    ("s", NECK),
    ("", "M4 64c0-12 8-18 18-19q10 4 20 0c10 1 18 7 18 19z"),
    ("l", "M13 52c4-7 11-9 19-7 8-2 15 0 19 7-5 4-11 6-19 4-8 2-14 0-19-4z"),
    ("e", "M19 51h.1M25 53h.1M39 53h.1M45 51h.1"),
    ("g", "M29 58a3 3 0 1 0 6 0 3 3 0 1 0-6 0"),
    ("s", EARS),
    ("s", HEAD),
    ("k", "M22 34c-4-4-4-14 2-17 4-3 12-3 16 0 6 3 6 13 2 17 0-4 0-8-1-11-4 0-8-2-10-5-2 3-6 5-9 5-1 3-1 7 0 11z"),
    ("g", "M22 21l-1-11 5.5 5L32 8l5.5 7L43 10l-1 11z"),
    ("", "M30.5 17.5a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0M25.3 18a1.2 1.2 0 1 0 2.4 0 1.2 1.2 0 1 0-2.4 0M36.3 18a1.2 1.2 0 1 0 2.4 0 1.2 1.2 0 1 0-2.4 0"),
    ("r", CHEEKS),
    ("e", EYES),
    ("n", SMILE),
];

/// The shapes of a character's portrait.
fn portrait(character: Character) -> &'static [Shape] {
    match character {
        Character::Miller => MILLER,
        Character::Brewer => BREWER,
        Character::Witch => WITCH,
        Character::Guard => GUARD,
        Character::Knight => KNIGHT,
        Character::Innkeeper => INNKEEPER,
        Character::Noble => NOBLE,
    }
}

/// A portrait of the character for a card face.
#[component]
pub fn CharacterArt(character: Character) -> impl IntoView {
    drawing("art", "0 0 64 64", portrait(character))
}

// The location emblems, on a 32 × 32 grid, in the location's colour.

/// The Mill: a windmill.
const MILL: &[Shape] = &[
    ("", "M10 30l3-14h6l3 14zM12 16.5l4-5 4 5z"),
    ("l", "M14.5 30v-4a1.5 1.5 0 0 1 3 0v4z"),
    ("l", "M17.1 14.6L24.8 22.3 22.3 24.9 16.3 18.9zM14.9 14.6L7.2 22.3 4.6 19.8 10.6 13.8zM14.9 12.4L7.2 4.7 9.7 2.1 15.7 8.1zM17.1 12.4L24.8 4.7 27.4 7.2 21.4 13.2z"),
    ("n", "M7.5 5l17 17M24.5 5l-17 17"),
    ("k", "M14.4 13.5a1.6 1.6 0 1 0 3.2 0 1.6 1.6 0 1 0-3.2 0"),
];

/// The Brewery: a barrel with a tap.
const BREWERY: &[Shape] = &[
    ("", "M9 4h14q4 12 0 24H9Q5 16 9 4z"),
    ("n", "M7 10h18M7 22h18"),
    ("l", "M14 14h4v4h-4z"),
];

/// The Cottage: a house with a chimney.
const COTTAGE: &[Shape] = &[
    ("", "M24 9h3v8h-3z"),
    ("l", "M7 15v14h18V15"),
    ("", "M3 17L16 5l13 12z"),
    ("", "M13 29v-7h5v7z"),
    ("l", "M20 19h3v3h-3z"),
];

/// The Guardhouse: a watchtower.
const GUARDHOUSE: &[Shape] = &[
    ("", "M10 10h12v20H10z"),
    ("", "M8 4h3v2h2V4h2v2h2V4h2v2h2V4h3v7H8z"),
    ("k", "M15 14h2v5h-2z"),
    ("l", "M13 30v-4a3 3 0 0 1 6 0v4z"),
];

/// The Barracks: crossed swords.
const BARRACKS: &[Shape] = &[
    (
        "l",
        "M28 4l-1 4.5-15 15-3.5-3.5 15-15zM4 4l1 4.5 15 15 3.5-3.5-15-15z",
    ),
    (
        "",
        "M5 19.5l2-2 7 7-2 2zM8.5 23.5l-4 4 1 1 4-4zM27 19.5l-2-2-7 7 2 2zM23.5 23.5l4 4-1 1-4-4z",
    ),
];

/// The Inn: a hanging sign with a mug.
const INN: &[Shape] = &[
    ("n", "M3 30V3h24M7 3v7M25 3v7"),
    ("", "M6 10h21v16H6z"),
    (
        "l",
        "M11 15h8v8h-8zM19 16.5h2a2 2 0 0 1 2 2v1a2 2 0 0 1-2 2h-2",
    ),
];

/// The Castle: two towers and a gate.
const CASTLE: &[Shape] = &[
    (
        "",
        "M2 30V9h2v2h2V9h2v2h2V9h2v21zM20 30V9h2v2h2V9h2v2h2V9h2v21z",
    ),
    ("", "M12 30V15h2v2h4v-2h2v15z"),
    (
        "l",
        "M13.5 30v-5a2.5 2.5 0 0 1 5 0v5zM6 16h2v4H6zM24 16h2v4h-2z",
    ),
];

/// The Infirmary: a tent with a cross.
const INFIRMARY: &[Shape] = &[
    ("", "M2 29L16 4l14 25z"),
    ("k", "M12 29l4-8 4 8z"),
    ("l", "M14.5 10h3v3h3v3h-3v3h-3v-3h-3v-3h3z"),
];

/// The shapes of a location's emblem.
fn emblem(location: Location) -> &'static [Shape] {
    match location {
        Location::Mill => MILL,
        Location::Brewery => BREWERY,
        Location::Cottage => COTTAGE,
        Location::Guardhouse => GUARDHOUSE,
        Location::Barracks => BARRACKS,
        Location::Inn => INN,
        Location::Castle => CASTLE,
        Location::Infirmary => INFIRMARY,
    }
}

/// The emblem of a location.
#[component]
pub fn LocationEmblem(location: Location) -> impl IntoView {
    drawing("emblem", "0 0 32 32", emblem(location))
}

/// Tier I's back: a diamond lattice.
const LATTICE: &str = "M12 4l-8 8M48 4l8 8M20 4l-16 16M40 4l16 16M28 4l-24 24M32 4l24 24M36 4l-32 32M24 4l32 32M44 4l-40 40M16 4l40 40M52 4l-48 48M8 4l48 48M56 8l-52 52M4 8l52 52M56 16l-52 52M4 16l52 52M56 24l-52 52M4 24l52 52M56 32l-48 48M4 32l48 48M56 40l-40 40M4 40l40 40M56 48l-32 32M4 48l32 32M56 56l-24 24M4 56l24 24M56 64l-16 16M4 64l16 16M56 72l-8 8M4 72l8 8";
/// Tier II's back: waves.
const WAVES: &str = "M4 8q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0m-52 6q6-3 13 0t13 0 13 0 13 0";
/// The gold medal in the middle of a back, and the tier's colour inside it.
const MEDAL: &str = "M16.5 42a13.5 13.5 0 1 0 27 0 13.5 13.5 0 1 0-27 0";
const MEDAL_INNER: &str = "M19 42a11 11 0 1 0 22 0 11 11 0 1 0-22 0";
/// Roman numerals with serifs.
const NUMERAL_I: &str = "M26 34h8v2.5h-8zM26 47.5h8V50h-8zM28.5 36.5h3v11h-3z";
const NUMERAL_II: &str =
    "M22.5 34h15v2.5h-15zM22.5 47.5h15V50h-15zM25 36.5h3v11h-3zM32 36.5h3v11h-3z";

/// A back whose tier is not known (a guided game's or a rule scenario's
/// set deck, a wounded card): nested diamonds, and a crown in the medal.
const DIAMONDS: &str = "M30 8l22 34-22 34L8 42zm0 8L14 42l16 26 16-26zm0 8L19 42l11 18 11-18z";
const CROWN: &str = "M23 46l-1.5-9 5 4 3.5-6 3.5 6 5-4-1.5 9zM23 47.5h14V50H23z";

/// The back of a deck card: tier I or II, with its numeral and pattern, or
/// a crown when the tier is unknown. Stretched to fill its box.
#[component]
pub fn CardBack(tier: Option<Tier>) -> impl IntoView {
    let (colour, pattern, numeral) = match tier {
        Some(Tier::One) => ("t1", LATTICE, NUMERAL_I),
        Some(Tier::Two) => ("t2", WAVES, NUMERAL_II),
        None => ("t0", DIAMONDS, CROWN),
    };
    // (Written whole: rectangles besides its paths, stretched to its box.)
    let mut markup = format!(
        r#"<svg class="card-back" viewBox="0 0 60 84" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="{colour}" width="60" height="84" rx="5"/><path class="p" d="{pattern}"/><rect class="b" x="4" y="4" width="52" height="76" rx="3"/>"#
    );
    push_shapes(
        &mut markup,
        &[("g", MEDAL), (colour, MEDAL_INNER), ("g", numeral)],
    );
    markup.push_str("</svg>");
    leptos::tachys::html::InertElement::new(markup)
}

/// The classic meeple.
const MEEPLE: &str = "M12 2a3.2 3.2 0 0 1 3.2 3.2c0 1.2-.6 2.1-1.3 2.7 3.5.6 7.6 1.8 7.6 3.9 0 1.3-2.3 1.4-4.3 1.2l2.8 7.2c.2.6-.1 1-.7 1H15c-.5 0-.8-.2-1-.6L12 16.6l-2 4.4c-.2.4-.5.6-1 .6H4.7c-.6 0-.9-.4-.7-1l2.8-7.2c-2 .2-4.3.1-4.3-1.2 0-2.1 4.1-3.3 7.6-3.9-.7-.6-1.3-1.5-1.3-2.7A3.2 3.2 0 0 1 12 2z";
/// Its shaded right side and a shine on the left, so it reads as wood.
const MEEPLE_SHADE: &str =
    "M14.6 8.4c3 .7 6.2 1.8 6.2 3.4 0 1-2 1.2-3.5 1l2.5 6.8c.2.6-.1 1-.7 1H16l-2.6-6.8z";
const MEEPLE_SHINE: &str = "M10 4.6a2.3 2.3 0 0 1 2-1.6M4 11.4c.8-1.2 3-2 4.6-2.4";

/// A wooden meeple pawn; `empty`: a dashed outline, a free space.
#[component]
pub fn Pawn(#[prop(optional)] empty: bool) -> impl IntoView {
    if empty {
        drawing("pawn empty", "0 0 24 24", &[("", MEEPLE)])
    } else {
        drawing(
            "pawn",
            "0 0 24 24",
            &[("", MEEPLE), ("h", MEEPLE_SHADE), ("l", MEEPLE_SHINE)],
        )
    }
}

/// A player's shape emblem, so players differ in shape as well as colour:
/// seat 0 a circle, 1 a square, 2 a triangle, 3 a diamond; filled with
/// currentColor, with a light line inside.
#[component]
pub fn SeatEmblem(seat: usize) -> impl IntoView {
    let (shape, inner) = match seat % 4 {
        0 => (
            "M1.5 8a6.5 6.5 0 1 0 13 0 6.5 6.5 0 1 0-13 0",
            "M3.5 8a4.5 4.5 0 1 0 9 0 4.5 4.5 0 1 0-9 0",
        ),
        1 => ("M2 2h12v12H2z", "M4 4h8v8H4z"),
        2 => ("M8 1.5l7 12.5H1z", "M8 5l4 7H4z"),
        _ => ("M8 .5L15.5 8 8 15.5.5 8z", "M8 3.5L12.5 8 8 12.5 3.5 8z"),
    };
    drawing("seat-emblem", "0 0 16 16", &[("", shape), ("l", inner)])
}

/// A gold coin with a crown, for a score.
#[component]
pub fn CoinIcon() -> impl IntoView {
    const COIN: &[Shape] = &[
        ("g", "M2 12a10 10 0 1 0 20 0 10 10 0 1 0-20 0"),
        ("r", "M4.8 12a7.2 7.2 0 1 0 14.4 0 7.2 7.2 0 1 0-14.4 0"),
        ("h", "M7.5 15l-.8-6 3 2.3L12 7.5l2.3 3.8 3-2.3-.8 6z"),
        ("l", "M5.5 9a7 7 0 0 1 3.5-3.8"),
    ];
    drawing("coin", "0 0 24 24", COIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(list: &[Shape]) -> usize {
        list.iter().map(|(_, d)| d.len()).sum()
    }

    #[test]
    fn drawings_stay_small() {
        for c in Character::ALL {
            assert!(size(portrait(c)) <= 1200, "{c:?}: {}", size(portrait(c)));
        }
        for l in Location::ALL {
            assert!(size(emblem(l)) <= 500, "{l:?}: {}", size(emblem(l)));
        }
    }

    #[test]
    fn shapes_use_only_the_colour_classes_of_art_css_and_path_commands() {
        let css = include_str!("../../../style/art.css");
        let portraits = Character::ALL.map(portrait);
        let emblems = Location::ALL.map(emblem);
        for &(class, d) in portraits.iter().chain(&emblems).flat_map(|l| l.iter()) {
            assert!(
                class.is_empty() || css.contains(&format!(" .{class} ")),
                "{class}"
            );
            assert!(d.starts_with('M'), "{d}");
            let path_char = |c: char| c.is_ascii_digit() || " .-MmLlHhVvCcSsQqTtAaZz".contains(c);
            assert!(d.chars().all(path_char), "{d}");
        }
    }
}

/// In Chromium (`cargo test --target wasm32-unknown-unknown`): the drawings
/// are made of SVG elements, not unknown HTML ones.
#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use super::*;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    wasm_bindgen_test_configure!(run_in_browser);

    /// How many elements under `el`, all checked to be SVG ones.
    fn count_svg(el: &web_sys::Element) -> usize {
        assert_eq!(
            el.namespace_uri().as_deref(),
            Some("http://www.w3.org/2000/svg"),
            "{}",
            el.tag_name()
        );
        let mut n = 1;
        let mut child = el.first_element_child();
        while let Some(c) = child {
            n += count_svg(&c);
            child = c.next_element_sibling();
        }
        n
    }

    #[wasm_bindgen_test]
    fn every_drawing_is_svg() {
        let document = web_sys::window().unwrap().document().unwrap();
        leptos::mount::mount_to_body(|| {
            view! {
                <div id="art-test">
                    {Character::ALL.map(|c| view! { <CharacterArt character=c/> })}
                    {Location::ALL.map(|l| view! { <LocationEmblem location=l/> })}
                    <CardBack tier=Some(Tier::One)/>
                    <CardBack tier=Some(Tier::Two)/>
                    <CardBack tier=None/>
                    <Pawn/>
                    <Pawn empty=true/>
                    {[0, 1, 2, 3].map(|s| view! { <SeatEmblem seat=s/> })}
                    <CoinIcon/>
                </div>
            }
        });
        let host = document.get_element_by_id("art-test").unwrap();
        let mut drawings = 0;
        let mut elements = 0;
        let mut svg = host.first_element_child();
        while let Some(el) = svg {
            drawings += 1;
            elements += count_svg(&el);
            svg = el.next_element_sibling();
        }
        assert_eq!(drawings, 7 + 8 + 3 + 2 + 4 + 1);
        assert!(elements > 150, "{elements}");
    }
}
