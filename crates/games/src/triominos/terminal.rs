//! Triominos at a terminal: the tray and the numbered placements on a person's turn,
//! typed moves (`3`, `d`, `p`, `3-4-5 ABC 0 0`), every event of a move with a drawing of
//! the board, and the final table.

use super::render;
use crate::terminal::seat_name;
use serde_json::Value;
use tessera_core::{Game, Seat};
use tessera_triominos::{
    Event, Move, Orientation, Placement, Scored, TriominosGame, TriominosView,
};

/// The legal placements as a person sees them numbered: best score first, one per
/// distinct result (a triple's three rotations on a cell, or a double's two that show
/// the same corners, are one choice).
pub fn numbered(view: &TriominosView) -> Vec<Scored> {
    let mut placements = view.legal_placements();
    placements.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(a.placement.x.cmp(&b.placement.x))
    });
    let mut seen = std::collections::HashSet::new();
    placements.retain(|s| {
        let p = &s.placement;
        seen.insert((p.x, p.y, p.corners()))
    });
    placements
}

/// The tiles drawn this turn (the pile's tiles go to the end of the tray).
fn drawn(view: &TriominosView) -> &[tessera_triominos::Tile] {
    let n = view.tray.len().saturating_sub(view.draws as usize);
    &view.tray[n..]
}

/// What to type when no placement fits.
fn no_placement(view: &TriominosView) -> &'static str {
    match view.turn().and_then(|t| t.non_placing_move()) {
        Some(Move::Draw) => "no placement fits; type d to draw",
        Some(Move::Pass) => "no placement fits; type p to end the turn",
        _ => "no placement fits",
    }
}

/// What a person sees on its turn.
pub fn turn(view: &TriominosView, names: &[String]) -> String {
    let mut out = vec![format!(
        "\n{}, your turn. Tray: {}",
        seat_name(names, view.seat),
        view.tray
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join("  ")
    )];
    let drawn = drawn(view);
    if !drawn.is_empty() {
        let tiles: Vec<String> = drawn.iter().map(|t| t.to_string()).collect();
        out.push(format!(
            "You drew {} (at the end of the tray).",
            tiles.join(", ")
        ));
    }
    if let Some(f) = view.forced {
        out.push(format!(
            "You open the round: you must play your highest tile {f}{}.",
            if view.zero_option {
                " (or 0-0-0 for 40)"
            } else {
                ""
            }
        ));
    }
    let listed = numbered(view);
    if listed.is_empty() {
        out.push(format!("  There is no placement: {}.", no_placement(view)));
    }
    for (i, s) in listed.iter().enumerate() {
        let bonus = if s.hexagons > 0 {
            format!(" ({} hexagon)", s.hexagons)
        } else if s.bridge {
            " (bridge)".to_string()
        } else {
            String::new()
        };
        out.push(format!(
            "  {:>3}. {} -> {}{bonus}",
            i + 1,
            s.placement,
            s.score
        ));
    }
    match view.turn().and_then(|t| t.non_placing_move()) {
        Some(Move::Draw) => out.push(format!(
            "    d. draw a tile (-5; {} drawn this turn, {} in the pile)",
            view.draws, view.pile
        )),
        Some(Move::Pass) => out.push("    p. end the turn without placing (-10)".into()),
        _ => {}
    }
    out.push("Your move (number, d/draw, p/pass, or e.g. `3-4-5 ABC 0 0`; help, quit):".into());
    out.join("\n")
}

/// The help on a person's turn.
pub const HELP: &str = "\
Type one of:
  N                  the placement numbered N in the list
  d (or draw)        draw a tile from the pile (-5)
  p (or pass)        end the turn without placing (-10; only when the pile is empty or
                     after three draws)
  TILE ORIENT X Y    a placement, e.g. `3-4-5 ABC 0 0` (or `3-4-5 ABC 0,0`): the tile's
                     corners, which of them goes left, top/bottom and right, and the cell
                     (x along the top of the board's drawing, y down its left side)
  help (or ?)        this help
  quit (or q!)       abandon the game (the record, if asked for, keeps the moves so far)";

/// Parses a typed placement such as `3-4-5 ABC 0 0` or `3-4-5 ABC 0,0`.
pub fn parse_placement(text: &str) -> Result<Placement, String> {
    let parts: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .filter(|s| !s.is_empty())
        .collect();
    if parts.len() != 4 {
        return Err("expected TILE ORIENTATION X Y, e.g. `3-4-5 ABC 0 0`".into());
    }
    let tile = parts[0].parse().map_err(|e| format!("{e}"))?;
    let orientation: Orientation = parts[1]
        .to_uppercase()
        .parse()
        .map_err(|e| format!("{e}"))?;
    let x: i16 = parts[2]
        .parse()
        .map_err(|_| format!("x must be a number, not {:?}", parts[2]))?;
    let y: i16 = parts[3]
        .parse()
        .map_err(|_| format!("y must be a number, not {:?}", parts[3]))?;
    Ok(Placement {
        tile,
        orientation,
        x,
        y,
    })
}

/// A typed move: the number of a listed placement, `d`/`draw`, `p`/`pass`, or a placement.
pub fn parse(view: &TriominosView, line: &str) -> Result<Move, String> {
    let line = line.trim();
    let number = !line.is_empty() && line.chars().all(|c| c.is_ascii_digit());
    if number && numbered(view).is_empty() {
        return Err(format!("There is no placement: {}.", no_placement(view)));
    }
    let understood = match line.to_lowercase().as_str() {
        "d" | "draw" => Ok(Move::Draw),
        "p" | "pass" => Ok(Move::Pass),
        s if !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()) => {
            let placements = numbered(view);
            match s
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1 && n <= placements.len())
            {
                Some(n) => Ok(Move::Place(placements[n - 1].placement)),
                None => Err(format!(
                    "no placement numbered {s}; choose 1 to {}",
                    placements.len()
                )),
            }
        }
        _ => parse_placement(line).map(Move::Place),
    };
    understood.map_err(|e| format!("Not understood: {e}"))
}

/// The rules in a line, and the start of the first round.
pub fn start(game: &TriominosGame, names: &[String]) -> String {
    let rules = match serde_json::to_value(game.rules()) {
        Ok(Value::Object(m)) => m
            .iter()
            .filter(|(k, _)| k.as_str() != "players")
            .map(|(k, v)| match v {
                Value::String(s) => format!("{k} {s}"),
                v => format!("{k} {v}"),
            })
            .collect::<Vec<_>>()
            .join(", "),
        _ => String::new(),
    };
    let mut out = vec![format!("Rules: {rules}")];
    events(&mut out, game.last_events(), game, names, false);
    out.join("\n")
}

/// What a move did: every event, a drawing of the board after a placement, the scores.
/// The tile drawn is shown only when `reveal` (nobody else at the terminal may see it).
pub fn moved(game: &TriominosGame, names: &[String], reveal: bool) -> String {
    let mut out = Vec::new();
    events(&mut out, game.last_events(), game, names, reveal);
    out.join("\n")
}

fn events(
    out: &mut Vec<String>,
    events: &[Event],
    game: &TriominosGame,
    names: &[String],
    reveal: bool,
) {
    let label = |s: Seat| seat_name(names, s);
    for e in events {
        match e {
            Event::RoundStarted {
                round,
                starter,
                forced,
            } => out.push(format!(
                "\n== Round {round} ==  {} opens{}",
                label(*starter),
                match forced {
                    Some(t) => format!(" with the highest tile {t}"),
                    None => String::new(),
                }
            )),
            Event::Placed {
                seat,
                scored,
                opening_bonus,
            } => {
                let mut what = format!(
                    "\n{}: {} -> {} points",
                    label(*seat),
                    scored.placement,
                    scored.score + opening_bonus
                );
                if scored.hexagons > 0 {
                    what += &format!(
                        " ({} hexagon{}!)",
                        scored.hexagons,
                        if scored.hexagons > 1 { "s" } else { "" }
                    );
                } else if scored.bridge {
                    what += " (bridge!)";
                }
                if *opening_bonus > 0 {
                    what += &format!(" (opening: {} + {opening_bonus})", scored.score);
                }
                out.push(what);
                if let Some(drawing) = render::draw(game.board(), Some(&scored.placement)) {
                    out.push(drawing);
                }
                out.push(score_line(game, names));
            }
            Event::Drew { seat, tile } => out.push(if reveal {
                format!("{} draws {tile} (-5)", label(*seat))
            } else {
                format!("{} draws a tile (-5)", label(*seat))
            }),
            Event::NoPlacement { seat, penalty } => out.push(format!(
                "{} ends the turn without placing (-{penalty})",
                label(*seat)
            )),
            Event::RoundOver {
                round,
                emptied,
                credits,
            } => {
                out.push(match emptied {
                    Some(s) => format!("\nRound {round} over: {} emptied the tray.", label(*s)),
                    None => format!("\nRound {round} over: blocked, nobody can place."),
                });
                for (i, c) in credits.iter().enumerate() {
                    if *c != 0 {
                        out.push(format!("  {} is credited {c}", label(Seat(i as u8))));
                    }
                }
                out.push(score_line(game, names));
            }
            // the final table is the end's (`end`)
            Event::GameOver { .. } => {}
        }
    }
}

fn score_line(game: &TriominosGame, names: &[String]) -> String {
    let s: Vec<String> = game
        .scores()
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{}: {v}", seat_name(names, Seat(i as u8))))
        .collect();
    format!("Scores: {}   (pile: {})", s.join(", "), game.pile_len())
}

/// The final table: every seat's score, the winners marked.
pub fn end(game: &TriominosGame, names: &[String]) -> String {
    let mut out = vec!["\n== Game over ==".to_string()];
    let scores = game.scores();
    let outcome = game.outcome();
    for (i, s) in scores.iter().enumerate() {
        let seat = Seat(i as u8);
        let won = outcome.as_ref().is_some_and(|o| o.is_winner(seat));
        out.push(format!(
            "  {:<24} {s:>5}{}",
            seat_name(names, seat),
            if won { "  winner" } else { "" }
        ));
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_core::View;
    use tessera_triominos::Rules;

    fn opener() -> TriominosView {
        let game = TriominosGame::new(&Rules::standard(2), 5).unwrap();
        game.view(game.to_move().unwrap())
    }

    #[test]
    fn parses_typed_moves() {
        let view = opener();
        let listed = numbered(&view);
        assert!(!listed.is_empty());
        assert_eq!(parse(&view, " 1 "), Ok(Move::Place(listed[0].placement)));
        assert_eq!(parse(&view, "D"), Ok(Move::Draw));
        assert_eq!(parse(&view, "pass"), Ok(Move::Pass));
        let p = Placement {
            tile: "3-4-5".parse().unwrap(),
            orientation: Orientation::ABC,
            x: 0,
            y: -1,
        };
        assert_eq!(parse(&view, "3-4-5 abc 0,-1"), Ok(Move::Place(p)));
        assert_eq!(parse(&view, "(3-4-5 ABC 0 -1)"), Ok(Move::Place(p)));
        let e = parse(&view, "999").unwrap_err();
        assert!(e.contains("no placement numbered 999"), "{e}");
        for bad in [
            "",
            "hello",
            "0",
            "9-9-9 ABC 0 0",
            "3-4-5 XYZ 0 0",
            "3-4-5 ABC x 0",
            "3-4-5 ABC 0",
        ] {
            let e = parse(&view, bad).unwrap_err();
            assert!(e.starts_with("Not understood"), "{bad}: {e}");
        }
    }

    /// Views of a person's turn along greedy games: (view, the move greedy made).
    fn turns() -> Vec<(TriominosView, Move)> {
        let mut out = Vec::new();
        for seed in 1..6 {
            let mut game = TriominosGame::new(&Rules::standard(2), seed).unwrap();
            let mut bot = tessera_ai::registry::triominos("greedy").unwrap();
            let mut rng = tessera_core::rng_from_seed(seed);
            while let Some(seat) = game.to_move() {
                let view = game.view(seat);
                let mv = bot.choose(&view, &mut rng);
                game.play(&mv).unwrap();
                out.push((view, mv));
            }
        }
        out
    }

    #[test]
    fn identical_placements_are_one_choice() {
        let mut merged = 0;
        for (view, _) in turns() {
            let listed = numbered(&view);
            let key = |s: &Scored| (s.placement.x, s.placement.y, s.placement.corners());
            let keys: std::collections::HashSet<_> = listed.iter().map(key).collect();
            assert_eq!(keys.len(), listed.len(), "a result listed twice");
            // nothing is lost: every legal placement's result is listed
            let legal = view.legal_placements();
            assert!(legal.iter().all(|s| keys.contains(&key(s))));
            merged += legal.len() - listed.len();
        }
        assert!(merged > 0);
        // the opener of seed 5 must play 5-5-5: two cells, one choice each
        let view = opener();
        assert_eq!(view.forced.map(|t| t.to_string()), Some("5-5-5".into()));
        assert_eq!(numbered(&view).len(), 2);
    }

    #[test]
    fn without_a_placement_the_turn_says_what_to_type() {
        let names = vec!["you".to_string(), "greedy".to_string()];
        let stuck: Vec<_> = turns()
            .into_iter()
            .filter(|(v, _)| numbered(v).is_empty())
            .collect();
        assert!(stuck.iter().any(|(_, m)| *m == Move::Draw));
        assert!(stuck.iter().any(|(_, m)| *m == Move::Pass));
        for (view, mv) in stuck {
            let text = turn(&view, &names);
            let e = parse(&view, "1").unwrap_err();
            let what = match mv {
                Move::Draw => "type d to draw",
                _ => "type p to end the turn",
            };
            assert!(text.contains(what), "{text}");
            assert!(e.contains(what) && !e.contains("choose"), "{e}");
        }
    }

    #[test]
    fn the_drawn_tile_is_named_on_the_turn() {
        let names = vec!["you".to_string(), "greedy".to_string()];
        let mut named = 0;
        for (view, _) in turns().into_iter().filter(|(v, _)| v.draws > 0) {
            let last = view.tray.last().unwrap().to_string();
            let text = turn(&view, &names);
            let line = text.lines().find(|l| l.starts_with("You drew ")).unwrap();
            assert!(line.contains(&last), "{text}");
            assert_eq!(line.matches('-').count(), 2 * view.draws as usize, "{line}");
            named += 1;
        }
        assert!(named > 0);
        let text = turn(&opener(), &names);
        assert!(!text.contains("You drew"), "{text}");
    }

    #[test]
    fn the_help_names_quit_and_help() {
        assert!(HELP.contains("quit (or q!)") && HELP.contains("help (or ?)"));
    }

    #[test]
    fn the_turn_lists_what_can_be_typed() {
        let view = opener();
        let names = vec!["you".to_string(), "greedy".to_string()];
        let text = turn(&view, &names);
        assert!(text.contains("your turn. Tray:"), "{text}");
        assert!(text.contains("    1. "), "{text}");
        assert!(text.contains("Your move"), "{text}");
        assert_eq!(view.legal_moves().is_empty(), numbered(&view).is_empty());
    }
}
