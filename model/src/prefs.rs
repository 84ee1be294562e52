//! Settings of this device: the colour theme and the pace of the computers'
//! turns (the app remembers them, with its other settings, in
//! localStorage).

use std::time::Duration;

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
