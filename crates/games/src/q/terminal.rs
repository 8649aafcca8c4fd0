//! Q at a terminal: the map, the scores and the hand on a person's turn, typed moves
//! (`N@ROW,COL ...`, `pass`, `replace`), each move in words and the final result.

use super::render;
use crate::terminal::seat_name;
use tessera_core::{Game, Seat};
use tessera_q::{Choice, Coord, Map, Placement, QGame, QView, RuleSet, Tile};

/// The legend of the tiles, shown at the start.
pub fn start() -> String {
    render::legend()
}

/// The scores as the seat sees them: every seat still playing, in turn order.
fn scores(view: &QView, names: &[String]) -> String {
    let k = &view.knowledge;
    let n = view.order.len();
    let me = view.order.iter().position(|s| *s == view.seat);
    view.order
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let score = match me {
                Some(a) if i == a => Some(k.active.score),
                Some(a) => k.others.get((i + n - a - 1) % n).copied(),
                None => None,
            };
            let name = names
                .get(s.index())
                .cloned()
                .unwrap_or_else(|| s.to_string());
            match score {
                Some(p) => format!("{name} {p}"),
                None => name,
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a person sees on its turn.
pub fn turn(view: &QView, names: &[String]) -> String {
    let k = &view.knowledge;
    format!(
        "\n{}scores: {}   pile: {} tiles\n{}, your hand: {}\n{}\nYour move (pass, replace, N@ROW,COL ..., help, quit):",
        render::map(&k.map),
        scores(view, names),
        k.pile,
        seat_name(names, view.seat),
        render::hand(&k.active.hand),
        fits(&k.map, &k.active.hand, view.rules.rule_set)
    )
}

/// Where each hand tile fits now, as the browser marks it (the first six cells of each, by
/// row and column, as a move is typed), and how to type one; or, when no tile fits, what is
/// left to do: `where each tile fits (row,column): 1:o# at 0,1 1,0 ...  2:r* nowhere`.
pub fn fits(map: &Map, hand: &[Tile], rules: RuleSet) -> String {
    const SHOWN: usize = 6;
    let mut example = None;
    let each: Vec<String> = hand
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let name = format!("{}:{}", i + 1, render::tile(*t));
            let cells = rules.candidates(map, *t);
            let Some(first) = cells.first() else {
                return format!("{name} nowhere");
            };
            example.get_or_insert((i + 1, first.row, first.col));
            let mut at: Vec<String> = cells
                .iter()
                .take(SHOWN)
                .map(|c| format!("{},{}", c.row, c.col))
                .collect();
            if cells.len() > SHOWN {
                at.push(format!("and {} more", cells.len() - SHOWN));
            }
            format!("{name} at {}", at.join(" "))
        })
        .collect();
    match example {
        None => "No tile of your hand fits anywhere: exchange your hand (replace) or pass.".into(),
        Some((n, row, col)) => format!(
            "where each tile fits (row,column): {}\n(type {n}@{row},{col} to put tile {n} at row {row}, column {col})",
            each.join("  ")
        ),
    }
}

/// The help on a person's turn under the course's rules.
pub const HELP: &str = "\
Type one of:
  pass                 (or p) end the turn
  replace              (or r) exchange your whole hand (needs at least as many tiles in the pile)
  N@ROW,COL ...        place hand tile N at row ROW, column COL; several placements in order,
                       all in one row or one column, e.g.  2@0,1 5@0,2
  help                 (or ?) this text
  quit                 abandon the game
Where a tile fits (the Racket course's rules): each placed tile goes on a free cell beside
a tile ('.' on the map). Only the tiles right beside it count: next to one tile of its row
(or column) it shares that tile's colour or shape; between two, the colour of both or the
shape of both. A line may change colour or shape along its length and hold the same tile
twice.";

/// The help on a person's turn under the boxed game's rules.
pub const BOXED_HELP: &str = "\
Type one of:
  pass                 (or p) end the turn
  replace              (or r) exchange your whole hand (needs at least as many tiles in the pile)
  N@ROW,COL ...        place hand tile N at row ROW, column COL; several placements,
                       all in one row or one column, e.g.  2@0,1 5@0,2
  help                 (or ?) this text
  quit                 abandon the game
Where tiles fit (the boxed game's rules): the tiles of a turn go in one row or one column,
with no free cell between them, at least one beside a tile ('.' on the map). Every line
(a row or column of touching tiles) is one colour with no shape twice, or one shape with
no colour twice: six tiles at most. A line of six scores six more.";

/// The help for a view's rules.
pub fn help(view: &QView) -> &'static str {
    match view.rules.rule_set {
        RuleSet::Course => HELP,
        RuleSet::Boxed => BOXED_HELP,
    }
}

/// A typed move on the seat's turn.
pub fn parse(view: &QView, line: &str) -> Result<Choice, String> {
    match parse_move(line, &view.knowledge.active.hand) {
        Ok(Some(mv)) => Ok(mv),
        Ok(None) => Err(help(view).into()),
        Err(e) => Err(format!("{e}; try again (help shows the syntax)")),
    }
}

/// A typed move with the hand it picks tiles from; `Ok(None)` for a help request.
pub fn parse_move(line: &str, hand: &[Tile]) -> Result<Option<Choice>, String> {
    let line = line.trim().to_lowercase();
    match line.as_str() {
        "" => return Err("empty input".into()),
        "help" | "?" | "h" => return Ok(None),
        "pass" | "p" => return Ok(Some(Choice::Pass)),
        "replace" | "r" => return Ok(Some(Choice::Replace)),
        _ => {}
    }
    let mut used = Vec::new();
    let mut ps = Vec::new();
    for part in line
        .split(|c: char| c.is_whitespace() || c == ';')
        .filter(|s| !s.is_empty())
    {
        let (n, at) = part
            .split_once('@')
            .ok_or_else(|| format!("{part:?}: expected N@ROW,COL"))?;
        let n: usize = n
            .parse()
            .map_err(|_| format!("{n:?} is not a hand position"))?;
        if n == 0 || n > hand.len() {
            return Err(format!(
                "there is no tile {n} in your hand (1..{})",
                hand.len()
            ));
        }
        if used.contains(&n) {
            return Err(format!("tile {n} is used twice"));
        }
        used.push(n);
        let (r, c) = at
            .split_once(',')
            .ok_or_else(|| format!("{at:?}: expected ROW,COL"))?;
        let r: i64 = r
            .trim()
            .parse()
            .map_err(|_| format!("{r:?} is not a row number"))?;
        let c: i64 = c
            .trim()
            .parse()
            .map_err(|_| format!("{c:?} is not a column number"))?;
        if r.unsigned_abs() > 1_000_000 || c.unsigned_abs() > 1_000_000 {
            return Err("that cell is too far away".into());
        }
        ps.push(Placement::new(Coord::new(r as i32, c as i32), hand[n - 1]));
    }
    Ok(Some(Choice::Place(ps)))
}

/// A move in words, with the tiles drawn in two characters.
pub fn describe(mv: &Choice) -> String {
    match mv {
        Choice::Pass => "passes".into(),
        Choice::Replace => "replaces its hand".into(),
        Choice::Place(ps) => format!(
            "places {}",
            ps.iter()
                .map(|p| format!(
                    "{} at {},{}",
                    render::tile(p.tile),
                    p.coord.row,
                    p.coord.col
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// What a move did: the move, and the points of a placement.
pub fn moved(
    before: Option<&QGame>,
    after: &QGame,
    seat: Seat,
    mv: &Choice,
    names: &[String],
) -> String {
    let mut out = format!("{}: {}", seat_name(names, seat), describe(mv));
    if let (Some(b), Choice::Place(_)) = (before, mv) {
        let gained = after.scores()[seat.index()] - b.scores()[seat.index()];
        out.push_str(&format!("\n   scores {gained} points"));
    }
    out
}

/// The final map, the scores and the winners.
pub fn end(game: &QGame, names: &[String]) -> String {
    let mut out = render::map(game.map());
    let scores = game.scores();
    for (i, s) in scores.iter().enumerate() {
        out.push_str(&format!(
            "{}: {s} points\n",
            seat_name(names, Seat(i as u8))
        ));
    }
    match game.outcome() {
        Some(o) => {
            let w: Vec<String> = o.winners.iter().map(|s| seat_name(names, *s)).collect();
            out.push_str(&format!("winner(s): {}", w.join(", ")));
        }
        None => out.push_str("the game did not finish"),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_q::{Color, QRules, Shape};

    #[test]
    fn parses_typed_moves() {
        let hand = [
            Tile::new(Shape::Star, Color::Red),
            Tile::new(Shape::Square, Color::Blue),
        ];
        assert_eq!(parse_move(" P ", &hand), Ok(Some(Choice::Pass)));
        assert_eq!(parse_move("replace", &hand), Ok(Some(Choice::Replace)));
        assert_eq!(parse_move("?", &hand), Ok(None));
        assert_eq!(
            parse_move("2@-1,0 1@-1,1", &hand),
            Ok(Some(Choice::Place(vec![
                Placement::new(Coord::new(-1, 0), hand[1]),
                Placement::new(Coord::new(-1, 1), hand[0]),
            ])))
        );
        for bad in [
            "",
            "3@0,0",
            "0@0,0",
            "1@0",
            "x@1,1",
            "1@0,0 1@0,1",
            "1@a,b",
            "place",
            "1@-9223372036854775808,0",
            "1@-2147483648,0",
        ] {
            assert!(parse_move(bad, &hand).is_err(), "{bad}");
        }
    }

    #[test]
    fn parses_on_a_seats_turn() {
        let game = QGame::new(&QRules::for_players(2), 3).unwrap();
        let seat = game.to_move().unwrap();
        let view = game.view(seat);
        let hand = view.knowledge.active.hand.clone();
        assert_eq!(parse(&view, "pass"), Ok(Choice::Pass));
        assert_eq!(
            parse(&view, "1@0,1"),
            Ok(Choice::Place(vec![Placement::new(
                Coord::new(0, 1),
                hand[0]
            )]))
        );
        assert_eq!(parse(&view, "h"), Err(HELP.to_string()));
        // a game of the boxed rules states them
        let boxed = QRules {
            rule_set: RuleSet::Boxed,
            ..QRules::for_players(2)
        };
        let game = QGame::new(&boxed, 3).unwrap();
        let view = game.view(game.to_move().unwrap());
        assert_eq!(parse(&view, "help"), Err(BOXED_HELP.to_string()));
        let e = parse(&view, "7@0,1").unwrap_err();
        assert!(e.contains("no tile 7") && e.contains("help"), "{e}");
        let names = vec!["you".to_string(), "ldasg".to_string()];
        let text = turn(&view, &names);
        assert!(
            text.contains("you, your hand: 1:") && !text.contains("you ("),
            "{text}"
        );
        assert!(
            text.contains("scores: you 0, ldasg 0") || text.contains("scores: ldasg 0, you 0"),
            "{text}"
        );
        // the cells where each hand tile fits are listed, as the engine finds them
        let map = &view.knowledge.map;
        let first = map.candidates(hand[0]);
        let said = match first.first() {
            Some(c) => format!(
                "where each tile fits (row,column): 1:{} at {},{}",
                render::tile(hand[0]),
                c.row,
                c.col
            ),
            None => format!("1:{} nowhere", render::tile(hand[0])),
        };
        assert!(text.contains(&said), "{said} in {text}");
    }

    #[test]
    fn a_tile_that_fits_nowhere_is_said_so() {
        let red_star = Tile::new(Shape::Star, Color::Red);
        let map = Map::with_start(red_star);
        let blue_circle = Tile::new(Shape::Circle, Color::Blue);
        let line = fits(&map, &[blue_circle, red_star], RuleSet::Course);
        assert_eq!(
            line,
            format!(
                "where each tile fits (row,column): 1:{} nowhere  2:{} at -1,0 0,-1 0,1 1,0\n\
                 (type 2@-1,0 to put tile 2 at row -1, column 0)",
                render::tile(blue_circle),
                render::tile(red_star)
            )
        );
        // nothing fits: what is left to do, in the game's words
        assert_eq!(
            fits(&map, &[blue_circle], RuleSet::Course),
            "No tile of your hand fits anywhere: exchange your hand (replace) or pass."
        );
    }
}
