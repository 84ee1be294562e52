//! Talking to the page that embeds the game in an iframe: versioned messages
//! `{"source": "majesty", "version": 1|2, "type": …}` to the parent, sent to
//! the `parentOrigin` given in the URL (any origin when none is given: they
//! hold nothing secret), and commands accepted only from that origin.
//!
//! The host chooses the version of what it hears: version 1 unless the URL
//! says `embedApi=2` (as `majesty-embed.js` does). Commands of both versions
//! are obeyed; version 1 knows only `setLanguage`.

use std::cell::RefCell;
use std::rc::Rc;

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
    /// `autoHeight=1`: it makes the frame as tall as the page's content
    /// (told by `resize` messages), so the page never scrolls inside.
    pub fits_content: bool,
    /// `nav=0`: no button leads out of the frame's lesson.
    pub hides_exits: bool,
}

impl Host {
    pub fn new(origin: Option<String>, api: Option<u8>) -> Host {
        Host {
            origin,
            api: api.unwrap_or(1),
            ..Host::default()
        }
    }

    /// The host a page opened with `link` has. A frame's settings count
    /// in a frame only (`embed=1`, and another page around it): the same
    /// address opened in a tab scrolls as any page.
    pub fn of(link: &super::link::Link) -> Host {
        let framed = link.embed && browser::framed();
        Host {
            fits_content: framed && link.auto_height,
            hides_exits: framed && link.no_nav,
            ..Host::new(link.parent_origin.clone(), link.embed_api)
        }
    }

    /// Whether the host speaks version 2 (replies, positions, marks).
    pub fn v2(&self) -> bool {
        self.api >= 2
    }

    /// Sends a message of `kind` with `fields` to the parent page, if
    /// framed. Until "ready" is sent, the others wait (in order), so that
    /// the host hears "ready" first (a tutorial's first step is shown before
    /// the host's part of the page is here).
    pub fn notify(&self, kind: &str, fields: Value) {
        let mut message = json!({ "source": "majesty", "version": self.api, "type": kind });
        if let (Some(m), Value::Object(extra)) = (message.as_object_mut(), fields) {
            m.extend(extra);
        }
        let now = due(&mut told().borrow_mut(), kind, message);
        for message in now {
            self.post(&message);
        }
    }

    fn post(&self, message: &Value) {
        let Some(parent) = browser::parent_window() else {
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
                .and_then(|v| Request::read(&v, crate::model::records()))
            {
                command(request);
            }
        });
    }
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

/// What waits for the embedding page's part of this page and its "ready".
#[derive(Default)]
struct Told {
    /// The part's teller of turns, once it is here.
    teller: Option<Rc<dyn Fn(TurnNews)>>,
    /// The turns played before it was.
    turns: Vec<TurnNews>,
    /// Whether "ready" was sent.
    ready: bool,
    /// The messages written before "ready", in order.
    early: Vec<Value>,
}

/// The messages to post now that `message` of `kind` is written: none
/// while "ready" is to come (it waits its turn); "ready", then every
/// message that waited, when it comes.
fn due(told: &mut Told, kind: &str, message: Value) -> Vec<Value> {
    if kind == "ready" {
        told.ready = true;
        let mut now = vec![message];
        now.append(&mut told.early);
        return now;
    }
    if told.ready {
        return vec![message];
    }
    told.early.push(message);
    Vec::new()
}

/// What waits for the embedding page, in the page's registry
/// (`crate::registry`): the embedding page's part tells the news once it is
/// here (`opening::host`); what happened before waits for it.
#[derive(Clone, Default)]
struct Waiting(Rc<RefCell<Told>>);

fn told() -> Rc<RefCell<Told>> {
    crate::registry::kept::<Waiting>().0
}

/// Tells the embedding page what a turn did, now or once its part is here
/// (called in a frame only).
pub fn tell(news: TurnNews) {
    // The teller is called with nothing borrowed: it writes to the host,
    // which may keep its message here until "ready".
    let told = told();
    let teller = told.borrow().teller.clone();
    match teller {
        Some(teller) => teller(news),
        None => told.borrow_mut().turns.push(news),
    }
}

/// Hands the news on through `teller` from now on, first the news kept.
pub fn listen(teller: Teller) {
    let kept = std::mem::take(&mut told().borrow_mut().turns);
    for news in kept {
        teller(news);
    }
    told().borrow_mut().teller = Some(Rc::from(teller));
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn nothing_is_posted_before_ready_and_then_all_in_order() {
        let mut told = Told::default();
        let step = |n: u32| json!({ "type": "tutorialStep", "index": n });
        assert!(due(&mut told, "tutorialStep", step(0)).is_empty());
        assert!(due(&mut told, "resize", json!({ "type": "resize" })).is_empty());
        let now = due(&mut told, "ready", json!({ "type": "ready" }));
        let kinds: Vec<&str> = now.iter().map(|m| m["type"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["ready", "tutorialStep", "resize"]);
        assert_eq!(due(&mut told, "tutorialStep", step(1)), [step(1)]);
    }

    #[test]
    fn turns_told_before_the_host_part_is_here_follow_in_order() {
        let heard = Rc::new(RefCell::new(Vec::new()));
        tell(news(1));
        tell(news(2));
        let ear = heard.clone();
        // The teller writes to the host, as the host's part does.
        listen(Box::new(move |news| {
            Host::default().notify("turn", json!({ "turn": news.number }));
            ear.borrow_mut().push(news.number)
        }));
        assert_eq!(*heard.borrow(), [1, 2]);
        tell(news(3));
        assert_eq!(*heard.borrow(), [1, 2, 3]);
    }
}
