//! The reference's games harnesses (xgames, xgames-with-observer, xbaddies) on the one
//! referee, against every public conformance case.

use serde_json::Value;
use std::path::Path;
use std::time::Duration;
use tessera_games::q::harness::play_input;
use tessera_q::json::{self as qj, ActorLevel};
use tessera_q::Bonuses;

fn check(harness: &str, level: ActorLevel, bonuses: Bonuses, per_turn: Duration) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/conformance/q/tests")
        .join(harness);
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the conformance folder {} is missing: {e}", dir.display()));
    let mut paths: Vec<_> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with("-in.json"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    let mut failed = Vec::new();
    for path in &paths {
        let input = std::fs::read_to_string(path).unwrap();
        let out_path = path.to_string_lossy().replace("-in.json", "-out.json");
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(out_path).unwrap()).unwrap();
        let r = play_input(&input, level, bonuses, per_turn).unwrap();
        let got = qj::result_to_value(&r.winners, &r.misbehaving);
        if got != expected {
            failed.push(format!(
                "{}: expected {expected}, got {got}",
                path.display()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} failed:\n{}",
        failed.len(),
        paths.len(),
        failed.join("\n")
    );
}

#[test]
fn xgames() {
    check(
        "xgames",
        ActorLevel::M7,
        Bonuses::EARLY,
        Duration::from_secs(10),
    );
}

#[test]
fn xgames_with_observer() {
    check(
        "xgames-with-observer",
        ActorLevel::M8,
        Bonuses::LATE,
        Duration::from_secs(10),
    );
}

/// With players that loop forever: each costs one deadline.
#[test]
fn xbaddies() {
    check(
        "xbaddies",
        ActorLevel::M9,
        Bonuses::LATE,
        Duration::from_millis(300),
    );
}
