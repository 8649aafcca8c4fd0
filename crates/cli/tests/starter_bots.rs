//! The starter bots of `examples/bots/` (issue 30): each plays a whole game of each game
//! against a house level through a real `tessera serve`, without being ejected, picking
//! at random and greedily among the legal moves the host sends; one comes back after the
//! host is killed mid-game. And on the wire: a program that asks for its moves gets them
//! with every `take-turn`, one that does not gets exactly today's calls.
//!
//! The JavaScript bot needs `node`: without it its cases are skipped with a printed
//! reason, unless `TESSERA_REQUIRE_NODE=1` (then they fail).

use crate::common;
use common::serve::{start, Server};
use common::{free_port, RemoveDir};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tessera_server::store::{self, GameStatus, ListQuery};

const GAMES: [&str; 3] = ["q", "triominos", "akropolis"];

fn bots_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/bots")
}

/// The interpreters of the starter bots that can run here: `(interpreter, script)`.
fn starter_bots() -> Vec<(&'static str, PathBuf)> {
    let mut bots = vec![("python3", bots_dir().join("bot.py"))];
    let node = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if node {
        bots.push(("node", bots_dir().join("bot.js")));
    } else if std::env::var("TESSERA_REQUIRE_NODE").as_deref() == Ok("1") {
        panic!("node is not on this machine and TESSERA_REQUIRE_NODE=1");
    } else {
        println!("skipped: the JavaScript starter bot (node is not on this machine)");
    }
    bots
}

fn temp_dir(what: &str) -> (PathBuf, RemoveDir) {
    let dir = std::env::temp_dir().join(format!("tessera-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    (dir.clone(), RemoveDir(dir))
}

fn spawn(program: &str, args: &[&str]) -> Child {
    Command::new(program)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"))
}

/// Waits for `child` (at most `secs`): whether it succeeded, and what it printed.
fn finish(mut child: Child, secs: u64) -> (bool, String) {
    let until = Instant::now() + Duration::from_secs(secs);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut out = String::new();
    let _ = child.stdout.take().unwrap().read_to_string(&mut out);
    let _ = child.stderr.take().unwrap().read_to_string(&mut out);
    (status.is_some_and(|s| s.success()), out)
}

fn bot(interpreter: &str, script: &Path, game: &str, pick: &str, name: &str, port: u16) -> Child {
    let port = port.to_string();
    spawn(
        interpreter,
        &[
            script.to_str().unwrap(),
            "--game",
            game,
            "--pick",
            pick,
            "--name",
            name,
            "--port",
            &port,
        ],
    )
}

fn games_of(db: &Path) -> Vec<store::GameSummary> {
    store::list_file(
        db,
        &ListQuery {
            limit: Some(500),
            ..Default::default()
        },
    )
    .unwrap()
}

#[test]
fn each_starter_bot_plays_every_game_against_a_house_level() {
    let (dir, _cleanup) = temp_dir("starters");
    let db = dir.join("t.db");
    let tcp = free_port();
    let _server: Server = start(&db, tcp, free_port());
    let mut played = 0;
    for (interpreter, script) in starter_bots() {
        for game in GAMES {
            for pick in ["random", "greedy"] {
                let name = format!("{}{pick}{game}", &interpreter[..2]);
                let starter = bot(interpreter, &script, game, pick, &name, tcp);
                let port = tcp.to_string();
                let house = spawn(
                    env!("CARGO_BIN_EXE_tessera"),
                    &[
                        "client",
                        "--game",
                        game,
                        "--players",
                        "level:3",
                        "--port",
                        &port,
                    ],
                );
                let (ok, said) = finish(starter, 180);
                assert!(ok, "{interpreter} {pick} at {game}: {said}");
                assert!(
                    said.contains(&format!("{name} won")) || said.contains(&format!("{name} lost")),
                    "{interpreter} {pick} at {game} heard no result: {said}"
                );
                let (ok, said) = finish(house, 60);
                assert!(ok, "the house level at {game}: {said}");
                played += 1;
            }
        }
    }
    let stored = games_of(&db);
    assert_eq!(stored.len(), played, "one game a bot and a pick");
    for g in &stored {
        assert_eq!(
            g.status,
            GameStatus::Finished,
            "game {} ({}): {:?}",
            g.id,
            g.game,
            g.why
        );
        assert!(
            g.ejected.is_empty(),
            "game {} ({}): ejected {:?}",
            g.id,
            g.game,
            g.ejections
        );
        assert!(g.moves > 0, "game {} ({}) has no move", g.id, g.game);
    }
}

/// A raw program: its connection, line by line.
struct Program {
    stream: TcpStream,
    lines: BufReader<TcpStream>,
}

impl Program {
    fn sign_up(port: u16, hello: Value) -> Program {
        let stream = TcpStream::connect(SocketAddr::from(([127, 0, 0, 1], port))).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let lines = BufReader::new(stream.try_clone().unwrap());
        let mut p = Program { stream, lines };
        p.send(&hello);
        p
    }
    fn send(&mut self, v: &Value) {
        writeln!(self.stream, "{v}").unwrap();
    }
    /// The next call, `None` when the host closed the connection.
    fn next(&mut self) -> Option<Value> {
        let mut line = String::new();
        match self.lines.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(serde_json::from_str(&line).unwrap()),
        }
    }
}

/// Plays a program's seat until `win`: `answer` chooses each move from the call's
/// arguments. Returns the calls it got.
fn play(mut p: Program, answer: impl Fn(&[Value]) -> Value) -> Vec<Value> {
    let mut calls = Vec::new();
    while let Some(call) = p.next() {
        assert!(call.is_array(), "not a call: {call}");
        let args = call[1].as_array().unwrap().clone();
        let reply = match call[0].as_str().unwrap() {
            "take-turn" => answer(&args),
            _ => json!("void"),
        };
        let over = call[0] == "win";
        calls.push(call);
        p.send(&reply);
        if over {
            break;
        }
    }
    calls
}

#[test]
fn moves_come_only_to_a_program_that_asked_for_them() {
    let (dir, _cleanup) = temp_dir("moves");
    let tcp = free_port();
    let _server = start(&dir.join("t.db"), tcp, free_port());
    // two programs at one table of Q: one asks for its moves, one does not (and passes)
    let asks = Program::sign_up(tcp, json!({"name": "asks", "game": "q", "moves": true}));
    std::thread::sleep(Duration::from_millis(200));
    let plain = Program::sign_up(tcp, json!({"name": "plain", "game": "q"}));
    let asker = std::thread::spawn(move || {
        let turns = std::cell::Cell::new(0);
        play(asks, |args| {
            turns.set(turns.get() + 1);
            assert_eq!(args.len(), 2, "take-turn carries VIEW and LEGAL");
            let legal = &args[1];
            let moves = legal["moves"].as_array().expect("moves");
            assert_eq!(legal["count"], json!(moves.len()));
            assert_eq!(legal["complete"], json!(false), "Q lists a bounded form");
            assert_eq!(legal["gains"].as_array().map(Vec::len), Some(moves.len()));
            assert!(moves.contains(&json!("pass")));
            // a placement on its first turn, then passes: a round of passes ends the game
            let placement = moves
                .iter()
                .find(|m| m.is_array())
                .filter(|_| turns.get() == 1);
            placement.unwrap_or(&json!("pass")).clone()
        })
    });
    let plain_calls = play(plain, |args| {
        assert_eq!(
            args.len(),
            1,
            "a program that did not ask gets [VIEW]: {args:?}"
        );
        json!("pass")
    });
    let asker_calls = asker.join().expect("the program that asked plays on");
    for calls in [&asker_calls, &plain_calls] {
        assert_eq!(calls.first().map(|c| c[0].clone()), Some(json!("setup")));
        assert_eq!(calls.last().map(|c| c[0].clone()), Some(json!("win")));
        // setup is today's: the view, the tiles, the resume token
        assert_eq!(calls[0][1].as_array().map(Vec::len), Some(3));
    }
    assert!(asker_calls.iter().any(|c| c[0] == "take-turn"));
    assert!(plain_calls.iter().any(|c| c[0] == "take-turn"));
}

#[test]
fn a_starter_bot_comes_back_after_the_host_is_killed() {
    let (dir, _cleanup) = temp_dir("starter-crash");
    let db = dir.join("t.db");
    let (tcp, http) = (free_port(), free_port());
    let mut server = start(&db, tcp, http);
    let starter = bot(
        "python3",
        &bots_dir().join("bot.py"),
        "triominos",
        "greedy",
        "back",
        tcp,
    );
    // the house level thinks 30 ms a move, so that the game is still on when the host dies
    let registry = tessera_games::Registry::standard();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let house = rt.spawn(async move {
        let bot = registry
            .get("triominos")
            .unwrap()
            .wire_bot("level:3")
            .unwrap();
        let addr = SocketAddr::from(([127, 0, 0, 1], tcp));
        let join = tessera_tcp::client::Join::Game("triominos".into());
        tessera_tcp::client::play_on(
            &|| addr,
            &join,
            "house",
            bot,
            Duration::from_millis(30),
            Duration::from_secs(60),
        )
        .await
    });
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(Instant::now() < until, "the game did not get going");
        if games_of(&db)
            .iter()
            .any(|g| g.status == GameStatus::Running)
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_millis(1000));
    assert!(
        games_of(&db)
            .iter()
            .any(|g| g.status == GameStatus::Running),
        "the game ended before the host was killed"
    );
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let _server = start(&db, tcp, http);
    let (ok, said) = finish(starter, 180);
    assert!(ok, "the starter bot: {said}");
    let house = rt.block_on(async { tokio::time::timeout(Duration::from_secs(120), house).await });
    assert!(matches!(house, Ok(Ok(Ok(_)))), "the house level: {house:?}");
    let stored = games_of(&db);
    assert_eq!(stored.len(), 1);
    let g = &stored[0];
    assert_eq!(g.status, GameStatus::Finished, "{:?}", g.why);
    assert!(g.ejected.is_empty(), "ejected: {:?}", g.ejections);
}

/// The lobby's command for a table with a seat left open for a program (web/bot-command.js,
/// evaluated by node as the browser does) seats a starter bot there, and it plays the game.
#[test]
fn the_lobby_command_seats_a_starter_bot_at_an_open_table() {
    if !starter_bots().iter().any(|(i, _)| *i == "node") {
        println!("skipped: the lobby's command is computed by web/bot-command.js, with node");
        return;
    }
    let (dir, _cleanup) = temp_dir("lobby-command");
    let db = dir.join("t.db");
    let (tcp, http) = (free_port(), free_port());
    let _server = start(&db, tcp, http);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let seats = json!({"game": "akropolis", "seats": [{"kind": "bot", "spec": "level:3"}, {"kind": "program"}]});
    let table = rt.block_on(common::serve::http(
        http,
        "POST",
        "/api/games",
        &seats.to_string(),
    ));
    let id = table["id"]
        .as_u64()
        .unwrap_or_else(|| panic!("a table: {table}"));
    let registry = rt.block_on(common::serve::http(http, "GET", "/api/registry", ""));
    assert_eq!(registry["tcp_port"], json!(tcp));
    // the page's module, as an ES module for node
    let module = dir.join("bot-command.mjs");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/bot-command.js"),
        &module,
    )
    .unwrap();
    let script = format!(
        "import('{}').then((m) => console.log(m.starterBotCommand({{ table: {id}, port: {tcp}, host: 'localhost' }})))",
        module.display()
    );
    let out = Command::new("node").args(["-e", &script]).output().unwrap();
    let command = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert_eq!(
        command,
        format!("python3 examples/bots/bot.py --table {id} --pick greedy --port {tcp}")
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let child = Command::new("sh")
        .args(["-c", &command])
        .current_dir(root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (ok, said) = finish(child, 120);
    assert!(ok, "{command}: {said}");
    let stored = games_of(&db);
    let g = stored
        .iter()
        .find(|g| g.id == id)
        .expect("the table's game");
    assert_eq!(g.status, GameStatus::Finished, "{:?}", g.why);
    assert!(g.ejected.is_empty(), "ejected: {:?}", g.ejections);
}

/// A rated run with `--token` prints the account's name (from `setup`'s third argument,
/// `"name"`), not the default `--name starter` the bot never plays as.
#[test]
fn a_rated_starter_bot_prints_the_accounts_name() {
    use common::serve::start_with;
    let (dir, _cleanup) = temp_dir("starter-rated");
    let db = dir.join("t.db");
    let (tcp, web) = (free_port(), free_port());
    let _server: Server = start_with(
        db.to_str().unwrap(),
        tcp,
        web,
        &["--arena-house-after", "0.2"],
    );
    for (interpreter, script) in starter_bots() {
        let account = format!("rated{}", &interpreter[..2]);
        let token = common::serve::bot_token(web, &account);
        let port = tcp.to_string();
        let starter = spawn(
            interpreter,
            &[
                script.to_str().unwrap(),
                "--game",
                "akropolis",
                "--pick",
                "greedy",
                "--token",
                &token,
                "--rated",
                "--port",
                &port,
            ],
        );
        let (ok, said) = finish(starter, 180);
        assert!(ok, "{interpreter}: {said}");
        assert!(
            said.contains(&format!("{account} won")) || said.contains(&format!("{account} lost")),
            "{interpreter} does not print the account's name: {said}"
        );
        assert!(!said.contains("starter"), "{interpreter}: {said}");
    }
}
