//! `tessera play` for every game from the outside: whole games with a person typing on
//! standard input, abandoned games, help from the registry, seeds; and the other commands
//! naming games (harness, bench, replay) for the games beyond Triominos.

use crate::common;
use common::tessera;
use std::path::{Path, PathBuf};
use std::process::Output;

/// Standard output of a run that must succeed.
fn ok(o: &Output) -> String {
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    );
    assert!(o.status.success(), "{err}\n{out}");
    out
}

/// A test's file, `tessera-play-{pid}-{name}` in the temporary directory, removed when it is
/// dropped at the end of the test (kept if the test fails, to be looked at). The tests run
/// side by side: each has files of its own, no directory shared with the others.
struct TempFile(PathBuf);

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempFile {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

fn temp(name: &str) -> TempFile {
    TempFile(std::env::temp_dir().join(format!("tessera-play-{}-{name}", std::process::id())))
}

fn lines(first: &[&str], then: &str, times: usize) -> String {
    let mut s: String = first.iter().map(|l| format!("{l}\n")).collect();
    for _ in 0..times {
        s.push_str(then);
        s.push('\n');
    }
    s
}

/// Replays a record: its words and result.
fn replayed(record: &std::path::Path) -> String {
    ok(&tessera(&["replay", record.to_str().unwrap()], ""))
}

/// A game of Q of one copy of each tile, a person against `ldasg`, seed 3.
const Q_SEED_3: [&str; 8] = [
    "play",
    "q",
    "--players",
    "human,ldasg",
    "--seed",
    "3",
    "--copies",
    "1",
];

#[test]
fn a_person_plays_a_whole_game_of_q() {
    let record = temp("q.json");
    // seed 3: the hand is p8 o8 g* r# y# o* and the map a yellow circle at 0,0
    let input = lines(&["help", "9@0,0", "1@5,5", "5@0,1"], "pass", 200);
    let o = tessera(
        &[
            &Q_SEED_3[..],
            &[
                "--rules",
                r#"{"bonuses": {"q": 8, "finish": 4}}"#,
                "--record",
                record.to_str().unwrap(),
            ],
        ]
        .concat(),
        &input,
    );
    let out = ok(&o);
    assert!(
        out.starts_with("Q: 2 players (you, ldasg), seed 3"),
        "{out}"
    );
    assert!(out.contains("legend: colour"), "{out}");
    assert!(out.contains("you, your hand: 1:"), "{out}");
    assert!(out.contains("N@ROW,COL"), "the help: {out}");
    assert!(out.contains("there is no tile 9 in your hand"), "{out}");
    assert!(
        out.contains("Not allowed:"),
        "a placement away from the map: {out}"
    );
    assert!(out.contains("you: places"), "{out}");
    assert!(out.contains("you: passes"), "{out}");
    assert!(out.contains("winner(s): "), "the game ends: {out}");
    assert!(!out.contains("abandoned"), "{out}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(
        v["rules"]["bonuses"],
        serde_json::json!({"q": 8, "finish": 4})
    );
    assert_eq!(v["rules"]["copies"], 1);
    assert!(v["outcome"].is_object(), "{v}");
    let r = replayed(&record);
    assert!(r.contains("Replay matches the record"), "{r}");
    assert!(r.contains("you placed"), "{r}");
}

#[test]
fn q_at_the_terminal_lists_the_cells_where_each_tile_fits_and_they_are_accepted() {
    let args = Q_SEED_3;
    // the first turn: every hand tile with the cells it fits (or nowhere), and a move to type
    let out = ok(&tessera(&args, "quit\n"));
    assert!(
        out.contains("where each tile fits (row,column): 1:"),
        "{out}"
    );
    let typed = out
        .split("(type ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no move to type in {out}"))
        .to_string();
    let (n, at) = typed.split_once('@').unwrap();
    // the listed tile's cells hold the one suggested
    let listed = out
        .lines()
        .find(|l| l.starts_with("where each tile fits"))
        .unwrap();
    let cells = listed.split(&format!("{n}:")).nth(1).unwrap();
    assert!(cells.contains(&format!(" at {at}")), "{at} in {listed}");
    // typed as suggested, the engine takes it
    let out = ok(&tessera(&args, &format!("{typed}\nquit\n")));
    assert!(out.contains("you: places"), "{typed}: {out}");
    assert!(!out.contains("Not allowed"), "{typed}: {out}");
}

#[test]
fn a_person_plays_a_whole_game_of_akropolis() {
    let input = lines(&["help", "list 0", "0", "hello", "list 32"], "1", 200);
    let out = ok(&tessera(
        &[
            "play",
            "akropolis",
            "--players",
            "human,greedy",
            "--seed",
            "3",
            "--variants",
            "HmBtg",
        ],
        &input,
    ));
    assert!(
        out.starts_with("Akropolis: 2 players (you, greedy), seed 3"),
        "{out}"
    );
    assert!(out.contains("Variants HmBtg"), "{out}");
    assert!(out.contains("--- City: you, "), "{out}");
    assert!(out.contains("directions 0=N"), "the help: {out}");
    assert!(
        out.contains("No valid move starts with \"00\""),
        "list 0 is tile 00: {out}"
    );
    assert!(out.contains("There is no move number 0"), "{out}");
    assert!(out.contains("\"hello\" is not a move"), "{out}");
    assert!(out.contains(". 32"), "list 32: {out}");
    assert!(out.contains("you: "), "{out}");
    assert!(out.contains("=== Final scores ==="), "{out}");
    assert!(
        out.contains("Winner: ") && !out.contains("Winner: player"),
        "the winner by name: {out}"
    );
    // every city is public: nobody is asked to hide the screen
    assert!(!out.contains("press Enter"), "{out}");
}

#[test]
fn a_person_plays_a_solo_game_against_the_architect() {
    let record = temp("solo.json");
    let out = ok(&tessera(
        &[
            "play",
            "akropolis",
            "--variants",
            "HmBtg",
            "--solo",
            "metagenes",
            "--seed",
            "11",
            "--record",
            record.to_str().unwrap(),
        ],
        &lines(&[], "1", 200),
    ));
    assert!(
        out.starts_with("Akropolis: 2 players (you, architect), seed 11"),
        "{out}"
    );
    assert!(
        out.contains("solo against the Architect Metagenes"),
        "{out}"
    );
    assert!(out.contains("architect: "), "{out}");
    assert!(
        out.contains("Winner: ") && !out.contains("Winner: player"),
        "the winner by name: {out}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(v["rules"]["solo"], "metagenes");
    assert!(replayed(&record).contains("Replay matches the record"));
}

#[test]
fn quit_abandons_a_game_and_keeps_its_record() {
    for (game, bot) in [
        ("triominos", "greedy"),
        ("q", "ldasg"),
        ("akropolis", "greedy"),
    ] {
        let record = temp(&format!("quit-{game}.json"));
        let players = format!("human,{bot}");
        let out = ok(&tessera(
            &[
                "play",
                game,
                "--players",
                &players,
                "--record",
                record.to_str().unwrap(),
            ],
            "help\nquit\n1\n",
        ));
        assert!(out.contains("The game is abandoned."), "{game}: {out}");
        assert!(
            !out.contains("Game over") && !out.contains("winner"),
            "{game}: {out}"
        );
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
        assert!(v["outcome"].is_null(), "{game}: {v}");
        let r = replayed(&record);
        assert!(
            r.contains("The record ends before the game does"),
            "{game}: {r}"
        );
    }
}

#[test]
fn people_sharing_the_terminal_hide_their_tiles() {
    let out = ok(&tessera(
        &["play", "q", "--players", "human,human", "--seed", "2"],
        "\nquit\n",
    ));
    assert!(
        out.contains("player1: press Enter when only you can see the screen"),
        "{out}"
    );
    assert!(out.contains("player1, your hand"), "{out}");
}

#[test]
fn a_game_without_a_seed_gets_a_fresh_one() {
    let seed = |out: &str| {
        out.lines()
            .next()
            .and_then(|l| l.rsplit("seed ").next())
            .unwrap()
            .to_string()
    };
    // issue 13, defect 7: `play triominos` and `play q` dealt seed 1 every time
    let games: [&[&str]; 2] = [
        &[
            "play",
            "q",
            "--players",
            "ldasg,dag",
            "--copies",
            "1",
            "--quiet",
        ],
        &[
            "play",
            "triominos",
            "--players",
            "greedy,random",
            "--end",
            "round",
            "--quiet",
        ],
    ];
    for args in games {
        let (a, b) = (ok(&tessera(args, "")), ok(&tessera(args, "")));
        assert_ne!(seed(&a), seed(&b), "{a}\n{b}");
        // the printed seed plays the same game again
        let again = ok(&tessera(&[args, &["--seed", &seed(&a)]].concat(), ""));
        assert_eq!(a, again);
    }
}

#[test]
fn the_help_of_a_game_lists_its_options_and_bots() {
    for (game, expected) in [
        (
            "triominos",
            &[
                "--tiles",
                "--hexagon-bonus",
                "--target",
                "greedy",
                "ismcts",
                "drawer",
            ][..],
        ),
        ("q", &["--copies", "--hand-size", "ldasg", "dag", "lines"]),
        (
            "akropolis",
            &[
                "--variants",
                "--solo",
                "metagenes",
                "districts",
                "architect",
            ],
        ),
    ] {
        let out = ok(&tessera(&["play", game, "--help"], ""));
        for e in expected {
            assert!(out.contains(e), "{game}: {e} missing in\n{out}");
        }
        for common in ["--players", "--seed", "--rules", "--record", "--quiet"] {
            assert!(out.contains(common), "{game}: {common} missing");
        }
    }
    let out = ok(&tessera(&["play", "--help"], ""));
    assert!(
        out.contains("triominos") && out.contains("akropolis"),
        "{out}"
    );
}

#[test]
fn unknown_games_get_the_list_of_games() {
    let record = r#"{"game":"chess","rules":{},"seed":1,"moves":[]}"#;
    for (args, stdin) in [
        (&["play", "chess"][..], ""),
        (&["harness", "chess"], ""),
        (&["bench", "chess"], ""),
        (&["tournament", "--game", "chess", "--no-db"], ""),
        (&["replay", "-"], record),
    ] {
        let o = tessera(args, stdin);
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("unknown game \"chess\"") && err.contains("triominos, q, akropolis"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn bad_settings_are_refused() {
    for args in [
        &["play", "q", "--players", "human"][..],
        &["play", "q", "--copies", "0"],
        &["play", "q", "--rules", "not json"],
        &["play", "q", "--rules", r#"{"players": 3}"#],
        &["play", "akropolis", "--variants", "HMB"],
        &["play", "akropolis", "--players", "human,architect"],
        &["play", "akropolis", "--solo", "nobody"],
    ] {
        let o = tessera(args, "");
        assert!(!o.status.success(), "{args:?}");
        assert!(!String::from_utf8_lossy(&o.stderr).is_empty(), "{args:?}");
    }
}

#[test]
fn the_akropolis_harness_answers_every_line() {
    let input = "{\"task\":\"calculate_complete_scores\",\"input\":{\"state\":\"2hmbtg;010181620;P001;P102;\"}}\nnot json\n\n{\"task\":\"is_move_string_well_formed\",\"input\":{\"move\":\"18S00E02R0\"}}\n";
    let out = ok(&tessera(&["harness", "akropolis"], input));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], serde_json::json!([1, 2]));
    assert!(lines[1]["error"].is_string());
    assert_eq!(lines[2], serde_json::json!(true));
    // the harness takes no arguments
    assert!(!tessera(&["harness", "akropolis", "extra"], "")
        .status
        .success());
}

#[test]
fn the_q_harness_takes_its_arguments_in_any_order() {
    let input =
        "[[0,[0,{\"color\":\"red\",\"shape\":\"star\"}]]] {\"color\":\"red\",\"shape\":\"star\"}";
    for args in [
        &["harness", "q", "xmap", "--per-turn", "0.5"][..],
        &["harness", "q", "--per-turn", "0.5", "xmap"],
    ] {
        let out = ok(&tessera(args, input));
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v.as_array().map(Vec::len), Some(4), "{args:?}: {out}");
    }
    let o = tessera(&["harness", "q", "xnope"], input);
    assert!(!o.status.success());
}

#[test]
fn the_benchmarks_print_only_what_they_measured() {
    let json = |game: &str| -> serde_json::Value {
        let out = ok(&tessera(
            &["bench", game, "--json", "--seconds", "0.05"],
            "",
        ));
        serde_json::from_str(out.trim()).unwrap()
    };
    let q = json("q");
    assert!(q["ms_per_game"].as_f64().unwrap() > 0.0, "{q}");
    assert_eq!(q["winners"], serde_json::json!(["B"]), "{q}");
    assert_eq!(q["game"], "q");
    for cited in ["reference_ms_per_game", "speedup_vs_reference"] {
        assert!(q.get(cited).is_none(), "{cited} in {q}");
    }
    let a = json("akropolis");
    assert!(a["random_games_per_s"].as_f64().unwrap() > 0.0, "{a}");
    assert_eq!(a["late_game_moves"], 384);
    let table = ok(&tessera(&["bench", "akropolis", "--seconds", "0.05"], ""));
    assert!(
        table.contains("late_game_moves") && table.contains("384"),
        "{table}"
    );
    assert!(!tessera(&["bench", "q", "--seconds", "0"], "")
        .status
        .success());
}
