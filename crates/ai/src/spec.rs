//! A strategy's spec as typed on the command line, `NAME` or `NAME:key=value,...`: its
//! parsing, a game's `level:N`, the ISMCTS settings it names, and why one is refused.

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
                why: "a level is level:1 (weakest) to the game's strongest (level:6 or level:7) and stands for a game's spec".into(),
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

    /// A number parameter (`key`, `default` when absent), refused unless finite and in
    /// `range` (`c=NaN`, `c=inf`, `c=-1`): `what` names it in the refusal.
    pub(crate) fn take_number(
        &mut self,
        key: &str,
        default: f64,
        range: std::ops::RangeInclusive<f64>,
        what: &str,
    ) -> Result<f64, SpecError> {
        let raw = self.params.get(key).cloned();
        let x: f64 = self.take(key, default)?;
        if x.is_finite() && range.contains(&x) {
            return Ok(x);
        }
        Err(self.bad(format!(
            "{key}={}: {what} is a number from {} to {}",
            raw.unwrap_or_default(),
            range.start(),
            range.end()
        )))
    }

    /// A count parameter: `None` when absent, refused unless in `range` (`width=0`).
    pub(crate) fn take_count<T>(
        &mut self,
        key: &str,
        range: std::ops::RangeInclusive<T>,
        what: &str,
    ) -> Result<Option<T>, SpecError>
    where
        T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
    {
        let Some(raw) = self.params.remove(key) else {
            return Ok(None);
        };
        match raw.parse::<T>() {
            Ok(n) if range.contains(&n) => Ok(Some(n)),
            _ => Err(self.bad(format!(
                "{key}={raw}: {what} is a whole number from {} to {}",
                range.start(),
                range.end()
            ))),
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

/// The longest time a search may be given per move (`ms=N`): a day (a deadline past the
/// clock's range would not be a deadline).
pub const MAX_MS: u64 = 24 * 3600 * 1000;
/// The largest exploration constant (`c=X`) a search takes.
pub const MAX_C: f64 = 100.0;
/// The largest weight (in points, either sign) of a heuristic's parameter (`weight=X`).
pub const MAX_WEIGHT: f64 = 1_000_000.0;

/// The ISMCTS settings of a spec (`iters`, `ms`, `cpu`, `c`, `depth`, `width`), each
/// checked: `iters` from 1, `ms` (wall clock) or `cpu` (the thread's CPU time, alone) from 1
/// to [`MAX_MS`], `c` a number from 0 to [`MAX_C`], `width`
/// from 1 (absent: no limit).
pub fn ismcts_config(spec: &mut Spec, default_depth: u32) -> Result<IsmctsConfig, SpecError> {
    let iters = spec.take_count("iters", 1..=u32::MAX, "iters (iterations per move)")?;
    let ms = spec.take_count("ms", 1..=MAX_MS, "ms (milliseconds per move)")?;
    let cpu = spec.take_count("cpu", 1..=MAX_MS, "cpu (milliseconds of CPU per move)")?;
    let budget = match (iters, ms) {
        _ if cpu.is_some() && (iters.is_some() || ms.is_some()) => {
            return Err(spec.bad("cpu=MS is a budget of its own: not with iters or ms".into()))
        }
        _ if cpu.is_some() => Budget::Cpu(Duration::from_millis(cpu.unwrap_or(1))),
        (Some(n), Some(m)) => Budget::Capped {
            iterations: n,
            time: Duration::from_millis(m),
        },
        (Some(n), None) => Budget::Iterations(n),
        (None, Some(m)) => Budget::Time(Duration::from_millis(m)),
        (None, None) => Budget::Iterations(1000),
    };
    let exploration = spec.take_number("c", 0.7, 0.0..=MAX_C, "c (exploration)")?;
    let rollout_depth = spec.take("depth", default_depth)?;
    let width = spec.take_count("width", 1..=usize::MAX, "width (moves kept per state)")?;
    Ok(IsmctsConfig {
        budget,
        exploration,
        rollout_depth,
        width,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(text: &str) -> String {
        let mut spec = Spec::parse(text).unwrap();
        match ismcts_config(&mut spec, 6) {
            Err(e) => e.to_string(),
            Ok(c) => panic!("{text} was taken: {c:?}"),
        }
    }

    #[test]
    fn non_finite_and_out_of_range_numbers_are_refused() {
        for (text, why) in [
            (
                "ismcts:c=NaN",
                "c=NaN: c (exploration) is a number from 0 to 100",
            ),
            (
                "ismcts:c=nan",
                "c=nan: c (exploration) is a number from 0 to 100",
            ),
            ("ismcts:c=inf", "c=inf: c (exploration)"),
            ("ismcts:c=-inf", "c=-inf: c (exploration)"),
            (
                "ismcts:c=-1",
                "c=-1: c (exploration) is a number from 0 to 100",
            ),
            ("ismcts:c=1e300", "c=1e300: c (exploration)"),
            ("ismcts:c=x", "c=x is not a valid value"),
            (
                "ismcts:width=0",
                "width=0: width (moves kept per state) is a whole number from 1",
            ),
            ("ismcts:width=-3", "width=-3: width"),
            (
                "ismcts:iters=0",
                "iters=0: iters (iterations per move) is a whole number from 1 to 4294967295",
            ),
            ("ismcts:iters=99999999999", "iters=99999999999: iters"),
            (
                "ismcts:ms=0",
                "ms=0: ms (milliseconds per move) is a whole number from 1 to 86400000",
            ),
            (
                "ismcts:ms=18446744073709551615",
                "ms=18446744073709551615: ms",
            ),
            ("ismcts:depth=-1", "depth=-1 is not a valid value"),
            ("ismcts:cpu=0", "cpu=0: cpu (milliseconds of CPU per move)"),
            ("ismcts:cpu=100,ms=100", "cpu=MS is a budget of its own"),
            ("ismcts:cpu=100,iters=100", "cpu=MS is a budget of its own"),
        ] {
            let e = refusal(text);
            assert!(e.contains(why), "{text}: {e:?} should say {why:?}");
        }
    }

    #[test]
    fn good_numbers_are_taken() {
        let mut spec = Spec::parse("ismcts:c=0,width=3,iters=50,ms=20,depth=0").unwrap();
        let c = ismcts_config(&mut spec, 6).unwrap();
        assert_eq!(c.exploration, 0.0);
        assert_eq!(c.width, Some(3));
        assert_eq!(c.rollout_depth, 0);
        assert_eq!(
            c.budget,
            Budget::Capped {
                iterations: 50,
                time: Duration::from_millis(20)
            }
        );
        let mut spec = Spec::parse("ismcts:cpu=100").unwrap();
        let c = ismcts_config(&mut spec, 6).unwrap();
        assert_eq!(c.budget, Budget::Cpu(Duration::from_millis(100)));
        let mut spec = Spec::parse("ismcts").unwrap();
        let c = ismcts_config(&mut spec, 6).unwrap();
        assert_eq!(
            (c.exploration, c.width, c.budget),
            (0.7, None, Budget::Iterations(1000))
        );
    }
}
