//! Talking to the page that embeds the game in an iframe: versioned messages
//! `{"source": "majesty", "version": 1, "type": …}` to the parent, sent to
//! the `parentOrigin` given in the URL (any origin when none is given: they
//! hold nothing secret), and commands accepted only from that origin.

use serde_json::{json, Value};

use crate::browser;

/// Sends a message of `kind` with `fields` to the parent page, if framed.
pub fn notify_parent(parent_origin: Option<&str>, kind: &str, fields: Value) {
    let mut message = json!({ "source": "majesty", "version": 1, "type": kind });
    if let (Some(m), Value::Object(extra)) = (message.as_object_mut(), fields) {
        m.extend(extra);
    }
    let Some(window) = browser::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    if parent == window {
        return; // not framed
    }
    let Ok(data) = js_sys::JSON::parse(&message.to_string()) else {
        return;
    };
    let _ = parent.post_message(&data, parent_origin.unwrap_or("*"));
}

/// Calls `command` with each command message `{"source": "majesty-host",
/// "version": 1, "type": …}` that comes from `parent_origin`. Without a
/// known parent origin no command is ever accepted.
pub fn on_command(parent_origin: Option<String>, command: impl Fn(Value) + 'static) {
    let Some(origin) = parent_origin else {
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
        let Ok(value) = serde_json::from_str::<Value>(&text) else {
            return;
        };
        if value.get("source") == Some(&json!("majesty-host"))
            && value.get("version") == Some(&json!(1))
        {
            command(value);
        }
    });
}

/// Whether the page is in a frame of another page.
pub fn is_framed() -> bool {
    browser::window()
        .and_then(|w| w.parent().ok().flatten().map(|p| p != w))
        .unwrap_or(false)
}
