//! The flags of `tessera serve` for turn-based games: their caps (per account, per address,
//! in all), their invitations (how many wait, for how long), when a game nobody plays
//! ends, the emails of turns that waited (the SMTP server, off when `--smtp-server` is not
//! given; docs/operations.md, "Turn-based games and their emails"), and the accounts made
//! per address and day.

use crate::common::defaults;
use crate::limits::seconds;
use anyhow::{bail, Result};
use tessera_server::vocab::config::{Config, MailConfig, MailTls};

/// How the connection to the SMTP server is secured.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmtpTls {
    /// TLS from the first byte (port 465 by default).
    Tls,
    /// STARTTLS, required (port 587 by default).
    Starttls,
    /// No encryption: a relay on this machine, or a test's server (port 25 by default).
    None,
}

/// Turn-based games and their emails.
#[derive(clap::Args, Debug, Clone)]
pub struct TurnFlags {
    /// Turn-based games one account may sit at at once (over it a new one is refused
    /// with 429).
    #[arg(long, default_value_t = defaults().max_turn_games_per_account)]
    pub max_turn_games_per_account: usize,
    /// Turn-based games at once, all accounts together, invitations waiting included
    /// (over it: 503).
    #[arg(long, default_value_t = defaults().max_turn_games)]
    pub max_turn_games: usize,
    /// Turn-based games made from one address (an IPv4 address, an IPv6 /64) that are
    /// live or invitations waiting (over it a new one is refused with 429).
    #[arg(long, default_value_t = defaults().max_turn_games_per_address)]
    pub max_turn_games_per_address: usize,
    /// Invitations one account has made that wait for answers (over it: 429).
    #[arg(long, default_value_t = defaults().max_invitations_sent)]
    pub max_invitations_sent: usize,
    /// Invitations that wait for one account's answer (over it a new one to it: 429).
    #[arg(long, default_value_t = defaults().max_invitations_received)]
    pub max_invitations_received: usize,
    /// Seconds an invitation waits for its answers; then it ends, no game made (3 days).
    #[arg(long, default_value_t = defaults().invitation_expiry.as_secs_f64())]
    pub invitation_expiry: f64,
    /// A turn-based game ends (aborted, nobody wins) once every person's seat has let
    /// this many deadlines pass in a row with no move of any person in between (0: never).
    #[arg(long, default_value_t = defaults().turn_idle_deadlines)]
    pub turn_idle_deadlines: u32,
    /// Accounts made from one address (an IPv4 address, an IPv6 /64) in 24 hours (over
    /// it a sign-up is refused with 429).
    #[arg(long, default_value_t = defaults().max_signups_per_address)]
    pub max_signups_per_address: u64,
    /// Seconds a turn of a turn-based game waits before its person gets an email (their
    /// account has an address, and --smtp-server is set).
    #[arg(long, default_value_t = defaults().turn_mail_after.as_secs_f64())]
    pub turn_mail_after: f64,
    /// The most emails one account gets in 24 hours.
    #[arg(long, default_value_t = defaults().max_mails_per_day)]
    pub max_mails_per_day: u64,
    /// For tests: the seconds of a turn-based game's day (a game of 2 days per move gives
    /// each turn twice this).
    #[arg(long, default_value_t = defaults().turn_day.as_secs_f64())]
    pub turn_day: f64,
    /// The SMTP server that sends the emails of turns that waited (none: no emails).
    #[arg(long, value_name = "HOST")]
    pub smtp_server: Option<String>,
    /// Its port (default: 465 with --smtp-tls tls, 587 with starttls, 25 with none).
    #[arg(long)]
    pub smtp_port: Option<u16>,
    /// The emails' sender, `ADDRESS` or `NAME <ADDRESS>`.
    #[arg(long, value_name = "ADDRESS")]
    pub smtp_from: Option<String>,
    /// How the connection to the SMTP server is secured.
    #[arg(long, value_enum, default_value_t = SmtpTls::Starttls)]
    pub smtp_tls: SmtpTls,
    /// The user to sign in to the SMTP server as (its password from the environment
    /// variable TESSERA_SMTP_PASSWORD, never from the command line).
    #[arg(long)]
    pub smtp_user: Option<String>,
    /// The site's address as people reach it (`https://tessera.example.org`), for the
    /// emails' links (default: the HTTP port's own address).
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
}

impl TurnFlags {
    /// `config` with these settings; the mail server's checked (its sender an address).
    pub fn apply(&self, config: Config) -> Result<Config> {
        let mail = match &self.smtp_server {
            None => {
                if self.smtp_from.is_some() || self.smtp_user.is_some() {
                    bail!("--smtp-from and --smtp-user need --smtp-server");
                }
                None
            }
            Some(server) => {
                let Some(from) = self.smtp_from.clone() else {
                    bail!("--smtp-server needs --smtp-from (the emails' sender)");
                };
                let (tls, port) = match self.smtp_tls {
                    SmtpTls::Tls => (MailTls::Tls, 465),
                    SmtpTls::Starttls => (MailTls::StartTls, 587),
                    SmtpTls::None => (MailTls::None, 25),
                };
                let login = match &self.smtp_user {
                    None => None,
                    Some(user) => match std::env::var("TESSERA_SMTP_PASSWORD") {
                        Ok(p) => Some((user.clone(), p)),
                        Err(_) => {
                            bail!("--smtp-user needs TESSERA_SMTP_PASSWORD in the environment")
                        }
                    },
                };
                let c = MailConfig {
                    server: server.clone(),
                    port: self.smtp_port.unwrap_or(port),
                    from,
                    tls,
                    login,
                };
                tessera_server::vocab::mail::Mailer::new(&c)?;
                Some(c)
            }
        };
        if let Some(u) = &self.public_url {
            if !(u.starts_with("http://") || u.starts_with("https://")) {
                bail!("--public-url {u:?}: an http:// or https:// address");
            }
        }
        Ok(Config {
            max_turn_games_per_account: self.max_turn_games_per_account.max(1),
            max_turn_games: self.max_turn_games.max(1),
            max_turn_games_per_address: self.max_turn_games_per_address.max(1),
            max_invitations_sent: self.max_invitations_sent,
            max_invitations_received: self.max_invitations_received,
            invitation_expiry: seconds(self.invitation_expiry, "--invitation-expiry")?,
            turn_idle_deadlines: self.turn_idle_deadlines,
            max_signups_per_address: self.max_signups_per_address,
            turn_mail_after: seconds(self.turn_mail_after, "--turn-mail-after")?,
            max_mails_per_day: self.max_mails_per_day,
            turn_day: seconds(self.turn_day, "--turn-day")?,
            mail,
            public_url: self.public_url.clone(),
            ..config
        })
    }
}
