//! The app's data, without any component: the game in progress and its log,
//! the save file, links, the settings of this device, and the messages
//! exchanged with an embedding page.

pub mod announcer;
pub mod bubble;
pub mod by_link;
pub mod embed;
pub mod host_command;
pub mod latest;
pub mod lesson;
pub mod link;
pub mod place;
pub mod prefs;
pub mod puzzles;
pub mod reader;
pub mod search_job;
pub mod session;
pub mod sorted;
pub mod stats;
pub mod storage;

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
