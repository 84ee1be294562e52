//! Live play's models: the messages between devices ([`protocol`]), the
//! state machine of one device ([`device`]), the room where devices meet
//! on Nostr relays ([`room`], over [`nostr`]'s events), and the offers and
//! answers of a connection made by hand ([`signal`]). The app's
//! `remote::live` carries their effects out over WebRTC and WebSockets.

pub mod device;
pub mod nostr;
pub mod protocol;
pub mod room;
pub mod signal;
