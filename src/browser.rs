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

/// Takes away what the page drew before the app started (index.html:
/// its "Loading…", a first visit's home screen), as the app draws its own
/// screen in the same task: the page's script then hands what was
/// clicked on the home screen to the app's.
pub fn remove_first_drawings() {
    let Some(document) = window().and_then(|w| w.document()) else {
        return;
    };
    for id in ["page-loading", "home-shell"] {
        if let Some(drawn) = document.get_element_by_id(id) {
            drawn.remove();
        }
    }
}

/// Whether this browser has WebRTC (play live needs its data channels;
/// some builds, as Debian's WebKitGTK, have none).
pub fn has_webrtc() -> bool {
    window().is_some_and(|w| js_sys::Reflect::has(&w, &"RTCPeerConnection".into()).unwrap_or(false))
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

/// Resolves in a task of its own, so that what follows does not lengthen
/// the task running now. A message to itself rather than a timer: a page in
/// the background holds its timers back.
pub async fn next_task() {
    use wasm_bindgen::JsCast;
    let task = js_sys::Promise::new(&mut |resolve, _| match web_sys::MessageChannel::new() {
        Ok(channel) => {
            channel.port1().set_onmessage(Some(resolve.unchecked_ref()));
            let _ = channel.port2().post_message(&wasm_bindgen::JsValue::NULL);
        }
        Err(_) => {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(task).await;
}

/// Runs `then` once, in a task of its own after the page's next paint (a
/// frame, then a timer of 0), or after 100 ms if no frame comes first: a
/// page that is not drawn (a frame out of sight, a tab in the background)
/// has no frames, and what waits for the paint must still come. A hidden
/// page draws nothing: there, in the next task.
pub fn after_next_paint(then: impl FnOnce() + 'static) {
    use leptos::prelude::{request_animation_frame, set_timeout};
    use std::time::Duration;
    let hidden = window()
        .and_then(|w| w.document())
        .is_none_or(|d| d.hidden());
    if hidden {
        set_timeout(then, Duration::ZERO);
        return;
    }
    let once = std::rc::Rc::new(std::cell::Cell::new(Some(then)));
    let run = move || {
        if let Some(then) = once.take() {
            then();
        }
    };
    let framed = run.clone();
    request_animation_frame(move || set_timeout(framed, Duration::ZERO));
    set_timeout(run, Duration::from_millis(100));
}

pub fn set_root_attributes(attributes: &[(&str, &str)]) {
    if let Some(root) = root_element() {
        for (name, value) in attributes {
            let _ = root.set_attribute(name, value);
        }
    }
}

/// The text at a URL relative to the page, or why it could not be fetched.
pub async fn fetch_text(url: &str) -> Result<String, String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let window = window().ok_or("no browser")?;
    let reason = |e: wasm_bindgen::JsValue| e.as_string().unwrap_or_else(|| format!("{e:?}"));
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(reason)?
        .dyn_into()
        .map_err(reason)?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(reason)?)
        .await
        .map_err(reason)?;
    text.as_string().ok_or_else(|| "not text".to_string())
}

/// This page's address without query and fragment.
pub fn page_address() -> String {
    window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// Puts `text` on the clipboard; where the browser refuses, selects it in
/// `field` (if any) for the person to copy. Whether it was copied.
pub async fn copy_or_select(text: &str, field: Option<&web_sys::HtmlInputElement>) -> bool {
    let done = copy_text(text).await;
    if let (false, Some(field)) = (done, field) {
        field.select();
    }
    done
}

/// Puts `text` on the clipboard; false if the browser refused.
pub async fn copy_text(text: &str) -> bool {
    let Some(clipboard) = window().map(|w| w.navigator().clipboard()) else {
        return false;
    };
    wasm_bindgen_futures::JsFuture::from(clipboard.write_text(text))
        .await
        .is_ok()
}

/// Changes the page's address to `search_and_hash` (`?…#…`, or a whole
/// address) without
/// loading it or firing `hashchange`: a reload then opens the same.
pub fn replace_address(search_and_hash: &str) {
    if let Some(w) = window() {
        if let Ok(history) = w.history() {
            let address = on_this_page(&w, search_and_hash);
            let _ =
                history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address));
        }
    }
}

/// `search_and_hash` on this page's path (an empty one would leave the
/// address as it is); a whole address as it is.
fn on_this_page(w: &web_sys::Window, search_and_hash: &str) -> String {
    if search_and_hash.is_empty() || search_and_hash.starts_with(['?', '#']) {
        let path = w.location().pathname().unwrap_or_default();
        format!("{path}{search_and_hash}")
    } else {
        search_and_hash.to_string()
    }
}

/// Adds a history entry with the address `search_and_hash` (`?…#…`, or
/// empty for the page's own path) without loading it: Back returns to the
/// entry before.
pub fn push_address(search_and_hash: &str) {
    if let Some(w) = window() {
        if let Ok(history) = w.history() {
            let address = on_this_page(&w, search_and_hash);
            let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address));
        }
    }
}

/// Gives `class` to the elements `selector` finds, and takes it from all
/// others (`None`: from all); scrolls the first into view if asked.
/// Invalid selectors find nothing.
pub fn mark_elements(class: &str, selector: Option<&str>, scroll: bool) {
    use wasm_bindgen::JsCast;
    let Some(document) = window().and_then(|w| w.document()) else {
        return;
    };
    let each = |selector: &str, f: &dyn Fn(&web_sys::DomTokenList)| {
        if let Ok(found) = document.query_selector_all(selector) {
            for i in 0..found.length() {
                let element = found
                    .item(i)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok());
                if let Some(element) = element {
                    f(&element.class_list());
                }
            }
        }
    };
    each(&format!(".{class}"), &|list| {
        let _ = list.remove_1(class);
    });
    if let Some(selector) = selector {
        each(selector, &|list| {
            let _ = list.add_1(class);
        });
        if let Some(first) = scroll
            .then(|| document.query_selector(selector).ok().flatten())
            .flatten()
        {
            reveal(&first);
        }
    }
}

/// Scrolls `element` into view. In a frame only the frame scrolls, never
/// the embedding page (which `scrollIntoView` would scroll too): a board
/// in an article must not move the article.
pub fn reveal(element: &web_sys::Element) {
    let Some(w) = window() else {
        return;
    };
    if !framed() {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        element.scroll_into_view_with_scroll_into_view_options(&options);
        return;
    }
    let rect = element.get_bounding_client_rect();
    let height = w
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    if let Some(by) = scroll_to_show(rect.top(), rect.bottom(), height) {
        w.scroll_by_with_x_and_y(0.0, by);
    }
}

/// How far to scroll a view `height` high to show a box from `top` to
/// `bottom` (both from the view's top), with a margin: none when it is in
/// view; its top first when it is taller than the view.
pub fn scroll_to_show(top: f64, bottom: f64, height: f64) -> Option<f64> {
    const MARGIN: f64 = 8.0;
    if top < 0.0 {
        Some(top - MARGIN)
    } else if bottom > height {
        Some((bottom - height + MARGIN).min(top - MARGIN))
    } else {
        None
    }
}

/// Whether this page was reloaded (the Navigation Timing entry's `type`),
/// rather than opened afresh from a link, the address bar or history.
pub fn reloaded() -> bool {
    navigation_type().is_some_and(|t| t == "reload")
}

/// Whether this page was opened afresh (a link, the address bar, the
/// installed app's icon), not reloaded nor reached by Back or Forward.
pub fn opened_afresh() -> bool {
    navigation_type().is_none_or(|t| t == "navigate")
}

fn navigation_type() -> Option<String> {
    let performance = window()?.performance()?;
    let entry = performance.get_entries_by_type("navigation").get(0);
    js_sys::Reflect::get(&entry, &"type".into())
        .ok()?
        .as_string()
}

/// The page this one is a frame of, if any.
pub fn parent_window() -> Option<web_sys::Window> {
    let window = window()?;
    let parent = window.parent().ok().flatten()?;
    (parent != window).then_some(parent)
}

/// Whether this page is a frame in another page.
pub fn framed() -> bool {
    parent_window().is_some()
}

/// Whether the game may move the focus: always on its own page; in a
/// frame only while the reader is in it (the focus is never taken from
/// the page around it, where the reader may be reading or typing).
pub fn may_take_focus() -> bool {
    !framed()
        || window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.has_focus().unwrap_or(false))
}

/// Focuses `element` and brings it into view: as the browser does on
/// the game's own page; in a frame by scrolling the frame only.
pub fn focus_in_view(element: &web_sys::HtmlElement) {
    if framed() {
        focus_still(element);
        reveal(element);
    } else {
        let _ = element.focus();
    }
}

/// Focuses `element` without scrolling (in a frame, a scrolling focus
/// would move the embedding page).
pub fn focus_still(element: &web_sys::HtmlElement) -> bool {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    element.focus_with_options(&options).is_ok()
}

/// Focuses the first element `selector` finds (made focusable by script,
/// out of the tab order, if it is not), without scrolling the page;
/// false when there is none.
pub fn focus_first(selector: &str) -> bool {
    use wasm_bindgen::JsCast;
    if !may_take_focus() {
        return false;
    }
    let found = window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(element) = found else {
        return false;
    };
    if !element.has_attribute("tabindex") {
        let _ = element.set_attribute("tabindex", "-1");
    }
    focus_still(&element)
}

/// User Timing: the start of job `id` of `span` (e.g. "majesty-think").
pub fn timing_start(span: &str, id: u32) {
    if let Some(performance) = window().and_then(|w| w.performance()) {
        let _ = performance.mark(&format!("{span}-{id}"));
    }
}

/// User Timing: job `id` of `span` answered, measured as `span` from its
/// start (what the browser tests and measurements read).
pub fn timing_end(span: &str, id: u32) {
    if let Some(performance) = window().and_then(|w| w.performance()) {
        let start = format!("{span}-{id}");
        let _ = performance.measure_with_start_mark(span, &start);
        performance.clear_marks_with_mark_name(&start);
    }
}

/// Watches the size of an element (the page's body: whatever is drawn,
/// folded or grown moves what lies below it). Stops watching when dropped.
pub struct SizeWatch {
    observer: web_sys::ResizeObserver,
    _changed: wasm_bindgen::closure::Closure<dyn Fn()>,
}

impl Drop for SizeWatch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Calls `changed` once now and after each change of the body's size
/// (`None` where the browser has no ResizeObserver).
pub fn watch_body_size(changed: impl Fn() + 'static) -> Option<SizeWatch> {
    let body: web_sys::Element = window()?.document()?.body()?.into();
    watch_size(&body, changed)
}

/// Calls `changed` once now and after each change of `element`'s size.
pub fn watch_size(element: &web_sys::Element, changed: impl Fn() + 'static) -> Option<SizeWatch> {
    use wasm_bindgen::JsCast;
    let changed = wasm_bindgen::closure::Closure::<dyn Fn()>::new(changed);
    let observer = web_sys::ResizeObserver::new(changed.as_ref().unchecked_ref()).ok()?;
    observer.observe(element);
    Some(SizeWatch {
        observer,
        _changed: changed,
    })
}

/// Watches what is drawn in `element` (its descendants added, removed or
/// changed). Unlike a size watch it runs in a frame the browser does not
/// draw (a frame out of sight on another site), where sizes still read.
/// Stops watching when dropped.
pub struct ChangeWatch {
    observer: web_sys::MutationObserver,
    _changed: wasm_bindgen::closure::Closure<dyn Fn()>,
}

impl Drop for ChangeWatch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Calls `changed` after each batch of changes in `element`.
pub fn watch_changes(
    element: &web_sys::Element,
    changed: impl Fn() + 'static,
) -> Option<ChangeWatch> {
    use wasm_bindgen::JsCast;
    let changed = wasm_bindgen::closure::Closure::<dyn Fn()>::new(changed);
    let observer = web_sys::MutationObserver::new(changed.as_ref().unchecked_ref()).ok()?;
    let what = web_sys::MutationObserverInit::new();
    what.set_subtree(true);
    what.set_child_list(true);
    // Attributes that show, hide or restyle (not the inline styles of
    // moving things: a card's flight, the coach's bubble).
    what.set_attribute_filter(&js_sys::Array::of3(
        &"class".into(),
        &"hidden".into(),
        &"open".into(),
    ));
    what.set_character_data(true);
    observer.observe_with_options(element, &what).ok()?;
    Some(ChangeWatch {
        observer,
        _changed: changed,
    })
}

/// Reads the record file chosen in a file input (`ev`: its change) and
/// gives `then` its text, later; a file larger than any record is refused
/// by its size, unread. Nothing chosen: `then` is not called.
pub fn read_chosen_record(
    ev: &web_sys::Event,
    then: impl FnOnce(Result<String, majesty_rules::RecordError>) + 'static,
) {
    use majesty_rules::{RecordError, MAX_RECORD_BYTES};
    use wasm_bindgen::JsCast;
    let Some(file) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .and_then(|input| input.files())
        .and_then(|files| files.get(0))
    else {
        return;
    };
    if file.size() > MAX_RECORD_BYTES as f64 {
        return then(Err(RecordError::TooLarge {
            max: MAX_RECORD_BYTES,
        }));
    }
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text())
            .await
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        then(Ok(text));
    });
}

/// `Intl` options from pairs ("year", "numeric").
fn intl_options(pairs: &[(&str, wasm_bindgen::JsValue)]) -> js_sys::Object {
    let options = js_sys::Object::new();
    for (key, value) in pairs {
        let _ = js_sys::Reflect::set(&options, &(*key).into(), value);
    }
    options
}

/// A moment (milliseconds since 1970) as the language `code` writes a date
/// and time ("6.12.2026, 03:41" in German), by the browser's `Intl`, in
/// the page's language rather than the system's; `None` outside a browser.
pub fn date_time(code: &str, millis: f64) -> Option<String> {
    window()?;
    let numeric = || wasm_bindgen::JsValue::from_str("numeric");
    let options = intl_options(&[
        ("year", numeric()),
        ("month", numeric()),
        ("day", numeric()),
        ("hour", numeric()),
        ("minute", "2-digit".into()),
    ]);
    let locales = js_sys::Array::of1(&code.into());
    let format = js_sys::Intl::DateTimeFormat::new(&locales, &options).format();
    let date = js_sys::Date::new(&millis.into());
    format
        .call1(&wasm_bindgen::JsValue::NULL, &date)
        .ok()?
        .as_string()
}

/// A number with `decimals` decimals as the language `code` writes it
/// ("1.234,5" in German), by the browser's `Intl`; `None` outside a
/// browser.
pub fn number(code: &str, value: f64, decimals: u8) -> Option<String> {
    window()?;
    let options = intl_options(&[
        ("minimumFractionDigits", decimals.into()),
        ("maximumFractionDigits", decimals.into()),
    ]);
    let locales = js_sys::Array::of1(&code.into());
    let format = js_sys::Intl::NumberFormat::new(&locales, &options).format();
    format
        .call1(&wasm_bindgen::JsValue::NULL, &value.into())
        .ok()?
        .as_string()
}

#[cfg(test)]
mod tests {
    use super::scroll_to_show;

    #[test]
    fn scrolls_only_what_shows_the_box() {
        assert_eq!(scroll_to_show(100.0, 200.0, 600.0), None);
        assert_eq!(scroll_to_show(-50.0, 20.0, 600.0), Some(-58.0));
        assert_eq!(scroll_to_show(500.0, 700.0, 600.0), Some(108.0));
        // Taller than the view: its top comes first.
        assert_eq!(scroll_to_show(300.0, 1200.0, 600.0), Some(292.0));
    }
}
