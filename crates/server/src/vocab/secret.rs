//! A seat's secret: a person's token at a table, a program's resume token. Whoever holds
//! it acts for the seat, so the store keeps only its hash ([`Secret::hash`]) and finds a
//! seat by that hash; the token itself lives only in the memory of the process that made
//! it, to be handed once to its owner.

use crate::store::secret_hash;

/// A seat's secret, as this process knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Secret {
    /// Made by this process: the token itself (handed to its owner once).
    Plain(String),
    /// Read back from the store after a restart: its hash only.
    Hashed(String),
}

impl Secret {
    /// A new random token (128 bits, in hex).
    pub fn new() -> Secret {
        Secret::Plain(format!(
            "{:016x}{:016x}",
            rand::random::<u64>(),
            rand::random::<u64>()
        ))
    }

    /// The token, if this process made it.
    pub fn plain(&self) -> Option<&str> {
        match self {
            Secret::Plain(t) => Some(t),
            Secret::Hashed(_) => None,
        }
    }

    /// What the store keeps of it.
    pub fn hash(&self) -> String {
        match self {
            Secret::Plain(t) => secret_hash(t),
            Secret::Hashed(h) => h.clone(),
        }
    }

    /// Whether `token` is this secret (an empty token never is).
    pub fn matches(&self, token: &str) -> bool {
        if token.is_empty() {
            return false;
        }
        match self {
            Secret::Plain(t) => t == token,
            Secret::Hashed(h) => *h == secret_hash(token),
        }
    }
}

impl Default for Secret {
    fn default() -> Self {
        Secret::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_matches_its_token_before_and_after_the_store() {
        let s = Secret::new();
        let token = s.plain().unwrap().to_string();
        assert_eq!(token.len(), 32);
        assert!(s.matches(&token));
        assert!(!s.matches("nope") && !s.matches(""));
        let stored = Secret::Hashed(s.hash());
        assert_ne!(s.hash(), token, "the store never sees the token");
        assert!(stored.matches(&token));
        assert!(!stored.matches(&s.hash()), "the hash is no token");
        assert_eq!(stored.plain(), None);
        assert_ne!(Secret::new(), Secret::new());
    }
}
