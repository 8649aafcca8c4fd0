//! The operator's commands: `tessera admin` (ban and unban accounts, abort games, list
//! the live games by node, the log of every action) and `tessera backup` (an online copy
//! of a served SQLite store). Both run beside the hosts, on the store: see
//! docs/operations.md.

use crate::common::utc;
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tessera_server::store::{self, is_postgres, AdminDb, LogEntry};

/// Options of `tessera admin`.
#[derive(Args, Debug)]
pub struct AdminArgs {
    /// The store: a SQLite file or a PostgreSQL URL (`postgres://USER@HOST/DB`).
    #[arg(long, default_value = "tessera.db", global = true)]
    db: String,
    /// Why (kept in the log).
    #[arg(long, global = true)]
    reason: Option<String>,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    action: Action,
}

/// What `tessera admin` does.
#[derive(Subcommand, Debug)]
enum Action {
    /// Ban an account: its sessions and API tokens are revoked at once, it can no longer
    /// sign in, and its running games are resigned by the hosts that run them.
    Ban {
        /// The account's name.
        name: String,
    },
    /// Lift an account's ban (its revoked tokens stay revoked).
    Unban {
        /// The account's name.
        name: String,
    },
    /// Abort a live game: stored `aborted`, its reason naming the operator.
    Abort {
        /// The game's id.
        id: u64,
        /// Seconds to wait for the host that runs the game to stop it.
        #[arg(long, default_value_t = 10.0)]
        wait: f64,
    },
    /// The live games, by node: id, game, status, seats, node, moves.
    List,
    /// The reports of lines of chat, newest first: when, the game, who reported, who said
    /// the line and what (ban the speaker with `tessera admin ban NAME`).
    Reports {
        /// At most this many reports.
        #[arg(long, default_value_t = 100)]
        limit: u64,
    },
    /// The log of the operator's actions, oldest first.
    Log {
        /// Only the entries after this one.
        #[arg(long, default_value_t = 0)]
        after: u64,
        /// At most this many entries.
        #[arg(long, default_value_t = 1000)]
        limit: usize,
    },
}

/// Options of `tessera backup`.
#[derive(Args, Debug)]
pub struct BackupArgs {
    /// The store: a SQLite file (served or not). For PostgreSQL use `pg_dump`.
    #[arg(long, default_value = "tessera.db")]
    db: String,
    /// The backup: a new file (never overwritten).
    #[arg(long)]
    to: PathBuf,
}

/// `tessera admin ...`.
pub fn admin(args: AdminArgs) -> Result<()> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    rt.block_on(run(args))
}

async fn run(args: AdminArgs) -> Result<()> {
    let db = AdminDb::open(&args.db)
        .await
        .with_context(|| format!("cannot open the store {}", args.db))?;
    let reason = args.reason.as_deref();
    match args.action {
        Action::Ban { name } => {
            let ban = db.ban(&name, reason).await?;
            if args.json {
                println!("{}", serde_json::to_string(&ban)?);
            } else {
                let already = if ban.already { " (banned already)" } else { "" };
                println!(
                    "banned {name}{already}: {} session(s) ended, {} API token(s) revoked; its running games are resigned within seconds",
                    ban.sessions, ban.tokens
                );
            }
        }
        Action::Unban { name } => {
            let lifted = db.unban(&name, reason).await?;
            if args.json {
                println!("{}", serde_json::json!({ "unbanned": lifted }));
            } else if lifted {
                println!("unbanned {name} (its revoked API tokens stay revoked)");
            } else {
                println!("{name} was not banned");
            }
        }
        Action::Abort { id, wait } => {
            let mut entry = db.abort(tessera_server::store::GameId(id), reason).await?;
            let until = Instant::now() + Duration::from_secs_f64(wait.clamp(0.0, 3600.0));
            while entry.done.is_none() && Instant::now() < until {
                tokio::time::sleep(Duration::from_millis(200)).await;
                entry = db.entry(entry.id).await?.context("the log entry is gone")?;
            }
            if args.json {
                println!("{}", serde_json::to_string(&entry)?);
            } else if let Some(node) = &entry.node {
                println!("game {id} aborted (by {node})");
            } else {
                println!(
                    "game {id}: abort requested (log entry {}); no host has stopped it yet: the node that runs it does so within a second, or when it takes the game up again",
                    entry.id
                );
            }
        }
        Action::List => {
            let games = db.live().await?;
            if args.json {
                println!("{}", serde_json::to_string_pretty(&games)?);
                return Ok(());
            }
            println!(
                "{:>6}  {:<10} {:<8} {:>6}  {:<24} seats",
                "id", "game", "status", "moves", "node"
            );
            for g in &games {
                println!(
                    "{:>6}  {:<10} {:<8} {:>6}  {:<24} {}",
                    g.id,
                    g.game,
                    g.status,
                    g.moves,
                    g.node.as_deref().unwrap_or("-"),
                    g.seats
                        .iter()
                        .map(|s| clean(s))
                        .collect::<Vec<_>>()
                        .join(",")
                );
            }
        }
        Action::Reports { limit } => {
            let reports = db.reports(limit).await?;
            if args.json {
                println!("{}", serde_json::to_string_pretty(&reports)?);
                return Ok(());
            }
            if reports.is_empty() {
                println!("no reports");
                return Ok(());
            }
            println!(
                "{:>5}  {:<20} {:>6} {:<16} {:<16} {:<10} said",
                "id", "at (UTC)", "game", "reported by", "said by", "room"
            );
            for r in &reports {
                let l = &r.line;
                let said = match (&l.text, &l.phrase) {
                    (Some(t), _) => clean(t),
                    (None, Some(p)) => format!("[{}]", clean(p)),
                    (None, None) => String::new(),
                };
                // the account to ban, and the seat's name where it differs
                let who = match (l.name.as_str(), &r.account_name) {
                    (n, Some(a)) if n == a => clean(a),
                    (n, Some(a)) => format!("{} as {}", clean(a), clean(n)),
                    ("", None) => "a guest".to_string(),
                    (n, None) => format!("{} (guest)", clean(n)),
                };
                println!(
                    "{:>5}  {:<20} {:>6} {:<16} {:<16} {:<10} {said}",
                    r.id,
                    utc(r.at),
                    r.game.0,
                    clean(&r.by),
                    who,
                    l.room
                );
            }
        }
        Action::Log { after, limit } => {
            let log = db.log(after, limit).await?;
            if args.json {
                println!("{}", serde_json::to_string_pretty(&log)?);
                return Ok(());
            }
            println!(
                "{:>5}  {:<20} {:<6} {:<16} {:<24} reason",
                "id", "at (UTC)", "action", "target", "done"
            );
            for e in &log {
                print_entry(e);
            }
        }
    }
    Ok(())
}

fn print_entry(e: &LogEntry) {
    let done = match (&e.done, &e.node) {
        (Some(_), Some(node)) => format!("by {node}"),
        (Some(_), None) => "done".into(),
        (None, _) => "pending".into(),
    };
    println!(
        "{:>5}  {:<20} {:<6} {:<16} {:<24} {}",
        e.id,
        utc(e.at),
        e.action,
        clean(&e.target),
        done,
        clean(e.reason.as_deref().unwrap_or(""))
    );
}

/// A name or reason as a terminal shows it: no control characters (a name could hold
/// ones that move the cursor or reorder the line).
fn clean(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control()
                || ('\u{202a}'..='\u{202e}').contains(&c)
                || ('\u{2066}'..='\u{2069}').contains(&c)
            {
                '?'
            } else {
                c
            }
        })
        .collect()
}

/// `tessera backup --db F --to B`.
pub fn backup(args: BackupArgs) -> Result<()> {
    if is_postgres(&args.db) {
        bail!(
            "{} is a PostgreSQL store: back it up with pg_dump (pg_dump -Fc -f tessera.dump URL; restore with pg_restore -d URL tessera.dump), see docs/operations.md",
            store::redacted(&args.db)
        );
    }
    let from = PathBuf::from(&args.db);
    let started = Instant::now();
    store::backup_file(&from, &args.to)
        .with_context(|| format!("cannot back up {} to {}", args.db, args.to.display()))?;
    let size = std::fs::metadata(&args.to).map(|m| m.len()).unwrap_or(0);
    println!(
        "backed up {} to {} ({size} bytes, {} ms): serve it with tessera serve --db {}",
        args.db,
        args.to.display(),
        started.elapsed().as_millis(),
        args.to.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::clean;

    #[test]
    fn control_and_direction_characters_are_not_printed() {
        assert_eq!(clean("a\u{202e}b\x1b[2Jc"), "a?b?[2Jc");
    }
}
