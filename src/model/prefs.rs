//! Settings of this device, remembered in localStorage: the colour theme,
//! the pace of the computers' turns, whether to pass the device between
//! people in a hot-seat game and whether to highlight the best choices.
//! Their models are majesty-model's `prefs`.

pub use majesty_model::prefs::*;

use crate::model::storage::{preference, save_preference};

/// The theme this device chose (Auto when none).
pub fn saved_theme() -> Theme {
    preference("theme").map_or(Theme::Auto, |c| Theme::from_code(&c))
}

/// Chooses `theme`: shows it and remembers it.
pub fn choose_theme(theme: Theme) {
    save_preference("theme", theme.code());
    apply_theme(theme);
}

/// Shows the page in `theme` (`data-theme` on the root element, read by
/// style/theme.css; index.html sets it before the first paint).
pub fn apply_theme(theme: Theme) {
    if let Some(root) = crate::browser::root_element() {
        let _ = match theme {
            Theme::Auto => root.remove_attribute("data-theme"),
            _ => root.set_attribute("data-theme", theme.code()),
        };
    }
}

/// The computers' pace this device chose (Normal when none).
pub fn saved_pace() -> Pace {
    preference("pace").map_or(Pace::Normal, |c| Pace::from_code(&c))
}

pub fn save_pace(pace: Pace) {
    save_preference("pace", pace.code());
}

/// Whether a CSS media query matches this page (false outside a browser).
pub fn media_matches(query: &str) -> bool {
    crate::browser::window()
        .and_then(|w| w.match_media(query).ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The reader asks for less motion (`prefers-reduced-motion: reduce`).
pub fn reduced_motion() -> bool {
    media_matches("(prefers-reduced-motion: reduce)")
}

/// Hot-seat: hide the table between two people's turns until the next one
/// says they are ready.
pub fn pass_device() -> bool {
    preference("pass-device").as_deref() == Some("on")
}

pub fn set_pass_device(on: bool) {
    save_preference("pass-device", if on { "on" } else { "off" });
}

/// Whether the expert's hints are offered during a person's turn (on
/// unless turned off in the setup).
pub fn hints() -> bool {
    preference("hints").as_deref() != Some("off")
}

pub fn set_hints(on: bool) {
    save_preference("hints", if on { "on" } else { "off" });
}

/// Highlight the display cards whose turns score the most now (the
/// engine's `Game::best_scoring_turns`).
pub fn best_choices() -> bool {
    preference("best-choices").as_deref() == Some("on")
}

pub fn set_best_choices(on: bool) {
    save_preference("best-choices", if on { "on" } else { "off" });
}
