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
//! | `lookahead` | q | `k=N` (candidates with the most points judged, 64), `samples=N` (guesses of the hidden tiles at most, 64), `first=N` (guesses of every candidate before only the `keep=N` best go on; 8 and 8), `ms=N` (time cap per move, 100), `scale=X` (points of the logistic for an unfinished guess, 8), `fw=X` (weight 0 to 1 of a finish possible next turn, 0.3), `budget=N` (nodes of each search for a finish, 20,000) |
//! | `learned` | q | `model=FILE` (another network than the shipped one: `tessera train --game q`), `k=N` (line-search turns tried, the most points first, 16), `deals=N` (deals of the hidden tiles each turn is judged on, 8), `budget=N` (nodes of the line search, 20,000): plays the turn whose positions the network judges best ([`crate::learned::q::QLearned`]; with 3 or 4 players, which the network did not learn, the turn of the most points) |
//! | `greedy` | all | |
//! | `ismcts` | all | `iters=N` or `ms=N` (budget per move, from 1; `ms` at most [`MAX_MS`], a day; both: `iters` iterations but at most `ms` milliseconds; or `cpu=N`, N milliseconds of the searching thread's CPU time, the same work whatever the machine's load), `c=X` (exploration, a number from 0 to [`MAX_C`]), `depth=N` (rollout moves), `width=K` (only the K most promising moves of each state, best first, K from 1; Triominos ranks placements by score and keeps drawing) |
//! | `ismcts` | all | also `value=net`: the leaves judged by a learned value network ([`crate::learned`]; 2-player games, Akropolis without variants; default `value=hand`, the game's measure; in Q it lost to `lines` either way, docs/strategies.md), and `model=FILE`: another network than the shipped one (`tessera train --out`) |
//! | `ismcts` | triominos | also `draw=never`: where it could place, it plays its most visited placement, never a voluntary draw (default `draw=search`) |
//! | `drawer` | triominos | `below=N` (draw while the best placement is worth less), `max=N` (draws a turn), `keep=N` (draw only while the pile holds more), `tray=N` and `mintray=N` (draw only while the tray holds at most / at least N tiles; default any), `options=N` (draw only when at most N legal placements; default any). Defaults: `below=10,max=1,keep=4`; `max` is 1 to 3 |
//! | `blocker` | triominos | `weight=X` (points per bonus spot opened for the next player) |
//! | `flexible` | triominos | `weight=X` (points per distinct number kept on the tray) |
//! | `ppo` | all | `model=FILE` (required): a policy network exported by the recipe of `examples/train/`, which scores each legal action by the summary of the position it leads to ([`crate::learned::Ppo`]) |
//! | `level:N` | all | `N` from 1 (weakest) to [`LEVELS`] (strongest): the spec of row `N` of the game's table ([`TRIOMINOS_LEVELS`], [`Q_LEVELS`], [`AKROPOLIS_LEVELS`]) |
//!
//! Every number is checked: a count out of its range, or a weight that is not finite or past
//! [`MAX_WEIGHT`] either way, is refused with the parameter and its range in words
//! (`c=NaN: c (exploration) is a number from 0 to 100`).

pub use crate::levels::{
    strongest_measured, AKROPOLIS_LEVELS, MAX_LEVELS, Q_LEVELS, TRIOMINOS_LEVELS,
};
pub use crate::spec::{
    ismcts_config, ismcts_settings, level, Spec, SpecError, MAX_C, MAX_MS, MAX_WEIGHT,
};

use crate::triominos::{Drawing, Heuristic, Placing, SearchNeverDraws};
use crate::Ismcts;
use tessera_core::Strategy;
use tessera_triominos::TriominosGame;

/// A Triominos strategy by spec.
pub fn triominos(text: &str) -> Result<Box<dyn Strategy<TriominosGame>>, SpecError> {
    if let Some(spec) = level(text, TRIOMINOS_LEVELS)? {
        return triominos(spec);
    }
    let mut spec = Spec::parse(text)?;
    let bot: Box<dyn Strategy<TriominosGame>> = match spec.name.as_str() {
        "random" => Box::new(tessera_core::RandomStrategy),
        "greedy" => Box::new(tessera_triominos::strategy::Greedy::default()),
        "ismcts" => {
            let search = Ismcts::new(
                ismcts_config(&mut spec, <TriominosGame as crate::Evaluate>::ROLLOUT_DEPTH)?,
                text,
            );
            let draw: String = spec.take("draw", "search".to_string())?;
            let search = match valued(&mut spec, search, "score less the tray's value")? {
                Ok(bot) if draw == "search" => return spec.done().map(|()| bot),
                Ok(_) => return Err(spec.bad("value=net goes with draw=search".into())),
                Err(search) => search,
            };
            match draw.as_str() {
                "search" => Box::new(search),
                "never" => Box::new(SearchNeverDraws::new(search, text)),
                other => {
                    return Err(spec.bad(format!(
                        "draw={other}: draw is search (the search may draw by choice) or never"
                    )))
                }
            }
        }
        "ppo" => ppo(&mut spec, text)?,
        "drawer" => {
            let below = spec.take("below", 10)?;
            let max: u8 = spec.take("max", 1)?;
            let keep_pile = spec.take("keep", 4)?;
            let max_tray = spec.take("tray", usize::MAX)?;
            let min_tray = spec.take("mintray", 1)?;
            let max_placements = spec.take("options", usize::MAX)?;
            if !(1..=tessera_triominos::MAX_DRAWS).contains(&max) {
                return Err(spec.bad(format!(
                    "max={max}: a turn allows 1 to {} draws",
                    tessera_triominos::MAX_DRAWS
                )));
            }
            if max_tray == 0 {
                return Err(spec.bad("tray=0: a mover who can place holds at least 1 tile".into()));
            }
            if min_tray == 0 || min_tray > max_tray {
                return Err(spec.bad(format!(
                    "mintray={min_tray}: the tray bounds are 1 <= mintray <= tray"
                )));
            }
            if max_placements == 0 {
                return Err(spec.bad(
                    "options=0: a drawer draws only when it could place, so options is at least 1"
                        .into(),
                ));
            }
            Box::new(Heuristic::new(
                Placing::Greedy,
                Drawing::Below {
                    below,
                    max,
                    keep_pile,
                    max_tray,
                    min_tray,
                    max_placements,
                },
                text,
            ))
        }
        "blocker" => {
            let weight = spec.take_number(
                "weight",
                20.0,
                -MAX_WEIGHT..=MAX_WEIGHT,
                "weight (points per bonus spot opened)",
            )?;
            Box::new(Heuristic::new(
                Placing::Block { weight },
                Drawing::Never,
                text,
            ))
        }
        "flexible" => {
            let weight = spec.take_number(
                "weight",
                2.0,
                -MAX_WEIGHT..=MAX_WEIGHT,
                "weight (points per number kept)",
            )?;
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

/// A Q strategy by spec: random, greedy, dag, ldasg, lines, lookahead, ismcts.
pub fn q(text: &str) -> Result<Box<dyn Strategy<tessera_q::QGame>>, SpecError> {
    if let Some(spec) = level(text, Q_LEVELS)? {
        return q(spec);
    }
    let mut spec = Spec::parse(text)?;
    let bot: Box<dyn Strategy<tessera_q::QGame>> = match spec.name.as_str() {
        "random" => Box::new(crate::q::QRandom),
        "greedy" => Box::new(crate::q::QGreedy),
        "dag" => Box::new(crate::q::Reference(tessera_q::StrategyKind::Dag)),
        "ldasg" => Box::new(crate::q::Reference(tessera_q::StrategyKind::Ldasg)),
        "lines" => Box::new(crate::q::Lines {
            budget: spec.take("budget", 20_000)?,
        }),
        "lookahead" => Box::new(lookahead(&mut spec)?),
        "learned" => {
            let model = spec.params.remove("model");
            let net = network::<tessera_q::QGame>(&spec, model)?;
            let k = spec.take("k", 16usize)?;
            let deals = spec.take("deals", 8usize)?;
            if k == 0 || deals == 0 {
                return Err(spec.bad("k and deals are at least 1".into()));
            }
            Box::new(crate::learned::q::QLearned {
                net,
                k,
                deals,
                budget: spec.take("budget", 20_000)?,
                spec: text.trim().to_string(),
            })
        }
        "ismcts" => searched(&mut spec, text, "the lead")?,
        "ppo" => ppo(&mut spec, text)?,
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

/// The `lookahead` settings of a spec (`k`, `samples`, `first`, `keep`, `ms`, `scale`, `fw`,
/// `budget`), each
/// checked: counts and the time cap at least 1, the scale a positive number.
fn lookahead(spec: &mut Spec) -> Result<crate::q_lookahead::Lookahead, SpecError> {
    let d = crate::q_lookahead::Lookahead::default();
    let bot = crate::q_lookahead::Lookahead {
        k: spec.take("k", d.k)?,
        samples: spec.take("samples", d.samples)?,
        first: spec.take("first", d.first)?,
        keep: spec.take("keep", d.keep)?,
        ms: spec.take("ms", d.ms)?,
        scale: spec.take("scale", d.scale)?,
        budget: spec.take("budget", d.budget)?,
        finish_weight: spec.take("fw", d.finish_weight)?,
        ..d
    };
    let bad = |why: &str| spec.bad(why.into());
    if bot.k == 0 {
        return Err(bad("k (candidates judged) must be at least 1"));
    }
    if bot.samples == 0 {
        return Err(bad("samples must be at least 1"));
    }
    if bot.first == 0 || bot.keep == 0 {
        return Err(bad("first and keep must be at least 1"));
    }
    if bot.ms == 0 || bot.ms > MAX_MS {
        return Err(spec.bad(format!(
            "ms (the time cap per move) must be at least 1 and at most {MAX_MS}"
        )));
    }
    if !(bot.scale.is_finite() && bot.scale > 0.0) {
        return Err(bad("scale must be a positive number of points"));
    }
    if !(0.0..=1.0).contains(&bot.finish_weight) {
        return Err(bad(
            "fw (the weight of a finish next turn) must be from 0 to 1",
        ));
    }
    if bot.budget == 0 {
        return Err(bad("budget (nodes of each search) must be at least 1"));
    }
    Ok(bot)
}

/// The `value` (and `model`) settings of an `ismcts` spec of game `G`: `Ok` the bot with
/// a learned network at its leaves for `value=net` (the shipped one, or `model=FILE`),
/// `Err` the search itself for `value=hand` (the default: the game's measure, `hand`).
fn valued<G: crate::learned::Learned>(
    spec: &mut Spec,
    search: Ismcts,
    hand: &str,
) -> Result<Result<Box<dyn Strategy<G>>, Ismcts>, SpecError> {
    let value: String = spec.take("value", "hand".to_string())?;
    let model: Option<String> = spec.params.remove("model");
    match value.as_str() {
        "hand" if model.is_none() => Ok(Err(search)),
        "hand" => Err(spec.bad("model=FILE goes with value=net".into())),
        "net" => {
            let net = network::<G>(spec, model)?;
            Ok(Ok(Box::new(crate::learned::Valued::<G>::new(search, net))))
        }
        other => Err(spec.bad(format!(
            "value={other}: value is hand ({hand}) or net (the learned network)"
        ))),
    }
}

/// The network of game `G` a spec asks for: `model=FILE` (`model`), else the shipped one.
fn network<G: crate::learned::Learned>(
    spec: &Spec,
    model: Option<String>,
) -> Result<std::sync::Arc<crate::learned::ValueNet>, SpecError> {
    match model {
        Some(path) => crate::learned::ValueNet::from_file(&path, G::FEATURES)
            .map_err(|e| spec.bad(format!("model={path}: {e}"))),
        None => G::shipped().ok_or_else(|| {
            spec.bad(format!(
                "value=net: {} has no shipped network yet; give one with model=FILE (tessera train --game {})",
                <G as tessera_core::Game>::NAME,
                <G as tessera_core::Game>::NAME
            ))
        }),
    }
}

/// The `ppo` bot of game `G`: the policy network of `model=FILE` (required), which reads
/// the game's [`tessera_encode::Encode::SUMMARY`] values ([`crate::learned::Ppo`]).
fn ppo<G: tessera_encode::Encode + tessera_core::Determinize>(
    spec: &mut Spec,
    text: &str,
) -> Result<Box<dyn Strategy<G>>, SpecError> {
    let path: String = spec
        .params
        .remove("model")
        .ok_or_else(|| spec.bad("ppo needs model=FILE (examples/train/ exports one)".into()))?;
    let net = crate::learned::ValueNet::from_file(&path, G::SUMMARY)
        .map_err(|e| spec.bad(format!("model={path}: {e}")))?;
    Ok(Box::new(crate::learned::Ppo::<G>::new(net, text)))
}

/// The `ismcts` bot of game `G` (its default rollout depth), with the learned network at
/// its leaves when the spec says `value=net` ([`valued`]).
fn searched<G: crate::learned::Learned>(
    spec: &mut Spec,
    text: &str,
    hand: &str,
) -> Result<Box<dyn Strategy<G>>, SpecError> {
    let search = Ismcts::new(ismcts_config(spec, G::ROLLOUT_DEPTH)?, text);
    Ok(match valued(spec, search, hand)? {
        Ok(bot) => bot,
        Err(search) => Box::new(search),
    })
}

/// An Akropolis strategy by spec: random, greedy, architect, districts, ismcts.
pub fn akropolis(text: &str) -> Result<Box<dyn Strategy<tessera_akropolis::Akropolis>>, SpecError> {
    if let Some(spec) = level(text, AKROPOLIS_LEVELS)? {
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
                district_weight: spec.take_number(
                    "district",
                    d.district_weight,
                    -MAX_WEIGHT..=MAX_WEIGHT,
                    "district (points per value point)",
                )?,
                star_weight: spec.take_number(
                    "star",
                    d.star_weight,
                    -MAX_WEIGHT..=MAX_WEIGHT,
                    "star (points per star)",
                )?,
                stone_weight: spec.take_number(
                    "stone",
                    d.stone_weight,
                    -MAX_WEIGHT..=MAX_WEIGHT,
                    "stone (points per stone)",
                )?,
            })
        }
        "ismcts" => searched(&mut spec, text, "the district-aware measure")?,
        "ppo" => ppo(&mut spec, text)?,
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
pub const AKROPOLIS_NAMES: &[&str] = &[
    "random",
    "greedy",
    "architect",
    "districts",
    "ismcts",
    "ppo",
];

/// The Q strategy names.
pub const Q_NAMES: &[&str] = &[
    "random",
    "greedy",
    "dag",
    "ldasg",
    "lines",
    "lookahead",
    "learned",
    "ismcts",
    "ppo",
];

/// The Triominos strategy names.
pub const TRIOMINOS_NAMES: &[&str] = &[
    "random", "greedy", "ismcts", "drawer", "blocker", "flexible", "ppo",
];

/// The games with a learned evaluation ([`crate::learned`]: `tessera selfplay`, `tessera
/// train`, `value=net`), each with its bots by spec: the one list of them.
pub fn learned_games() -> Vec<crate::learned::LearnedGame> {
    use crate::learned::LearnedGame;
    vec![
        LearnedGame::of::<tessera_akropolis::Akropolis>(akropolis),
        LearnedGame::of::<TriominosGame>(triominos),
        LearnedGame::of::<tessera_q::QGame>(q),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_learned_games_are_listed_once_each_with_its_shipped_network() {
        let games = learned_games();
        let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
        assert_eq!(names, ["akropolis", "triominos", "q"]);
        assert_eq!(crate::learned::games(), names);
        for g in &games {
            let net = g
                .shipped()
                .unwrap_or_else(|| panic!("{} ships a network", g.name()));
            assert_eq!(net.inputs(), g.features(), "{}'s network", g.name());
            assert_eq!(crate::learned::features_of(g.name()), Some(g.features()));
        }
        let e = crate::learned::learned_game("chess").unwrap_err();
        assert_eq!(
            e,
            "chess has no learned evaluation (the games with one: akropolis, triominos, q)"
        );
    }

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
    fn lookahead_specs_parse_and_refuse() {
        assert_eq!(q("lookahead").unwrap().name(), "lookahead");
        assert_eq!(
            q("lookahead:k=16,samples=32,ms=50").unwrap().name(),
            "lookahead:k=16,samples=32,ms=50"
        );
        assert_eq!(
            q("lookahead:fw=0.5,scale=4,first=4,keep=2,budget=500")
                .unwrap()
                .name(),
            "lookahead:first=4,keep=2,scale=4,budget=500,fw=0.5"
        );
        for (bad, why) in [
            ("lookahead:k=0", "k (candidates judged) must be at least 1"),
            ("lookahead:samples=0", "samples must be at least 1"),
            ("lookahead:keep=0", "first and keep must be at least 1"),
            (
                "lookahead:ms=0",
                "ms (the time cap per move) must be at least 1",
            ),
            ("lookahead:scale=-1", "scale must be a positive number"),
            ("lookahead:scale=NaN", "scale must be a positive number"),
            (
                "lookahead:fw=2",
                "fw (the weight of a finish next turn) must be from 0 to 1",
            ),
            (
                "lookahead:budget=0",
                "budget (nodes of each search) must be at least 1",
            ),
            ("lookahead:ms=fast", "ms=fast is not a valid value"),
            (
                "lookahead:ms=18446744073709551615",
                "ms (the time cap per move) must be at least 1 and at most 86400000",
            ),
            ("lookahead:scale=inf", "scale must be a positive number"),
            ("lookahead:fw=NaN", "fw (the weight of a finish next turn)"),
            ("lookahead:depth=3", "unknown parameter \"depth\""),
        ] {
            let e = q(bad).err().unwrap_or_else(|| panic!("{bad} was accepted"));
            assert!(e.to_string().contains(why), "{bad}: {e}");
        }
    }

    /// Issue 26: a bot's numbers are finite and in range, whatever the game.
    #[test]
    fn non_finite_and_out_of_range_numbers_are_refused_in_every_game() {
        let refusal = |r: Result<(), SpecError>, spec: &str| match r {
            Err(e) => e.to_string(),
            Ok(()) => panic!("{spec} was accepted"),
        };
        for (spec, why) in [
            (
                "ismcts:c=NaN",
                "c=NaN: c (exploration) is a number from 0 to 100",
            ),
            (
                "ismcts:c=inf",
                "c=inf: c (exploration) is a number from 0 to 100",
            ),
            (
                "ismcts:c=-1",
                "c=-1: c (exploration) is a number from 0 to 100",
            ),
            (
                "ismcts:width=0",
                "width=0: width (moves kept per state) is a whole number from 1",
            ),
            (
                "ismcts:iters=0",
                "iters=0: iters (iterations per move) is a whole number from 1",
            ),
            (
                "ismcts:ms=0",
                "ms=0: ms (milliseconds per move) is a whole number from 1 to 86400000",
            ),
            (
                "ismcts:ms=99999999999",
                "ms=99999999999: ms (milliseconds per move)",
            ),
        ] {
            for (game, e) in [
                ("triominos", refusal(triominos(spec).map(drop), spec)),
                ("q", refusal(q(spec).map(drop), spec)),
                ("akropolis", refusal(akropolis(spec).map(drop), spec)),
            ] {
                assert!(e.contains(why), "{game} {spec}: {e:?} should say {why:?}");
            }
        }
        for (spec, why) in [
            (
                "blocker:weight=NaN",
                "weight=NaN: weight (points per bonus spot opened) is a number",
            ),
            (
                "flexible:weight=inf",
                "weight=inf: weight (points per number kept) is a number",
            ),
            ("flexible:weight=-1e300", "weight=-1e300: weight"),
        ] {
            let e = refusal(triominos(spec).map(drop), spec);
            assert!(e.contains(why), "{spec}: {e:?} should say {why:?}");
        }
        for (spec, why) in [
            (
                "districts:star=inf",
                "star=inf: star (points per star) is a number",
            ),
            (
                "districts:district=NaN",
                "district=NaN: district (points per value point)",
            ),
            (
                "districts:stone=-inf",
                "stone=-inf: stone (points per stone)",
            ),
        ] {
            let e = refusal(akropolis(spec).map(drop), spec);
            assert!(e.contains(why), "{spec}: {e:?} should say {why:?}");
        }
        // good numbers stay good
        assert!(triominos("blocker:weight=-5").is_ok());
        assert!(akropolis("districts:star=2.5").is_ok());
        assert!(q("ismcts:c=0,width=4,iters=10").is_ok());
    }

    #[test]
    fn drawer_parameters_parse_and_refuse() {
        assert!(triominos("drawer").is_ok());
        assert!(triominos("drawer:below=8,max=3,keep=10,tray=5").is_ok());
        assert!(triominos("drawer:below=8,mintray=2,tray=5,options=1").is_ok());
        assert!(triominos("drawer:mintray=5,tray=5").is_ok());
        assert!(triominos("ismcts:iters=10,draw=never").is_ok());
        assert!(triominos("ismcts:iters=10,draw=search").is_ok());
        for (bad, says) in [
            ("drawer:max=0", "max=0: a turn allows 1 to 3 draws"),
            ("drawer:max=4", "max=4: a turn allows 1 to 3 draws"),
            ("drawer:max=300", "max=300 is not a valid value"),
            ("drawer:tray=0", "tray=0"),
            ("drawer:tray=-1", "tray=-1 is not a valid value"),
            ("drawer:keep=x", "keep=x is not a valid value"),
            ("drawer:pile=3", "unknown parameter \"pile\""),
            ("ismcts:draw=sometimes", "draw=sometimes: draw is search"),
            ("drawer:mintray=0", "mintray=0: the tray bounds"),
            ("drawer:mintray=6,tray=5", "mintray=6: the tray bounds"),
            ("drawer:options=0", "options=0"),
            ("drawer:options=many", "options=many is not a valid value"),
        ] {
            let e = triominos(bad).err().map(|e| e.to_string());
            let e = e.unwrap_or_else(|| panic!("{bad} was accepted"));
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn lookahead_plays_a_whole_game() {
        use tessera_core::{rng_from_seed, Game};
        let mut game = tessera_q::QGame::new(&tessera_q::QRules::default(), 3).unwrap();
        let mut bots = [q("lookahead:samples=8").unwrap(), q("lines").unwrap()];
        let mut rng = rng_from_seed(3);
        let mut turns = 0;
        while let Some(seat) = game.to_move() {
            let mv = bots[seat.index()].choose(&game.view(seat), &mut rng);
            game.play(&mv).unwrap();
            turns += 1;
            assert!(turns < 500, "the game does not end");
        }
        assert!(game.outcome().is_some());
    }

    #[test]
    fn a_level_is_the_spec_of_its_row() {
        // the bot built for `level:N` is the one built for row N of the game's table: its
        // name carries the strategy and its budget (`ismcts:iters=1000`, `lines:budget=20`)
        for (n, t) in TRIOMINOS_LEVELS.iter().enumerate() {
            let level = format!("level:{}", n + 1);
            assert_eq!(triominos(&level).unwrap().name(), *t);
            assert_eq!(
                triominos(&level).unwrap().name(),
                triominos(t).unwrap().name()
            );
        }
        for (n, q_) in Q_LEVELS.iter().enumerate() {
            let level = format!("level:{}", n + 1);
            assert_eq!(q(&level).unwrap().name(), *q_);
            assert_eq!(q(&level).unwrap().name(), q(q_).unwrap().name());
        }
        for (n, a) in AKROPOLIS_LEVELS.iter().enumerate() {
            let level = format!("level:{}", n + 1);
            assert_eq!(akropolis(&level).unwrap().name(), *a);
            assert_eq!(
                akropolis(&level).unwrap().name(),
                akropolis(a).unwrap().name()
            );
        }
        // every game has a seventh level: the learned network (Akropolis, Triominos), the
        // lookahead that judges a turn by the next player's best reply (Q)
        assert_eq!(
            akropolis("level:7").unwrap().name(),
            "ismcts:ms=100,value=net"
        );
        assert_eq!(
            triominos("level:7").unwrap().name(),
            "ismcts:ms=100,depth=0,c=0.4,value=net"
        );
        assert_eq!(
            q("level:7").unwrap().name(),
            "lookahead:k=12,samples=12,ms=1000"
        );
        let e = q("level:8").err().unwrap().to_string();
        assert!(e.contains("level:1 (weakest) to level:7"), "{e}");
        let e = triominos("level:8").err().unwrap().to_string();
        assert!(e.contains("level:1 (weakest) to level:7"), "{e}");
        let e = akropolis("level:8").err().unwrap().to_string();
        assert!(e.contains("level:1 (weakest) to level:7"), "{e}");
        assert_eq!(triominos("level:5").unwrap().name(), "ismcts:iters=1000");
        assert_eq!(
            triominos("level:6").unwrap().name(),
            "ismcts:ms=100,depth=20,c=0.4"
        );
        assert_eq!(triominos(" level: 2 ").unwrap().name(), "greedy");
        assert_eq!(q("level:5").unwrap().name(), "lines:budget=20");
        assert_eq!(q("level:6").unwrap().name(), "lines");
        assert_eq!(akropolis("level:6").unwrap().name(), "ismcts:ms=100");
        // each level is a different bot
        for table in [TRIOMINOS_LEVELS, Q_LEVELS, AKROPOLIS_LEVELS] {
            let mut specs = table.to_vec();
            specs.sort_unstable();
            specs.dedup();
            assert_eq!(specs.len(), table.len(), "{table:?}");
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
            // every game's range ends at level 7, and level:7 is taken
            let errors = [
                (triominos(bad).err().map(|e| e.to_string()), 7),
                (q(bad).err().map(|e| e.to_string()), 7),
                (akropolis(bad).err().map(|e| e.to_string()), 7),
            ];
            for (e, top) in errors {
                if bad == "level:7" && top == 7 {
                    assert!(e.is_none(), "{bad}: {e:?}");
                    continue;
                }
                let e = e.unwrap_or_else(|| panic!("{bad} was accepted"));
                assert!(
                    e.contains(&format!("level:1 (weakest) to level:{top} (strongest)")),
                    "{bad}: {e}"
                );
            }
        }
        assert!(akropolis("level:8").is_err());
        assert!(q("level:8").is_err());
        assert!(triominos("level:8").is_err());
        // a spec parsed alone is refused with the range, not "is not key=value"
        let e = Spec::parse("level:3").unwrap_err().to_string();
        assert!(
            e.contains("level:1 (weakest) to the game's strongest"),
            "{e}"
        );
        // a strategy that only starts with the word is no level
        assert!(matches!(
            triominos("levels:1"),
            Err(SpecError::Parameter { .. })
        ));
    }
}
