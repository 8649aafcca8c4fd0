//! Fills a store with many finished games, to measure how long `tessera serve` takes to
//! start on a big store: `cargo run --release -p tessera-server --example big_store --
//! PATH N` writes N finished games of Q (one real game, dag against ldasg, stored N times:
//! every record replays) in one transaction.

use std::time::Instant;
use tessera_core::{Game, Seat};
use tessera_server::store::{self, SeatRecord};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("the store's path");
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    // one real game of at least 30 moves: its moves replay from its rules and seed
    let rules = tessera_q::QRules::for_players(2);
    let (seed, mut game, moves) = (1u64..)
        .map(|seed| {
            let mut game = tessera_q::QGame::new(&rules, seed).expect("rules");
            let mut moves = Vec::new();
            while let Some(s) = game.to_move() {
                let kind = if s == Seat(0) {
                    tessera_q::StrategyKind::Dag
                } else {
                    tessera_q::StrategyKind::Ldasg
                };
                let mv = kind.turn(&game.view(s).knowledge);
                game.play(&mv).expect("a legal move");
                moves.push(serde_json::to_string(&mv).expect("JSON"));
            }
            (seed, game, moves)
        })
        .find(|(_, _, moves)| moves.len() >= 30)
        .expect("a long game");
    let _ = &mut game;
    let outcome = game.outcome().expect("over");
    let seats = vec![
        SeatRecord {
            name: "dag".into(),
            kind: "bot".into(),
            spec: Some("dag".into()),
            account: None,
        },
        SeatRecord {
            name: "ldasg".into(),
            kind: "bot".into(),
            spec: Some("ldasg".into()),
            account: None,
        },
    ];
    let result = serde_json::json!({
        "scores": outcome.scores,
        "winners": outcome.winners.iter().map(|s| seats[s.index()].name.clone()).collect::<Vec<_>>(),
        "winner_seats": outcome.winners,
        "ejected": [],
        "outcome": outcome,
    });
    let t = Instant::now();
    let db = store::open_file(std::path::Path::new(&path)).expect("the store");
    db.execute_batch("BEGIN").expect("a transaction");
    {
        let mut g = db
            .prepare(
                "INSERT INTO games (game, status, rules, seed, seats, created, started, ended, moves, result, owner)
                 VALUES ('q', 'finished', ?1, ?2, ?3, ?4, ?4, ?4, ?5, ?6, 'local')",
            )
            .expect("insert games");
        let mut m = db
            .prepare("INSERT INTO moves (game, n, seat, house, move) VALUES (?1, ?2, ?3, 0, ?4)")
            .expect("insert moves");
        let rules = serde_json::to_string(&rules).expect("JSON");
        let seats = serde_json::to_string(&seats).expect("JSON");
        for _ in 0..n {
            g.execute(rusqlite::params![
                rules,
                seed as i64,
                seats,
                0i64,
                moves.len() as i64,
                result.to_string()
            ])
            .expect("a game");
            let id = db.last_insert_rowid();
            for (k, mv) in moves.iter().enumerate() {
                m.execute(rusqlite::params![id, k as i64, (k % 2) as i64, mv])
                    .expect("a move");
            }
        }
    }
    db.execute_batch("COMMIT").expect("commit");
    eprintln!(
        "{n} games of {} moves written in {:.1} s",
        moves.len(),
        t.elapsed().as_secs_f64()
    );
}
