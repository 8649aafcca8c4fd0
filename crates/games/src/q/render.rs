//! Drawing Q in the terminal: the map as a grid of tiles with a legend, hands, scores.

use tessera_q::{Color, Coord, Map, Shape, Tile};

/// One letter per colour.
pub fn color_letter(c: Color) -> char {
    match c {
        Color::Red => 'r',
        Color::Green => 'g',
        Color::Blue => 'b',
        Color::Yellow => 'y',
        Color::Orange => 'o',
        Color::Purple => 'p',
    }
}

/// One symbol per shape.
pub fn shape_symbol(s: Shape) -> char {
    match s {
        Shape::Star => '*',
        Shape::EightStar => '8',
        Shape::Square => '#',
        Shape::Circle => '@',
        Shape::Clover => '&',
        Shape::Diamond => '^',
    }
}

/// Whether to colour tiles: standard output is a terminal and `NO_COLOR` is not set.
fn colour() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal()
}

fn ansi(c: Color) -> &'static str {
    match c {
        Color::Red => "31",
        Color::Green => "32",
        Color::Blue => "34",
        Color::Yellow => "33",
        Color::Orange => "38;5;208",
        Color::Purple => "35",
    }
}

/// A tile in two characters: colour letter and shape symbol ("r*" is a red star), in its
/// colour on a terminal.
pub fn tile(t: Tile) -> String {
    let text = format!("{}{}", color_letter(t.color), shape_symbol(t.shape));
    if colour() {
        format!("\x1b[1;{}m{text}\x1b[0m", ansi(t.color))
    } else {
        text
    }
}

/// The legend of the two-character tiles.
pub fn legend() -> String {
    let shapes: Vec<String> = Shape::ALL
        .iter()
        .map(|s| format!("{}={}", shape_symbol(*s), s.name()))
        .collect();
    let colors: Vec<String> = Color::ALL
        .iter()
        .map(|c| format!("{}={}", color_letter(*c), c.name()))
        .collect();
    format!(
        "legend: colour {}; shape {}; '.' = free cell next to a tile",
        colors.join(" "),
        shapes.join(" ")
    )
}

/// The map as a grid: a header of column numbers, one line per row with its number.
pub fn map(m: &Map) -> String {
    let Some((lo, hi)) = m.bounds() else {
        return "(empty map)\n".into();
    };
    let (r0, r1, c0, c1) = (lo.row - 1, hi.row + 1, lo.col - 1, hi.col + 1);
    let mut out = String::from("     ");
    for c in c0..=c1 {
        out.push_str(&format!("{c:>4}"));
    }
    out.push('\n');
    for r in r0..=r1 {
        out.push_str(&format!("{r:>4} "));
        for c in c0..=c1 {
            let x = Coord::new(r, c);
            let cell = match m.get(x) {
                Some(t) => tile(t),
                None if m.is_adjacent(x) => " .".into(),
                None => "  ".into(),
            };
            out.push_str(&format!("  {cell}"));
        }
        out.push('\n');
    }
    out
}

/// A hand with 1-based indexes: `1:r* 2:g8 ...`.
pub fn hand(h: &[Tile]) -> String {
    h.iter()
        .enumerate()
        .map(|(i, t)| format!("{}:{}", i + 1, tile(*t)))
        .collect::<Vec<_>>()
        .join("  ")
}
