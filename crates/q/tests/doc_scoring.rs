//! docs/q.md's worked examples of scoring ("Scoring"): every block after a
//! `<!-- doc_scoring -->` marker names a map, a turn's placements, the hand's size (the
//! placed tiles and filler) and the pile's (10 unless said), and the points the turn scores
//! under each rule set; the engine's own check and scorer (`RuleSet::preview`, the Q and
//! finish bonuses 6) must say the same: the turn is legal under both, and scores as written.

use std::path::PathBuf;
use tessera_q::{Bonuses, Coord, Map, Placement, RuleSet, Tile};

/// `row,col colour shape` cells separated by `;`.
fn cells(text: &str) -> Vec<(Coord, Tile)> {
    text.split(';')
        .map(|cell| {
            let words: Vec<&str> = cell.split_whitespace().collect();
            let [at, color, shape] = words[..] else {
                panic!("not a cell: {cell:?}")
            };
            let (r, c) = at.split_once(',').expect("row,column");
            let tile: Tile =
                serde_json::from_value(serde_json::json!({"color": color, "shape": shape}))
                    .unwrap_or_else(|e| panic!("not a tile: {cell:?}: {e}"));
            (Coord::new(r.parse().unwrap(), c.parse().unwrap()), tile)
        })
        .collect()
}

#[test]
fn the_worked_examples_of_docs_q_md_score_as_written() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/q.md");
    let doc = std::fs::read_to_string(path).expect("docs/q.md");
    let blocks: Vec<&str> = doc.split("<!-- doc_scoring -->").skip(1).collect();
    assert!(blocks.len() >= 3, "docs/q.md has {} examples", blocks.len());
    for block in blocks {
        let body = block
            .split("```")
            .nth(1)
            .expect("a fenced block after the marker");
        let field = |key: &str| {
            body.lines()
                .find_map(|l| l.strip_prefix(&format!("{key}:")))
                .map(str::trim)
        };
        let map: Map = cells(field("map").expect("map:")).into_iter().collect();
        let placements: Vec<Placement> = cells(field("place").expect("place:"))
            .into_iter()
            .map(|(c, t)| Placement::new(c, t))
            .collect();
        let size: usize = field("hand").expect("hand:").parse().unwrap();
        let pile: usize = field("pile").map_or(10, |p| p.parse().unwrap());
        // the hand: the placed tiles, then yellow clovers (placed nowhere) up to its size
        let mut hand: Vec<Tile> = placements.iter().map(|p| p.tile).collect();
        let filler = cells("0,0 yellow clover")[0].1;
        hand.resize(size.max(hand.len()), filler);
        for (rules, key) in [(RuleSet::Course, "course"), (RuleSet::Boxed, "boxed")] {
            let said: u64 = field(key)
                .unwrap_or_else(|| panic!("{key}:"))
                .parse()
                .unwrap();
            let got = rules
                .preview(&map, &hand, pile, &placements, Bonuses::EARLY)
                .unwrap_or_else(|e| panic!("{key}: the example's turn is illegal: {e}\n{body}"));
            assert_eq!(
                got, said,
                "{key} scores {got}, docs/q.md says {said}:\n{body}"
            );
        }
    }
}
