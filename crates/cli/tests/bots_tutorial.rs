//! docs/bots.md, "your first bot in ten minutes": every command of its ```sh blocks runs,
//! in order, as one bash script (`set -e`: a failing command fails the test), from a
//! scratch folder that holds `examples/` (a link to the repository's), with the built
//! `tessera` first on the `PATH` and free ports in place of 45678 and 8080. The test adds
//! only a wait after the backgrounded `tessera serve` (until it answers) and the end of the
//! background jobs. The commands of the JavaScript bot need `node`: without it they are
//! left out with a printed reason, unless `TESSERA_REQUIRE_NODE=1`.

use crate::common;
use common::{free_port, RemoveDir};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn tutorial() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/bots.md");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The lines of the ```sh blocks of a Markdown text, in order.
pub(crate) fn shell_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let fence = line.trim_start().starts_with("```");
        if fence {
            inside = !inside && line.trim() == "```sh";
            continue;
        }
        if inside {
            out.push(line.to_string());
        }
    }
    out
}

fn node_here() -> bool {
    Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The script the test runs: the tutorial's commands with the test's ports and waits.
pub(crate) fn script(lines: &[String], tcp: u16, http: u16, node: bool) -> String {
    let mut s =
        String::from("set -euxo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n");
    for line in lines {
        if !node && line.trim_start().starts_with("node ") {
            s.push_str("echo 'left out (no node):' ");
            s.push_str(&shell_quote(line));
            s.push('\n');
            continue;
        }
        let line = line
            .replace("45678", &tcp.to_string())
            .replace("8080", &http.to_string());
        s.push_str(&line);
        s.push('\n');
        if line.trim_start().starts_with("tessera serve") && line.trim_end().ends_with('&') {
            s.push_str(&format!(
                "for _ in $(seq 300); do curl -sf --max-time 2 http://127.0.0.1:{http}/api/registry > /dev/null && break; sleep 0.2; done\n"
            ));
        }
    }
    s
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

#[test]
fn every_command_of_the_bots_tutorial_runs() {
    let lines = shell_lines(&tutorial());
    assert!(
        lines.iter().any(|l| l.starts_with("tessera serve"))
            && lines.iter().any(|l| l.contains("examples/bots/bot.py"))
            && lines.iter().any(|l| l.contains("examples/bots/bot.js"))
            && lines.iter().any(|l| l.contains("--rated")),
        "docs/bots.md has lost its commands: {lines:?}"
    );
    let node = node_here();
    if !node {
        assert!(
            std::env::var("TESSERA_REQUIRE_NODE").as_deref() != Ok("1"),
            "node is not on this machine and TESSERA_REQUIRE_NODE=1"
        );
        println!("the JavaScript bot's commands are left out: node is not on this machine");
    }
    let dir = std::env::temp_dir().join(format!("tessera-bots-tutorial-{}", std::process::id()));
    let text = script(&lines, free_port(), free_port(), node);
    let out = run_in_scratch(&dir, &text, Duration::from_secs(300));
    // what the reader is told to expect
    assert!(
        out.contains("mybot won") || out.contains("mybot lost"),
        "{out}"
    );
    if node {
        assert!(
            out.contains("jsbot won") || out.contains("jsbot lost"),
            "{out}"
        );
    }
    assert!(out.contains("\"rating\""), "the account's ratings: {out}");
}

/// Runs the bash script `text` in the scratch folder `dir` (made empty, removed after,
/// holding `examples/`, a link to the repository's) with the built `tessera` first on the
/// `PATH`, within `limit`; its standard output. Panics with the script and the tails of its
/// output when it fails or runs past `limit`.
pub(crate) fn run_in_scratch(dir: &Path, text: &str, limit: Duration) -> String {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let _cleanup = RemoveDir(dir.to_path_buf());
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    std::os::unix::fs::symlink(examples.canonicalize().unwrap(), dir.join("examples")).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_tessera")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // the script runs in a process group of its own, printing to files: when it runs past
    // its time the whole group is killed (the backgrounded `tessera serve` and clients
    // too), and nothing is left holding a pipe the test would wait on for ever
    let (out_path, err_path) = (dir.join("stdout.txt"), dir.join("stderr.txt"));
    let mut child = Command::new("bash")
        .args(["-c", text])
        .current_dir(dir)
        .env("PATH", path)
        // the commands talk to this machine only, whatever proxy the environment names
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env("no_proxy", "127.0.0.1,localhost")
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .process_group(0)
        .spawn()
        .expect("bash runs");
    let until = Instant::now() + limit;
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if Instant::now() > until {
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
    let _ = child.wait();
    let out = std::fs::read_to_string(&out_path).unwrap_or_default();
    let err = std::fs::read_to_string(&err_path).unwrap_or_default();
    let tail = |s: &str| {
        s.lines()
            .rev()
            .take(40)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        status.is_some_and(|s| s.success()),
        "the script failed ({status:?}; None: still running after {limit:?}):\n{text}\n--- stdout\n{}\n--- stderr\n{}",
        tail(&out),
        tail(&err)
    );
    out
}

#[test]
fn the_tutorial_parser_sees_only_shell_blocks() {
    let text = "a\n```sh\ntessera serve &\n```\n```python\nprint(1)\n```\n```sh\nls\n```\n";
    assert_eq!(shell_lines(text), vec!["tessera serve &", "ls"]);
    let s = script(
        &["tessera serve --tcp-port 45678 --http-port 8080 &".into()],
        1,
        2,
        true,
    );
    assert!(s.contains("--tcp-port 1 --http-port 2 &\nfor _ in $(seq 300); do curl -sf --max-time 2 http://127.0.0.1:2/"));
    let s = script(&["node examples/bots/bot.js".into()], 1, 2, false);
    assert!(s.contains("echo 'left out (no node):' 'node examples/bots/bot.js'"));
}
