//! The parts of the page that a first visit does not show, each a
//! WebAssembly module of its own, fetched the first time it is needed.
//!
//! The build (scripts/split-wasm.mjs) splits the page's module at its
//! split points ([`split!`]), each beside the screen it opens (the
//! `part` modules of `editor`, `play::rules`…): what only one part's
//! functions reach goes into that part's module. A part's screens and
//! actions are named only through its split points, or they would come back
//! into the first load. This module is how they are used:
//!
//! - a screen or panel is drawn by [`Lazy`]: at once when its part is here,
//!   else "Loading…" (a panel: nothing) until it is, or a notice with Retry
//!   when it cannot be fetched (offline without the cache, a deploy that
//!   replaced it);
//! - an action ([`run`]: opening a rule's scenario, a tutorial…) runs once
//!   its part is here; if it cannot be fetched, the same notice offers Retry.

mod missing;

/// A split point: `split! { <part> => fn name(args) -> Result<T, E> { … } }`
/// makes `name` an `async fn` that first fetches `<part>`'s module (every
/// split point naming the same part is in that module), or returns the
/// loader's error (`E: From<SplitLoaderError>`) if it cannot be fetched: a
/// failure is never a panic, which would stop the whole page. In unit tests
/// it is the plain function, made async: a test module is never split, and
/// the splitter's imports would keep it from starting.
macro_rules! split {
    ($part:ident => $(#[$meta:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block) => {
        #[cfg(not(test))]
        #[::leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible)]
        $(#[$meta])* $vis fn $name($($arg: $ty),*) -> $ret $body

        #[cfg(test)]
        $(#[$meta])* $vis async fn $name($($arg: $ty),*) -> $ret $body
    };
}
pub(crate) use split;

/// A screen or panel in a part: `piece! { pub NAME = <part>::<fn>("name",
/// screen: true) => view! { <Screen/> } }` is the [`Piece`] `NAME` and its
/// split point `<fn>` in `<part>`.
macro_rules! piece {
    ($(#[$meta:meta])* $vis:vis $konst:ident = $part:ident::$fetch:ident($name:literal, screen: $screen:literal) => $view:expr) => {
        $(#[$meta])*
        $vis const $konst: $crate::parts::Piece = $crate::parts::Piece {
            name: $name,
            screen: $screen,
            fetch: || Box::pin($fetch()),
        };

        $crate::parts::split! { $part =>
            fn $fetch() -> Result<$crate::parts::Draw, $crate::parts::SplitLoaderError> {
                Ok(|| ::leptos::prelude::IntoAny::into_any($view))
            }
        }
    };
}
pub(crate) use piece;

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use leptos::prelude::*;
pub use leptos::wasm_split::SplitLoaderError;

use crate::i18n::problem::Problem;
use crate::state::{AppState, Screen};
pub use missing::MissingAction;
use missing::MissingPart;

/// Draws a screen or panel (with its part's code).
pub type Draw = fn() -> AnyView;

/// What a split point returns: its part is here, or could not be fetched.
pub type Fetched<T> = Pin<Box<dyn Future<Output = Result<T, SplitLoaderError>>>>;

/// A screen or panel drawn from a part.
#[derive(Clone, Copy)]
pub struct Piece {
    /// Its name (each piece's own).
    pub name: &'static str,
    /// A whole screen says "Loading…" while it is fetched; a panel in
    /// another screen shows nothing meanwhile.
    pub screen: bool,
    /// Its split point.
    pub fetch: fn() -> Fetched<Draw>,
}

/// What the loader knows of the parts fetched so far.
struct Loaded {
    /// How each piece fetched so far is drawn, by name (a list: a few
    /// pieces, and no hash map's code in the first load for them).
    drawn: RefCell<Vec<(&'static str, Draw)>>,
    /// Actions started and not finished.
    running: Cell<usize>,
    /// The parts an action has run from (here now: no "Loading…").
    here: RefCell<Vec<&'static str>>,
    /// Prefetches started (each one's User Timing span has its number).
    prefetches: Cell<u32>,
}

thread_local! {
    /// The loader's own record, beside the registry (`crate::registry`):
    /// which parts are here is asked before anything else on the page (the
    /// first screen's part, before the app and its owner exist), and by
    /// every piece drawn.
    static LOADED: Loaded = const {
        Loaded {
            drawn: RefCell::new(Vec::new()),
            running: Cell::new(0),
            here: RefCell::new(Vec::new()),
            prefetches: Cell::new(0),
        }
    };
}

fn drawn(piece: Piece) -> Option<Draw> {
    LOADED.with(|f| {
        f.drawn
            .borrow()
            .iter()
            .find(|(name, _)| *name == piece.name)
            .map(|&(_, draw)| draw)
    })
}

/// Draws `piece`: at once when its part is here, else once it is fetched.
#[component]
pub fn Lazy(piece: Piece) -> impl IntoView {
    if let Some(draw) = drawn(piece) {
        return shown(piece, draw);
    }
    let state = expect_context::<AppState>();
    // None while fetching; Some(false): it could not be fetched.
    let fetched = RwSignal::new(None::<bool>);
    let attempt = move || {
        fetched.set(None);
        leptos::task::spawn_local(async move {
            let here = fetch(piece).await;
            // The screen may have been left meanwhile.
            let _ = fetched.try_set(Some(here));
        });
    };
    attempt();
    (move || match fetched.get() {
        Some(true) => drawn(piece).map_or_else(|| ().into_any(), |draw| shown(piece, draw)),
        Some(false) => {
            let retry = Callback::new(move |()| attempt());
            view! { <MissingPart retry home=piece.screen/> }.into_any()
        }
        None if piece.screen => {
            view! { <p class="loading" role="status">{move || state.t().loading()}</p> }.into_any()
        }
        None => ().into_any(),
    })
    .into_any()
}

/// Draws `piece`, the first time with a User Timing mark (`part:<name>`)
/// that the load measurements read (scripts/measure-load.mjs).
fn shown(piece: Piece, draw: Draw) -> AnyView {
    let view = draw();
    crate::browser::mark_once(&format!("part:{}", piece.name));
    view
}

/// `hooks` (a struct of function pointers a part hands the page) as made
/// at run time by the part's code. Never let such a struct be a constant
/// (a `static`, or a `&Hooks { … }` the compiler promotes): the splitter
/// keeps every function that the main module's data points at in the main
/// module, which would bring the part's code back into the first load.
/// `black_box` keeps the compiler from folding the value into a constant.
pub fn made_at_run_time<T>(hooks: T) -> T {
    std::hint::black_box(hooks)
}

/// Whether `piece`'s part is here (drawn at once, with no wait).
pub fn here(piece: Piece) -> bool {
    drawn(piece).is_some()
}

/// Fetches `piece` now (a part that cannot be fetched is tried again, and
/// said, when it is drawn).
pub async fn preload(piece: Piece) {
    if drawn(piece).is_none() {
        fetch(piece).await;
    }
}

/// Fetches `piece`'s part and keeps how it is drawn; whether it is here.
async fn fetch(piece: Piece) -> bool {
    let Ok(draw) = (piece.fetch)().await else {
        return false;
    };
    if drawn(piece).is_none() {
        LOADED.with(|f| f.drawn.borrow_mut().push((piece.name, draw)));
    }
    true
}

/// Fetches `piece` in idle time, so that no click waits for it (a part
/// that cannot be fetched now is tried again when it is drawn). Each
/// prefetch is a User Timing span, "majesty-prefetch", that the browser
/// tests read: the page must stay free while it runs.
pub fn prefetch(piece: Piece) {
    if drawn(piece).is_some() {
        return;
    }
    in_idle_time(move || Box::pin(preload(piece)));
}

/// Fetches the record reader (`model::reader`) in idle time, so that no
/// save waits for it.
pub fn prefetch_reader() {
    if !crate::model::reader::here() {
        in_idle_time(|| {
            Box::pin(async {
                let _ = crate::model::reader::load().await;
            })
        });
    }
}

/// Runs `fetch` a little after the board is up, as a User Timing span.
pub fn in_idle_time(fetch: impl FnOnce() -> Pin<Box<dyn Future<Output = ()>>> + 'static) {
    let id = LOADED.with(|f| {
        let n = &f.prefetches;
        n.set(n.get() + 1);
        n.get()
    });
    set_timeout(
        move || {
            leptos::task::spawn_local(async move {
                crate::browser::timing_start(PREFETCH_SPAN, id);
                fetch().await;
                crate::browser::timing_end(PREFETCH_SPAN, id);
            })
        },
        std::time::Duration::from_millis(PREFETCH_AFTER_MS),
    );
}

const PREFETCH_SPAN: &str = "majesty-prefetch";

/// How long after a board is up its later parts are fetched: past the
/// first paint's work, before a game could end.
const PREFETCH_AFTER_MS: u64 = 500;

/// An action of a part, run again by Retry.
type Act = Rc<dyn Fn() -> Fetched<()>>;

/// Runs `act` (a split point of `part`) once its part is here. While it is
/// fetched the page says "Loading…"; if it cannot be fetched, a notice
/// offers Retry.
pub fn run(state: AppState, part: &'static str, act: impl Fn() -> Fetched<()> + 'static) {
    start(state, part, Rc::new(act));
}

fn start(state: AppState, part: &'static str, act: Act) {
    LOADED.with(|f| f.running.set(f.running.get() + 1));
    let before = state.screen.get_untracked();
    if !LOADED.with(|f| f.here.borrow().contains(&part)) {
        state.screen.set(Screen::Opening);
    }
    leptos::task::spawn_local(async move {
        let outcome = act().await;
        LOADED.with(|f| f.running.set(f.running.get() - 1));
        if outcome.is_ok() {
            LOADED.with(|f| f.here.borrow_mut().push(part));
            return;
        }
        if state.screen.get_untracked() == Screen::Opening {
            state.screen.set(before_or_home(before));
        }
        missing::offer_retry(part, act, false);
    });
}

/// Runs `act` (a split point of `part`) once its part is here, while the
/// page goes on (nothing says "Loading…"); if it cannot be fetched, a
/// notice offers Retry.
pub fn run_beside(part: &'static str, act: impl Fn() -> Fetched<()> + 'static) {
    beside(part, Rc::new(act));
}

fn beside(part: &'static str, act: Act) {
    leptos::task::spawn_local(async move {
        if act().await.is_err() {
            missing::offer_retry(part, act, true);
        }
    });
}

/// Shows `problem` (`AppState::tell`) in words as the page's notice, once
/// the words' part is here (`i18n::problem`); if it cannot be fetched, a
/// notice offers Retry.
pub fn tell(state: AppState, problem: Problem) {
    let lang = state.lang.get_untracked();
    run_beside("problems", move || {
        let problem = problem.clone();
        Box::pin(async move {
            let told = crate::i18n::problem::words(lang, problem).await?;
            state.notice.set(Some(told));
            Ok(())
        })
    });
}

/// Where a failed action leaves the page: where it was, unless that was
/// "Loading…" (a link being opened), then the home screen.
fn before_or_home(before: Screen) -> Screen {
    if before == Screen::Opening {
        Screen::Home
    } else {
        before
    }
}

/// Whether an action is still waiting for its part (a link being opened
/// then stays on "Loading…").
pub fn running() -> bool {
    LOADED.with(|f| f.running.get()) > 0
}

/// Makes the notice's signal under the app's owner (called once by the app).
pub fn init() {
    missing::init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_action_goes_back_where_it_was_or_home_from_a_link() {
        assert_eq!(before_or_home(Screen::Game), Screen::Game);
        assert_eq!(before_or_home(Screen::Rules), Screen::Rules);
        assert_eq!(before_or_home(Screen::Opening), Screen::Home);
    }
}
