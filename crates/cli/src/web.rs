//! `tessera web`: the browser UI alone (play, watch and replay in a browser).

use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `tessera web`.
#[derive(clap::Args)]
pub struct WebArgs {
    /// HTTP port on 127.0.0.1 (0: any free port; the first stdout line says `http=PORT`).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Directory of finished games' records (one JSON file per game).
    #[arg(long, default_value = "tessera-web-records")]
    records: PathBuf,
}

/// Serves the web UI until Ctrl-C.
pub fn run(args: WebArgs) -> Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the runtime")?;
    rt.block_on(async move {
        let hub = tessera_web::Hub::with_records(args.records.clone())
            .with_context(|| format!("records directory {}", args.records.display()))?;
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", args.port))
            .await
            .with_context(|| format!("binding port {}", args.port))?;
        let port = listener.local_addr()?.port();
        println!("http={port}");
        std::io::stdout().flush()?;
        eprintln!("open http://127.0.0.1:{port}/");
        axum::serve(listener, tessera_web::router(hub))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .context("serving")
    })
}
