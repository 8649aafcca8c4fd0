//! The README's commands exist: every `tessera COMMAND` (and `tessera COMMAND SUBCOMMAND`)
//! named in its code answers `--help`, so a renamed or removed command fails here; and every
//! command of `tessera --help` is named in the README, so a new one is documented.

use std::collections::BTreeSet;
use std::process::Command;

fn readme() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The code of a Markdown text: inline spans and fenced blocks (where commands are written).
fn code(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            out.push(line.to_string());
            continue;
        }
        // inline spans: the odd pieces between backticks
        out.extend(line.split('`').skip(1).step_by(2).map(str::to_string));
    }
    out
}

/// A plain word: a command's name, never a flag, a placeholder (`GAME`, `ID`) or a file.
fn word(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(|c| c.is_ascii_lowercase())
        && cs.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The commands named in `code`: the words after `tessera` (one or two).
fn named(code: &[String]) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    for piece in code {
        let tokens: Vec<&str> = piece.split_whitespace().collect();
        for (i, t) in tokens.iter().enumerate() {
            // `tessera`, or a path to the binary (`target/release/tessera`)
            let t = t.trim_start_matches(['\'', '"', '(']);
            if t != "tessera" && !t.ends_with("/tessera") {
                continue;
            }
            let words: Vec<String> = tokens[i + 1..]
                .iter()
                .take(2)
                .take_while(|w| word(w))
                .map(|w| w.to_string())
                .collect();
            if !words.is_empty() {
                found.insert(words);
            }
        }
    }
    found
}

fn help(args: &[String]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .arg("--help")
        .output()
        .expect("run tessera");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

/// The subcommands listed under `Commands:` in a help text.
fn commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}

#[test]
fn every_command_of_the_readme_exists() {
    let found = named(&code(&readme()));
    let firsts: BTreeSet<&String> = found.iter().map(|w| &w[0]).collect();
    assert!(
        firsts.len() >= 10,
        "the README names its commands: found only {firsts:?}"
    );
    let mut missing = Vec::new();
    for first in &firsts {
        let (ok, text) = help(&[first.to_string()]);
        if !ok {
            missing.push(format!("tessera {first}: {}", text.trim()));
        }
    }
    for words in found.iter().filter(|w| w.len() == 2) {
        // a second word is a subcommand when the first has subcommands (`q server`,
        // `tournament merge`, `play akropolis`), else a plain argument (`bench q`)
        let (_, text) = help(&words[..1]);
        if commands(&text).is_empty() {
            continue;
        }
        let (ok, text) = help(words);
        if !ok || !commands(&help(&words[..1]).1).contains(&words[1]) {
            missing.push(format!("tessera {}: {}", words.join(" "), text.trim()));
        }
    }
    assert!(
        missing.is_empty(),
        "the README names commands that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_command_is_in_the_readme() {
    let found = named(&code(&readme()));
    let (ok, text) = help(&[]);
    assert!(ok, "tessera --help: {text}");
    let all = commands(&text);
    assert!(
        all.len() >= 10,
        "tessera --help lists its commands: {all:?}"
    );
    let undocumented: Vec<&String> = all
        .iter()
        .filter(|c| !found.iter().any(|w| &w[0] == *c))
        .collect();
    assert!(
        undocumented.is_empty(),
        "commands the README never names: {undocumented:?}"
    );
}

#[test]
fn the_readme_parser_sees_a_renamed_command() {
    // the check above can fail: a command the binary does not know is refused
    let (ok, _) = help(&["nosuchcommand".to_string()]);
    assert!(!ok, "tessera nosuchcommand --help succeeded");
    let found = named(&code(
        "run `tessera plai triominos --seed 1`, then\n```\ntarget/release/tessera q servr 1\n```",
    ));
    assert!(found.contains(&vec!["plai".to_string(), "triominos".to_string()]));
    assert!(found.contains(&vec!["q".to_string(), "servr".to_string()]));
    assert!(!commands(&help(&["q".to_string()]).1).contains(&"servr".to_string()));
}
