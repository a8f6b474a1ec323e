//! What a push tells a device, and its encryption for that device alone (RFC 8291,
//! `aes128gcm`): a title, a line, the page it opens (the game), and a tag, under which a newer
//! message of the same game replaces an older one on the device instead of piling up.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};

use super::subscription::Subscription;

/// A push message as the service worker reads it (`docs/api.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushMessage {
    /// The notification's title.
    pub title: String,
    /// Its line.
    pub body: String,
    /// The site's path a click opens (`/games/{id}`).
    pub url: String,
    /// Messages of one tag replace each other (`game-{id}`).
    pub tag: String,
    /// The game it tells of.
    pub game: String,
    /// What it tells of: `your_turn`, `game_started`, `game_ended`, `clock_low`, …
    pub kind: String,
}

impl PushMessage {
    /// The message encrypted for `device`, the body of the push request.
    ///
    /// # Errors
    /// A stored key that does not decode (it was checked when stored).
    pub fn encrypted_for(&self, device: &Subscription) -> Result<Vec<u8>, String> {
        let key = URL_SAFE_NO_PAD
            .decode(&device.p256dh)
            .map_err(|e| e.to_string())?;
        let public = p256::PublicKey::from_sec1_bytes(&key).map_err(|e| e.to_string())?;
        let secret = URL_SAFE_NO_PAD
            .decode(&device.auth)
            .map_err(|e| e.to_string())?;
        if secret.len() != 16 {
            return Err("an authentication secret of 16 bytes".into());
        }
        let auth = web_push_native::Auth::clone_from_slice(&secret);
        let json = serde_json::to_vec(self).expect("a message serializes");
        web_push_native::encrypt(json, &public, &auth).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use p256::elliptic_curve::sec1::ToEncodedPoint;

    #[test]
    fn only_the_device_reads_its_message() {
        let device_secret = p256::SecretKey::random(&mut rand_core::OsRng);
        let auth = [9u8; 16];
        let device = Subscription {
            endpoint: "https://push.example.net/x".into(),
            p256dh: URL_SAFE_NO_PAD.encode(
                device_secret
                    .public_key()
                    .to_encoded_point(false)
                    .as_bytes(),
            ),
            auth: URL_SAFE_NO_PAD.encode(auth),
        };
        let message = PushMessage {
            title: "Helvetia".into(),
            body: "Your turn in game abc".into(),
            url: "/games/abc".into(),
            tag: "game-abc".into(),
            game: "abc".into(),
            kind: "your_turn".into(),
        };
        let sealed = message.encrypted_for(&device).unwrap();
        assert!(!sealed
            .windows(b"Your turn".len())
            .any(|w| w == b"Your turn"));
        let opened = web_push_native::decrypt(
            sealed.clone(),
            &device_secret,
            &web_push_native::Auth::clone_from_slice(&auth),
        )
        .unwrap();
        assert_eq!(
            serde_json::from_slice::<PushMessage>(&opened).unwrap(),
            message
        );
        let stranger = p256::SecretKey::random(&mut rand_core::OsRng);
        assert!(web_push_native::decrypt(
            sealed,
            &stranger,
            &web_push_native::Auth::clone_from_slice(&auth)
        )
        .is_err());
    }
}
