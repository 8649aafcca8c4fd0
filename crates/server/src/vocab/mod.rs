//! The vocabulary, the host's bottom layer: what every layer above speaks and nothing
//! here imports from above. The settings ([`config`]), the errors with a kind for each
//! refusal callers tell apart ([`error`]), a seat's secret ([`secret`]), a program's
//! first message and refusing one ([`signup`]), the process's metrics ([`metrics`]),
//! an email over SMTP ([`mail`]).

pub mod config;
pub mod error;
pub mod mail;
pub mod metrics;
pub mod secret;
pub mod signup;
