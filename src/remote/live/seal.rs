//! A room's notes sealed for the relays, with the browser's WebCrypto: the
//! relays carry them but cannot read them.
//!
//! - the key: HKDF-SHA-256 of the link's secret (salt `majesty-live`, info
//!   the room's name as its link writes it) into an AES-GCM 256-bit key;
//! - a sealed note: base64url (no padding) of a random 12-byte IV followed by
//!   AES-GCM's ciphertext and 16-byte tag;
//! - the room's tag on the relays: SHA-256 of `majesty-live/<room>`, in hex
//!   ([`super::room::topic_source`]).
//!
//! `docs/live.md` says the same, so that anyone can check what is sent.

use js_sys::{Array, Object, Promise, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AesDerivedKeyParams, AesGcmParams, CryptoKey, HkdfParams, SubtleCrypto};

use crate::model::link::{base64url_decode, base64url_encode};

const SALT: &[u8] = b"majesty-live";
const IV_BYTES: usize = 12;

/// A room's key.
#[derive(Clone)]
pub struct Seal {
    key: CryptoKey,
}

fn subtle() -> Result<SubtleCrypto, String> {
    let crypto = web_sys::window()
        .ok_or("no window")?
        .crypto()
        .map_err(|_| "no WebCrypto")?;
    Ok(crypto.subtle())
}

async fn wait(promise: Result<Promise, JsValue>) -> Result<JsValue, String> {
    let promise = promise.map_err(|e| format!("{e:?}"))?;
    JsFuture::from(promise).await.map_err(|e| format!("{e:?}"))
}

fn usages(names: &[&str]) -> JsValue {
    names
        .iter()
        .map(|n| JsValue::from_str(n))
        .collect::<Array>()
        .into()
}

fn bytes(data: &[u8]) -> Object {
    Uint8Array::from(data).into()
}

/// HKDF-SHA-256's parameters.
fn hkdf(salt: &[u8], info: &[u8]) -> HkdfParams {
    HkdfParams::new("HKDF", &"SHA-256".into(), &bytes(info), &bytes(salt))
}

async fn hkdf_base(secret: &[u8]) -> Result<CryptoKey, String> {
    let subtle = subtle()?;
    let base = subtle.import_key_with_str(
        "raw",
        &bytes(secret),
        "HKDF",
        false,
        &usages(&["deriveKey", "deriveBits"]),
    );
    Ok(wait(base).await?.unchecked_into())
}

impl Seal {
    /// The key of `room` (its name as the link writes it) from its secret.
    pub async fn derive(secret: &[u8], room: &str) -> Result<Seal, String> {
        let base = hkdf_base(secret).await?;
        let aes = AesDerivedKeyParams::new("AES-GCM", 256);
        let key = subtle()?.derive_key_with_object_and_object(
            &hkdf(SALT, room.as_bytes()),
            &base,
            &aes,
            false,
            &usages(&["encrypt", "decrypt"]),
        );
        Ok(Seal {
            key: wait(key).await?.unchecked_into(),
        })
    }

    /// `text` sealed (a fresh random IV each time).
    pub async fn seal(&self, text: &str) -> Result<String, String> {
        let mut iv = [0u8; IV_BYTES];
        getrandom::fill(&mut iv).map_err(|e| e.to_string())?;
        self.seal_with(iv, text).await
    }

    async fn seal_with(&self, mut iv: [u8; IV_BYTES], text: &str) -> Result<String, String> {
        let params = AesGcmParams::new_with_u8_slice("AES-GCM", &mut iv);
        let sealed =
            subtle()?.encrypt_with_object_and_u8_array(&params, &self.key, text.as_bytes());
        let sealed = Uint8Array::new(&wait(sealed).await?).to_vec();
        Ok(base64url_encode(&[&iv[..], &sealed].concat()))
    }

    /// The text of a sealed note; an error if it was not sealed with this
    /// key, or was changed.
    pub async fn open(&self, sealed: &str) -> Result<String, String> {
        let data = base64url_decode(sealed).ok_or("not base64url")?;
        if data.len() < IV_BYTES + 16 {
            return Err("too short".into());
        }
        let (iv, body) = data.split_at(IV_BYTES);
        let mut iv = iv.to_vec();
        let params = AesGcmParams::new_with_u8_slice("AES-GCM", &mut iv);
        let plain = subtle()?.decrypt_with_object_and_u8_array(&params, &self.key, body);
        let plain = Uint8Array::new(&wait(plain).await?).to_vec();
        String::from_utf8(plain).map_err(|_| "not text".into())
    }
}

/// SHA-256 of `text`, in hex.
pub async fn sha256_hex(text: &str) -> Result<String, String> {
    let digest = subtle()?.digest_with_str_and_u8_array("SHA-256", text.as_bytes());
    let digest = Uint8Array::new(&wait(digest).await?).to_vec();
    Ok(digest.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn hex(text: &str) -> Vec<u8> {
        (0..text.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
            .collect()
    }

    /// RFC 5869, test case 1: the HKDF this module derives its key with.
    #[wasm_bindgen_test]
    async fn hkdf_gives_rfc_5869s_first_answer() {
        let base = hkdf_base(&[0x0b; 22]).await.unwrap();
        let params = hkdf(
            &hex("000102030405060708090a0b0c"),
            &hex("f0f1f2f3f4f5f6f7f8f9"),
        );
        let bits = subtle()
            .unwrap()
            .derive_bits_with_object(&params, &base, 42 * 8);
        let okm = Uint8Array::new(&wait(bits).await.unwrap()).to_vec();
        assert_eq!(
            okm,
            hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
        );
    }

    /// SHA-256 of "abc" (FIPS 180-2, appendix B.1).
    #[wasm_bindgen_test]
    async fn sha256_of_abc() {
        assert_eq!(
            sha256_hex("abc").await.unwrap(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[wasm_bindgen_test]
    async fn a_sealed_note_opens_with_its_rooms_key_only() {
        let seal = Seal::derive(&[7; 16], "room-a").await.unwrap();
        let sealed = seal.seal("{\"t\":\"here\"} é").await.unwrap();
        assert!(!sealed.contains("here"));
        assert_eq!(seal.open(&sealed).await.unwrap(), "{\"t\":\"here\"} é");
        let other_room = Seal::derive(&[7; 16], "room-b").await.unwrap();
        assert!(other_room.open(&sealed).await.is_err());
        let other_secret = Seal::derive(&[8; 16], "room-a").await.unwrap();
        assert!(other_secret.open(&sealed).await.is_err());
        // A changed byte is refused (the tag).
        let mut data = base64url_decode(&sealed).unwrap();
        data[14] ^= 1;
        assert!(seal.open(&base64url_encode(&data)).await.is_err());
        assert!(seal.open("short").await.is_err());
    }

    #[wasm_bindgen_test]
    async fn the_same_note_seals_differently_each_time() {
        let seal = Seal::derive(&[7; 16], "room-a").await.unwrap();
        assert_ne!(seal.seal("x").await.unwrap(), seal.seal("x").await.unwrap());
        // With a given IV, the layout: 12 bytes of IV, the text, a 16-byte tag.
        let sealed = seal.seal_with([1; 12], "abc").await.unwrap();
        let data = base64url_decode(&sealed).unwrap();
        assert_eq!(&data[..12], &[1; 12]);
        assert_eq!(data.len(), 12 + 3 + 16);
    }
}
