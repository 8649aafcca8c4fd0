//! Akropolis: 36,864 actions; the observation (27,904 values).
//!
//! **Actions**: `((s × 6 + r) × 32 + (y + 16)) × 32 + (x + 16)` takes the site's tile of
//! cost `s` (0 to 5: its place in the Construction Site) and puts its first hex at the
//! city's position `(x, y)` (the notation's offsets, x east, y north, both in -16..16), its
//! second in direction `r` (0 = N, clockwise) and its third in direction `r + 1`: the
//! move `{tile}{position}R{r}`.
//!
//! **Observation**:
//!
//! | segment | shape | values |
//! |---|---|---|
//! | `cities` | 48 × 24 × 24 | per seat (the observer first, then the next seats) 12 planes over its city's positions x, y in -12..12 (row y, column x): one per kind of the top hex (h m b t g, H M B T G, q), then its height / 5 |
//! | `site` | 7 × 34 | the construction site's tiles in order: per hex of the tile its kind one-hot (3 × 11), then the tile's cost / 6 |
//! | `seats` | 4 × 4 | per seat as above: present, stones / 10, score / 100, quarries / 20 |
//! | `state` | 2 | tiles left in the stack / 60, 1 when the observer is to move |
//!
//! **Compact observation** (7,520 values; [`Encode::compact_layout`]), its summary (the
//! first 82: [`Encode::SUMMARY`]) first:
//!
//! | segment | shape | values |
//! |---|---|---|
//! | `seats` | 4 × 20 | per seat (the observer first): present, stones / 10, score / 100, quarries / 20, tiles in the city / 20, then per district type h m b t g: its value (before the stars) / 30, its stars / 6, its points / 30 |
//! | `state` | 2 | tiles left in the stack / 60, 1 when the observer is to move |
//! | `site` | 7 × 34 | as above |
//! | `cities` | 32 × 15 × 15 | per seat 8 planes over its city's positions x, y in -7..7: the top hex's district type h m b t g (a plaza's too), plaza, quarry, height / 5 |
//!
//! **Factored actions** ([`crate::factored`]): the tile of cost `s` (6), the turn `r` (6),
//! the cell (32 × 32, `(y + 16) × 32 + x + 16`).

use crate::MAX_SEATS;
use crate::{cell, put, relative, ActionError, Encode, Layout, Position};
use tessera_akropolis::{Akropolis, Move, Pos};
use tessera_core::Seat;

const SIDE: usize = 24;
const KINDS: [char; 11] = ['h', 'm', 'b', 't', 'g', 'H', 'M', 'B', 'T', 'G', 'q'];
const PLANES: usize = 12;
const SITE: usize = 7;
const TILE: usize = 3 * 11 + 1;
/// The action window's side and the site's places that have actions.
const WINDOW: usize = 32;
const AREA: usize = WINDOW * WINDOW;
const SLOTS: usize = 6;

/// The plane of a hex kind.
fn kind(k: char) -> Option<usize> {
    KINDS.iter().position(|x| *x == k)
}

/// The state a position reads (a view holds the public state) and its seat.
fn state<'a>(at: Position<'a, Akropolis>) -> (&'a Akropolis, Seat) {
    match at {
        Position::View(v) => (v.state(), tessera_core::View::seat(v)),
        Position::Game(g, s) => (g, s),
    }
}

/// The action of a move of state `s`, if its tile is in the site and its cell in the window.
fn action(s: &Akropolis, mv: &Move) -> Option<usize> {
    let slot = s.site().iter().position(|t| *t == mv.tile)?;
    let at = cell(mv.origin.x as i64, mv.origin.y as i64, WINDOW)?;
    (slot < SLOTS && mv.rotation < 6).then(|| (slot * 6 + mv.rotation as usize) * AREA + at)
}

/// The move of an action in state `s` (not checked).
fn decode(s: &Akropolis, a: usize) -> Option<Move> {
    let (sr, at) = (a / AREA, a % AREA);
    let (slot, rotation) = (sr / 6, (sr % 6) as u8);
    let origin = Pos::new(
        (at % WINDOW) as i32 - WINDOW as i32 / 2,
        (at / WINDOW) as i32 - WINDOW as i32 / 2,
    )?;
    let tile = *s.site().get(slot).filter(|_| slot < SLOTS)?;
    Some(Move {
        tile,
        origin,
        rotation,
    })
}

/// The compact observation's per-seat values, its city window's side and planes a seat.
const SEAT_VALUES: usize = 20;
const SMALL: usize = 15;
const SMALL_PLANES: usize = 8;

/// The compact observation (see the module's documentation).
fn compact(at: Position<'_, Akropolis>, out: &mut [f32]) {
    out.iter_mut().for_each(|x| *x = 0.0);
    let (s, seat) = state(at);
    let me = seat.index();
    let n = s.players().len();
    let plane = SMALL * SMALL;
    let site_at = MAX_SEATS * SEAT_VALUES + 2;
    let cities_at = site_at + SITE * TILE;
    for (k, p) in s.players().iter().enumerate().take(MAX_SEATS) {
        let r = relative(k, me, n);
        let at = r * SEAT_VALUES;
        let (city, complete) = s.scores_of(k);
        put(out, at, 1.0);
        put(out, at + 1, f32::from(p.stones()) / 10.0);
        put(out, at + 2, complete as f32 / 100.0);
        put(out, at + 3, city.quarries as f32 / 20.0);
        put(out, at + 4, p.city().tile_count() as f32 / 20.0);
        for d in 0..5 {
            put(out, at + 5 + 3 * d, city.values[d] as f32 / 30.0);
            put(out, at + 6 + 3 * d, city.stars[d] as f32 / 6.0);
            put(out, at + 7 + 3 * d, city.districts[d] as f32 / 30.0);
        }
        let base = cities_at + r * SMALL_PLANES * plane;
        for pos in p.city().positions() {
            let Some((hex, h)) = p.city().top(pos) else {
                continue;
            };
            let (Some(c), Some(k)) = (cell(pos.x as i64, pos.y as i64, SMALL), kind(hex.char()))
            else {
                continue;
            };
            match k {
                0..=4 => put(out, base + k * plane + c, 1.0),
                5..=9 => {
                    put(out, base + (k - 5) * plane + c, 1.0);
                    put(out, base + 5 * plane + c, 1.0);
                }
                _ => put(out, base + 6 * plane + c, 1.0),
            }
            put(out, base + 7 * plane + c, f32::from(h) / 5.0);
        }
    }
    let state_at = MAX_SEATS * SEAT_VALUES;
    put(out, state_at, s.stack_count() as f32 / 60.0);
    put(out, state_at + 1, f32::from(u8::from(at.to_move())));
    for (i, t) in s.site().iter().enumerate().take(SITE) {
        for (j, h) in t.hexes().iter().enumerate() {
            if let Some(k) = kind(h.char()) {
                put(out, site_at + i * TILE + j * 11 + k, 1.0);
            }
        }
        put(out, site_at + i * TILE + TILE - 1, i as f32 / 6.0);
    }
}

impl Encode for Akropolis {
    const ACTIONS: usize = SLOTS * 6 * AREA;
    type Partial = ();
    const FACTORS: &'static [usize] = &[SLOTS, 6, AREA];
    const SUMMARY: usize = MAX_SEATS * SEAT_VALUES + 2;
    fn compact_layout() -> Layout {
        Layout::of(&[
            ("seats", &[MAX_SEATS, SEAT_VALUES]),
            ("state", &[2]),
            ("site", &[SITE, TILE]),
            ("cities", &[MAX_SEATS * SMALL_PLANES, SMALL, SMALL]),
        ])
    }
    fn observe_compact(at: Position<'_, Self>, _: &(), out: &mut [f32]) {
        compact(at, out)
    }
    fn layout() -> Layout {
        Layout::of(&[
            ("cities", &[MAX_SEATS * PLANES, SIDE, SIDE]),
            ("site", &[SITE, TILE]),
            ("seats", &[MAX_SEATS, 4]),
            ("state", &[2]),
        ])
    }
    fn observe(at: Position<'_, Self>, _: &(), out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let (s, seat) = state(at);
        let plane = SIDE * SIDE;
        let me = seat.index();
        let n = s.players().len();
        let seats_at = MAX_SEATS * PLANES * plane + SITE * TILE;
        for (k, p) in s.players().iter().enumerate().take(MAX_SEATS) {
            let r = relative(k, me, n);
            let base = r * PLANES * plane;
            let city = p.city();
            for pos in city.positions() {
                let Some((hex, h)) = city.top(pos) else {
                    continue;
                };
                if let (Some(at), Some(k)) =
                    (cell(pos.x as i64, pos.y as i64, SIDE), kind(hex.char()))
                {
                    put(out, base + k * plane + at, 1.0);
                    put(out, base + 11 * plane + at, f32::from(h) / 5.0);
                }
            }
            let at = seats_at + 4 * r;
            put(out, at, 1.0);
            put(out, at + 1, f32::from(p.stones()) / 10.0);
            let (city, complete) = s.scores_of(k);
            put(out, at + 2, complete as i32 as f32 / 100.0);
            put(out, at + 3, city.quarries as f32 / 20.0);
        }
        let site_at = MAX_SEATS * PLANES * plane;
        for (i, t) in s.site().iter().enumerate().take(SITE) {
            for (j, h) in t.hexes().iter().enumerate() {
                if let Some(k) = kind(h.char()) {
                    put(out, site_at + i * TILE + j * 11 + k, 1.0);
                }
            }
            put(out, site_at + i * TILE + TILE - 1, i as f32 / 6.0);
        }
        let state = seats_at + 4 * MAX_SEATS;
        put(out, state, s.stack_count() as f32 / 60.0);
        put(out, state + 1, f32::from(u8::from(at.to_move())));
    }
    fn legal_actions(at: Position<'_, Self>, _: &()) -> Vec<usize> {
        if !at.to_move() {
            return Vec::new();
        }
        let (s, _) = state(at);
        // every tile goes on every placement: the placements' part of the action (rotation
        // and cell) in increasing order through a bit set, once, then one run of them per
        // affordable tile, the tiles in site order
        let mut bits = [0u64; 6 * AREA / 64];
        let mut count = 0;
        let placements = s.for_each_placement(|origin, rotation| {
            if let Some(at) = cell(origin.x as i64, origin.y as i64, WINDOW) {
                let a = usize::from(rotation) * AREA + at;
                bits[a / 64] |= 1 << (a % 64);
                count += 1;
            }
        });
        let Some(tiles) = placements else {
            // the Architect's one move
            let mut moves = Vec::new();
            s.valid_moves_into(&mut moves);
            let mut v: Vec<usize> = moves.iter().filter_map(|m| action(s, m)).collect();
            v.sort_unstable();
            v.dedup();
            return v;
        };
        let tiles = tiles.min(SLOTS);
        if tiles == 0 {
            return Vec::new();
        }
        let mut v = Vec::with_capacity(count * tiles);
        for (i, w) in bits.iter().enumerate() {
            let mut w = *w;
            while w != 0 {
                v.push(i * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
        let n = v.len();
        for slot in 1..tiles {
            v.extend_from_within(..n);
            v[slot * n..].iter_mut().for_each(|a| *a += slot * 6 * AREA);
        }
        v
    }
    fn step(at: Position<'_, Self>, _: &mut (), a: usize) -> Result<Option<Move>, ActionError> {
        let (s, _) = state(at);
        match decode(s, a) {
            Some(mv) if at.to_move() && s.is_valid(mv) => Ok(Some(mv)),
            _ => Err(ActionError(format!("action {a} is not legal here"))),
        }
    }
    fn step_marked(
        at: Position<'_, Self>,
        _: &mut (),
        a: usize,
    ) -> Result<Option<Move>, ActionError> {
        // a marked action's tile and placement are valid: decoding it is enough
        let (s, _) = state(at);
        decode(s, a)
            .map(Some)
            .ok_or_else(|| ActionError(format!("action {a} is not legal here")))
    }
    fn actions_of(at: Position<'_, Self>, mv: &Move) -> Option<Vec<usize>> {
        let (s, _) = state(at);
        if !at.to_move() || !s.is_valid(*mv) {
            return None;
        }
        action(s, mv).map(|a| vec![a])
    }
    fn action_text(a: usize) -> Option<String> {
        let (sr, at) = (a / AREA, a % AREA);
        let (slot, rotation) = (sr / 6, sr % 6);
        let origin = Pos::new(
            (at % WINDOW) as i32 - WINDOW as i32 / 2,
            (at / WINDOW) as i32 - WINDOW as i32 / 2,
        )?;
        (slot < SLOTS).then(|| format!("the site's tile of cost {slot} at {origin}R{rotation}"))
    }
}
