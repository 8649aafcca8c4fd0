//! Accounts as the host keeps them: registration and sign-in (rate-limited, the
//! password hashed off the runtime), browser sessions and bot accounts' API tokens, each
//! stored only as a hash.

use super::{
    hash_password, new_secret, secret_hash, validate_name, verify_login, AccountError, LoginLimiter,
};
use crate::store::{now_ms, Account, AccountKind, Store, StoreError};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// The refusal of a banned account's sign-in (after its right password).
pub const BANNED: &str = "account-banned";

/// A logged-in account and its session's token against cross-site requests.
#[derive(Clone, Debug)]
pub struct Session {
    /// The account.
    pub account: Account,
    /// The value the `X-Tessera-CSRF` header must carry on requests that change things.
    pub csrf: String,
}

/// A new session: the secret for the cookie (shown once) and the session.
#[derive(Clone, Debug)]
pub struct NewSession {
    /// The cookie's value.
    pub secret: String,
    /// The session.
    pub session: Session,
}

/// The accounts of a host: its store's accounts, and the sign-in limiter in memory.
#[derive(Debug)]
pub struct Accounts {
    store: Store,
    limiter: Mutex<LoginLimiter>,
    session_ttl: Duration,
    max_tokens: usize,
    /// Passwords hashed or checked at once (each takes about 19 MiB for a moment).
    hashing: std::sync::Arc<tokio::sync::Semaphore>,
    hashing_wait: Duration,
    /// Accounts made from one address in 24 hours (`Config::max_signups_per_address`).
    max_signups: u64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Accounts {
    /// The accounts of `store`, under `config`: sessions last `Config::session_ttl`, a
    /// bot account has at most `Config::arena_max_tokens` live API tokens, at most
    /// `Config::max_hashing` passwords are hashed at once.
    pub fn new(store: Store, config: &crate::vocab::config::Config) -> Accounts {
        Accounts {
            store,
            limiter: Mutex::new(LoginLimiter::new()),
            session_ttl: config.session_ttl,
            max_tokens: config.arena_max_tokens,
            hashing: std::sync::Arc::new(crate::vocab::config::permits(config.max_hashing)),
            hashing_wait: config.hashing_wait,
            max_signups: config.max_signups_per_address,
        }
    }

    /// Runs `work` (a password's hash or check) off the runtime, in one of the hashing
    /// slots: waits for one at most `hashing_wait`, else [`AccountError::Busy`] (memory
    /// stays bounded whatever the number of sign-ins; they never queue without end).
    async fn hashing<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AccountError> {
        let permit = tokio::time::timeout(self.hashing_wait, self.hashing.clone().acquire_owned())
            .await
            .map_err(|_| {
                crate::vocab::metrics::cap_hit("password_hashing");
                AccountError::Busy
            })?
            .map_err(|_| AccountError::Busy)?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| AccountError::Store(e.to_string()))
    }

    /// Registers an account and logs it in (registrations count as attempts of the
    /// address in the login limiter: hashing a password is work). At most
    /// `Config::max_signups_per_address` accounts are made from one address (an IPv4
    /// address, an IPv6 /64) in 24 hours, counted in the store (so across restarts and
    /// nodes): past it [`AccountError::TooMany`].
    pub async fn register(
        &self,
        name: &str,
        password: &str,
        kind: AccountKind,
        from: std::net::IpAddr,
    ) -> Result<NewSession, AccountError> {
        lock(&self.limiter)
            .check("", from, now_ms())
            .map_err(|l| AccountError::Limited {
                retry_after_ms: l.retry_after_ms,
            })?;
        validate_name(name)?;
        // a place of the address's day, given back if no account is made
        let address = crate::tcp::caps::address(from).to_string();
        let Some(place) = self
            .store
            .accounts()
            .claim_signup(&address, self.max_signups)
            .await?
        else {
            crate::vocab::metrics::cap_hit("signups_per_address");
            return Err(AccountError::TooMany(tessera_games::words!(
                "signups-too-many",
                most = self.max_signups
            )));
        };
        let made = self.make(name, password, kind).await;
        if made.is_err() {
            if let Err(e) = self.store.accounts().give_back_signup(place).await {
                tracing::warn!(error = %e, "could not give a sign-up's place back");
            }
        }
        let account = made?;
        tracing::info!(name = %account.name, kind = ?account.kind, "account registered");
        self.new_session(account).await
    }

    /// Makes the account `name` with `password` (hashed off the runtime).
    async fn make(
        &self,
        name: &str,
        password: &str,
        kind: AccountKind,
    ) -> Result<Account, AccountError> {
        let pw = password.to_string();
        let hash = self.hashing(move || hash_password(&pw)).await??;
        match self
            .store
            .accounts()
            .create_account(name, kind, Some(hash))
            .await
        {
            Ok(a) => Ok(a),
            Err(StoreError::NameTaken(_)) => Err(AccountError::NameTaken(name.to_string())),
            Err(e) => Err(e.into()),
        }
    }

    /// Logs in (rate-limited per name and per address; the same error for an unknown
    /// name and a wrong password).
    pub async fn login(
        &self,
        name: &str,
        password: &str,
        from: std::net::IpAddr,
    ) -> Result<NewSession, AccountError> {
        let now = now_ms();
        lock(&self.limiter)
            .check(name, from, now)
            .map_err(|l| AccountError::Limited {
                retry_after_ms: l.retry_after_ms,
            })?;
        let found = self.store.accounts().account_by_name(name).await?;
        // as long for an unknown name as for a wrong password: no timing tells a name exists
        let hash = found.as_ref().and_then(|(_, h)| h.clone());
        let pw = password.to_string();
        let ok = self
            .hashing(move || verify_login(&pw, hash.as_deref()))
            .await?;
        let Some((account, _)) = found.filter(|_| ok) else {
            lock(&self.limiter).failed(name, from, now_ms());
            return Err(AccountError::WrongLogin);
        };
        lock(&self.limiter).succeeded(name, from, now_ms());
        // the right password of a banned account: told so, no session
        if self.store.admin().ban_of(account.id).await?.is_some() {
            return Err(AccountError::Forbidden(tessera_games::Msg::new(BANNED)));
        }
        self.new_session(account).await
    }

    async fn new_session(&self, account: Account) -> Result<NewSession, AccountError> {
        // expired sessions leave the store as new ones come
        if let Err(e) = self.store.accounts().purge_sessions(now_ms()).await {
            tracing::warn!(error = %e, "could not purge expired sessions");
        }
        let secret = new_secret("tss_");
        let csrf = new_secret("csrf_");
        let expires = now_ms() + self.session_ttl.as_millis() as i64;
        self.store
            .accounts()
            .add_session(&secret_hash(&secret), account.id, &csrf, expires)
            .await?;
        Ok(NewSession {
            secret,
            session: Session { account, csrf },
        })
    }

    /// The session of a cookie's secret, if it is live.
    pub async fn session(&self, secret: &str) -> Option<Session> {
        let (account, csrf) = self
            .store
            .accounts()
            .session(&secret_hash(secret), now_ms())
            .await
            .ok()??;
        Some(Session { account, csrf })
    }

    /// Ends a session.
    pub async fn logout(&self, secret: &str) -> Result<(), AccountError> {
        Ok(self
            .store
            .accounts()
            .drop_session(&secret_hash(secret))
            .await?)
    }

    /// A new API token for a bot account: its id and the token (shown once).
    pub async fn new_token(
        &self,
        who: &Account,
        label: &str,
    ) -> Result<(u64, String), AccountError> {
        if who.kind != AccountKind::Bot {
            return Err(AccountError::Forbidden(tessera_games::words!(
                "tokens-bots-only"
            )));
        }
        let label: String = label.trim().chars().take(60).collect();
        if self
            .store
            .accounts()
            .tokens(who.id)
            .await?
            .iter()
            .filter(|t| t.revoked.is_none())
            .count()
            >= self.max_tokens
        {
            crate::vocab::metrics::cap_hit("api_tokens");
            return Err(AccountError::TooMany(tessera_games::words!(
                "tokens-too-many",
                max = self.max_tokens
            )));
        }
        let token = new_secret("tsr_");
        let info = self
            .store
            .accounts()
            .add_token(who.id, &secret_hash(&token), &label)
            .await?;
        Ok((info.id, token))
    }

    /// The account of an API token (not revoked).
    pub async fn token_account(&self, token: &str) -> Result<Option<Account>, AccountError> {
        Ok(self
            .store
            .accounts()
            .token_account(&secret_hash(token))
            .await?)
    }
}
