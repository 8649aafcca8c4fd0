//! Server and clients over loopback: normal games, the reference's trickled clients,
//! malformed replies, bad or missing sign-ups, silent players, and the clients against a
//! scripted server.

use std::time::Duration;
use tessera_q::json::{self as qj, ActorSpec};
use tessera_q::{Bonuses, Choice, StrategyKind};
use tessera_qremote::client::{self, Ending};
use tessera_qremote::config::{lax_actors, RefereeConfig, ServerConfig, Special};
use tessera_qremote::server::{self, Outcome};
use tessera_qremote::wire::{Connection, ReadError, Style};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

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

async fn listener() -> (TcpListener, u16) {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
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
) -> JoinHandle<Vec<(String, Ending)>> {
    tokio::spawn(async move { client::run(&players, special, &options).await })
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
async fn raw_sign_up(port: u16, name: &str) -> TcpStream {
    let mut s = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    s.write_all(name.as_bytes()).await.unwrap();
    s
}

/// Answers every call with `reply` (raw text) until the server closes the connection;
/// how many calls came.
fn answer_with(stream: TcpStream, reply: &'static str) -> JoinHandle<usize> {
    tokio::spawn(async move {
        let mut conn = Connection::new(stream);
        let mut calls = 0;
        while calls < 100 {
            match conn.read(Some(Duration::from_secs(30))).await {
                Ok(_) => {
                    calls += 1;
                    if conn.send(reply, Style::Plain).await.is_err() {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
        calls
    })
}

/// Tests run on two threads, as the command line does not; nothing in them may block.
macro_rules! net_test {
    ($(#[$m:meta])* async fn $name:ident() $body:block) => {
        $(#[$m])*
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() $body
    };
}

net_test! {
    async fn a_normal_game_ends_with_the_winner_and_all_clients_done() {
        let (l, port) = listener().await;
        let clients = spawn_clients(
            actors(r#"[["A", "dag"], ["B", "ldasg"]]"#),
            None,
            options(port),
        );
        let result = server::serve(&l, &config(2, Duration::from_secs(5))).await;
        assert_eq!(result, outcome(&["A"], &[]));
        assert_eq!(result.to_json(), r#"[["A"],[]]"#);
        let endings = clients.await.unwrap();
        assert_eq!(endings.len(), 2);
        assert!(
            endings.iter().all(|(_, e)| *e == Ending::Done),
            "{endings:?}"
        );
    }
}

net_test! {
    async fn players_are_matched_to_the_state_in_sign_up_order() {
        // B signs up first, so B holds the green star and wins
        let (l, port) = listener().await;
        let clients = spawn_clients(
            actors(r#"[["B", "dag"], ["A", "dag"]]"#),
            None,
            options(port),
        );
        let result = server::serve(&l, &config(2, Duration::from_secs(5))).await;
        assert_eq!(result, outcome(&["B"], &[]));
        clients.await.unwrap();
    }
}

net_test! {
    async fn a_random_start_without_state0_plays_a_whole_game() {
        let (l, port) = listener().await;
        let clients = spawn_clients(
            actors(r#"[["A", "dag"], ["B", "ldasg"], ["C", "dag"]]"#),
            None,
            options(port),
        );
        let mut c = config(2, Duration::from_secs(5));
        c.referee.state0 = None;
        let result = server::serve(&l, &c).await;
        assert!(result.misbehaving.is_empty(), "{result:?}");
        assert!(!result.winners.is_empty(), "{result:?}");
        let endings = clients.await.unwrap();
        assert!(
            endings.iter().all(|(_, e)| *e == Ending::Done),
            "{endings:?}"
        );
    }
}

net_test! {
    async fn trickled_space_prefixed_clients_are_understood() {
        let (l, port) = listener().await;
        let trickle = client::Options {
            style: Style::REFERENCE,
            ..options(port)
        };
        let clients = spawn_clients(actors(r#"[["A", "dag"], ["B", "ldasg"]]"#), None, trickle);
        let mut c = config(2, Duration::from_secs(5));
        c.server_wait = Duration::from_secs(3);
        let result = server::serve(&l, &c).await;
        assert_eq!(result, outcome(&["A"], &[]));
        let endings = clients.await.unwrap();
        assert!(
            endings.iter().all(|(_, e)| *e == Ending::Done),
            "{endings:?}"
        );
    }
}

net_test! {
    async fn a_malformed_reply_gets_the_player_ejected() {
        for reply in ["void", "\"voi\"", "[1, 2", "{\"void\": 1}", "\"pass\""] {
            let (l, port) = listener().await;
            // Bad signs up first and answers setup badly
            let bad = answer_with(raw_sign_up(port, "\"Bad\"").await, reply);
            let clients = spawn_clients(
                actors(r#"[["A", "dag"], ["B", "dag"]]"#),
                None,
                options(port),
            );
            let mut c = config(3, Duration::from_secs(5));
            c.io_time_out = Duration::from_millis(500);
            let result = server::serve(&l, &c).await;
            // seats are positional: A holds the blue square, B the yellow circle
            assert_eq!(result.misbehaving, vec!["Bad".to_string()], "reply {reply}");
            assert!(!result.winners.contains(&"Bad".to_string()));
            assert_eq!(bad.await.unwrap(), 1, "Bad was called once (setup)");
            clients.await.unwrap();
        }
    }
}

net_test! {
    async fn an_empty_placement_or_a_bad_placement_gets_the_player_ejected() {
        for reply in [
            "[]",
            "[{\"oord\": {\"row\": 0, \"column\": 1}, \"1tile\": {\"shape\": \"star\", \"color\": \"green\"}}]",
        ] {
            let (l, port) = listener().await;
            let stream = raw_sign_up(port, "\"Bad\"").await;
            let clients = spawn_clients(actors(r#"[["A", "dag"]]"#), None, options(port));
            // Bad answers setup with "void", then its turn with `reply`
            let bad = tokio::spawn(async move {
                let mut conn = Connection::new(stream);
                let long = Some(Duration::from_secs(30));
                let setup = conn.read(long).await.unwrap();
                // the reference's call format, with the active player's name in the JPub
                let v: serde_json::Value = serde_json::from_str(&setup).unwrap();
                assert_eq!(v[0], "setup");
                assert_eq!(v[1][0]["players"][0]["name"], "Bad");
                assert_eq!(v[1][0]["tile*"], 1);
                assert_eq!(v[1][1], serde_json::json!([{"shape": "star", "color": "green"}]));
                conn.send("\"void\"", Style::Plain).await.unwrap();
                let turn = conn.read(long).await.unwrap();
                assert!(turn.starts_with("[\"take-turn\""), "{turn}");
                conn.send(reply, Style::Plain).await.unwrap();
                // nothing more is sent to an ejected player: its connection is closed
                matches!(conn.read(long).await, Err(ReadError::Eof))
            });
            let result = server::serve(&l, &config(2, Duration::from_secs(5))).await;
            assert_eq!(result.misbehaving, vec!["Bad".to_string()], "reply {reply}");
            assert_eq!(result.winners, vec!["A".to_string()]);
            assert!(bad.await.unwrap(), "the server closed Bad's connection");
            clients.await.unwrap();
        }
    }
}

net_test! {
    async fn a_reply_sent_out_of_turn_gets_the_player_ejected_at_its_next_call() {
        let (l, port) = listener().await;
        // Eager answers setup twice: the second "void" comes before any call
        let stream = raw_sign_up(port, "\"Eager\"").await;
        let clients = spawn_clients(actors(r#"[["A", "dag"]]"#), None, options(port));
        let eager = tokio::spawn(async move {
            let mut conn = Connection::new(stream);
            let long = Some(Duration::from_secs(30));
            let mut calls = 0;
            while conn.read(long).await.is_ok() {
                calls += 1;
                if conn.send("\"void\" \"void\"", Style::Plain).await.is_err() {
                    break;
                }
            }
            calls
        });
        // Eager holds the green star: a fair player would win at its first turn
        let result = server::serve(&l, &config(2, Duration::from_secs(5))).await;
        assert_eq!(result, outcome(&["A"], &["Eager"]));
        assert_eq!(eager.await.unwrap(), 1, "only setup reached Eager");
        clients.await.unwrap();
    }
}

net_test! {
    /// The sign-up reads nothing past the name: what follows reaches the referee's
    /// transport, where a reply before any call is out of turn (the reference would take it
    /// for the setup reply). Were it lost at sign-up, Early would be ejected only when
    /// `io-time-out` ran out.
    async fn what_follows_the_name_reaches_the_referee() {
        let (l, port) = listener().await;
        let early = answer_with(raw_sign_up(port, "\"Early\" \"void\"").await, "\"void\"");
        let clients = spawn_clients(actors(r#"[["A", "dag"]]"#), None, options(port));
        let mut c = config(2, Duration::from_secs(20));
        c.io_time_out = Duration::from_secs(10);
        let started = std::time::Instant::now();
        let result = server::serve(&l, &c).await;
        assert_eq!(result, outcome(&["A"], &["Early"]));
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
        assert_eq!(early.await.unwrap(), 0, "Early was never called");
        clients.await.unwrap();
    }
}

net_test! {
    async fn bad_or_missing_names_are_ignored() {
        let (l, port) = listener().await;
        let silent = TcpStream::connect(("127.0.0.1", port)).await.unwrap(); // never sends a name
        let number = raw_sign_up(port, "42 ").await;
        let long = raw_sign_up(port, "\"ouchouchouchouchouchouchouch\"").await;
        let clients = spawn_clients(
            actors(r#"[["λ", "dag"], ["A", "dag"], ["B", "dag"]]"#),
            None,
            options(port),
        );
        // the silent connection takes `wait-for-signup` (1 s) of the period
        let mut c = config(2, Duration::from_secs(5));
        c.server_wait = Duration::from_secs(3);
        let result = server::serve(&l, &c).await;
        assert_eq!(result, outcome(&["A"], &[]));
        let endings = clients.await.unwrap();
        assert_eq!(endings[0], ("λ".to_string(), Ending::Closed), "{endings:?}");
        drop((silent, number, long));
    }
}

net_test! {
    async fn a_name_trickled_after_5000_spaces_signs_up() {
        let (l, port) = listener().await;
        let clients = spawn_clients(actors(r#"[["B", "dag"]]"#), None, options(port));
        let a = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
            let mut conn = Connection::new(stream);
            conn.send("\"A\"", Style::REFERENCE).await.unwrap();
            answer_with(conn.into_stream(), "\"void\"").await.unwrap()
        });
        let result = server::serve(&l, &config(2, Duration::from_secs(5))).await;
        // B signed up first and holds the green star; A only ever says "void"
        assert_eq!(result, outcome(&["B"], &[]));
        assert_eq!(a.await.unwrap(), 2, "setup and win");
        clients.await.unwrap();
    }
}

net_test! {
    async fn a_silent_player_is_ejected_at_the_deadline() {
        let (l, port) = listener().await;
        let stream = raw_sign_up(port, "\"Mute\"").await;
        let clients = spawn_clients(
            actors(r#"[["A", "dag"], ["B", "dag"]]"#),
            None,
            options(port),
        );
        let mute = tokio::spawn(async move {
            let mut conn = Connection::new(stream);
            let mut got = 0;
            while got < 10 && conn.read(Some(Duration::from_secs(30))).await.is_ok() {
                got += 1;
            }
            got
        });
        let started = std::time::Instant::now();
        let result = server::serve(&l, &config(3, Duration::from_millis(1500))).await;
        assert_eq!(result.misbehaving, vec!["Mute".to_string()]);
        assert!(started.elapsed() >= Duration::from_millis(1500));
        assert_eq!(mute.await.unwrap(), 1, "only setup reached Mute");
        clients.await.unwrap();
    }
}

net_test! {
    async fn a_reply_that_starts_but_never_ends_is_cut_off_by_io_time_out() {
        let (l, port) = listener().await;
        // Slow answers setup with the start of a value and nothing more
        let slow = answer_with(raw_sign_up(port, "\"Slow\"").await, "[\"voi");
        let clients = spawn_clients(actors(r#"[["A", "dag"]]"#), None, options(port));
        let mut c = config(2, Duration::from_secs(20));
        c.io_time_out = Duration::from_millis(300);
        let started = std::time::Instant::now();
        let result = server::serve(&l, &c).await;
        assert_eq!(result, outcome(&["A"], &["Slow"]));
        // long before per-turn: the read limit (first byte, then the whole value) cut it
        assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
        assert_eq!(slow.await.unwrap(), 1);
        clients.await.unwrap();
    }
}

net_test! {
    async fn the_bonus_tests_special_clients_are_handled() {
        // sendnameloop signs up last and never answers; divergeBeforeSending never signs up
        for (special, expected) in [
            (Special::SendNameLoop, outcome(&["A"], &["sendnameloop"])),
            (Special::DivergeBeforeSending, outcome(&["A"], &[])),
        ] {
            let (l, port) = listener().await;
            let n = if special == Special::SendNameLoop { 3 } else { 2 };
            let clients = spawn_clients(
                actors(r#"[["A", "dag"], ["B", "dag"]]"#),
                Some(special),
                options(port),
            );
            let result = server::serve(&l, &config(n, Duration::from_millis(1500))).await;
            assert_eq!(result, expected);
            let endings = clients.await.unwrap();
            assert_eq!(endings.len(), 3);
        }
    }
}

net_test! {
    async fn too_few_players_means_no_game() {
        let (l, port) = listener().await;
        let clients = spawn_clients(actors(r#"[["A", "dag"]]"#), None, options(port));
        let mut c = config(2, Duration::from_secs(1));
        c.server_wait = Duration::from_millis(300);
        c.server_tries = 2;
        let result = server::serve(&l, &c).await;
        assert_eq!(result.to_json(), "[[],[]]");
        assert_eq!(clients.await.unwrap()[0].1, Ending::Closed);
    }
}

net_test! {
    async fn more_players_than_the_state_means_no_game() {
        let (l, port) = listener().await;
        let clients = spawn_clients(
            actors(r#"[["A", "dag"], ["B", "dag"], ["C", "dag"]]"#),
            None,
            options(port),
        );
        let result = server::serve(&l, &config(2, Duration::from_secs(1))).await;
        assert_eq!(result.to_json(), "[[],[]]");
        clients.await.unwrap();
    }
}

net_test! {
    async fn two_players_with_one_name_means_no_game() {
        let (l, port) = listener().await;
        let clients = spawn_clients(actors(r#"[["A", "dag"], ["A", "dag"]]"#), None, options(port));
        let result = server::serve(&l, &config(2, Duration::from_secs(1))).await;
        assert_eq!(result.to_json(), "[[],[]]");
        let endings = clients.await.unwrap();
        assert!(endings.iter().all(|(_, e)| *e == Ending::Closed), "{endings:?}");
    }
}

// ---------------------------------------------------------------------------------------
// the clients against a scripted server

const JPUB: &str = r#"{"map":[[0,[0,{"color":"red","shape":"star"}]]],"players":[{"name":"X","score":0,"tile*":[{"color":"green","shape":"star"}]},0],"tile*":3}"#;

/// Accepts one client, checks its name, and returns the connection.
async fn accept(l: &TcpListener, name: &str) -> Connection {
    let (s, _) = l.accept().await.unwrap();
    let mut conn = Connection::new(s);
    let got = conn.read(Some(Duration::from_secs(10))).await.unwrap();
    assert_eq!(got, format!("\"{name}\""));
    conn
}

async fn call(conn: &mut Connection, message: &str, limit: Duration) -> Result<String, ReadError> {
    conn.send(message, Style::Plain).await.unwrap();
    conn.read(Some(limit)).await
}

fn setup_call() -> String {
    format!(r#"["setup",[{JPUB},[{{"color":"green","shape":"star"}}]]]"#)
}

fn turn_call() -> String {
    format!(r#"["take-turn",[{JPUB}]]"#)
}

const LONG: Duration = Duration::from_secs(10);

net_test! {
    async fn a_client_answers_like_the_reference() {
        let (l, port) = listener().await;
        let clients = spawn_clients(actors(r#"[["X", "dag"]]"#), None, options(port));
        let mut r = accept(&l, "X").await;
        assert_eq!(call(&mut r, &setup_call(), LONG).await.unwrap(), "\"void\"");
        let turn = call(&mut r, &turn_call(), LONG).await.unwrap();
        let choice: Choice = serde_json::from_str(&turn).unwrap();
        assert_eq!(
            qj::choice_to_value(&choice),
            serde_json::json!([{"coordinate": {"row": -1, "column": 0}, "1tile": {"color": "green", "shape": "star"}}])
        );
        assert_eq!(
            call(&mut r, r#"["new-tiles",[[]]]"#, LONG).await.unwrap(),
            "\"void\""
        );
        assert_eq!(call(&mut r, r#"["win",[true]]"#, LONG).await.unwrap(), "\"void\"");
        assert_eq!(clients.await.unwrap()[0].1, Ending::Done);
    }
}

net_test! {
    async fn a_client_signs_up_in_configuration_order_and_hangs_up_on_nonsense() {
        let (l, port) = listener().await;
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
        let mut conns = Vec::new();
        for n in names {
            conns.push(accept(&l, n).await);
        }
        // an unknown call, a call with the wrong arguments, not a call at all, not a JPub
        for (r, bad) in conns.iter_mut().zip([
            r#"["dance",[]]"#,
            r#"["win",[1]]"#,
            r#"{"setup": 1}"#,
            r#"["setup",[{"map":[]}, []]]"#,
        ]) {
            assert!(
                matches!(call(r, bad, LONG).await, Err(ReadError::Eof)),
                "the client hangs up after {bad}"
            );
        }
        // the last one: the server goes away
        drop(conns.pop());
        let endings = clients.await.unwrap();
        assert!(endings[..4]
            .iter()
            .all(|(_, e)| matches!(e, Ending::Failed(_))), "{endings:?}");
        assert_eq!(endings[4].1, Ending::Closed);
    }
}

net_test! {
    async fn the_bonus_broken_clients_break_as_specified() {
        let (l, port) = listener().await;
        let clients = spawn_clients(
            actors(
                r#"[["nonSetup", "dag"], ["nonNewTiles", "dag"], ["nonWin", "dag"], ["illTT", "dag"], ["invTTBadString", "dag"]]"#,
            ),
            None,
            options(port),
        );
        let mut non_setup = accept(&l, "nonSetup").await;
        let mut non_new = accept(&l, "nonNewTiles").await;
        let mut non_win = accept(&l, "nonWin").await;
        let mut ill = accept(&l, "illTT").await;
        let mut inv = accept(&l, "invTTBadString").await;
        assert!(matches!(
            call(&mut non_setup, &setup_call(), LONG).await,
            Err(ReadError::Syntax(_))
        ));
        assert_eq!(call(&mut non_new, &setup_call(), LONG).await.unwrap(), "\"void\"");
        assert!(call(&mut non_new, &turn_call(), LONG).await.is_ok());
        assert!(matches!(
            call(&mut non_new, r#"["new-tiles",[[]]]"#, LONG).await,
            Err(ReadError::Syntax(_))
        ));
        assert_eq!(call(&mut non_win, &setup_call(), LONG).await.unwrap(), "\"void\"");
        assert!(matches!(
            call(&mut non_win, r#"["win",[false]]"#, LONG).await,
            Err(ReadError::Syntax(_))
        ));
        assert_eq!(call(&mut ill, &setup_call(), LONG).await.unwrap(), "\"void\"");
        assert!(matches!(
            call(&mut ill, &turn_call(), Duration::from_secs(2)).await,
            Err(ReadError::NotCompleted)
        ));
        assert_eq!(call(&mut inv, &setup_call(), LONG).await.unwrap(), "\"void\"");
        let turn = call(&mut inv, &turn_call(), LONG).await.unwrap();
        assert!(
            turn.contains("\"oord\"") && !turn.contains("coordinate"),
            "{turn}"
        );
        assert!(serde_json::from_str::<Choice>(&turn).is_err());
        drop((non_setup, non_new, non_win, ill, inv));
        assert_eq!(clients.await.unwrap().len(), 5);
    }
}

net_test! {
    async fn a_looping_player_leaves_its_connection_unanswered() {
        let (l, port) = listener().await;
        let clients = spawn_clients(actors(r#"[["L", "dag", "setup", 1]]"#), None, options(port));
        let mut r = accept(&l, "L").await;
        assert!(matches!(
            call(&mut r, &setup_call(), Duration::from_millis(500)).await,
            Err(ReadError::NotStarted)
        ));
        drop(r);
        // the client notices that the server went away although its player still loops
        let endings = tokio::time::timeout(Duration::from_secs(5), clients)
            .await
            .expect("the client noticed")
            .unwrap();
        assert_eq!(endings[0].1, Ending::Closed);
    }
}

#[test]
fn the_strategy_is_kept() {
    let a = actors(r#"[["A", "ldasg", "a cheat", "no-fit"]]"#);
    assert_eq!(a[0].strategy, StrategyKind::Ldasg);
}
