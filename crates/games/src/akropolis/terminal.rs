//! Akropolis at a terminal: the whole table on a person's turn, typed moves (move strings
//! such as `18S00E02R0`, or numbers from `list`), each move in a line and the final table.

use super::render;
use tessera_akropolis::{Akropolis, AkropolisView, Move};
use tessera_core::{Game, Seat, View};

/// The valid moves as a person sees them numbered (sorted).
pub fn numbered(view: &AkropolisView) -> Vec<Move> {
    let mut moves = view.legal_moves();
    moves.sort();
    moves
}

/// The variants and the solo level, at the start.
pub fn start(game: &Akropolis) -> String {
    let rules = game.rules();
    let mut out = format!("Variants {}", rules.variants);
    if let Some(level) = rules.solo {
        out.push_str(&format!(", solo against the Architect {}", level.name()));
    }
    out
}

/// What a person sees on its turn: every city, the scores, the Construction Site.
pub fn turn(view: &AkropolisView, names: &[String]) -> String {
    let k = view.seat().index();
    let name = names.get(k).map(String::as_str).unwrap_or("?");
    format!(
        "\n{}Player {k} ({name}), your move: {} valid moves. Type `help` for help.",
        render::table(view.state(), names),
        numbered(view).len()
    )
}

/// The help on a person's turn.
pub const HELP: &str =
    "Type a move like 18S00E02R0 (tile, position of its first hex, rotation 0-5: \
the second hex goes in direction R, the third in R+1, directions 0=N 1=NE 2=SE 3=S 4=SW 5=NW), \
or the number of a move from `list`. `list` shows the numbered moves, `list 18` only those of \
tile 18; `quit` abandons the game.";

/// `list` and `list PREFIX`: the numbered valid moves (six to a line).
pub fn request(view: &AkropolisView, line: &str) -> Option<String> {
    let filter = line.trim().strip_prefix("list")?.trim();
    let mut out = String::new();
    let mut shown = 0;
    for (i, m) in numbered(view).iter().enumerate() {
        let s = m.to_string();
        if filter.is_empty() || s.starts_with(filter) {
            out.push_str(&format!("{:>5}. {s}", i + 1));
            shown += 1;
            if shown % 6 == 0 {
                out.push('\n');
            }
        }
    }
    if shown == 0 {
        return Some(format!("No valid move starts with {filter:?}."));
    }
    Some(out.trim_end().to_string())
}

/// A typed move: a number from `list`, or a move string (checked against the rules).
pub fn parse(view: &AkropolisView, line: &str) -> Result<Move, String> {
    let line = line.trim();
    if !line.is_empty() && line.chars().all(|c| c.is_ascii_digit()) && line.len() <= 6 {
        let moves = numbered(view);
        return match line.parse::<usize>() {
            Ok(n) if n >= 1 && n <= moves.len() => Ok(moves[n - 1]),
            _ => Err(format!(
                "There is no move number {line}: choose 1 to {} (see `list`).",
                moves.len()
            )),
        };
    }
    match line.parse::<Move>() {
        Err(_) => Err(format!(
            "{line:?} is not a move. Expected a tile id, a position and a rotation, like \
             18S00E02R0, or a number from `list`."
        )),
        Ok(m) => match view.state().check(m) {
            Ok(()) => Ok(m),
            Err(e) => Err(format!("{m} is not allowed: {e}.")),
        },
    }
}

/// A move in a line.
pub fn moved(seat: Seat, mv: &Move, names: &[String]) -> String {
    let k = seat.index();
    let name = names.get(k).map(String::as_str).unwrap_or("?");
    format!("player {k} ({name}) plays {mv}")
}

/// The table at the end and the final scores, ranks and ties.
pub fn end(game: &Akropolis, names: &[String]) -> String {
    let mut out = format!("\n{}", render::table(game, names));
    match game.outcome() {
        Some(o) => out.push_str(&render::final_table(game, names, &o)),
        None => out.push_str("The game did not finish.\n"),
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_akropolis::{Rules, Variants};

    fn first_view() -> AkropolisView {
        let game = Akropolis::new(Rules::new(2, Variants::NONE), 4).unwrap();
        game.view(game.to_move().unwrap())
    }

    #[test]
    fn parses_typed_moves() {
        let view = first_view();
        let moves = numbered(&view);
        assert!(moves.len() > 10);
        assert_eq!(parse(&view, "1"), Ok(moves[0]));
        assert_eq!(parse(&view, &moves[3].to_string()), Ok(moves[3]));
        let e = parse(&view, "0").unwrap_err();
        assert!(e.contains("no move number 0"), "{e}");
        let e = parse(&view, "999999").unwrap_err();
        assert!(e.contains("no move number"), "{e}");
        let e = parse(&view, "hello").unwrap_err();
        assert!(e.contains("is not a move"), "{e}");
        // a well-formed move that the rules refuse (a tile not on the site, say)
        let site = view.state().site().to_vec();
        let off_site = (1..=61u8)
            .map(|n| format!("{n:02}S00E02R0"))
            .find(|s| s.parse::<Move>().is_ok_and(|m| !site.contains(&m.tile)))
            .unwrap();
        let e = parse(&view, &off_site).unwrap_err();
        assert!(e.contains("is not allowed"), "{e}");
    }

    #[test]
    fn list_numbers_the_moves() {
        let view = first_view();
        let all = request(&view, "list").unwrap();
        assert!(all.contains("    1. "), "{all}");
        let first = numbered(&view)[0].to_string();
        let tile = &first[..2];
        let some = request(&view, &format!("list {tile}")).unwrap();
        assert!(
            some.lines().all(|l| l
                .split_whitespace()
                .skip(1)
                .step_by(2)
                .all(|m| m.starts_with(tile))),
            "{some}"
        );
        assert!(request(&view, "list 99")
            .unwrap()
            .starts_with("No valid move"));
        assert_eq!(request(&view, "18S00E02R0"), None);
    }
}
