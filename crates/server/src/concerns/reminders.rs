//! The emails of turn-based games: a turn that has waited `Config::turn_mail_after` for a
//! person whose account has an address gets one email (`crate::vocab::mail`), sent by the node
//! that runs its game. Each turn's email is claimed in the store before it is sent (one
//! email per turn, whatever node or restart); an account gets at most
//! `Config::max_mails_per_day` in 24 hours (counted in the store, so the limit holds
//! across restarts and nodes; a turn past it gets none); a mail server that refuses one
//! is not asked again for that turn (the next turn gets its own).

use crate::host::Host;
use crate::store::{now_ms, DueMail, StoreError};
use crate::vocab::mail::Mailer;
use std::time::Duration;
use tessera_games::{words, Msg};

/// 24 hours, in ms: the window of `Config::max_mails_per_day`.
const DAY_MS: i64 = 24 * 3600 * 1000;

/// The most turns looked at in one round.
const ROUND: usize = 50;

/// Sends the emails of turns that waited, until the host stops (nothing without a mail
/// server). `site` is the address of the site's pages, for the emails' links.
pub async fn send_reminders(host: &Host, mailer: Option<Mailer>, site: String) {
    let Some(mailer) = mailer else {
        return;
    };
    let after = host.0.config.turn_mail_after;
    // an hour's wait is looked at every minute; a test's short one more often
    let every = (after / 4).clamp(Duration::from_millis(200), Duration::from_secs(60));
    tracing::info!(after = ?after, "emails of turns that waited are on");
    loop {
        match round(host, &mailer, &site).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(emails = n, "emails of turns that waited"),
            Err(e) => tracing::warn!(error = %e, "could not look for turns that waited"),
        }
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = host.0.stop.cancelled() => return,
        }
    }
}

/// One round: the turns of this node's games that waited long enough, each claimed,
/// then sent unless its account had its most emails of the day. Returns how many were
/// sent.
async fn round(host: &Host, mailer: &Mailer, site: &str) -> Result<usize, StoreError> {
    let turns = host.0.store.turns();
    let config = &host.0.config;
    let after = i64::try_from(config.turn_mail_after.as_millis()).unwrap_or(i64::MAX);
    let now = now_ms();
    let mut sent = 0;
    for d in turns.due(now.saturating_sub(after), ROUND).await? {
        if !turns.claim_mail(d.game, d.since).await? {
            continue;
        }
        if turns.mails_since(d.account, now - DAY_MS).await? >= config.max_mails_per_day {
            crate::vocab::metrics::cap_hit("mails_per_account");
            crate::vocab::metrics::mail("limited");
            tracing::info!(
                game = d.game.0,
                account = d.account,
                "no email: the account had its most of the day"
            );
            continue;
        }
        let (subject, body) = words(host, &d, site, now);
        let ok = match mailer.send(&d.email, &subject, body).await {
            Ok(()) => {
                crate::vocab::metrics::mail("sent");
                sent += 1;
                true
            }
            Err(e) => {
                crate::vocab::metrics::mail("failed");
                tracing::warn!(game = d.game.0, account = d.account, error = %e, "an email was not sent");
                false
            }
        };
        turns.log_mail(d.account, d.game, ok, DAY_MS).await?;
    }
    Ok(sent)
}

/// A span of time as people read it: `3 days 4 h`, `1 day`, `5 h 20 min`, `12 min`,
/// `less than a minute` (a message of the catalogues: the same words as the web's).
///
/// ```
/// use tessera_server::concerns::reminders::span;
/// assert_eq!(span(3_600_000).english(), "1 h");
/// assert_eq!(span(2 * 86_400_000 + 3 * 3_600_000 + 59_000).english(), "2 days 3 h");
/// assert_eq!(span(86_400_000).english(), "1 day");
/// assert_eq!(span(5 * 3_600_000 + 20 * 60_000).english(), "5 h 20 min");
/// assert_eq!(span(30_000).english(), "less than a minute");
/// ```
pub fn span(ms: i64) -> Msg {
    let min = ms.max(0) / 60_000;
    let (d, h, m) = (min / 1440, min / 60 % 24, min % 60);
    match (d, h, m) {
        (0, 0, 0) => words!("span-under-minute"),
        (0, 0, m) => words!("span-minutes", m = m),
        (0, h, m) => words!("span-hours", h = h, m = m),
        (d, h, _) => words!("span-days", d = d, h = h),
    }
}

/// The subject and text of the email of turn `d` (the catalogue's words, in English: an
/// account has no language of its own yet).
fn words(host: &Host, d: &DueMail, site: &str, now: i64) -> (String, String) {
    let info = host.0.registry.get(&d.name).map(|e| e.info());
    let title = info.map_or(d.name.as_str(), |i| i.title);
    let rule = info.map_or_else(
        || words!("out-of-time-first-move"),
        |i| i.out_of_time.clone(),
    );
    let others: Vec<String> = host
        .table(d.game)
        .map(|t| {
            t.state()
                .seats
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != d.seat)
                .map(|(_, s)| s.name.clone())
                .collect()
        })
        .unwrap_or_default();
    let site = site.trim_end_matches('/');
    let id = d.game.to_string();
    let name = d.account_name.as_str();
    let subject = words!("turns-notify-title", game = title, id = id.as_str());
    let paragraphs = [
        words!("email-turn-hello", name = name),
        words!(
            "email-turn-waited",
            game = title,
            id = id.as_str(),
            others = if others.is_empty() {
                "none".to_string()
            } else {
                others.join(", ")
            },
            waited = span(now - d.since),
            left = span(d.deadline - now),
            rule = rule
        ),
        words!("email-turn-links", site = site, id = id.as_str()),
        words!("email-turn-why", name = name, site = site),
    ];
    let body = paragraphs
        .iter()
        .map(Msg::english)
        .collect::<Vec<_>>()
        .join("\n\n")
        + "\n";
    (subject.english(), body)
}
