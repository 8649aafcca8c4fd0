//! The Arena's security primitives: passwords (Argon2id), names, secrets (API tokens and
//! sessions, stored only as their SHA-256) and a limiter of sign-in attempts.
//!
//! The store keeps the rows ([`crate::store::Account`] and the rest); this module decides
//! what may go into them.

mod service;

pub use service::{Accounts, NewSession, Session, BANNED};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::rngs::OsRng;
use rand::RngCore;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use tessera_games::Msg;

/// Why an account operation was refused; the messages are the ones users see.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    /// The name is unknown or the password wrong: one message for both, so that the
    /// answer does not tell which names exist.
    #[error("{}", tessera_words::Words::words(self))]
    WrongLogin,
    /// The name breaks the rules of [`validate_name`].
    #[error("{}", tessera_words::Words::words(self))]
    BadName(tessera_games::Msg),
    /// The password breaks the rules of [`validate_password`].
    #[error("{}", tessera_words::Words::words(self))]
    BadPassword,
    /// Too many attempts: try again later.
    #[error("{}", tessera_words::Words::words(self))]
    Limited {
        /// Milliseconds until an attempt may be made again.
        retry_after_ms: u64,
    },
    /// Hashing failed (it does not, with valid parameters).
    #[error("{}", tessera_words::Words::words(self))]
    Hash(String),
    /// The name belongs to another account.
    #[error("{}", tessera_words::Words::words(self))]
    NameTaken(String),
    /// Not this account's to do.
    #[error("{}", tessera_words::Words::words(self))]
    Forbidden(tessera_games::Msg),
    /// A cap is reached.
    #[error("{}", tessera_words::Words::words(self))]
    TooMany(tessera_games::Msg),
    /// Every password-hashing slot is taken: try again in a moment.
    #[error("{}", tessera_words::Words::words(self))]
    Busy,
    /// The store failed.
    #[error("{}", tessera_words::Words::words(self))]
    Store(String),
}

impl tessera_words::Words for AccountError {
    fn words(&self) -> tessera_games::Msg {
        use tessera_games::words;
        match self {
            AccountError::WrongLogin => words!("wrong-login"),
            AccountError::BadName(why) => words!("bad-account-name", why = why.clone()),
            AccountError::BadPassword => {
                words!("bad-password", min = MIN_PASSWORD, max = MAX_PASSWORD)
            }
            AccountError::Limited { retry_after_ms } => {
                words!("too-many-attempts", seconds = retry_after_ms.div_ceil(1000))
            }
            AccountError::Hash(why) => words!("hash-failed", why = why.as_str()),
            AccountError::NameTaken(name) => words!("name-taken", name = name.as_str()),
            AccountError::Forbidden(m) | AccountError::TooMany(m) => m.clone(),
            AccountError::Busy => Msg::new("busy-passwords"),
            AccountError::Store(why) => words!("store-failed", why = why.as_str()),
        }
    }
}

impl From<crate::store::StoreError> for AccountError {
    fn from(e: crate::store::StoreError) -> Self {
        match e {
            crate::store::StoreError::NameTaken(n) => AccountError::NameTaken(n),
            crate::store::StoreError::LooksLike { account, .. } => AccountError::BadName(
                tessera_games::words!("account-name-looks-like", account = account.as_str()),
            ),
            e => AccountError::Store(e.to_string()),
        }
    }
}

/// The fewest characters of a password.
pub const MIN_PASSWORD: usize = 8;
/// The most characters of a password (hashing a longer one would cost for nothing).
pub const MAX_PASSWORD: usize = 128;

/// Whether a password may be set: [`MIN_PASSWORD`] to [`MAX_PASSWORD`] characters.
pub fn validate_password(pw: &str) -> Result<(), AccountError> {
    let n = pw.chars().count();
    if (MIN_PASSWORD..=MAX_PASSWORD).contains(&n) {
        Ok(())
    } else {
        Err(AccountError::BadPassword)
    }
}

/// Hashes a password with Argon2id (the crate's default parameters, a random salt from
/// the OS) into a PHC string (`$argon2id$v=19$...`), which carries its parameters and
/// salt. Refuses a password [`validate_password`] refuses.
pub fn hash_password(pw: &str) -> Result<String, AccountError> {
    validate_password(pw)?;
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(pw.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AccountError::Hash(e.to_string()))
}

/// Whether `pw` is the password of `hash` (a PHC string of [`hash_password`]); false for
/// a hash that is not one, and for a password too long to have been set.
pub fn verify_password(pw: &str, hash: &str) -> bool {
    if pw.chars().count() > MAX_PASSWORD {
        return false;
    }
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    Argon2::default()
        .verify_password(pw.as_bytes(), &parsed)
        .is_ok()
}

/// Whether `pw` signs in to an account whose stored hash is `hash`, taking as long when
/// there is no account (`None`: a check against a hash of a random password, made once)
/// or no password (a bot), so that the time of the answer does not tell which names
/// exist either. Answer [`AccountError::WrongLogin`] whenever it is false.
pub fn verify_login(pw: &str, hash: Option<&str>) -> bool {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    match hash {
        Some(h) => verify_password(pw, h),
        None => {
            let dummy = DUMMY
                .get_or_init(|| hash_password(&new_secret("")).unwrap_or_else(|_| String::new()));
            let _ = verify_password(pw, dummy);
            false
        }
    }
}

/// The shortest account name.
pub const MIN_NAME: usize = 2;
/// The longest account name.
pub const MAX_NAME: usize = 20;

/// Names no account may take (compared without regard to case); every name starting
/// with `level` is reserved too (the house's players are `level1`, `level2`, ...).
pub const RESERVED_NAMES: &[&str] = &["house", "guest", "admin"];

/// Whether an account may be called `name`: [`MIN_NAME`] to [`MAX_NAME`] ASCII letters or
/// digits, starting with a letter; not one of [`RESERVED_NAMES`] and not starting with
/// `level` (without regard to case). Every such name is a valid player name on the wire
/// ([`tessera_core::is_valid_name`]: 1 to 20 letters or digits), so a bot account's name
/// is the name its program plays under, in either protocol.
pub fn validate_name(name: &str) -> Result<(), AccountError> {
    let bad = |why: tessera_games::Msg| Err(AccountError::BadName(why));
    if !(MIN_NAME..=MAX_NAME).contains(&name.len())
        || !name.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return bad(tessera_games::words!(
            "account-name-letters",
            min = MIN_NAME,
            max = MAX_NAME
        ));
    }
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return bad(tessera_games::words!("account-name-letter-first"));
    }
    let key = name.to_ascii_lowercase();
    if RESERVED_NAMES.contains(&key.as_str()) || key.starts_with("level") {
        return bad(tessera_games::words!("account-name-reserved"));
    }
    debug_assert!(tessera_core::is_valid_name(name));
    Ok(())
}

/// A new secret: `prefix` then 32 random bytes from the OS as 64 lowercase hex digits
/// (URL-safe). `tsr_` for API tokens, say.
pub fn new_secret(prefix: &str) -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    format!("{prefix}{}", hex(&bytes))
}

/// What is stored of a secret: its SHA-256, in lowercase hex (the store's, written once).
pub use crate::store::secret_hash;

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(2 * bytes.len()), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Failed sign-ins allowed per name from one address within [`NAME_WINDOW_MS`]; one
/// more from that address is refused until the oldest of them is that old.
pub const NAME_FAILURES: usize = 5;
/// The window of [`NAME_FAILURES`]: 5 minutes.
pub const NAME_WINDOW_MS: i64 = 5 * 60 * 1000;
/// Failed sign-ins allowed per name from every address together within
/// [`NAME_ALL_WINDOW_MS`]; past them, the name may be tried only from the addresses it
/// has signed in from before (its known addresses): many addresses guessing one
/// password are stopped, and its owner still signs in from home.
pub const NAME_ALL_FAILURES: usize = 50;
/// The window of [`NAME_ALL_FAILURES`]: 1 hour.
pub const NAME_ALL_WINDOW_MS: i64 = 60 * 60 * 1000;
/// Sign-in attempts (failed or not) allowed per IP address within [`IP_WINDOW_MS`] (one
/// address trying many names).
pub const IP_ATTEMPTS: usize = 20;
/// The window of [`IP_ATTEMPTS`]: 1 minute.
pub const IP_WINDOW_MS: i64 = 60 * 1000;
/// How long an address stays known for a name after it signed in as it: 30 days.
pub const KNOWN_MS: i64 = 30 * 24 * 3600 * 1000;
/// The most keys of each kind the limiter remembers (names, addresses, pairs of them,
/// known addresses): past that the least recently seen goes (memory stays bounded
/// whatever an attacker sends).
pub const MAX_KEYS: usize = 10_000;

/// A refused attempt: when one may be made again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limited {
    /// Milliseconds until then.
    pub retry_after_ms: u64,
}

impl From<Limited> for AccountError {
    fn from(l: Limited) -> Self {
        AccountError::Limited {
            retry_after_ms: l.retry_after_ms,
        }
    }
}

/// Limits sign-in attempts, in memory, so that nobody can lock an account out by failing
/// its password from elsewhere:
///
/// * [`NAME_FAILURES`] failures per name *and address* per [`NAME_WINDOW_MS`]: one
///   address guessing one name is slowed to a crawl, the same name from another
///   address is not;
/// * [`IP_ATTEMPTS`] attempts per address per [`IP_WINDOW_MS`]: one address trying
///   many names;
/// * [`NAME_ALL_FAILURES`] failures per name from every address per
///   [`NAME_ALL_WINDOW_MS`], past which only the name's known addresses (where it
///   signed in within [`KNOWN_MS`]) may try it: many addresses guessing one password.
///
/// An IPv6 address counts as its /64 network. Pure: the time is passed in. Use:
/// [`LoginLimiter::check`] before each attempt (it counts the attempt of the address),
/// then [`LoginLimiter::failed`] or [`LoginLimiter::succeeded`].
#[derive(Debug)]
pub struct LoginLimiter {
    pairs: Windows<(String, IpAddr)>,
    names: Windows<String>,
    ips: Windows<IpAddr>,
    known: Windows<(String, IpAddr)>,
}

impl Default for LoginLimiter {
    fn default() -> Self {
        LoginLimiter::new()
    }
}

fn keys(name: &str, ip: IpAddr) -> (String, IpAddr) {
    (name.to_lowercase(), tessera_tcp::caps::address(ip))
}

impl LoginLimiter {
    /// A limiter that has seen nothing.
    pub fn new() -> Self {
        LoginLimiter {
            pairs: Windows::new(NAME_FAILURES, NAME_WINDOW_MS),
            names: Windows::new(NAME_ALL_FAILURES, NAME_ALL_WINDOW_MS),
            ips: Windows::new(IP_ATTEMPTS, IP_WINDOW_MS),
            known: Windows::new(1, KNOWN_MS),
        }
    }

    /// Whether an attempt to sign in as `name` from `ip` may be made at `now_ms`; if so
    /// it counts as one of the address's attempts.
    pub fn check(&mut self, name: &str, ip: IpAddr, now_ms: i64) -> Result<(), Limited> {
        let (name, ip) = keys(name, ip);
        let pair = (name.clone(), ip);
        let known = self.known.wait(&pair, now_ms).is_some();
        let wait = [
            self.pairs.wait(&pair, now_ms),
            self.ips.wait(&ip, now_ms),
            if known {
                None
            } else {
                self.names.wait(&name, now_ms)
            },
        ]
        .into_iter()
        .flatten()
        .max();
        if let Some(retry_after_ms) = wait {
            return Err(Limited { retry_after_ms });
        }
        self.ips.add(ip, now_ms);
        Ok(())
    }

    /// The attempt failed (wrong name or password): it counts against the name, from
    /// this address and in all.
    pub fn failed(&mut self, name: &str, ip: IpAddr, now_ms: i64) {
        let (name, ip) = keys(name, ip);
        self.pairs.add((name.clone(), ip), now_ms);
        self.names.add(name, now_ms);
    }

    /// The attempt succeeded: the name's failures from this address are forgotten, and
    /// the address is known for the name.
    pub fn succeeded(&mut self, name: &str, ip: IpAddr, now_ms: i64) {
        let pair = keys(name, ip);
        self.pairs.clear(&pair);
        self.known.add(pair, now_ms);
    }

    /// How many names (failed from anywhere) and addresses it remembers (at most
    /// [`MAX_KEYS`] each).
    pub fn remembered(&self) -> (usize, usize) {
        (self.names.len(), self.ips.len())
    }
}

/// Times (ms) within a window, oldest first, for up to [`MAX_KEYS`] keys.
#[derive(Debug)]
struct Windows<K> {
    limit: usize,
    window: i64,
    map: HashMap<K, (VecDeque<i64>, i64)>,
}

impl<K: std::hash::Hash + Eq + Clone> Windows<K> {
    fn new(limit: usize, window: i64) -> Self {
        Windows {
            limit,
            window,
            map: HashMap::new(),
        }
    }

    /// How long until `key` may have one more, or `None` if now.
    fn wait(&mut self, key: &K, now: i64) -> Option<u64> {
        let (times, _) = self.map.get_mut(key)?;
        while times.front().is_some_and(|&t| t <= now - self.window) {
            times.pop_front();
        }
        if times.is_empty() {
            self.map.remove(key);
            return None;
        }
        (times.len() >= self.limit).then(|| (times[0] + self.window - now).max(1) as u64)
    }

    /// Counts one for `key` (keeping at most `limit`: older ones no longer matter).
    fn add(&mut self, key: K, now: i64) {
        if !self.map.contains_key(&key) && self.map.len() >= MAX_KEYS {
            self.make_room(now);
        }
        let (times, seen) = self.map.entry(key).or_default();
        times.push_back(now);
        while times.len() > self.limit {
            times.pop_front();
        }
        *seen = now;
    }

    /// Drops the expired entries; if none was, the least recently seen one.
    fn make_room(&mut self, now: i64) {
        let window = self.window;
        self.map
            .retain(|_, (times, _)| times.back().is_some_and(|&t| t > now - window));
        if self.map.len() >= MAX_KEYS {
            if let Some(oldest) = self
                .map
                .iter()
                .min_by_key(|(_, (_, seen))| *seen)
                .map(|(k, _)| k.clone())
            {
                self.map.remove(&oldest);
            }
        }
    }

    fn clear(&mut self, key: &K) {
        self.map.remove(key);
    }

    fn len(&self) -> usize {
        self.map.len()
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn ip(n: u32) -> IpAddr {
        IpAddr::V4(Ipv4Addr::from(n))
    }

    #[test]
    fn a_password_verifies_against_its_own_hash_only() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("correct horsf", &h));
        assert!(!verify_password("correct horse", "not a hash"));
        // a random salt: the same password hashes differently
        assert_ne!(h, hash_password("correct horse").unwrap());
    }

    #[test]
    fn a_login_without_a_hash_fails_after_the_same_work() {
        let h = hash_password("password1").unwrap();
        assert!(verify_login("password1", Some(&h)));
        assert!(!verify_login("password2", Some(&h)));
        assert!(!verify_login("password1", None));
        // the work is done: as long as a real check, give or take (debug build, shared
        // machine: only an order of magnitude)
        let t = std::time::Instant::now();
        verify_login("password1", None);
        let none = t.elapsed();
        let t = std::time::Instant::now();
        verify_login("password1", Some(&h));
        let some = t.elapsed();
        assert!(none * 10 > some, "{none:?} vs {some:?}");
    }

    #[test]
    fn passwords_have_8_to_128_characters() {
        assert_eq!(hash_password("1234567"), Err(AccountError::BadPassword));
        assert!(validate_password("12345678").is_ok());
        assert!(validate_password(&"é".repeat(128)).is_ok());
        assert_eq!(
            validate_password(&"x".repeat(129)),
            Err(AccountError::BadPassword)
        );
        let h = hash_password(&"x".repeat(128)).unwrap();
        assert!(verify_password(&"x".repeat(128), &h));
        assert!(!verify_password(&"x".repeat(129), &h));
    }

    #[test]
    fn the_wrong_login_message_tells_nothing() {
        assert_eq!(
            AccountError::WrongLogin.to_string(),
            "wrong name or password"
        );
    }

    #[test]
    fn names_follow_the_rules() {
        for ok in [
            "ab",
            "Ann",
            "ab9c",
            "Zed2",
            &"a".repeat(20),
            "lev",
            "Houses",
        ] {
            assert_eq!(validate_name(ok), Ok(()), "{ok}");
        }
        for bad in [
            "a",
            &"a".repeat(21),
            "a_b",
            "a-b",
            "9lives",
            "_ann",
            "-ann",
            "an n",
            "ann!",
            "anné",
            "house",
            "HOUSE",
            "Guest",
            "admin",
            "level",
            "Level3",
            "levelheaded",
            "",
        ] {
            assert!(
                matches!(validate_name(bad), Err(AccountError::BadName(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn secrets_are_random_and_stored_as_sha256() {
        let a = new_secret("tsr_");
        let b = new_secret("tsr_");
        assert_ne!(a, b);
        assert!(a.starts_with("tsr_"));
        assert_eq!(a.len(), 4 + 64);
        assert!(a[4..].bytes().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(
            secret_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(secret_hash(&a), secret_hash(&b));
    }

    #[test]
    fn five_failures_per_name_and_address_in_five_minutes() {
        let mut l = LoginLimiter::new();
        let t = 1_000_000;
        for i in 0..NAME_FAILURES as i64 {
            l.check("Ann", ip(1), t + i).unwrap();
            l.failed("Ann", ip(1), t + i);
        }
        let e = l.check("ANN", ip(1), t + 10).unwrap_err();
        assert_eq!(e.retry_after_ms, (NAME_WINDOW_MS - 10) as u64);
        // the name from another address, and other names, are not affected
        l.check("ann", ip(2), t + 10).unwrap();
        l.check("bob", ip(1), t + 10).unwrap();
        // once the first failure is 5 minutes old, one more attempt
        assert!(l.check("ann", ip(1), t + NAME_WINDOW_MS - 1).is_err());
        l.check("ann", ip(1), t + NAME_WINDOW_MS).unwrap();
        // a success forgets the failures
        for i in 0..NAME_FAILURES as i64 {
            l.failed("Ann", ip(1), t + NAME_WINDOW_MS + i);
        }
        assert!(l.check("ann", ip(1), t + NAME_WINDOW_MS + 10).is_err());
        l.succeeded("aNN", ip(1), t + NAME_WINDOW_MS + 10);
        l.check("ann", ip(1), t + NAME_WINDOW_MS + 11).unwrap();
    }

    /// The probe of "Open to the internet": 5 wrong passwords for alice from one
    /// address kept alice out from every address for 5 minutes.
    #[test]
    fn nobody_locks_an_account_out_from_elsewhere() {
        let mut l = LoginLimiter::new();
        let t = 1_000_000;
        // alice signed in from home once
        l.check("alice", ip(7), t).unwrap();
        l.succeeded("alice", ip(7), t);
        // an attacker fails her password from many addresses, as often as they may
        let mut n = 0;
        for a in 100..200u32 {
            for _ in 0..NAME_FAILURES {
                let at = t + 1 + n;
                if l.check("alice", ip(a), at).is_ok() {
                    l.failed("alice", ip(a), at);
                }
                n += 1;
            }
        }
        // from home she still signs in; a new address waits for the hour to pass
        l.check("alice", ip(7), t + 1 + n).unwrap();
        let e = l.check("alice", ip(8), t + 1 + n).unwrap_err();
        assert!(e.retry_after_ms <= NAME_ALL_WINDOW_MS as u64);
        // a few failures from everywhere together do not close the name to new addresses
        let mut m = LoginLimiter::new();
        for a in 0..(NAME_ALL_FAILURES as u32 - 1) {
            m.check("bob", ip(a), t).unwrap();
            m.failed("bob", ip(a), t);
        }
        m.check("bob", ip(999), t).unwrap();
        // an IPv6 host counts as its /64
        let v6 = |s: &str| s.parse::<IpAddr>().unwrap();
        for i in 0..NAME_FAILURES {
            let a = v6(&format!("2001:db8::{i:x}"));
            m.check("carol", a, t).unwrap();
            m.failed("carol", a, t);
        }
        assert!(m.check("carol", v6("2001:db8::ffff"), t).is_err());
        m.check("carol", v6("2001:db8:0:1::1"), t).unwrap();
    }

    #[test]
    fn twenty_attempts_per_address_per_minute() {
        let mut l = LoginLimiter::new();
        let t = 5_000;
        for i in 0..IP_ATTEMPTS as i64 {
            l.check(&format!("n{i}"), ip(1), t + i).unwrap();
        }
        let e = l.check("other", ip(1), t + 100).unwrap_err();
        assert_eq!(e.retry_after_ms, (IP_WINDOW_MS - 100) as u64);
        l.check("other", ip(2), t + 100).unwrap();
        l.check("other", ip(1), t + IP_WINDOW_MS).unwrap();
        let e: AccountError = Limited {
            retry_after_ms: 1500,
        }
        .into();
        assert_eq!(e.to_string(), "too many attempts: try again in 2 s");
    }

    #[test]
    fn memory_is_bounded_and_the_least_recent_go_first() {
        let mut l = LoginLimiter::new();
        for _ in 0..NAME_ALL_FAILURES {
            l.failed("victim", ip(0), 0);
        }
        assert!(l.check("victim", ip(1), 1).is_err());
        // all within one window: nothing expires, so the cap must evict
        for i in 1..=MAX_KEYS as u32 {
            l.check(&format!("n{i}"), ip(i), i as i64).unwrap();
            l.failed(&format!("n{i}"), ip(i), i as i64);
        }
        assert_eq!(l.remembered(), (MAX_KEYS, MAX_KEYS));
        // the least recently seen name went first: its failures are forgotten
        let t = MAX_KEYS as i64 + 1;
        l.check("victim", ip(1), t).unwrap();
        // a recent one is still limited
        for _ in 0..NAME_ALL_FAILURES {
            l.failed("n10000", ip(7), t);
        }
        assert!(l.check("n10000", ip(8), t).is_err());
        assert_eq!(l.remembered(), (MAX_KEYS, MAX_KEYS));
        // past the windows, expired entries go before anything else
        let later = t + NAME_ALL_WINDOW_MS + 1;
        l.check("fresh", ip(u32::MAX), later).unwrap();
        l.failed("fresh", ip(u32::MAX), later);
        assert_eq!(l.remembered(), (1, 1));
    }
}
