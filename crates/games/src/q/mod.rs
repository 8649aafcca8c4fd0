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
use tessera_core::{Game, Seat, Strategy, View};
use tessera_q::{score, Choice, QGame, QRules, QView};
use tessera_referee::Legal;

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

/// The rules for people (the registry's `rules_help`).
const RULES_HELP: &str = "The tiles come in six colours and six shapes; each player holds a hand of six. On your turn, either place tiles, or exchange your whole hand with the pile, or pass.

Placing: put one or more tiles of your hand in one row or one column, each next to a tile already on the map, so that every line they join is all one colour or all one shape, with no tile twice in a line. Then draw as many tiles from the pile.

Scoring: one point per tile placed, plus one point for every tile of each line of two or more that a placed tile belongs to; a completed Q (a line of six: every colour, or every shape) scores 6 more, and placing the last tile of your hand 6 more.

The game ends when a player places every tile of the hand, or when a whole round goes by without a placement. The highest score wins.";

/// The Qs completed by `seat`'s placements `ps` (now on `after`'s map) and whether they
/// ended the game by emptying its hand.
fn bonuses_of(after: &QGame, seat: Seat, ps: &[tessera_q::Placement]) -> (u64, bool) {
    let q = after.rules().bonuses.q;
    let qs = (tessera_q::score(after.map(), ps, q) - tessera_q::score(after.map(), ps, 0))
        .checked_div(q)
        .unwrap_or(0);
    let finished = after.to_move().is_none()
        && after
            .players()
            .get(seat.index())
            .is_some_and(|p| p.hand.is_empty());
    (qs, finished)
}

fn game_over(scores: Vec<i32>, names: &[String]) -> String {
    let outcome = tessera_core::Outcome::from_scores(scores);
    let list: Vec<String> = outcome
        .scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {s}", name(names, Seat(i as u8))))
        .collect();
    let winners: Vec<String> = outcome.winners.iter().map(|s| name(names, *s)).collect();
    format!(
        "Game over: {}; {} {}",
        list.join(", "),
        winners.join(" and "),
        if winners.len() == 1 { "wins" } else { "win" }
    )
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

    fn levels() -> Vec<crate::Level> {
        crate::levels(&tessera_ai::registry::Q_LEVELS, &LEVEL_RATINGS)
    }

    fn bots() -> Vec<BotInfo> {
        vec![
            BotInfo {
                name: "ldasg",
                about:
                    "the course's \"less dumb and still greedy\": the tile with the most neighbours",
                params: "",
                strength: "fair",
            },
            BotInfo {
                name: "dag",
                about:
                    "the course's \"dumb and greedy\": the smallest candidate in row-column order",
                params: "",
                strength: "weak",
            },
            BotInfo {
                name: "lines",
                about: "searches multi-tile lines for the best score (the strongest)",
                params: "budget=N (nodes per move)",
                strength: "strongest",
            },
            BotInfo {
                name: "lookahead",
                about: "the line search, judging each move by the next player's chance to place its whole hand after it (and its own the turn after) on guesses of the hidden tiles (as strong as lines so far)",
                params: "ms=N (time cap per move), k=N, samples=N, first=N, keep=N, scale=X, fw=X, budget=N",
                strength: "strong",
            },
            BotInfo {
                name: "greedy",
                about: "the best-scoring single placement",
                params: "",
                strength: "fair",
            },
            BotInfo {
                name: "ismcts",
                about: "information-set Monte Carlo tree search on samples of the hidden tiles",
                params: "iters=N or ms=N, c=X, depth=N",
                strength: "strong",
            },
            BotInfo {
                name: "random",
                about: "a listed legal move at random",
                params: "",
                strength: "weak",
            },
            BotInfo {
                name: "level:1",
                about: "level 1 of 6 (weakest): random",
                params: "",
                strength: "weak",
            },
            BotInfo {
                name: "level:2",
                about: "level 2 of 6: ldasg",
                params: "",
                strength: "weak",
            },
            BotInfo {
                name: "level:3",
                about: "level 3 of 6: dag",
                params: "",
                strength: "fair",
            },
            BotInfo {
                name: "level:4",
                about: "level 4 of 6: greedy",
                params: "",
                strength: "fair",
            },
            BotInfo {
                name: "level:5",
                about: "level 5 of 6: lines:budget=20",
                params: "",
                strength: "strong",
            },
            BotInfo {
                name: "level:6",
                about: "level 6 of 6 (strongest): lines",
                params: "",
                strength: "strongest",
            },
        ]
    }

    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String> {
        tessera_ai::registry::q(spec).map_err(|e| e.to_string())
    }

    /// For each tile of the hand, the cells where it fits now (when the seat is to move),
    /// and whether the seat may exchange its hand.
    /// A bounded form (`complete: false`): pass, replace when the pile allows it, every
    /// single-tile placement, and the house's two lines (the dag and ldasg turns), each
    /// with the points it scores at once (the finish bonus included; pass and replace 0).
    /// Any other line is legal too: extend a listed placement along its row or column.
    fn legal(view: &QView) -> Legal<Choice> {
        let moves = view.legal_moves();
        let k = &view.knowledge;
        let b = view.rules.bonuses;
        let points = |map: &tessera_q::Map, ps: &[tessera_q::Placement]| {
            let finish = if ps.len() == k.active.hand.len() {
                b.finish
            } else {
                0
            };
            i32::try_from(score(map, ps, b.q) + finish).unwrap_or(i32::MAX)
        };
        // one copy of the map for every single placement (each put down, scored, taken
        // back), not a copy a move: the listed placements are legal
        let mut map = k.map.clone();
        let gains = moves
            .iter()
            .map(|m| match m {
                Choice::Place(ps) if ps.len() == 1 && !map.is_occupied(ps[0].coord) => {
                    map.insert(ps[0].coord, ps[0].tile);
                    let gain = points(&map, ps);
                    map.remove(ps[0].coord);
                    gain
                }
                Choice::Place(ps) => k
                    .map
                    .legal(&k.active.hand, ps)
                    .map_or(0, |after| points(&after, ps)),
                _ => 0,
            })
            .collect();
        Legal {
            count: moves.len(),
            complete: false,
            moves,
            gains: Some(gains),
        }
    }

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
        let who = name(names, seat);
        let mut line = match mv {
            Choice::Pass => format!("{who} passed"),
            Choice::Replace => format!("{who} exchanged the hand"),
            Choice::Place(ps) => {
                let tiles: Vec<String> = ps.iter().map(|p| p.tile.to_string()).collect();
                let gained = before.map_or(0, |b| {
                    after.scores().get(seat.index()).copied().unwrap_or(0)
                        - b.scores().get(seat.index()).copied().unwrap_or(0)
                });
                let mut l = format!("{who} placed {} for {gained:+}", tiles.join(", "));
                let (qs, finished) = bonuses_of(after, seat, ps);
                match qs {
                    0 => {}
                    1 => l.push_str(" — Q bonus!"),
                    n => l.push_str(&format!(" — {n} Qs: Q bonus!")),
                }
                if finished {
                    l.push_str(" — every tile of the hand placed: finish bonus!");
                }
                l
            }
        };
        if matches!(mv, Choice::Place(_)) && before.is_none() {
            line = line.replace(" for +0", "");
        }
        if after.to_move().is_none() {
            return vec![line, game_over(after.scores(), names)];
        }
        vec![line]
    }

    fn rules_help() -> &'static str {
        RULES_HELP
    }

    fn ending(game: &Self, names: &[String]) -> Option<String> {
        let first = game.order().first().copied();
        Some(match first {
            Some(s)
                if game
                    .players()
                    .get(s.index())
                    .is_some_and(|p| p.hand.is_empty()) =>
            {
                format!("{} placed every tile of the hand", name(names, s))
            }
            _ => "a whole round went by without a placement (every player passed or exchanged)"
                .to_string(),
        })
    }

    fn breakdown(start: &Self, moves: &[Choice], end: &Self) -> Value {
        // tiles placed, line points, Q bonuses, finish bonus
        let mut t = vec![[0i64; 4]; end.seats()];
        let mut g = start.clone();
        for mv in moves {
            let Some(seat) = g.to_move() else {
                return Value::Null;
            };
            let before = g.scores().get(seat.index()).copied().unwrap_or(0) as i64;
            if g.play(mv).is_err() {
                return Value::Null;
            }
            if let Choice::Place(ps) = mv {
                let gained = g.scores().get(seat.index()).copied().unwrap_or(0) as i64 - before;
                let (qs, finished) = bonuses_of(&g, seat, ps);
                let bonuses = g.rules().bonuses;
                let q = qs as i64 * bonuses.q as i64;
                let f = if finished { bonuses.finish as i64 } else { 0 };
                if let Some(r) = t.get_mut(seat.index()) {
                    r[0] += ps.len() as i64;
                    r[1] += gained - q - f;
                    r[2] += q;
                    r[3] += f;
                }
            }
        }
        let scores = end.scores();
        json!({
            "columns": ["Tiles placed", "Line points", "Q bonuses", "Finish bonus", "Total"],
            "rows": t.iter().enumerate().map(|(i, r)| {
                let mut row = r.to_vec();
                row.push(scores.get(i).copied().unwrap_or(0) as i64);
                row
            }).collect::<Vec<_>>(),
        })
    }

    /// A pass.
    fn clock_move(view: &QView) -> Option<Choice> {
        (view.to_move == Some(view.seat)).then_some(Choice::Pass)
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

/// The house levels' fixed ratings in the arena (`level:1` to `level:6`): the
/// Bradley-Terry ratings on the Elo scale of a round robin of the levels, 2 players
/// (`tessera tournament --round-robin --game q --players level:1,...,level:6`;
/// docs/strategies.md, "Levels"), rounded: 1,000 games a pair, 15,000 in all.
const LEVEL_RATINGS: [f64; tessera_ai::registry::LEVELS] =
    [745.0, 1279.0, 1335.0, 1613.0, 1973.0, 2055.0];
