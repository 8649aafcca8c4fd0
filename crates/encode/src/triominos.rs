//! Triominos: 64 actions; the observation (4,168 values):
//!
//! | segment | shape | values |
//! |---|---|---|
//! | `board` | 4 × 32 × 32 | over the cells x, y in -16..16 (row y, column x): 1 where a tile lies, then its three corner numbers / 5 |
//! | `tray` | 56 | how many of each tile (a-b-c, a ≤ b ≤ c ≤ 5, in lexical order) the seat holds |
//! | `seats` | 4 × 3 | per seat, the observer first then the next seats: present, score / 400, tray size / 20 |
//! | `state` | 4 | pile / 56, draws this turn / 3, 1 when the observer is to move, round / 10 |

use crate::{cell, put, relative, Encode, Layout, Segment, MAX_SEATS};
use serde_json::Value;
use tessera_core::View;
use tessera_triominos::TriominosGame;

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

impl Encode for TriominosGame {
    const ACTIONS: usize = 64;
    fn layout() -> Layout {
        Layout {
            segments: vec![
                Segment {
                    name: "board",
                    shape: vec![4, SIDE, SIDE],
                },
                Segment {
                    name: "tray",
                    shape: vec![56],
                },
                Segment {
                    name: "seats",
                    shape: vec![MAX_SEATS, 3],
                },
                Segment {
                    name: "state",
                    shape: vec![4],
                },
            ],
        }
    }
    fn observe_into(view: &Self::View, out: &mut [f32]) {
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_56_tiles_have_distinct_indices() {
        assert_eq!(super::tile_index("0-0-0"), Some(0));
        assert_eq!(super::tile_index("5-5-5"), Some(55));
        assert_eq!(super::tile_index("4-1-4"), super::tile_index("1-4-4"));
        assert_eq!(super::tile_index("1-6-4"), None);
        assert_eq!(super::tile_index("x"), None);
    }
}
