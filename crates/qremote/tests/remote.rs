//! Server and clients over loopback: normal games, the reference's trickled clients,
//! malformed replies, bad or missing sign-ups, silent players, and the clients against a
//! scripted server.

use std::io::Write;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::thread;
use std::time::Duration;
use tessera_q::json::{self as qj, ActorSpec};
use tessera_q::{Bonuses, StrategyKind};
use tessera_qremote::client::{self, Ending};
use tessera_qremote::config::{lax_actors, RefereeConfig, ServerConfig, Special};
use tessera_qremote::server::{self, Outcome};
use tessera_qremote::wire::{self, MessageReader, ReadError, Style};

/// A state for `n` players (2 or 3): a red star on the map; the first player holds a green
/// star (so it can place all its tiles and end the game at once), the others one tile each.
fn state(n: usize) -> String {
    let hands = [
        r#"{"score": 0, "tile*": [{"shape": "star", "color": "green"}]}"#,
        r#"{"score": 0, "tile*": [{"shape": "square", "color": "blue"}]}"#,
        r#"{"score": 0, "tile*": [{"shape": "circle", "color": "yellow"}]}"#,
    ];
    format!(
        r#"{{"map": [[0, [0, {{"shape": "star", "color": "red"}}]]], "tile*": [{{"shape": "star", "color": "blue"}}], "players": [{}]}}"#,
        hands[..n].join(",")
    )
}

fn config(players: usize, per_turn: Duration) -> ServerConfig {
    ServerConfig {
        port: 0,
        server_tries: 1,
        server_wait: Duration::from_millis(1500),
        wait_for_signup: Duration::from_millis(1000),
        quiet: true,
        referee: RefereeConfig {
            state0: Some(qj::state_from_json(&state(players), &[]).unwrap()),
            quiet: true,
            bonuses: Bonuses::LATE,
            per_turn,
            observe: false,
        },
        io_time_out: Duration::from_secs(10),
    }
}

fn listener() -> (TcpListener, u16) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    (l, port)
}

fn actors(json: &str) -> Vec<ActorSpec> {
    lax_actors(json).unwrap()
}

fn spawn_clients(
    players: Vec<ActorSpec>,
    special: Option<Special>,
    options: client::Options,
) -> thread::JoinHandle<Vec<(String, Ending)>> {
    thread::spawn(move || client::run(&players, special, &options))
}

fn options(port: u16) -> client::Options {
    client::Options {
        port,
        pause: Duration::from_millis(10),
        idle: Some(Duration::from_secs(60)),
        ..client::Options::default()
    }
}

fn outcome(winners: &[&str], misbehaving: &[&str]) -> Outcome {
    Outcome {
        winners: winners.iter().map(|s| s.to_string()).collect(),
        misbehaving: misbehaving.iter().map(|s| s.to_string()).collect(),
    }
}

/// Connects and sends `name` (raw JSON text) at once.
fn raw_sign_up(port: u16, name: &str) -> TcpStream {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(name.as_bytes()).unwrap();
    s
}

/// Answers every call with `reply` (raw text) until the server closes the connection.
fn answer_with(stream: TcpStream, reply: &'static str) -> thread::JoinHandle<usize> {
    thread::spawn(move || {
        let mut reader = MessageReader::new(stream);
        let mut calls = 0;
        while calls < 100 {
            match reader.read(Some(Duration::from_secs(30))) {
                Ok(_) => {
                    calls += 1;
                    if wire::send(reader.stream(), reply, Style::Plain).is_err() {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
        calls
    })
}

#[test]
fn a_normal_game_ends_with_the_winner_and_all_clients_done() {
    let (l, port) = listener();
    let clients = spawn_clients(
        actors(r#"[["A", "dag"], ["B", "ldasg"]]"#),
        None,
        options(port),
    );
    let result = server::serve(&l, &config(2, Duration::from_secs(5)));
    assert_eq!(result, outcome(&["A"], &[]));
    assert_eq!(result.to_json(), r#"[["A"],[]]"#);
    let endings = clients.join().unwrap();
    assert_eq!(endings.len(), 2);
    assert!(
        endings.iter().all(|(_, e)| *e == Ending::Done),
        "{endings:?}"
    );
}

#[test]
fn players_are_matched_to_the_state_in_sign_up_order() {
    // B signs up first, so B holds the green star and wins
    let (l, port) = listener();
    let clients = spawn_clients(
        actors(r#"[["B", "dag"], ["A", "dag"]]"#),
        None,
        options(port),
    );
    let result = server::serve(&l, &config(2, Duration::from_secs(5)));
    assert_eq!(result, outcome(&["B"], &[]));
    clients.join().unwrap();
}

#[test]
fn trickled_space_prefixed_clients_are_understood() {
    let (l, port) = listener();
    let trickle = client::Options {
        style: Style::REFERENCE,
        ..options(port)
    };
    let clients = spawn_clients(actors(r#"[["A", "dag"], ["B", "ldasg"]]"#), None, trickle);
    let result = server::serve(&l, &config(2, Duration::from_secs(5)));
    assert_eq!(result, outcome(&["A"], &[]));
    let endings = clients.join().unwrap();
    assert!(
        endings.iter().all(|(_, e)| *e == Ending::Done),
        "{endings:?}"
    );
}

#[test]
fn a_malformed_reply_gets_the_player_ejected() {
    for reply in ["void", "\"voi\"", "[1, 2", "{\"void\": 1}", "\"pass\""] {
        let (l, port) = listener();
        // Bad signs up first and answers setup badly
        let bad = answer_with(raw_sign_up(port, "\"Bad\""), reply);
        let clients = spawn_clients(
            actors(r#"[["A", "dag"], ["B", "dag"]]"#),
            None,
            options(port),
        );
        let result = server::serve(&l, &config(3, Duration::from_secs(5)));
        // seats are positional: A holds the blue square, B the yellow circle
        assert_eq!(result.misbehaving, vec!["Bad".to_string()], "reply {reply}");
        assert!(!result.winners.contains(&"Bad".to_string()));
        assert_eq!(bad.join().unwrap(), 1, "Bad was called once (setup)");
        clients.join().unwrap();
    }
}

#[test]
fn an_empty_placement_or_a_bad_placement_gets_the_player_ejected() {
    for reply in ["[]", "[{\"oord\": {\"row\": 0, \"column\": 1}, \"1tile\": {\"shape\": \"star\", \"color\": \"green\"}}]"] {
        let (l, port) = listener();
        let stream = raw_sign_up(port, "\"Bad\"");
        let clients = spawn_clients(actors(r#"[["A", "dag"]]"#), None, options(port));
        // Bad answers setup with "void", then its turn with `reply`
        let bad = thread::spawn(move || {
            let mut reader = MessageReader::new(stream);
            let setup = reader.read(Some(Duration::from_secs(30))).unwrap();
            // the reference's call format, with the active player's name in the JPub
            let v: serde_json::Value = serde_json::from_str(&setup).unwrap();
            assert_eq!(v[0], "setup");
            assert_eq!(v[1][0]["players"][0]["name"], "Bad");
            assert_eq!(v[1][0]["tile*"], 1);
            assert_eq!(v[1][1], serde_json::json!([{"shape": "star", "color": "green"}]));
            wire::send(reader.stream(), "\"void\"", Style::Plain).unwrap();
            let turn = reader.read(Some(Duration::from_secs(30))).unwrap();
            assert!(turn.starts_with("[\"take-turn\""), "{turn}");
            wire::send(reader.stream(), reply, Style::Plain).unwrap();
            // nothing more is sent to an ejected player
            matches!(reader.read(Some(Duration::from_secs(30))), Err(ReadError::Eof))
        });
        let result = server::serve(&l, &config(2, Duration::from_secs(5)));
        assert_eq!(result.misbehaving, vec!["Bad".to_string()], "reply {reply}");
        assert_eq!(result.winners, vec!["A".to_string()]);
        assert!(bad.join().unwrap(), "the server closed Bad's connection at the end");
        clients.join().unwrap();
    }
}

#[test]
fn bad_or_missing_names_are_ignored() {
    let (l, port) = listener();
    let silent = TcpStream::connect(("127.0.0.1", port)).unwrap(); // never sends a name
    let number = raw_sign_up(port, "42");
    let long = raw_sign_up(port, "\"ouchouchouchouchouchouchouch\"");
    let clients = spawn_clients(
        actors(r#"[["λ", "dag"], ["A", "dag"], ["B", "dag"]]"#),
        None,
        options(port),
    );
    // the silent connection takes `wait-for-signup` (1 s) of the period
    let mut c = config(2, Duration::from_secs(5));
    c.server_wait = Duration::from_secs(3);
    let result = server::serve(&l, &c);
    assert_eq!(result, outcome(&["A"], &[]));
    let endings = clients.join().unwrap();
    assert_eq!(endings[0], ("λ".to_string(), Ending::Closed), "{endings:?}");
    drop((silent, number, long));
}

#[test]
fn a_silent_player_is_ejected_at_the_deadline() {
    let (l, port) = listener();
    let stream = raw_sign_up(port, "\"Mute\"");
    let clients = spawn_clients(
        actors(r#"[["A", "dag"], ["B", "dag"]]"#),
        None,
        options(port),
    );
    let mute = thread::spawn(move || {
        let mut reader = MessageReader::new(stream);
        let mut got = 0;
        while got < 10 && reader.read(Some(Duration::from_secs(30))).is_ok() {
            got += 1;
        }
        got
    });
    let result = server::serve(&l, &config(3, Duration::from_millis(1500)));
    assert_eq!(result.misbehaving, vec!["Mute".to_string()]);
    assert_eq!(mute.join().unwrap(), 1, "only setup reached Mute");
    clients.join().unwrap();
}

#[test]
fn the_bonus_tests_special_clients_are_handled() {
    // sendnameloop signs up last and never answers; divergeBeforeSending never signs up
    for (special, expected) in [
        (Special::SendNameLoop, outcome(&["A"], &["sendnameloop"])),
        (Special::DivergeBeforeSending, outcome(&["A"], &[])),
    ] {
        let (l, port) = listener();
        let n = if special == Special::SendNameLoop {
            3
        } else {
            2
        };
        let clients = spawn_clients(
            actors(r#"[["A", "dag"], ["B", "dag"]]"#),
            Some(special),
            options(port),
        );
        let result = server::serve(&l, &config(n, Duration::from_millis(1500)));
        assert_eq!(result, expected);
        let endings = clients.join().unwrap();
        assert_eq!(endings.len(), 3);
    }
}

#[test]
fn too_few_players_means_no_game() {
    let (l, port) = listener();
    let clients = spawn_clients(actors(r#"[["A", "dag"]]"#), None, options(port));
    let mut c = config(2, Duration::from_secs(1));
    c.server_wait = Duration::from_millis(300);
    c.server_tries = 2;
    let result = server::serve(&l, &c);
    assert_eq!(result.to_json(), "[[],[]]");
    assert_eq!(clients.join().unwrap()[0].1, Ending::Closed);
}

#[test]
fn more_players_than_the_state_means_no_game() {
    let (l, port) = listener();
    let clients = spawn_clients(
        actors(r#"[["A", "dag"], ["B", "dag"], ["C", "dag"]]"#),
        None,
        options(port),
    );
    let result = server::serve(&l, &config(2, Duration::from_secs(1)));
    assert_eq!(result.to_json(), "[[],[]]");
    clients.join().unwrap();
}

// ---------------------------------------------------------------------------------------
// the clients against a scripted server

const JPUB: &str = r#"{"map":[[0,[0,{"color":"red","shape":"star"}]]],"players":[{"name":"X","score":0,"tile*":[{"color":"green","shape":"star"}]},0],"tile*":3}"#;

/// Accepts one client, checks its name, and returns the connection.
fn accept(l: &TcpListener, name: &str) -> MessageReader {
    let (s, _) = l.accept().unwrap();
    let mut r = MessageReader::new(s);
    let got = r.read(Some(Duration::from_secs(10))).unwrap();
    assert_eq!(got, format!("\"{name}\""));
    r
}

fn call(r: &mut MessageReader, message: &str, limit: Duration) -> Result<String, ReadError> {
    wire::send(r.stream(), message, Style::Plain).unwrap();
    r.read(Some(limit))
}

fn setup_call() -> String {
    format!(r#"["setup",[{JPUB},[{{"color":"green","shape":"star"}}]]]"#)
}

fn turn_call() -> String {
    format!(r#"["take-turn",[{JPUB}]]"#)
}

const LONG: Duration = Duration::from_secs(10);

#[test]
fn a_client_answers_like_the_reference() {
    let (l, port) = listener();
    let clients = spawn_clients(actors(r#"[["X", "dag"]]"#), None, options(port));
    let mut r = accept(&l, "X");
    assert_eq!(call(&mut r, &setup_call(), LONG).unwrap(), "\"void\"");
    let turn = call(&mut r, &turn_call(), LONG).unwrap();
    let choice = server::choice_from_reply(&turn).unwrap();
    assert_eq!(
        qj::choice_to_value(&choice),
        serde_json::json!([{"coordinate": {"row": -1, "column": 0}, "1tile": {"color": "green", "shape": "star"}}])
    );
    assert_eq!(
        call(&mut r, r#"["new-tiles",[[]]]"#, LONG).unwrap(),
        "\"void\""
    );
    assert_eq!(call(&mut r, r#"["win",[true]]"#, LONG).unwrap(), "\"void\"");
    assert_eq!(clients.join().unwrap()[0].1, Ending::Done);
}

#[test]
fn a_client_signs_up_in_configuration_order_and_hangs_up_on_nonsense() {
    let (l, port) = listener();
    let names = ["P1", "P2", "P3", "P4", "P5"];
    let spec = format!(
        "[{}]",
        names
            .iter()
            .map(|n| format!("[\"{n}\", \"dag\"]"))
            .collect::<Vec<_>>()
            .join(",")
    );
    let no_pause = client::Options {
        pause: Duration::ZERO,
        ..options(port)
    };
    let clients = spawn_clients(actors(&spec), None, no_pause);
    let mut conns: Vec<MessageReader> = names.iter().map(|n| accept(&l, n)).collect();
    // an unknown call, a call with the wrong arguments, not a call at all
    for (r, bad) in conns.iter_mut().zip([
        r#"["dance",[]]"#,
        r#"["win",[1]]"#,
        r#"{"setup": 1}"#,
        r#"["setup",[{"map":[]}, []]]"#,
    ]) {
        assert!(
            matches!(call(r, bad, LONG), Err(ReadError::Eof)),
            "the client hangs up after {bad}"
        );
    }
    // the last one: the server goes away
    let _ = conns[4].stream().shutdown(Shutdown::Both);
    let endings = clients.join().unwrap();
    assert!(endings[..4]
        .iter()
        .all(|(_, e)| matches!(e, Ending::Failed(_))));
    assert_eq!(endings[4].1, Ending::Closed);
}

#[test]
fn the_bonus_broken_clients_break_as_specified() {
    let (l, port) = listener();
    let clients = spawn_clients(
        actors(
            r#"[["nonSetup", "dag"], ["nonNewTiles", "dag"], ["nonWin", "dag"], ["illTT", "dag"], ["invTTBadString", "dag"]]"#,
        ),
        None,
        options(port),
    );
    let mut non_setup = accept(&l, "nonSetup");
    let mut non_new = accept(&l, "nonNewTiles");
    let mut non_win = accept(&l, "nonWin");
    let mut ill = accept(&l, "illTT");
    let mut inv = accept(&l, "invTTBadString");
    assert!(matches!(
        call(&mut non_setup, &setup_call(), LONG),
        Err(ReadError::Syntax(_))
    ));
    assert_eq!(call(&mut non_new, &setup_call(), LONG).unwrap(), "\"void\"");
    assert!(call(&mut non_new, &turn_call(), LONG).is_ok());
    assert!(matches!(
        call(&mut non_new, r#"["new-tiles",[[]]]"#, LONG),
        Err(ReadError::Syntax(_))
    ));
    assert_eq!(call(&mut non_win, &setup_call(), LONG).unwrap(), "\"void\"");
    assert!(matches!(
        call(&mut non_win, r#"["win",[false]]"#, LONG),
        Err(ReadError::Syntax(_))
    ));
    assert_eq!(call(&mut ill, &setup_call(), LONG).unwrap(), "\"void\"");
    assert!(matches!(
        call(&mut ill, &turn_call(), Duration::from_secs(2)),
        Err(ReadError::NotCompleted)
    ));
    assert_eq!(call(&mut inv, &setup_call(), LONG).unwrap(), "\"void\"");
    let turn = call(&mut inv, &turn_call(), LONG).unwrap();
    assert!(
        turn.contains("\"oord\"") && !turn.contains("coordinate"),
        "{turn}"
    );
    assert!(server::choice_from_reply(&turn).is_err());
    for r in [&non_setup, &non_new, &non_win, &ill, &inv] {
        let _ = r.stream().shutdown(Shutdown::Both);
    }
    assert_eq!(clients.join().unwrap().len(), 5);
}

#[test]
fn a_looping_player_leaves_its_connection_unanswered() {
    let (l, port) = listener();
    let clients = spawn_clients(actors(r#"[["L", "dag", "setup", 1]]"#), None, options(port));
    let mut r = accept(&l, "L");
    assert!(matches!(
        call(&mut r, &setup_call(), Duration::from_millis(500)),
        Err(ReadError::NotStarted)
    ));
    let _ = r.stream().shutdown(Shutdown::Both);
    // the client notices that the server went away although its player still loops
    assert_eq!(clients.join().unwrap()[0].1, Ending::Closed);
}

#[test]
fn the_strategy_is_kept() {
    let a = actors(r#"[["A", "ldasg", "a cheat", "no-fit"]]"#);
    assert_eq!(a[0].strategy, StrategyKind::Ldasg);
}
