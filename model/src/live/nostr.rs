//! Play live over public Nostr relays: the events and the messages, pure
//! (no browser here; the relays' WebSockets are the adapter's).
//!
//! What it covers:
//! - Keys (BIP-340): a secp256k1 secret key from 32 random bytes that the
//!   caller gives ([`Keys::from_secret_bytes`]), and its x-only public key
//!   as lowercase hex.
//! - Events (NIP-01): [`Event`], its `id` (the SHA-256 of the serialized
//!   `[0,pubkey,created_at,kind,tags,content]`, [`id_preimage`]) and its
//!   `sig` (BIP-340 Schnorr signature of the id's 32 bytes, with the
//!   caller's auxiliary randomness): [`Event::sign`], [`Event::verify`].
//! - Client to relay (NIP-01): `EVENT`, `REQ` with one [`Filter`] (kinds,
//!   single-letter tag values, since, limit) and `CLOSE`
//!   ([`ClientMessage`]).
//! - Relay to client (NIP-01): `EVENT`, `OK`, `EOSE`, `CLOSED` and `NOTICE`
//!   ([`RelayMessage::parse`]); anything else is an error, never a panic.
//!
//! Not covered: other filter fields (`ids`, `authors`, `until`), several
//! filters in one `REQ`, `AUTH` and `COUNT`, bech32 keys (NIP-19), and
//! encrypted content.
//!
//! The serialization of an id follows NIP-01's rules: no whitespace, UTF-8,
//! and in strings `\n`, `\"`, `\\`, `\r`, `\t`, `\b` and `\f` escaped, all
//! other characters as they are. NIP-01 lists no escape for the other
//! control characters (U+0000 to U+001F) and says "verbatim", which would be
//! invalid JSON; `JSON.stringify` and serde_json, which most clients and
//! relays use, write them `\u00xx` (lowercase hex), and so does this
//! module, so that an id agrees with theirs (a test checks every character
//! against serde_json).

// Until the relay adapter uses it, only the tests do.

use std::fmt::{self, Write as _};

use k256::schnorr::{Signature, SigningKey, VerifyingKey};
use k256::FieldBytes;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// A Nostr identity: a secp256k1 secret key and its x-only public key.
/// Its `Debug` shows the public key only.
#[derive(Clone)]
pub struct Keys {
    signing: SigningKey,
    public_hex: String,
}

/// 32 bytes that are no secp256k1 secret key: zero, or not below the
/// curve's order (for random bytes, a chance of about 2^-128).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidSecretKey;

impl Keys {
    /// The key pair whose secret key is `secret` (big-endian): pass 32
    /// bytes from a cryptographic random source for a fresh identity.
    pub fn from_secret_bytes(secret: [u8; 32]) -> Result<Keys, InvalidSecretKey> {
        let signing =
            SigningKey::from_bytes(&FieldBytes::from(secret)).map_err(|_| InvalidSecretKey)?;
        let public_hex = to_hex(&signing.verifying_key().to_bytes());
        Ok(Keys {
            signing,
            public_hex,
        })
    }

    /// The x-only public key (BIP-340), 64 lowercase hex digits: an
    /// event's `pubkey`.
    pub fn public_key_hex(&self) -> &str {
        &self.public_hex
    }

    /// The BIP-340 signature of `message` with auxiliary randomness
    /// `aux_rand`.
    fn sign_schnorr(&self, message: &[u8], aux_rand: &[u8; 32]) -> [u8; 64] {
        // BIP-340's Sign(sk, m, a) with the caller's `a` (k256's signing
        // traits draw it from a random generator). It fails only if a hash
        // reduces to zero modulo the curve's order (a chance of 2^-256).
        self.signing
            .sign_raw(message, aux_rand)
            .expect("a BIP-340 nonce or signature is zero")
            .to_bytes()
    }
}

impl fmt::Debug for Keys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Keys")
            .field("public", &self.public_hex)
            .finish_non_exhaustive()
    }
}

/// Whether `signature` is a valid BIP-340 signature of `message` by the
/// x-only public key `public`.
fn verify_schnorr(
    public: &[u8; 32],
    message: &[u8],
    signature: &[u8; 64],
) -> Result<(), EventError> {
    let key = VerifyingKey::from_bytes(&FieldBytes::from(*public))
        .map_err(|_| EventError::InvalidPublicKey)?;
    let signature = Signature::from_bytes(signature).map_err(|_| EventError::InvalidSignature)?;
    key.verify_raw(message, &signature)
        .map_err(|_| EventError::InvalidSignature)
}

/// A Nostr event (NIP-01), its fields named as on the wire. `id`, `pubkey`
/// and `sig` are lowercase hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub id: String,
    pub pubkey: String,
    pub created_at: u64,
    pub kind: u16,
    pub tags: Vec<Vec<String>>,
    pub content: String,
    pub sig: String,
}

/// Why an event does not verify.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventError {
    /// The field (`id`, `pubkey` or `sig`) is not lowercase hex of its
    /// length.
    NotHex(&'static str),
    /// The `id` is not the hash of the event's fields.
    WrongId,
    /// The `pubkey` is no x coordinate of a point on the curve.
    InvalidPublicKey,
    /// The `sig` is not the public key's signature of the id.
    InvalidSignature,
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::NotHex(field) => write!(f, "the event's {field} is not lowercase hex"),
            EventError::WrongId => f.write_str("the event's id is not the hash of its fields"),
            EventError::InvalidPublicKey => f.write_str("the event's pubkey is not a public key"),
            EventError::InvalidSignature => f.write_str("the event's signature does not verify"),
        }
    }
}

impl Event {
    /// The event of `keys` with these fields, its id computed and signed
    /// with auxiliary randomness `aux_rand` (32 fresh random bytes; any
    /// bytes give a valid signature, fresh ones protect the key against
    /// side channels).
    pub fn sign(
        keys: &Keys,
        created_at: u64,
        kind: u16,
        tags: Vec<Vec<String>>,
        content: String,
        aux_rand: [u8; 32],
    ) -> Event {
        let pubkey = keys.public_key_hex().to_owned();
        let id = event_hash(&pubkey, created_at, kind, &tags, &content);
        let sig = keys.sign_schnorr(&id, &aux_rand);
        Event {
            id: to_hex(&id),
            pubkey,
            created_at,
            kind,
            tags,
            content,
            sig: to_hex(&sig),
        }
    }

    /// Checks that the id is the hash of the fields and that the signature
    /// is the public key's signature of it.
    pub fn verify(&self) -> Result<(), EventError> {
        let id: [u8; 32] = from_hex(&self.id).ok_or(EventError::NotHex("id"))?;
        let pubkey: [u8; 32] = from_hex(&self.pubkey).ok_or(EventError::NotHex("pubkey"))?;
        let sig: [u8; 64] = from_hex(&self.sig).ok_or(EventError::NotHex("sig"))?;
        let hash = event_hash(
            &self.pubkey,
            self.created_at,
            self.kind,
            &self.tags,
            &self.content,
        );
        if hash != id {
            return Err(EventError::WrongId);
        }
        verify_schnorr(&pubkey, &id, &sig)
    }
}

/// The SHA-256 of an event's [`id_preimage`].
fn event_hash(
    pubkey: &str,
    created_at: u64,
    kind: u16,
    tags: &[Vec<String>],
    content: &str,
) -> [u8; 32] {
    let preimage = id_preimage(pubkey, created_at, kind, tags, content);
    Sha256::digest(preimage.as_bytes()).into()
}

/// What an event's id is the hash of (NIP-01):
/// `[0,<pubkey>,<created_at>,<kind>,<tags>,<content>]` as compact JSON,
/// strings escaped as [`push_json_string`] does.
pub fn id_preimage(
    pubkey: &str,
    created_at: u64,
    kind: u16,
    tags: &[Vec<String>],
    content: &str,
) -> String {
    let mut out = String::with_capacity(96 + content.len() + 80 * tags.len());
    out.push_str("[0,");
    push_json_string(&mut out, pubkey);
    // Writing to a String cannot fail.
    let _ = write!(out, ",{created_at},{kind},[");
    for (i, tag) in tags.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('[');
        for (j, item) in tag.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            push_json_string(&mut out, item);
        }
        out.push(']');
    }
    out.push_str("],");
    push_json_string(&mut out, content);
    out.push(']');
    out
}

/// Appends `text` as a JSON string in NIP-01's form: `"`, `\`, line feed,
/// carriage return, tab, backspace and form feed escaped by their short
/// escapes, the other control characters as `\u00xx`, everything else as
/// it is (no `\u` escape for non-ASCII, `/` not escaped).
fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c < ' ' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Lowercase hex of `bytes`.
pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 * bytes.len());
    for byte in bytes {
        out.push(char::from(DIGITS[usize::from(byte >> 4)]));
        out.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    out
}

/// The `N` bytes written as `2 * N` lowercase hex digits in `text`, or
/// `None` (uppercase is refused: NIP-01's hex is lowercase).
pub fn from_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let digits = text.as_bytes();
    if digits.len() != 2 * N {
        return None;
    }
    let mut out = [0u8; N];
    for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = (hex_digit(pair[0])? << 4) | hex_digit(pair[1])?;
    }
    Some(out)
}

fn hex_digit(digit: u8) -> Option<u8> {
    match digit {
        b'0'..=b'9' => Some(digit - b'0'),
        b'a'..=b'f' => Some(digit - b'a' + 10),
        _ => None,
    }
}

/// What a subscription asks for (a NIP-01 filter, the fields used here).
/// An event matches if it matches every field given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// The kinds (`kinds`); empty: any kind (left out of the JSON).
    pub kinds: Vec<u16>,
    /// Per tag letter (a–z, A–Z), the values one of which the event's tag
    /// of that letter must have (`"#x": [...]`).
    pub tags: Vec<(char, Vec<String>)>,
    /// Events created at or after this time (`since`, Unix seconds).
    pub since: Option<u64>,
    /// At most this many stored events (`limit`).
    pub limit: Option<u64>,
}

impl Filter {
    /// The filter as a JSON object.
    pub fn to_value(&self) -> Value {
        let mut object = Map::new();
        if !self.kinds.is_empty() {
            object.insert("kinds".into(), Value::from(self.kinds.clone()));
        }
        for (letter, values) in &self.tags {
            object.insert(format!("#{letter}"), Value::from(values.clone()));
        }
        if let Some(since) = self.since {
            object.insert("since".into(), Value::from(since));
        }
        if let Some(limit) = self.limit {
            object.insert("limit".into(), Value::from(limit));
        }
        Value::Object(object)
    }

    #[cfg(test)]
    /// Reads a filter written by [`Filter::to_value`]; any other field is
    /// an error (so nothing is dropped unseen).
    pub fn from_value(value: &Value) -> Result<Filter, MessageError> {
        let object = value.as_object().ok_or(MessageError::Field("filter"))?;
        let mut filter = Filter::default();
        for (key, item) in object {
            match key.as_str() {
                "kinds" => filter.kinds = read_kinds(item)?,
                "since" => filter.since = Some(item.as_u64().ok_or(MessageError::Field("since"))?),
                "limit" => filter.limit = Some(item.as_u64().ok_or(MessageError::Field("limit"))?),
                _ => filter.tags.push(read_tag_filter(key, item)?),
            }
        }
        Ok(filter)
    }
}

#[cfg(test)]
fn read_kinds(value: &Value) -> Result<Vec<u16>, MessageError> {
    let items = value.as_array().ok_or(MessageError::Field("kinds"))?;
    items
        .iter()
        .map(|kind| {
            kind.as_u64()
                .and_then(|kind| u16::try_from(kind).ok())
                .ok_or(MessageError::Field("kinds"))
        })
        .collect()
}

#[cfg(test)]
/// A `"#x": ["value", ...]` field of a filter.
fn read_tag_filter(key: &str, value: &Value) -> Result<(char, Vec<String>), MessageError> {
    let mut chars = key.chars();
    let letter = match (chars.next(), chars.next(), chars.next()) {
        (Some('#'), Some(letter), None) if letter.is_ascii_alphabetic() => letter,
        _ => return Err(MessageError::Field("filter")),
    };
    let values = string_array(value).ok_or(MessageError::Field("filter"))?;
    Ok((letter, values))
}

#[cfg(test)]
fn string_array(value: &Value) -> Option<Vec<String>> {
    value
        .as_array()?
        .iter()
        .map(|item| item.as_str().map(str::to_owned))
        .collect()
}

/// Why a message from a relay (or a client) cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageError {
    /// Not JSON text.
    NotJson,
    /// Not a JSON array whose first item is a string.
    NotMessage,
    /// A message type this module does not read (the type).
    UnknownType(String),
    /// A field missing or of the wrong shape (which).
    Field(&'static str),
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageError::NotJson => f.write_str("not JSON"),
            MessageError::NotMessage => f.write_str("not a Nostr message"),
            MessageError::UnknownType(kind) => write!(f, "unknown message type {kind:?}"),
            MessageError::Field(field) => write!(f, "bad or missing {field}"),
        }
    }
}

/// A message from a client to a relay (NIP-01).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMessage {
    /// `["EVENT", <event>]`: publish the event.
    Event(Event),
    /// `["REQ", <subscription>, <filter>]`: send the stored events that
    /// match, then the new ones, until `CLOSE`. The subscription id is
    /// 1 to 64 characters.
    Req {
        subscription: String,
        filter: Filter,
    },
    /// `["CLOSE", <subscription>]`: end the subscription.
    Close(String),
}

impl ClientMessage {
    /// The message as JSON text, for the relay's WebSocket.
    pub fn to_json(&self) -> String {
        match self {
            ClientMessage::Event(event) => json_text(&("EVENT", event)),
            ClientMessage::Req {
                subscription,
                filter,
            } => json_text(&("REQ", subscription, filter.to_value())),
            ClientMessage::Close(subscription) => json_text(&("CLOSE", subscription)),
        }
    }

    #[cfg(test)]
    /// Reads a client's message (what a relay does; for tests and test
    /// relays).
    pub fn parse(text: &str) -> Result<ClientMessage, MessageError> {
        let (kind, items) = split_message(text)?;
        match kind.as_str() {
            "EVENT" => Ok(ClientMessage::Event(read_event(items.get(1))?)),
            "REQ" => Ok(ClientMessage::Req {
                subscription: read_string(items.get(1), "subscription")?,
                filter: Filter::from_value(items.get(2).ok_or(MessageError::Field("filter"))?)?,
            }),
            "CLOSE" => Ok(ClientMessage::Close(read_string(
                items.get(1),
                "subscription",
            )?)),
            _ => Err(MessageError::UnknownType(kind)),
        }
    }
}

/// A message from a relay to a client (NIP-01). Parsing does not verify
/// an event's signature: [`Event::verify`] does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayMessage {
    /// `["EVENT", <subscription>, <event>]`: an event that matches the
    /// subscription.
    Event { subscription: String, event: Event },
    /// `["OK", <event id>, <accepted>, <message>]`: whether the relay took
    /// the event published, and why not (`"prefix: words"`).
    Ok {
        event_id: String,
        accepted: bool,
        message: String,
    },
    /// `["EOSE", <subscription>]`: the stored events were all sent; the
    /// next ones are new.
    Eose { subscription: String },
    /// `["CLOSED", <subscription>, <message>]`: the relay ended or refused
    /// the subscription, and why.
    Closed {
        subscription: String,
        message: String,
    },
    /// `["NOTICE", <message>]`: words for a person.
    Notice { message: String },
}

impl RelayMessage {
    /// Reads a relay's message. Any text that is not one of the five
    /// messages is an error. A missing `OK` or `CLOSED` message reads as
    /// empty (older relays leave it out); items after the last are ignored.
    pub fn parse(text: &str) -> Result<RelayMessage, MessageError> {
        let (kind, items) = split_message(text)?;
        let string = |index: usize, field| read_string(items.get(index), field);
        let optional = |index: usize, field| match items.get(index) {
            None => Ok(String::new()),
            item => read_string(item, field),
        };
        match kind.as_str() {
            "EVENT" => Ok(RelayMessage::Event {
                subscription: string(1, "subscription")?,
                event: read_event(items.get(2))?,
            }),
            "OK" => Ok(RelayMessage::Ok {
                event_id: string(1, "event id")?,
                accepted: items
                    .get(2)
                    .and_then(Value::as_bool)
                    .ok_or(MessageError::Field("accepted"))?,
                message: optional(3, "message")?,
            }),
            "EOSE" => Ok(RelayMessage::Eose {
                subscription: string(1, "subscription")?,
            }),
            "CLOSED" => Ok(RelayMessage::Closed {
                subscription: string(1, "subscription")?,
                message: optional(2, "message")?,
            }),
            "NOTICE" => Ok(RelayMessage::Notice {
                message: string(1, "message")?,
            }),
            _ => Err(MessageError::UnknownType(kind)),
        }
    }

    #[cfg(test)]
    /// The message as JSON text (what a relay sends; for tests and test
    /// relays).
    pub fn to_json(&self) -> String {
        match self {
            RelayMessage::Event {
                subscription,
                event,
            } => json_text(&("EVENT", subscription, event)),
            RelayMessage::Ok {
                event_id,
                accepted,
                message,
            } => json_text(&("OK", event_id, accepted, message)),
            RelayMessage::Eose { subscription } => json_text(&("EOSE", subscription)),
            RelayMessage::Closed {
                subscription,
                message,
            } => json_text(&("CLOSED", subscription, message)),
            RelayMessage::Notice { message } => json_text(&("NOTICE", message)),
        }
    }
}

/// A message as compact JSON text (an array: a tuple of strings, numbers,
/// events and filters, which serde_json always writes).
fn json_text(message: &impl Serialize) -> String {
    serde_json::to_string(message).unwrap_or_default()
}

/// The message's type (its first item) and all its items.
fn split_message(text: &str) -> Result<(String, Vec<Value>), MessageError> {
    let value: Value = serde_json::from_str(text).map_err(|_| MessageError::NotJson)?;
    let Value::Array(items) = value else {
        return Err(MessageError::NotMessage);
    };
    let kind = items
        .first()
        .and_then(Value::as_str)
        .ok_or(MessageError::NotMessage)?
        .to_owned();
    Ok((kind, items))
}

fn read_string(item: Option<&Value>, field: &'static str) -> Result<String, MessageError> {
    item.and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or(MessageError::Field(field))
}

fn read_event(item: Option<&Value>) -> Result<Event, MessageError> {
    let item = item.ok_or(MessageError::Field("event"))?;
    Event::deserialize(item).map_err(|_| MessageError::Field("event"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes<const N: usize>(hex: &str) -> [u8; N] {
        from_hex(&hex.to_ascii_lowercase()).expect("test hex")
    }

    /// BIP-340's test vectors 0–3 (bip-0340/test-vectors.csv): secret key,
    /// public key, aux_rand, message, signature.
    const SIGNING_VECTORS: [[&str; 5]; 4] = [
        [
            "0000000000000000000000000000000000000000000000000000000000000003",
            "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9",
            "0000000000000000000000000000000000000000000000000000000000000000",
            "0000000000000000000000000000000000000000000000000000000000000000",
            "E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0",
        ],
        [
            "B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF",
            "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
            "0000000000000000000000000000000000000000000000000000000000000001",
            "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
            "6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE33418906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A",
        ],
        [
            "C90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B14E5C9",
            "DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8",
            "C87AA53824B4D7AE2EB035A2B5BBBCCC080E76CDC6D1692C4B0B62D798E6D906",
            "7E2D58D8B3BCDF1ABADEC7829054F90DDA9805AAB56C77333024B9D0A508B75C",
            "5831AAEED7B44BB74E5EAB94BA9D4294C49BCF2A60728D8B4C200F50DD313C1BAB745879A5AD954A72C45A91C3A51D3C7ADEA98D82F8481E0E1E03674A6F3FB7",
        ],
        [
            "0B432B2677937381AEF05BB02A66ECD012773062CF3FA2549E44F58ED2401710",
            "25D1DFF95105F5253C4022F628A996AD3A0D95FBF21D468A1B33F8C160D8F517",
            "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
            "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
            "7EB0509757E246F19449885651611CB965ECC1A187DD51B64FDA1EDC9637D5EC97582B9CB13DB3933705B32BA982AF5AF25FD78881EBB32771FC5922EFC66EA3",
        ],
    ];

    #[test]
    fn signs_bip340_vectors_0_to_3() {
        for (index, [secret, public, aux, message, signature]) in SIGNING_VECTORS.iter().enumerate()
        {
            let keys = Keys::from_secret_bytes(bytes(secret)).unwrap();
            assert_eq!(
                keys.public_key_hex(),
                public.to_ascii_lowercase(),
                "vector {index}"
            );
            let message: [u8; 32] = bytes(message);
            let signed = keys.sign_schnorr(&message, &bytes(aux));
            assert_eq!(
                to_hex(&signed),
                signature.to_ascii_lowercase(),
                "vector {index}"
            );
            assert_eq!(
                verify_schnorr(&bytes(public), &message, &signed),
                Ok(()),
                "vector {index}"
            );
        }
    }

    /// BIP-340's test vectors 4–14: public key, message, signature, whether
    /// it verifies (the comment says why not).
    const VERIFICATION_VECTORS: [(&str, &str, &str, bool); 11] = [
        ("D69C3509BB99E412E68B0FE8544E72837DFA30746D8BE2AA65975F29D22DC7B9", "4DF3C3F68FCC83B27E9D42C90431A72499F17875C81A599B566C9889B9696703", "00000000000000000000003B78CE563F89A0ED9414F5AA28AD0D96D6795F9C6376AFB1548AF603B3EB45C9F8207DEE1060CB71C04E80F593060B07D28308D7F4", true),
        // The public key is not on the curve.
        ("EEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B", false),
        // R has an odd y.
        ("DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "FFF97BD5755EEEA420453A14355235D382F6472F8568A18B2F057A14602975563CC27944640AC607CD107AE10923D9EF7A73C643E166BE5EBEAFA34B1AC553E2", false),
        // The message is negated.
        ("DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "1FA62E331EDBC21C394792D2AB1100A7B432B013DF3F6FF4F99FCB33E0E1515F28890B3EDB6E7189B630448B515CE4F8622A954CFE545735AAEA5134FCCDB2BD", false),
        // s is negated.
        ("DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769961764B3AA9B2FFCB6EF947B6887A226E8D7C93E00C5ED0C1834FF0D0C2E6DA6", false),
        // sG - eP is infinite (x(inf) taken as 0).
        ("DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "0000000000000000000000000000000000000000000000000000000000000000123DDA8328AF9C23A94C1FEECFD123BA4FB73476F0D594DCB65C6425BD186051", false),
        // sG - eP is infinite (x(inf) taken as 1).
        ("DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "00000000000000000000000000000000000000000000000000000000000000017615FBAF5AE28864013C099742DEADB4DBA87F11AC6754F93780D5A1837CF197", false),
        // sig[0:32] is not the x of a point on the curve.
        ("DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "4A298DACAE57395A15D0795DDBFD1DCB564DA82B0F269BC70A74F8220429BA1D69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B", false),
        // sig[0:32] is the field's size.
        ("DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B", false),
        // sig[32:64] is the curve's order.
        ("DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", false),
        // The public key exceeds the field's size.
        ("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30", "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89", "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B", false),
    ];

    #[test]
    fn verifies_bip340_vectors_4_to_14() {
        for (index, (public, message, signature, valid)) in VERIFICATION_VECTORS.iter().enumerate()
        {
            let result = verify_schnorr(&bytes(public), &bytes::<32>(message), &bytes(signature));
            assert_eq!(result.is_ok(), *valid, "vector {}: {result:?}", index + 4);
        }
    }

    #[test]
    fn refuses_secret_keys_out_of_range() {
        assert_eq!(
            Keys::from_secret_bytes([0; 32]).unwrap_err(),
            InvalidSecretKey
        );
        let order = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141";
        assert!(Keys::from_secret_bytes(bytes(order)).is_err());
        let below = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140";
        assert!(Keys::from_secret_bytes(bytes(below)).is_ok());
        let keys = Keys::from_secret_bytes([7; 32]).unwrap();
        assert!(!format!("{keys:?}").contains(&to_hex(&[7; 32])));
    }

    /// Events published on relays, as they came (with their `\u` escapes).
    const PUBLISHED: [&str; 5] = [
        r#"{"id":"2be17aa3031bdcb006f0fce80c146dea9c1c0268b0af2398bb673365c6444d45","pubkey":"f86c44a2de95d9149b51c6a29afeabba264c18e2fa7c49de93424a0c56947785","created_at":1640839235,"kind":4,"tags":[["p","13adc511de7e1cfcf1c6b7f6365fb5a03442d7bcacf565ea57fa7770912c023d"]],"content":"uRuvYr585B80L6rSJiHocw==?iv=oh6LVqdsYYol3JfFnXTbPA==","sig":"a5d9290ef9659083c490b303eb7ee41356d8778ff19f2f91776c8dc4443388a64ffcf336e61af4c25c05ac3ae952d1ced889ed655b67790891222aaa15b99fdd"}"#,
        r#"{"id":"dc90c95f09947507c1044e8f48bcf6350aa6bff1507dd4acfc755b9239b5c962","pubkey":"3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d","created_at":1644271588,"kind":1,"tags":[],"content":"now that https://blueskyweb.org/blog/2-7-2022-overview was announced we can stop working on nostr?","sig":"230e9d8f0ddaf7eb70b5f7741ccfa37e87a455c9a469282e3464e2052d3192cd63a167e196e381ef9d7e69e9ea43af2443b839974dc85d8aaab9efe1d9296524"}"#,
        r#"{"id":"cd720b23163210ebddec88bc4e74d83c9667cdf11b95d376865315c686ed34eb","pubkey":"11d0b66747887ba9a6d34b23eb31287374b45b1a1b161eac54cb183c53e00ef7","created_at":1684947090,"kind":1,"tags":[["e","f9f30e37adffe3afe12fda2f8db4502ece334f261273a9a0be7e8adb29b35145"],["p","9eefd04d32ab5da8de12d7b83201578ea095a676acf3a692ec1b0b202ae4e16f"]],"content":"I'll take a large lill\u00f6rdag please.\n\n\ud83d\ude0e\ud83e\udd19\ud83d\udc47\ud83c\udf7b\n\nnostr:nevent1qqs0nucwx7kllca0uyha5tudk3gzan3nfunpyuaf5zl8azkm9xe4z3gpzamhxue69uhhyetvv9ujumn0wd68ytnzv9hxgtczyz0wl5zdx244m2x7zttmsvsp2782p9dxw6k08f5jasdskgp2unsk7qcyqqqqqqgncdx20","sig":"6c66e42dd481a0769148be33932a643672710f0ed83eeaaf4af5fe0f53e52b810a924ba2498354b8b00a54f065f4de0d92c42c70fdb39a2da67ac97baf4f9ae0"}"#,
        r#"{"id":"625ba707cfc86917dffc74fcae56568145485edee0f1a643c52f700fdcfff80a","pubkey":"96246920aa53df6684e8e38f02410740df9128b7edc69692a5bc5f744ec1ed6c","created_at":1731881616,"kind":1,"tags":[["e","5e09e6e46b84e89e40376f4900b4db68d8bb5b21148d1ccd06366bcedcd3957b","","root"],["e","cc461c45910ce1701232989c281cdce64e469b1cbf607c9d60e390ffd81bc26e","","reply"],["p","1bc70a0148b3f316da33fe3c89f23e3e71ac4ff998027ec712b905cd24f6a411"],["p","4ebc934523666c79d2f7b05fe727354d6862a3e5ebb3408b37d77b15d842e0f3"]],"content":"Not with actual flames, I hope 😦 he’s not so bad 🙏🏽","sig":"05dffbc19797efc549323fde5479e9efd4ca80683fc5344ae27d6e44abae025ec3efe8d62ab5747984fea5b92a5f7743178ce28eddf416dbe0011dd2141f8a4f"}"#,
        r#"{"id":"1d0d5d4b0a5a38c36d3feb2f7e7cd5ceb6fe1a9c2b34296dfcf3abcfbef8041f","pubkey":"1c6cb22996baabe921bcd45c8b6213b2dab096f88e4ba5678d43d195a1868551","created_at":1731881768,"kind":1,"tags":[],"content":"🐻 Short Rekt: 173,800,000 sats on Bybit @ $90030.80 💀\n\nThis degen just lost $156,473.53.\n\nyour crystal ball is broken","sig":"b8d1c4728162cbcb49dfa53f950f958fc8f211af62f6defab26cdf9351c15490136b0563d6a4073155a6c063f6a4662b17085e6678929cf18431a17d2ce6bfef"}"#,
    ];

    fn published(index: usize) -> Event {
        serde_json::from_str(PUBLISHED[index]).expect("a published event")
    }

    #[test]
    fn verifies_published_events() {
        for (index, text) in PUBLISHED.iter().enumerate() {
            let event = published(index);
            let hash = event_hash(
                &event.pubkey,
                event.created_at,
                event.kind,
                &event.tags,
                &event.content,
            );
            assert_eq!(to_hex(&hash), event.id, "event {index}");
            assert_eq!(event.verify(), Ok(()), "event {index}");
            // Its JSON has NIP-01's field names.
            let again: Value = serde_json::to_value(&event).unwrap();
            assert_eq!(
                again,
                serde_json::from_str::<Value>(text).unwrap(),
                "event {index}"
            );
        }
    }

    #[test]
    fn tampered_events_do_not_verify() {
        let mut event = published(2);
        event.content.push(' ');
        assert_eq!(event.verify(), Err(EventError::WrongId));

        let mut event = published(3);
        event.tags[0][2] = "wss://relay.example".into();
        assert_eq!(event.verify(), Err(EventError::WrongId));

        // A consistent id with another's signature.
        let mut event = published(0);
        event.sig = published(1).sig;
        assert_eq!(event.verify(), Err(EventError::InvalidSignature));

        let mut event = published(1);
        event.id = event.id.to_ascii_uppercase();
        assert_eq!(event.verify(), Err(EventError::NotHex("id")));
        let mut event = published(1);
        event.sig.pop();
        assert_eq!(event.verify(), Err(EventError::NotHex("sig")));
        let mut event = published(1);
        event.pubkey = "eefdea4cdb677750a420fee807eacf21eb9898ae79b9768766e4faa04a2d4a34".into();
        event.id = to_hex(&event_hash(
            &event.pubkey,
            event.created_at,
            event.kind,
            &event.tags,
            &event.content,
        ));
        assert_eq!(event.verify(), Err(EventError::InvalidPublicKey));
    }

    #[test]
    fn signs_events_that_verify() {
        let keys = Keys::from_secret_bytes([0x42; 32]).unwrap();
        let tags = vec![vec!["p".to_owned(), keys.public_key_hex().to_owned()]];
        let content = "offer:\n\t\"v=0\" \\ é 😎\r\u{8}\u{c}\u{1}/".to_owned();
        let event = Event::sign(
            &keys,
            1_700_000_000,
            21059,
            tags.clone(),
            content.clone(),
            [9; 32],
        );
        assert_eq!(event.verify(), Ok(()));
        assert_eq!((event.kind, event.created_at), (21059, 1_700_000_000));
        assert_eq!((&event.tags, &event.content), (&tags, &content));
        assert_eq!(event.pubkey, keys.public_key_hex());
        // The same inputs, the same event; other auxiliary bytes, another
        // signature of the same id.
        assert_eq!(
            Event::sign(
                &keys,
                1_700_000_000,
                21059,
                tags.clone(),
                content.clone(),
                [9; 32]
            ),
            event
        );
        let other = Event::sign(&keys, 1_700_000_000, 21059, tags, content, [10; 32]);
        assert_eq!(other.id, event.id);
        assert_ne!(other.sig, event.sig);
        assert_eq!(other.verify(), Ok(()));
        // Through JSON and back, it still verifies.
        let again: Event = serde_json::from_str(&serde_json::to_string(&event).unwrap()).unwrap();
        assert_eq!(again.verify(), Ok(()));
    }

    #[test]
    fn serializes_ids_as_nip01_says() {
        let tags = vec![vec!["x".to_owned(), "a\"b".to_owned()], vec![]];
        let content = "line\nquote\" back\\ tab\t cr\r bs\u{8} ff\u{c} nul\u{0} us\u{1f} del\u{7f} é ü 日本 😎 \u{2028} </script>";
        let expected = concat!(
            r#"[0,"ab",1,65535,[["x","a\"b"],[]],"#,
            r#""line\nquote\" back\\ tab\t cr\r bs\b ff\f nul\u0000 us\u001f del"#,
            "\u{7f} é ü 日本 😎 \u{2028} </script>\"]"
        );
        assert_eq!(id_preimage("ab", 1, 65535, &tags, content), expected);
        let empty = id_preimage("ab", 0, 0, &[], "");
        assert_eq!(empty, r#"[0,"ab",0,0,[],""]"#);
    }

    #[test]
    fn escapes_every_character_as_serde_json_does() {
        // serde_json, JSON.stringify and the relays' libraries agree with
        // NIP-01's list, and write the other control characters `\u00xx`.
        let every: String = (0..=0x10FFFF).filter_map(char::from_u32).collect();
        let mut ours = String::new();
        push_json_string(&mut ours, &every);
        assert_eq!(ours, serde_json::to_string(&every).unwrap());
        let tags = vec![vec![every.clone()]];
        let theirs = serde_json::to_string(&(0, "ab", 5u64, 1u16, &tags, &every)).unwrap();
        assert_eq!(id_preimage("ab", 5, 1, &tags, &every), theirs);
    }

    #[test]
    fn hex_round_trips_and_refuses_what_is_not_lowercase_hex() {
        let all: Vec<u8> = (0..=255).collect();
        let text = to_hex(&all);
        assert_eq!(&text[..8], "00010203");
        assert_eq!(from_hex::<256>(&text).unwrap().to_vec(), all);
        assert_eq!(from_hex::<2>("0aFf"), None);
        assert_eq!(from_hex::<2>("0a f"), None);
        assert_eq!(from_hex::<2>("0aff0"), None);
        assert_eq!(from_hex::<2>("0ag0"), None);
        assert_eq!(from_hex::<2>("é0a"), None);
    }

    fn filter() -> Filter {
        Filter {
            kinds: vec![21059, 1],
            tags: vec![
                ('p', vec!["ab".into(), "cd".into()]),
                ('x', vec!["game-7".into()]),
            ],
            since: Some(1_700_000_000),
            limit: Some(20),
        }
    }

    #[test]
    fn writes_and_reads_client_messages() {
        let req = ClientMessage::Req {
            subscription: "live-1".into(),
            filter: filter(),
        };
        let text = req.to_json();
        assert_eq!(
            text,
            r##"["REQ","live-1",{"#p":["ab","cd"],"#x":["game-7"],"kinds":[21059,1],"limit":20,"since":1700000000}]"##
        );
        assert_eq!(ClientMessage::parse(&text), Ok(req));

        let close = ClientMessage::Close("live-1".into());
        assert_eq!(close.to_json(), r#"["CLOSE","live-1"]"#);
        assert_eq!(ClientMessage::parse(&close.to_json()), Ok(close));

        let event = ClientMessage::Event(published(3));
        let text = event.to_json();
        assert!(text.starts_with(r#"["EVENT",{"id":"625ba707"#), "{text}");
        assert_eq!(ClientMessage::parse(&text), Ok(event));

        let bare = ClientMessage::Req {
            subscription: "s".into(),
            filter: Filter::default(),
        };
        assert_eq!(bare.to_json(), r#"["REQ","s",{}]"#);
        assert_eq!(ClientMessage::parse(&bare.to_json()), Ok(bare));
    }

    #[test]
    fn refuses_filters_it_does_not_read() {
        for text in [
            r#"["REQ","s",{"authors":["ab"]}]"#,
            r##"["REQ","s",{"#pp":["ab"]}]"##,
            r##"["REQ","s",{"#1":["ab"]}]"##,
            r##"["REQ","s",{"#p":"ab"}]"##,
            r#"["REQ","s",{"kinds":[70000]}]"#,
            r#"["REQ","s",{"since":-1}]"#,
            r#"["REQ","s"]"#,
            r#"["REQ","s",[]]"#,
        ] {
            assert!(ClientMessage::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn reads_relay_messages() {
        let event = published(4);
        let text = format!(r#"["EVENT","live-1",{}]"#, PUBLISHED[4]);
        let read = RelayMessage::parse(&text).unwrap();
        assert_eq!(
            read,
            RelayMessage::Event {
                subscription: "live-1".into(),
                event: event.clone()
            }
        );
        assert_eq!(RelayMessage::parse(&read.to_json()), Ok(read));
        assert_eq!(
            RelayMessage::parse(
                r#"["OK","b1a649ebe8",false,"rate-limited: slow down there chief"]"#
            ),
            Ok(RelayMessage::Ok {
                event_id: "b1a649ebe8".into(),
                accepted: false,
                message: "rate-limited: slow down there chief".into()
            })
        );
        assert_eq!(
            RelayMessage::parse(r#" [ "OK" , "b1" , true ] "#),
            Ok(RelayMessage::Ok {
                event_id: "b1".into(),
                accepted: true,
                message: String::new()
            })
        );
        assert_eq!(
            RelayMessage::parse(r#"["EOSE","live-1"]"#),
            Ok(RelayMessage::Eose {
                subscription: "live-1".into()
            })
        );
        assert_eq!(
            RelayMessage::parse(r#"["CLOSED","sub1","error: shutting down idle subscription"]"#),
            Ok(RelayMessage::Closed {
                subscription: "sub1".into(),
                message: "error: shutting down idle subscription".into()
            })
        );
        assert_eq!(
            RelayMessage::parse(r#"["NOTICE","hello \u00e9",1]"#),
            Ok(RelayMessage::Notice {
                message: "hello é".into()
            })
        );
        for message in [
            RelayMessage::Ok {
                event_id: event.id.clone(),
                accepted: true,
                message: String::new(),
            },
            RelayMessage::Closed {
                subscription: "s".into(),
                message: "blocked: \"no\"\n".into(),
            },
            RelayMessage::Notice {
                message: "😎".into(),
            },
        ] {
            assert_eq!(RelayMessage::parse(&message.to_json()), Ok(message));
        }
    }

    #[test]
    fn refuses_what_is_no_relay_message() {
        let cases: [(&str, MessageError); 12] = [
            ("", MessageError::NotJson),
            ("[\"EOSE\",\"s\"", MessageError::NotJson),
            ("{\"EOSE\":\"s\"}", MessageError::NotMessage),
            ("[]", MessageError::NotMessage),
            ("[1,\"s\"]", MessageError::NotMessage),
            (
                "[\"AUTH\",\"challenge\"]",
                MessageError::UnknownType("AUTH".into()),
            ),
            ("[\"eose\",\"s\"]", MessageError::UnknownType("eose".into())),
            ("[\"EOSE\"]", MessageError::Field("subscription")),
            (
                "[\"OK\",\"id\",\"true\",\"\"]",
                MessageError::Field("accepted"),
            ),
            ("[\"CLOSED\",\"s\",5]", MessageError::Field("message")),
            (
                "[\"EVENT\",\"s\",{\"id\":\"x\"}]",
                MessageError::Field("event"),
            ),
            ("[\"NOTICE\",null]", MessageError::Field("message")),
        ];
        for (text, error) in cases {
            assert_eq!(RelayMessage::parse(text), Err(error), "{text}");
        }
        // An event whose kind or time is out of range.
        let too_big = PUBLISHED[1].replace("\"kind\":1", "\"kind\":65536");
        assert!(RelayMessage::parse(&format!("[\"EVENT\",\"s\",{too_big}]")).is_err());
        let negative = PUBLISHED[1].replace("1644271588", "-1");
        assert!(RelayMessage::parse(&format!("[\"EVENT\",\"s\",{negative}]")).is_err());
        let deep = "[".repeat(100_000);
        assert_eq!(RelayMessage::parse(&deep), Err(MessageError::NotJson));
    }

    /// xorshift64*: the fuzz test's repeatable randomness.
    struct Noise(u64);

    impl Noise {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn below(&mut self, bound: usize) -> usize {
            (self.next() % bound as u64) as usize
        }
    }

    /// Texts made of JSON pieces, and valid messages cut or with a byte
    /// changed: each read is an error or a message that reads back the
    /// same, never a panic.
    #[test]
    fn garbage_is_an_error_never_a_panic() {
        const PIECES: [&str; 24] = [
            "[",
            "]",
            "{",
            "}",
            ",",
            ":",
            "\"EVENT\"",
            "\"OK\"",
            "\"EOSE\"",
            "\"CLOSED\"",
            "\"NOTICE\"",
            "\"s\"",
            "true",
            "false",
            "null",
            "0",
            "-1",
            "1e999",
            "18446744073709551616",
            "\"id\"",
            "\"kind\"",
            "\"\\ud800\"",
            "\"\\u0000\"",
            "\u{fffd}",
        ];
        let valid = [
            format!(r#"["EVENT","s",{}]"#, PUBLISHED[3]),
            r#"["OK","ab",true,"duplicate: have it"]"#.to_owned(),
            r#"["CLOSED","s","error: x"]"#.to_owned(),
            r#"["EOSE","s"]"#.to_owned(),
            r#"["NOTICE","n"]"#.to_owned(),
        ];
        let mut noise = Noise(0x9E37_79B9_7F4A_7C15);
        let read = |text: &str| {
            if let Ok(message) = RelayMessage::parse(text) {
                assert_eq!(
                    RelayMessage::parse(&message.to_json()),
                    Ok(message),
                    "{text}"
                );
            }
            let _ = ClientMessage::parse(text);
        };
        for _ in 0..20_000 {
            let count = 1 + noise.below(12);
            let text: String = (0..count)
                .map(|_| PIECES[noise.below(PIECES.len())])
                .collect();
            read(&text);
        }
        for message in &valid {
            for end in 0..message.len() {
                read(&String::from_utf8_lossy(&message.as_bytes()[..end]));
            }
            for _ in 0..2_000 {
                let mut bytes = message.clone().into_bytes();
                let at = noise.below(bytes.len());
                bytes[at] = noise.next() as u8;
                read(&String::from_utf8_lossy(&bytes));
            }
        }
        for _ in 0..2_000 {
            let bytes: Vec<u8> = (0..noise.below(64)).map(|_| noise.next() as u8).collect();
            read(&String::from_utf8_lossy(&bytes));
        }
    }
}
