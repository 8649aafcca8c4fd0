//! Akropolis at a terminal: the whole table on a person's turn, typed moves (move strings
//! such as `18S00E02R0`, or numbers from `list`), each move in a line and the final table.

use super::render;
use crate::terminal::seat_name;
use tessera_akropolis::{Akropolis, AkropolisView, Move};
use tessera_core::{Game, Seat, View};

/// The valid moves as a person sees them numbered, with the points each gains now (the
/// change of the player's complete score: districts, plazas and stones): best first,
/// then in move order.
pub fn numbered(view: &AkropolisView) -> Vec<(Move, i64)> {
    let state = view.state();
    let k = view.seat().index();
    let before = i64::from(state.complete_score(k));
    let mut moves: Vec<(Move, i64)> = view
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = state.clone();
            let gain = match after.play(m) {
                Ok(()) => i64::from(after.complete_score(k)) - before,
                Err(_) => 0,
            };
            (m, gain)
        })
        .collect();
    moves.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    moves
}

/// What the letters of the site and the maps mean.
pub const LEGEND: &str = "Letters: h houses, m markets, b barracks, t temples, g gardens, q quarry;
upper case = a plaza of that district (H1 on a map: a house plaza on level 1).";

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
        "\n{}{LEGEND}\nPlayer {k} ({name}), your move: {} valid moves. Type `list` for them \
         with their points, `help` for help.",
        render::table(view.state(), names),
        view.legal_moves().len()
    )
}

/// The help on a person's turn.
pub const HELP: &str =
    "Type a move like 18S00E02R0 (tile, position of its first hex, rotation 0-5: \
the second hex goes in direction R, the third in R+1, directions 0=N 1=NE 2=SE 3=S 4=SW 5=NW), \
or the number of a move from `list`. `list` shows the numbered moves with the points each \
gains now (districts, plazas and stones), best first; `list 18` only those of tile 18. \
`help` (or `?`) shows this help; `quit` (or `q!`) abandons the game.";

/// `list` and `list PREFIX`: the numbered valid moves with their points, best first
/// (four to a line).
pub fn request(view: &AkropolisView, line: &str) -> Option<String> {
    let filter = line.trim().strip_prefix("list")?.trim();
    // tiles have two digits: `list 5` means tile 05
    let padded = format!("0{filter}");
    let filter = if filter.len() == 1 && filter.chars().all(|c| c.is_ascii_digit()) {
        padded.as_str()
    } else {
        filter
    };
    let moves = numbered(view);
    let width = moves.len().to_string().len();
    let mut out = String::from("number. move points (best first)\n");
    let mut shown = 0;
    for (i, (m, gain)) in moves.iter().enumerate() {
        let s = m.to_string();
        if filter.is_empty() || s.starts_with(filter) {
            if shown % 4 != 0 {
                out.push(' ');
            }
            out.push_str(&format!("{:>width$}. {s} {gain:>+3}", i + 1));
            shown += 1;
            if shown % 4 == 0 {
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
            Ok(n) if n >= 1 && n <= moves.len() => Ok(moves[n - 1].0),
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
    format!("{}: {mv}", seat_name(names, seat))
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
        assert_eq!(parse(&view, "1"), Ok(moves[0].0));
        assert_eq!(parse(&view, &moves[3].0.to_string()), Ok(moves[3].0));
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

    /// The entries of a `list`: (number, move, points).
    fn entries(list: &str) -> Vec<(usize, String, i64)> {
        let words: Vec<&str> = list
            .lines()
            .skip(1)
            .flat_map(str::split_whitespace)
            .collect();
        words
            .chunks(3)
            .map(|c| {
                (
                    c[0].trim_end_matches('.').parse().unwrap(),
                    c[1].to_string(),
                    c[2].parse().unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn list_numbers_the_moves_best_first_with_their_points() {
        // seed 3 vs greedy, a few moves in: the moves gain different points
        let mut game = Akropolis::new(Rules::new(2, Variants::NONE), 3).unwrap();
        for _ in 0..6 {
            let m = game.valid_moves()[0];
            game.play(m).unwrap();
        }
        let view = game.view(game.to_move().unwrap());
        let all = request(&view, "list").unwrap();
        let listed = entries(&all);
        assert_eq!(listed.len(), view.legal_moves().len(), "{all}");
        for (i, (n, m, points)) in listed.iter().enumerate() {
            assert_eq!(*n, i + 1);
            // the number plays the move listed, which gains what is listed
            let mv = parse(&view, &n.to_string()).unwrap();
            assert_eq!(&mv.to_string(), m);
            let k = view.seat().index();
            let mut after = game.clone();
            after.play(mv).unwrap();
            let gained = i64::from(after.complete_score(k)) - i64::from(game.complete_score(k));
            assert_eq!(*points, gained, "{m}");
        }
        assert!(listed.windows(2).all(|w| w[0].2 >= w[1].2), "{all}");
        assert!(
            listed.first().unwrap().2 > listed.last().unwrap().2,
            "{all}"
        );
        // at most 80 columns
        assert!(all.lines().all(|l| l.len() <= 80), "{all}");
        // `list 18` keeps the numbers of the whole list
        let tile = listed[0].1[..2].to_string();
        let some = entries(&request(&view, &format!("list {tile}")).unwrap());
        assert!(!some.is_empty() && some.iter().all(|e| e.1.starts_with(&tile)));
        assert!(some.iter().all(|e| listed[e.0 - 1] == *e));
        let short = tile.trim_start_matches('0');
        if short.len() == 1 {
            assert_eq!(
                entries(&request(&view, &format!("list {short}")).unwrap()),
                some
            );
        }
        assert!(request(&view, "list 99")
            .unwrap()
            .starts_with("No valid move"));
        assert_eq!(request(&view, "18S00E02R0"), None);
    }

    #[test]
    fn the_turn_has_a_legend_and_the_help_names_quit() {
        let view = first_view();
        let names = vec!["you".to_string(), "greedy".to_string()];
        let text = turn(&view, &names);
        assert!(text.contains("upper case = a plaza"), "{text}");
        assert!(text.contains("`list`"), "{text}");
        assert!(HELP.contains("`quit` (or `q!`)") && HELP.contains("`help` (or `?`)"));
    }
}
