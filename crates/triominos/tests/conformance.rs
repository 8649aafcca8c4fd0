//! The conformance cases of `../shared/conformance/triominos/`, run through the library
//! directly (the CLI harness is checked by `check.py` in CI).

use serde_json::Value;
use std::path::PathBuf;
use tessera_triominos::{
    highest_start, opening_score, round_credits, Board, HexagonBonus, Placement, Tile,
};

fn cases(name: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/conformance/triominos")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "conformance file {} is missing ({e}); the shared folder must sit beside the checkout",
            path.display()
        )
    });
    let v: Vec<Value> = serde_json::from_str(&text).expect("case file is JSON");
    assert!(!v.is_empty());
    v
}

fn board(v: &Value) -> Board {
    let placements: Vec<Placement> = serde_json::from_value(v.clone()).expect("board placements");
    Board::from_placements(&placements).expect("possible board")
}

#[test]
fn check_cases() {
    for c in cases("check.json") {
        let b = board(&c["input"]["board"]);
        let mv: Placement = serde_json::from_value(c["input"]["move"].clone()).unwrap();
        let exp = &c["expected"];
        match b.check(&mv) {
            Ok(()) => {
                assert_eq!(
                    exp["valid"], true,
                    "{}: accepted an invalid placement",
                    c["name"]
                );
                let s = b.score(&mv, HexagonBonus::Readme);
                assert_eq!(
                    s.score as i64,
                    exp["score"].as_i64().unwrap(),
                    "{}",
                    c["name"]
                );
                assert_eq!(
                    s.hexagons as i64,
                    exp["hexagons"].as_i64().unwrap(),
                    "{}",
                    c["name"]
                );
                assert_eq!(s.bridge, exp["bridge"].as_bool().unwrap(), "{}", c["name"]);
            }
            Err(e) => assert_eq!(
                exp["valid"], false,
                "{}: refused a valid placement: {e}",
                c["name"]
            ),
        }
    }
}

fn key(tile: Tile, p: &Value) -> (Tile, String, i64, i64, i64) {
    (
        tile.canonical(),
        p["orientation"].as_str().unwrap().to_string(),
        p["x"].as_i64().unwrap(),
        p["y"].as_i64().unwrap(),
        p["score"].as_i64().unwrap(),
    )
}

#[test]
fn legal_cases() {
    for c in cases("legal.json") {
        let b = board(&c["input"]["board"]);
        let tray: Vec<Tile> = serde_json::from_value(c["input"]["tray"].clone()).unwrap();
        let mut out = Vec::new();
        b.legal_placements(&tray, HexagonBonus::Readme, &mut out);
        let mut got: Vec<_> = out
            .iter()
            .map(|s| {
                let p = s.placement;
                (
                    p.tile.canonical(),
                    p.orientation.name().to_string(),
                    p.x as i64,
                    p.y as i64,
                    s.score as i64,
                )
            })
            .collect();
        let mut exp: Vec<_> = c["expected"]["placements"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| key(p["tile"].as_str().unwrap().parse().unwrap(), p))
            .collect();
        got.sort();
        exp.sort();
        assert_eq!(got, exp, "{}", c["name"]);
        // every listed placement is accepted by the checker, with the same score
        for s in &out {
            assert!(
                b.check(&s.placement).is_ok(),
                "{}: listed {} is refused",
                c["name"],
                s.placement
            );
            assert_eq!(b.score(&s.placement, HexagonBonus::Readme), *s);
        }
    }
}

#[test]
fn first_player_cases() {
    for c in cases("first_player.json") {
        let trays: Vec<Vec<Tile>> = serde_json::from_value(c["input"]["trays"].clone()).unwrap();
        let exp = &c["expected"];
        match highest_start(&trays) {
            Some(h) => {
                assert_eq!(
                    h.seat as i64,
                    exp["seat"].as_i64().expect("a starter"),
                    "{}",
                    c["name"]
                );
                assert_eq!(
                    opening_score(h.tile) as i64,
                    exp["score"].as_i64().unwrap(),
                    "{}",
                    c["name"]
                );
                assert_eq!(
                    h.zero_option,
                    exp["zero_option"].as_bool().unwrap(),
                    "{}",
                    c["name"]
                );
            }
            None => assert!(exp["seat"].is_null(), "{}: expected a starter", c["name"]),
        }
    }
}

#[test]
fn round_end_cases() {
    for c in cases("round_end.json") {
        let trays: Vec<Vec<Tile>> = serde_json::from_value(c["input"]["trays"].clone()).unwrap();
        let emptied = c["input"]["emptied"].as_u64().map(|e| e as usize);
        let got: Vec<i64> = round_credits(&trays, emptied)
            .into_iter()
            .map(i64::from)
            .collect();
        let exp: Vec<i64> = serde_json::from_value(c["expected"]["credits"].clone()).unwrap();
        assert_eq!(got, exp, "{}", c["name"]);
    }
}
