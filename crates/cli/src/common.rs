//! Small pieces the commands share.

use anyhow::{Context, Result};
use std::io::Read;
use std::path::Path;

/// A multi-threaded runtime (the host, its bots and clients).
pub fn runtime() -> Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

/// Reads a file, or standard input for "-".
pub fn read_input(path: &Path) -> Result<String> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("reading standard input")?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
    }
}

/// Writes a value as pretty JSON to a file.
pub fn write_json<T: serde::Serialize>(path: &Path, value: &T) -> Result<()> {
    let text = serde_json::to_string_pretty(value)?;
    std::fs::write(path, text + "\n").with_context(|| format!("writing {}", path.display()))
}

/// Milliseconds since the Unix epoch as a UTC time, `2026-11-27T18:32:12Z`.
pub fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // the civil date of a day count (Howard Hinnant's days_from_civil, inverted)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// Splits a `--players a,b,c` list into names, refusing empty names. A piece of the form
/// `key=value` without a strategy name continues the previous spec's parameters, so
/// `ismcts:iters=500,c=1.2,greedy` is two players.
pub fn player_list(list: &str) -> Result<Vec<String>> {
    let mut names: Vec<String> = Vec::new();
    for piece in list.split(',').map(str::trim) {
        let continues = piece.contains('=') && !piece.contains(':');
        match names.last_mut() {
            Some(last) if continues && last.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => names.push(piece.to_string()),
        }
    }
    if names.iter().any(|n| n.is_empty()) {
        anyhow::bail!("--players: empty player name in {list:?}");
    }
    Ok(names)
}

/// The host's settings by default: the one place `tessera serve`'s flags take their
/// defaults from (`Config::default()`), so each setting is written once.
pub fn defaults() -> &'static tessera_server::vocab::config::Config {
    static DEFAULTS: std::sync::LazyLock<tessera_server::vocab::config::Config> =
        std::sync::LazyLock::new(tessera_server::vocab::config::Config::default);
    &DEFAULTS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_shown_in_utc() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400_000), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_795_804_332_999), "2026-11-27T18:32:12Z");
    }

    #[test]
    fn player_lists_keep_parameters_together() {
        assert_eq!(player_list("a,b").unwrap(), vec!["a", "b"]);
        assert_eq!(
            player_list("ismcts:iters=5,c=1.2,greedy").unwrap(),
            vec!["ismcts:iters=5,c=1.2", "greedy"]
        );
        assert_eq!(
            player_list("greedy, drawer:below=3,max=2").unwrap(),
            vec!["greedy", "drawer:below=3,max=2"]
        );
        assert!(player_list("a,,b").is_err());
        assert!(player_list("").is_err());
    }
}
