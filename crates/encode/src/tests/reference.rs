//! The observation encoders as they were first written (from each view's JSON form): the
//! reference the typed encoders must equal value for value (the `learned` work trains on
//! this layout).

pub(crate) mod triominos {
    use crate::{cell, put, relative, MAX_SEATS};
    use serde_json::Value;
    use tessera_core::View;
    const SIDE: usize = 32;

    /// The index of tile `a-b-c` (any order) among the 56, in lexical order of its sorted
    /// numbers.
    fn tile_index(text: &str) -> Option<usize> {
        let mut n: Vec<usize> = text
            .split('-')
            .map(|p| p.trim().parse().ok().filter(|x| *x <= 5))
            .collect::<Option<_>>()?;
        if n.len() != 3 {
            return None;
        }
        n.sort_unstable();
        let mut i = 0;
        for a in 0..=5 {
            for b in a..=5 {
                for c in b..=5 {
                    if [a, b, c] == n[..] {
                        return Some(i);
                    }
                    i += 1;
                }
            }
        }
        None
    }

    fn num(v: &Value) -> f32 {
        v.as_f64().unwrap_or(0.0) as f32
    }

    pub(crate) fn observe(
        view: &<tessera_triominos::TriominosGame as tessera_core::Game>::View,
        out: &mut [f32],
    ) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let v = serde_json::to_value(view).unwrap_or(Value::Null);
        let plane = SIDE * SIDE;
        for t in v["board"].as_array().into_iter().flatten() {
            let (Some(x), Some(y)) = (t["x"].as_i64(), t["y"].as_i64()) else {
                continue;
            };
            let Some(at) = cell(x, y, SIDE) else { continue };
            put(out, at, 1.0);
            for (k, c) in t["corners"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .take(3)
            {
                put(out, (k + 1) * plane + at, num(c) / 5.0);
            }
        }
        let tray = 4 * plane;
        for t in v["tray"].as_array().into_iter().flatten() {
            if let Some(i) = t.as_str().and_then(tile_index) {
                out[tray + i] += 1.0;
            }
        }
        let seats_at = tray + 56;
        let me = view.seat().index();
        let scores = v["scores"].as_array().cloned().unwrap_or_default();
        let sizes = v["tray_sizes"].as_array().cloned().unwrap_or_default();
        let n = scores.len();
        for (s, score) in scores.iter().enumerate().take(MAX_SEATS) {
            let r = relative(s, me, n);
            put(out, seats_at + 3 * r, 1.0);
            put(out, seats_at + 3 * r + 1, num(score) / 400.0);
            put(
                out,
                seats_at + 3 * r + 2,
                sizes.get(s).map_or(0.0, num) / 20.0,
            );
        }
        let state = seats_at + 3 * MAX_SEATS;
        put(out, state, num(&v["pile"]) / 56.0);
        put(out, state + 1, num(&v["draws"]) / 3.0);
        put(
            out,
            state + 2,
            f32::from(u8::from(view.to_move() == Some(view.seat()))),
        );
        put(out, state + 3, num(&v["round"]) / 10.0);
    }
}

pub(crate) mod q {
    use crate::{cell, put, MAX_SEATS};
    use serde_json::Value;
    use tessera_core::View;
    const SIDE: usize = 32;
    const COLORS: [&str; 6] = ["red", "orange", "yellow", "green", "blue", "purple"];
    const SHAPES: [&str; 6] = ["star", "8star", "square", "circle", "clover", "diamond"];

    fn kind(t: &Value) -> Option<(usize, usize)> {
        let c = COLORS.iter().position(|c| t["color"] == *c)?;
        let s = SHAPES.iter().position(|s| t["shape"] == *s)?;
        Some((c, s))
    }

    pub(crate) fn observe(view: &<tessera_q::QGame as tessera_core::Game>::View, out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        // the wire form: {"map": [[row, [column, tile], ...], ...], "players": [me, score,
        // ...], "tile*": pile}
        let v = serde_json::to_value(view).unwrap_or(Value::Null);
        let plane = SIDE * SIDE;
        for row in v["map"].as_array().into_iter().flatten() {
            let Some(r) = row.get(0).and_then(Value::as_i64) else {
                continue;
            };
            for entry in row.as_array().into_iter().flatten().skip(1) {
                let (Some(c), Some((color, shape))) = (
                    entry.get(0).and_then(Value::as_i64),
                    entry.get(1).and_then(kind),
                ) else {
                    continue;
                };
                if let Some(at) = cell(c, r, SIDE) {
                    put(out, color * plane + at, 1.0);
                    put(out, (6 + shape) * plane + at, 1.0);
                }
            }
        }
        let hand = 12 * plane;
        let players = v["players"].as_array().cloned().unwrap_or_default();
        let mut held = 0.0;
        if let Some(me) = players.first() {
            for t in me["tile*"].as_array().into_iter().flatten() {
                if let Some((c, s)) = kind(t) {
                    out[hand + c * 6 + s] += 1.0;
                    held += 1.0;
                }
            }
        }
        let seats_at = hand + 36;
        for (r, p) in players.iter().enumerate().take(MAX_SEATS) {
            let score = if p.is_object() { &p["score"] } else { p };
            put(out, seats_at + 2 * r, 1.0);
            put(
                out,
                seats_at + 2 * r + 1,
                score.as_f64().unwrap_or(0.0) as f32 / 100.0,
            );
        }
        let state = seats_at + 2 * MAX_SEATS;
        put(
            out,
            state,
            v["tile*"].as_f64().unwrap_or(0.0) as f32 / 108.0,
        );
        put(
            out,
            state + 1,
            f32::from(u8::from(view.to_move() == Some(view.seat()))),
        );
        put(out, state + 2, held / 6.0);
    }
}

pub(crate) mod akropolis {
    use crate::{cell, put, relative, MAX_SEATS};
    use serde_json::Value;
    use tessera_akropolis::AkropolisPublic;
    use tessera_core::View;
    const SIDE: usize = 24;
    const KINDS: [&str; 11] = ["h", "m", "b", "t", "g", "H", "M", "B", "T", "G", "q"];
    const PLANES: usize = 12;
    const SITE: usize = 7;
    const TILE: usize = 3 * 11 + 1;

    fn kind(k: &str) -> Option<usize> {
        KINDS.iter().position(|x| *x == k)
    }

    pub(crate) fn observe(
        view: &<tessera_akropolis::Akropolis as tessera_core::Game>::View,
        out: &mut [f32],
    ) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let public = AkropolisPublic::of(view.state());
        let v = serde_json::to_value(&public).unwrap_or(Value::Null);
        let plane = SIDE * SIDE;
        let me = view.seat().index();
        let players = v["players"].as_array().cloned().unwrap_or_default();
        let n = players.len();
        let scores = v["scores"].as_array().cloned().unwrap_or_default();
        let seats_at = MAX_SEATS * PLANES * plane + SITE * TILE;
        for (s, p) in players.iter().enumerate().take(MAX_SEATS) {
            let r = relative(s, me, n);
            let base = r * PLANES * plane;
            for c in p["cells"].as_array().into_iter().flatten() {
                let (Some(q), Some(rr), Some(k), Some(h)) = (
                    c.get(0).and_then(Value::as_i64),
                    c.get(1).and_then(Value::as_i64),
                    c.get(2).and_then(Value::as_str),
                    c.get(3).and_then(Value::as_f64),
                ) else {
                    continue;
                };
                if let (Some(at), Some(k)) = (cell(q, rr, SIDE), kind(k)) {
                    put(out, base + k * plane + at, 1.0);
                    put(out, base + 11 * plane + at, h as f32 / 5.0);
                }
            }
            let at = seats_at + 4 * r;
            put(out, at, 1.0);
            put(
                out,
                at + 1,
                p["stones"].as_f64().unwrap_or(0.0) as f32 / 10.0,
            );
            put(
                out,
                at + 2,
                scores.get(s).and_then(Value::as_f64).unwrap_or(0.0) as f32 / 100.0,
            );
            put(
                out,
                at + 3,
                p["quarries"].as_f64().unwrap_or(0.0) as f32 / 20.0,
            );
        }
        let site_at = MAX_SEATS * PLANES * plane;
        for (i, t) in v["site"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
            .take(SITE)
        {
            for (j, h) in t["hexes"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .take(3)
            {
                if let Some(k) = h.as_str().and_then(kind) {
                    put(out, site_at + i * TILE + j * 11 + k, 1.0);
                }
            }
            put(
                out,
                site_at + i * TILE + TILE - 1,
                t["cost"].as_f64().unwrap_or(0.0) as f32 / 6.0,
            );
        }
        let state = seats_at + 4 * MAX_SEATS;
        put(
            out,
            state,
            v["stack_tiles"].as_f64().unwrap_or(0.0) as f32 / 60.0,
        );
        put(
            out,
            state + 1,
            f32::from(u8::from(view.to_move() == Some(view.seat()))),
        );
    }
}
