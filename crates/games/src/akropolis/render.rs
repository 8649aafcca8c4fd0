//! Text drawings of the table: hex maps of the cities, the Construction Site, scores.

use crate::terminal::seat_name;
use std::fmt::Write;
use tessera_akropolis::{Akropolis, City, District, Pos};
use tessera_core::{Outcome, Seat};

fn x_label(x: i32) -> String {
    if x < 0 {
        format!("W{:02}", -x)
    } else {
        format!("E{:02}", x)
    }
}

fn y_label(y: i32) -> String {
    if y > 0 {
        format!("N{:02}", y)
    } else {
        format!("S{:02}", -y)
    }
}

/// A city as a hex map: every hex shows its top letter and its height (`H1`, `m2`);
/// `.` marks an empty hex next to the city. Columns are x (E/W); odd columns sit half a
/// row higher, and a row label names the y of the even columns on that line.
pub fn city_map(city: &City) -> String {
    let built: Vec<Pos> = city.positions().collect();
    let (mut x0, mut x1, mut y0, mut y1) = (0i32, 0i32, 0i32, 0i32);
    for p in &built {
        x0 = x0.min(p.x as i32);
        x1 = x1.max(p.x as i32);
        y0 = y0.min(p.y as i32);
        y1 = y1.max(p.y as i32);
    }
    let (x0, x1, y0, y1) = (x0 - 1, x1 + 1, y0 - 1, y1 + 1);
    let near = |p: Pos| (0..6u8).any(|d| p.neighbour(d).is_some_and(|n| city.height(n) > 0));
    let mut out = String::new();
    let _ = write!(out, "     ");
    for x in x0..=x1 {
        let _ = write!(out, " {} ", x_label(x));
    }
    out.push('\n');
    // doubled rows: an even column's hex (x, y) is on row 2y, an odd column's on 2y+1
    for r in ((2 * y0)..=(2 * y1 + 1)).rev() {
        let mut line = String::new();
        let label = if r % 2 == 0 {
            y_label(r / 2)
        } else {
            String::new()
        };
        let _ = write!(line, "{label:>4} ");
        for x in x0..=x1 {
            let o = x.rem_euclid(2);
            if (r - o).rem_euclid(2) != 0 {
                line.push_str("     ");
                continue;
            }
            let y = (r - o) / 2;
            let cell = match Pos::new(x, y) {
                Some(p) => match city.top(p) {
                    Some((hex, h)) => format!(" {}{:<2} ", hex.char(), h),
                    None if near(p) => "  .  ".to_string(),
                    None => "     ".to_string(),
                },
                None => "     ".to_string(),
            };
            line.push_str(&cell);
        }
        let trimmed = line.trim_end();
        if !trimmed.trim().is_empty() {
            out.push_str(trimmed);
            out.push('\n');
        }
    }
    out
}

/// The Construction Site with the cost of each tile.
pub fn site(game: &Akropolis) -> String {
    let mut out = String::from("Construction Site (cost: tile = origin, second, third):");
    for (cost, t) in game.site().iter().enumerate() {
        let h = t.hexes();
        let _ = write!(out, "  [{cost}] {t} {}{}{}", h[0], h[1], h[2]);
    }
    let _ = write!(out, "   ({} tiles left in the stacks)", game.stack_count());
    out
}

/// `n` and the noun, singular for one: `1 stone`, `2 stones`.
pub fn count(n: impl Into<i64>, noun: &str) -> String {
    let n = n.into();
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// One line per player: the running score per district type, stones and the total, every
/// column as wide as its heading (or its widest number).
pub fn score_table(game: &Akropolis, names: &[String]) -> String {
    let mut heads: Vec<&str> = District::ALL.iter().map(|d| d.name()).collect();
    heads.extend(["stones", "total"]);
    let rows: Vec<(String, Vec<String>)> = (0..game.players().len())
        .map(|k| {
            let s = game.city_score(k);
            let name = seat_name(names, Seat(k as u8));
            let mut cells: Vec<String> = District::ALL
                .iter()
                .map(|d| s.districts[*d as usize].to_string())
                .collect();
            cells.push(game.players()[k].stones().to_string());
            cells.push(game.complete_score(k).to_string());
            (name, cells)
        })
        .collect();
    let first = rows
        .iter()
        .map(|r| r.0.chars().count())
        .chain(["player".len()])
        .max()
        .unwrap_or(6);
    let widths: Vec<usize> = heads
        .iter()
        .enumerate()
        .map(|(i, h)| {
            rows.iter()
                .map(|r| r.1[i].len())
                .chain([h.len()])
                .max()
                .unwrap_or(h.len())
        })
        .collect();
    let mut out = format!("{:<first$}", "player");
    for (h, w) in heads.iter().zip(&widths) {
        let _ = write!(out, " {h:>w$}");
    }
    out.push('\n');
    for (name, cells) in rows {
        let _ = write!(out, "{name:<first$}");
        for (c, w) in cells.iter().zip(&widths) {
            let _ = write!(out, " {c:>w$}");
        }
        out.push('\n');
    }
    out
}

/// Everything a player needs to see before a move.
pub fn table(game: &Akropolis, names: &[String]) -> String {
    let mut out = String::new();
    for (k, p) in game.players().iter().enumerate() {
        let name = seat_name(names, Seat(k as u8));
        let s = game.city_score(k);
        let stars: Vec<String> = District::ALL
            .iter()
            .map(|d| {
                format!(
                    "{}{}",
                    d.letter().to_ascii_uppercase(),
                    s.stars[*d as usize]
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "--- City: {name}, {}, plaza stars {} ---",
            count(p.stones(), "stone"),
            stars.join(" ")
        );
        out.push_str(&city_map(p.city()));
    }
    out.push_str(&score_table(game, names));
    out.push_str(&site(game));
    out.push('\n');
    out
}

/// The final table with ranks and how ties were broken.
pub fn final_table(game: &Akropolis, names: &[String], outcome: &Outcome) -> String {
    let mut out = String::from("=== Final scores ===\n");
    out.push_str(&score_table(game, names));
    let mut order: Vec<usize> = (0..outcome.scores.len()).collect();
    order.sort_by_key(|&k| {
        (
            std::cmp::Reverse(outcome.scores[k]),
            std::cmp::Reverse(game.players()[k].stones()),
        )
    });
    for (rank, k) in order.iter().enumerate() {
        let _ = writeln!(
            out,
            "{}. {}: {}, {}",
            rank + 1,
            seat_name(names, Seat(*k as u8)),
            count(outcome.scores[*k], "point"),
            count(game.players()[*k].stones(), "stone")
        );
    }
    let best = outcome.scores.iter().copied().max().unwrap_or(0);
    let tied: Vec<usize> = (0..outcome.scores.len())
        .filter(|&k| outcome.scores[k] == best)
        .collect();
    let winners: Vec<String> = outcome
        .winners
        .iter()
        .map(|s| seat_name(names, *s))
        .collect();
    if tied.len() > 1 && outcome.winners.len() < tied.len() {
        let _ = writeln!(out, "Tie on {best} points, broken by stones.");
    } else if outcome.winners.len() > 1 {
        let _ = writeln!(
            out,
            "Tie on {best} points and stones: the victory is shared."
        );
    }
    let _ = writeln!(out, "Winner: {}", winners.join(" and "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_shows_every_top_hex_with_its_height() {
        let g = Akropolis::parse("2hmbtg;1101620;P00018S00E02R0;P102;").unwrap();
        let map = city_map(g.players()[0].city());
        // the starting tile and tile 18 (Hmb): two house plazas, m and b, three quarries
        assert_eq!(map.matches("H1").count(), 2, "{map}");
        assert_eq!(map.matches("q1").count(), 3, "{map}");
        assert_eq!(
            map.matches("m1").count() + map.matches("b1").count(),
            2,
            "{map}"
        );
        assert!(map.contains("E02") && map.contains("W01"), "{map}");
        let names = vec!["a".to_string(), "b".to_string()];
        let t = table(&g, &names);
        assert!(t.contains("[0] 10") && t.contains("[2] 20"), "{t}");
    }

    #[test]
    fn the_score_table_is_aligned_and_one_stone_is_singular() {
        use tessera_akropolis::{Rules, Variants};
        let g = Akropolis::new(Rules::new(3, Variants::NONE), 1).unwrap();
        let names = vec![
            "you".to_string(),
            "ismcts:iters=500".to_string(),
            "c".into(),
        ];
        let t = score_table(&g, &names);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 4, "{t}");
        // every column ends where its heading ends
        let ends = |l: &str| {
            let mut e: Vec<usize> = l
                .char_indices()
                .filter(|(i, c)| *c != ' ' && l[i + 1..].starts_with(' ') || i + 1 == l.len())
                .map(|(i, _)| i)
                .collect();
            e.drain(..e.len() - 7);
            e
        };
        for l in &lines[1..] {
            assert_eq!(ends(l), ends(lines[0]), "\n{t}");
        }
        // the first player starts with one stone, the others with more
        let t = table(&g, &names);
        assert!(t.contains("City: you, 1 stone,"), "{t}");
        assert!(t.contains("City: c, 3 stones,"), "{t}");
        assert_eq!(count(1, "point"), "1 point");
        assert_eq!(count(0, "point"), "0 points");
    }
}
