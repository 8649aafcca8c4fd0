//! `tessera harness akropolis`: the assignment's tasks, one JSON request per line.

use serde_json::{json, Value};
use tessera_akropolis::{
    greedy_move, is_move_string_well_formed, is_state_string_well_formed, Akropolis, District,
    Move, Pos,
};

/// Speaks the protocol on `input` and `output` (no arguments). Tasks that draw tiles
/// (`resupply_construction_site`, `apply_move`) draw with a seed counted up per request.
pub fn run(
    args: &[String],
    input: &mut dyn std::io::BufRead,
    output: &mut dyn std::io::Write,
) -> Result<(), String> {
    if let Some(a) = args.first() {
        return Err(format!(
            "unexpected argument {a:?}: the Akropolis harness takes none"
        ));
    }
    let mut counter = 0u64;
    crate::text::line_harness(input, output, |line| answer_line(line, &mut counter))
        .map_err(|e| e.to_string())
}

/// Answers one request line; errors become `{"error": ...}`.
pub fn answer_line(line: &str, counter: &mut u64) -> Value {
    let request: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return json!({ "error": format!("request is not JSON: {e}") }),
    };
    let task = request.get("task").and_then(Value::as_str).unwrap_or("");
    let input = request.get("input").cloned().unwrap_or(Value::Null);
    *counter = counter.wrapping_add(1);
    match answer(task, &input, *counter) {
        Ok(v) => v,
        Err(e) => json!({ "error": e }),
    }
}

fn text<'a>(input: &'a Value, key: &str) -> Result<&'a str, String> {
    input
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("input.{key} must be a string"))
}

fn state_of(input: &Value) -> Result<Akropolis, String> {
    Akropolis::parse(text(input, "state")?).map_err(|e| e.to_string())
}

fn scores(input: &Value, d: Option<District>) -> Result<Value, String> {
    let s = state_of(input)?;
    Ok(match d {
        Some(d) => json!(s.district_scores(d)),
        None => json!(s.complete_scores()),
    })
}

fn answer(task: &str, input: &Value, seed: u64) -> Result<Value, String> {
    Ok(match task {
        "is_move_string_well_formed" => json!(input
            .get("move")
            .and_then(Value::as_str)
            .is_some_and(is_move_string_well_formed)),
        "is_state_string_well_formed" => json!(input
            .get("state")
            .and_then(Value::as_str)
            .is_some_and(is_state_string_well_formed)),
        "is_game_over" => json!(state_of(input)?.is_over()),
        "resupply_construction_site" => {
            let mut s = state_of(input)?;
            s.reseed(seed);
            s.resupply();
            json!(s.to_string())
        }
        "height_at" | "tile_at" => {
            let s = state_of(input)?;
            let k = input
                .get("player")
                .and_then(Value::as_u64)
                .ok_or("input.player must be a player index")?;
            let pos_text = text(input, "position")?;
            let pos = Pos::parse(pos_text).ok_or(format!("malformed position {pos_text:?}"))?;
            let p = s.player(k as usize).map_err(|e| e.to_string())?;
            if task == "height_at" {
                json!(p.city().height(pos))
            } else {
                match p.city().top(pos) {
                    Some((h, _)) => json!(h.char().to_string()),
                    None => Value::Null,
                }
            }
        }
        "is_move_valid" => {
            let s = state_of(input)?;
            let m: Move = text(input, "move")?
                .parse()
                .map_err(|e: tessera_akropolis::NotationError| e.to_string())?;
            json!(s.is_valid(m))
        }
        "apply_move" => {
            let mut s = state_of(input)?;
            s.reseed(seed);
            let m: Move = text(input, "move")?
                .parse()
                .map_err(|e: tessera_akropolis::NotationError| e.to_string())?;
            s.play(m).map_err(|e| e.to_string())?;
            json!(s.to_string())
        }
        "generate_all_valid_moves" => {
            let s = state_of(input)?;
            let moves: Vec<String> = s.valid_moves().iter().map(Move::to_string).collect();
            json!(moves)
        }
        "generate_ai_move" => {
            let s = state_of(input)?;
            match greedy_move(&s, None) {
                Some(m) => json!(m.to_string()),
                None => return Err("no valid move (the game is over)".into()),
            }
        }
        "calculate_house_scores" => scores(input, Some(District::House))?,
        "calculate_market_scores" => scores(input, Some(District::Market))?,
        "calculate_barracks_scores" => scores(input, Some(District::Barracks))?,
        "calculate_temple_scores" => scores(input, Some(District::Temple))?,
        "calculate_garden_scores" => scores(input, Some(District::Garden))?,
        "calculate_complete_scores" => scores(input, None)?,
        "" => return Err("request has no task".into()),
        other => return Err(format!("unknown task {other:?}")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(line: &str) -> Value {
        answer_line(line, &mut 0)
    }

    #[test]
    fn answers_the_spec_example() {
        let got = ask(
            r#"{"task":"apply_move","input":{"state":"2hmbtg;010181620;P001;P102;","move":"18S00E02R0"}}"#,
        );
        assert_eq!(got, json!("2hmbtg;1101620;P00018S00E02R0;P102;"));
        let got = ask(
            r#"{"task":"calculate_complete_scores","input":{"state":"2hmbtg;010181620;P001;P102;"}}"#,
        );
        assert_eq!(got, json!([1, 2]));
    }

    #[test]
    fn bad_input_is_an_answer_not_a_crash() {
        for line in [
            "not json",
            "[]",
            r#"{"task":"nope","input":{}}"#,
            r#"{"task":"is_game_over","input":{"state":"garbage"}}"#,
            r#"{"task":"apply_move","input":{"state":"2hmbtg;010181620;P001;P102;","move":"99S00E00R0"}}"#,
            r#"{"task":"apply_move","input":{"state":"2hmbtg;010181620;P001;P102;","move":"01S00E00R0"}}"#,
            r#"{"task":"height_at","input":{"state":"2hmbtg;010181620;P001;P102;","player":7,"position":"S00E00"}}"#,
            r#"{"task":"tile_at","input":{"state":"2hmbtg;010181620;P001;P102;","player":0,"position":"N00E00"}}"#,
        ] {
            let got = ask(line);
            assert!(got.get("error").is_some(), "{line} -> {got}");
        }
        for line in [
            r#"{"task":"is_state_string_well_formed","input":{"state":"2hmbtg;"}}"#,
            r#"{"task":"is_state_string_well_formed","input":{"state":7}}"#,
            r#"{"task":"is_move_string_well_formed","input":{"move":"18N00E02R0"}}"#,
            r#"{"task":"is_move_string_well_formed","input":{}}"#,
        ] {
            assert_eq!(ask(line), json!(false), "{line}");
        }
    }
}
