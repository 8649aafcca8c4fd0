//! The pure harnesses' conformance cases (xmap, xlegal, xscore, xstrategy), run through the
//! library directly.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use tessera_q::json as qj;
use tessera_q::{score, Bonuses};

fn cases(harness: &str) -> Vec<(PathBuf, Vec<String>, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/conformance/q/tests")
        .join(harness);
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the conformance folder {} is missing: {e}", dir.display()));
    let mut out = Vec::new();
    for e in entries {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(stem) = name.strip_suffix("-in.json") else {
            continue;
        };
        let input = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(dir.join(format!("{stem}-out.json"))).unwrap();
        let values: Vec<String> = qj::read_values(&input, 2)
            .unwrap()
            .into_iter()
            .map(str::to_string)
            .collect();
        let expected: Value = serde_json::from_str(&expected).unwrap();
        out.push((path, values, expected));
    }
    assert!(!out.is_empty(), "no cases in {}", dir.display());
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn check(harness: &str, answer: impl Fn(&[String]) -> Value) {
    let mut failed = Vec::new();
    let all = cases(harness);
    for (path, input, expected) in &all {
        let got = answer(input);
        if &got != expected {
            failed.push(format!(
                "{}: expected {expected}, got {got}",
                path.display()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} {harness} cases failed:\n{}",
        failed.len(),
        all.len(),
        failed.join("\n")
    );
}

#[test]
fn xmap() {
    check("xmap", |v| {
        let map = qj::map_from_json(&v[0]).unwrap();
        let tile = qj::tile_from_json(&v[1]).unwrap();
        Value::Array(
            map.candidates(tile)
                .into_iter()
                .map(qj::coord_to_value)
                .collect(),
        )
    });
}

#[test]
fn xlegal() {
    check("xlegal", |v| {
        let k = qj::pub_from_json(&v[0]).unwrap();
        let ps = qj::placements_from_json(&v[1]).unwrap();
        match k.map.legal(&k.active.hand, &ps) {
            Ok(m) => qj::map_to_value(&m),
            Err(_) => json!(false),
        }
    });
}

#[test]
fn xscore() {
    check("xscore", |v| {
        let map = qj::map_from_json(&v[0]).unwrap();
        let ps = qj::placements_from_json(&v[1]).unwrap();
        json!(score(&map, &ps, Bonuses::EARLY.q))
    });
}

#[test]
fn xstrategy() {
    check("xstrategy", |v| {
        let s = qj::strategy_from_json(&v[0]).unwrap();
        let k = qj::pub_from_json(&v[1]).unwrap();
        qj::action_to_value(s.step(&k))
    });
}
