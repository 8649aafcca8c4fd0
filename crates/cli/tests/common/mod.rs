//! Helpers shared by the CLI's integration tests.
#![allow(dead_code)]

pub mod hostile;
pub mod serve;
/// The host's tests' mail server, which takes every email.
#[path = "../../../server/tests/common/smtp.rs"]
pub mod smtp;

use std::io::Write;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

/// `tessera args` run to its end with `stdin` on its standard input: its status and
/// output. A run that ends before it has read everything (a closed pipe) is fine.
pub fn tessera(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera runs");
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

/// A TCP port for a server a test starts (and may start again on the same port): free now,
/// and below the kernel's range of ephemeral ports, so that no outgoing connection of this
/// test or another takes it in the meantime (a port that `bind(0)` handed out and let go
/// can be given to the next client connection at once).
pub fn free_port() -> u16 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let low = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u32>().ok())
        .unwrap_or(32_768);
    let from = 10_000;
    let span = low.saturating_sub(from).max(1_000);
    // test binaries run one after another, the tests of one binary share the counter
    let offset = std::process::id().wrapping_mul(97);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        assert!(n <= span, "no free port below the ephemeral range");
        let port = (from + offset.wrapping_add(n) % span) as u16;
        if TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
}

/// Removes a test's directory when the test ends (kept if it fails, to be looked at). Made
/// before the processes that use the directory, it is dropped after them.
pub struct RemoveDir(pub PathBuf);

impl RemoveDir {
    /// A fresh, empty directory `tessera-{name}-{pid}` in the temporary directory (what a
    /// failed run left there is removed first).
    pub fn fresh(name: &str) -> RemoveDir {
        let dir = std::env::temp_dir().join(format!("tessera-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        RemoveDir(dir)
    }
}

impl Drop for RemoveDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// Removes a test's SQLite store, with its `-wal` and `-shm`, when the test ends (kept if
/// it fails, to be looked at).
pub struct RemoveDb(pub PathBuf);

impl Drop for RemoveDb {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            for s in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{s}", self.0.display()));
            }
        }
    }
}
