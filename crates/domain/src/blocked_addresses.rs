//! Client addresses refused for a while without looking anything up: an address that has spent
//! its budget of wrong API tokens is refused until the budget allows another try, whatever
//! token it shows, so that tokens cannot be guessed faster than that and wrong ones cost the
//! database nothing.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The addresses refused, each until an instant.
#[derive(Default)]
pub struct BlockedAddresses {
    until: Mutex<HashMap<IpAddr, Instant>>,
}

impl BlockedAddresses {
    /// How long `address` is still refused at `now`, if it is.
    pub fn refuses(&self, address: IpAddr, now: Instant) -> Option<Duration> {
        let until = *self.lock().get(&address)?;
        (until > now).then(|| until - now)
    }

    /// Refuses `address` until `until` (a later block replaces an earlier one).
    pub fn block(&self, address: IpAddr, until: Instant) {
        let mut blocked = self.lock();
        let entry = blocked.entry(address).or_insert(until);
        *entry = (*entry).max(until);
    }

    /// Forgets the blocks that ended by `now`, so that the map holds only those in force.
    pub fn forget_ended(&self, now: Instant) {
        self.lock().retain(|_, until| *until > now);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Instant>> {
        // A panic while holding the lock cannot leave the map half-changed.
        self.until
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_refused_until_its_block_ends_and_then_forgotten() {
        let blocked = BlockedAddresses::default();
        let address: IpAddr = "192.0.2.7".parse().unwrap();
        let other: IpAddr = "192.0.2.8".parse().unwrap();
        let now = Instant::now();
        assert_eq!(blocked.refuses(address, now), None);
        blocked.block(address, now + Duration::from_secs(3));
        assert_eq!(
            blocked.refuses(address, now + Duration::from_secs(1)),
            Some(Duration::from_secs(2))
        );
        assert_eq!(blocked.refuses(other, now), None);
        // An earlier end does not shorten a block in force.
        blocked.block(address, now + Duration::from_secs(1));
        assert!(blocked
            .refuses(address, now + Duration::from_secs(2))
            .is_some());
        assert_eq!(blocked.refuses(address, now + Duration::from_secs(3)), None);
        blocked.forget_ended(now + Duration::from_secs(3));
        assert!(blocked.lock().is_empty());
    }
}
