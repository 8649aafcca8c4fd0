//! Akropolis in the registry: rules options (scoring variants, the solo Architect), bots,
//! the browser's hints, the words for each move, the terminal's look ([`terminal`],
//! [`render`]), the conformance harness and the benchmark.

pub mod bench;
pub mod harness;
pub mod render;
pub mod terminal;

use crate::{BotInfo, OptionKind, Registration, RuleOption, Solo};
use serde_json::{json, Value};
use tessera_akropolis::{Akropolis, AkropolisView, Move, Rules, Variants};
use tessera_core::{Game, Seat, Strategy, View};
use tessera_referee::Legal;

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

/// The rules for people (the registry's `rules_help`).
const RULES_HELP: &str = "Each turn, take a tile of three hexes from the Construction Site: the first tile is free, each tile further along costs one stone per tile before it. Build it in your city, turned as you like: either on empty ground touching the city, or on top of the city, all three hexes at one height and over at least two different tiles (never over a single one). A quarry you cover gives you a stone.

Scoring at the end: each district type scores the value of its qualifying districts times the stars of its plazas (a plaza's stars are printed on it; no plaza, no points). A district's value is its height. Houses: only the largest group of connected houses. Markets: only those with no market next to them. Barracks: only those on the edge of the city. Temples: only those surrounded on all six sides. Gardens: all. Each stone is one more point.

Variants (chosen per district): houses score double when the group is worth 10 or more; markets double next to a market plaza; barracks double with three or four empty sides; temples double from the second level up; gardens double next to a lake (an empty hex enclosed by the city).

The game ends when the site holds its last tile and the stacks are empty. The highest score wins; a tie goes to the most stones.";

impl Registration for Akropolis {
    const TITLE: &'static str = "Akropolis";
    const ABOUT: &'static str =
        "Build a city of hexagonal tiles, high and well planned; 2 to 4 players, or solo against the Architect.";
    const SEATS: (usize, usize) = (2, 4);

    fn default_rules(seats: usize) -> Result<Rules, String> {
        let n = u8::try_from(seats).map_err(|_| "too many players".to_string())?;
        Ok(Rules::new(n, Variants::NONE))
    }

    fn options() -> Vec<RuleOption> {
        vec![
            RuleOption {
                key: "variants",
                label: "Scoring variants",
                help: "the letters hmbtg, upper case = that district's variant on (e.g. HmBtg)",
                kind: OptionKind::Letters {
                    letters: vec![
                        ('h', "houses"),
                        ('m', "markets"),
                        ('b', "barracks"),
                        ('t', "temples"),
                        ('g', "gardens"),
                    ],
                },
                default: json!("hmbtg"),
            },
            RuleOption {
                key: "solo",
                label: "Solo against the Architect",
                help: "a solo game: one player against the Architect of this level",
                kind: OptionKind::Choice {
                    values: vec![
                        (Value::Null, "no"),
                        (json!("hippodamos"), "Hippodamos (level 1)"),
                        (json!("metagenes"), "Metagenes (level 2)"),
                        (json!("callicrates"), "Callicrates (level 3)"),
                    ],
                },
                default: Value::Null,
            },
        ]
    }

    fn levels() -> Vec<crate::Level> {
        crate::levels(&tessera_ai::registry::AKROPOLIS_LEVELS, &LEVEL_RATINGS)
    }

    fn bots() -> Vec<BotInfo> {
        vec![
            BotInfo {
                name: "ismcts",
                about:
                    "information-set Monte Carlo tree search over the 8 best moves (the strongest)",
                params: "iters=N or ms=N, c=X, depth=N",
                strength: "strongest",
            },
            BotInfo {
                name: "districts",
                about: "greedy on a measure of districts, plazas and stones",
                params: "district=X, star=X, stone=X",
                strength: "strong",
            },
            BotInfo {
                name: "greedy",
                about: "the move that gains the most points now",
                params: "",
                strength: "fair",
            },
            BotInfo {
                name: "random",
                about: "a legal move at random",
                params: "",
                strength: "weak",
            },
            BotInfo {
                name: "architect",
                about: "the solo Architect's rule (only in a solo game)",
                params: "",
                strength: "",
            },
            BotInfo {
                name: "level:1",
                about: "level 1 of 6 (weakest): random",
                params: "",
                strength: "weak",
            },
            BotInfo {
                name: "level:2",
                about: "level 2 of 6: greedy",
                params: "",
                strength: "fair",
            },
            BotInfo {
                name: "level:3",
                about: "level 3 of 6: districts",
                params: "",
                strength: "strong",
            },
            BotInfo {
                name: "level:4",
                about: "level 4 of 6: ismcts:iters=50",
                params: "",
                strength: "strong",
            },
            BotInfo {
                name: "level:5",
                about: "level 5 of 6: ismcts:iters=200",
                params: "",
                strength: "strongest",
            },
            BotInfo {
                name: "level:6",
                about: "level 6 of 6 (strongest): ismcts:ms=100",
                params: "",
                strength: "strongest",
            },
        ]
    }

    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String> {
        tessera_ai::registry::akropolis(spec).map_err(|e| e.to_string())
    }

    fn solo() -> Option<Solo> {
        Some(Solo {
            option: "solo",
            bot: "architect",
        })
    }

    fn check_seats(rules: &Rules, bots: &[Option<&str>]) -> Result<(), String> {
        let architect =
            |b: &Option<&str>| b.is_some_and(|s| s.split(':').next() == Some("architect"));
        let architects = bots.iter().filter(|b| architect(b)).count();
        match rules.solo {
            Some(_) if bots.len() == 2 && architect(&bots[1]) && architects == 1 => Ok(()),
            Some(_) => Err("a solo game is one player against the Architect bot in seat 2".into()),
            None if architects > 0 => Err("the Architect plays only in a solo game".into()),
            None => Ok(()),
        }
    }

    /// Every legal move, each with how much it raises the mover's complete score at once
    /// (districts times plazas, plus stones).
    fn legal(view: &AkropolisView) -> Legal<Move> {
        if view.to_move() != Some(view.seat()) {
            return Legal::complete(Vec::new());
        }
        let state = view.state();
        let now = i64::from(state.complete_score(state.turn()));
        let (moves, gains): (Vec<Move>, Vec<i32>) = state
            .moves_with_scores()
            .into_iter()
            .map(|(m, s)| (m, (i64::from(s) - now) as i32))
            .unzip();
        Legal {
            count: moves.len(),
            complete: true,
            moves,
            gains: Some(gains),
        }
    }

    /// The legal moves with the cells each would cover (the first its origin) and the
    /// points it would score at once (the mover's complete score after it, less now: what
    /// the log will say, `for +N`), so that a screen shows the whole tile where it lands.
    fn hints(view: &AkropolisView) -> Value {
        let legal = Self::legal(view);
        let gains = legal.gains.unwrap_or_default();
        json!({
            "moves": legal
                .moves
                .iter()
                .enumerate()
                .filter_map(|(i, m)| {
                    let cells = m.positions()?;
                    Some(json!({
                        "move": m.to_string(),
                        "tile": m.tile.number(),
                        "rotation": m.rotation,
                        "cells": cells.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>(),
                        "points": gains.get(i).copied().unwrap_or(0),
                    }))
                })
                .collect::<Vec<_>>(),
        })
    }

    fn describe(
        before: Option<&Self>,
        after: &Self,
        seat: Seat,
        mv: &Move,
        names: &[String],
    ) -> Vec<String> {
        let cost = before.and_then(|b| b.site().iter().position(|t| *t == mv.tile));
        let mut line = format!("{} built tile {}", name(names, seat), mv.tile);
        // the first tile of the site is free: only a price is worth a word
        if let Some(c) = cost.filter(|c| *c > 0) {
            line.push_str(&format!(
                " (paid {c} stone{})",
                if c == 1 { "" } else { "s" }
            ));
        }
        if let Some(p) = after.players().get(seat.index()) {
            line.push_str(&format!(" on level {}", p.city().height(mv.origin)));
        }
        if let Some(b) = before {
            let gained = after.scores().get(seat.index()).copied().unwrap_or(0)
                - b.scores().get(seat.index()).copied().unwrap_or(0);
            line.push_str(&format!(" for {gained:+}"));
        }
        let mut lines = vec![line];
        if after.is_over() {
            let outcome = after.outcome_now();
            let list: Vec<String> = outcome
                .scores
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{} {s}", name(names, Seat(i as u8))))
                .collect();
            let winners: Vec<String> = outcome.winners.iter().map(|s| name(names, *s)).collect();
            lines.push(format!(
                "Game over: {}; {} {}",
                list.join(", "),
                winners.join(" and "),
                if winners.len() == 1 { "wins" } else { "win" }
            ));
        }
        lines
    }

    fn move_place(mv: &Move) -> String {
        let turned = match mv.rotation {
            0 => String::new(),
            1 => ", turned once".into(),
            2 => ", turned twice".into(),
            n => format!(", turned {n} times"),
        };
        format!("at {}{turned}", mv.origin)
    }

    fn rules_help() -> &'static str {
        RULES_HELP
    }

    const CONFIRM: bool = true;

    fn ending(game: &Self, names: &[String]) -> Option<String> {
        let outcome = game.outcome_now();
        let mut why =
            "the Construction Site is down to its last tile and the stacks are empty".to_string();
        let best = outcome.scores.iter().copied().max();
        let tied = outcome.scores.iter().filter(|s| Some(**s) == best).count();
        if tied > outcome.winners.len() {
            let w: Vec<String> = outcome.winners.iter().map(|s| name(names, *s)).collect();
            why.push_str(&format!(
                "; the tie on points goes to the most stones ({})",
                w.join(" and ")
            ));
        }
        Some(why)
    }

    fn breakdown(_start: &Self, _moves: &[Move], end: &Self) -> Value {
        let districts = ["Houses", "Markets", "Barracks", "Temples", "Gardens"];
        let rows: Vec<Vec<Value>> = (0..end.players().len())
            .map(|k| {
                let sc = end.city_score(k);
                let stones = end.players()[k].stones() as u32;
                let total = end.complete_score(k);
                let mut row: Vec<Value> = (0..5)
                    .map(|d| {
                        json!(format!(
                            "{} ({}★ × {})",
                            sc.districts[d], sc.stars[d], sc.values[d]
                        ))
                    })
                    .collect();
                row.push(json!(stones));
                let other = total as i64 - sc.total() as i64 - stones as i64;
                row.push(json!(other));
                row.push(json!(total));
                row
            })
            .collect();
        let other = rows.iter().any(|r| r[6] != json!(0));
        let mut columns: Vec<&str> = districts.to_vec();
        columns.push("Stones");
        if other {
            columns.push("Quarries (Metagenes)");
        }
        columns.push("Total");
        let rows: Vec<Vec<Value>> = rows
            .into_iter()
            .map(|mut r| {
                if !other {
                    r.remove(6);
                }
                r
            })
            .collect();
        json!({"columns": columns, "rows": rows})
    }

    fn text_start(game: &Self, _names: &[String]) -> String {
        terminal::start(game)
    }

    fn text_turn(view: &AkropolisView, names: &[String]) -> String {
        terminal::turn(view, names)
    }

    fn text_help(_view: &AkropolisView) -> String {
        terminal::HELP.into()
    }

    fn text_request(view: &AkropolisView, line: &str) -> Option<String> {
        terminal::request(view, line)
    }

    fn parse_text(view: &AkropolisView, line: &str) -> Result<Move, String> {
        terminal::parse(view, line)
    }

    fn text_move(
        _before: Option<&Self>,
        _after: &Self,
        seat: Seat,
        mv: &Move,
        names: &[String],
        _reveal: bool,
    ) -> String {
        terminal::moved(seat, mv, names)
    }

    fn text_end(game: &Self, names: &[String]) -> String {
        terminal::end(game, names)
    }

    /// Every city is in plain view.
    fn text_secret() -> bool {
        false
    }

    fn harness(
        args: &[String],
        input: &mut dyn std::io::BufRead,
        output: &mut dyn std::io::Write,
    ) -> Option<Result<(), String>> {
        Some(harness::run(args, input, output))
    }

    fn bench(seconds: f64) -> Option<Value> {
        Some(crate::json::to_value(&bench::measure(seconds)))
    }
}

/// The house levels' fixed ratings in the arena (`level:1` to `level:6`): the
/// Bradley-Terry ratings on the Elo scale of a round robin of the levels, 2 players
/// (`tessera tournament --round-robin --game akropolis --players level:1,...,level:6
/// --games 300 --seed 1 --threads 2`; docs/strategies.md, "Levels"), rounded: 300 games a
/// pair, 4,500 in all, levels 2 to 6 within ±23 to ±28 points (95%, the others held
/// where they are); level 1 won no game, so its rating is only a bound.
const LEVEL_RATINGS: [f64; tessera_ai::registry::LEVELS] =
    [264.0, 1494.0, 1595.0, 1714.0, 1935.0, 1997.0];

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_akropolis::Rules;

    /// Each hint is a legal move, every legal move has one, and its `points` are what
    /// playing it adds to the mover's score (the log's `for +N`), on positions of a game
    /// played by taking the first hint each turn.
    #[test]
    fn hints_cover_the_legal_moves_with_the_points_each_scores() {
        let rules = Rules::new(2, Variants::ALL);
        let mut game = Akropolis::new(rules, 11).unwrap();
        let mut checked = 0;
        while let Some(seat) = Game::to_move(&game) {
            let view = game.view(seat);
            let hints = Akropolis::hints(&view);
            let moves = hints["moves"].as_array().unwrap();
            assert_eq!(moves.len(), view.legal_moves().len());
            let before = game.scores()[seat.index()];
            for h in moves.iter().step_by(7) {
                let mv: Move = h["move"].as_str().unwrap().parse().unwrap();
                let mut next = game.clone();
                Game::play(&mut next, &mv).unwrap();
                let gained = next.scores()[seat.index()] - before;
                assert_eq!(h["points"].as_i64(), Some(i64::from(gained)), "{h}");
                checked += 1;
            }
            let first: Move = moves[0]["move"].as_str().unwrap().parse().unwrap();
            Game::play(&mut game, &first).unwrap();
        }
        assert!(checked > 100, "{checked} moves checked");
    }
}
