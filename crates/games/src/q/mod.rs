//! Q in the registry: rules options, bots, the browser's hints, the words for each move,
//! the terminal's look ([`terminal`], [`render`]), the reference's test harnesses and its
//! deliberately misbehaving players, the benchmark.

pub mod actors;
pub mod bench;
pub mod harness;
pub mod render;
pub mod terminal;

use crate::log::{game_over, name};
use crate::{BotInfo, OptionKind, Registration, RuleOption};
use serde_json::{json, Value};
use tessera_core::{Game, Seat, Strategy, View};
use tessera_q::{Choice, QGame, QRules, QView, RuleSet};
use tessera_referee::Legal;
use tessera_words::{words, Arg, Msg, Words};

/// The copies of each tile of a game for people (the New game form's and the Arena's
/// default): the boxed game's 3, a game of 15 to 20 minutes.
pub const PEOPLE_COPIES: usize = 3;

/// The copies of each tile in the Racket course's game: the default of its rules
/// ([`QRules::for_players`]), of programs over TCP and of the conformance tests.
pub const COURSE_COPIES: usize = tessera_q::COPIES;

/// The rule set of a game for people (the New game form's and the Arena's default): the
/// boxed game's. Programs over TCP, `tessera play`, the harness and the conformance tests
/// keep the course's ([`QRules::for_players`]).
pub const PEOPLE_RULES: RuleSet = RuleSet::Boxed;

/// The rules for people (the registry's `rules_help`): the catalogue's paragraphs, the
/// boxed game's (the default) first, then the course's (an option).
const RULES_HELP: [&str; 8] = [
    "q-rules-1",
    "q-rules-2",
    "q-rules-3",
    "q-rules-4",
    "q-rules-5",
    "q-rules-course-1",
    "q-rules-course-2",
    "q-rules-course-3",
];

/// The Qs completed by `seat`'s placements `ps` (now on `after`'s map) and whether they
/// ended the game by emptying its hand.
fn bonuses_of(after: &QGame, seat: Seat, ps: &[tessera_q::Placement]) -> (u64, bool) {
    let q = after.rules().bonuses.q;
    let rules = after.rule_set();
    let qs = (rules.score(after.map(), ps, q) - rules.score(after.map(), ps, 0))
        .checked_div(q)
        .unwrap_or(0);
    let finished = after.to_move().is_none()
        && after
            .players()
            .get(seat.index())
            .is_some_and(|p| p.hand.is_empty());
    (qs, finished)
}

impl Registration for QGame {
    const TITLE: &'static str = "Q";
    fn about() -> Msg {
        words!("q-about")
    }
    const SEATS: (usize, usize) = (2, 4);
    const BARE_SIGNUP: bool = true;

    fn default_rules(seats: usize) -> Result<QRules, String> {
        Ok(QRules::for_players(seats))
    }

    fn options() -> Vec<RuleOption> {
        vec![
            RuleOption {
                key: "rule_set",
                label: words!("q-option-rules"),
                help: words!("q-option-rules-help"),
                kind: OptionKind::Choice {
                    values: vec![
                        (json!(RuleSet::Boxed.name()), words!("q-option-rules-boxed")),
                        (
                            json!(RuleSet::Course.name()),
                            words!("q-option-rules-course"),
                        ),
                    ],
                },
                default: json!(PEOPLE_RULES.name()),
            },
            RuleOption {
                key: "copies",
                label: words!("q-option-copies"),
                help: words!("q-option-copies-help"),
                kind: OptionKind::Choice {
                    values: vec![
                        (json!(1), words!("q-option-copies-1")),
                        (json!(2), words!("q-option-copies-2")),
                        (json!(3), words!("q-option-copies-3")),
                        (json!(COURSE_COPIES), words!("q-option-copies-30")),
                    ],
                },
                default: json!(PEOPLE_COPIES),
            },
            RuleOption {
                key: "hand_size",
                label: words!("q-option-hand-size"),
                help: words!("q-option-hand-size-help"),
                kind: OptionKind::Integer { min: 1, max: 12 },
                default: json!(6),
            },
        ]
    }

    fn levels() -> Vec<crate::Level> {
        crate::levels(tessera_ai::registry::Q_LEVELS, &LEVEL_RATINGS)
    }

    fn bots() -> Vec<BotInfo> {
        let mut bots = vec![
            BotInfo {
                name: "ldasg",
                about: words!("q-bot-ldasg"),
                params: "",
                strength: "fair",
            },
            BotInfo {
                name: "dag",
                about: words!("q-bot-dag"),
                params: "",
                strength: "weak",
            },
            BotInfo {
                name: "lines",
                about: words!("q-bot-lines"),
                params: "budget=N (nodes per move)",
                strength: "strong",
            },
            BotInfo {
                name: "learned",
                about: words!("q-bot-learned"),
                params: "k=N (turns tried), deals=N, model=FILE",
                strength: "fair",
            },
            BotInfo {
                name: "lookahead",
                about: words!("q-bot-lookahead"),
                params: "ms=N (time cap per move), k=N, samples=N, first=N, keep=N, scale=X, fw=X, budget=N",
                strength: "strongest",
            },
            BotInfo {
                name: "greedy",
                about: words!("q-bot-greedy"),
                params: "",
                strength: "fair",
            },
            BotInfo {
                name: "ismcts",
                about: words!("q-bot-ismcts"),
                params: "iters=N or ms=N, c=X, depth=N",
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
            tessera_ai::registry::Q_LEVELS,
            &[
                "weak",
                "weak",
                "weak",
                "fair",
                "fair",
                "strong",
                "strongest",
            ],
        ));
        bots
    }

    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String> {
        tessera_ai::registry::q(spec).map_err(|e| e.to_string())
    }

    /// A bounded form (`complete: false`): pass, replace when the pile allows it, every
    /// single-tile placement, and the house's two lines (the dag and ldasg turns), each
    /// with the points it scores at once (the finish bonus included; pass and replace 0).
    /// Any other line is legal too: extend a listed placement along its row or column.
    fn legal(view: &QView) -> Legal<Choice> {
        let moves = view.legal_moves();
        let k = &view.knowledge;
        let b = view.rules.bonuses;
        let rules = view.rules.rule_set;
        let points = |map: &tessera_q::Map, ps: &[tessera_q::Placement]| {
            i32::try_from(rules.turn_points(map, ps, k.active.hand.len(), k.pile, b))
                .unwrap_or(i32::MAX)
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
                Choice::Place(ps) => rules
                    .legal(&k.map, &k.active.hand, ps)
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

    /// For each tile of the hand, the cells where it fits now (when the seat is to move),
    /// and whether the seat may exchange its hand.
    fn hints(view: &QView) -> Value {
        let mine = view.to_move == Some(view.seat);
        let k = &view.knowledge;
        let rules = view.rules.rule_set;
        json!({
            "candidates": k.active.hand.iter().map(|t| {
                if mine { json!(rules.candidates(&k.map, *t)) } else { json!([]) }
            }).collect::<Vec<_>>(),
            "can_replace": mine && k.pile >= k.active.hand.len(),
        })
    }

    /// The points of the tiles a person has put down (a screen shows them before Commit),
    /// or why the engine would refuse them: the score the move would add, finish bonus
    /// included. Exchanging and passing score nothing to show.
    fn preview(view: &QView, mv: &Choice) -> Option<Result<i64, Msg>> {
        let Choice::Place(ps) = mv else {
            return None;
        };
        let k = &view.knowledge;
        Some(
            view.rules
                .rule_set
                .preview(&k.map, &k.active.hand, k.pile, ps, view.rules.bonuses)
                .map(|p| i64::try_from(p).unwrap_or(i64::MAX))
                .map_err(|e| e.words()),
        )
    }

    fn describe(
        before: Option<&Self>,
        after: &Self,
        seat: Seat,
        mv: &Choice,
        names: &[String],
    ) -> Vec<Msg> {
        let who = name(names, seat);
        let line = match mv {
            Choice::Pass => words!("log-passed", who = who),
            Choice::Replace => words!("q-log-exchanged", who = who),
            Choice::Place(ps) => {
                let tiles: Vec<Msg> = ps.iter().map(|p| p.tile.words()).collect();
                let (qs, finished) = bonuses_of(after, seat, ps);
                match before {
                    // (a record's first state is not known: no points)
                    None => words!("q-log-placed", who = who, tiles = tiles),
                    Some(b) => {
                        let gained = after.scores().get(seat.index()).copied().unwrap_or(0)
                            - b.scores().get(seat.index()).copied().unwrap_or(0);
                        words!(
                            "q-log-placed-points",
                            who = who,
                            tiles = tiles,
                            points = crate::signed(gained),
                            qs = qs,
                            finished = if finished { "yes" } else { "no" }
                        )
                    }
                }
            }
        };
        if after.to_move().is_none() {
            return vec![line, game_over(after.scores(), names)];
        }
        vec![line]
    }

    fn move_place(mv: &Choice) -> Msg {
        match mv {
            Choice::Pass => words!("place-by-passing"),
            Choice::Replace => words!("q-place-by-exchanging"),
            Choice::Place(ps) => {
                let cells: Vec<Msg> = ps
                    .iter()
                    .map(|p| words!("q-cell", row = p.coord.row, column = p.coord.col))
                    .collect();
                words!("place-at", cells = Arg::and(cells))
            }
        }
    }

    fn rules_help() -> Vec<Msg> {
        RULES_HELP.iter().map(|id| Msg::new(*id)).collect()
    }

    fn ending(game: &Self, names: &[String]) -> Option<Msg> {
        let first = game.order().first().copied();
        Some(match first {
            Some(s)
                if game
                    .players()
                    .get(s.index())
                    .is_some_and(|p| p.hand.is_empty()) =>
            {
                words!("q-end-hand-placed", who = name(names, s))
            }
            _ if game.blocked() => words!("q-end-blocked"),
            _ if game.rule_set() == RuleSet::Boxed => words!("q-end-round-of-passes"),
            _ => words!("q-end-round-without-placement"),
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
            "columns": [
                words!("column-tiles-placed"),
                words!("q-column-line-points"),
                words!("q-column-q-bonuses"),
                words!("q-column-finish-bonus"),
                words!("column-total"),
            ],
            "rows": t.iter().enumerate().map(|(i, r)| {
                let mut row = r.to_vec();
                row.push(scores.get(i).copied().unwrap_or(0) as i64);
                row
            }).collect::<Vec<_>>(),
        })
    }

    const OUT_OF_TIME: &'static str = "out-of-time-q";

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

    fn text_help(view: &QView) -> String {
        terminal::help(view).into()
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

/// The house levels' fixed ratings in the arena (`level:1` to `level:7`): the Bradley-Terry
/// ratings on the Elo scale of a round robin of the levels under the boxed game's rules,
/// which people and the arena play (`tessera tournament --round-robin --game q --rules
/// '{"rule_set":"boxed","copies":3}' --players level:1,...,level:7 --games 400 --seed 1`;
/// docs/strategies.md, "Q under the boxed rules"), rounded: 400 games a pair, 8,400 in all.
/// (Under the course's rules, the ladder's first six levels were rated 745 to 2055.)
const LEVEL_RATINGS: [f64; 7] = [-208.0, 452.0, 872.0, 1649.0, 2379.0, 2653.0, 2702.0];

#[cfg(test)]
mod people_tests {
    use super::{COURSE_COPIES, PEOPLE_COPIES, PEOPLE_RULES, RULES_HELP};
    use crate::Registry;
    use serde_json::{json, Value};
    use tessera_q::{Color, Coord, Map, Placement, RuleSet, Shape, Tile};

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
        assert!(course.1.to_string().contains("course"), "{}", course.1);
        // the Arena's rules (the form's defaults) and a program's (none given)
        let people = q.rules(2, &q.info().option_defaults()).unwrap();
        assert_eq!(people["copies"], json!(3));
        let programs = q.rules(2, &Value::Null).unwrap();
        assert_eq!(programs["copies"], json!(COURSE_COPIES));
        assert_eq!(COURSE_COPIES, 30);
    }

    #[test]
    fn people_get_the_boxed_rules_and_programs_the_course_s() {
        let registry = Registry::standard();
        let q = registry.get("q").unwrap();
        let option = q
            .info()
            .options
            .iter()
            .find(|o| o.key == "rule_set")
            .unwrap();
        assert_eq!(option.default, json!("boxed"));
        let people = q.rules(2, &q.info().option_defaults()).unwrap();
        assert_eq!(people["rule_set"], json!("boxed"));
        assert_eq!(PEOPLE_RULES, RuleSet::Boxed);
        // a program's game (no options) and the course's named option
        let programs = q.rules(2, &Value::Null).unwrap();
        assert!(programs.get("rule_set").is_none(), "{programs}");
        let course = q.rules(2, &json!({"rule_set": "course"})).unwrap();
        assert!(course.get("rule_set").is_none(), "{course}");
        assert!(q.rules(2, &json!({"rule_set": "other"})).is_err());
    }

    #[test]
    fn the_rules_help_states_both_rule_sets_the_boxed_first() {
        let help: Vec<String> = RULES_HELP
            .iter()
            .map(|id| tessera_words::Msg::new(*id).to_string())
            .collect();
        assert!(
            help[0].contains("boxed game's rules (the default)"),
            "{}",
            help[0]
        );
        let boxed = help[..5].join("\n\n");
        assert!(boxed.contains("one colour with no shape twice"), "{boxed}");
        assert!(boxed.contains("six tiles at most"), "{boxed}");
        assert!(boxed.contains("no gap"), "{boxed}");
        assert!(boxed.contains("the pile is empty"), "{boxed}");
        let course = help[5..].join("\n\n");
        assert!(course.contains("Racket course's rules"), "{course}");
        assert!(course.contains("only the tiles right beside it count"));
        assert!(course.contains("the same tile twice"));
        // the terminal's help of each says the same
        assert!(super::terminal::HELP.contains("Only the tiles right beside it count"));
        assert!(super::terminal::BOXED_HELP.contains("one colour with no shape twice"));
        // and the engine plays what each help says: the column of the issue (purple
        // clover twice, then a change of colour and of shape along it) is the course's,
        // not the boxed game's
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
        assert!(RuleSet::Course.check(&map, &hand, &column).is_ok());
        let refused = RuleSet::Boxed
            .check(&map, &hand, &column)
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("neither one colour nor one shape"),
            "{refused}"
        );
        // a tile between two neighbours shares the colour of both or the shape of both
        let refused = map
            .check(&hand[2..3], &[Placement::new(Coord::new(1, 0), hand[2])])
            .unwrap_err()
            .to_string();
        assert!(refused.contains("the tile beside it"), "{refused}");
    }
}
