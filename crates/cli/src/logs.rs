//! The host's log on stderr: lines for people (`--log-format text`, the default) or one
//! JSON object a line for a log collector (`--log-format json`: tracing-subscriber's
//! JSON formatter, with the fields of the spans a line is in, such as an HTTP request's
//! `request_id` or a TCP connection's `conn`).

use clap::ValueEnum;
use std::io::IsTerminal;

/// How the host writes its log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Lines for people (colours on a terminal).
    #[default]
    Text,
    /// One JSON object a line: `timestamp`, `level`, `fields` (`message` and the
    /// event's), `target`, `span` (the innermost span's fields) and `spans` (all of them).
    Json,
}

/// Sends the log (INFO and above) to stderr in `format`.
pub fn init(format: LogFormat) {
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::INFO);
    let _ = match format {
        LogFormat::Text => builder
            .with_ansi(std::io::stderr().is_terminal())
            .try_init(),
        LogFormat::Json => builder
            .json()
            .with_current_span(true)
            .with_span_list(true)
            .try_init(),
    };
}
