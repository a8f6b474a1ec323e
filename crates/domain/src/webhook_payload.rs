//! What a webhook sends: the body in the format the person chose (plain JSON, Discord, Slack,
//! ntfy), signed with the hook's secret as GitHub signs its webhooks: HMAC-SHA256 of the exact
//! body, in hex, as `sha256=<hex>` (the header `X-Helvetia-Signature-256`).

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::tokens::{hex, random_token};

/// The header that carries the signature.
pub const SIGNATURE_HEADER: &str = "X-Helvetia-Signature-256";
/// What every webhook secret begins with, so that one pasted where it does not belong is
/// recognised.
pub const SECRET_PREFIX: &str = "hvw_";

/// The shape of a webhook's body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookFormat {
    /// `{"event", "text", "url", …}`, for programs.
    Json,
    /// A Discord webhook: `{"content": …}`.
    Discord,
    /// A Slack incoming webhook: `{"text": …}`.
    Slack,
    /// An ntfy topic: the text as a plain body.
    Ntfy,
}

impl HookFormat {
    /// Every format, in the order the settings page offers them.
    pub const ALL: [HookFormat; 4] = [
        HookFormat::Json,
        HookFormat::Discord,
        HookFormat::Slack,
        HookFormat::Ntfy,
    ];

    /// The name stored and used by the API.
    pub fn as_str(self) -> &'static str {
        match self {
            HookFormat::Json => "json",
            HookFormat::Discord => "discord",
            HookFormat::Slack => "slack",
            HookFormat::Ntfy => "ntfy",
        }
    }

    /// The format of this name.
    pub fn parse(name: &str) -> Option<HookFormat> {
        HookFormat::ALL.into_iter().find(|f| f.as_str() == name)
    }

    /// The body's `Content-Type`.
    pub fn content_type(self) -> &'static str {
        match self {
            HookFormat::Ntfy => "text/plain; charset=utf-8",
            _ => "application/json",
        }
    }
}

/// What one delivery tells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookMessage<'a> {
    /// The kind of event (`your_turn`, `game_started`, `game_ended`, `clock_low`,
    /// `tournament_ended`, `rematch`).
    pub event: &'a str,
    /// One line in the person's language.
    pub text: &'a str,
    /// The page it is about (the game, or the tournament).
    pub url: &'a str,
    /// The game.
    pub game_id: &'a str,
    /// The person the hook belongs to.
    pub username: &'a str,
    /// When the event happened (RFC 3339).
    pub at: &'a str,
}

/// The body of `message` in `format`.
pub fn body(format: HookFormat, message: &HookMessage<'_>) -> Vec<u8> {
    let line = format!("{}\n{}", message.text, message.url);
    let value = match format {
        HookFormat::Json => serde_json::json!({
            "event": message.event,
            "text": message.text,
            "url": message.url,
            "game": message.game_id,
            "player": message.username,
            "at": message.at,
        }),
        // No mention in a name may ping a channel (`@everyone`).
        HookFormat::Discord => serde_json::json!({
            "content": line,
            "allowed_mentions": {"parse": []},
        }),
        HookFormat::Slack => serde_json::json!({ "text": slack_escaped(&line) }),
        HookFormat::Ntfy => return line.into_bytes(),
    };
    value.to_string().into_bytes()
}

/// Slack reads `<…>` as links and mentions: the three characters it asks to escape.
fn slack_escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The id of one delivery (the header `X-Helvetia-Delivery`), the same at every attempt, so
/// that a receiver can tell a retry from a new event: a hash of the hook and the event.
pub fn delivery_id(hook_id: &str, game_id: &str, event: &str, event_key: i64) -> String {
    use sha2::Digest;
    let digest = Sha256::new()
        .chain_update(format!("{hook_id}\0{game_id}\0{event}\0{event_key}"))
        .finalize();
    hex(&digest[..16])
}

/// A new secret for a hook: 256 random bits.
pub fn new_secret() -> String {
    format!("{SECRET_PREFIX}{}", random_token())
}

fn mac(secret: &str) -> Hmac<Sha256> {
    Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length")
}

/// The signature header's value for `body` under `secret`: `sha256=<hex>`.
pub fn signature(secret: &str, body: &[u8]) -> String {
    let mut mac = mac(secret);
    mac.update(body);
    format!("sha256={}", hex(&mac.finalize().into_bytes()))
}

/// Whether `header` is the signature of `body` under `secret` (compared in constant time), as
/// a receiver checks it.
pub fn verify(secret: &str, body: &[u8], header: &str) -> bool {
    let Some(hex_digest) = header.strip_prefix("sha256=") else {
        return false;
    };
    let Some(digest) = unhex(hex_digest) else {
        return false;
    };
    let mut mac = mac(secret);
    mac.update(body);
    mac.verify_slice(&digest).is_ok()
}

/// `text` as bytes, if it is hex digits in pairs (nothing else: no sign, no space).
fn unhex(text: &str) -> Option<Vec<u8>> {
    let digit = |c: u8| char::from(c).to_digit(16).map(|d| d as u8);
    text.as_bytes()
        .chunks(2)
        .map(|pair| match pair {
            [high, low] => Some((digit(*high)? << 4) | digit(*low)?),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message() -> HookMessage<'static> {
        HookMessage {
            event: "your_turn",
            text: "Helvetia: anna, it is your turn against <b>&bruno",
            url: "https://helvetia.example/games/g1",
            game_id: "g1",
            username: "anna",
            at: "2026-11-28T10:00:00Z",
        }
    }

    #[test]
    fn formats_round_trip_through_their_names() {
        for format in HookFormat::ALL {
            assert_eq!(HookFormat::parse(format.as_str()), Some(format));
        }
        assert_eq!(HookFormat::parse("xml"), None);
    }

    #[test]
    fn each_format_carries_the_text_and_the_link() {
        let json: serde_json::Value =
            serde_json::from_slice(&body(HookFormat::Json, &message())).unwrap();
        assert_eq!(json["event"], "your_turn");
        assert_eq!(json["url"], "https://helvetia.example/games/g1");
        assert_eq!(json["player"], "anna");
        let discord: serde_json::Value =
            serde_json::from_slice(&body(HookFormat::Discord, &message())).unwrap();
        let content = discord["content"].as_str().unwrap();
        assert!(content.starts_with("Helvetia: anna") && content.ends_with("/games/g1"));
        assert_eq!(discord["allowed_mentions"]["parse"], serde_json::json!([]));
        let slack: serde_json::Value =
            serde_json::from_slice(&body(HookFormat::Slack, &message())).unwrap();
        assert!(slack["text"]
            .as_str()
            .unwrap()
            .contains("&lt;b&gt;&amp;bruno"));
        let ntfy = String::from_utf8(body(HookFormat::Ntfy, &message())).unwrap();
        assert_eq!(
            ntfy,
            "Helvetia: anna, it is your turn against <b>&bruno\nhttps://helvetia.example/games/g1"
        );
        assert!(HookFormat::Ntfy.content_type().starts_with("text/plain"));
        assert_eq!(HookFormat::Slack.content_type(), "application/json");
    }

    #[test]
    fn a_delivery_keeps_its_id_and_another_has_another() {
        let id = delivery_id("h1", "g1", "your_turn", 7);
        assert_eq!(id.len(), 32);
        assert_eq!(id, delivery_id("h1", "g1", "your_turn", 7));
        assert_ne!(id, delivery_id("h1", "g1", "your_turn", 8));
        assert_ne!(id, delivery_id("h2", "g1", "your_turn", 7));
    }

    #[test]
    fn a_signature_verifies_under_its_secret_only() {
        // RFC 4231, test case 2.
        let known = signature("Jefe", b"what do ya want for nothing?");
        assert_eq!(
            known,
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        let secret = new_secret();
        assert!(secret.starts_with(SECRET_PREFIX) && secret.len() == SECRET_PREFIX.len() + 64);
        let body = body(HookFormat::Json, &message());
        let signed = signature(&secret, &body);
        assert!(verify(&secret, &body, &signed));
        assert!(!verify(&new_secret(), &body, &signed), "another secret");
        let mut changed = body.clone();
        changed[0] ^= 1;
        assert!(!verify(&secret, &changed, &signed), "another body");
        for broken in [
            "",
            "sha256=",
            "sha1=00",
            "sha256=zz",
            "sha256=abc",
            "sha256=+f",
        ] {
            assert!(!verify(&secret, &body, broken), "{broken:?}");
        }
    }
}
