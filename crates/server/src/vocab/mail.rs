//! Emails (the reminders of turn-based games) over SMTP, through `lettre`: a maintained
//! client (SMTP with STARTTLS or TLS, sign-in, timeouts, address checks, message
//! encoding), where a hand-written one would get the protocol's and the headers' corners
//! wrong. One connection per email (reminders are few).

use crate::vocab::config::{MailConfig, MailTls};
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::Tls;
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::Duration;

/// Why an email could not be sent, or its server not be set up.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The sender's address (`--smtp-from`) is no address.
    #[error("the sender {0:?} is no email address: {1}")]
    From(String, String),
    /// The server's name or TLS settings were refused.
    #[error("the mail server: {0}")]
    Server(String),
    /// The email could not be made (an address, a header).
    #[error("the email: {0}")]
    Message(String),
    /// The server did not take it.
    #[error("the mail server did not take the email: {0}")]
    Send(String),
}

/// How long a mail server has to answer each step.
const TIMEOUT: Duration = Duration::from_secs(20);

/// Sends emails through one SMTP server.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mailer(from {})", self.from)
    }
}

impl Mailer {
    /// A mailer of the server `c` (nothing is sent, nor connected to, yet).
    pub fn new(c: &MailConfig) -> Result<Mailer, MailError> {
        let from: Mailbox = c.from.parse().map_err(|e: lettre::address::AddressError| {
            MailError::From(c.from.clone(), e.to_string())
        })?;
        let server = |e: lettre::transport::smtp::Error| MailError::Server(e.to_string());
        let builder = match c.tls {
            MailTls::Tls => {
                AsyncSmtpTransport::<Tokio1Executor>::relay(&c.server).map_err(server)?
            }
            MailTls::StartTls => {
                AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&c.server).map_err(server)?
            }
            MailTls::None => {
                AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&c.server).tls(Tls::None)
            }
        };
        // relay() is TLS from the first byte, starttls_relay() requires STARTTLS; both
        // check the server's certificate against its name
        let mut builder = builder.port(c.port).timeout(Some(TIMEOUT));
        if let Some((user, password)) = &c.login {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Ok(Mailer {
            transport: builder.build(),
            from,
        })
    }

    /// Sends `body` (plain text) to `to` under `subject`.
    pub async fn send(&self, to: &str, subject: &str, body: String) -> Result<(), MailError> {
        let to: Mailbox = to
            .parse()
            .map_err(|e: lettre::address::AddressError| MailError::Message(e.to_string()))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(lettre::message::header::ContentType::TEXT_PLAIN)
            .body(body)
            .map_err(|e| MailError::Message(e.to_string()))?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| MailError::Send(e.to_string()))
    }
}

/// The most characters of an email address people may give.
pub const MAX_ADDRESS: usize = 254;

/// An email address as people give it, checked (`lettre::Address`: a local part, `@`, a
/// domain), without the white space around it.
///
/// ```
/// use tessera_server::vocab::mail::address;
/// assert_eq!(address(" ann@example.org ").unwrap(), "ann@example.org");
/// assert!(address("ann").is_err());
/// assert!(address("ann@").is_err());
/// assert!(address("a b@example.org").is_err());
/// ```
pub fn address(text: &str) -> Result<String, tessera_games::Msg> {
    let t = text.trim();
    if t.chars().count() > MAX_ADDRESS {
        return Err(tessera_games::words!("email-too-long", max = MAX_ADDRESS));
    }
    t.parse::<Address>()
        .map(|a| a.to_string())
        .map_err(|e| tessera_games::words!("email-invalid", address = t, why = e.to_string()))
}
