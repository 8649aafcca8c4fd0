//! Q: 36,867 actions; the observation (12,336 values).
//!
//! **Actions**: a turn that puts tiles down is one action per tile, then "end the turn":
//! `k × 1024 + (row + 16) × 32 + (column + 16)` puts a tile of kind `k` (colour × 6 +
//! shape, the orders of the observation's planes) at that cell (rows and columns in
//! -16..16, the board planes' window); 36,864 ends the turn (placing the tiles put so far,
//! the [`Encode::Partial`] move), 36,865 passes and 36,866 exchanges the hand. The mask
//! marks the tiles that may go on from the tiles put so far (owned, on a free cell beside
//! the map or a tile of the turn, fitting, in one row or one column with the turn's
//! tiles); ending when a tile is down; passing and exchanging only before one is. Every
//! legal turn is a path of actions, not only the engine's listed ones.
//!
//! **Observation** (with tiles of the turn put down, they count as on the map and out of
//! the hand):
//!
//! | segment | shape | values |
//! |---|---|---|
//! | `board` | 12 × 32 × 32 | over rows and columns -16..16: one plane per colour (red, orange, yellow, green, blue, purple), then per shape (star, 8star, square, circle, clover, diamond) |
//! | `hand` | 36 | how many of each tile (colour × 6 + shape) the seat holds |
//! | `seats` | 4 × 2 | per seat, the observer first then the others in turn order: present, score / 100 |
//! | `state` | 4 | pile / 108, 1 when the observer is to move, hand size / 6, 0 |
//!
//! **Compact observation** (3,122 values; [`Encode::compact_layout`]), its summary (the
//! first 14: [`Encode::SUMMARY`]) first:
//!
//! | segment | shape | values |
//! |---|---|---|
//! | `seats` | 4 × 2 | as above |
//! | `state` | 6 | pile / 108, 1 when the observer is to move, hand size / 6, tiles of the turn so far / 6, the points the turn would score if it ended now / 30, tiles on the map / 108 |
//! | `hand` | 36 | as above |
//! | `board` | 12 × 16 × 16 | the planes above over the 16 × 16 cells around the tiles: column `x` at `x - cx + 8`, where `cx` = ⌊(the least column + the greatest) / 2⌋ of the tiles on the map (row likewise) |
//!
//! **Factored actions** ([`crate::factored`]): the kind `k` (36, then end the turn, pass,
//! exchange as 36, 37, 38), the cell (32 × 32, `(row + 16) × 32 + column + 16`).

use crate::{cell, put, ActionError, Encode, Layout, Position, MAX_SEATS};
use tessera_core::Game;
use tessera_q::{Choice, Color, Coord, Map, Placement, Points, QGame, RuleSet, Shape, Tile};

const SIDE: usize = 32;
const PLANE: usize = SIDE * SIDE;
const END: usize = 36 * PLANE;
const PASS: usize = END + 1;
const REPLACE: usize = END + 2;

/// A tile's colour in the observation's order (red, orange, yellow, green, blue, purple).
fn color(c: Color) -> usize {
    match c {
        Color::Red => 0,
        Color::Orange => 1,
        Color::Yellow => 2,
        Color::Green => 3,
        Color::Blue => 4,
        Color::Purple => 5,
    }
}

const COLORS: [Color; 6] = [
    Color::Red,
    Color::Orange,
    Color::Yellow,
    Color::Green,
    Color::Blue,
    Color::Purple,
];

/// A tile's kind: colour × 6 + shape.
fn kind(t: Tile) -> usize {
    color(t.color) * 6 + t.shape.index()
}

fn tile_of(k: usize) -> Tile {
    Tile::new(Shape::ALL[k % 6], COLORS[k / 6 % 6])
}

/// The cell's place in the window (column x, row y).
fn window(c: Coord) -> Option<usize> {
    cell(c.col as i64, c.row as i64, SIDE)
}

fn coord_of(at: usize) -> Coord {
    Coord::new((at / SIDE) as i32 - 16, (at % SIDE) as i32 - 16)
}

fn points(p: Points) -> f32 {
    p.to_u64().map_or(0.0, |n| n as f64) as f32
}

/// What the encoders read of a seat's knowledge.
struct Seen<'a> {
    map: &'a Map,
    hand: &'a [Tile],
    pile: usize,
    mine: bool,
    rules: RuleSet,
}

fn seen<'a>(at: Position<'a, QGame>) -> Seen<'a> {
    match at {
        Position::View(v) => Seen {
            map: &v.knowledge.map,
            hand: &v.knowledge.active.hand,
            pile: v.knowledge.pile,
            mine: at.to_move(),
            rules: v.rules.rule_set,
        },
        Position::Game(g, seat) => {
            let players = g.players();
            let i = seat.index().min(players.len().saturating_sub(1));
            Seen {
                map: g.map(),
                hand: &players[i].hand,
                pile: g.pile_len(),
                mine: g.to_move() == Some(seat),
                rules: g.rule_set(),
            }
        }
    }
}

/// The boxed rules' cells and kinds, in the order of [`Grid`]'s: the free cells of the
/// window where the turn may go on ([`RuleSet::next_cells`]: beside the map for the first
/// tile, then the two ends of the turn's line), each with the kinds of `held` that fit
/// there by the boxed rules' lines.
fn boxed_cells(map: &Map, partial: &[Placement], held: u64) -> Vec<(usize, u64)> {
    let mut after = map.clone();
    for p in partial {
        after.insert(p.coord, p.tile);
    }
    let mut cells: Vec<Coord> = RuleSet::Boxed.next_cells(&after, partial);
    cells.sort_unstable_by_key(|c| inside(*c).map(|(w, _)| w));
    cells.dedup();
    cells
        .into_iter()
        .filter_map(|c| {
            let (w, _) = inside(c)?;
            let m = (0..36)
                .filter(|k| held >> k & 1 == 1 && RuleSet::Boxed.fits(&after, c, tile_of(*k)))
                .fold(0u64, |m, k| m | 1 << k);
            (m != 0).then_some((w, m))
        })
        .collect()
}

/// A legal turn's placements in an order whose every prefix is a legal turn of the boxed
/// rules: from a tile beside the map outwards along the line (each next tile at an end of
/// the tiles before it).
fn boxed_order(map: &Map, ps: &[Placement]) -> Vec<Placement> {
    let Some(start) = ps
        .iter()
        .find(|p| p.coord.neighbours().iter().any(|n| map.is_occupied(*n)))
    else {
        return ps.to_vec();
    };
    let along = |c: Coord| (c.row - start.coord.row).abs() + (c.col - start.coord.col).abs();
    let mut out = ps.to_vec();
    out.sort_by_key(|p| along(p.coord));
    out
}

/// The seat's score, then the others' in turn order after it (as its view lists them).
fn scores(at: Position<'_, QGame>) -> Vec<Points> {
    match at {
        Position::View(v) => std::iter::once(v.knowledge.active.score)
            .chain(v.knowledge.others.iter().copied())
            .collect(),
        Position::Game(g, seat) => {
            let players = g.players();
            let i = seat.index().min(players.len().saturating_sub(1));
            // the seats still playing, in turn order after this one (all of them when it
            // no longer plays)
            let order: Vec<usize> = g.order().iter().map(|s| s.index()).collect();
            let n = order.len();
            let others: Vec<usize> = match order.iter().position(|&s| s == i) {
                Some(k) => (1..n).map(|d| order[(k + d) % n]).collect(),
                None => order,
            };
            std::iter::once(i)
                .chain(others)
                .map(|s| players[s].score)
                .collect()
        }
    }
}

/// The tiles of the hand not yet put down in the turn, counted by kind.
fn left(hand: &[Tile], partial: &[Placement]) -> [u8; 36] {
    let mut n = [0u8; 36];
    for t in hand {
        n[kind(*t)] = n[kind(*t)].saturating_add(1);
    }
    for p in partial {
        n[kind(p.tile)] = n[kind(p.tile)].saturating_sub(1);
    }
    n
}

/// The window with a border of one cell, so that every window cell's four neighbours are
/// in it: what `legal_actions` looks neighbours up in (an array read, where the map is a
/// hash table).
const PAD: usize = SIDE + 2;
/// No tile, in a [`Grid`] cell (the kinds are 0 to 35).
const EMPTY: u8 = 36;

/// Per kind (and [`EMPTY`]: every kind), the kinds of the same shape and of the same
/// colour, as bit sets.
const SAME: [[u64; 37]; 2] = {
    let mut t = [[0u64; 37]; 2];
    let mut k = 0;
    while k < 36 {
        let mut j = 0;
        while j < 36 {
            if j % 6 == k % 6 {
                t[0][k] |= 1 << j;
            }
            if j / 6 == k / 6 {
                t[1][k] |= 1 << j;
            }
            j += 1;
        }
        k += 1;
    }
    t[0][36] = (1 << 36) - 1;
    t[1][36] = (1 << 36) - 1;
    t
};

/// The padded window's cells: the kind of the tile there (map or turn) or [`EMPTY`].
struct Grid([u8; PAD * PAD]);

/// A cell's place in the padded window.
fn padded(c: Coord) -> Option<usize> {
    let half = SIDE as i32 / 2 + 1;
    let (x, y) = (c.col.checked_add(half)?, c.row.checked_add(half)?);
    let n = PAD as i32;
    ((0..n).contains(&x) && (0..n).contains(&y)).then(|| y as usize * PAD + x as usize)
}

/// A cell of the window: its place in the window and in the padded window.
#[inline]
fn inside(c: Coord) -> Option<(usize, usize)> {
    let half = SIDE as i32 / 2;
    let (x, y) = (
        c.col.wrapping_add(half) as u32,
        c.row.wrapping_add(half) as u32,
    );
    let (x, y) = (x as usize, y as usize);
    (x < SIDE && y < SIDE).then_some((y * SIDE + x, (y + 1) * PAD + x + 1))
}

impl Grid {
    fn of(map: &Map, partial: &[Placement]) -> Grid {
        let mut g = Grid([EMPTY; PAD * PAD]);
        let tiles = map.iter().chain(partial.iter().map(|p| (p.coord, p.tile)));
        for (c, t) in tiles {
            if let Some(i) = padded(c) {
                g.0[i] = kind(t) as u8;
            }
        }
        g
    }

    /// Whether window cell `i` (of the padded window) has a tile beside it.
    fn beside(&self, i: usize) -> bool {
        [i - 1, i + 1, i - PAD, i + PAD]
            .iter()
            .any(|j| self.0[*j] != EMPTY)
    }

    /// The kinds that fit at window cell `i` (of the padded window) between its
    /// neighbours: [`tessera_q::rules::fits_between`] for all 36 kinds at once.
    fn fits(&self, i: usize) -> u64 {
        let n = |j: usize| usize::from(self.0[j]);
        let line = |a: usize, b: usize| (SAME[0][a] & SAME[0][b]) | (SAME[1][a] & SAME[1][b]);
        line(n(i - 1), n(i + 1)) & line(n(i - PAD), n(i + PAD))
    }
}

/// The compact observation's board window's side.
const SMALL: usize = 16;

/// The compact observation (see the module's documentation).
fn compact(at: Position<'_, QGame>, partial: &[Placement], out: &mut [f32]) {
    out.iter_mut().for_each(|x| *x = 0.0);
    let s = seen(at);
    let partial: &[Placement] = if s.mine { partial } else { &[] };
    for (r, score) in scores(at).iter().enumerate().take(MAX_SEATS) {
        put(out, 2 * r, 1.0);
        put(out, 2 * r + 1, points(*score) / 100.0);
    }
    let left = left(s.hand, partial);
    let held: u32 = left.iter().map(|n| u32::from(*n)).sum();
    let state = 2 * MAX_SEATS;
    put(out, state, s.pile as f32 / 108.0);
    put(out, state + 1, f32::from(u8::from(s.mine)));
    put(out, state + 2, held as f32 / 6.0);
    put(out, state + 3, partial.len() as f32 / 6.0);
    if !partial.is_empty() {
        let bonuses = match at {
            Position::View(v) => v.rules.bonuses,
            Position::Game(g, _) => g.rules().bonuses,
        };
        let mut after = s.map.clone();
        for p in partial {
            after.insert(p.coord, p.tile);
        }
        let turn = tessera_q::turn_points(&after, partial, s.hand.len(), bonuses);
        put(out, state + 4, turn as f32 / 30.0);
    }
    put(out, state + 5, (s.map.len() + partial.len()) as f32 / 108.0);
    let hand = state + 6;
    for (k, n) in left.iter().enumerate() {
        put(out, hand + k, f32::from(*n));
    }
    let board = hand + 36;
    let tiles = || {
        s.map
            .iter()
            .chain(partial.iter().map(|p| (p.coord, p.tile)))
    };
    let (mut lo, mut hi) = ((i32::MAX, i32::MAX), (i32::MIN, i32::MIN));
    for (c, _) in tiles() {
        lo = (lo.0.min(c.col), lo.1.min(c.row));
        hi = (hi.0.max(c.col), hi.1.max(c.row));
    }
    if lo.0 > hi.0 {
        return;
    }
    let half = SMALL as i64 / 2;
    let centre = |a: i32, b: i32| (i64::from(a) + i64::from(b)).div_euclid(2);
    let (cx, cy) = (centre(lo.0, hi.0), centre(lo.1, hi.1));
    let plane = SMALL * SMALL;
    for (c, t) in tiles() {
        let (x, y) = (i64::from(c.col) - cx + half, i64::from(c.row) - cy + half);
        if (0..SMALL as i64).contains(&x) && (0..SMALL as i64).contains(&y) {
            let at = y as usize * SMALL + x as usize;
            put(out, board + color(t.color) * plane + at, 1.0);
            put(out, board + (6 + t.shape.index()) * plane + at, 1.0);
        }
    }
}

impl Encode for QGame {
    const ACTIONS: usize = REPLACE + 1;
    type Partial = Vec<Placement>;
    const FACTORS: &'static [usize] = &[36, PLANE];
    const SUMMARY: usize = 2 * MAX_SEATS + 6;
    fn compact_layout() -> Layout {
        Layout::of(&[
            ("seats", &[MAX_SEATS, 2]),
            ("state", &[6]),
            ("hand", &[36]),
            ("board", &[12, SMALL, SMALL]),
        ])
    }
    fn observe_compact(at: Position<'_, Self>, partial: &Vec<Placement>, out: &mut [f32]) {
        compact(at, partial, out)
    }
    fn layout() -> Layout {
        Layout::of(&[
            ("board", &[12, SIDE, SIDE]),
            ("hand", &[36]),
            ("seats", &[MAX_SEATS, 2]),
            ("state", &[4]),
        ])
    }
    fn observe(at: Position<'_, Self>, partial: &Vec<Placement>, out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let s = seen(at);
        let partial: &[Placement] = if s.mine { partial } else { &[] };
        let tiles = s
            .map
            .iter()
            .chain(partial.iter().map(|p| (p.coord, p.tile)));
        for (c, t) in tiles {
            if let Some(at) = window(c) {
                put(out, color(t.color) * PLANE + at, 1.0);
                put(out, (6 + t.shape.index()) * PLANE + at, 1.0);
            }
        }
        let hand = 12 * PLANE;
        let left = left(s.hand, partial);
        let mut held = 0.0;
        for (k, n) in left.iter().enumerate() {
            out[hand + k] = f32::from(*n);
            held += f32::from(*n);
        }
        let seats_at = hand + 36;
        for (r, score) in scores(at).iter().enumerate().take(MAX_SEATS) {
            put(out, seats_at + 2 * r, 1.0);
            put(out, seats_at + 2 * r + 1, points(*score) / 100.0);
        }
        let state = seats_at + 2 * MAX_SEATS;
        put(out, state, s.pile as f32 / 108.0);
        put(out, state + 1, f32::from(u8::from(s.mine)));
        put(out, state + 2, held / 6.0);
    }
    fn legal_actions(at: Position<'_, Self>, partial: &Vec<Placement>) -> Vec<usize> {
        let s = seen(at);
        let mut out = Vec::new();
        if !s.mine {
            return out;
        }
        let left = left(s.hand, partial);
        let held = (0..36)
            .filter(|k| left[*k] > 0)
            .fold(0u64, |m, k| m | 1 << k);
        let grid = Grid::of(s.map, partial);
        // the window's free cells where a tile may go, in increasing order, with the kinds
        // that fit there
        let mut cells: Vec<(usize, u64)> = Vec::with_capacity(s.map.frontier().len());
        if s.rules == RuleSet::Boxed {
            cells = boxed_cells(s.map, partial, held);
        }
        let mut fits = |c: Coord| {
            if let Some((w, i)) = inside(c) {
                let m = grid.fits(i) & held;
                if m != 0 && grid.0[i] == EMPTY {
                    cells.push((w, m));
                }
            }
        };
        match partial.first() {
            _ if s.rules == RuleSet::Boxed => {}
            None => s.map.frontier().iter().for_each(|c| fits(*c)),
            Some(first) => {
                // the free cells of the turn's line beside the map or a tile of the turn,
                // row by row through the window (one tile down: its row and its column)
                let row = partial.iter().all(|p| p.coord.row == first.coord.row);
                let col = partial.iter().all(|p| p.coord.col == first.coord.col);
                let half = SIDE as i32 / 2;
                for r in -half..half {
                    let cols = match (row && r == first.coord.row, col) {
                        (true, _) => -half..half,
                        (false, true) => first.coord.col..first.coord.col.saturating_add(1),
                        (false, false) => continue,
                    };
                    for c in cols {
                        let c = Coord::new(r, c);
                        if inside(c).is_some_and(|(_, i)| grid.beside(i)) {
                            fits(c);
                        }
                    }
                }
            }
        }
        // kind by kind (the action's high part), each kind's cells in increasing order
        let n: u32 = cells.iter().map(|(_, m)| m.count_ones()).sum();
        out.reserve(n as usize + 2);
        let mut kinds = cells.iter().fold(0u64, |m, (_, k)| m | k);
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            out.extend(
                cells
                    .iter()
                    .filter(|(_, m)| m >> k & 1 == 1)
                    .map(|(w, _)| k * PLANE + w),
            );
        }
        match partial.is_empty() {
            true => {
                out.push(PASS);
                if s.pile >= s.hand.len() {
                    out.push(REPLACE);
                }
            }
            false => out.push(END),
        }
        out
    }
    fn step_marked(
        at: Position<'_, Self>,
        partial: &mut Vec<Placement>,
        a: usize,
    ) -> Result<Option<Choice>, ActionError> {
        match a {
            // a marked tile is owned, free, beside the map or the turn, in line and fits:
            // what `RuleSet::check` would find again
            a if a < END => {
                partial.push(Placement::new(coord_of(a % PLANE), tile_of(a / PLANE)));
                Ok(None)
            }
            _ => Self::step(at, partial, a),
        }
    }
    fn step(
        at: Position<'_, Self>,
        partial: &mut Vec<Placement>,
        a: usize,
    ) -> Result<Option<Choice>, ActionError> {
        let s = seen(at);
        if !s.mine {
            return Err(ActionError("the seat is not to move".into()));
        }
        match a {
            END if partial.is_empty() => Err(ActionError("no tile is down to end the turn".into())),
            END => Ok(Some(Choice::Place(std::mem::take(partial)))),
            PASS | REPLACE if !partial.is_empty() => Err(ActionError(
                "tiles are down: put more or end the turn".into(),
            )),
            PASS => Ok(Some(Choice::Pass)),
            REPLACE if s.pile < s.hand.len() => Err(ActionError(
                "you cannot exchange: the pile holds fewer tiles than your hand".into(),
            )),
            REPLACE => Ok(Some(Choice::Replace)),
            a if a < END => {
                let p = Placement::new(coord_of(a % PLANE), tile_of(a / PLANE));
                let mut turn = partial.clone();
                turn.push(p);
                s.rules
                    .check(s.map, s.hand, &turn)
                    .map_err(|e| ActionError(e.to_string()))?;
                partial.push(p);
                Ok(None)
            }
            _ => Err(ActionError(format!("action {a} is out of the space"))),
        }
    }
    fn actions_of(at: Position<'_, Self>, mv: &Choice) -> Option<Vec<usize>> {
        let s = seen(at);
        if !s.mine {
            return None;
        }
        match mv {
            Choice::Pass => Some(vec![PASS]),
            Choice::Replace => (s.pile >= s.hand.len()).then(|| vec![REPLACE]),
            Choice::Place(ps) => {
                s.rules.check(s.map, s.hand, ps).ok()?;
                let ordered;
                // the boxed rules take a turn in any order; its actions go one tile at a
                // time, each prefix a legal turn (the order given when it already is)
                let ps = match s.rules {
                    RuleSet::Boxed
                        if !(1..ps.len())
                            .all(|n| s.rules.check(s.map, s.hand, &ps[..n]).is_ok()) =>
                    {
                        ordered = boxed_order(s.map, ps);
                        &ordered
                    }
                    _ => ps,
                };
                ps.iter()
                    .map(|p| window(p.coord).map(|w| kind(p.tile) * PLANE + w))
                    .chain([Some(END)])
                    .collect()
            }
        }
    }
    fn action_text(a: usize) -> Option<String> {
        match a {
            END => Some("end the turn".into()),
            PASS => Some("pass".into()),
            REPLACE => Some("exchange the hand".into()),
            a if a < END => {
                let t = tile_of(a / PLANE);
                let c = coord_of(a % PLANE);
                Some(format!(
                    "{} {} at row {}, column {}",
                    t.color.name(),
                    t.shape.name(),
                    c.row,
                    c.col
                ))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_inside_has_the_same_places_as_the_window_and_the_padded_window() {
        let far = [i32::MIN, i32::MIN + 1, -1000, i32::MAX - 1, i32::MAX];
        let near = -20..20;
        for row in near.clone().chain(far) {
            for col in near.clone().chain(far) {
                let c = Coord::new(row, col);
                let both = window(c).map(|w| (w, padded(c).expect("padded")));
                assert_eq!(inside(c), both, "{c:?}");
            }
        }
    }
}
