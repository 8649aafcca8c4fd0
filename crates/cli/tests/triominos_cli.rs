//! The `tessera` binary from the outside: Triominos play, records, replay, harness, bench.

use crate::common;
use common::tessera;
use std::process::Output;

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_bot_game_is_recorded_and_replays_exactly() {
    let dir = std::env::temp_dir().join(format!("tessera-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("game.json");
    let rec_s = rec.to_str().unwrap();
    let game = [
        "play",
        "triominos",
        "--players",
        "greedy,random,greedy",
        "--seed",
        "7",
        "--tiles",
        "84",
        "--start",
        "winner",
    ];
    let o = tessera(&[&game[..], &["--record", rec_s]].concat(), "");
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("== Game over =="), "{out}");
    assert!(out.contains("winner"));
    // the same seed gives the same game
    let again = tessera(&game, "");
    let (out2, _) = text(&again);
    assert_eq!(
        out.lines().filter(|l| l.contains("->")).collect::<Vec<_>>(),
        out2.lines()
            .filter(|l| l.contains("->"))
            .collect::<Vec<_>>()
    );
    let o = tessera(&["replay", rec_s], "");
    let (rout, rerr) = text(&o);
    assert!(o.status.success(), "{rerr}");
    assert!(rout.contains("Replay matches the record"), "{rout}");
    // a tampered record is refused with a message
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    v["seed"] = serde_json::json!(8);
    std::fs::write(&rec, v.to_string()).unwrap();
    let o = tessera(&["replay", rec_s], "");
    assert!(!o.status.success());
    assert!(
        text(&o).1.contains("illegal") || text(&o).1.contains("differ"),
        "{}",
        text(&o).1
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_records_are_refused_without_panicking() {
    for body in [
        "not json",
        "{}",
        r#"{"game":"chess"}"#,
        r#"{"game":"triominos","rules":{"players":9},"seed":1,"moves":[]}"#,
        r#"{"game":"triominos","rules":{"players":2},"seed":1,"moves":["fly"]}"#,
    ] {
        let o = tessera(&["replay", "-"], body);
        let (_, err) = text(&o);
        assert!(!o.status.success(), "{body}");
        assert!(err.starts_with("tessera: "), "{body}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let o = tessera(&["replay", "/nonexistent/file.json"], "");
    assert!(!o.status.success());
}

#[test]
fn a_person_gets_clear_messages_for_bad_input() {
    let o = tessera(
        &[
            "play",
            "triominos",
            "--players",
            "human,greedy",
            "--seed",
            "5",
        ],
        "hello\n999\n9-9-9 ABC 0 0\n1\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("Your move"), "{out}");
    assert!(out.contains("Not understood"), "{out}");
    assert!(out.contains("no placement numbered 999"), "{out}");
    assert!(out.contains("Input ended"), "{out}");
}

#[test]
fn bad_options_are_refused() {
    for args in [
        vec!["play", "triominos", "--players", "greedy"],
        vec!["play", "triominos", "--players", "greedy,wizard"],
        vec!["play", "triominos", "--tiles", "60"],
        vec!["play", "triominos", "--end", "soon"],
        vec![
            "play",
            "triominos",
            "--players",
            "random,random,random,random,random,random,random",
        ],
    ] {
        let o = tessera(&args, "");
        assert!(!o.status.success(), "{args:?}");
        assert!(!text(&o).1.is_empty());
    }
}

#[test]
fn every_variant_plays_to_the_end() {
    for (start, bonus, end) in [
        ("highest", "readme", "target"),
        ("random", "code", "round"),
        ("winner", "code", "finish-round"),
    ] {
        let o = tessera(
            &[
                "play",
                "triominos",
                "--players",
                "random,greedy,random,greedy,random,greedy",
                "--start",
                start,
                "--hexagon-bonus",
                bonus,
                "--end",
                end,
                "--target",
                "300",
                "--quiet",
            ],
            "",
        );
        let (out, err) = text(&o);
        assert!(o.status.success(), "{err}");
        assert!(out.contains("== Game over =="), "{start} {bonus} {end}");
    }
}

#[test]
fn the_harness_answers_every_line() {
    let input = "{\"task\":\"round_end\",\"input\":{\"trays\":[[],[\"4-4-4\"]],\"emptied\":0}}\nnot json\n\n{\"task\":\"first_player\",\"input\":{\"variant\":\"highest\",\"trays\":[[\"1-1-1\"],[\"0-0-0\"]]}}\n";
    let o = tessera(&["harness", "triominos"], input);
    let (out, _) = text(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], serde_json::json!({"credits": [37, 0]}));
    assert!(lines[1]["error"].is_string());
    assert_eq!(
        lines[2],
        serde_json::json!({"seat": 0, "score": 13, "zero_option": false})
    );
}

#[test]
fn the_benchmark_prints_its_figures() {
    let o = tessera(&["bench", "triominos", "--json", "--seconds", "0.1"], "");
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v["enumerate_us"].as_f64().unwrap() > 0.0);
    assert!(v["greedy_games_per_s"].as_f64().unwrap() > 0.0);
    assert_eq!(v["enumerate_placements"], 6);
}
