//! The end of `tessera play` at a terminal: the result stays on screen until a key is
//! pressed (a window that ran the game would close with it), while piped input and
//! `--no-wait` never wait. The terminal is a pseudo-terminal the test opens.
#![cfg(unix)]

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A game of bots that ends quickly, printed only at its start and end.
const GAME: [&str; 6] = [
    "play",
    "triominos",
    "--players",
    "greedy,greedy",
    "--seed",
    "1",
];

/// A pseudo-terminal: its master side (the test's), and its slave side (the program's).
fn pty() -> (std::fs::File, OwnedFd) {
    let (mut master, mut slave) = (0, 0);
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
    unsafe {
        (
            std::fs::File::from_raw_fd(master),
            OwnedFd::from_raw_fd(slave),
        )
    }
}

/// `tessera ARGS --quiet` with its standard input, output and error on a new terminal; what
/// it writes there is gathered in the returned buffer.
fn at_a_terminal(extra: &[&str]) -> (Child, std::fs::File, Arc<Mutex<String>>) {
    let (master, slave) = pty();
    let child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(GAME)
        .args(["--quiet"])
        .args(extra)
        .stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::from(slave.try_clone().unwrap()))
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("tessera runs");
    let seen = Arc::new(Mutex::new(String::new()));
    let mut reader = master.try_clone().unwrap();
    let into = seen.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        // the read fails (EIO) once the program has exited and closed the terminal
        while let Ok(n @ 1..) = reader.read(&mut buf) {
            into.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    (child, master, seen)
}

/// Waits up to a minute for `what` in the terminal's text.
fn wait_for(seen: &Mutex<String>, what: &str) {
    let start = Instant::now();
    while !seen.lock().unwrap().contains(what) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no {what:?} in {:?}",
            seen.lock().unwrap()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits up to 30 s for the program to exit; its status.
fn exits(child: &mut Child) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("tessera play did not exit");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn at_a_terminal_the_result_stays_until_a_key_is_pressed() {
    let (mut child, mut master, seen) = at_a_terminal(&[]);
    wait_for(&seen, "Press any key to close.");
    assert!(
        seen.lock().unwrap().contains("winner"),
        "the result is shown before the wait: {:?}",
        seen.lock().unwrap()
    );
    // it waits: still running a while later
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        child.try_wait().unwrap().is_none(),
        "tessera play exited without a key: {:?}",
        seen.lock().unwrap()
    );
    // one key, no Enter
    master.write_all(b"x").unwrap();
    assert!(exits(&mut child).success());
}

#[test]
fn no_wait_exits_at_the_end_even_at_a_terminal() {
    let (mut child, _master, seen) = at_a_terminal(&["--no-wait"]);
    assert!(exits(&mut child).success());
    std::thread::sleep(Duration::from_millis(100));
    let text = seen.lock().unwrap().clone();
    assert!(text.contains("winner"), "{text}");
    assert!(!text.contains("Press any key"), "{text}");
}

#[test]
fn piped_input_never_waits() {
    let o = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(GAME)
        .arg("--quiet")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("winner"), "{out}");
    assert!(!out.contains("Press any key"), "{out}");
}
