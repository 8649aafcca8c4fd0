//! What people see of a game beyond its views (issue 13): the log in player terms, why a
//! game ended, the score breakdown of the end screen, the rules help and the bots'
//! strengths of the registry.

use serde_json::Value;
use tessera_akropolis::Akropolis;
use tessera_core::{play_out, rng_from_seed, Game, View};
use tessera_games::{Registration, Registry};
use tessera_q::QGame;
use tessera_triominos::TriominosGame;

const NAMES: [&str; 2] = ["Ann", "Bob"];

/// A whole game between two of `bot`, from `seed`: the start, the end, the moves and
/// every log line in order.
fn played<G: Registration>(bot: &str, seed: u64) -> (G, G, Vec<G::Move>, Vec<String>) {
    let names: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
    let rules = G::default_rules(2).unwrap();
    let start = G::new(&rules, seed).unwrap();
    let mut game = start.clone();
    let mut strategies = vec![G::bot(bot).unwrap(), G::bot(bot).unwrap()];
    let mut rng = rng_from_seed(seed);
    let mut before = start.clone();
    let mut log = Vec::new();
    let moves = play_out(
        &mut game,
        &mut strategies,
        &mut rng,
        5_000,
        |seat, mv, after| {
            log.extend(
                G::describe(Some(&before), after, seat, mv, &names)
                    .iter()
                    .map(ToString::to_string),
            );
            before = after.clone();
        },
    )
    .unwrap();
    assert!(game.to_move().is_none(), "the game reached its end");
    (start, game, moves, log)
}

/// The breakdown's rows: numbers (Akropolis's district cells, "12 (2★ × 6)", count by
/// their first number).
fn rows(b: &Value) -> Vec<Vec<i64>> {
    b["rows"]
        .as_array()
        .expect("a breakdown")
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|c| match c {
                    Value::String(s) => s.split(' ').next().unwrap().parse().unwrap(),
                    v => v.as_i64().unwrap(),
                })
                .collect()
        })
        .collect()
}

fn check_log(log: &[String]) {
    let last = log.last().unwrap();
    assert!(last.starts_with("Game over: Ann "), "{last}");
    assert!(last.contains(", Bob "), "{last}");
    assert!(
        last.ends_with(" wins") || last.ends_with(" win"),
        "the winner is named: {last}"
    );
    assert_eq!(
        log.iter().filter(|l| l.starts_with("Game over")).count(),
        1,
        "{log:#?}"
    );
    for l in log {
        assert!(
            l.starts_with("Ann ")
                || l.starts_with("Bob ")
                || l.starts_with("Round ")
                || l.starts_with("Game over"),
            "a line in player terms: {l}"
        );
        for word in ["seat", "Seat", "player1", "Player 1", "scores ["] {
            assert!(!l.contains(word), "{word:?} in {l}");
        }
    }
}

#[test]
fn triominos_logs_ends_and_breaks_down_in_player_terms() {
    for seed in 0..4 {
        let (start, end, moves, log) = played::<TriominosGame>("greedy", seed);
        check_log(&log);
        // the end's line comes after the last move's, with the final scores
        let scores = end.scores();
        let over = log.last().unwrap();
        assert!(
            over.contains(&format!("Ann {}", scores[0]))
                && over.contains(&format!("Bob {}", scores[1])),
            "{over} vs {scores:?}"
        );
        assert!(log
            .iter()
            .any(|l| l.contains(" placed ") && l.contains(" for +")));
        // placements name the tile (0-3-4), not grid coordinates
        assert!(log.iter().all(|l| !l.contains(" at (")), "{log:#?}");
        let names: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
        let why = TriominosGame::ending(&end, &names).unwrap().to_string();
        assert!(why.contains("target"), "{why}");
        let b = TriominosGame::breakdown(&start, &moves, &end);
        let rows = rows(&b);
        assert_eq!(b["columns"].as_array().unwrap().len(), rows[0].len());
        for (seat, r) in rows.iter().enumerate() {
            let total = *r.last().unwrap();
            assert_eq!(total, scores[seat] as i64, "{b}");
            // tile points, bonuses, opening, draws, penalties, credits add up to the total
            assert_eq!(r[1..r.len() - 1].iter().sum::<i64>(), total, "{b}");
        }
    }
}

#[test]
fn q_logs_ends_and_breaks_down_in_player_terms() {
    for seed in 0..4 {
        let (start, end, moves, log) = played::<QGame>("ldasg", seed);
        check_log(&log);
        let names: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
        let why = QGame::ending(&end, &names).unwrap().to_string();
        assert!(
            why.contains("placed every tile") || why.contains("without a placement"),
            "{why}"
        );
        let b = QGame::breakdown(&start, &moves, &end);
        for (seat, r) in rows(&b).iter().enumerate() {
            let total = *r.last().unwrap();
            assert_eq!(total, end.scores()[seat] as i64, "{b}");
            assert_eq!(r[1] + r[2] + r[3], total, "line points and bonuses: {b}");
        }
    }
}

#[test]
fn akropolis_logs_ends_and_breaks_down_in_player_terms() {
    let (start, end, moves, log) = played::<Akropolis>("greedy", 3);
    check_log(&log);
    // no move strings like 36S01E00R0 in the log
    assert!(
        log.iter().all(|l| !l.contains('S') || !l.contains("R0")),
        "{log:#?}"
    );
    let names: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
    assert!(Akropolis::ending(&end, &names)
        .unwrap()
        .to_string()
        .contains("Construction Site"));
    let b = Akropolis::breakdown(&start, &moves, &end);
    let columns = b["columns"].as_array().unwrap();
    assert_eq!(
        tessera_games::Msg::from_json(&columns[0])
            .unwrap()
            .to_string(),
        "Houses"
    );
    for (seat, r) in rows(&b).iter().enumerate() {
        let total = *r.last().unwrap();
        assert_eq!(total, end.scores()[seat] as i64, "{b}");
        assert_eq!(r[..r.len() - 1].iter().sum::<i64>(), total, "{b}");
    }
}

#[test]
fn every_game_has_rules_help_and_every_bot_a_strength() {
    let registry = Registry::standard();
    for entry in registry.iter() {
        let info = entry.info();
        let help: Vec<String> = info.rules_help.iter().map(ToString::to_string).collect();
        let help = help.join("\n\n");
        assert!(help.len() > 200, "{}: rules help for people", info.name);
        // no tile named by its numbers (`0-0-0`): a spectator's page holds the help, and
        // every tile named there must be one on the board
        let b = help.as_bytes();
        let tile = b.windows(5).any(|w| {
            w[0].is_ascii_digit()
                && w[1] == b'-'
                && w[2].is_ascii_digit()
                && w[3] == b'-'
                && w[4].is_ascii_digit()
        });
        assert!(!tile, "{}: a tile named in the rules help", info.name);
        for bot in &info.bots {
            if bot.name == "architect" {
                continue; // the solo rule, not an opponent to choose
            }
            assert!(
                ["weak", "fair", "strong", "strongest"].contains(&bot.strength),
                "{} {}: {:?}",
                info.name,
                bot.name,
                bot.strength
            );
        }
    }
}

#[test]
fn a_seat_is_named_not_numbered() {
    // the names given are the names used: "Ann", never "seat 0"
    let names: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
    let rules = TriominosGame::default_rules(2).unwrap();
    let mut g = TriominosGame::new(&rules, 1).unwrap();
    let before = g.clone();
    let seat = g.to_move().unwrap();
    let mv = g.view(seat).legal_moves()[0];
    g.play(&mv).unwrap();
    let lines = TriominosGame::describe(Some(&before), &g, seat, &mv, &names);
    assert!(
        lines[0].to_string().starts_with(NAMES[seat.index()]),
        "{lines:?}"
    );
}
