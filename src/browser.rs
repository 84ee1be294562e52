//! The one door to the browser: the page's window, or `None` outside a
//! browser (the app's native unit tests), so that code using the page needs
//! no `cfg` of its own; and small things the page does outside any screen.

/// The page's window; `None` outside a browser.
pub fn window() -> Option<web_sys::Window> {
    if cfg!(target_arch = "wasm32") {
        web_sys::window()
    } else {
        None
    }
}

/// The page's root element (`<html>`).
pub fn root_element() -> Option<web_sys::Element> {
    window()?.document()?.document_element()
}

/// Milliseconds since the page started (0 outside a browser).
pub fn now_ms() -> f64 {
    window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Sets the User Timing mark `name` (`performance.mark`), the first time
/// only: the moments the load measurements read.
pub fn mark_once(name: &str) {
    if let Some(performance) = window().and_then(|w| w.performance()) {
        if performance.get_entries_by_name(name).length() == 0 {
            let _ = performance.mark(name);
        }
    }
}

pub fn set_root_attributes(attributes: &[(&str, &str)]) {
    if let Some(root) = root_element() {
        for (name, value) in attributes {
            let _ = root.set_attribute(name, value);
        }
    }
}
