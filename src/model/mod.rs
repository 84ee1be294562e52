//! The app's data over this browser: majesty-model's pure models (the game
//! in progress and its log, links, saves, settings, the messages with an
//! embedding page), each with the side effects that feed or keep it here:
//! localStorage and sessionStorage, the window's listeners, the record
//! reader's part and the embedding page's messages.

pub mod by_link;
pub mod embed;
pub mod prefs;
pub mod puzzles;
pub mod reader;
pub mod session;
pub mod stats;
pub mod storage;

pub use majesty_model::reader::{ReadRecord, Reader};
pub use majesty_model::{
    announcer, bubble, host_command, latest, lesson, link, place, search_job, sorted,
};

/// The page's record reader as it is now: here once its part is fetched
/// ([`reader::load`]).
pub fn records() -> Reader {
    Reader::new(reader::here().then_some(reader::read_record as ReadRecord))
}

/// The output of a future that is ready when first asked: in unit tests a
/// part's split point is a plain function, here at once (nothing is split).
#[cfg(test)]
pub fn at_once<F: std::future::Future>(future: F) -> F::Output {
    use std::task::{Context, Poll, Waker};
    let mut future = std::pin::pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(output) => output,
        Poll::Pending => panic!("a part's stand-in in a test is here at once"),
    }
}
