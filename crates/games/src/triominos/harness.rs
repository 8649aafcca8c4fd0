//! `tessera harness triominos`: the conformance line protocol of the Triominos spec (one
//! JSON request per line: check, legal, first_player, round_end).

use serde::Deserialize;
use serde_json::{json, Value};
use tessera_triominos::{
    highest_start, opening_score, round_credits, Board, Placement, Tile, TileSet,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    task: String,
    input: Value,
}

#[derive(Deserialize)]
struct CheckInput {
    board: Vec<Placement>,
    #[serde(rename = "move")]
    mv: Placement,
    #[serde(default)]
    hexagon_bonus: Option<tessera_triominos::HexagonBonus>,
}

#[derive(Deserialize)]
struct LegalInput {
    #[serde(default)]
    tiles: Option<u64>,
    board: Vec<Placement>,
    tray: Vec<Tile>,
    #[serde(default)]
    hexagon_bonus: Option<tessera_triominos::HexagonBonus>,
}

#[derive(Deserialize)]
struct FirstPlayerInput {
    variant: String,
    trays: Vec<Vec<Tile>>,
}

#[derive(Deserialize)]
struct RoundEndInput {
    trays: Vec<Vec<Tile>>,
    emptied: Option<usize>,
}

/// Speaks the protocol on `input` and `output` (no arguments).
pub fn run(
    args: &[String],
    input: &mut dyn std::io::BufRead,
    output: &mut dyn std::io::Write,
) -> Result<(), String> {
    if let Some(a) = args.first() {
        return Err(format!(
            "unexpected argument {a:?}: the Triominos harness takes none"
        ));
    }
    crate::text::line_harness(input, output, answer).map_err(|e| e.to_string())
}

/// Answers one request line; errors become `{"error": ...}`.
pub fn answer(line: &str) -> Value {
    match try_answer(line) {
        Ok(v) => v,
        Err(e) => json!({ "error": e }),
    }
}

fn input<T: for<'de> Deserialize<'de>>(task: &str, v: Value) -> Result<T, String> {
    serde_json::from_value(v).map_err(|e| format!("bad input for {task}: {e}"))
}

fn try_answer(line: &str) -> Result<Value, String> {
    let req: Request = serde_json::from_str(line).map_err(|e| format!("not a request: {e}"))?;
    match req.task.as_str() {
        "check" => {
            let i: CheckInput = input("check", req.input)?;
            let board =
                Board::from_placements(&i.board).map_err(|e| format!("impossible board: {e}"))?;
            Ok(match board.check(&i.mv) {
                Ok(()) => {
                    let s = board.score(&i.mv, i.hexagon_bonus.unwrap_or_default());
                    json!({"valid": true, "score": s.score, "hexagons": s.hexagons, "bridge": s.bridge})
                }
                Err(e) => json!({"valid": false, "reason": e.to_string()}),
            })
        }
        "legal" => {
            let i: LegalInput = input("legal", req.input)?;
            let set = match i.tiles {
                None => TileSet::Standard56,
                Some(n) => TileSet::from_count(n)
                    .ok_or_else(|| format!("tiles must be 56 or 84, not {n}"))?,
            };
            if let Some(t) = i.tray.iter().find(|t| !set.contains(**t)) {
                return Err(format!(
                    "tray tile {t} is not in the {}-tile set",
                    set.len()
                ));
            }
            let board =
                Board::from_placements(&i.board).map_err(|e| format!("impossible board: {e}"))?;
            let mut out = Vec::new();
            board.legal_placements(&i.tray, i.hexagon_bonus.unwrap_or_default(), &mut out);
            let placements: Vec<Value> = out
                .iter()
                .map(|s| {
                    let p = s.placement;
                    json!({"tile": p.tile.to_string(), "orientation": p.orientation.name(), "x": p.x, "y": p.y, "score": s.score})
                })
                .collect();
            Ok(json!({ "placements": placements }))
        }
        "first_player" => {
            let i: FirstPlayerInput = input("first_player", req.input)?;
            if i.variant != "highest" {
                return Err(format!(
                    "unknown variant {:?}: only \"highest\" decides a starter from trays",
                    i.variant
                ));
            }
            Ok(match highest_start(&i.trays) {
                Some(h) => {
                    json!({"seat": h.seat, "score": opening_score(h.tile), "zero_option": h.zero_option})
                }
                None => json!({ "seat": null }),
            })
        }
        "round_end" => {
            let i: RoundEndInput = input("round_end", req.input)?;
            if let Some(e) = i.emptied {
                if e >= i.trays.len() {
                    return Err(format!(
                        "emptied seat {e} does not exist ({} trays)",
                        i.trays.len()
                    ));
                }
            }
            Ok(json!({ "credits": round_credits(&i.trays, i.emptied) }))
        }
        other => Err(format!(
            "unknown task {other:?}: expected check, legal, first_player or round_end"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_get_errors() {
        for line in [
            "not json",
            "{}",
            r#"{"task":"fly","input":{}}"#,
            r#"{"task":"check","input":{"board":[],"move":{"tile":"1-2-9","orientation":"ABC","x":0,"y":0}}}"#,
            r#"{"task":"check","input":{"board":[],"move":{"tile":"1-2-3","orientation":"XYZ","x":0,"y":0}}}"#,
            r#"{"task":"check","input":{"board":[],"move":{"tile":"1-2-3","orientation":"ABC","x":99999999,"y":0}}}"#,
            r#"{"task":"legal","input":{"tiles":57,"board":[],"tray":[]}}"#,
            r#"{"task":"round_end","input":{"trays":[[]],"emptied":3}}"#,
            r#"{"task":"check","input":{"board":[{"tile":"1-2-3","orientation":"ABC","x":0,"y":0},{"tile":"1-2-4","orientation":"ABC","x":0,"y":0}],"move":{"tile":"1-2-3","orientation":"ABC","x":0,"y":0}}}"#,
        ] {
            let v = answer(line);
            assert!(v.get("error").is_some(), "{line} -> {v}");
        }
    }

    #[test]
    fn readme_hexagon_example() {
        let line = r#"{"task":"check","input":{"board":[{"tile":"0-4-4","orientation":"CAB","x":-1,"y":-1},{"tile":"0-1-4","orientation":"ACB","x":0,"y":-1},{"tile":"1-4-4","orientation":"CAB","x":1,"y":-1},{"tile":"3-4-4","orientation":"BAC","x":-1,"y":0},{"tile":"4-4-5","orientation":"ACB","x":1,"y":0}],"move":{"tile":"3-4-5","orientation":"ABC","x":0,"y":0}}}"#;
        assert_eq!(
            answer(line),
            json!({"valid": true, "score": 62, "hexagons": 1, "bridge": false})
        );
    }
}
