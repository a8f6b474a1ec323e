//! When a message that did not go out is tried again: mail, webhook deliveries and Web Push
//! wait twice as long after each failure, from a first wait up to a longest, and give the
//! message up after a number of attempts.

/// A sender's rule for trying again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    /// The wait after the first failure, in milliseconds.
    pub first_ms: i64,
    /// The longest wait: the doubling stops there.
    pub longest_ms: i64,
    /// Attempts in all before the message is given up.
    pub attempts: u32,
}

impl Backoff {
    /// The wait before the next attempt after one more failure, when `failed_before`
    /// attempts had failed already; none when that failure was the last attempt allowed.
    #[must_use]
    pub fn next_wait_ms(&self, failed_before: u32) -> Option<i64> {
        if failed_before.saturating_add(1) >= self.attempts {
            return None;
        }
        let doubled = self.first_ms.saturating_mul(1_i64 << failed_before.min(62));
        Some(doubled.min(self.longest_ms))
    }
}

#[cfg(test)]
mod tests {
    use super::Backoff;

    #[test]
    fn the_wait_doubles_up_to_the_longest_and_the_last_attempt_gives_up() {
        let backoff = Backoff {
            first_ms: 1_000,
            longest_ms: 5_000,
            attempts: 5,
        };
        let waits: Vec<_> = (0..6).map(|failed| backoff.next_wait_ms(failed)).collect();
        assert_eq!(
            waits,
            [
                Some(1_000),
                Some(2_000),
                Some(4_000),
                Some(5_000),
                None,
                None
            ]
        );
        let long = Backoff {
            first_ms: i64::MAX / 2,
            longest_ms: i64::MAX,
            attempts: u32::MAX,
        };
        assert_eq!(long.next_wait_ms(u32::MAX - 2), Some(i64::MAX));
        assert_eq!(long.next_wait_ms(u32::MAX), None);
    }
}
