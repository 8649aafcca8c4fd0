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
use tessera_words::{words, Arg, Msg};

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

/// The rules for people (the registry's `rules_help`): the catalogue's paragraphs.
const RULES_HELP: [&str; 4] = [
    "akropolis-rules-1",
    "akropolis-rules-2",
    "akropolis-rules-3",
    "akropolis-rules-4",
];

/// The districts' words by their order in a city's score (houses, markets, barracks,
/// temples, gardens).
const DISTRICTS: [&str; 5] = [
    "akropolis-houses",
    "akropolis-markets",
    "akropolis-barracks",
    "akropolis-temples",
    "akropolis-gardens",
];

impl Registration for Akropolis {
    const TITLE: &'static str = "Akropolis";
    fn about() -> Msg {
        words!("akropolis-about")
    }
    const SEATS: (usize, usize) = (2, 4);

    fn default_rules(seats: usize) -> Result<Rules, String> {
        let n = u8::try_from(seats).map_err(|_| "too many players".to_string())?;
        Ok(Rules::new(n, Variants::NONE))
    }

    fn options() -> Vec<RuleOption> {
        vec![
            RuleOption {
                key: "variants",
                label: words!("akropolis-option-variants"),
                help: words!("akropolis-option-variants-help"),
                kind: OptionKind::Letters {
                    letters: "hmbtg"
                        .chars()
                        .zip(DISTRICTS)
                        .map(|(c, id)| (c, Msg::new(id)))
                        .collect(),
                },
                default: json!("hmbtg"),
            },
            RuleOption {
                key: "solo",
                label: words!("akropolis-option-solo"),
                help: words!("akropolis-option-solo-help"),
                kind: OptionKind::Choice {
                    values: vec![
                        (Value::Null, words!("akropolis-option-solo-no")),
                        (
                            json!("hippodamos"),
                            words!("akropolis-architect", name = "Hippodamos", level = 1),
                        ),
                        (
                            json!("metagenes"),
                            words!("akropolis-architect", name = "Metagenes", level = 2),
                        ),
                        (
                            json!("callicrates"),
                            words!("akropolis-architect", name = "Callicrates", level = 3),
                        ),
                    ],
                },
                default: Value::Null,
            },
        ]
    }

    fn levels() -> Vec<crate::Level> {
        crate::levels(tessera_ai::registry::AKROPOLIS_LEVELS, &LEVEL_RATINGS)
    }

    fn bots() -> Vec<BotInfo> {
        let mut bots = vec![
            BotInfo {
                name: "ismcts",
                about: words!("akropolis-bot-ismcts"),
                params: "iters=N or ms=N, c=X, depth=N",
                strength: "strongest",
            },
            BotInfo {
                name: "districts",
                about: words!("akropolis-bot-districts"),
                params: "district=X, star=X, stone=X",
                strength: "strong",
            },
            BotInfo {
                name: "greedy",
                about: words!("akropolis-bot-greedy"),
                params: "",
                strength: "fair",
            },
            BotInfo {
                name: "random",
                about: words!("bot-random"),
                params: "",
                strength: "weak",
            },
            BotInfo {
                name: "architect",
                about: words!("akropolis-bot-architect"),
                params: "",
                strength: "",
            },
        ];
        bots.extend(crate::level_bots(
            tessera_ai::registry::AKROPOLIS_LEVELS,
            &[
                "weak",
                "fair",
                "strong",
                "strong",
                "strongest",
                "strongest",
                "strongest",
            ],
        ));
        bots
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

    fn check_seats(rules: &Rules, bots: &[Option<&str>]) -> Result<(), Msg> {
        let architect =
            |b: &Option<&str>| b.is_some_and(|s| s.split(':').next() == Some("architect"));
        let architects = bots.iter().filter(|b| architect(b)).count();
        match rules.solo {
            Some(_) if bots.len() == 2 && architect(&bots[1]) && architects == 1 => Ok(()),
            Some(_) => Err(words!("akropolis-solo-seats")),
            None if architects > 0 => Err(words!("akropolis-architect-solo-only")),
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
    ) -> Vec<Msg> {
        // the first tile of the site is free: only a price is worth a word
        let cost = before
            .and_then(|b| b.site().iter().position(|t| *t == mv.tile))
            .unwrap_or(0);
        let level = after
            .players()
            .get(seat.index())
            .map_or(0, |p| i64::from(p.city().height(mv.origin)));
        let who = name(names, seat);
        let tile = mv.tile.to_string();
        let mut lines = vec![match before {
            Some(b) => words!(
                "akropolis-log-built",
                who = who,
                tile = tile,
                paid = cost,
                level = level,
                points = crate::signed(
                    after.scores().get(seat.index()).copied().unwrap_or(0)
                        - b.scores().get(seat.index()).copied().unwrap_or(0),
                )
            ),
            // (a record's first state is not known: no price, no points)
            None => words!(
                "akropolis-log-built-bare",
                who = who,
                tile = tile,
                level = level
            ),
        }];
        if after.is_over() {
            lines.push(crate::log::game_over(after.outcome_now().scores, names));
        }
        lines
    }

    fn move_place(mv: &Move) -> Msg {
        words!(
            "akropolis-place-at",
            position = mv.origin.to_string(),
            turns = mv.rotation
        )
    }

    fn rules_help() -> Vec<Msg> {
        RULES_HELP.iter().map(|id| Msg::new(*id)).collect()
    }

    const CONFIRM: bool = true;

    fn ending(game: &Self, names: &[String]) -> Option<Msg> {
        let outcome = game.outcome_now();
        let best = outcome.scores.iter().copied().max();
        let tied = outcome.scores.iter().filter(|s| Some(**s) == best).count();
        Some(if tied > outcome.winners.len() {
            let w: Vec<String> = outcome.winners.iter().map(|s| name(names, *s)).collect();
            words!("akropolis-end-tie", winners = Arg::and(w))
        } else {
            words!("akropolis-end")
        })
    }

    fn breakdown(_start: &Self, _moves: &[Move], end: &Self) -> Value {
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
        let mut columns: Vec<Msg> = [
            "akropolis-column-houses",
            "akropolis-column-markets",
            "akropolis-column-barracks",
            "akropolis-column-temples",
            "akropolis-column-gardens",
        ]
        .into_iter()
        .map(Msg::new)
        .collect();
        columns.push(words!("akropolis-column-stones"));
        if other {
            columns.push(words!("akropolis-column-quarries"));
        }
        columns.push(words!("column-total"));
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
const LEVEL_RATINGS: [f64; 7] = [
    264.0,
    1494.0,
    1595.0,
    1714.0,
    1935.0,
    1997.0,
    LEVEL_7_RATING,
];

/// Level 7's rating: the rating that best explains its games against levels 4, 5 and 6
/// at their ratings above (the round robin's fit with level 7 free, `scripts/level-anchor`):
/// 61.9% of 2,000 games against level 6 at the same 100 ms of CPU a move (`tessera
/// tournament --game akropolis --players ismcts:cpu=100,value=net,ismcts:cpu=100 --games
/// 2000 --seed 5 --threads 2`), 68% of 100 against level 5 and 92% of 100 against level 4
/// (`--players ismcts:cpu=100,value=net,level:K --games 100 --seed 50K`): 2,081 ± 15, the
/// same as level 6's rating plus the Elo of its share against level 6 alone;
/// docs/strategies.md, "A learned evaluation".
const LEVEL_7_RATING: f64 = 2081.0;

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
