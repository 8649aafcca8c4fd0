//! The operator's endpoints (issue 26, "For the operator"): `GET /healthz`, `GET /readyz`
//! (503 once the host stops, before its doors close), `GET /metrics` naming what happened
//! (a game played, a login refused, a cap hit) and read by `promtool check metrics`
//! when Debian's `prometheus` package is installed (`scripts/prometheus-check` installs
//! it; `TESSERA_REQUIRE_PROMETHEUS=1` makes its absence a failure), and the request id
//! of every answer.

use crate::common;

use common::*;
use serde_json::json;
use std::time::Duration;
use tessera_games::Registry;
use tessera_server::host::Host;
use tessera_server::store::Store;
use tessera_server::vocab::config::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// One GET; the whole answer (status line, headers, body) as text.
async fn raw_get(addr: std::net::SocketAddr, path: &str, extra: &str) -> String {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{extra}\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

/// The value of the sample `series` (name and labels, as written) in `text`.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_readiness_answer_with_a_request_id() {
    let h = TestHost::start(test_config()).await;
    let (s, v) = h.get("/healthz").await;
    assert_eq!((s, &v["status"]), (200, &json!("ok")), "{v}");
    let (s, v) = h.get("/readyz").await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["node"], "local", "{v}");
    // every answer carries an id, fresh or the proxy's
    let a = raw_get(h.http, "/api/registry", "").await;
    let id = a
        .lines()
        .find_map(|l| l.strip_prefix("x-request-id: "))
        .expect("an x-request-id header");
    assert!(id.len() > 9 && id.contains('-'), "{id}");
    let b = raw_get(h.http, "/api/registry", "").await;
    assert!(
        !b.contains(&format!("x-request-id: {id}\r\n")),
        "ids differ"
    );
    let mine = raw_get(h.http, "/healthz", "x-request-id: lb-42.a_b\r\n").await;
    assert!(mine.contains("x-request-id: lb-42.a_b\r\n"), "{mine}");
    // not an id: replaced
    let odd = raw_get(h.http, "/healthz", "x-request-id: a b\r\n").await;
    assert!(!odd.contains("x-request-id: a b\r\n"), "{odd}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_host_turns_not_ready_before_it_closes_its_doors() {
    let config = Config {
        drain: Duration::from_millis(1500),
        ..test_config()
    };
    let db = temp_db();
    let tcp = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let door = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = door.local_addr().unwrap();
    let (store, thread) = Store::start(&db).unwrap();
    let host = Host::new(Registry::standard(), store, config);
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let run = tokio::spawn(tessera_server::run(
        host.clone(),
        tcp,
        Some(door),
        Duration::from_secs(5),
        async {
            let _ = rx.await;
        },
    ));
    assert_eq!(http(addr, "GET", "/readyz", "").await.0, 200);
    let asked = std::time::Instant::now();
    tx.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    // not ready, yet the doors serve: a balancer sees it leave before they close
    let (s, v) = http(addr, "GET", "/readyz", "").await;
    assert_eq!(s, 503, "{v}");
    assert_eq!(v["error"], "the server is stopping", "{v}");
    assert_eq!(http(addr, "GET", "/healthz", "").await.0, 200);
    assert!(!run.is_finished(), "the doors are open for the drain");
    run.await.unwrap();
    assert!(
        asked.elapsed() >= Duration::from_millis(1500),
        "the drain is kept"
    );
    assert!(
        tokio::net::TcpStream::connect(addr).await.is_err(),
        "the doors are closed once the host stopped"
    );
    drop(host);
    tokio::task::spawn_blocking(move || thread.join())
        .await
        .unwrap();
    remove_db(&db);
}

/// Plays a person's seat with the first legal move each time, until the end; asks for
/// the metrics once while the game runs (its text).
async fn play_and_scrape(h: &TestHost, ws: &mut Ws) -> String {
    let mut scraped = None;
    let mut answered = None;
    loop {
        let m = next_json(ws)
            .await
            .expect("the socket stays open to the end");
        assert_ne!(m["type"], "error", "refused: {m}");
        if m["over"] == true {
            return scraped.expect("a scrape while the game ran");
        }
        if scraped.is_none() && m["status"] == "running" {
            scraped = Some(h.get("/metrics").await.1.as_str().unwrap().to_string());
        }
        let moves = m["moves"].as_u64();
        if m["seat"] == m["to_move"] && m["status"] == "running" && answered != moves {
            send_json(ws, &json!({"move": m["legal"][0]})).await;
            answered = moves;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_name_the_game_played_the_login_refused_and_the_cap_hit() {
    let config = Config {
        max_web_tables: 1,
        ..test_config()
    };
    let h = TestHost::start(config).await;
    let before = h.get("/metrics").await.1.as_str().unwrap().to_string();
    let moves_before = sample(&before, "tessera_moves_total{game=\"q\"}").unwrap_or(0.0);
    let ended_before = sample(
        &before,
        "tessera_games_ended_total{game=\"q\",status=\"finished\"}",
    )
    .unwrap_or(0.0);
    let game = json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "greedy"}]});
    let (s, c) = h.post("/api/games", &game).await;
    assert_eq!(s, 200, "{c}");
    let (id, token) = (
        c["id"].as_u64().unwrap(),
        c["tokens"][0][1].as_str().unwrap(),
    );
    // the one slot of a web table is taken: a cap hit
    let (s, v) = h.post("/api/games", &game).await;
    assert_eq!(s, 503, "{v}");
    // a login that fails
    let (s, v) = h
        .post(
            "/api/account/login",
            &json!({"name": "nobody", "password": "not-a-password"}),
        )
        .await;
    assert_eq!(s, 401, "{v}");
    let mut ws = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
    let during = play_and_scrape(&h, &mut ws).await;
    assert_eq!(
        sample(&during, "tessera_games_live{game=\"q\",phase=\"running\"}"),
        Some(1.0),
        "{during}"
    );
    assert!(sample(&during, "tessera_websockets_open").unwrap() >= 1.0);
    drop(ws);
    // the end is stored and counted before the table leaves memory
    let mut text = String::new();
    for _ in 0..200 {
        text = h.get("/metrics").await.1.as_str().unwrap().to_string();
        if sample(&text, "tessera_games_live{game=\"q\",phase=\"running\"}") == Some(0.0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let at_least = |series: &str, n: f64| {
        let v = sample(&text, series).unwrap_or_else(|| panic!("{series} in\n{text}"));
        assert!(v >= n, "{series} = {v}, expected at least {n}");
    };
    at_least("tessera_moves_total{game=\"q\"}", moves_before + 2.0);
    at_least(
        "tessera_games_ended_total{game=\"q\",status=\"finished\"}",
        ended_before + 1.0,
    );
    at_least("tessera_games_started_total{game=\"q\"}", 1.0);
    at_least("tessera_move_seconds_count{game=\"q\"}", 2.0);
    at_least("tessera_store_commit_seconds_count{what=\"move\"}", 2.0);
    at_least("tessera_cap_hits_total{cap=\"games\"}", 1.0);
    at_least("tessera_logins_total{outcome=\"wrong\"}", 1.0);
    // the scrape's own connection
    at_least("tessera_http_connections_open", 1.0);
    at_least("tessera_tcp_connections_open", 0.0);
    at_least("tessera_node_info{node=\"local\",store=\"sqlite\"}", 1.0);
    for family in [
        "# TYPE tessera_move_seconds histogram",
        "# TYPE tessera_store_commit_seconds histogram",
        "# TYPE tessera_games_live gauge",
        "# TYPE tessera_cap_hits_total counter",
    ] {
        assert!(text.contains(family), "{family} in\n{text}");
    }
    promtool_check(&text);
    h.stop().await;
}

/// `promtool check metrics` on `text`, when promtool is installed (else a message, or a
/// failure with `TESSERA_REQUIRE_PROMETHEUS=1`).
fn promtool_check(text: &str) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let child = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            assert!(
                std::env::var("TESSERA_REQUIRE_PROMETHEUS").as_deref() != Ok("1"),
                "promtool is required (TESSERA_REQUIRE_PROMETHEUS=1) but does not run: {e}"
            );
            eprintln!("skipped promtool check metrics: promtool does not run ({e}); scripts/prometheus-check installs it");
            return;
        }
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "promtool check metrics: {said}\n{text}"
    );
    // its linter's remarks are failures too (it exits 0 on some of them in older versions)
    assert!(said.trim().is_empty(), "promtool check metrics: {said}");
}

/// On PostgreSQL: ready once the node holds its lease, named in the metrics; not ready
/// once the store stops answering (its database dropped under it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_ready_means_the_lease_is_held_and_the_store_answers() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("readyz");
    let lease = Duration::from_secs(2);
    let (store, thread) = Store::open(&url, lease).await.unwrap();
    let node = store.node().to_string();
    let config = Config {
        lease,
        ..test_config()
    };
    let host = Host::new(Registry::standard(), store, config);
    let tcp = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let door = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = door.local_addr().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let run = tokio::spawn(tessera_server::run(
        host.clone(),
        tcp,
        Some(door),
        Duration::from_secs(5),
        async {
            let _ = rx.await;
        },
    ));
    // the first heartbeat renews the lease at once
    let mut ready = (0, json!(null));
    for _ in 0..100 {
        ready = http(addr, "GET", "/readyz", "").await;
        if ready.0 == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(ready.0, 200, "{}", ready.1);
    assert_eq!(ready.1["node"], node.as_str());
    let text = http(addr, "GET", "/metrics", "").await.1;
    let series = format!("tessera_node_info{{node=\"{node}\",store=\"postgres\"}}");
    assert_eq!(sample(text.as_str().unwrap(), &series), Some(1.0), "{text}");
    // the store goes away: not ready, saying why
    let name = url.rsplit('/').next().unwrap();
    pg.psql(
        &format!("{}/postgres", pg.base_url()),
        &format!("DROP DATABASE {name} WITH (FORCE)"),
    );
    let mut gone = (0, json!(null));
    for _ in 0..100 {
        gone = http(addr, "GET", "/readyz", "").await;
        if gone.0 == 503 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(gone.0, 503, "{}", gone.1);
    let why = gone.1["error"].as_str().unwrap_or_default();
    assert!(why.contains("store") || why.contains("lease"), "{why}");
    let _ = tx.send(());
    let _ = tokio::time::timeout(Duration::from_secs(20), run).await;
    drop(host);
    let _ = tokio::task::spawn_blocking(move || thread.join()).await;
}
