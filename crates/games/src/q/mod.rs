//! Q in the registry: rules options, bots, the browser's hints, the words for each move,
//! the terminal's look ([`terminal`], [`render`]), the reference's test harnesses and its
//! deliberately misbehaving players, the benchmark.

pub mod actors;
pub mod bench;
pub mod harness;
pub mod render;
pub mod terminal;

use crate::{BotInfo, OptionKind, Registration, RuleOption};
use serde_json::{json, Value};
use tessera_core::{Game, Seat, Strategy};
use tessera_q::{Choice, QGame, QRules, QView};

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

impl Registration for QGame {
    const TITLE: &'static str = "Q";
    const ABOUT: &'static str =
        "The Qwirkle variant of the Racket course: lines of one colour or one shape; 2 to 4 players.";
    const SEATS: (usize, usize) = (2, 4);
    const BARE_SIGNUP: bool = true;

    fn default_rules(seats: usize) -> Result<QRules, String> {
        Ok(QRules::for_players(seats))
    }

    fn options() -> Vec<RuleOption> {
        vec![
            RuleOption {
                key: "copies",
                label: "Copies of each tile",
                help: "copies of each of the 36 tiles (30 in a real game; fewer make short games)",
                kind: OptionKind::Integer { min: 1, max: 30 },
                default: json!(30),
            },
            RuleOption {
                key: "hand_size",
                label: "Hand size",
                help: "tiles in a hand",
                kind: OptionKind::Integer { min: 1, max: 12 },
                default: json!(6),
            },
        ]
    }

    fn bots() -> Vec<BotInfo> {
        vec![
            BotInfo {
                name: "ldasg",
                about:
                    "the course's \"less dumb and still greedy\": the tile with the most neighbours",
                params: "",
            },
            BotInfo {
                name: "dag",
                about:
                    "the course's \"dumb and greedy\": the smallest candidate in row-column order",
                params: "",
            },
            BotInfo {
                name: "lines",
                about: "searches multi-tile lines for the best score (the strongest)",
                params: "budget=N (nodes per move)",
            },
            BotInfo {
                name: "greedy",
                about: "the best-scoring single placement",
                params: "",
            },
            BotInfo {
                name: "ismcts",
                about: "information-set Monte Carlo tree search on samples of the hidden tiles",
                params: "iters=N or ms=N, c=X, depth=N",
            },
            BotInfo {
                name: "random",
                about: "a listed legal move at random",
                params: "",
            },
        ]
    }

    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String> {
        tessera_ai::registry::q(spec).map_err(|e| e.to_string())
    }

    /// For each tile of the hand, the cells where it fits now (when the seat is to move),
    /// and whether the seat may exchange its hand.
    fn hints(view: &QView) -> Value {
        let mine = view.to_move == Some(view.seat);
        let k = &view.knowledge;
        json!({
            "candidates": k.active.hand.iter().map(|t| {
                if mine { json!(k.map.candidates(*t)) } else { json!([]) }
            }).collect::<Vec<_>>(),
            "can_replace": mine && k.pile >= k.active.hand.len(),
        })
    }

    fn describe(
        before: Option<&Self>,
        after: &Self,
        seat: Seat,
        mv: &Choice,
        names: &[String],
    ) -> Vec<String> {
        let gained = before.map_or(0, |b| {
            after.scores().get(seat.index()).copied().unwrap_or(0)
                - b.scores().get(seat.index()).copied().unwrap_or(0)
        });
        let what = match mv {
            Choice::Pass => "passed".to_string(),
            Choice::Replace => "exchanged the hand".to_string(),
            Choice::Place(ps) => format!(
                "placed {}",
                ps.iter()
                    .map(|p| format!(
                        "{} {} at ({},{})",
                        p.tile.color.name(),
                        p.tile.shape.name(),
                        p.coord.row,
                        p.coord.col
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let mut line = format!("{}: {what}", name(names, seat));
        if gained != 0 {
            line.push_str(&format!(": +{gained}"));
        }
        if after.to_move().is_none() {
            return vec![line, format!("game over: scores {:?}", after.scores())];
        }
        vec![line]
    }

    fn harness(
        args: &[String],
        input: &mut dyn std::io::BufRead,
        output: &mut dyn std::io::Write,
    ) -> Option<Result<(), String>> {
        Some(harness::run(args, input, output))
    }

    fn text_start(_game: &Self, _names: &[String]) -> String {
        terminal::start()
    }

    fn text_turn(view: &QView, names: &[String]) -> String {
        terminal::turn(view, names)
    }

    fn text_help(_view: &QView) -> String {
        terminal::HELP.into()
    }

    fn parse_text(view: &QView, line: &str) -> Result<Choice, String> {
        terminal::parse(view, line)
    }

    fn text_move(
        before: Option<&Self>,
        after: &Self,
        seat: Seat,
        mv: &Choice,
        names: &[String],
        _reveal: bool,
    ) -> String {
        terminal::moved(before, after, seat, mv, names)
    }

    fn text_end(game: &Self, names: &[String]) -> String {
        terminal::end(game, names)
    }

    fn bench(seconds: f64) -> Option<Value> {
        Some(bench::measure(seconds))
    }
}
