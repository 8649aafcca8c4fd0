//! Helpers shared by the CLI's integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// Removes a test's directory when the test ends (kept if it fails, to be looked at). Made
/// before the processes that use the directory, it is dropped after them.
pub struct RemoveDir(pub PathBuf);

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
