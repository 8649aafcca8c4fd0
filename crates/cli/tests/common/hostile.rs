//! What the probes of the hostile-client suite (`tests/hostile*.rs`) share: a fresh
//! `tessera serve` of its own in a directory of its own, clients bound to a loopback
//! address each (the person at 127.0.0.1, attackers at 127.0.0.2 and up), one request
//! from an address, a signed-in account, the host's RSS, and the person who plays a whole
//! game through the browser's API meanwhile.

use super::serve::{person, start_with, Server};
use super::{free_port, RemoveDir};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::task::JoinHandle;

/// The person's address: every probe asserts that they play a whole game meanwhile.
pub const PERSON: [u8; 4] = [127, 0, 0, 1];
/// The attacker's first address.
pub const ATTACKER: [u8; 4] = [127, 0, 0, 2];

/// How long a client waits for its connection to open.
const CONNECT_WITHIN: Duration = Duration::from_secs(5);
/// How long [`exchange`] waits for the whole answer (a host under a crowd of attackers
/// may be slow to answer, never silent).
const ANSWER_WITHIN: Duration = Duration::from_secs(60);

/// The `n`-th attacker's address (0 is [`ATTACKER`]): 127.0.0.2, 127.0.0.3, ... then
/// 127.0.1.x.
pub fn attacker(n: usize) -> [u8; 4] {
    let n = n + 1;
    [127, 0, (n / 250) as u8, (n % 250) as u8 + 1]
}

/// A host under probe: its process, ports, store and directory (removed when the test
/// passes).
pub struct Probed {
    pub server: Server,
    pub http: u16,
    pub tcp: u16,
    pub db: String,
    pub dir: std::path::PathBuf,
    _dir: RemoveDir,
}

impl Probed {
    /// A fresh `tessera serve` named `name` with `extra` flags.
    pub fn start(name: &str, extra: &[&str]) -> Probed {
        let removed = RemoveDir::fresh(name);
        let dir = removed.0.clone();
        let db = dir.join("t.db").to_str().unwrap().to_string();
        let (tcp, http) = (free_port(), free_port());
        let server = start_with(&db, tcp, http, extra);
        Probed {
            server,
            http,
            tcp,
            db,
            dir,
            _dir: removed,
        }
    }

    /// The host's resident memory now, in MB.
    pub fn rss_mb(&self) -> u64 {
        rss_mb(self.server.child.id())
    }

    /// A person at [`PERSON`] loads the page (`GET /` must answer 200) and opens a game
    /// of `game` against a bot, which they play on meanwhile through the browser's API and
    /// WebSocket (see [`Person::ends`]).
    pub async fn person_starts(&self, game: &str) -> Person {
        let (s, _) = request(PERSON, self.http, "GET", "/", "").await;
        assert_eq!(
            s, 200,
            "the person loads the page (0: the connection was closed)"
        );
        let seats = json!({"game": game, "seats": [{"kind": "human", "name": "ann"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 0});
        let (s, created) =
            request(PERSON, self.http, "POST", "/api/games", &seats.to_string()).await;
        assert_eq!(s, 200, "the person's game: {created}");
        let id = created["id"].as_u64().unwrap();
        let token = created["tokens"][0][1].as_str().unwrap().to_string();
        Person {
            id,
            http: self.http,
            game: tokio::spawn(person(self.http, id, token)),
        }
    }

    /// [`Probed::person_starts`] and [`Person::ends`]: the person plays a whole game of
    /// `game` now; its last state.
    pub async fn person_plays(&self, game: &str) -> Value {
        self.person_starts(game).await.ends().await
    }
}

/// The person's game, played on meanwhile by a task of its own.
pub struct Person {
    /// The game's id.
    pub id: u64,
    http: u16,
    game: JoinHandle<Value>,
}

impl Person {
    /// The person's game is played to its end (`finished`, within 3 minutes of its start
    /// being awaited) and the page loads again: the game's last state.
    pub async fn ends(self) -> Value {
        let end = tokio::time::timeout(Duration::from_secs(180), self.game)
            .await
            .expect("the person's game ends within 3 minutes")
            .unwrap();
        assert_eq!(end["over"], true, "{end}");
        assert_eq!(end["status"], "finished", "{end}");
        let (s, _) = request(PERSON, self.http, "GET", "/", "").await;
        assert_eq!(s, 200, "the person loads the page after the game");
        end
    }
}

/// A TCP connection to the host's `port` from the loopback address `from` (an error when
/// it does not open within 5 s).
pub async fn connect_from(from: [u8; 4], port: u16) -> std::io::Result<TcpStream> {
    connect(TcpSocket::new_v4()?, from, port).await
}

/// [`connect_from`] with a receive buffer of 4 KiB and the segments of an Ethernet path
/// (1460 bytes, where loopback's are 64 KiB and the host's send buffer grows with them to
/// megabytes): a client that reads nothing soon holds up the host's writes.
#[cfg(target_os = "linux")]
pub async fn connect_small(from: [u8; 4], port: u16) -> std::io::Result<TcpStream> {
    use std::os::fd::AsRawFd;
    let s = TcpSocket::new_v4()?;
    s.set_recv_buffer_size(4096)?;
    let mss: libc::c_int = 1460;
    // SAFETY: setsockopt reads `mss`, which outlives the call
    let r = unsafe {
        libc::setsockopt(
            s.as_raw_fd(),
            libc::IPPROTO_TCP,
            libc::TCP_MAXSEG,
            (&mss as *const libc::c_int).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        )
    };
    if r != 0 {
        return Err(std::io::Error::last_os_error());
    }
    connect(s, from, port).await
}

/// Binds `s` to `from` and connects it to the host's `port` on 127.0.0.1.
async fn connect(s: TcpSocket, from: [u8; 4], port: u16) -> std::io::Result<TcpStream> {
    s.bind((from, 0).into())?;
    tokio::time::timeout(CONNECT_WITHIN, s.connect(([127, 0, 0, 1], port).into()))
        .await
        .map_err(|_| std::io::Error::from(std::io::ErrorKind::TimedOut))?
}

/// One request from `from` (same-origin, `Connection: close`); (status, body as JSON,
/// or the text as a JSON string; `Null` when empty). Status 0: no answer (refused, reset,
/// or nothing within 60 s).
pub async fn request(
    from: [u8; 4],
    port: u16,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, Value) {
    request_with(from, port, method, path, &[], body).await
}

/// [`request`] with extra headers.
pub async fn request_with(
    from: [u8; 4],
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Value) {
    let (status, _, body) = exchange(from, port, method, path, headers, body).await;
    (status, body)
}

/// A signed-in account: its session cookie and CSRF token.
#[derive(Clone, Debug)]
pub struct Session {
    pub cookie: String,
    pub csrf: String,
}

impl Session {
    /// The headers of a request in this session: its cookie and CSRF token.
    pub fn headers(&self) -> [(&str, &str); 2] {
        [
            ("Cookie", self.cookie.as_str()),
            ("X-Tessera-CSRF", self.csrf.as_str()),
        ]
    }
}

/// A person's account `name` registered from `from` and signed in.
pub async fn register(from: [u8; 4], port: u16, name: &str) -> Session {
    try_register(from, port, name)
        .await
        .unwrap_or_else(|(s, b)| panic!("registering {name}: {s} {b}"))
}

/// [`register`], or the refusal's status and body.
pub async fn try_register(from: [u8; 4], port: u16, name: &str) -> Result<Session, (u16, Value)> {
    let body = json!({"name": name, "password": "correct horse"}).to_string();
    let (s, head, b) = exchange(from, port, "POST", "/api/account/register", &[], &body).await;
    if s != 200 {
        return Err((s, b));
    }
    let cookie = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("set-cookie").then(|| v.trim())
        })
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_string();
    Ok(Session {
        cookie,
        csrf: b["csrf"].as_str().unwrap_or_default().to_string(),
    })
}

/// One request from `from`: (status, the answer's head, its body as in [`request`]).
pub async fn exchange(
    from: [u8; 4],
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String, Value) {
    let Ok(mut s) = connect_from(from, port).await else {
        return (0, String::new(), Value::Null);
    };
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    if s.write_all(head.as_bytes()).await.is_err() {
        return (0, String::new(), Value::Null);
    }
    // a body the host refuses from its length alone is answered before it is sent
    if body.len() <= 1 << 20 && s.write_all(body.as_bytes()).await.is_err() {
        return (0, String::new(), Value::Null);
    }
    let mut out = Vec::new();
    let _ = tokio::time::timeout(ANSWER_WITHIN, s.read_to_end(&mut out)).await;
    let out = String::from_utf8_lossy(&out);
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let (head, body) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    let value = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_string()))
    };
    (status, head.to_string(), value)
}

/// The resident memory of process `pid`, in MB.
pub fn rss_mb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0, |kb| kb / 1024)
}

/// Asserts a refusal: `status` and a JSON `{"error": ...}`.
pub fn refused(what: &str, (s, body): &(u16, Value), status: u16) {
    assert_eq!(*s, status, "{what}: {body}");
    assert!(
        body["error"].is_string(),
        "{what}: not the JSON refusal: {body}"
    );
}

/// A multi-threaded runtime of 2 workers for a probe.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}
