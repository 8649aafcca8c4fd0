//! `tessera q server [PORT] < ServerConfig` and `tessera q client [PORT] < ClientConfig`:
//! the reference's `xserver` and `xclients` (milestone 10), wire-compatible with them, on
//! the one referee ([`tessera_qremote`]).

use anyhow::{bail, Context, Result};
use serde_json::value::RawValue;
use std::io::Read;
use std::time::Duration;
use tessera_qremote::config::{ClientConfig, ServerConfig, Special};
use tessera_qremote::wire::Style;
use tessera_qremote::{client, server};

/// `tessera q ...`: Q over TCP.
#[derive(clap::Subcommand)]
pub enum QCommand {
    /// Sign up players and run one game (ServerConfig on standard input); prints the
    /// result `[winners, misbehaving]`.
    Server(ServerArgs),
    /// Sign up the configured players with a server and play (ClientConfig on standard
    /// input, optionally followed by "divergeBeforeSending" or "sendnameloop"); prints
    /// `all done`.
    Client(ClientArgs),
}

/// Options of `tessera q server`.
#[derive(clap::Args)]
pub struct ServerArgs {
    /// The port to listen on (overrides the configuration's).
    pub port: Option<u16>,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: String,
}

/// Options of `tessera q client`.
#[derive(clap::Args)]
pub struct ClientArgs {
    /// The server's port (overrides the configuration's).
    pub port: Option<u16>,
    /// The server's host (overrides the configuration's).
    #[arg(long)]
    pub host: Option<String>,
    /// Write every message as the reference's clients do: 5000 spaces first, then small
    /// chunks with 5 ms pauses.
    #[arg(long)]
    pub trickle: bool,
    /// Milliseconds between two players' sign-ups.
    #[arg(long, default_value_t = 50)]
    pub pause_ms: u64,
}

/// Runs `tessera q server` or `tessera q client`.
pub fn run(command: QCommand) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the runtime")?;
    match command {
        QCommand::Server(args) => runtime.block_on(serve(args)),
        QCommand::Client(args) => runtime.block_on(clients(args)),
    }
}

fn stdin_values() -> Result<Vec<String>> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .context("reading standard input")?;
    let mut out = Vec::new();
    for v in serde_json::Deserializer::from_str(&text).into_iter::<&RawValue>() {
        out.push(v.context("standard input is not JSON")?.get().to_string());
    }
    Ok(out)
}

/// The port argument, or else the configuration's port (which must then be a TCP port).
fn tcp_port(argument: Option<u16>, configured: u64) -> Result<u16> {
    match argument {
        Some(p) => Ok(p),
        None => u16::try_from(configured)
            .with_context(|| format!("the configured port {configured} is not a TCP port")),
    }
}

async fn serve(args: ServerArgs) -> Result<()> {
    let values = stdin_values()?;
    let Some(first) = values.first() else {
        bail!("expected a ServerConfig on standard input");
    };
    let config = ServerConfig::from_json(first)?;
    let port = tcp_port(args.port, config.port)?;
    let listener = tokio::net::TcpListener::bind((args.bind.as_str(), port))
        .await
        .with_context(|| format!("listening on {}:{port}", args.bind))?;
    let players = server::sign_up(&listener, &config).await;
    // latecomers are refused rather than left waiting
    drop(listener);
    let outcome = if players.is_empty() {
        server::Outcome::default()
    } else {
        server::play(players, &config).await
    };
    println!("{}", outcome.to_json());
    Ok(())
}

async fn clients(args: ClientArgs) -> Result<()> {
    let values = stdin_values()?;
    let Some(first) = values.first() else {
        bail!("expected a ClientConfig on standard input");
    };
    let config = ClientConfig::from_json(first)?;
    let special = values.get(1).map(|v| Special::from_json(v)).transpose()?;
    let options = client::Options {
        host: args.host.unwrap_or(config.host),
        port: tcp_port(args.port, config.port)?,
        style: if args.trickle {
            Style::REFERENCE
        } else {
            Style::Plain
        },
        pause: Duration::from_millis(args.pause_ms),
        quiet: config.quiet,
        ..client::Options::default()
    };
    client::run(&config.players, special, &options).await;
    println!("all done");
    Ok(())
}
