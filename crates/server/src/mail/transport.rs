//! Handing mails to the operator's SMTP server, with lettre.

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::compose::Letter;

/// A connection pool to the SMTP server and the sender's address.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may hold the SMTP password: never print it.
        write!(f, "Mailer(from {})", self.from)
    }
}

impl Mailer {
    /// A mailer for `smtp_url` (`smtp://host:port`, `smtp://host?tls=required` for STARTTLS,
    /// `smtps://user:password@host` for TLS), sending as `from` (`Name <address>`).
    ///
    /// # Errors
    /// The URL or the address does not parse.
    pub fn new(smtp_url: &str, from: &str) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|error| format!("--smtp-url: {error}"))?
            .build();
        let from = from
            .parse()
            .map_err(|error| format!("--mail-from {from:?}: {error}"))?;
        Ok(Mailer { transport, from })
    }

    /// Sends `letter` to `to`, written in `language`, with the headers that let mail programs
    /// offer one-click unsubscribing (RFC 8058) through `unsubscribe`.
    ///
    /// # Errors
    /// The address does not parse, or the SMTP server refused or could not be reached.
    pub async fn send(
        &self,
        to: &str,
        language: &str,
        letter: Letter,
        unsubscribe: &str,
    ) -> Result<(), String> {
        let to: Mailbox = to.parse().map_err(|error| format!("address: {error}"))?;
        let header = |name: &'static str, value: String| {
            HeaderValue::new(HeaderName::new_from_ascii_str(name), value)
        };
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(letter.subject)
            .header(ContentType::TEXT_PLAIN)
            .raw_header(header("Content-Language", language.to_string()))
            .raw_header(header("List-Unsubscribe", format!("<{unsubscribe}>")))
            .raw_header(header(
                "List-Unsubscribe-Post",
                "List-Unsubscribe=One-Click".into(),
            ))
            .raw_header(header("Auto-Submitted", "auto-generated".into()))
            .body(letter.body)
            .map_err(|error| format!("message: {error}"))?;
        self.transport
            .send(message)
            .await
            .map(drop)
            .map_err(|error| format!("SMTP: {error}"))
    }
}

/// Whether `address` is one mails can be sent to.
pub fn is_deliverable(address: &str) -> bool {
    address.len() <= 254 && address.parse::<lettre::Address>().is_ok()
}
