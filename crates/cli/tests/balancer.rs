//! The recipe of docs/operations.md, "Behind a load balancer: HAProxy and TLS", run: two
//! nodes on one PostgreSQL database behind HAProxy (Debian's package), with the
//! `haproxy.cfg` taken from the docs (only its addresses, ports and certificate path
//! changed) and a self-signed certificate made here with openssl. People play over
//! `wss://` and programs over TCP through HAProxy; the node that runs the most games is
//! killed (SIGKILL) mid-game; every game ends, stored `finished`, taken over by the other
//! node. Then a program's connection through HAProxy is cut mid-turn and between turns: it
//! comes back through HAProxy with its resume token and plays to the end, never ejected.
//! And the systemd unit of the docs (deploy/tessera.service) passes
//! `systemd-analyze verify` (skipped without systemd-analyze, unless
//! `TESSERA_REQUIRE_SYSTEMD=1`, as in CI: then it fails).
//!
//! HAProxy is looked up at /usr/sbin/haproxy, then on the PATH; where it is missing the
//! test runs scripts/haproxy-setup (apt-get), and skips if it is still missing, unless
//! `TESSERA_REQUIRE_HAPROXY=1` (CI sets it): then it fails. Without PostgreSQL it skips as
//! the other PostgreSQL tests do (unless `TESSERA_REQUIRE_PG=1`).

use crate::common;
use common::serve::{play_on, start_with};
use common::{free_port, RemoveDir};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tessera_games::Registry;
use tessera_tcp::client::{self, Join};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::Connector;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn required() -> bool {
    std::env::var("TESSERA_REQUIRE_HAPROXY").is_ok_and(|v| v == "1")
}

fn which(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(program))
            .find(|p| p.is_file())
    })
}

fn haproxy_path() -> Option<PathBuf> {
    let debian = PathBuf::from("/usr/sbin/haproxy");
    if debian.is_file() {
        return Some(debian);
    }
    which("haproxy")
}

/// HAProxy and openssl, installed by scripts/haproxy-setup where missing; `None` (the
/// test skips) where they still are, unless they are required.
fn tools() -> Option<PathBuf> {
    if haproxy_path().is_none() || which("openssl").is_none() {
        let setup = repo().join("scripts/haproxy-setup");
        eprintln!("haproxy or openssl missing: running {}", setup.display());
        let ok = Command::new(&setup).status().is_ok_and(|s| s.success());
        if !ok {
            eprintln!("{} failed", setup.display());
        }
    }
    match (haproxy_path(), which("openssl")) {
        (Some(h), Some(_)) => Some(h),
        _ if required() => panic!(
            "TESSERA_REQUIRE_HAPROXY=1 but haproxy or openssl is missing (scripts/haproxy-setup installs them)"
        ),
        _ => {
            eprintln!("skipped: the load-balancer test needs haproxy and openssl (scripts/haproxy-setup)");
            None
        }
    }
}

/// The `haproxy.cfg` of docs/operations.md: the first ```haproxy block of the section
/// "Behind a load balancer: HAProxy and TLS".
fn documented_config() -> String {
    let docs = std::fs::read_to_string(repo().join("docs/operations.md")).unwrap();
    let section = docs
        .split_once("## Behind a load balancer: HAProxy and TLS")
        .expect("docs/operations.md has the section")
        .1;
    let block = section
        .split_once("```haproxy\n")
        .expect("the section has a ```haproxy block")
        .1;
    block.split_once("```").unwrap().0.to_string()
}

/// `text` with each `from` replaced by its `to`; each must be there (the docs and this
/// test must not drift apart).
fn substitute(text: &str, pairs: &[(&str, String)]) -> String {
    let mut out = text.to_string();
    for (from, to) in pairs {
        assert!(
            out.contains(from),
            "the documented haproxy.cfg has no {from:?}"
        );
        out = out.replace(from, to);
    }
    out
}

struct Haproxy(Child);

impl Drop for Haproxy {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A request over TLS to HAProxy, trusting only the test's certificate: the status line's
/// code, the headers and the body.
async fn https(
    tls: &tokio_native_tls::TlsConnector,
    port: u16,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String, String) {
    let tcp = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let mut s = tls
        .connect("localhost", tcp)
        .await
        .expect("a TLS handshake");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out).await;
    split_response(&String::from_utf8_lossy(&out))
}

/// A plain HTTP request (to a node itself, or to HAProxy's port 80).
async fn plain(port: u16, method: &str, path: &str, body: &str) -> (u16, String, String) {
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out).await;
    split_response(&out)
}

fn split_response(out: &str) -> (u16, String, String) {
    let (head, body) = out.split_once("\r\n\r\n").unwrap_or((out, ""));
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, head.to_string(), body.to_string())
}

fn json_of(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or(Value::Null)
}

/// A person in the browser over `wss://` through HAProxy: plays the first legal move
/// whenever it is their turn, and reloads (a new WebSocket through HAProxy, the same
/// token) whenever the connection drops, until the game is over.
async fn person(tls: native_tls::TlsConnector, port: u16, id: u64, token: String) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    let url = format!("wss://localhost:{port}/api/games/{id}/ws?token={token}");
    loop {
        assert!(
            tokio::time::Instant::now() < deadline,
            "game {id} did not end"
        );
        let connected = tokio_tungstenite::connect_async_tls_with_config(
            url.as_str(),
            None,
            false,
            Some(Connector::NativeTls(tls.clone())),
        )
        .await;
        let Ok((mut ws, _)) = connected else {
            tokio::time::sleep(Duration::from_millis(300)).await;
            continue;
        };
        if let Some(end) = play_on(&mut ws).await {
            return end;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// The node flags of the recipe that this test uses too (the others, `--db`, `--host`,
/// the ports and `--lease`, are the test's own; `--max-connections-per-address` is set
/// by `start_with`; `--secure-cookies` is left out, so that the cookie's `Secure` comes
/// from HAProxy's `X-Forwarded-Proto`).
const NODE_FLAGS: [&str; 6] = [
    "--max-http-connections-per-address",
    "256",
    "--max-websockets-per-address",
    "256",
    "--max-web-tables-per-address",
    "500",
];

#[test]
fn people_and_programs_play_through_haproxy_while_a_node_is_killed() {
    let Some(haproxy) = tools() else { return };
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let docs = std::fs::read_to_string(repo().join("docs/operations.md")).unwrap();
    for flag in NODE_FLAGS.iter().filter(|f| f.starts_with("--")) {
        assert!(docs.contains(flag), "the recipe's nodes take {flag}");
    }
    let url = pg.database("balancer");
    let dir = std::env::temp_dir().join(format!("tessera-balancer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = RemoveDir(dir.clone());

    // the certificate, as the docs make it (for a day)
    let out = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-keyout",
        ])
        .arg(dir.join("key.pem"))
        .arg("-out")
        .arg(dir.join("cert.pem"))
        .output()
        .expect("openssl runs");
    assert!(
        out.status.success(),
        "openssl: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cert = std::fs::read(dir.join("cert.pem")).unwrap();
    let key = std::fs::read(dir.join("key.pem")).unwrap();
    let pem = dir.join("tessera.pem");
    std::fs::write(&pem, [cert.clone(), key].concat()).unwrap();

    // two nodes
    let (tcp_a, http_a, tcp_b, http_b) = (free_port(), free_port(), free_port(), free_port());
    let mut flags = vec!["--lease", "2"];
    flags.extend(NODE_FLAGS);
    let a = start_with(&url, tcp_a, http_a, &flags);
    let b = start_with(&url, tcp_b, http_b, &flags);
    let mut nodes = [(a, http_a), (b, http_b)];

    // HAProxy, with the documented configuration
    let (lb_https, lb_http, lb_tcp) = (free_port(), free_port(), free_port());
    let config = substitute(
        &documented_config(),
        &[
            (
                "bind :443 ssl crt /etc/haproxy/tessera.pem",
                format!("bind 127.0.0.1:{lb_https} ssl crt {}", pem.display()),
            ),
            ("bind :80", format!("bind 127.0.0.1:{lb_http}")),
            ("bind :45678", format!("bind 127.0.0.1:{lb_tcp}")),
            (
                "10.0.0.11:45678 check port 8080",
                format!("127.0.0.1:{tcp_a} check port {http_a}"),
            ),
            (
                "10.0.0.12:45678 check port 8080",
                format!("127.0.0.1:{tcp_b} check port {http_b}"),
            ),
            ("10.0.0.11:8080", format!("127.0.0.1:{http_a}")),
            ("10.0.0.12:8080", format!("127.0.0.1:{http_b}")),
        ],
    );
    // the `global` section is Debian's in the recipe; here, a minimal one
    let cfg = dir.join("haproxy.cfg");
    std::fs::write(&cfg, format!("global\n    maxconn 4096\n\n{config}")).unwrap();
    let check = Command::new(&haproxy)
        .arg("-c")
        .arg("-f")
        .arg(&cfg)
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "haproxy -c: {}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
    let log = dir.join("haproxy.log");
    let _haproxy = Haproxy(
        Command::new(&haproxy)
            .arg("-db")
            .arg("-f")
            .arg(&cfg)
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&log).unwrap())
            .stderr(std::fs::File::create(dir.join("haproxy.err")).unwrap())
            .spawn()
            .expect("haproxy starts"),
    );

    let root = native_tls::Certificate::from_pem(&cert).unwrap();
    let tls = native_tls::TlsConnector::builder()
        .add_root_certificate(root)
        .build()
        .unwrap();
    let tls_client = tokio_native_tls::TlsConnector::from(tls.clone());
    let registry = Registry::standard();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();

    let (programs, people) = rt.block_on(async {
        // HAProxy answers over TLS with the test's certificate
        let mut up = false;
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", lb_https))
                .await
                .is_ok()
            {
                let (code, _, body) = https(&tls_client, lb_https, "GET", "/api/registry", "").await;
                if code == 200 {
                    assert!(json_of(&body).is_array() || json_of(&body).is_object(), "{body}");
                    up = true;
                    break;
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(up, "GET /api/registry through HAProxy over TLS");
        // a client that does not trust the test's certificate is refused the handshake
        let stranger = tokio_native_tls::TlsConnector::from(native_tls::TlsConnector::new().unwrap());
        let tcp = tokio::net::TcpStream::connect(("127.0.0.1", lb_https)).await.unwrap();
        assert!(
            stranger.connect("localhost", tcp).await.is_err(),
            "the certificate is the test's own, not one the system trusts"
        );
        // plain HTTP is only a redirect to HTTPS
        let (code, head, _) = plain(lb_http, "GET", "/api/registry", "").await;
        assert_eq!(code, 301, "{head}");
        assert!(head.contains("https://"), "{head}");
        // X-Forwarded-Proto: https makes the session cookie Secure (and a node reached
        // without HAProxy does not set it: the header is what makes it)
        let (code, head, body) = https(
            &tls_client,
            lb_https,
            "POST",
            "/api/account/register",
            &json!({"name": "carol", "password": "a long password"}).to_string(),
        )
        .await;
        assert_eq!(code, 200, "{head}\n{body}");
        let cookie = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
            .unwrap_or_else(|| panic!("a session cookie: {head}"));
        assert!(cookie.contains("; Secure"), "{cookie}");
        assert!(cookie.contains("HttpOnly"), "{cookie}");
        let (code, head, body) = plain(
            http_a,
            "POST",
            "/api/account/register",
            &json!({"name": "dave", "password": "a long password"}).to_string(),
        )
        .await;
        assert_eq!(code, 200, "{head}\n{body}");
        assert!(
            !head.contains("; Secure"),
            "a node reached without HAProxy: no Secure cookie over plain HTTP: {head}"
        );

        // people against bots, their tables opened through HAProxy one after the other
        // (round robin: on both nodes), then played over wss://
        let mut tables = Vec::new();
        for game in ["triominos", "akropolis", "triominos"] {
            let (code, _, body) = https(
                &tls_client,
                lb_https,
                "POST",
                "/api/games",
                &json!({"game": game, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 150}).to_string(),
            )
            .await;
            let c = json_of(&body);
            assert_eq!(code, 200, "{body}");
            let id = c["id"].as_u64().expect("a table");
            let token = c["tokens"][0][1].as_str().unwrap().to_string();
            tables.push((id, token));
        }
        let people: Vec<_> = tables
            .into_iter()
            .map(|(id, token)| (id, tokio::spawn(person(tls.clone(), lb_https, id, token))))
            .collect();
        // programs over TCP through HAProxy's TCP frontend: two games' worth, who meet in
        // the lobby of the first node (`balance first`)
        let lb: SocketAddr = ([127, 0, 0, 1], lb_tcp).into();
        let mut programs = Vec::new();
        for (i, game) in ["triominos", "triominos", "akropolis", "akropolis"].into_iter().enumerate() {
            let spec = "greedy";
            let bot = registry.get(game).unwrap().wire_bot(spec).unwrap();
            let name = format!("prog{i}");
            programs.push(tokio::spawn(async move {
                client::play_on(&|| lb, &Join::Game(game.into()), &name, bot, Duration::from_millis(120), Duration::from_secs(90)).await
            }));
        }
        (programs, people)
    });

    // mid-game: every game has moved, none has ended (the people's 3, the programs' 2)
    for _ in 0..200 {
        if pg.psql(&url, "SELECT count(*) FROM games") == "5" {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let ids: Vec<u64> = pg
        .psql(&url, "SELECT id FROM games ORDER BY id")
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect();
    assert_eq!(ids.len(), 5, "3 people's games and 2 of programs: {ids:?}");
    let live = |id: &u64| {
        pg.psql(
            &url,
            &format!("SELECT status || ' ' || (SELECT count(*) FROM moves WHERE game = {id}) || ' ' || coalesce(owner, '') FROM games WHERE id = {id}"),
        )
    };
    let mut moving = false;
    for _ in 0..600 {
        moving = ids.iter().all(|id| {
            let row = live(id);
            let mut f = row.split(' ');
            f.next() == Some("running") && f.next().and_then(|n| n.parse::<u64>().ok()) >= Some(3)
        });
        if moving {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let rows: Vec<String> = ids.iter().map(live).collect();
    assert!(moving, "every game moves through HAProxy: {rows:?}");
    // node a, the TCP frontend's first server, runs the programs' games (and some of
    // the people's, which HAProxy spreads over both nodes): it is killed
    let (victim, survivor) = (0, 1);
    let victim_pid = nodes[victim].0.child.id();
    let survivor_pid = nodes[survivor].0.child.id();
    let owned = |pid: u32| {
        rows.iter()
            .filter(|r| r.contains(&format!("-{pid}-")))
            .count()
    };
    assert!(
        owned(victim_pid) >= 3 && owned(survivor_pid) >= 1,
        "node a runs the programs' games and HAProxy spreads the people's: {rows:?}"
    );
    nodes[victim].0.child.kill().unwrap();
    nodes[victim].0.child.wait().unwrap();
    let killed = Instant::now();
    // the games the node ran when it died (one may have ended just before the kill)
    let taken: Vec<u64> = ids
        .iter()
        .map(|id| (*id, live(id)))
        .filter(|(_, r)| r.contains(&format!("-{victim_pid}-")) && !r.starts_with("finished "))
        .map(|(id, _)| id)
        .collect();
    assert!(
        !taken.is_empty(),
        "the killed node ran no game any more: {rows:?}"
    );
    eprintln!(
        "killed the node at http {} (games {taken:?}); the node at http {} goes on",
        nodes[victim].1, nodes[survivor].1
    );

    rt.block_on(async {
        for g in programs {
            let r = tokio::time::timeout(Duration::from_secs(120), g).await;
            assert!(matches!(r, Ok(Ok(Ok(_)))), "a program's game ends: {r:?}");
        }
        for (id, p) in people {
            let end = tokio::time::timeout(Duration::from_secs(120), p)
                .await
                .expect("a person's game ends in time")
                .unwrap();
            assert_eq!(end["status"], "finished", "game {id}: {end}");
        }
    });
    eprintln!("every game ended {:?} after the kill", killed.elapsed());

    // stored finished; the killed node's games were finished by the other node
    let mut rows = Vec::new();
    for _ in 0..100 {
        rows = ids.iter().map(live).collect();
        if rows.iter().all(|r| r.starts_with("finished ")) {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    for (id, row) in ids.iter().zip(&rows) {
        assert!(row.starts_with("finished "), "game {id}: {row}");
    }
    for id in &taken {
        let row = live(id);
        assert!(
            row.contains(&format!("-{survivor_pid}-")),
            "game {id} of the killed node was taken over by the other: {row}"
        );
    }
    let listed = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["games", "--db", &url, "--json", "--limit", "100"])
        .output()
        .unwrap();
    let all: Vec<Value> = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!(all.len(), ids.len(), "{all:?}");
    assert!(all.iter().all(|g| g["status"] == "finished"), "{all:?}");

    // a program's connection through HAProxy cut mid-turn and between turns: it comes
    // back through HAProxy with its resume token (docs/protocol.md 1.5) and plays on
    let lb: SocketAddr = ([127, 0, 0, 1], lb_tcp).into();
    let id = rt.block_on(cut_twice_through(&tls_client, lb_https, lb, &registry));
    let end = rt.block_on(async {
        for _ in 0..100 {
            let (_, _, body) =
                https(&tls_client, lb_https, "GET", "/api/games?limit=100", "").await;
            let g = json_of(&body)["games"]
                .as_array()
                .and_then(|a| a.iter().find(|g| g["id"] == id).cloned());
            if let Some(g) = g.filter(|g| g["status"] != "running") {
                return g;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("game {id} did not end");
    });
    assert_eq!(end["status"], "finished", "{end}");
    assert_eq!(end["ejections"], json!([]), "{end}");
}

/// A program at a table against a house bot, opened through HAProxy, signed up through its
/// TCP frontend at `lb`: its connection is cut when its second `take-turn` comes (before
/// the answer) and right after it answers its third; each time it comes back through `lb`
/// with its resume token. Plays greedy to the end; returns the game's id.
async fn cut_twice_through(
    tls: &tokio_native_tls::TlsConnector,
    https_port: u16,
    lb: SocketAddr,
    registry: &Registry,
) -> u64 {
    use tessera_tcp::{Dialect, TcpTransport};
    let (code, _, body) = https(
        tls,
        https_port,
        "POST",
        "/api/games",
        &json!({"game": "triominos", "seats": [{"kind": "bot", "spec": "greedy"}, {"kind": "program"}], "delay_ms": 0}).to_string(),
    )
    .await;
    assert_eq!(code, 200, "{body}");
    let id = json_of(&body)["id"].as_u64().expect("a table");
    let mut bot = registry
        .get("triominos")
        .unwrap()
        .wire_bot("greedy")
        .unwrap();
    let connect = || async move {
        let s = tokio::net::TcpStream::connect(lb)
            .await
            .expect("HAProxy takes it");
        TcpTransport::new(s, 16 << 20, Dialect::Tessera, None)
    };
    let mut conn = connect().await;
    conn.write(&json!({"name": "cutter", "table": id}).to_string())
        .await
        .unwrap();
    let (mut token, mut turns, mut cuts) = (String::new(), 0, 0);
    loop {
        let text = tokio::time::timeout(Duration::from_secs(60), conn.read())
            .await
            .expect("a call in time")
            .expect("a call");
        let call: Value = serde_json::from_str(&text).unwrap();
        assert!(call.get("ejected").is_none(), "{call}");
        if call[0] == "setup" {
            token = call[1][2]["resume"].as_str().unwrap().to_string();
        }
        turns += usize::from(call[0] == "take-turn");
        let mid_turn = call[0] == "take-turn" && turns == 2 && cuts == 0;
        if !mid_turn {
            conn.write(&bot.answer(&text).unwrap()).await.unwrap();
            if call[0] == "win" {
                break;
            }
        }
        // the call unanswered is sent again after the first cut: that is the third
        let between = call[0] == "take-turn" && turns == 4 && cuts == 1;
        if mid_turn || between {
            cuts += 1;
            drop(conn);
            tokio::time::sleep(Duration::from_millis(300)).await;
            conn = connect().await;
            conn.write(&json!({ "resume": token }).to_string())
                .await
                .unwrap();
        }
    }
    assert_eq!(cuts, 2, "both cuts made ({turns} turns)");
    id
}

/// deploy/tessera.service passes `systemd-analyze verify`, warnings included (verify
/// exits 0 on an unknown key; it names the file and line): a unit with a misspelt key
/// does not.
#[test]
fn the_systemd_unit_passes_systemd_analyze_verify() {
    let Some(analyze) = which("systemd-analyze") else {
        assert_ne!(
            std::env::var("TESSERA_REQUIRE_SYSTEMD").as_deref(),
            Ok("1"),
            "no systemd-analyze here and TESSERA_REQUIRE_SYSTEMD=1 (CI): deploy/tessera.service not verified"
        );
        eprintln!("skipped: no systemd-analyze here, deploy/tessera.service not verified");
        return;
    };
    let unit = std::fs::read_to_string(repo().join("deploy/tessera.service")).unwrap();
    for key in [
        "User=tessera",
        "ExecStart=/usr/local/bin/tessera serve --db /var/lib/tessera/tessera.db",
        "Restart=on-failure",
        "KillSignal=SIGTERM",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ReadWritePaths=/var/lib/tessera",
        "PrivateTmp=yes",
        "LimitNOFILE=",
    ] {
        assert!(unit.contains(key), "the unit sets {key}");
    }
    // TimeoutStopSec above the host's --shutdown-grace
    let setting = |key: &str| -> f64 {
        let line = unit
            .lines()
            .find(|l| l.starts_with(key))
            .unwrap_or_else(|| panic!("{key}"));
        line[key.len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let grace = unit
        .split_once("--shutdown-grace ")
        .and_then(|(_, r)| r.split_whitespace().next()?.parse::<f64>().ok())
        .expect("ExecStart sets --shutdown-grace");
    assert!(setting("TimeoutStopSec=") > grace);

    let dir = std::env::temp_dir().join(format!("tessera-unit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = RemoveDir(dir.clone());
    // verify wants ExecStart's binary to exist: a stand-in, at a path of our own
    let stand_in = dir.join("tessera");
    std::fs::write(&stand_in, "#!/bin/sh\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&stand_in, std::fs::Permissions::from_mode(0o755)).unwrap();
    let verify = |text: &str| -> (bool, String) {
        let path = dir.join("tessera.service");
        std::fs::write(
            &path,
            text.replace("/usr/local/bin/tessera", stand_in.to_str().unwrap()),
        )
        .unwrap();
        let out = Command::new(&analyze)
            .arg("verify")
            .arg(&path)
            .output()
            .unwrap();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (
            out.status.success() && !said.contains("tessera.service:"),
            said,
        )
    };
    let (ok, said) = verify(&unit);
    assert!(ok, "systemd-analyze verify deploy/tessera.service:\n{said}");
    let (ok, said) = verify(&unit.replace("PrivateTmp=", "PrivatTmp="));
    assert!(!ok, "a misspelt key is caught: {said}");
}
