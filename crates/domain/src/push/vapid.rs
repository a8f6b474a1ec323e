//! The server's VAPID key pair (RFC 8292): a P-256 key made once, at the first start, and kept
//! in the database so that every node signs with it. A browser subscribes with its public key
//! (`applicationServerKey`); the push service then accepts a message only with a token signed
//! by the private one, naming the push service's origin, an expiry and a contact.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use rand_core::OsRng;

/// How long a signature holds: RFC 8292 allows at most a day.
pub const TOKEN_SECONDS: i64 = 12 * 3600;

/// The server's key pair.
#[derive(Clone)]
pub struct VapidKeys {
    signing: SigningKey,
}

impl std::fmt::Debug for VapidKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the private key, even in a log.
        write!(f, "VapidKeys({})", self.public_key())
    }
}

impl VapidKeys {
    /// A new random key pair.
    pub fn generate() -> VapidKeys {
        VapidKeys {
            signing: SigningKey::random(&mut OsRng),
        }
    }

    /// The key pair of a stored private key (the 32 bytes of the scalar, base64url).
    ///
    /// # Errors
    /// A text that is not such a key.
    pub fn from_private(text: &str) -> Result<VapidKeys, String> {
        let bytes = URL_SAFE_NO_PAD
            .decode(text)
            .map_err(|e| format!("a stored VAPID key is not base64url: {e}"))?;
        let signing = SigningKey::from_slice(&bytes)
            .map_err(|e| format!("a stored VAPID key is not a P-256 key: {e}"))?;
        Ok(VapidKeys { signing })
    }

    /// The private key as it is stored (base64url of its 32 bytes).
    pub fn private_key(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.signing.to_bytes())
    }

    /// The public key as browsers take it (`applicationServerKey`): the uncompressed point,
    /// 65 bytes, base64url.
    pub fn public_key(&self) -> String {
        let point = self.signing.verifying_key().to_encoded_point(false);
        URL_SAFE_NO_PAD.encode(point.as_bytes())
    }

    /// The `Authorization` header of a message to `endpoint`: `vapid t=<token>, k=<key>`, the
    /// token valid until `now + TOKEN_SECONDS`, naming `subject` (a `mailto:` or `https:`
    /// contact) for the push service's operators.
    ///
    /// # Errors
    /// An endpoint without a scheme and host.
    pub fn authorization(&self, endpoint: &str, subject: &str, now: i64) -> Result<String, String> {
        let audience = origin(endpoint).ok_or_else(|| format!("no origin in {endpoint:?}"))?;
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": audience,
            "exp": now + TOKEN_SECONDS,
            "sub": subject,
        });
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{claims}");
        let signature: Signature = self.signing.sign(signed.as_bytes());
        // JWS (RFC 7515, ES256): the signature is r and s, 32 bytes each, not DER.
        let signature = URL_SAFE_NO_PAD.encode(signature.to_bytes());
        Ok(format!(
            "vapid t={signed}.{signature}, k={}",
            self.public_key()
        ))
    }
}

/// The origin of a URL (`https://push.example.net`, with its port when not the scheme's own),
/// the audience of a VAPID token.
pub fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?;
    let scheme = scheme.to_ascii_lowercase();
    if authority.is_empty()
        || authority.contains('@')
        || !matches!(scheme.as_str(), "http" | "https")
    {
        return None;
    }
    let authority = authority.to_ascii_lowercase();
    let default_port = if scheme == "https" { ":443" } else { ":80" };
    let authority = authority.strip_suffix(default_port).unwrap_or(&authority);
    Some(format!("{scheme}://{authority}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use p256::ecdsa::signature::Verifier;
    use p256::ecdsa::VerifyingKey;

    #[test]
    fn a_stored_key_signs_as_the_key_it_was() {
        let keys = VapidKeys::generate();
        let again = VapidKeys::from_private(&keys.private_key()).unwrap();
        assert_eq!(keys.public_key(), again.public_key());
        assert_eq!(URL_SAFE_NO_PAD.decode(keys.public_key()).unwrap().len(), 65);
        assert!(VapidKeys::from_private("not a key").is_err());
        assert!(!format!("{keys:?}").contains(&keys.private_key()));
    }

    #[test]
    fn the_token_names_the_push_services_origin_and_verifies_with_the_public_key() {
        let keys = VapidKeys::generate();
        let header = keys
            .authorization(
                "https://push.example.net:443/send/abc?x=1",
                "mailto:ops@example.org",
                1_000,
            )
            .unwrap();
        let rest = header.strip_prefix("vapid t=").unwrap();
        let (token, key) = rest.split_once(", k=").unwrap();
        assert_eq!(key, keys.public_key());
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let (_, claims) = signed.split_once('.').unwrap();
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(claims).unwrap()).unwrap();
        assert_eq!(claims["aud"], "https://push.example.net");
        assert_eq!(claims["exp"], 1_000 + TOKEN_SECONDS);
        assert_eq!(claims["sub"], "mailto:ops@example.org");
        let public = VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(key).unwrap()).unwrap();
        let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
        assert!(public.verify(signed.as_bytes(), &signature).is_ok());
        let other = VapidKeys::generate();
        let other_public =
            VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(other.public_key()).unwrap())
                .unwrap();
        assert!(other_public.verify(signed.as_bytes(), &signature).is_err());
    }

    #[test]
    fn origins_keep_a_port_that_is_not_the_schemes_own() {
        assert_eq!(
            origin("http://127.0.0.1:8123/push/1").as_deref(),
            Some("http://127.0.0.1:8123")
        );
        assert_eq!(
            origin("HTTPS://Fcm.GoogleAPIs.com/fcm/send/x").as_deref(),
            Some("https://fcm.googleapis.com")
        );
        assert_eq!(origin("ftp://example.org/x"), None);
        assert_eq!(origin("https://user@example.org/x"), None);
        assert_eq!(origin("https:///x"), None);
    }
}
