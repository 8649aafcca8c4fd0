//! Triominos in the registry: rules options, bots, the browser's hints, the words for
//! each move, the terminal's look ([`terminal`], [`render`]), the conformance harness and
//! the benchmark.

pub mod bench;
pub mod harness;
pub mod render;
pub mod terminal;

use crate::{BotInfo, OptionKind, Registration, RuleOption};
use serde_json::{json, Value};
use tessera_core::{Seat, Strategy, View};
use tessera_triominos::{Event, Move, Placement, Rules, TriominosGame, TriominosView};

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

    fn bots() -> Vec<BotInfo> {
        vec![
            BotInfo { name: "greedy", about: "places the highest-scoring tile; never draws while it can place", params: "" },
            BotInfo { name: "ismcts", about: "information-set Monte Carlo tree search on samples of what it cannot see (the strongest)", params: "iters=N or ms=N (budget per move), c=X, depth=N" },
            BotInfo { name: "drawer", about: "greedy, but draws while its best placement is worth little", params: "below=N, max=N, keep=N" },
            BotInfo { name: "blocker", about: "greedy, minus the bonus spots it opens for the next player", params: "weight=X" },
            BotInfo { name: "flexible", about: "greedy, plus keeping many distinct numbers on its tray", params: "weight=X" },
            BotInfo { name: "random", about: "a legal move at random", params: "" },
        ]
    }

    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String> {
        tessera_ai::registry::triominos(spec).map_err(|e| e.to_string())
    }

    /// The legal placements with their corners and scores, and whether the seat may draw
    /// or pass.
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
            .map(|e| match e {
                Event::RoundStarted { round, starter, .. } => {
                    format!("round {round} starts; {} opens", name(names, *starter))
                }
                Event::Placed {
                    seat,
                    scored,
                    opening_bonus,
                } => {
                    let mut s = format!(
                        "{} placed {} at ({},{}): +{}",
                        name(names, *seat),
                        scored.placement.tile,
                        scored.placement.x,
                        scored.placement.y,
                        scored.score
                    );
                    if scored.hexagons > 0 {
                        s.push_str(&format!(" — hexagon bonus x{}!", scored.hexagons));
                    }
                    if scored.bridge {
                        s.push_str(" — bridge bonus!");
                    }
                    if *opening_bonus != 0 {
                        s.push_str(&format!(" — opening bonus {opening_bonus:+}"));
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
                        "round {round} over: {} emptied the tray (bonus), credits {credits:?}",
                        name(names, *s)
                    ),
                    None => format!("round {round} blocked, credits {credits:?}"),
                },
                Event::GameOver { outcome } => format!("game over: scores {:?}", outcome.scores),
            })
            .collect()
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
