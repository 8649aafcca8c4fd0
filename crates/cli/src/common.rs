//! Small pieces every game's terminal front end uses.

use anyhow::{Context, Result};
use std::io::{BufRead, Read, Write};
use std::path::Path;

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

/// Writes a record as pretty JSON to a file.
pub fn write_json<T: serde::Serialize>(path: &Path, value: &T) -> Result<()> {
    let text = serde_json::to_string_pretty(value)?;
    std::fs::write(path, text + "\n").with_context(|| format!("writing {}", path.display()))
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

/// Asks a person at the terminal; `None` at end of input.
pub fn prompt(question: &str) -> Result<Option<String>> {
    print!("{question}");
    std::io::stdout().flush()?;
    let mut line = String::new();
    let n = std::io::stdin().lock().read_line(&mut line)?;
    Ok(if n == 0 {
        None
    } else {
        Some(line.trim().to_string())
    })
}

/// Runs a line-protocol harness: one JSON request per line in, one JSON answer per line
/// out. `answer` turns a request line into the answer; it never fails (errors are answers).
pub fn line_harness(mut answer: impl FnMut(&str) -> serde_json::Value) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut input = std::io::BufReader::with_capacity(1 << 16, std::io::stdin());
    let mut line = String::new();
    loop {
        line.clear();
        let n = match input.read_line(&mut line) {
            Ok(n) => n,
            Err(e) => {
                // not UTF-8: answer with an error and go on
                if e.kind() == std::io::ErrorKind::InvalidData {
                    writeln!(
                        out,
                        "{}",
                        serde_json::json!({"error": "input is not UTF-8"})
                    )?;
                    out.flush()?;
                    continue;
                }
                return Err(e.into());
            }
        };
        if n == 0 {
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        let value = answer(line.trim());
        writeln!(out, "{value}")?;
        // flush when no more input is already buffered (never blocks), so that a client
        // waiting for this answer gets it, while batches of requests are answered in bulk
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
