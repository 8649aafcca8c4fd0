//! A sample of the recorded conformance cases, run through the library directly.

use flate2::read::GzDecoder;
use serde_json::Value;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use tessera_akropolis::{
    greedy_move, is_move_string_well_formed, is_state_string_well_formed, Akropolis, District,
    Move, Pos,
};

/// An even sample of at most 400 cases of a task. The files hold one case per line, so
/// only the sampled lines are parsed (the largest files hold 170 MB of JSON).
fn cases(task: &str) -> Vec<Value> {
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance/akropolis");
    let path = dir.join(format!("{task}.json.gz"));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| {
        panic!(
            "the conformance cases are missing ({}): {e}",
            path.display()
        )
    });
    let lines: Vec<String> = BufReader::new(GzDecoder::new(file))
        .lines()
        .map(|l| l.expect("readable case file"))
        .filter(|l| l.starts_with('{'))
        .collect();
    assert!(!lines.is_empty(), "{task}: no cases");
    let step = (lines.len() / 400).max(1);
    lines
        .iter()
        .step_by(step)
        .map(|l| {
            serde_json::from_str(l.trim_end().trim_end_matches(','))
                .unwrap_or_else(|e| panic!("{task}: a case is not JSON ({e}): {l}"))
        })
        .collect()
}

fn state(c: &Value) -> Akropolis {
    Akropolis::parse(c["input"]["state"].as_str().unwrap()).expect("a valid state")
}

#[test]
fn well_formedness() {
    for c in cases("is_move_string_well_formed") {
        let s = c["input"]["move"].as_str().unwrap();
        assert_eq!(
            is_move_string_well_formed(s),
            c["expected"].as_bool().unwrap(),
            "{s}"
        );
    }
    for c in cases("is_state_string_well_formed") {
        let s = c["input"]["state"].as_str().unwrap();
        assert_eq!(
            is_state_string_well_formed(s),
            c["expected"].as_bool().unwrap(),
            "{s}"
        );
    }
}

#[test]
fn game_over_heights_and_tiles() {
    for c in cases("is_game_over") {
        assert_eq!(state(&c).is_over(), c["expected"].as_bool().unwrap());
    }
    for task in ["height_at", "tile_at"] {
        for c in cases(task) {
            let s = state(&c);
            let k = c["input"]["player"].as_u64().unwrap() as usize;
            let p = Pos::parse(c["input"]["position"].as_str().unwrap()).unwrap();
            let city = s.player(k).unwrap().city();
            if task == "height_at" {
                assert_eq!(city.height(p) as u64, c["expected"].as_u64().unwrap());
            } else {
                let got = city.top(p).map(|(h, _)| h.char().to_string());
                assert_eq!(got.as_deref(), c["expected"].as_str(), "{c}");
            }
        }
    }
}

#[test]
fn moves() {
    for c in cases("is_move_valid") {
        let m: Move = c["input"]["move"].as_str().unwrap().parse().unwrap();
        assert_eq!(
            state(&c).is_valid(m),
            c["expected"].as_bool().unwrap(),
            "{c}"
        );
    }
    for c in cases("generate_all_valid_moves") {
        let got: BTreeSet<String> = state(&c)
            .valid_moves()
            .iter()
            .map(Move::to_string)
            .collect();
        let exp: BTreeSet<String> = c["expected"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        assert_eq!(got, exp, "{}", c["input"]["state"]);
    }
    for c in cases("generate_ai_move") {
        let m = greedy_move(&state(&c), None).expect("a move");
        let ok = c["expected"]["one_of"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x.as_str() == Some(&m.to_string()));
        assert!(ok, "{m} not valid in {}", c["input"]["state"]);
    }
}

#[test]
fn applying_moves_and_resupply() {
    for c in cases("apply_move") {
        let mut s = state(&c);
        let m: Move = c["input"]["move"].as_str().unwrap().parse().unwrap();
        s.play(m).unwrap();
        let got = s.to_string();
        let exp = c["expected"]["state"].as_str().unwrap();
        if c["expected"]["resupplied"].as_bool() == Some(true) {
            let allowed: Vec<&str> = c["expected"]["allowed_new_tiles"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap())
                .collect();
            let (g, e): (Vec<&str>, Vec<&str>) =
                (got.split(';').collect(), exp.split(';').collect());
            assert_eq!(g[0], e[0]);
            assert_eq!(g[2..], e[2..]);
            assert_eq!(g[1].len(), e[1].len());
            assert_eq!(g[1][..3], e[1][..3]);
            for i in (3..g[1].len()).step_by(2) {
                assert!(allowed.contains(&&g[1][i..i + 2]), "{got}");
            }
        } else {
            assert_eq!(got, exp);
        }
    }
    for c in cases("resupply_construction_site") {
        let mut s = state(&c);
        let before = s.to_string();
        s.resupply();
        let e = &c["expected"];
        if e["kind"] == "unchanged" {
            assert_eq!(s.to_string(), before);
        } else {
            let n = e["new_tile_count"].as_u64().unwrap() as usize;
            assert_eq!(s.site().len(), 1 + n);
            for t in &s.site()[1..] {
                assert!(e["allowed_new_tiles"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|x| x.as_str() == Some(&t.to_string())));
            }
        }
    }
}

#[test]
fn scores() {
    let tasks = [
        ("calculate_house_scores", Some(District::House)),
        ("calculate_market_scores", Some(District::Market)),
        ("calculate_barracks_scores", Some(District::Barracks)),
        ("calculate_temple_scores", Some(District::Temple)),
        ("calculate_garden_scores", Some(District::Garden)),
        ("calculate_complete_scores", None),
    ];
    for (task, d) in tasks {
        for c in cases(task) {
            let s = state(&c);
            let got = match d {
                Some(d) => s.district_scores(d),
                None => s.complete_scores(),
            };
            let exp: Vec<u32> = c["expected"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap() as u32)
                .collect();
            assert_eq!(got, exp, "{task} {}", c["input"]["state"]);
        }
    }
}
