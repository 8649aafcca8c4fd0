//! Strategies by name, with parameters, as typed on the command line:
//! `NAME` or `NAME:key=value,key=value`.
//!
//! | name | games | parameters |
//! |---|---|---|
//! | `random` | all | |
//! | `dag`, `ldasg` | q | the reference's strategies |
//! | `architect` | akropolis | the solo Architect's rule |
//! | `districts` | akropolis | `district=X` (points per value point of districts without a plaza yet), `star=X`, `stone=X` |
//! | `lines` | q | `budget=N` (nodes of the search over multi-tile lines) |
//! | `greedy` | all | |
//! | `ismcts` | all | `iters=N` or `ms=N` (budget per move; both: `iters` iterations but at most `ms` milliseconds), `c=X` (exploration), `depth=N` (rollout moves), `width=K` (only the K most promising moves of each state, best first; Triominos ranks placements by score and keeps drawing) |
//! | `drawer` | triominos | `below=N` (draw while the best placement is worth less), `max=N` (draws a turn), `keep=N` (tiles left in the pile) |
//! | `blocker` | triominos | `weight=X` (points per bonus spot opened for the next player) |
//! | `flexible` | triominos | `weight=X` (points per distinct number kept on the tray) |
//! | `level:N` | all | `N` from 1 (weakest) to [`LEVELS`] (strongest): the spec of row `N` of the game's table ([`TRIOMINOS_LEVELS`], [`Q_LEVELS`], [`AKROPOLIS_LEVELS`]) |

use crate::triominos::{Drawing, Heuristic, Placing};
use crate::{Budget, Ismcts, IsmctsConfig};
use std::collections::BTreeMap;
use std::time::Duration;
use tessera_core::Strategy;
use tessera_triominos::TriominosGame;

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

/// How many levels each game has: `level:1` (weakest) to `level:LEVELS` (strongest).
pub const LEVELS: usize = 6;

/// The Triominos levels, `level:1` first: each a fixed strategy and budget. The order follows
/// docs/strategies.md (random loses to greedy, ISMCTS at 1,000 iterations beats greedy 73.9%,
/// more iterations search deeper); the round robin of the levels is to confirm it.
pub const TRIOMINOS_LEVELS: [&str; LEVELS] = [
    "random",
    "greedy",
    "ismcts:iters=100",
    "ismcts:iters=300",
    "ismcts:iters=1000",
    "ismcts:iters=3000",
];

/// The Q levels, `level:1` first. The reference's `dag` (the smallest candidate) and `ldasg`
/// (the most neighbours), then `greedy` (the best of the single placements and of their
/// turns), then the line search with 20 nodes and with its default 20,000 (`lines` beats
/// greedy 96.0%; in a first round robin of 100 games a pair, `lines:budget=20` beat greedy
/// 95% and lost to `lines` 60% [50%, 69%], while 1,000 nodes played as well as `lines`; `dag`
/// and `ldasg` were not told apart there; 2,000 games of the two alone: `dag` won 58.8%
/// [56.6%, 60.9%], so `ldasg` is level 2 and `dag` level 3). ISMCTS is left out: in Q it
/// lost to `ldasg` and is slow. The round robin: docs/strategies.md, Levels.
pub const Q_LEVELS: [&str; LEVELS] = [
    "random",
    "ldasg",
    "dag",
    "greedy",
    "lines:budget=20",
    "lines",
];

/// The Akropolis levels, `level:1` first: `districts` beats greedy 63.6%, ISMCTS at 200
/// iterations beats greedy 91.8% and `districts` itself in a short check. To be confirmed by
/// the round robin.
pub const AKROPOLIS_LEVELS: [&str; LEVELS] = [
    "random",
    "greedy",
    "districts",
    "ismcts:iters=50",
    "ismcts:iters=200",
    "ismcts:iters=800",
];

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

    fn take<T: std::str::FromStr>(&mut self, key: &str, default: T) -> Result<T, SpecError> {
        match self.params.remove(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| SpecError::Parameter {
                spec: self.text.clone(),
                why: format!("{key}={v} is not a valid value"),
            }),
        }
    }

    fn done(&self) -> Result<(), SpecError> {
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

/// A Triominos strategy by spec.
pub fn triominos(text: &str) -> Result<Box<dyn Strategy<TriominosGame>>, SpecError> {
    if let Some(spec) = level(text, &TRIOMINOS_LEVELS)? {
        return triominos(spec);
    }
    let mut spec = Spec::parse(text)?;
    let bot: Box<dyn Strategy<TriominosGame>> = match spec.name.as_str() {
        "random" => Box::new(tessera_core::RandomStrategy),
        "greedy" => Box::new(tessera_triominos::strategy::Greedy::default()),
        "ismcts" => Box::new(Ismcts::new(
            ismcts_config(&mut spec, <TriominosGame as crate::Evaluate>::ROLLOUT_DEPTH)?,
            text,
        )),
        "drawer" => {
            let below = spec.take("below", 10)?;
            let max = spec.take("max", 1)?;
            let keep_pile = spec.take("keep", 4)?;
            Box::new(Heuristic::new(
                Placing::Greedy,
                Drawing::Below {
                    below,
                    max,
                    keep_pile,
                },
                text,
            ))
        }
        "blocker" => {
            let weight = spec.take("weight", 20.0)?;
            Box::new(Heuristic::new(
                Placing::Block { weight },
                Drawing::Never,
                text,
            ))
        }
        "flexible" => {
            let weight = spec.take("weight", 2.0)?;
            Box::new(Heuristic::new(
                Placing::Flexible { weight },
                Drawing::Never,
                text,
            ))
        }
        other => {
            return Err(SpecError::Unknown {
                name: other.into(),
                game: "triominos",
                known: TRIOMINOS_NAMES.join(", "),
            })
        }
    };
    spec.done()?;
    Ok(bot)
}

/// A Q strategy by spec: random, greedy, dag, ldasg, ismcts.
pub fn q(text: &str) -> Result<Box<dyn Strategy<tessera_q::QGame>>, SpecError> {
    if let Some(spec) = level(text, &Q_LEVELS)? {
        return q(spec);
    }
    let mut spec = Spec::parse(text)?;
    let bot: Box<dyn Strategy<tessera_q::QGame>> = match spec.name.as_str() {
        "random" => Box::new(tessera_core::RandomStrategy),
        "greedy" => Box::new(crate::q::QGreedy),
        "dag" => Box::new(crate::q::Reference(tessera_q::StrategyKind::Dag)),
        "ldasg" => Box::new(crate::q::Reference(tessera_q::StrategyKind::Ldasg)),
        "lines" => Box::new(crate::q::Lines {
            budget: spec.take("budget", 20_000)?,
        }),
        "ismcts" => Box::new(Ismcts::new(
            ismcts_config(
                &mut spec,
                <tessera_q::QGame as crate::Evaluate>::ROLLOUT_DEPTH,
            )?,
            text,
        )),
        other => {
            return Err(SpecError::Unknown {
                name: other.into(),
                game: "q",
                known: Q_NAMES.join(", "),
            })
        }
    };
    spec.done()?;
    Ok(bot)
}

/// An Akropolis strategy by spec: random, greedy, architect, districts, ismcts.
pub fn akropolis(text: &str) -> Result<Box<dyn Strategy<tessera_akropolis::Akropolis>>, SpecError> {
    if let Some(spec) = level(text, &AKROPOLIS_LEVELS)? {
        return akropolis(spec);
    }
    let mut spec = Spec::parse(text)?;
    let bot: Box<dyn Strategy<tessera_akropolis::Akropolis>> = match spec.name.as_str() {
        "random" => Box::new(tessera_core::RandomStrategy),
        "greedy" => Box::new(tessera_akropolis::GreedyStrategy),
        "architect" => Box::new(tessera_akropolis::ArchitectStrategy),
        "districts" => {
            let d = crate::akropolis::DistrictGreedy::default();
            Box::new(crate::akropolis::DistrictGreedy {
                district_weight: spec.take("district", d.district_weight)?,
                star_weight: spec.take("star", d.star_weight)?,
                stone_weight: spec.take("stone", d.stone_weight)?,
            })
        }
        "ismcts" => Box::new(Ismcts::new(
            ismcts_config(
                &mut spec,
                <tessera_akropolis::Akropolis as crate::Evaluate>::ROLLOUT_DEPTH,
            )?,
            text,
        )),
        other => {
            return Err(SpecError::Unknown {
                name: other.into(),
                game: "akropolis",
                known: AKROPOLIS_NAMES.join(", "),
            })
        }
    };
    spec.done()?;
    Ok(bot)
}

/// The Akropolis strategy names.
pub const AKROPOLIS_NAMES: &[&str] = &["random", "greedy", "architect", "districts", "ismcts"];

/// The Q strategy names.
pub const Q_NAMES: &[&str] = &["random", "greedy", "dag", "ldasg", "lines", "ismcts"];

/// The Triominos strategy names.
pub const TRIOMINOS_NAMES: &[&str] = &[
    "random", "greedy", "ismcts", "drawer", "blocker", "flexible",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_refuse() {
        assert!(triominos("greedy").is_ok());
        assert!(triominos("ismcts:iters=50,c=1.0,depth=3").is_ok());
        assert!(triominos("ismcts:ms=10").is_ok());
        assert!(matches!(
            triominos("wizard"),
            Err(SpecError::Unknown { .. })
        ));
        assert!(matches!(
            triominos("ismcts:iters=ten"),
            Err(SpecError::Parameter { .. })
        ));
        // both: the iterations, capped by the time
        assert_eq!(
            triominos("ismcts:iters=10,ms=10,width=4").unwrap().name(),
            "ismcts:iters=10,ms=10,width=4"
        );
        assert!(matches!(
            triominos("ismcts:width=many"),
            Err(SpecError::Parameter { .. })
        ));
        assert!(matches!(
            triominos("greedy:speed=3"),
            Err(SpecError::Parameter { .. })
        ));
        assert!(matches!(
            triominos("ismcts:iters"),
            Err(SpecError::Parameter { .. })
        ));
        assert_eq!(
            triominos("drawer:below=5").unwrap().name(),
            "drawer:below=5"
        );
    }

    #[test]
    fn a_level_is_the_spec_of_its_row() {
        // the bot built for `level:N` is the one built for row N of the game's table: its
        // name carries the strategy and its budget (`ismcts:iters=1000`, `lines:budget=20`)
        for n in 1..=LEVELS {
            let level = format!("level:{n}");
            let (t, q_, a) = (
                TRIOMINOS_LEVELS[n - 1],
                Q_LEVELS[n - 1],
                AKROPOLIS_LEVELS[n - 1],
            );
            assert_eq!(triominos(&level).unwrap().name(), t);
            assert_eq!(
                triominos(&level).unwrap().name(),
                triominos(t).unwrap().name()
            );
            assert_eq!(q(&level).unwrap().name(), q_);
            assert_eq!(q(&level).unwrap().name(), q(q_).unwrap().name());
            assert_eq!(akropolis(&level).unwrap().name(), a);
            assert_eq!(
                akropolis(&level).unwrap().name(),
                akropolis(a).unwrap().name()
            );
        }
        assert_eq!(triominos("level:5").unwrap().name(), "ismcts:iters=1000");
        assert_eq!(triominos(" level: 2 ").unwrap().name(), "greedy");
        assert_eq!(q("level:5").unwrap().name(), "lines:budget=20");
        assert_eq!(q("level:6").unwrap().name(), "lines");
        assert_eq!(akropolis("level:6").unwrap().name(), "ismcts:iters=800");
        // each level is a different bot
        for table in [TRIOMINOS_LEVELS, Q_LEVELS, AKROPOLIS_LEVELS] {
            let mut specs = table.to_vec();
            specs.sort_unstable();
            specs.dedup();
            assert_eq!(specs.len(), LEVELS, "{table:?}");
        }
    }

    #[test]
    fn a_bad_level_names_the_range() {
        for bad in [
            "level:0",
            "level:7",
            "level:x",
            "level:",
            "level",
            "level:-1",
            "level:3,iters=5",
        ] {
            let errors = [
                triominos(bad).err().map(|e| e.to_string()),
                q(bad).err().map(|e| e.to_string()),
                akropolis(bad).err().map(|e| e.to_string()),
            ];
            for e in errors {
                let e = e.unwrap_or_else(|| panic!("{bad} was accepted"));
                assert!(
                    e.contains("level:1 (weakest) to level:6 (strongest)"),
                    "{bad}: {e}"
                );
            }
        }
        // a spec parsed alone is refused with the same range, not "is not key=value"
        let e = Spec::parse("level:3").unwrap_err().to_string();
        assert!(e.contains("level:1 (weakest) to level:6"), "{e}");
        // a strategy that only starts with the word is no level
        assert!(matches!(
            triominos("levels:1"),
            Err(SpecError::Parameter { .. })
        ));
    }
}
