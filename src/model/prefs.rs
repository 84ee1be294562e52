//! Settings of this device, remembered in localStorage: the colour theme,
//! the pace of the computers' turns, whether to pass the device between
//! people in a hot-seat game and whether to highlight the best choices.

use std::time::Duration;

use crate::model::storage::{preference, save_preference};

/// The colour theme: the browser's (`prefers-color-scheme`), or chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    pub fn code(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme named `code`, if one is.
    pub fn parse(code: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.code() == code)
    }

    /// The theme named `code`; Auto for any other word (a saved choice).
    pub fn from_code(code: &str) -> Theme {
        Theme::parse(code).unwrap_or_default()
    }

    pub fn saved() -> Theme {
        preference("theme").map_or(Theme::Auto, |c| Theme::from_code(&c))
    }

    /// Chooses this theme: shows it and remembers it.
    pub fn choose(self) {
        save_preference("theme", self.code());
        self.apply();
    }

    /// Shows the page in this theme (`data-theme` on the root element, read
    /// by style/theme.css; index.html sets it before the first paint).
    pub fn apply(self) {
        if let Some(root) = crate::browser::root_element() {
            let _ = match self {
                Theme::Auto => root.remove_attribute("data-theme"),
                _ => root.set_attribute("data-theme", self.code()),
            };
        }
    }
}

/// How fast the computers play: how long their choice is shown before it
/// is played (the moves then take their own short time).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pace {
    Slow,
    #[default]
    Normal,
    Fast,
    /// No pause and no animation.
    Instant,
}

impl Pace {
    pub const ALL: [Pace; 4] = [Pace::Slow, Pace::Normal, Pace::Fast, Pace::Instant];

    pub fn code(self) -> &'static str {
        match self {
            Pace::Slow => "slow",
            Pace::Normal => "normal",
            Pace::Fast => "fast",
            Pace::Instant => "instant",
        }
    }

    pub fn from_code(code: &str) -> Pace {
        Pace::ALL
            .into_iter()
            .find(|p| p.code() == code)
            .unwrap_or_default()
    }

    pub fn saved() -> Pace {
        preference("pace").map_or(Pace::Normal, |c| Pace::from_code(&c))
    }

    pub fn save(self) {
        save_preference("pace", self.code());
    }

    /// How long a computer's choice is shown before it is played. With
    /// its thinking and the card's flight, a turn at "normal" lasts about
    /// 1.5 to 2 seconds: long enough to follow, with the caption.
    pub fn show_choice(self) -> Duration {
        Duration::from_millis(match self {
            Pace::Slow => 2200,
            Pace::Normal => 1250,
            Pace::Fast => 300,
            Pace::Instant => 0,
        })
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_unknown_codes_fall_back() {
        for th in Theme::ALL {
            assert_eq!(Theme::from_code(th.code()), th);
        }
        for p in Pace::ALL {
            assert_eq!(Pace::from_code(p.code()), p);
        }
        assert_eq!(Theme::from_code("neon"), Theme::Auto);
        assert_eq!(Theme::parse("neon"), None);
        assert_eq!(Theme::parse("dark"), Some(Theme::Dark));
        assert_eq!(Pace::from_code(""), Pace::Normal);
    }

    #[test]
    fn faster_paces_show_a_choice_for_less_time() {
        let times: Vec<Duration> = Pace::ALL.iter().map(|p| p.show_choice()).collect();
        assert!(times.windows(2).all(|w| w[0] > w[1]));
    }
}
