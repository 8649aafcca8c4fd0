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
//! The tile placed last is marked with `*` at its centre. Rulers give the cells'
//! coordinates, those of the listed placements (`5-5-5 ABC at (0,1)`): the x of a cell
//! above its centre (two lines, even and odd x), its y on the left of the line through
//! its centre.

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
    // the cells: x from the leftmost to the rightmost centre, y of every row
    let cells: Vec<(i32, i32)> = placements
        .iter()
        .map(|p| (p.cell().x as i32, p.cell().y as i32))
        .collect();
    let (cx0, cx1) = (
        cells.iter().map(|c| c.0).min()?,
        cells.iter().map(|c| c.0).max()?,
    );
    let margin = (miny..maxy)
        .map(|y| y.to_string().len())
        .max()
        .unwrap_or(1)
        .max(3);
    let mut out = Vec::with_capacity(height + 2);
    // x rulers: a label ends at its cells' centre column; even x on the first line,
    // odd x on the second, so that labels (up to 3 characters) never touch
    for parity in [0, 1] {
        let mut ruler = vec![' '; width + 2];
        let xs: Vec<i32> = (cx0..=cx1).filter(|x| x.rem_euclid(2) == parity).collect();
        if xs.is_empty() {
            continue;
        }
        for x in xs {
            let end = (2 * (x - minx)) as usize;
            let label: Vec<char> = x.to_string().chars().collect();
            if let Some(start) = (end + 1).checked_sub(label.len()) {
                ruler[start..=end].copy_from_slice(&label);
            }
        }
        let text: String = ruler.into_iter().collect();
        // the corner of the two rulers, as in a table: y down the side, x along the top
        let label = if out.is_empty() { "y\\x" } else { "" };
        out.push(format!("{label:>margin$} {text}").trim_end().to_string());
    }
    for (i, l) in grid.into_iter().enumerate() {
        // a cell's centre is on the line below its top: line 2y+1
        let line = i as i32 + 2 * miny;
        let label = if line.rem_euclid(2) == 1 {
            ((line - 1) / 2).to_string()
        } else {
            String::new()
        };
        let text: String = l.into_iter().collect();
        out.push(format!("{label:>margin$} {text}").trim_end().to_string());
    }
    Some(out.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_core::Game;
    use tessera_triominos::{HexagonBonus, Move, Orientation, Rules, TriominosGame};

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
        assert_eq!(
            s, "y\\x   0\n        1\n      3---1\n  0  / \\*/\n    4---5",
            "\n{s}"
        );
        assert_eq!(draw(&Board::new(), None), None);
    }

    /// The cell of the `*` in a drawing, read from the rulers as a person reads them.
    fn marked_cell(drawing: &str) -> (i32, i32) {
        let lines: Vec<&str> = drawing.lines().collect();
        let (row, col) = lines
            .iter()
            .enumerate()
            .find_map(|(i, l)| l.find('*').map(|c| (i, c)))
            .expect("a marked tile");
        let y = lines[row][..col].split_whitespace().next().unwrap();
        // the x label that ends in the star's column, on one of the two rulers
        let x = lines[..2]
            .iter()
            .find_map(|l| {
                let l = l.get(..=col)?;
                l.ends_with(|c: char| c.is_ascii_digit())
                    .then(|| l.rsplit(' ').next().unwrap().to_string())
            })
            .expect("an x label above the star");
        (x.parse().unwrap(), y.parse().unwrap())
    }

    #[test]
    fn the_rulers_name_the_cells_of_the_listed_placements() {
        // every placement of a few whole games: the rulers give its (x, y)
        for seed in 1..4 {
            let mut game = TriominosGame::new(&Rules::standard(2), seed).unwrap();
            let mut bot = tessera_ai::registry::triominos("greedy").unwrap();
            let mut rng = tessera_core::rng_from_seed(seed);
            let mut checked = 0;
            while let Some(seat) = game.to_move() {
                let mv = bot.choose(&game.view(seat), &mut rng);
                game.play(&mv).unwrap();
                if let Move::Place(p) = mv {
                    if game.board().placements().contains(&p) {
                        let drawing = draw(game.board(), Some(&p)).unwrap();
                        assert_eq!(
                            marked_cell(&drawing),
                            (p.x as i32, p.y as i32),
                            "\n{drawing}"
                        );
                        checked += 1;
                    }
                }
            }
            assert!(checked > 20, "{checked}");
        }
    }
}
