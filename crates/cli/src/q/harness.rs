//! `tessera harness q NAME`: the reference's test harness programs (spec section 5).

use anyhow::{bail, Context, Result};
use serde_json::{json, Value};
use std::io::Read;
use std::time::Duration;
use tessera_q::json::{self as qj, ActorLevel};
use tessera_q::{score, Bonuses};

/// Options of `tessera harness q`.
#[derive(clap::Args)]
pub struct HarnessArgs {
    /// The reference harness to act as: xmap, xlegal, xscore, xstrategy, xgames,
    /// xgames-with-observer, xbaddies.
    pub name: String,
    /// Seconds each call into a player may take before the player is ejected.
    #[arg(long, default_value_t = 1.0)]
    pub per_turn: f64,
    /// Accepted for compatibility with `xgames-with-observer --show` (no GUI here).
    #[arg(long)]
    pub show: bool,
}

pub fn harness(args: HarnessArgs) -> Result<()> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .context("reading standard input")?;
    if !(args.per_turn > 0.0 && args.per_turn.is_finite()) {
        bail!("--per-turn must be a positive number of seconds");
    }
    let answer = answer(&args.name, &text, Duration::from_secs_f64(args.per_turn))?;
    println!("{answer}");
    Ok(())
}

/// The answer of harness `name` to the input `text`.
fn answer(name: &str, text: &str, per_turn: Duration) -> Result<Value> {
    let two = || qj::read_values(text, 2);
    Ok(match name {
        "xmap" => {
            let v = two()?;
            let map = qj::map_from_json(v[0])?;
            let tile = qj::tile_from_json(v[1])?;
            Value::Array(
                map.candidates(tile)
                    .into_iter()
                    .map(qj::coord_to_value)
                    .collect(),
            )
        }
        "xlegal" => {
            let v = two()?;
            let k = qj::pub_from_json(v[0])?;
            let ps = qj::placements_from_json(v[1])?;
            match k.map.legal(&k.active.hand, &ps) {
                Ok(m) => qj::map_to_value(&m),
                Err(_) => json!(false),
            }
        }
        "xscore" => {
            let v = two()?;
            let map = qj::map_from_json(v[0])?;
            let ps = qj::placements_from_json(v[1])?;
            if ps.is_empty() {
                bail!("JPlacements must not be empty");
            }
            json!(score(&map, &ps, Bonuses::EARLY.q))
        }
        "xstrategy" => {
            let v = two()?;
            let s = qj::strategy_from_json(v[0])?;
            let k = qj::pub_from_json(v[1])?;
            qj::action_to_value(s.step(&k))
        }
        "xgames" => games(text, ActorLevel::M7, Bonuses::EARLY, per_turn)?,
        "xgames-with-observer" => games(text, ActorLevel::M8, Bonuses::LATE, per_turn)?,
        "xbaddies" => games(text, ActorLevel::M9, Bonuses::LATE, per_turn)?,
        other => bail!(
            "unknown harness {other:?} (xmap, xlegal, xscore, xstrategy, xgames, \
             xgames-with-observer, xbaddies)"
        ),
    })
}

fn games(text: &str, level: ActorLevel, bonuses: Bonuses, per_turn: Duration) -> Result<Value> {
    let result = tessera_games::q::harness::play_input(text, level, bonuses, per_turn)
        .map_err(anyhow::Error::msg)?;
    Ok(qj::result_to_value(&result.winners, &result.misbehaving))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let d = Duration::from_millis(500);
        for (h, input) in [
            ("xmap", ""),
            ("xmap", "[[0,[0,{\"color\":\"red\",\"shape\":\"star\"}]]]"),
            ("xmap", "[[0]] {\"color\":\"red\",\"shape\":\"star\"}"),
            ("xlegal", "{\"map\":[],\"tile*\":0,\"players\":[]} []"),
            ("xscore", "[[0,[0,{\"color\":\"red\",\"shape\":\"star\"}]]] []"),
            ("xstrategy", "\"smart\" {}"),
            ("xgames", "{\"map\":[],\"tile*\":[],\"players\":[]} []"),
            ("xgames", "{\"map\":[],\"tile*\":[],\"players\":[{\"score\":0,\"tile*\":[]}]} [[\"A\",\"dag\",\"a cheat\",\"no-fit\"]]"),
            ("xbaddies", "{\"map\":[],\"tile*\":[],\"players\":[{\"score\":0,\"tile*\":[]}]} [[\"A\",\"dag\",\"win\",8]]"),
            ("xnope", "1 2"),
        ] {
            assert!(answer(h, input, d).is_err(), "{h} {input}");
        }
    }

    #[test]
    fn answers_a_small_map() {
        let d = Duration::from_millis(500);
        let input = "[[0,[0,{\"color\":\"red\",\"shape\":\"star\"}]]] {\"color\":\"red\",\"shape\":\"star\"}";
        assert_eq!(
            answer("xmap", input, d).unwrap(),
            json!([{"row":-1,"column":0},{"row":0,"column":-1},{"row":0,"column":1},{"row":1,"column":0}])
        );
    }
}
