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
use tessera_words::{words, Arg, Msg};

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

/// The rules for people (the registry's `rules_help`): the catalogue's paragraphs. They
/// name no tile by its numbers (`0-0-0`): the privacy checks read every tile named on a
/// spectator's page as seen.
const RULES_HELP: [&str; 4] = [
    "triominos-rules-1",
    "triominos-rules-2",
    "triominos-rules-3",
    "triominos-rules-4",
];

/// The bonus a placement of `tile` scores above its points for opening the round (the
/// view's seat must open with a tile: a triple's bonus, or 0-0-0's), else 0.
fn opening_bonus(view: &TriominosView, tile: Tile) -> i32 {
    match view.forced {
        Some(_) => opening_score(tile) - tile.value(),
        None => 0,
    }
}

fn names_and(names: &[String], seats: impl IntoIterator<Item = Seat>) -> Arg {
    Arg::and(seats.into_iter().map(|s| name(names, s)))
}

fn credits_line(names: &[String], credits: &[i32]) -> Msg {
    let given: Vec<Msg> = credits
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != 0)
        .map(|(i, c)| {
            words!(
                "name-score",
                who = name(names, Seat(i as u8)),
                score = crate::signed(*c)
            )
        })
        .collect();
    if given.is_empty() {
        words!("triominos-no-credits")
    } else {
        words!("verbatim", text = given)
    }
}

/// One event in words, public information only (a drawn tile is never named).
pub(crate) fn event_line(e: &Event, names: &[String]) -> Msg {
    match e {
        Event::RoundStarted { round, starter, .. } => {
            words!(
                "triominos-log-round",
                round = *round,
                who = name(names, *starter)
            )
        }
        Event::Placed {
            seat,
            scored,
            opening_bonus,
        } => {
            let who = name(names, *seat);
            let tile = scored.placement.tile.to_string();
            let total = crate::signed(scored.score + opening_bonus);
            let hexagons = scored.hexagons;
            let bridge = if scored.bridge { "yes" } else { "no" };
            if *opening_bonus != 0 {
                words!(
                    "triominos-log-opened",
                    who = who,
                    tile = tile,
                    points = total,
                    bonus = crate::signed(*opening_bonus),
                    hexagons = hexagons,
                    bridge = bridge
                )
            } else {
                words!(
                    "triominos-log-placed",
                    who = who,
                    tile = tile,
                    points = total,
                    hexagons = hexagons,
                    bridge = bridge
                )
            }
        }
        // the drawn tile is private: never in the log
        Event::Drew { seat, .. } => words!(
            "triominos-log-drew",
            who = name(names, *seat),
            points = crate::signed(-tessera_triominos::DRAW_COST)
        ),
        Event::NoPlacement { seat, penalty } => words!(
            "triominos-log-no-placement",
            who = name(names, *seat),
            points = crate::signed(-penalty)
        ),
        Event::RoundOver {
            round,
            emptied,
            credits,
        } => match emptied {
            Some(s) => words!(
                "triominos-log-round-over",
                round = *round,
                who = name(names, *s),
                credits = credits_line(names, credits)
            ),
            None => words!(
                "triominos-log-round-blocked",
                round = *round,
                credits = credits_line(names, credits)
            ),
        },
        Event::GameOver { outcome } => crate::log::game_over(outcome.scores.clone(), names),
    }
}

/// Why a finished game ended.
fn ending(game: &TriominosGame, names: &[String]) -> Option<Msg> {
    let rules = game.rules();
    let round = game.last_events().iter().find_map(|e| match e {
        Event::RoundOver { round, emptied, .. } => Some((*round, *emptied)),
        _ => None,
    });
    let how_round = |round: u32, emptied: Option<Seat>| match emptied {
        Some(s) => words!(
            "triominos-end-round-emptied",
            who = name(names, s),
            round = round
        ),
        None => words!("triominos-end-round-blocked", round = round),
    };
    let reached: Vec<Seat> = game
        .scores()
        .iter()
        .enumerate()
        .filter(|(_, s)| **s >= rules.target)
        .map(|(i, _)| Seat(i as u8))
        .collect();
    let count = reached.len();
    Some(match rules.end {
        EndRule::Target => words!(
            "triominos-end-target",
            who = names_and(names, reached),
            count = count,
            target = rules.target
        ),
        EndRule::FinishRound => words!(
            "triominos-end-finish-round",
            who = names_and(names, reached),
            count = count,
            target = rules.target,
            round = round.map_or(words!("triominos-end-round-over"), |(r, e)| how_round(r, e))
        ),
        EndRule::Round => words!(
            "triominos-end-one-round",
            round = round.map_or(words!("triominos-end-round-over"), |(r, e)| how_round(r, e))
        ),
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
        "columns": [
            words!("column-tiles-placed"),
            words!("triominos-column-tile-points"),
            words!("triominos-column-bonuses"),
            words!("triominos-column-opening"),
            words!("triominos-column-draws"),
            words!("triominos-column-penalties"),
            words!("triominos-column-credits"),
            words!("column-total"),
        ],
        "rows": t.iter().enumerate().map(|(i, r)| {
            let mut row: Vec<i32> = r.to_vec();
            row.push(scores.get(i).copied().unwrap_or(0));
            row
        }).collect::<Vec<_>>(),
    })
}

impl Registration for TriominosGame {
    const TITLE: &'static str = "Triominos";
    fn about() -> Msg {
        words!("triominos-about")
    }
    const SEATS: (usize, usize) = (2, 6);

    fn default_rules(seats: usize) -> Result<Rules, String> {
        let n = u8::try_from(seats).map_err(|_| "too many players".to_string())?;
        Ok(Rules::standard(n))
    }

    fn options() -> Vec<RuleOption> {
        vec![
            RuleOption {
                key: "tiles",
                label: words!("triominos-option-tiles"),
                help: words!("triominos-option-tiles-help"),
                kind: OptionKind::Choice {
                    values: vec![
                        (json!("56"), words!("triominos-option-tiles-56")),
                        (json!("84"), words!("triominos-option-tiles-84")),
                    ],
                },
                default: json!("56"),
            },
            RuleOption {
                key: "start",
                label: words!("triominos-option-start"),
                help: words!("triominos-option-start-help"),
                kind: OptionKind::Choice {
                    values: vec![
                        (json!("highest"), words!("triominos-option-start-highest")),
                        (json!("random"), words!("triominos-option-start-random")),
                        (json!("winner"), words!("triominos-option-start-winner")),
                    ],
                },
                default: json!("highest"),
            },
            RuleOption {
                key: "end",
                label: words!("triominos-option-end"),
                help: words!("triominos-option-end-help"),
                kind: OptionKind::Choice {
                    values: vec![
                        (json!("target"), words!("triominos-option-end-target")),
                        (
                            json!("finish-round"),
                            words!("triominos-option-end-finish-round"),
                        ),
                        (json!("round"), words!("triominos-option-end-round")),
                    ],
                },
                default: json!("target"),
            },
            RuleOption {
                key: "target",
                label: words!("triominos-option-target"),
                help: words!("triominos-option-target-help"),
                kind: OptionKind::Integer {
                    min: 1,
                    max: 10_000,
                },
                default: json!(400),
            },
            RuleOption {
                key: "hexagon_bonus",
                label: words!("triominos-option-hexagon"),
                help: words!("triominos-option-hexagon-help"),
                kind: OptionKind::Choice {
                    values: vec![
                        (json!("readme"), words!("triominos-option-hexagon-readme")),
                        (json!("code"), words!("triominos-option-hexagon-code")),
                    ],
                },
                default: json!("readme"),
            },
        ]
    }

    fn levels() -> Vec<crate::Level> {
        crate::levels(tessera_ai::registry::TRIOMINOS_LEVELS, &LEVEL_RATINGS)
    }

    fn bots() -> Vec<BotInfo> {
        let mut bots = vec![
            BotInfo {
                name: "greedy",
                about: words!("triominos-bot-greedy"),
                params: "",
                strength: "fair",
            },
            BotInfo {
                name: "ismcts",
                about: words!("triominos-bot-ismcts"),
                params: "iters=N or ms=N (budget per move), c=X, depth=N",
                strength: "strongest",
            },
            BotInfo {
                name: "drawer",
                about: words!("triominos-bot-drawer"),
                params: "below=N, max=N, keep=N",
                strength: "fair",
            },
            BotInfo {
                name: "blocker",
                about: words!("triominos-bot-blocker"),
                params: "weight=X",
                strength: "strong",
            },
            BotInfo {
                name: "flexible",
                about: words!("triominos-bot-flexible"),
                params: "weight=X",
                strength: "strong",
            },
            BotInfo {
                name: "random",
                about: words!("bot-random"),
                params: "",
                strength: "weak",
            },
        ];
        bots.extend(crate::level_bots(
            tessera_ai::registry::TRIOMINOS_LEVELS,
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
        tessera_ai::registry::triominos(spec).map_err(|e| e.to_string())
    }

    /// The legal placements with their corners and scores, and whether the seat may draw
    /// or pass.
    /// Every legal move, each with what it scores at once: a placement its points
    /// (bonuses and the round's opening bonus included), a draw -5, a pass -10. What the
    /// end of a round credits (it depends on the others' trays) is not included.
    fn legal(view: &TriominosView) -> Legal<Move> {
        let mut moves = Vec::new();
        let mut gains = Vec::new();
        for s in view.legal_placements() {
            moves.push(Move::Place(s.placement));
            gains.push(s.score + opening_bonus(view, s.placement.tile));
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
                    // what it scores, the round's opening bonus included (as `legal` says)
                    p["score"] = json!(s.score + opening_bonus(view, s.placement.tile));
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
    ) -> Vec<Msg> {
        after
            .last_events()
            .iter()
            .map(|e| event_line(e, names))
            .collect()
    }

    fn move_place(mv: &Move) -> Msg {
        match mv {
            Move::Place(p) => words!(
                "triominos-place-at",
                column = i64::from(p.x),
                row = i64::from(p.y),
                corners = p.orientation.to_string()
            ),
            Move::Draw => words!("triominos-place-by-drawing"),
            Move::Pass => words!("place-by-passing"),
        }
    }

    fn rules_help() -> Vec<Msg> {
        RULES_HELP.iter().map(|id| Msg::new(*id)).collect()
    }

    const CONFIRM: bool = true;
    const OUT_OF_TIME: &'static str = "out-of-time-triominos";

    fn ending(game: &Self, names: &[String]) -> Option<Msg> {
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
const LEVEL_RATINGS: [f64; 7] = [
    1126.0,
    1410.0,
    1504.0,
    1570.0,
    1618.0,
    1772.0,
    LEVEL_7_RATING,
];

/// Level 7's rating: the rating that best explains its games against levels 4, 5 and 6
/// at their ratings above (the round robin's fit with level 7 free, `scripts/level-anchor`):
/// 96% of 100 against level 4, 96% of 100 against level 5, 85.4% of 800 against level 6,
/// all at 100 ms of CPU a move (`tessera tournament --game triominos --players
/// ismcts:cpu=100,depth=0,c=0.4,value=net,level:K --games 100 --threads 2`, seeds 404 and
/// 405; against level 6 `ismcts:cpu=100,depth=20,c=0.4`, seeds 3 and 300 to 306):
/// 2,084 ± 33; docs/strategies.md, "Triominos: a network and a level 7".
const LEVEL_7_RATING: f64 = 2084.0;
