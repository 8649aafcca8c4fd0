//! Akropolis: 4,096 actions; the observation (27,904 values):
//!
//! | segment | shape | values |
//! |---|---|---|
//! | `cities` | 48 × 24 × 24 | per seat (the observer first, then the next seats) 12 planes over its city's cells q, r in -12..12 (row r, column q): one per kind of the top hex (h m b t g, H M B T G, q), then its height / 5 |
//! | `site` | 7 × 34 | the construction site's tiles in order: per hex of the tile its kind one-hot (3 × 11), then the tile's cost / 6 |
//! | `seats` | 4 × 4 | per seat as above: present, stones / 10, score / 100, quarries / 20 |
//! | `state` | 2 | tiles left in the stack / 60, 1 when the observer is to move |

use crate::{cell, put, relative, Encode, Layout, Segment, MAX_SEATS};
use serde_json::Value;
use tessera_akropolis::{Akropolis, AkropolisPublic};
use tessera_core::View;

const SIDE: usize = 24;
const KINDS: [&str; 11] = ["h", "m", "b", "t", "g", "H", "M", "B", "T", "G", "q"];
const PLANES: usize = 12;
const SITE: usize = 7;
const TILE: usize = 3 * 11 + 1;

/// The plane of a hex kind.
fn kind(k: &str) -> Option<usize> {
    KINDS.iter().position(|x| *x == k)
}

impl Encode for Akropolis {
    const ACTIONS: usize = 4096;
    fn layout() -> Layout {
        Layout {
            segments: vec![
                Segment {
                    name: "cities",
                    shape: vec![MAX_SEATS * PLANES, SIDE, SIDE],
                },
                Segment {
                    name: "site",
                    shape: vec![SITE, TILE],
                },
                Segment {
                    name: "seats",
                    shape: vec![MAX_SEATS, 4],
                },
                Segment {
                    name: "state",
                    shape: vec![2],
                },
            ],
        }
    }
    fn observe_into(view: &Self::View, out: &mut [f32]) {
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
