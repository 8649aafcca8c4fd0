//! `tessera harness q NAME`: the reference's test harness programs (spec section 5).

use super::actors::Actor;
use serde_json::{json, Value};
use std::time::Duration;
use tessera_core::Record;
use tessera_q::json::{self as qj, ActorLevel};
use tessera_q::{score, Bonuses, QGame, QRules};
use tessera_referee::{
    run as referee, CancellationToken, Ejection, Observer, Player, RefereeConfig,
};

/// The harnesses.
pub const NAMES: &str = "xmap, xlegal, xscore, xstrategy, xgames, xgames-with-observer, xbaddies";

/// Runs harness `args[0]` (options: `--per-turn SECONDS`, the deadline of every call into
/// a player, 1 by default; `--show`, accepted and ignored) on the whole of `input`.
pub fn run(
    args: &[String],
    input: &mut dyn std::io::BufRead,
    output: &mut dyn std::io::Write,
) -> Result<(), String> {
    let mut name = None;
    let mut per_turn = 1.0;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--per-turn" => {
                per_turn = it
                    .next()
                    .and_then(|v| v.parse::<f64>().ok())
                    .filter(|s| *s > 0.0 && s.is_finite())
                    .ok_or("--per-turn needs a positive number of seconds")?;
            }
            "--show" => {}
            other if name.is_none() && !other.starts_with('-') => name = Some(other.to_string()),
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    let name = name.ok_or_else(|| format!("which harness? ({NAMES})"))?;
    let mut text = String::new();
    input
        .read_to_string(&mut text)
        .map_err(|e| format!("reading the input: {e}"))?;
    let answer = answer(&name, &text, Duration::from_secs_f64(per_turn))?;
    writeln!(output, "{answer}").map_err(|e| e.to_string())
}

/// The answer of harness `name` to the input `text`.
pub fn answer(name: &str, text: &str, per_turn: Duration) -> Result<Value, String> {
    let e = |e: qj::JsonError| e.to_string();
    let two = || qj::read_values(text, 2).map_err(e);
    Ok(match name {
        "xmap" => {
            let v = two()?;
            let map = qj::map_from_json(v[0]).map_err(e)?;
            let tile = qj::tile_from_json(v[1]).map_err(e)?;
            Value::Array(
                map.candidates(tile)
                    .into_iter()
                    .map(qj::coord_to_value)
                    .collect(),
            )
        }
        "xlegal" => {
            let v = two()?;
            let k = qj::pub_from_json(v[0]).map_err(e)?;
            let ps = qj::placements_from_json(v[1]).map_err(e)?;
            match k.map.legal(&k.active.hand, &ps) {
                Ok(m) => qj::map_to_value(&m),
                Err(_) => json!(false),
            }
        }
        "xscore" => {
            let v = two()?;
            let map = qj::map_from_json(v[0]).map_err(e)?;
            let ps = qj::placements_from_json(v[1]).map_err(e)?;
            if ps.is_empty() {
                return Err("JPlacements must not be empty".into());
            }
            json!(score(&map, &ps, Bonuses::EARLY.q))
        }
        "xstrategy" => {
            let v = two()?;
            let s = qj::strategy_from_json(v[0]).map_err(e)?;
            let k = qj::pub_from_json(v[1]).map_err(e)?;
            qj::action_to_value(s.step(&k))
        }
        "xgames" => games(text, ActorLevel::M7, Bonuses::EARLY, per_turn)?,
        "xgames-with-observer" => games(text, ActorLevel::M8, Bonuses::LATE, per_turn)?,
        "xbaddies" => games(text, ActorLevel::M9, Bonuses::LATE, per_turn)?,
        other => return Err(format!("unknown harness {other:?} ({NAMES})")),
    })
}

/// The result of a game of the reference: the winners, sorted, and the misbehaving
/// players in the order they were ejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winners' names, sorted.
    pub winners: Vec<String>,
    /// The ejected players' names, in order.
    pub misbehaving: Vec<String>,
}

/// Plays the game a games harness reads (a JState, then the JActors of `level`) with the
/// reference's players, by the reference's rules (an ejected player leaves the game), on
/// the one referee.
pub fn play_input(
    text: &str,
    level: ActorLevel,
    bonuses: Bonuses,
    per_turn: Duration,
) -> Result<GameResult, String> {
    let v = qj::read_values(text, 2).map_err(|e| e.to_string())?;
    let actors = qj::actors_from_json(v[1], level).map_err(|e| e.to_string())?;
    let names: Vec<String> = actors.iter().map(|a| a.name.clone()).collect();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            return Err(format!("two players are named {n:?}"));
        }
    }
    let state = qj::state_from_json(v[0], &names).map_err(|e| e.to_string())?;
    if state.player_count() != actors.len() {
        return Err(format!(
            "the state has {} players but {} players were given",
            state.player_count(),
            actors.len()
        ));
    }
    let players: Vec<Box<dyn Player<QGame>>> = actors
        .iter()
        .map(|a| Box::new(Actor::new(&a.name, a.strategy, a.bad)) as Box<dyn Player<QGame>>)
        .collect();
    play(QGame::from_state(state, bonuses), players, per_turn)
}

/// Plays `game` among `players` by the reference's rules (an ejected player leaves the
/// game), each call under `per_turn`, on a runtime of its own ([`play_async`] on the
/// caller's).
pub fn play(
    game: QGame,
    players: Vec<Box<dyn Player<QGame>>>,
    per_turn: Duration,
) -> Result<GameResult, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(play_async(game, players, per_turn, &mut ()))
}

/// Plays `game` among `players` (seat order) by the reference's rules: every call under
/// `per_turn`, an ejected player leaves the game (the Q course's server plays its players
/// over TCP so). `observer` follows the game (ejections included). An `Err` when the game
/// cannot start (another number of players than seats).
pub async fn play_async(
    game: QGame,
    players: Vec<Box<dyn Player<QGame>>>,
    per_turn: Duration,
    observer: &mut dyn Observer<QGame>,
) -> Result<GameResult, String> {
    let config = RefereeConfig {
        per_call: Some(per_turn),
        ejection: Ejection::Remove,
        max_moves: usize::MAX,
    };
    let record = Record::<QGame>::new(QRules::for_players(players.len()), 0, Vec::new());
    let report = referee(
        game,
        record,
        players,
        &config,
        observer,
        &CancellationToken::new(),
    )
    .await
    .map_err(|e| e.to_string())?;
    let mut winners: Vec<String> = report
        .winners
        .iter()
        .map(|s| report.record.players[s.index()].clone())
        .collect();
    winners.sort();
    Ok(GameResult {
        winners,
        misbehaving: report.ejected.iter().map(|e| e.name.clone()).collect(),
    })
}

fn games(
    text: &str,
    level: ActorLevel,
    bonuses: Bonuses,
    per_turn: Duration,
) -> Result<Value, String> {
    let r = play_input(text, level, bonuses, per_turn)?;
    Ok(qj::result_to_value(&r.winners, &r.misbehaving))
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

    #[test]
    fn the_arguments_come_in_any_order() {
        let input = "[[0,[0,{\"color\":\"red\",\"shape\":\"star\"}]]] {\"color\":\"red\",\"shape\":\"star\"}";
        for args in [["xmap", "--per-turn", "0.5"], ["--per-turn", "0.5", "xmap"]] {
            let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            let mut out = Vec::new();
            run(&args, &mut input.as_bytes(), &mut out).unwrap();
            let v: Value = serde_json::from_slice(&out).unwrap();
            assert_eq!(v[0], json!({"row": -1, "column": 0}));
        }
        for bad in [
            &["xmap", "--per-turn", "0"][..],
            &["xmap", "extra"],
            &[],
            &["--fast", "xmap"],
        ] {
            let args: Vec<String> = bad.iter().map(|s| s.to_string()).collect();
            assert!(
                run(&args, &mut input.as_bytes(), &mut Vec::new()).is_err(),
                "{bad:?}"
            );
        }
    }
}
