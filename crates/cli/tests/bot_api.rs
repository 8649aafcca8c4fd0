//! docs/bot-api.md, "A whole session with curl and a shell loop": its ```sh commands run,
//! in order, as one bash script from an empty scratch folder (with `examples/`), with the
//! built `tessera` first on the `PATH` and free ports (the runner of
//! [`crate::bots_tutorial`]): a bot account and its token made with curl, a table against
//! a house level, and `examples/bots/curl_bot.sh` playing it to its end through the HTTP
//! bot API. Needs `curl` and `jq`: without them it is left out with a printed reason,
//! unless `TESSERA_REQUIRE_JQ=1` (as in CI).

use crate::bots_tutorial::{run_in_scratch, script, shell_lines};
use crate::common::free_port;
use std::process::Command;
use std::time::Duration;

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/bot-api.md");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn here(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_bot_api_session_runs_with_curl_and_a_shell_loop() {
    let lines = shell_lines(&doc());
    assert!(
        lines.iter().any(|l| l.starts_with("tessera serve"))
            && lines
                .iter()
                .any(|l| l.contains("examples/bots/curl_bot.sh")),
        "docs/bot-api.md has lost its commands: {lines:?}"
    );
    if !(here("curl") && here("jq")) {
        assert!(
            std::env::var("TESSERA_REQUIRE_JQ").as_deref() != Ok("1"),
            "curl or jq is not on this machine and TESSERA_REQUIRE_JQ=1"
        );
        println!("left out: curl or jq is not on this machine");
        return;
    }
    let dir = std::env::temp_dir().join(format!("tessera-bot-api-{}", std::process::id()));
    let text = script(&lines, free_port(), free_port(), true);
    let out = run_in_scratch(&dir, &text, Duration::from_secs(240));
    // the stream's lines: its seat, the calls, the end; every reply taken
    for line in [
        "<< {\"seat\":",
        "<< [\"setup\",",
        "<< [\"take-turn\",",
        "<< [\"win\",[",
    ] {
        assert!(out.contains(line), "no {line} in:\n{out}");
    }
    // each call answered; a placement made (a random deal of Q may, about once in a
    // hundred, give both players nothing to place at first: the game then ends after a
    // pass each, and there was no placement to make)
    let calls = out.lines().filter(|l| l.starts_with("<< [")).count();
    let replies = out.lines().filter(|l| l.starts_with(">> ")).count();
    assert_eq!(calls, replies, "a call left unanswered:\n{out}");
    let turns = out.matches("<< [\"take-turn\",").count();
    assert!(
        turns < 3 || out.contains(">> [{"),
        "no placement in {turns} turns:\n{out}"
    );
    assert!(!out.contains("!! "), "a reply was refused:\n{out}");
    assert!(!out.contains("ejected"), "{out}");
}
