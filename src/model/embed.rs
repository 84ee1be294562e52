//! Talking to the page that embeds the game in an iframe: versioned messages
//! `{"source": "majesty", "version": 1|2, "type": …}` to the parent, sent to
//! the `parentOrigin` given in the URL (any origin when none is given: they
//! hold nothing secret), and commands accepted only from that origin.
//!
//! The host chooses the version of what it hears: version 1 unless the URL
//! says `embedApi=2` (as `majesty-embed.js` does). Commands of both versions
//! are obeyed; version 1 knows only `setLanguage`.

use std::cell::RefCell;

use serde_json::{json, Value};

use crate::browser;

pub use super::host_command::{Command, Mark, Request};

/// The page embedding this one, as far as the URL tells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Host {
    /// Its origin (`parentOrigin=`): commands come only from there.
    pub origin: Option<String>,
    /// The version of the messages it understands (1 or 2).
    pub api: u8,
}

impl Host {
    pub fn new(origin: Option<String>, api: Option<u8>) -> Host {
        Host {
            origin,
            api: api.unwrap_or(1),
        }
    }

    /// Whether the host speaks version 2 (replies, positions, marks).
    pub fn v2(&self) -> bool {
        self.api >= 2
    }

    /// Sends a message of `kind` with `fields` to the parent page, if framed.
    pub fn notify(&self, kind: &str, fields: Value) {
        let mut message = json!({ "source": "majesty", "version": self.api, "type": kind });
        if let (Some(m), Value::Object(extra)) = (message.as_object_mut(), fields) {
            m.extend(extra);
        }
        let Some(parent) = parent_window() else {
            return;
        };
        let Ok(data) = js_sys::JSON::parse(&message.to_string()) else {
            return;
        };
        let _ = parent.post_message(&data, self.origin.as_deref().unwrap_or("*"));
    }

    /// Answers request `id` (version 2 only): done, or why not.
    pub fn reply(&self, id: &Value, outcome: Result<Value, String>) {
        if !self.v2() {
            return;
        }
        let fields = match outcome {
            Ok(Value::Object(mut result)) => {
                result.insert("id".into(), id.clone());
                result.insert("ok".into(), json!(true));
                Value::Object(result)
            }
            Ok(_) => json!({ "id": id, "ok": true }),
            Err(error) => json!({ "id": id, "ok": false, "error": error }),
        };
        self.notify("reply", fields);
    }

    /// Calls `command` with each request that comes from the host's origin
    /// (`{"source": "majesty-host", "version": 1|2, "type": …}`). Without a
    /// known origin no command is ever accepted.
    pub fn on_request(&self, command: impl Fn(Request) + 'static) {
        let Some(origin) = self.origin.clone() else {
            return;
        };
        if browser::window().is_none() {
            return;
        }
        // The embedding page lives as long as this one: never removed.
        let _ = leptos::prelude::window_event_listener(leptos::ev::message, move |event| {
            if event.origin() != origin {
                return;
            }
            let text = js_sys::JSON::stringify(&event.data())
                .ok()
                .and_then(|s| s.as_string())
                .unwrap_or_default();
            if let Some(request) = serde_json::from_str::<Value>(&text)
                .ok()
                .and_then(|v| Request::read(&v))
            {
                command(request);
            }
        });
    }
}

fn parent_window() -> Option<web_sys::Window> {
    let window = browser::window()?;
    let parent = window.parent().ok().flatten()?;
    (parent != window).then_some(parent)
}

/// Whether the page is in a frame of another page.
pub fn is_framed() -> bool {
    parent_window().is_some()
}

/// What a turn did, as the embedding page hears it (read when the turn is
/// played).
pub struct TurnNews {
    pub number: usize,
    pub player: String,
    pub summary: String,
    pub scores: Vec<i32>,
    /// At the game's end: the players, their totals and the winners.
    pub end: Option<(Vec<String>, Vec<i32>, Vec<String>)>,
}

/// How turn news reach the embedding page.
type Teller = Box<dyn Fn(TurnNews)>;

thread_local! {
    /// The embedding page's part tells the news once it is here
    /// (`opening::host`); the news of turns played before wait for it.
    static TELLER: RefCell<(Option<Teller>, Vec<TurnNews>)> = const { RefCell::new((None, Vec::new())) };
}

/// Tells the embedding page what a turn did, now or once its part is here
/// (called in a frame only).
pub fn tell(news: TurnNews) {
    TELLER.with(|t| {
        if let Some(teller) = &t.borrow().0 {
            return teller(news);
        }
        t.borrow_mut().1.push(news);
    });
}

/// Hands the news on through `teller` from now on, first the news kept.
pub fn listen(teller: Teller) {
    let kept = TELLER.with(|t| std::mem::take(&mut t.borrow_mut().1));
    for news in kept {
        teller(news);
    }
    TELLER.with(|t| t.borrow_mut().0 = Some(teller));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    fn news(number: usize) -> TurnNews {
        TurnNews {
            number,
            player: "Ann".into(),
            summary: String::new(),
            scores: vec![0, 0],
            end: None,
        }
    }

    #[test]
    fn turns_told_before_the_host_part_is_here_follow_in_order() {
        let heard = Rc::new(RefCell::new(Vec::new()));
        tell(news(1));
        tell(news(2));
        let ear = heard.clone();
        listen(Box::new(move |news| ear.borrow_mut().push(news.number)));
        assert_eq!(*heard.borrow(), [1, 2]);
        tell(news(3));
        assert_eq!(*heard.borrow(), [1, 2, 3]);
    }
}
