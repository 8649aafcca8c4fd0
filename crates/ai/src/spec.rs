//! A strategy's spec as typed on the command line, `NAME` or `NAME:key=value,...`: its
//! parsing, a game's `level:N`, the ISMCTS settings it names, and why one is refused.

use crate::levels::LEVELS;
use crate::settings::{Budget, IsmctsConfig};
use std::collections::BTreeMap;
use std::time::Duration;

/// Why a strategy name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No such strategy for the game.
    #[error("unknown strategy {name:?} for {game}; known: {known}")]
    Unknown {
        /// The name given.
        name: String,
        /// The game.
        game: &'static str,
        /// The names that exist.
        known: String,
    },
    /// A parameter is not `key=value` or has a bad value.
    #[error("strategy {spec:?}: {why}")]
    Parameter {
        /// The whole spec.
        spec: String,
        /// What is wrong.
        why: String,
    },
}

/// The spec a `level:N` stands for in `table`, `Ok(None)` when `text` is not a level, and an
/// error naming the valid range when it is a level out of range or not a number.
pub fn level(text: &str, table: &[&'static str]) -> Result<Option<&'static str>, SpecError> {
    let text = text.trim();
    let (name, rest) = text.split_once(':').unwrap_or((text, ""));
    if name.trim() != "level" {
        return Ok(None);
    }
    let bad = || SpecError::Parameter {
        spec: text.into(),
        why: format!(
            "a level is level:1 (weakest) to level:{} (strongest)",
            table.len()
        ),
    };
    let n: usize = rest.trim().parse().map_err(|_| bad())?;
    match n.checked_sub(1).and_then(|i| table.get(i)) {
        Some(spec) => Ok(Some(spec)),
        None => Err(bad()),
    }
}

/// A parsed `name:key=value,...` spec.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The strategy name.
    pub name: String,
    /// Its parameters.
    pub params: BTreeMap<String, String>,
    text: String,
}

impl Spec {
    /// Parses a spec.
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        let text = text.trim();
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(SpecError::Parameter {
                spec: text.into(),
                why: "a strategy name is letters and digits".into(),
            });
        }
        if name == "level" {
            // a level names a whole spec of a game's table: the game's function resolves it
            return Err(SpecError::Parameter {
                spec: text.into(),
                why: format!("a level is level:1 (weakest) to level:{LEVELS} (strongest) and stands for a game's spec"),
            });
        }
        let mut params = BTreeMap::new();
        for kv in rest.split(',').filter(|s| !s.is_empty()) {
            let (k, v) = kv.split_once('=').ok_or_else(|| SpecError::Parameter {
                spec: text.into(),
                why: format!("{kv:?} is not key=value"),
            })?;
            params.insert(k.trim().to_string(), v.trim().to_string());
        }
        Ok(Spec {
            name: name.to_string(),
            params,
            text: text.to_string(),
        })
    }

    pub(crate) fn take<T: std::str::FromStr>(
        &mut self,
        key: &str,
        default: T,
    ) -> Result<T, SpecError> {
        match self.params.remove(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| SpecError::Parameter {
                spec: self.text.clone(),
                why: format!("{key}={v} is not a valid value"),
            }),
        }
    }

    pub(crate) fn bad(&self, why: String) -> SpecError {
        SpecError::Parameter {
            spec: self.text.clone(),
            why,
        }
    }

    pub(crate) fn done(&self) -> Result<(), SpecError> {
        match self.params.keys().next() {
            None => Ok(()),
            Some(k) => Err(SpecError::Parameter {
                spec: self.text.clone(),
                why: format!("unknown parameter {k:?}"),
            }),
        }
    }
}

/// The ISMCTS settings of a spec (`iters`, `ms`, `c`, `depth`).
pub fn ismcts_config(spec: &mut Spec, default_depth: u32) -> Result<IsmctsConfig, SpecError> {
    let iters: u32 = spec.take("iters", 0)?;
    let iters = (iters > 0).then_some(iters);
    let ms: u64 = spec.take("ms", 0)?;
    let budget = match (iters, ms) {
        (Some(n), m) if m > 0 => Budget::Capped {
            iterations: n,
            time: Duration::from_millis(m),
        },
        (Some(n), _) => Budget::Iterations(n),
        (None, m) if m > 0 => Budget::Time(Duration::from_millis(m)),
        _ => Budget::Iterations(1000),
    };
    let exploration = spec.take("c", 0.7)?;
    let rollout_depth = spec.take("depth", default_depth)?;
    let width: usize = spec.take("width", 0)?;
    Ok(IsmctsConfig {
        budget,
        exploration,
        rollout_depth,
        width: (width > 0).then_some(width),
    })
}

/// The ISMCTS settings of `text` when it is an `ismcts` spec that parses (`default_depth`
/// when it names no `depth`), `None` for any other bot.
pub fn ismcts_settings(text: &str, default_depth: u32) -> Option<IsmctsConfig> {
    let mut spec = Spec::parse(text).ok()?;
    if spec.name != "ismcts" {
        return None;
    }
    ismcts_config(&mut spec, default_depth).ok()
}
