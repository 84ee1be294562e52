//! The browser's WebRTC, thinly: one peer connection with one data channel
//! (negotiated, id 0, so neither side waits for the other to open it),
//! offers and answers made whole (non-trickle: every candidate gathered
//! before the description is shown), and the channel's events as callbacks.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

pub use super::protocol::Change;
use super::signal::IceServer;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcIceGatheringState,
    RtcIceServer, RtcPeerConnection, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};

/// Gathering stops waiting after this long (an unreachable STUN server
/// would hold it for many seconds; the candidates found so far go).
const GATHER_MS: i32 = 5000;

/// What the channel reports: a message, or how the connection changed.
pub enum Event {
    Message(String),
    Change(Change),
}

/// One peer connection and its data channel; dropping it closes both.
pub struct Peer {
    pub pc: RtcPeerConnection,
    pub channel: RtcDataChannel,
    _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.quiet();
        self.channel.close();
        self.pc.close();
    }
}

/// How long a leaving device's connection stays after its last message, so
/// that the message goes out before the connection closes.
const PARTING_MS: i32 = 1000;

impl Peer {
    /// A connection using `servers` (url, username, credential), reporting
    /// to `on_event`.
    pub fn new(servers: &[IceServer], on_event: impl Fn(Event) + 'static) -> Result<Peer, String> {
        let config = RtcConfiguration::new();
        let list = js_sys::Array::new();
        for IceServer {
            url,
            username,
            credential,
        } in servers
        {
            let server = RtcIceServer::new();
            server.set_urls_str(url);
            if let (Some(u), Some(c)) = (username, credential) {
                server.set_username(u);
                server.set_credential(c);
            }
            list.push(&server);
        }
        config.set_ice_servers(&list);
        let pc = RtcPeerConnection::new_with_configuration(&config).map_err(reason)?;
        let init = RtcDataChannelInit::new();
        init.set_negotiated(true);
        init.set_id(0);
        let channel = pc.create_data_channel_with_data_channel_dict("majesty", &init);
        let on_event = Rc::new(on_event);
        let mut handlers = Vec::new();
        let report = |f: Rc<dyn Fn(Event)>, make: fn(JsValue) -> Option<Event>| {
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                if let Some(event) = make(e) {
                    f(event)
                }
            })
        };
        let open = report(on_event.clone(), |_| Some(Event::Change(Change::Open)));
        channel.set_onopen(Some(open.as_ref().unchecked_ref()));
        let message = report(on_event.clone(), |e| {
            let text = e.dyn_into::<MessageEvent>().ok()?.data().as_string()?;
            Some(Event::Message(text))
        });
        channel.set_onmessage(Some(message.as_ref().unchecked_ref()));
        let closed = report(on_event.clone(), |_| Some(Event::Change(Change::Closed)));
        channel.set_onclose(Some(closed.as_ref().unchecked_ref()));
        let pc_state = pc.clone();
        let on_state = on_event.clone();
        let state = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            on_state(Event::Change(match pc_state.connection_state() {
                RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed => Change::Closed,
                RtcPeerConnectionState::Disconnected => Change::Unsteady,
                RtcPeerConnectionState::Connected => Change::Steady,
                _ => return,
            }));
        });
        pc.set_onconnectionstatechange(Some(state.as_ref().unchecked_ref()));
        handlers.extend([open, message, closed, state]);
        Ok(Peer {
            pc,
            channel,
            _handlers: handlers,
        })
    }

    pub fn send(&self, text: &str) -> bool {
        self.channel.send_with_str(text).is_ok()
    }

    pub fn is_open(&self) -> bool {
        self.channel.ready_state() == web_sys::RtcDataChannelState::Open
    }

    /// Reports nothing more (the handlers are unhooked).
    fn quiet(&self) {
        self.channel.set_onopen(None);
        self.channel.set_onmessage(None);
        self.channel.set_onclose(None);
        self.pc.set_onconnectionstatechange(None);
    }

    /// Reports nothing more, closes the channel (its queued messages go
    /// first) and, a moment later, the connection.
    pub fn part(self) {
        self.quiet();
        self.channel.close();
        let closing = std::cell::Cell::new(Some(self));
        let later = Closure::once_into_js(move || drop(closing.take()));
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                later.unchecked_ref(),
                PARTING_MS,
            );
        }
    }
}

/// The host's side: the whole offer's SDP.
pub async fn offer_of(pc: &RtcPeerConnection) -> Result<String, String> {
    let offer = JsFuture::from(pc.create_offer()).await.map_err(reason)?;
    let offer: RtcSessionDescriptionInit = offer.unchecked_into();
    JsFuture::from(pc.set_local_description(&offer))
        .await
        .map_err(reason)?;
    gathered(pc).await
}

/// The guest's side: takes the host's offer, gives the whole answer.
pub async fn answer_on(pc: &RtcPeerConnection, offer_sdp: &str) -> Result<String, String> {
    set_remote(pc, RtcSdpType::Offer, offer_sdp).await?;
    let answer = JsFuture::from(pc.create_answer()).await.map_err(reason)?;
    let answer: RtcSessionDescriptionInit = answer.unchecked_into();
    JsFuture::from(pc.set_local_description(&answer))
        .await
        .map_err(reason)?;
    gathered(pc).await
}

/// The host's side: takes the guest's answer.
pub async fn accept_on(pc: &RtcPeerConnection, answer_sdp: &str) -> Result<(), String> {
    set_remote(pc, RtcSdpType::Answer, answer_sdp).await
}

async fn set_remote(pc: &RtcPeerConnection, kind: RtcSdpType, sdp: &str) -> Result<(), String> {
    let description = RtcSessionDescriptionInit::new(kind);
    description.set_sdp(sdp);
    JsFuture::from(pc.set_remote_description(&description))
        .await
        .map(|_| ())
        .map_err(reason)
}

/// The local description once every candidate is gathered (or the wait is
/// over).
async fn gathered(pc: &RtcPeerConnection) -> Result<String, String> {
    let waited = Rc::new(RefCell::new(None::<Closure<dyn FnMut(JsValue)>>));
    let done = js_sys::Promise::new(&mut |resolve, _| {
        if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
            let _ = resolve.call0(&JsValue::NULL);
            return;
        }
        let (pc2, resolve2) = (pc.clone(), resolve.clone());
        let on_change = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            if pc2.ice_gathering_state() == RtcIceGatheringState::Complete {
                let _ = resolve2.call0(&JsValue::NULL);
            }
        });
        pc.set_onicegatheringstatechange(Some(on_change.as_ref().unchecked_ref()));
        *waited.borrow_mut() = Some(on_change);
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, GATHER_MS);
        }
    });
    let _ = JsFuture::from(done).await;
    pc.set_onicegatheringstatechange(None);
    drop(waited);
    pc.local_description()
        .map(|d| d.sdp())
        .ok_or_else(|| "no local description".to_string())
}

fn reason(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
        })
        .unwrap_or_else(|| format!("{e:?}"))
}
