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
use tessera_q::{turn_points, Choice, QGame, QRules, QView};
use tessera_referee::Legal;

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

/// The copies of each tile of a game for people (the New game form's and the Arena's
/// default): the boxed game's 3, a game of 15 to 20 minutes.
pub const PEOPLE_COPIES: usize = 3;

/// The copies of each tile in the Racket course's game: the default of its rules
/// ([`QRules::for_players`]), of programs over TCP and of the conformance tests.
pub const COURSE_COPIES: usize = tessera_q::COPIES;

/// The rules for people (the registry's `rules_help`).
const RULES_HELP: &str = "The tiles come in six colours and six shapes; each player holds a hand of six. On your turn, either place tiles, or exchange your whole hand with the pile, or pass.

Placing: put one or more tiles of your hand in one row or one column, each on a free cell beside a tile already on the map (or one you placed this turn). Then draw as many tiles from the pile.

Where a tile fits: only the tiles right beside it count. Next to one tile in its row (or its column), it shares that tile's colour or its shape; between two tiles of its row (or column), it shares the colour of both or the shape of both. Tiles farther along a line do not count: a line may change colour or shape along its length and may hold the same tile twice.

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
        "Tiles of six colours and six shapes, after Qwirkle: each tile matches the colour or the shape of the tiles beside it; 2 to 4 players.";
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
                help: "how many of each of the 36 tiles: 3 as in the boxed game (a game of 15 to 20 minutes for people), 30 as in the Racket course's game (hundreds of moves)",
                kind: OptionKind::Choice {
                    values: vec![
                        (json!(1), "1 of each (a quick game)"),
                        (json!(2), "2 of each"),
                        (json!(3), "3 of each (the boxed game)"),
                        (json!(COURSE_COPIES), "30 of each (the Racket course's game: long)"),
                    ],
                },
                default: json!(PEOPLE_COPIES),
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
            i32::try_from(turn_points(map, ps, k.active.hand.len(), b)).unwrap_or(i32::MAX)
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

    /// The points of the tiles a person has put down (a screen shows them before Commit),
    /// or why the engine would refuse them: the score the move would add, finish bonus
    /// included. Exchanging and passing score nothing to show.
    fn preview(view: &QView, mv: &Choice) -> Option<Result<i64, String>> {
        let Choice::Place(ps) = mv else {
            return None;
        };
        let k = &view.knowledge;
        Some(
            tessera_q::preview(&k.map, &k.active.hand, ps, view.rules.bonuses)
                .map(|p| i64::try_from(p).unwrap_or(i64::MAX))
                .map_err(|e| e.to_string()),
        )
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

    fn move_place(mv: &Choice) -> String {
        match mv {
            Choice::Pass => "by passing".into(),
            Choice::Replace => "by exchanging the hand".into(),
            Choice::Place(ps) => {
                let cells: Vec<String> = ps
                    .iter()
                    .map(|p| format!("row {}, column {}", p.coord.row, p.coord.col))
                    .collect();
                format!("at {}", cells.join("; "))
            }
        }
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

    const OUT_OF_TIME: &'static str = "the house passes for them";

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

#[cfg(test)]
mod people_tests {
    use super::{COURSE_COPIES, PEOPLE_COPIES, RULES_HELP};
    use crate::Registry;
    use serde_json::{json, Value};
    use tessera_q::{Color, Coord, Map, Placement, Shape, Tile};

    #[test]
    fn people_get_three_copies_and_the_course_keeps_thirty() {
        let registry = Registry::standard();
        let q = registry.get("q").unwrap();
        let copies = q.info().options.iter().find(|o| o.key == "copies").unwrap();
        assert_eq!(copies.default, json!(PEOPLE_COPIES));
        assert_eq!(PEOPLE_COPIES, 3);
        // the course's 30 is a choice of the form, named as the course's
        let crate::OptionKind::Choice { values } = &copies.kind else {
            panic!("copies is a choice: {:?}", copies.kind)
        };
        let course = values.iter().find(|(v, _)| *v == json!(30)).unwrap();
        assert!(course.1.contains("course"), "{}", course.1);
        // the Arena's rules (the form's defaults) and a program's (none given)
        let people = q.rules(2, &q.info().option_defaults()).unwrap();
        assert_eq!(people["copies"], json!(3));
        let programs = q.rules(2, &Value::Null).unwrap();
        assert_eq!(programs["copies"], json!(COURSE_COPIES));
        assert_eq!(COURSE_COPIES, 30);
    }

    #[test]
    fn the_rules_help_states_the_rule_the_engine_plays() {
        // the words of the old help, which the engine never played
        assert!(!RULES_HELP.contains("no tile twice"), "{RULES_HELP}");
        assert!(!RULES_HELP.contains("all one colour or all one shape"));
        assert!(RULES_HELP.contains("only the tiles right beside it count"));
        assert!(RULES_HELP.contains("the same tile twice"));
        // the terminal's help says the same
        assert!(super::terminal::HELP.contains("Only the tiles right beside it count"));
        // and the engine accepts what the help allows: the column of the issue (purple
        // clover twice, then a change of colour and of shape along it)
        let t = |shape, color| Tile::new(shape, color);
        let map = Map::with_start(t(Shape::Clover, Color::Purple));
        let hand = [
            t(Shape::Clover, Color::Purple),
            t(Shape::Clover, Color::Blue),
            t(Shape::Square, Color::Blue),
            t(Shape::Circle, Color::Blue),
        ];
        let column: Vec<Placement> = hand
            .iter()
            .enumerate()
            .map(|(i, tile)| Placement::new(Coord::new(i as i32 + 1, 0), *tile))
            .collect();
        assert!(map.check(&hand, &column).is_ok());
        // a tile between two neighbours shares the colour of both or the shape of both
        let refused = map
            .check(&hand[2..3], &[Placement::new(Coord::new(1, 0), hand[2])])
            .unwrap_err()
            .to_string();
        assert!(refused.contains("the tile beside it"), "{refused}");
        assert!(!refused.contains("no tile twice"), "{refused}");
    }
}
