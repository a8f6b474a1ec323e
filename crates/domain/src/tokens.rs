//! Secrets from the operating system: session, CSRF, invitation and API tokens, and game seeds.

use rand_core::{OsRng, RngCore};

/// 256 random bits from the operating system, as hex: session, CSRF and invitation tokens.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

/// `bytes` in lowercase hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A secret game seed from the operating system.
pub fn random_seed() -> u64 {
    OsRng.next_u64()
}

/// What every API token begins with, so that one pasted where it does not belong is recognised.
pub const API_TOKEN_PREFIX: &str = "hvb_";

/// A new API token's secret.
pub fn new_api_token() -> String {
    format!("{API_TOKEN_PREFIX}{}", random_token())
}

/// What is stored of an API token: a hash of it. The secret is 256 random bits, so a plain
/// SHA-256 is enough (a password hash would guard a guessable secret, and slow every request).
pub fn api_token_hash(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(b"helvetia api token\0")
        .chain_update(secret.as_bytes())
        .finalize();
    hex(&digest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_fresh_hex() {
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn an_api_token_is_kept_as_a_hash_that_tells_tokens_apart() {
        let (a, b) = (new_api_token(), new_api_token());
        assert!(a.starts_with(API_TOKEN_PREFIX) && a.len() == API_TOKEN_PREFIX.len() + 64);
        assert_eq!(api_token_hash(&a), api_token_hash(&a.clone()));
        assert_ne!(api_token_hash(&a), api_token_hash(&b));
        assert!(!api_token_hash(&a).contains(&a[API_TOKEN_PREFIX.len()..]));
    }
}
