//! Throwaway PostgreSQL clusters for tests.
//!
//! [`cluster`] starts one cluster per test process (the first time it is called): `initdb`
//! into a temporary directory, then `postgres` on a free port of 127.0.0.1, as the
//! `postgres` user when the tests run as root (PostgreSQL refuses to run as root). A
//! watchdog shell stops the server and removes the directory when the test process ends,
//! however it ends. [`Cluster::database`] gives each test an empty database of its own.
//!
//! Where the server binaries are absent, [`cluster`] prints why and returns `None` (the
//! test returns early), unless `TESSERA_REQUIRE_PG=1` (CI sets it): then it panics. With
//! `TESSERA_TEST_PG_URL=postgres://USER@HOST:PORT/DB` the tests use that server instead
//! (they create and use databases named `tessera_test_*` on it).
//!
//! The binaries are looked up in `TESSERA_PG_BIN`, then `/usr/lib/postgresql/*/bin`
//! (Debian's layout, newest version first), then `pg_config --bindir`.

#![deny(missing_docs)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A running PostgreSQL server the tests may create databases on.
#[derive(Debug)]
pub struct Cluster {
    /// `postgres://USER@HOST:PORT` (no database).
    base: String,
    /// The maintenance database's URL (where `CREATE DATABASE` runs).
    admin: String,
    /// The directory holding `psql`.
    bin: PathBuf,
    /// The cluster's directory (None for a server given by `TESSERA_TEST_PG_URL`).
    dir: Option<PathBuf>,
    next: AtomicU64,
}

/// The binaries' directory, if PostgreSQL is installed.
pub fn bin_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("TESSERA_PG_BIN") {
        return Some(PathBuf::from(d));
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v: u32 = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    found.sort();
    if let Some((_, b)) = found.pop() {
        return Some(b);
    }
    let out = Command::new("pg_config").arg("--bindir").output().ok()?;
    let b = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    b.join("initdb").exists().then_some(b)
}

fn required() -> bool {
    std::env::var("TESSERA_REQUIRE_PG").is_ok_and(|v| v == "1")
}

/// The cluster of this test process, started on first use; `None` (with the reason
/// printed) where PostgreSQL is not installed and `TESSERA_REQUIRE_PG` is not `1`.
///
/// # Panics
/// If the cluster cannot be started (or PostgreSQL is absent and required).
pub fn cluster() -> Option<&'static Cluster> {
    static CLUSTER: OnceLock<Option<Cluster>> = OnceLock::new();
    CLUSTER
        .get_or_init(|| match start() {
            Ok(c) => Some(c),
            Err(why) if !required() && why.absent => {
                eprintln!(
                    "skipped: PostgreSQL tests need the server binaries ({})",
                    why.text
                );
                None
            }
            Err(why) => panic!(
                "cannot start a PostgreSQL cluster for the tests: {}",
                why.text
            ),
        })
        .as_ref()
}

struct Failure {
    absent: bool,
    text: String,
}

fn fail(text: impl Into<String>) -> Failure {
    Failure {
        absent: false,
        text: text.into(),
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// `program args` as the `postgres` user when we are root, else as ourselves.
fn as_owner(root: bool, program: &Path) -> Command {
    if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn free_port() -> Result<u16, Failure> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| fail(e.to_string()))?;
    Ok(l.local_addr().map_err(|e| fail(e.to_string()))?.port())
}

fn start() -> Result<Cluster, Failure> {
    if let Ok(url) = std::env::var("TESSERA_TEST_PG_URL") {
        let bin = bin_dir().unwrap_or_default();
        let base = match url.rfind('/') {
            Some(i) if i > "postgres://".len() => url[..i].to_string(),
            _ => url.clone(),
        };
        return Ok(Cluster {
            base,
            admin: url,
            bin,
            dir: None,
            next: AtomicU64::new(0),
        });
    }
    let bin = bin_dir().ok_or(Failure {
        absent: true,
        text: "no initdb in TESSERA_PG_BIN, /usr/lib/postgresql/*/bin or pg_config --bindir; \
               install them with `apt-get install postgresql`"
            .into(),
    })?;
    let root = is_root();
    let dir = std::env::temp_dir().join(format!("tessera-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| fail(format!("{}: {e}", dir.display())))?;
    if root {
        let ok = Command::new("chown")
            .args(["postgres:postgres"])
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            return Err(fail(
                "cannot give the cluster's directory to the postgres user",
            ));
        }
    }
    let data = dir.join("data");
    let out = as_owner(root, &bin.join("initdb"))
        .arg("-D")
        .arg(&data)
        .args(["-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        .output()
        .map_err(|e| fail(format!("initdb: {e}")))?;
    if !out.status.success() {
        return Err(fail(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    for _attempt in 0..5 {
        let port = free_port()?;
        // the watchdog: postgres in the background; when the test process (our pid) or
        // postgres ends, stop postgres and remove the directory
        let postgres = {
            let p = bin.join("postgres");
            let opts = format!(
                "-D {data} -p {port} -k {dir} -c listen_addresses=127.0.0.1 -c fsync=off \
                 -c synchronous_commit=off -c full_page_writes=off -c max_connections=200",
                data = data.display(),
                dir = dir.display()
            );
            if root {
                format!("runuser -u postgres -- {} {opts}", p.display())
            } else {
                format!("{} {opts}", p.display())
            }
        };
        let stop = {
            let p = bin.join("pg_ctl");
            let c = format!("{} stop -D {} -m immediate", p.display(), data.display());
            if root {
                format!("runuser -u postgres -- {c}")
            } else {
                c
            }
        };
        let script = format!(
            "{postgres} >{log} 2>&1 & pg=$!\n\
             while kill -0 {parent} 2>/dev/null && kill -0 $pg 2>/dev/null; do sleep 0.3; done\n\
             {stop} >/dev/null 2>&1; wait $pg; rm -rf {dir}",
            log = dir.join("log").display(),
            parent = std::process::id(),
            dir = dir.display(),
        );
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&script)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| fail(format!("sh: {e}")))?;
        let base = format!("postgres://postgres@127.0.0.1:{port}");
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(Some(_)) = child.try_wait() {
                break; // postgres ended (the port was taken?): try another
            }
            let ready = Command::new(bin.join("pg_isready"))
                .args(["-h", "127.0.0.1", "-p", &port.to_string(), "-q"])
                .status()
                .is_ok_and(|s| s.success());
            if ready {
                // the watchdog lives on; it is not waited for
                std::mem::forget(child);
                return Ok(Cluster {
                    admin: format!("{base}/postgres"),
                    base,
                    bin,
                    dir: Some(dir),
                    next: AtomicU64::new(0),
                });
            }
            if Instant::now() > until {
                let _ = child.kill();
                let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
                return Err(fail(format!("postgres did not start in 30 s: {log}")));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        if !dir.exists() {
            std::fs::create_dir_all(&dir).map_err(|e| fail(e.to_string()))?;
        }
    }
    Err(fail("postgres would not start (5 ports tried)"))
}

impl Cluster {
    /// `postgres://USER@HOST:PORT`, without a database.
    pub fn base_url(&self) -> &str {
        &self.base
    }

    /// The cluster's directory (None for a server given by `TESSERA_TEST_PG_URL`).
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Runs SQL on the maintenance database with `psql`.
    ///
    /// # Panics
    /// If psql fails.
    pub fn psql(&self, database_url: &str, sql: &str) -> String {
        let psql = if self.bin.join("psql").exists() {
            self.bin.join("psql")
        } else {
            PathBuf::from("psql")
        };
        let out = Command::new(psql)
            .arg(database_url)
            .args(["-v", "ON_ERROR_STOP=1", "-X", "-q", "-A", "-t", "-c", sql])
            .output()
            .expect("psql");
        assert!(
            out.status.success(),
            "psql {sql}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// A new, empty database; returns its URL. `hint` (letters and digits) goes into its
    /// name, for whoever reads the server's log.
    pub fn database(&self, hint: &str) -> String {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let hint: String = hint
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .take(30)
            .collect::<String>()
            .to_lowercase();
        let name = format!("tessera_test_{}_{n}_{hint}", std::process::id());
        self.psql(&self.admin, &format!("CREATE DATABASE {name}"));
        format!("{}/{name}", self.base)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cluster_gives_each_caller_an_empty_database_of_its_own() {
        let Some(c) = cluster() else { return };
        let a = c.database("one");
        let b = c.database("two");
        assert_ne!(a, b);
        c.psql(&a, "CREATE TABLE t (x int); INSERT INTO t VALUES (41), (1)");
        assert_eq!(c.psql(&a, "SELECT sum(x) FROM t"), "42");
        // b is another database: no table t there
        assert_eq!(
            c.psql(&b, "SELECT count(*) FROM pg_tables WHERE tablename = 't'"),
            "0"
        );
    }
}
