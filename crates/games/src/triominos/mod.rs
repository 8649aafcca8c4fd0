//! Triominos in the registry: rules options, bots, the browser's hints, the words for
//! each move, the terminal's look ([`terminal`], [`render`]), the conformance harness and
//! the benchmark.

pub mod bench;
pub mod harness;
pub mod render;
pub mod terminal;

use crate::{BotInfo, OptionKind, Registration, RuleOption};
use serde_json::{json, Value};
use tessera_core::{Game, Seat, Strategy, View};
use tessera_referee::Legal;
use tessera_triominos::{
    opening_score, EndRule, Event, Move, Placement, Rules, Tile, TriominosGame, TriominosView,
    DRAW_COST, NO_PLACE_PENALTY,
};

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

fn placement_json(p: &Placement) -> Value {
    let mut v = serde_json::to_value(p).unwrap_or(Value::Null);
    v["corners"] = json!(p.corners());
    v
}

/// The rules for people (the registry's `rules_help`). It names no tile by its numbers
/// (`0-0-0`): the privacy checks read every tile named on a spectator's page as seen.
const RULES_HELP: &str = "Each player has a tray of triangular tiles with a number in each corner (0 to 5, or 0 to 6 with 84 tiles). On your turn, put one tile on the board: it must touch a tile along a side, and each of its corners must show the number already at that point. You score the three numbers of the tile.

Bonuses: completing a hexagon (six tiles around one point) scores 50 more (two at once 100, three 150; 50/60/70 with the other hexagon bonus), a bridge (a corner that meets a tile across a point, with the side below it open) 40. The round's first tile scores 10 more when it is a triple (the triple zero scores 40).

When you cannot or will not place, draw a tile (-5 each, at most 3 per turn); after three draws, or with the pile empty, your turn ends without a placement (-10).

A round ends when a player places the last tile of their tray (25 more, plus the numbers left on the others' trays), or when nobody can place (the player with the smallest numbers in hand gets the difference to each other tray). Then a new round is dealt. The game ends as chosen: as soon as a score reaches the target, at the end of the round that reaches it, or after one round. The highest score wins.";

fn names_and(names: &[String], seats: impl IntoIterator<Item = Seat>) -> String {
    let v: Vec<String> = seats.into_iter().map(|s| name(names, s)).collect();
    match v.len() {
        0 => "nobody".into(),
        1 => v[0].clone(),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

fn credits_line(names: &[String], credits: &[i32]) -> String {
    let given: Vec<String> = credits
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != 0)
        .map(|(i, c)| format!("{} {c:+}", name(names, Seat(i as u8))))
        .collect();
    if given.is_empty() {
        "no credits".into()
    } else {
        given.join(", ")
    }
}

/// One event in words, public information only (a drawn tile is never named).
fn event_line(e: &Event, names: &[String]) -> String {
    match e {
        Event::RoundStarted { round, starter, .. } => {
            format!("Round {round}: {} opens", name(names, *starter))
        }
        Event::Placed {
            seat,
            scored,
            opening_bonus,
        } => {
            let who = name(names, *seat);
            let tile = scored.placement.tile;
            let total = scored.score + opening_bonus;
            let mut s = if *opening_bonus != 0 {
                format!("{who} opened with {tile} for {total:+} (opening bonus {opening_bonus:+})")
            } else {
                format!("{who} placed {tile} for {total:+}")
            };
            match scored.hexagons {
                0 => {}
                1 => s.push_str(" — hexagon bonus!"),
                n => s.push_str(&format!(" — {n} hexagons: hexagon bonus!")),
            }
            if scored.bridge {
                s.push_str(" — bridge bonus!");
            }
            s
        }
        // the drawn tile is private: never in the log
        Event::Drew { seat, .. } => format!("{} drew a tile (-5)", name(names, *seat)),
        Event::NoPlacement { seat, penalty } => {
            format!("{} could not place: penalty -{penalty}", name(names, *seat))
        }
        Event::RoundOver {
            round,
            emptied,
            credits,
        } => match emptied {
            Some(s) => format!(
                "Round {round} over: {} placed every tile (bonus); {}",
                name(names, *s),
                credits_line(names, credits)
            ),
            None => format!(
                "Round {round} blocked: nobody can place; {}",
                credits_line(names, credits)
            ),
        },
        Event::GameOver { outcome } => {
            let scores: Vec<String> = outcome
                .scores
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{} {s}", name(names, Seat(i as u8))))
                .collect();
            format!(
                "Game over: {}; {} {}",
                scores.join(", "),
                names_and(names, outcome.winners.iter().copied()),
                if outcome.winners.len() == 1 {
                    "wins"
                } else {
                    "win"
                }
            )
        }
    }
}

/// Why a finished game ended.
fn ending(game: &TriominosGame, names: &[String]) -> Option<String> {
    let rules = game.rules();
    let round = game.last_events().iter().find_map(|e| match e {
        Event::RoundOver { round, emptied, .. } => Some((*round, *emptied)),
        _ => None,
    });
    let how_round = |round: u32, emptied: Option<Seat>| match emptied {
        Some(s) => format!("{} placed every tile of round {round}", name(names, s)),
        None => format!("round {round} was blocked: nobody could place"),
    };
    let reached: Vec<Seat> = game
        .scores()
        .iter()
        .enumerate()
        .filter(|(_, s)| **s >= rules.target)
        .map(|(i, _)| Seat(i as u8))
        .collect();
    Some(match rules.end {
        EndRule::Target => format!(
            "{} reached the target of {} points",
            names_and(names, reached),
            rules.target
        ),
        EndRule::FinishRound => {
            let r = round.map(|(r, e)| how_round(r, e)).unwrap_or_default();
            format!(
                "{} reached {} points and the round is over: {r}",
                names_and(names, reached),
                rules.target
            )
        }
        EndRule::Round => match round {
            Some((r, e)) => format!("a one-round game: {}", how_round(r, e)),
            None => "a one-round game: the round is over".into(),
        },
    })
}

/// The final scores by kind of points: every move replayed.
fn breakdown(start: &TriominosGame, moves: &[Move], end: &TriominosGame) -> Value {
    let n = end.seats();
    // tiles, tile points, bonuses, opening bonuses, draws, penalties, round credits
    let mut t = vec![[0i32; 7]; n];
    let mut g = start.clone();
    for mv in moves {
        let Ok(events) = g.apply(mv) else {
            return Value::Null;
        };
        for e in &events {
            match e {
                Event::Placed {
                    seat,
                    scored,
                    opening_bonus,
                } => {
                    let r = &mut t[seat.index()];
                    let value = scored.placement.tile.value();
                    r[0] += 1;
                    r[1] += value;
                    r[2] += scored.score - value;
                    r[3] += opening_bonus;
                }
                Event::Drew { seat, .. } => t[seat.index()][4] -= tessera_triominos::DRAW_COST,
                Event::NoPlacement { seat, penalty } => t[seat.index()][5] -= penalty,
                Event::RoundOver { credits, .. } => {
                    for (i, c) in credits.iter().enumerate() {
                        if let Some(r) = t.get_mut(i) {
                            r[6] += c;
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let scores = end.scores();
    json!({
        "columns": ["Tiles placed", "Tile points", "Hexagon and bridge bonuses", "Opening bonus", "Draws", "No-placement penalties", "Round credits", "Total"],
        "rows": t.iter().enumerate().map(|(i, r)| {
            let mut row: Vec<i32> = r.to_vec();
            row.push(scores.get(i).copied().unwrap_or(0));
            row
        }).collect::<Vec<_>>(),
    })
}

impl Registration for TriominosGame {
    const TITLE: &'static str = "Triominos";
    const ABOUT: &'static str =
        "Triangular tiles whose corners must match; bonuses for bridges and hexagons; 2 to 6 players.";
    const SEATS: (usize, usize) = (2, 6);

    fn default_rules(seats: usize) -> Result<Rules, String> {
        let n = u8::try_from(seats).map_err(|_| "too many players".to_string())?;
        Ok(Rules::standard(n))
    }

    fn options() -> Vec<RuleOption> {
        vec![
            RuleOption {
                key: "tiles",
                label: "Tile set",
                help: "56 tiles (numbers 0-5) or 84 tiles (numbers 0-6)",
                kind: OptionKind::Choice {
                    values: vec![(json!("56"), "56 tiles (0-5)"), (json!("84"), "84 tiles (0-6)")],
                },
                default: json!("56"),
            },
            RuleOption {
                key: "start",
                label: "Who opens",
                help: "who opens a round: the holder of the highest tile, a random player, or the last round's winner",
                kind: OptionKind::Choice {
                    values: vec![
                        (json!("highest"), "highest tile"),
                        (json!("random"), "random player"),
                        (json!("winner"), "last round's winner"),
                    ],
                },
                default: json!("highest"),
            },
            RuleOption {
                key: "end",
                label: "Game ends",
                help: "as soon as a score reaches the target, at the end of that round, or after one round",
                kind: OptionKind::Choice {
                    values: vec![
                        (json!("target"), "at the target score"),
                        (json!("finish-round"), "end of the round reaching the target"),
                        (json!("round"), "after one round"),
                    ],
                },
                default: json!("target"),
            },
            RuleOption {
                key: "target",
                label: "Target",
                help: "the score that ends the game",
                kind: OptionKind::Integer { min: 1, max: 10_000 },
                default: json!(400),
            },
            RuleOption {
                key: "hexagon_bonus",
                label: "Hexagon bonus",
                help: "points for completing 1, 2 or 3 hexagons at once: readme 50/100/150, code 50/60/70",
                kind: OptionKind::Choice {
                    values: vec![(json!("readme"), "50/100/150"), (json!("code"), "50/60/70")],
                },
                default: json!("readme"),
            },
        ]
    }

    fn levels() -> Vec<crate::Level> {
        crate::levels(&tessera_ai::registry::TRIOMINOS_LEVELS, &LEVEL_RATINGS)
    }

    fn bots() -> Vec<BotInfo> {
        vec![
            BotInfo { name: "greedy", about: "places the highest-scoring tile; never draws while it can place", params: "", strength: "fair" },
            BotInfo { name: "ismcts", about: "information-set Monte Carlo tree search on samples of what it cannot see (the strongest)", params: "iters=N or ms=N (budget per move), c=X, depth=N", strength: "strongest" },
            BotInfo { name: "drawer", about: "greedy, but draws while its best placement is worth little", params: "below=N, max=N, keep=N", strength: "fair" },
            BotInfo { name: "blocker", about: "greedy, minus the bonus spots it opens for the next player", params: "weight=X", strength: "strong" },
            BotInfo { name: "flexible", about: "greedy, plus keeping many distinct numbers on its tray", params: "weight=X", strength: "strong" },
            BotInfo { name: "random", about: "a legal move at random", params: "", strength: "weak" },
            BotInfo { name: "level:1", about: "level 1 of 6 (weakest): random", params: "", strength: "weak" },
            BotInfo { name: "level:2", about: "level 2 of 6: greedy", params: "", strength: "fair" },
            BotInfo { name: "level:3", about: "level 3 of 6: ismcts:iters=100", params: "", strength: "strong" },
            BotInfo { name: "level:4", about: "level 4 of 6: ismcts:iters=300", params: "", strength: "strong" },
            BotInfo { name: "level:5", about: "level 5 of 6: ismcts:iters=1000", params: "", strength: "strongest" },
            BotInfo { name: "level:6", about: "level 6 of 6 (strongest): ismcts:ms=100,depth=20,c=0.4", params: "", strength: "strongest" },
        ]
    }

    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String> {
        tessera_ai::registry::triominos(spec).map_err(|e| e.to_string())
    }

    /// The legal placements with their corners and scores, and whether the seat may draw
    /// or pass.
    /// Every legal move, each with what it scores at once: a placement its points
    /// (bonuses and the round's opening bonus included), a draw -5, a pass -10. What the
    /// end of a round credits (it depends on the others' trays) is not included.
    fn legal(view: &TriominosView) -> Legal<Move> {
        let opening = |t: Tile| match view.forced {
            Some(_) => opening_score(t) - t.value(),
            _ => 0,
        };
        let mut moves = Vec::new();
        let mut gains = Vec::new();
        for s in view.legal_placements() {
            moves.push(Move::Place(s.placement));
            gains.push(s.score + opening(s.placement.tile));
        }
        if let Some(m) = view.turn().and_then(|t| t.non_placing_move()) {
            moves.push(m);
            gains.push(match m {
                Move::Draw => -DRAW_COST,
                _ => -NO_PLACE_PENALTY,
            });
        }
        Legal {
            count: moves.len(),
            complete: true,
            moves,
            gains: Some(gains),
        }
    }

    fn hints(view: &TriominosView) -> Value {
        let moves = view.legal_moves();
        json!({
            "can_draw": moves.contains(&Move::Draw),
            "can_pass": moves.contains(&Move::Pass),
            "placements": view
                .legal_placements()
                .iter()
                .map(|s| {
                    let mut p = placement_json(&s.placement);
                    p["score"] = json!(s.score);
                    p["hexagons"] = json!(s.hexagons);
                    p["bridge"] = json!(s.bridge);
                    p
                })
                .collect::<Vec<_>>(),
        })
    }

    fn describe(
        _before: Option<&Self>,
        after: &Self,
        _seat: Seat,
        _mv: &Move,
        names: &[String],
    ) -> Vec<String> {
        after
            .last_events()
            .iter()
            .map(|e| event_line(e, names))
            .collect()
    }

    fn move_place(mv: &Move) -> String {
        match mv {
            Move::Place(p) => format!("at column {}, row {}, corners {}", p.x, p.y, p.orientation),
            Move::Draw => "by drawing".into(),
            Move::Pass => "by passing".into(),
        }
    }

    fn rules_help() -> &'static str {
        RULES_HELP
    }

    const CONFIRM: bool = true;
    const OUT_OF_TIME: &'static str =
        "the house passes for them if they may, else draws a tile for them";

    fn ending(game: &Self, names: &[String]) -> Option<String> {
        ending(game, names)
    }

    fn breakdown(start: &Self, moves: &[Move], end: &Self) -> Value {
        breakdown(start, moves, end)
    }

    /// A pass when it is allowed, else a draw, else the first placement (the opening).
    fn clock_move(view: &TriominosView) -> Option<Move> {
        let moves = view.legal_moves();
        [Move::Pass, Move::Draw]
            .into_iter()
            .find(|m| moves.contains(m))
            .or_else(|| moves.first().copied())
    }

    fn text_start(game: &Self, names: &[String]) -> String {
        terminal::start(game, names)
    }

    fn text_turn(view: &TriominosView, names: &[String]) -> String {
        terminal::turn(view, names)
    }

    fn text_help(_view: &TriominosView) -> String {
        terminal::HELP.into()
    }

    fn parse_text(view: &TriominosView, line: &str) -> Result<Move, String> {
        terminal::parse(view, line)
    }

    fn text_move(
        _before: Option<&Self>,
        after: &Self,
        _seat: Seat,
        _mv: &Move,
        names: &[String],
        reveal: bool,
    ) -> String {
        terminal::moved(after, names, reveal)
    }

    fn text_end(game: &Self, names: &[String]) -> String {
        terminal::end(game, names)
    }

    fn harness(
        args: &[String],
        input: &mut dyn std::io::BufRead,
        output: &mut dyn std::io::Write,
    ) -> Option<Result<(), String>> {
        Some(harness::run(args, input, output))
    }

    fn bench(seconds: f64) -> Option<Value> {
        Some(bench::measure(seconds))
    }
}

/// The house levels' fixed ratings in the arena (`level:1` to `level:6`): the
/// Bradley-Terry ratings on the Elo scale of a round robin of the levels, 2 players
/// (`tessera tournament --round-robin --game triominos --players level:1,...,level:6`;
/// docs/strategies.md, "Levels"), rounded: the round robins of 2026-11-27 with level 6
/// `ismcts:ms=100,depth=20,c=0.4`, 200 games a pair, 3,000 in all (`--games 100 --threads 2`,
/// seeds 2 and 3, merged), each rating within ±25 to ±30 points (level 1 ±40).
const LEVEL_RATINGS: [f64; tessera_ai::registry::LEVELS] =
    [1126.0, 1410.0, 1504.0, 1570.0, 1618.0, 1772.0];
