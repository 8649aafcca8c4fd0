//! Triominos: 258,050 actions; the observation (4,168 values).
//!
//! **Actions**: `((t × 3 + k) × 32 + (y + 16)) × 32 + (x + 16)` puts tile `t` on cell
//! `(x, y)` (x, y in -16..16, the board planes' window) turned the `k`-th way that cell's
//! facing allows; then 258,048 is draw and 258,049 pass. Tiles `t`: the 56 tiles `a-b-c`
//! (a ≤ b ≤ c ≤ 5) in lexical order, then the 28 with a 6 in lexical order. Turn `k` of a
//! cell: its orientation `ORIENTATIONS[f + 2k]` (`f` = 0 for an up cell, x + y even, 1 for a
//! down cell) of the tile written `a-b-c`: the corners (left, middle, right) get
//! (a b c), (c a b), (b c a) on an up cell and (a c b), (c b a), (b a c) on a down cell. A
//! triple lists its three turns as three moves, as the engine does.
//!
//! **Observation**:
//!
//! | segment | shape | values |
//! |---|---|---|
//! | `board` | 4 × 32 × 32 | over the cells x, y in -16..16 (row y, column x): 1 where a tile lies, then its three corner numbers / 5 |
//! | `tray` | 56 | how many of each tile (a-b-c, a ≤ b ≤ c ≤ 5, in lexical order) the seat holds |
//! | `seats` | 4 × 3 | per seat, the observer first then the next seats: present, score / 400, tray size / 20 |
//! | `state` | 4 | pile / 56, draws this turn / 3, 1 when the observer is to move, round / 10 |
//!
//! **Compact observation** (1,096 values; [`Encode::compact_layout`]), its summary (the
//! first 16: [`Encode::SUMMARY`]) first:
//!
//! | segment | shape | values |
//! |---|---|---|
//! | `seats` | 4 × 3 | as above |
//! | `state` | 4 | as above |
//! | `tray` | 56 | as above |
//! | `board` | 4 × 16 × 16 | the planes above over the 16 × 16 cells around the tiles: column `x` at `x - cx + 8`, where `cx` is ⌊(the least x + the greatest) / 2⌋ rounded down to an even number (a cell keeps its facing; row likewise) |
//!
//! **Factored actions** ([`crate::factored`]): the tile `t` (84, then draw and pass as 84
//! and 85), the turn `k` (3), the cell (32 × 32, `(y + 16) × 32 + x + 16`).

use crate::MAX_SEATS;
use crate::{cell, put, relative, ActionError, Encode, Layout, Position};
use tessera_core::{Game, View};
use tessera_triominos::{Board, Move, Orientation, Placement, Tile, TriominosGame};

const SIDE: usize = 32;
const PLANE: usize = SIDE * SIDE;
/// The tiles of both sets.
const TILES: usize = 84;
/// The first action that is not a placement: draw.
const DRAW: usize = TILES * 3 * PLANE;
const PASS: usize = DRAW + 1;

/// The numbers of the 84 tiles (`a ≤ b ≤ c`) in index order: the 56 without a 6 first,
/// each set in increasing order of its numbers.
const NUMBERS: [[u8; 3]; TILES] = {
    let mut t = [[0u8; 3]; TILES];
    let mut k = 0;
    let mut max = 5u8;
    while max <= 6 {
        let mut x = 0;
        while x <= max {
            let mut y = x;
            while y <= max {
                let mut z = y;
                while z <= max {
                    if max == 5 || z == 6 {
                        t[k] = [x, y, z];
                        k += 1;
                    }
                    z += 1;
                }
                y += 1;
            }
            x += 1;
        }
        max += 1;
    }
    t
};

/// The index of the tile with sorted numbers `a ≤ b ≤ c` at `49 a + 7 b + c` (`u8::MAX`
/// for no tile): a table, as the encoders look tiles up at every position.
const INDEX: [u8; 343] = {
    let mut t = [u8::MAX; 343];
    let mut k = 0;
    while k < TILES {
        let [a, b, c] = NUMBERS[k];
        t[a as usize * 49 + b as usize * 7 + c as usize] = k as u8;
        k += 1;
    }
    t
};

/// The index among the 84 of the tile with these numbers (in any order): the 56 without
/// a 6 first.
fn sorted_index(t: Tile) -> Option<usize> {
    let [a, b, c] = t.corners().map(usize::from);
    let (lo, hi) = (a.min(b).min(c), a.max(b).max(c));
    let mid = a + b + c - lo - hi;
    let i = *INDEX.get(lo * 49 + mid * 7 + hi)?;
    (i != u8::MAX).then_some(usize::from(i))
}

/// The index of a tile (any rotation) among the 84, if it is a tile of a set (its mirror
/// image, 1-3-2 for 1-2-3, is in neither).
fn tile_index(t: Tile) -> Option<usize> {
    let i = sorted_index(t)?;
    (tile_of(i)?.id() == t.id()).then_some(i)
}

/// The tile of index `i` (written `a-b-c`, a ≤ b ≤ c).
fn tile_of(i: usize) -> Option<Tile> {
    let [x, y, z] = *NUMBERS.get(i)?;
    Tile::new(x, y, z)
}

/// The orientations a cell's facing allows, in turn order.
fn turns(x: i16, y: i16) -> [Orientation; 3] {
    let f = usize::from((x as i32 + y as i32).rem_euclid(2) == 1);
    [0, 1, 2].map(|k| Orientation::ALL[f + 2 * k])
}

/// The corners (left, middle, right) of `tile` turned by `o`.
fn corners(tile: Tile, o: Orientation) -> [u8; 3] {
    let c = tile.corners();
    o.letters().map(|i| c[i])
}

/// The action of a placement, if its cell is in the window.
fn placement_action(p: &Placement) -> Option<usize> {
    let t = tile_index(p.tile)?;
    let base = tile_of(t)?;
    let want = p.corners();
    let turns = turns(p.x, p.y);
    let k = if p.tile == base {
        turns.iter().position(|o| *o == p.orientation)?
    } else {
        turns.iter().position(|o| corners(base, *o) == want)?
    };
    let at = cell(p.x as i64, p.y as i64, SIDE)?;
    Some((t * 3 + k) * PLANE + at)
}

/// What the encoders read of a seat's knowledge.
struct Seen<'a> {
    me: usize,
    board: &'a Board,
    tray: &'a [Tile],
    tray_sizes: Vec<usize>,
    scores: Vec<i32>,
    pile: usize,
    draws: u8,
    round: u32,
    mine: bool,
}

fn seen<'a>(at: Position<'a, TriominosGame>) -> Seen<'a> {
    match at {
        Position::View(v) => Seen {
            me: v.seat.index(),
            board: &v.board,
            tray: &v.tray,
            tray_sizes: v.tray_sizes.clone(),
            scores: v.scores.clone(),
            pile: v.pile,
            draws: v.draws,
            round: v.round,
            mine: v.to_move() == Some(v.seat),
        },
        Position::Game(g, seat) => Seen {
            me: seat.index(),
            board: g.board(),
            tray: g.tray(seat),
            tray_sizes: (0..g.seats())
                .map(|s| g.tray(tessera_core::Seat(s as u8)).len())
                .collect(),
            scores: g.scores(),
            pile: g.pile_len(),
            draws: g.draws_this_turn(),
            round: g.round(),
            mine: g.to_move() == Some(seat),
        },
    }
}

/// The move of an action, if its tile is in the seat's tray (not checked further).
fn decode(tray: &[Tile], action: usize) -> Option<Move> {
    match action {
        DRAW => return Some(Move::Draw),
        PASS => return Some(Move::Pass),
        a if a > PASS => return None,
        _ => {}
    }
    let (tk, at) = (action / PLANE, action % PLANE);
    let (t, k) = (tk / 3, tk % 3);
    let base = tile_of(t)?;
    let (x, y) = ((at % SIDE) as i16 - 16, (at / SIDE) as i16 - 16);
    let o = turns(x, y)[k];
    let want = corners(base, o);
    // the tray's tile as written, turned to put the same numbers at the same corners
    let tile = *tray.iter().find(|h| h.id() == base.id())?;
    let orientation = if tile == base {
        o
    } else {
        *turns(x, y).iter().find(|o| corners(tile, **o) == want)?
    };
    Some(Move::Place(Placement {
        tile,
        orientation,
        x,
        y,
    }))
}

/// The compact observation's board window's side.
const SMALL: usize = 16;

/// The compact observation (see the module's documentation).
fn compact(at: Position<'_, TriominosGame>, out: &mut [f32]) {
    out.iter_mut().for_each(|x| *x = 0.0);
    let s = seen(at);
    let n = s.scores.len();
    for (seat, score) in s.scores.iter().enumerate().take(MAX_SEATS) {
        let r = relative(seat, s.me, n);
        put(out, 3 * r, 1.0);
        put(out, 3 * r + 1, *score as f32 / 400.0);
        put(
            out,
            3 * r + 2,
            s.tray_sizes.get(seat).map_or(0.0, |x| *x as f32) / 20.0,
        );
    }
    let state = 3 * MAX_SEATS;
    put(out, state, s.pile as f32 / 56.0);
    put(out, state + 1, f32::from(s.draws) / 3.0);
    put(out, state + 2, f32::from(u8::from(s.mine)));
    put(out, state + 3, s.round as f32 / 10.0);
    let tray = state + 4;
    for t in s.tray {
        if let Some(i) = sorted_index(*t).filter(|i| *i < 56) {
            out[tray + i] += 1.0;
        }
    }
    let board = tray + 56;
    let (mut lo, mut hi) = ((i64::MAX, i64::MAX), (i64::MIN, i64::MIN));
    for p in s.board.placements() {
        let (x, y) = (p.x as i64, p.y as i64);
        lo = (lo.0.min(x), lo.1.min(y));
        hi = (hi.0.max(x), hi.1.max(y));
    }
    if lo.0 > hi.0 {
        return;
    }
    // even centres: a cell keeps its facing (x + y even: up)
    let centre = |a: i64, b: i64| (a + b).div_euclid(2).div_euclid(2) * 2;
    let (cx, cy) = (centre(lo.0, hi.0), centre(lo.1, hi.1));
    let half = SMALL as i64 / 2;
    let plane = SMALL * SMALL;
    for p in s.board.placements() {
        let (x, y) = (p.x as i64 - cx + half, p.y as i64 - cy + half);
        if !((0..SMALL as i64).contains(&x) && (0..SMALL as i64).contains(&y)) {
            continue;
        }
        let at = y as usize * SMALL + x as usize;
        put(out, board + at, 1.0);
        for (k, c) in p.corners().iter().enumerate() {
            put(out, board + (k + 1) * plane + at, f32::from(*c) / 5.0);
        }
    }
}

impl Encode for TriominosGame {
    const ACTIONS: usize = PASS + 1;
    type Partial = ();
    fn layout() -> Layout {
        Layout::of(&[
            ("board", &[4, SIDE, SIDE]),
            ("tray", &[56]),
            ("seats", &[MAX_SEATS, 3]),
            ("state", &[4]),
        ])
    }
    const FACTORS: &'static [usize] = &[TILES, 3, PLANE];
    const SUMMARY: usize = 3 * MAX_SEATS + 4;
    fn compact_layout() -> Layout {
        Layout::of(&[
            ("seats", &[MAX_SEATS, 3]),
            ("state", &[4]),
            ("tray", &[56]),
            ("board", &[4, SMALL, SMALL]),
        ])
    }
    fn observe_compact(at: Position<'_, Self>, _: &(), out: &mut [f32]) {
        compact(at, out)
    }
    fn observe(at: Position<'_, Self>, _: &(), out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let s = seen(at);
        for p in s.board.placements() {
            let Some(at) = cell(p.x as i64, p.y as i64, SIDE) else {
                continue;
            };
            put(out, at, 1.0);
            for (k, c) in p.corners().iter().enumerate() {
                put(out, (k + 1) * PLANE + at, f32::from(*c) / 5.0);
            }
        }
        let tray = 4 * PLANE;
        for t in s.tray {
            if let Some(i) = sorted_index(*t).filter(|i| *i < 56) {
                out[tray + i] += 1.0;
            }
        }
        let seats_at = tray + 56;
        let n = s.scores.len();
        for (seat, score) in s.scores.iter().enumerate().take(MAX_SEATS) {
            let r = relative(seat, s.me, n);
            put(out, seats_at + 3 * r, 1.0);
            put(out, seats_at + 3 * r + 1, *score as f32 / 400.0);
            put(
                out,
                seats_at + 3 * r + 2,
                s.tray_sizes.get(seat).map_or(0.0, |x| *x as f32) / 20.0,
            );
        }
        let state = seats_at + 3 * MAX_SEATS;
        put(out, state, s.pile as f32 / 56.0);
        put(out, state + 1, f32::from(s.draws) / 3.0);
        put(out, state + 2, f32::from(u8::from(s.mine)));
        put(out, state + 3, s.round as f32 / 10.0);
    }
    fn legal_actions(at: Position<'_, Self>, _: &()) -> Vec<usize> {
        let mut v: Vec<usize> = at.legal_moves().iter().filter_map(action).collect();
        v.sort_unstable();
        v
    }
    fn step(at: Position<'_, Self>, _: &mut (), a: usize) -> Result<Option<Move>, ActionError> {
        let s = seen(at);
        let refuse = || ActionError(format!("action {a} is not legal here"));
        let mv = decode(s.tray, a).ok_or_else(refuse)?;
        if at.legal_moves().contains(&mv) {
            Ok(Some(mv))
        } else {
            Err(refuse())
        }
    }
    /// A marked action's move is its decoding: no second listing of the legal moves.
    fn step_marked(
        at: Position<'_, Self>,
        _: &mut (),
        a: usize,
    ) -> Result<Option<Move>, ActionError> {
        decode(seen(at).tray, a)
            .map(Some)
            .ok_or_else(|| ActionError(format!("action {a} is not legal here")))
    }
    fn actions_of(at: Position<'_, Self>, mv: &Move) -> Option<Vec<usize>> {
        at.legal_moves()
            .contains(mv)
            .then(|| action(mv))
            .flatten()
            .map(|a| vec![a])
    }
    fn action_text(a: usize) -> Option<String> {
        match a {
            DRAW => Some("draw".into()),
            PASS => Some("pass".into()),
            a if a > PASS => None,
            _ => {
                let (tk, at) = (a / PLANE, a % PLANE);
                let base = tile_of(tk / 3)?;
                let (x, y) = ((at % SIDE) as i16 - 16, (at / SIDE) as i16 - 16);
                let o = turns(x, y)[tk % 3];
                Some(format!("{base} {o} at ({x},{y})"))
            }
        }
    }
}

/// The action of a move, if its cell is in the window.
fn action(mv: &Move) -> Option<usize> {
    match mv {
        Move::Draw => Some(DRAW),
        Move::Pass => Some(PASS),
        Move::Place(p) => placement_action(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_84_tiles_have_distinct_indices_the_56_first() {
        let t = |s: &str| s.parse::<Tile>().unwrap();
        assert_eq!(tile_index(t("0-0-0")), Some(0));
        assert_eq!(tile_index(t("5-5-5")), Some(55));
        assert_eq!(tile_index(t("0-0-6")), Some(56));
        assert_eq!(tile_index(t("6-6-6")), Some(83));
        assert_eq!(tile_index(t("4-1-4")), tile_index(t("1-4-4")));
        assert_eq!(tile_index(t("3-1-2")), tile_index(t("1-2-3")));
        assert_eq!(tile_index(t("1-3-2")), None, "a mirror image");
        for i in 0..TILES {
            assert_eq!(tile_index(tile_of(i).unwrap()), Some(i));
        }
        assert_eq!(tile_of(TILES), None);
    }

    #[test]
    fn every_action_reads_back_and_says_what_it_is() {
        for a in [0, 1, PLANE, 3 * PLANE + 17, DRAW - 1] {
            let text = TriominosGame::action_text(a).unwrap();
            let mv = decode(&tessera_triominos::TileSet::Extended84.tiles(), a).unwrap();
            assert_eq!(action(&mv), Some(a), "{text}");
            assert_eq!(text, mv.to_string());
        }
        assert_eq!(TriominosGame::action_text(PASS).as_deref(), Some("pass"));
        assert_eq!(TriominosGame::action_text(PASS + 1), None);
    }
}
