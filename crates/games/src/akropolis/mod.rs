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

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

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

    fn bots() -> Vec<BotInfo> {
        vec![
            BotInfo {
                name: "ismcts",
                about:
                    "information-set Monte Carlo tree search over the 8 best moves (the strongest)",
                params: "iters=N or ms=N, c=X, depth=N",
            },
            BotInfo {
                name: "districts",
                about: "greedy on a measure of districts, plazas and stones",
                params: "district=X, star=X, stone=X",
            },
            BotInfo {
                name: "greedy",
                about: "the move that gains the most points now",
                params: "",
            },
            BotInfo {
                name: "random",
                about: "a legal move at random",
                params: "",
            },
            BotInfo {
                name: "architect",
                about: "the solo Architect's rule (only in a solo game)",
                params: "",
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

    /// The legal moves with the cells each would cover.
    fn hints(view: &AkropolisView) -> Value {
        json!({
            "moves": view
                .legal_moves()
                .iter()
                .filter_map(|m| {
                    let cells = m.positions()?;
                    Some(json!({
                        "move": m.to_string(),
                        "tile": m.tile.number(),
                        "rotation": m.rotation,
                        "cells": cells.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>(),
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
        let gained = before.map_or(0, |b| {
            after.scores().get(seat.index()).copied().unwrap_or(0)
                - b.scores().get(seat.index()).copied().unwrap_or(0)
        });
        let mut line = format!("{} took tile {}", name(names, seat), mv.tile);
        if let Some(c) = cost {
            line.push_str(&format!(" ({c} stone{})", if c == 1 { "" } else { "s" }));
        }
        line.push_str(&format!(
            " and built it at ({},{}) turned {}",
            mv.origin.x, mv.origin.y, mv.rotation
        ));
        if let Some(p) = after.players().get(seat.index()) {
            line.push_str(&format!(" on level {}", p.city().height(mv.origin)));
        }
        line.push_str(&format!(": {gained:+}"));
        let mut lines = vec![line];
        if after.is_over() {
            lines.push(format!("game over: scores {:?}", after.scores()));
        }
        lines
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
        Some(crate::entry::to_value(&bench::measure(seconds)))
    }
}
