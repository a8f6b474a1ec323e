//! A device's push subscription as its browser gives it (`PushSubscription.toJSON()`): the push
//! service's endpoint, and the device's P-256 key and authentication secret that the messages
//! are encrypted for. Checked before it is stored, so that the sender never meets a key it
//! cannot use.

use base64::engine::general_purpose::{URL_SAFE, URL_SAFE_NO_PAD};
use base64::Engine;

/// Longest endpoint accepted (the big push services' are about 200 characters).
pub const MAX_ENDPOINT: usize = 1024;

/// A checked subscription.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    /// Where messages are posted.
    pub endpoint: String,
    /// The device's public key, base64url (65 bytes: an uncompressed P-256 point).
    pub p256dh: String,
    /// The device's authentication secret, base64url (16 bytes).
    pub auth: String,
}

/// Why a subscription was refused: an error code (`docs/api.md`).
pub type Refused = &'static str;

/// Whether `endpoint` may be a push service's address: `https` (or `http` with `allow_http`),
/// printable ASCII only, at most [`MAX_ENDPOINT`] bytes, with an origin.
///
/// # Errors
/// `push-endpoint`.
pub fn check_endpoint(endpoint: &str, allow_http: bool) -> Result<(), Refused> {
    let scheme_ok =
        endpoint.starts_with("https://") || (allow_http && endpoint.starts_with("http://"));
    let plain = endpoint.chars().all(|c| c.is_ascii_graphic());
    if !scheme_ok
        || !plain
        || endpoint.len() > MAX_ENDPOINT
        || super::vapid::origin(endpoint).is_none()
    {
        return Err("push-endpoint");
    }
    Ok(())
}

impl Subscription {
    /// `endpoint`, `p256dh` and `auth` as a browser sent them, checked. The endpoint must be
    /// `https` (as every push service's is), or `http` where the operator allows private
    /// addresses (a push service stand-in on a test machine).
    ///
    /// # Errors
    /// `push-endpoint` or `push-keys`.
    pub fn checked(
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        allow_http: bool,
    ) -> Result<Subscription, Refused> {
        check_endpoint(endpoint, allow_http)?;
        let key = decode(p256dh).ok_or("push-keys")?;
        if key.len() != 65 || p256::PublicKey::from_sec1_bytes(&key).is_err() {
            return Err("push-keys");
        }
        let secret = decode(auth).ok_or("push-keys")?;
        if secret.len() != 16 {
            return Err("push-keys");
        }
        Ok(Subscription {
            endpoint: endpoint.to_string(),
            p256dh: URL_SAFE_NO_PAD.encode(key),
            auth: URL_SAFE_NO_PAD.encode(secret),
        })
    }
}

/// Base64url with or without padding (browsers write it without).
fn decode(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD
        .decode(text)
        .ok()
        .or_else(|| URL_SAFE.decode(text).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn device_key() -> String {
        use p256::elliptic_curve::sec1::ToEncodedPoint;
        let secret = p256::SecretKey::random(&mut rand_core::OsRng);
        URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes())
    }

    #[test]
    fn a_browsers_subscription_is_kept_and_anything_else_refused() {
        let key = device_key();
        let auth = URL_SAFE_NO_PAD.encode([7u8; 16]);
        let endpoint = "https://fcm.googleapis.com/fcm/send/abc:def";
        let ok = Subscription::checked(endpoint, &key, &auth, false).unwrap();
        assert_eq!(ok.endpoint, endpoint);
        assert_eq!(
            Subscription::checked("http://127.0.0.1:9/p", &key, &auth, false),
            Err("push-endpoint")
        );
        assert!(Subscription::checked("http://127.0.0.1:9/p", &key, &auth, true).is_ok());
        for bad in [
            "ftp://example.org/x",
            "https://user:pw@example.org/x",
            "https://example.org/a b",
            "javascript:alert(1)",
        ] {
            assert_eq!(
                Subscription::checked(bad, &key, &auth, true),
                Err("push-endpoint"),
                "{bad}"
            );
        }
        let long = format!("https://example.org/{}", "x".repeat(MAX_ENDPOINT));
        assert_eq!(
            Subscription::checked(&long, &key, &auth, false),
            Err("push-endpoint")
        );
        let short_auth = URL_SAFE_NO_PAD.encode([7u8; 8]);
        let not_a_point = URL_SAFE_NO_PAD.encode([4u8; 65]);
        for (p256dh, secret) in [
            (key.as_str(), short_auth.as_str()),
            (not_a_point.as_str(), auth.as_str()),
            ("%%%", auth.as_str()),
        ] {
            assert_eq!(
                Subscription::checked(endpoint, p256dh, secret, false),
                Err("push-keys")
            );
        }
    }
}
