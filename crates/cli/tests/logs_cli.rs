//! `tessera serve --log-format json`: every line of the log on stderr is one JSON object;
//! an HTTP request's lines carry its request id (the one sent back as `x-request-id`), a
//! TCP connection's carry its connection id.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One GET over a fresh connection; the answer's `x-request-id`.
fn request_id(http: u16, path: &str) -> String {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", http)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out.lines()
        .find_map(|l| l.strip_prefix("x-request-id: "))
        .unwrap_or_else(|| panic!("an x-request-id in {out}"))
        .to_string()
}

/// The fields of the spans of a JSON log line (`spans`: outermost first).
fn span_field(line: &Value, span: &str, field: &str) -> Option<String> {
    line["spans"]
        .as_array()?
        .iter()
        .find(|s| s["name"] == span)?
        .get(field)?
        .as_str()
        .map(str::to_string)
}

#[cfg(unix)]
#[test]
fn the_json_log_carries_the_request_and_connection_ids() {
    let dir = std::env::temp_dir().join(format!("tessera-logs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("serve.log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args([
            "serve",
            "--tcp-port",
            "0",
            "--http-port",
            "0",
            "--log-format",
            "json",
        ])
        .arg("--db")
        .arg(dir.join("t.db"))
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("tessera serve runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let ports: Vec<u16> = line
        .split_whitespace()
        .filter_map(|kv| kv.split_once('=')?.1.parse().ok())
        .collect();
    let [tcp, http] = ports[..] else {
        let _ = child.kill();
        panic!(
            "no ports in {line:?}: {}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
    };
    let id = request_id(http, "/api/registry");
    let missing = request_id(http, "/api/games/999999");
    // a program that says nothing the host understands: refused, in its connection's span
    let mut program = std::net::TcpStream::connect(("127.0.0.1", tcp)).unwrap();
    program.write_all(b"[]\n").unwrap();
    let mut answer = Vec::new();
    program
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let _ = program.read_to_end(&mut answer);
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "serve did not stop");
        std::thread::sleep(Duration::from_millis(50));
    }
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert!(
        lines.iter().any(|l| l["fields"]["message"] == "serving"),
        "{text}"
    );
    for (id, status) in [(&id, 200), (&missing, 404)] {
        assert!(
            lines.iter().any(|l| {
                span_field(l, "request", "request_id").as_deref() == Some(id.as_str())
                    && l["fields"]["status"] == status
            }),
            "a line of request {id} answered {status} in\n{text}"
        );
    }
    assert!(
        lines.iter().any(|l| {
            l["fields"]["message"] == "sign-up refused" && span_field(l, "tcp", "conn").is_some()
        }),
        "the refused program's line in its connection's span in\n{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
