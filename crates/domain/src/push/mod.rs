//! Web Push: telling a person's devices of their games while no page of the site is open
//! (RFC 8030), the message encrypted for the device alone (RFC 8291) and signed by this server
//! (VAPID, RFC 8292), so that a push service delivers it only from us.
//!
//! - [`vapid`]: the server's key pair and the signature a push service checks.
//! - [`subscription`]: a device's subscription as its browser gives it, checked.
//! - [`message`]: what a push says, and its encryption for one device.

pub mod message;
pub mod subscription;
pub mod vapid;
