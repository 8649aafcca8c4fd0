//! The points a person's screen shows for a Triominos placement (`hints`' `score`: the
//! highlighted spot, the tile held for a confirmation, the screen reader's label) are the
//! points playing it adds to the mover's score, the round's opening bonus included (a
//! triple opening a round scores its sum and 10 more, 0-0-0 scores 40: the page showed
//! +15 for a 5-5-5 that scored +25), and the same as `legal`'s gains. Checked on every
//! placement of every position of whole games between two bots, rounds opened by a triple
//! among them.

use tessera_core::{rng_from_seed, Game};
use tessera_games::Registration;
use tessera_triominos::{Move, Placement, TriominosGame};

#[test]
fn triominos_hints_score_what_the_placement_adds_the_opening_included() {
    let (mut placements, mut openings, mut triples) = (0, 0, 0);
    for seed in 0..6u64 {
        let rules = TriominosGame::default_rules(2).unwrap();
        let mut game = TriominosGame::new(&rules, seed).unwrap();
        let mut bot = TriominosGame::bot("greedy").unwrap();
        let mut rng = rng_from_seed(seed);
        while let Some(seat) = Game::to_move(&game) {
            let view = game.view(seat);
            let hints = <TriominosGame as Registration>::hints(&view);
            let legal = <TriominosGame as Registration>::legal(&view);
            let gains = legal
                .gains
                .clone()
                .expect("Triominos gives every move's gain");
            for h in hints["placements"].as_array().unwrap() {
                let p: Placement = serde_json::from_value(serde_json::json!({
                    "tile": h["tile"], "orientation": h["orientation"], "x": h["x"], "y": h["y"],
                }))
                .unwrap();
                let mv = Move::Place(p);
                let shown = h["score"].as_i64().unwrap();
                let mut next = game.clone();
                Game::play(&mut next, &mv).unwrap();
                // (a placement that ends the round also brings the round's credits: not shown)
                if next.round() == game.round() && Game::to_move(&next).is_some() {
                    let gained =
                        i64::from(next.scores()[seat.index()] - game.scores()[seat.index()]);
                    assert_eq!(
                        shown, gained,
                        "seed {seed}: {mv:?} shown {shown}, scored {gained}"
                    );
                }
                let k = legal
                    .moves
                    .iter()
                    .position(|m| m == &mv)
                    .expect("a hint is a legal move");
                assert_eq!(
                    shown,
                    i64::from(gains[k]),
                    "seed {seed}: {mv:?}: hints and legal agree"
                );
                placements += 1;
                if view.forced.is_some() {
                    openings += 1;
                    triples += usize::from(p.tile.is_triple());
                }
            }
            let mv = bot.choose(&view, &mut rng);
            Game::play(&mut game, &mv).unwrap();
        }
    }
    assert!(placements > 500, "{placements} placements checked");
    assert!(
        openings > 3 && triples > 0,
        "{openings} openings, {triples} by a triple"
    );
}
