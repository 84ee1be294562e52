//! The offer and the answer of a live connection, small enough for a link
//! and a QR code. No signalling server: the host's offer and the guest's
//! answer travel as links (or pasted text) between the two people.
//!
//! A browser's session description is about 700 characters, most of it
//! always the same for a data channel. A [`Signal`] keeps only what differs
//! — the ICE user fragment and password, the DTLS certificate's SHA-256
//! fingerprint, the setup role and the gathered candidates (non-trickle: all
//! of them at once) — plus the game id and the seat invited, and
//! [`Signal::sdp`] writes a description the browser accepts back.
//!
//! Format 1 (then base64url):
//!
//! ```text
//! 1                    format
//! kind: u8             0 offer (setup actpass), 1 answer (active), 2 answer (passive)
//! id: u64              the game id
//! seat: u8             the seat invited
//! ufrag, pwd           a length byte and ASCII each
//! fingerprint: 32      SHA-256 of the certificate
//! n: u8, n × candidate a tag (bits 0–1 address: IPv4, IPv6, mDNS name;
//!                      bits 2–3 type: host, srflx, relay, prflx), the
//!                      address (4, 16 or 16 bytes: an mDNS name is a UUID),
//!                      the port (u16 little-endian)
//! ```

use std::net::{Ipv4Addr, Ipv6Addr};

/// The signal format written now.
pub const SIGNAL_FORMAT: u8 = 1;

/// Which side of the connection made the signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Offer,
    /// The answer and its DTLS role (`active` in Chromium and Firefox).
    Answer {
        passive: bool,
    },
}

/// Where a peer can be reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    V4(Ipv4Addr),
    V6(Ipv6Addr),
    /// A hidden local address, `<uuid>.local` (the browser resolves it by
    /// multicast DNS on the same network).
    Mdns([u8; 16]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateType {
    Host,
    Srflx,
    Relay,
    Prflx,
}

const TYPES: [(CandidateType, &str, u32); 4] = [
    (CandidateType::Host, "host", 126),
    (CandidateType::Srflx, "srflx", 100),
    (CandidateType::Relay, "relay", 0),
    (CandidateType::Prflx, "prflx", 110),
];

/// One UDP candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub address: Address,
    pub port: u16,
    pub kind: CandidateType,
}

/// An offer or an answer, reduced to what a data channel needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signal {
    pub kind: Kind,
    pub id: u64,
    pub seat: usize,
    pub ufrag: String,
    pub pwd: String,
    pub fingerprint: [u8; 32],
    pub candidates: Vec<Candidate>,
}

/// Why a description or a signal cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignalError {
    /// The description lacks `what` (or it is not what a browser writes).
    Missing(&'static str),
    /// The text is cut off, changed or not a signal of this game.
    Malformed,
    /// Made by a newer version.
    NewerFormat(u8),
}

impl std::fmt::Display for SignalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SignalError::Missing(what) => write!(f, "the description has no {what}"),
            SignalError::Malformed => write!(f, "not a live game's offer or answer"),
            SignalError::NewerFormat(v) => write!(f, "made by a newer version (format {v})"),
        }
    }
}

impl Signal {
    /// Reads the browser's session description (`sdp`): the parts a data
    /// channel needs. TCP candidates are left out (UDP reaches wherever TCP
    /// would between browsers, and a TURN server relays over UDP).
    pub fn from_sdp(sdp: &str, kind: Kind, id: u64, seat: usize) -> Result<Signal, SignalError> {
        let attr = |name: &str| {
            sdp.lines()
                .find_map(|l| l.trim().strip_prefix(name))
                .map(str::trim)
        };
        let ufrag = attr("a=ice-ufrag:").ok_or(SignalError::Missing("ICE user fragment"))?;
        let pwd = attr("a=ice-pwd:").ok_or(SignalError::Missing("ICE password"))?;
        let fingerprint = attr("a=fingerprint:sha-256 ")
            .and_then(parse_fingerprint)
            .ok_or(SignalError::Missing("SHA-256 fingerprint"))?;
        let kind = match (kind, attr("a=setup:")) {
            (Kind::Answer { .. }, Some("passive")) => Kind::Answer { passive: true },
            (Kind::Answer { .. }, _) => Kind::Answer { passive: false },
            (Kind::Offer, _) => Kind::Offer,
        };
        if !credentials_fit(ufrag, pwd) || !ufrag.is_ascii() || !pwd.is_ascii() {
            return Err(SignalError::Missing("ICE credentials"));
        }
        let mut candidates: Vec<Candidate> = sdp
            .lines()
            .filter_map(|l| l.trim().strip_prefix("a=candidate:"))
            .filter_map(parse_candidate)
            .collect();
        candidates.dedup();
        candidates.truncate(16);
        Ok(Signal {
            kind,
            id,
            seat,
            ufrag: ufrag.to_string(),
            pwd: pwd.to_string(),
            fingerprint,
            candidates,
        })
    }

    /// A session description for the browser: one data channel (mid 0),
    /// the candidates and credentials of this signal.
    pub fn sdp(&self) -> String {
        let setup = match self.kind {
            Kind::Offer => "actpass",
            Kind::Answer { passive: false } => "active",
            Kind::Answer { passive: true } => "passive",
        };
        let fingerprint: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        let mut sdp = format!(
            "v=0\r\no=- {} 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n\
             a=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
             c=IN IP4 0.0.0.0\r\n",
            self.id >> 1
        );
        for (i, c) in self.candidates.iter().enumerate() {
            let (_, name, preference) = TYPES.iter().find(|t| t.0 == c.kind).expect("every type");
            // RFC 8445 5.1.2.1: type preference, then the order given.
            let priority = (preference << 24) | ((65535 - i as u32) << 8) | 255;
            sdp.push_str(&format!(
                "a=candidate:{} 1 udp {priority} {} {} typ {name}\r\n",
                i + 1,
                address_text(&c.address),
                c.port
            ));
        }
        sdp.push_str(&format!(
            "a=end-of-candidates\r\na=ice-ufrag:{}\r\na=ice-pwd:{}\r\n\
             a=fingerprint:sha-256 {}\r\na=setup:{setup}\r\na=mid:0\r\n\
             a=sctp-port:5000\r\na=max-message-size:262144\r\n",
            self.ufrag,
            self.pwd,
            fingerprint.join(":")
        ));
        sdp
    }

    /// The signal's bytes (format [`SIGNAL_FORMAT`]).
    pub fn encode(&self) -> Vec<u8> {
        let kind = match self.kind {
            Kind::Offer => 0,
            Kind::Answer { passive: false } => 1,
            Kind::Answer { passive: true } => 2,
        };
        let mut out = vec![SIGNAL_FORMAT, kind];
        out.extend_from_slice(&self.id.to_le_bytes());
        out.push(self.seat as u8);
        for text in [&self.ufrag, &self.pwd] {
            out.push(text.len() as u8);
            out.extend_from_slice(text.as_bytes());
        }
        out.extend_from_slice(&self.fingerprint);
        out.push(self.candidates.len() as u8);
        for c in &self.candidates {
            let type_bits = TYPES.iter().position(|t| t.0 == c.kind).unwrap_or(0) as u8;
            let (address_bits, bytes): (u8, Vec<u8>) = match c.address {
                Address::V4(a) => (0, a.octets().to_vec()),
                Address::V6(a) => (1, a.octets().to_vec()),
                Address::Mdns(u) => (2, u.to_vec()),
            };
            out.push(address_bits | (type_bits << 2));
            out.extend_from_slice(&bytes);
            out.extend_from_slice(&c.port.to_le_bytes());
        }
        out
    }

    /// Reads a signal's bytes; anything cut off or left over is refused.
    pub fn decode(bytes: &[u8]) -> Result<Signal, SignalError> {
        let mut r = Reader(bytes);
        match r.byte()? {
            SIGNAL_FORMAT => {}
            v if v > SIGNAL_FORMAT => return Err(SignalError::NewerFormat(v)),
            _ => return Err(SignalError::Malformed),
        }
        let kind = match r.byte()? {
            0 => Kind::Offer,
            1 => Kind::Answer { passive: false },
            2 => Kind::Answer { passive: true },
            _ => return Err(SignalError::Malformed),
        };
        let id = u64::from_le_bytes(r.array()?);
        let seat = r.byte()? as usize;
        let mut text = || -> Result<String, SignalError> {
            let len = r.byte()? as usize;
            let bytes = r.take(len)?;
            // ICE characters: letters, digits, '+' and '/' (RFC 8839).
            if !bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || *b == b'+' || *b == b'/')
            {
                return Err(SignalError::Malformed);
            }
            Ok(String::from_utf8_lossy(bytes).into_owned())
        };
        let (ufrag, pwd) = (text()?, text()?);
        if !credentials_fit(&ufrag, &pwd) {
            return Err(SignalError::Malformed);
        }
        let fingerprint = r.array()?;
        let count = r.byte()?;
        let mut candidates = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let tag = r.byte()?;
            let address = match tag & 0b11 {
                0 => Address::V4(Ipv4Addr::from(r.array::<4>()?)),
                1 => Address::V6(Ipv6Addr::from(r.array::<16>()?)),
                2 => Address::Mdns(r.array()?),
                _ => return Err(SignalError::Malformed),
            };
            let kind = TYPES
                .get(usize::from((tag >> 2) & 0b11))
                .map(|t| t.0)
                .ok_or(SignalError::Malformed)?;
            let port = u16::from_le_bytes(r.array()?);
            candidates.push(Candidate {
                address,
                port,
                kind,
            });
        }
        if !r.0.is_empty() || seat > 3 {
            return Err(SignalError::Malformed);
        }
        Ok(Signal {
            kind,
            id,
            seat,
            ufrag,
            pwd,
            fingerprint,
            candidates,
        })
    }
}

/// ICE credentials of the lengths a browser accepts: a user fragment of
/// at least 4 characters and a password of at least 22 (RFC 8839 §5.4;
/// Chromium and Firefox refuse shorter ones in `setRemoteDescription`),
/// each at most 255 (one length byte in a signal).
fn credentials_fit(ufrag: &str, pwd: &str) -> bool {
    (4..=255).contains(&ufrag.len()) && (22..=255).contains(&pwd.len())
}

/// `AA:BB:…` (32 bytes) as bytes.
fn parse_fingerprint(text: &str) -> Option<[u8; 32]> {
    let bytes: Vec<u8> = text
        .split(':')
        .map(|h| u8::from_str_radix(h, 16).ok())
        .collect::<Option<_>>()?;
    bytes.try_into().ok()
}

/// A UDP candidate of component 1 (`foundation 1 udp priority address port
/// typ type …`); None for TCP, other components and unknown addresses.
fn parse_candidate(text: &str) -> Option<Candidate> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [_, component, protocol, _, address, port, typ, kind, ..] = fields[..] else {
        return None;
    };
    if component != "1" || !protocol.eq_ignore_ascii_case("udp") || typ != "typ" {
        return None;
    }
    let kind = TYPES.iter().find(|t| t.1 == kind)?.0;
    Some(Candidate {
        address: parse_address(address)?,
        port: port.parse().ok()?,
        kind,
    })
}

fn parse_address(text: &str) -> Option<Address> {
    if let Some(name) = text.strip_suffix(".local") {
        let hex: String = name.chars().filter(|c| *c != '-').collect();
        if hex.len() != 32 {
            return None;
        }
        let mut uuid = [0; 16];
        for (i, byte) in uuid.iter_mut().enumerate() {
            *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        return Some(Address::Mdns(uuid));
    }
    text.parse::<Ipv4Addr>()
        .map(Address::V4)
        .or_else(|_| text.parse::<Ipv6Addr>().map(Address::V6))
        .ok()
}

fn address_text(address: &Address) -> String {
    match address {
        Address::V4(a) => a.to_string(),
        Address::V6(a) => a.to_string(),
        Address::Mdns(u) => {
            let hex: String = u.iter().map(|b| format!("{b:02x}")).collect();
            format!(
                "{}-{}-{}-{}-{}.local",
                &hex[..8],
                &hex[8..12],
                &hex[12..16],
                &hex[16..20],
                &hex[20..]
            )
        }
    }
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], SignalError> {
        if self.0.len() < n {
            return Err(SignalError::Malformed);
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, SignalError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], SignalError> {
        Ok(self.take(N)?.try_into().expect("N bytes"))
    }
}

/// A STUN or TURN server: its URL, and a TURN server's user name and
/// password.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IceServer {
    pub url: String,
    pub username: Option<String>,
    pub credential: Option<String>,
}

/// The STUN and TURN servers of the settings (two STUN by default): one or
/// more of `stun:host:port` and `turn:user:password@host:port` (or
/// `turns:`), separated by spaces or commas; anything else is named in the
/// error.
pub fn ice_servers(text: &str) -> Result<Vec<IceServer>, String> {
    text.split([' ', ',', '\n'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|entry| {
            let (scheme, rest) = entry.split_once(':').ok_or_else(|| entry.to_string())?;
            match scheme {
                "stun" | "stuns" if !rest.is_empty() => Ok(IceServer {
                    url: entry.to_string(),
                    username: None,
                    credential: None,
                }),
                "turn" | "turns" => {
                    let (credentials, server) =
                        rest.rsplit_once('@').ok_or_else(|| entry.to_string())?;
                    let (user, password) = credentials
                        .split_once(':')
                        .ok_or_else(|| entry.to_string())?;
                    if server.is_empty() {
                        return Err(entry.to_string());
                    }
                    Ok(IceServer {
                        url: format!("{scheme}:{server}"),
                        username: Some(user.to_string()),
                        credential: Some(password.to_string()),
                    })
                }
                _ => Err(entry.to_string()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An offer as headless Chromium 1xx writes it (mDNS names hide the
    /// local addresses), and one with plain addresses and a TCP candidate.
    const CHROMIUM_OFFER: &str = "v=0\r\no=- 3653619964561020855 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
        a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n\
        m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n\
        a=candidate:2400901816 1 udp 2113937151 099b95fc-ffbb-4a46-90ac-6ef07fdbdbcc.local 36091 typ host generation 0 network-cost 999\r\n\
        a=candidate:2288563720 1 udp 2113942271 c8eb5536-98ea-461d-93a0-3e6eda06f646.local 38558 typ host generation 0 network-cost 999\r\n\
        a=candidate:1 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0\r\n\
        a=candidate:3 1 udp 1677729535 203.0.113.9 61000 typ srflx raddr 192.0.2.2 rport 36091 generation 0\r\n\
        a=candidate:4 1 udp 2113942271 fd00::2 44717 typ host generation 0\r\n\
        a=ice-ufrag:SErr\r\na=ice-pwd:yTh4M2Bo+jcAFh97zD3lwaGf\r\na=ice-options:trickle\r\n\
        a=fingerprint:sha-256 17:EE:63:97:6A:80:FC:3A:D9:FD:CB:26:9C:0E:7C:F5:1E:1D:9F:08:46:DD:C2:71:74:2D:56:5D:D5:A9:78:73\r\n\
        a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

    #[test]
    fn an_offer_keeps_what_a_data_channel_needs_and_round_trips() {
        let signal = Signal::from_sdp(CHROMIUM_OFFER, Kind::Offer, 0xabcdef, 2).unwrap();
        assert_eq!(signal.ufrag, "SErr");
        assert_eq!(signal.pwd, "yTh4M2Bo+jcAFh97zD3lwaGf");
        assert_eq!(signal.fingerprint[0], 0x17);
        assert_eq!(signal.fingerprint[31], 0x73);
        // The TCP candidate is left out.
        assert_eq!(signal.candidates.len(), 4);
        assert_eq!(signal.candidates[2].kind, CandidateType::Srflx);
        let bytes = signal.encode();
        // Two mDNS names, a public and an IPv6 address: under 150 bytes.
        assert!(bytes.len() < 150, "{} bytes", bytes.len());
        assert_eq!(Signal::decode(&bytes).unwrap(), signal);

        let sdp = signal.sdp();
        assert!(sdp.contains(
            "a=candidate:1 1 udp 2130706431 099b95fc-ffbb-4a46-90ac-6ef07fdbdbcc.local 36091 typ host\r\n"
        ));
        assert!(sdp.contains("fd00::2 44717 typ host"));
        assert!(sdp.contains("203.0.113.9 61000 typ srflx"));
        assert!(sdp.contains("a=setup:actpass\r\n"));
        assert!(sdp.contains("a=fingerprint:sha-256 17:EE:63:97:6A:80"));
        // What it writes, it reads back the same.
        assert_eq!(Signal::from_sdp(&sdp, Kind::Offer, 0xabcdef, 2), Ok(signal));
    }

    /// The lengths docs/live.md gives: the part after `#live=` (or
    /// `#answer=`) for the candidates a browser typically gathers.
    /// `cargo test --bin majesty-web signal_lengths -- --nocapture`
    #[test]
    fn signal_lengths() {
        let mdns = |n: u8| Candidate {
            address: Address::Mdns([n; 16]),
            port: 50000,
            kind: CandidateType::Host,
        };
        let v4 = |kind| Candidate {
            address: Address::V4(Ipv4Addr::new(203, 0, 113, 9)),
            port: 61000,
            kind,
        };
        let base = Signal::from_sdp(CHROMIUM_OFFER, Kind::Offer, u64::MAX, 1).unwrap();
        let cases = [
            (
                "same network, mDNS names (IPv4, IPv6)",
                vec![mdns(1), mdns(2)],
            ),
            (
                "+ STUN (a public address)",
                vec![mdns(1), mdns(2), v4(CandidateType::Srflx)],
            ),
            (
                "+ TURN (a relay)",
                vec![
                    mdns(1),
                    mdns(2),
                    v4(CandidateType::Srflx),
                    v4(CandidateType::Relay),
                ],
            ),
        ];
        for (what, candidates) in cases {
            let signal = Signal {
                candidates,
                ..base.clone()
            };
            let bytes = signal.encode().len();
            let chars = (bytes * 4).div_ceil(3);
            println!(
                "{what}: {bytes} bytes, {chars} characters; SDP {} characters",
                signal.sdp().len()
            );
            assert!(chars < 200, "{what}: {chars}");
        }
    }

    #[test]
    fn an_answer_keeps_its_role() {
        let answer = CHROMIUM_OFFER.replace("a=setup:actpass", "a=setup:active");
        let signal = Signal::from_sdp(&answer, Kind::Answer { passive: false }, 1, 1).unwrap();
        assert_eq!(signal.kind, Kind::Answer { passive: false });
        assert!(signal.sdp().contains("a=setup:active\r\n"));
        let passive = CHROMIUM_OFFER.replace("a=setup:actpass", "a=setup:passive");
        let signal = Signal::from_sdp(&passive, Kind::Answer { passive: false }, 1, 1).unwrap();
        let back = Signal::decode(&signal.encode()).unwrap();
        assert_eq!(back.kind, Kind::Answer { passive: true });
    }

    #[test]
    fn a_cut_changed_or_foreign_signal_is_refused() {
        let bytes = Signal::from_sdp(CHROMIUM_OFFER, Kind::Offer, 7, 1)
            .unwrap()
            .encode();
        for cut in [0, 1, 10, bytes.len() - 1] {
            assert_eq!(Signal::decode(&bytes[..cut]), Err(SignalError::Malformed));
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(Signal::decode(&longer), Err(SignalError::Malformed));
        let mut newer = bytes.clone();
        newer[0] = 9;
        assert_eq!(Signal::decode(&newer), Err(SignalError::NewerFormat(9)));
        let mut bad_ufrag = bytes;
        bad_ufrag[12] = b' ';
        assert_eq!(Signal::decode(&bad_ufrag), Err(SignalError::Malformed));
        assert_eq!(
            Signal::from_sdp("v=0\r\n", Kind::Offer, 1, 1),
            Err(SignalError::Missing("ICE user fragment"))
        );
    }

    /// Credentials a browser's `setRemoteDescription` would refuse (RFC
    /// 8839 §5.4) are refused by the decoder, in the page's words.
    #[test]
    fn credentials_a_browser_refuses_are_refused() {
        // An invitation with an empty user fragment and password.
        let empty = "AQAHAAAAAAAAAAEAAKurq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urAQDAqAECiBM";
        let bytes = crate::link::base64url_decode(empty).unwrap();
        assert_eq!(Signal::decode(&bytes), Err(SignalError::Malformed));
        let base = Signal::from_sdp(CHROMIUM_OFFER, Kind::Offer, 7, 1).unwrap();
        for (ufrag, pwd, fits) in [
            ("SErr", "a".repeat(22), true),
            ("SEr", "a".repeat(22), false),
            ("SErr", "a".repeat(21), false),
            ("SErr", String::new(), false),
        ] {
            let signal = Signal {
                ufrag: ufrag.into(),
                pwd: pwd.clone(),
                ..base.clone()
            };
            assert_eq!(
                Signal::decode(&signal.encode()).is_ok(),
                fits,
                "{ufrag} {pwd}"
            );
            let sdp = signal.sdp();
            assert_eq!(
                Signal::from_sdp(&sdp, Kind::Offer, 7, 1).is_ok(),
                fits,
                "{sdp}"
            );
        }
    }

    #[test]
    fn stun_and_turn_addresses_are_read_or_named_when_wrong() {
        assert_eq!(ice_servers("  "), Ok(vec![]));
        assert_eq!(
            ice_servers("stun:stun.example.org:3478, turn:ann:secret@turn.example.org:3478"),
            Ok(vec![
                IceServer {
                    url: "stun:stun.example.org:3478".into(),
                    username: None,
                    credential: None,
                },
                IceServer {
                    url: "turn:turn.example.org:3478".into(),
                    username: Some("ann".into()),
                    credential: Some("secret".into()),
                },
            ])
        );
        assert_eq!(
            ice_servers("turn:turn.example.org"),
            Err("turn:turn.example.org".into())
        );
        assert_eq!(
            ice_servers("http://example.org"),
            Err("http://example.org".into())
        );
    }
}
