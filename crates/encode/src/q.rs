//! Q: 4,096 actions; the observation (12,336 values):
//!
//! | segment | shape | values |
//! |---|---|---|
//! | `board` | 12 × 32 × 32 | over rows and columns -16..16: one plane per colour (red, orange, yellow, green, blue, purple), then per shape (star, 8star, square, circle, clover, diamond) |
//! | `hand` | 36 | how many of each tile (colour × 6 + shape) the seat holds |
//! | `seats` | 4 × 2 | per seat, the observer first then the others in turn order: present, score / 100 |
//! | `state` | 4 | pile / 108, 1 when the observer is to move, hand size / 6, 0 |

use crate::{cell, put, Encode, Layout, Segment, MAX_SEATS};
use serde_json::Value;
use tessera_core::View;
use tessera_q::QGame;

const SIDE: usize = 32;
const COLORS: [&str; 6] = ["red", "orange", "yellow", "green", "blue", "purple"];
const SHAPES: [&str; 6] = ["star", "8star", "square", "circle", "clover", "diamond"];

fn kind(t: &Value) -> Option<(usize, usize)> {
    let c = COLORS.iter().position(|c| t["color"] == *c)?;
    let s = SHAPES.iter().position(|s| t["shape"] == *s)?;
    Some((c, s))
}

impl Encode for QGame {
    const ACTIONS: usize = 4096;
    fn layout() -> Layout {
        Layout {
            segments: vec![
                Segment {
                    name: "board",
                    shape: vec![12, SIDE, SIDE],
                },
                Segment {
                    name: "hand",
                    shape: vec![36],
                },
                Segment {
                    name: "seats",
                    shape: vec![MAX_SEATS, 2],
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
