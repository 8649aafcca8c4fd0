//! The xgames and xgames-with-observer conformance cases (no looping players there), run
//! through the referee directly. (xbaddies, with loopers, runs through the CLI harness.)

use serde_json::Value;
use std::path::Path;
use std::time::Duration;
use tessera_q::json::{self as qj, ActorLevel};
use tessera_q::Bonuses;
use tessera_referee::q::{run_input, Config};

fn check(harness: &str, level: ActorLevel, bonuses: Bonuses) {
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
        let config = Config {
            bonuses,
            per_turn: Some(Duration::from_secs(10)),
        };
        let r = run_input(&input, level, &config).unwrap();
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
    check("xgames", ActorLevel::M7, Bonuses::EARLY);
}

#[test]
fn xgames_with_observer() {
    check("xgames-with-observer", ActorLevel::M8, Bonuses::LATE);
}
