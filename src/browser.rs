//! Small things the page does through the browser, outside any screen.

/// Sets the User Timing mark `name` (`performance.mark`), the first time
/// only: the moments the load measurements read.
pub fn mark_once(name: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        if performance.get_entries_by_name(name).length() == 0 {
            let _ = performance.mark(name);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = name;
}

pub fn set_root_attributes(attributes: &[(&str, &str)]) {
    #[cfg(target_arch = "wasm32")]
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        for (name, value) in attributes {
            let _ = root.set_attribute(name, value);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = attributes;
}

/// A `data:` URL for downloading `text` as a JSON file.
pub fn json_download_url(text: &str) -> String {
    format!(
        "data:application/json;charset=utf-8,{}",
        crate::model::link::percent_encode(text)
    )
}
