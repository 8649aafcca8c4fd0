//! ASCII drawing of a Triominos board, zoomed to the tiles on it.
//!
//! Corner numbers sit on a lattice (the spec's vertex model): point (px, py) is drawn at
//! text column 2*px and line 2*py, so that triangles come out as
//!
//! ```text
//!   3---1
//!  / \ /
//! 4---5
//! ```
//! The tile placed last is marked with `*` at its centre.

use tessera_triominos::{Board, Facing, Placement};

/// Draws the board; `None` when it is empty.
pub fn draw(board: &Board, last: Option<&Placement>) -> Option<String> {
    let placements = board.placements();
    if placements.is_empty() {
        return None;
    }
    let pts: Vec<(i32, i32)> = placements
        .iter()
        .flat_map(|p| p.cell().points())
        .map(|pt| (pt.x as i32, pt.y as i32))
        .collect();
    let minx = pts.iter().map(|p| p.0).min()?;
    let maxx = pts.iter().map(|p| p.0).max()?;
    let miny = pts.iter().map(|p| p.1).min()?;
    let maxy = pts.iter().map(|p| p.1).max()?;
    let width = (2 * (maxx - minx) + 1) as usize;
    let height = (2 * (maxy - miny) + 1) as usize;
    let mut grid = vec![vec![' '; width]; height];
    let mut put = |col: i32, line: i32, ch: char| {
        let (c, l) = ((col - 2 * minx) as usize, (line - 2 * miny) as usize);
        if l < height && c < width {
            grid[l][c] = ch;
        }
    };
    for p in placements {
        let c = p.cell();
        let (x, y) = (c.x as i32, c.y as i32);
        let [l, m, r] = p.corners();
        let digit = |n: u8| char::from(b'0' + n);
        match c.facing() {
            Facing::Up => {
                put(2 * x, 2 * y, digit(m));
                put(2 * x - 2, 2 * y + 2, digit(l));
                put(2 * x + 2, 2 * y + 2, digit(r));
                put(2 * x - 1, 2 * y + 1, '/');
                put(2 * x + 1, 2 * y + 1, '\\');
                for col in 2 * x - 1..=2 * x + 1 {
                    put(col, 2 * y + 2, '-');
                }
            }
            Facing::Down => {
                put(2 * x - 2, 2 * y, digit(l));
                put(2 * x + 2, 2 * y, digit(r));
                put(2 * x, 2 * y + 2, digit(m));
                put(2 * x - 1, 2 * y + 1, '\\');
                put(2 * x + 1, 2 * y + 1, '/');
                for col in 2 * x - 1..=2 * x + 1 {
                    put(col, 2 * y, '-');
                }
            }
        }
        if last == Some(p) {
            put(2 * x, 2 * y + 1, '*');
        }
    }
    let lines: Vec<String> = grid
        .into_iter()
        .map(|l| l.into_iter().collect::<String>().trim_end().to_string())
        .collect();
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_triominos::{HexagonBonus, Orientation};

    #[test]
    fn two_tiles() {
        let mut b = Board::new();
        let p1 = Placement {
            tile: "4-3-5".parse().unwrap(),
            orientation: Orientation::ABC,
            x: 0,
            y: 0,
        };
        b.place(&p1, HexagonBonus::Readme).unwrap();
        let p2 = Placement {
            tile: "3-1-5".parse().unwrap(),
            orientation: Orientation::ACB,
            x: 1,
            y: 0,
        };
        b.place(&p2, HexagonBonus::Readme).unwrap();
        let s = draw(&b, Some(&p2)).unwrap();
        assert_eq!(s, "  3---1\n / \\*/\n4---5");
        assert_eq!(draw(&Board::new(), None), None);
    }
}
