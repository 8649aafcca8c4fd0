//! The points a person's screen shows for tiles put down before they are sent
//! (`GameEntry::preview`, from the seat's view as it was sent): for Q, on every position of
//! whole games played by the `ldasg` bot (turns of several tiles), the preview of the move
//! played is what it adds to the mover's score; a move the engine would refuse is refused
//! in the engine's words; a move that places nothing, and a game that gives no preview,
//! say nothing.

use tessera_core::{rng_from_seed, Game};
use tessera_games::{Registration, Registry};
use tessera_q::{Choice, QGame, QRules, RuleSet};

#[test]
fn q_preview_is_what_the_move_adds() {
    let registry = Registry::standard();
    let q = registry.find("q").unwrap();
    let mut previewed = 0;
    let mut several = 0;
    for seed in 0..8u64 {
        // both rule sets: the course's, and the boxed game's (a view that says so)
        let rule_set = if seed % 2 == 0 {
            RuleSet::Course
        } else {
            RuleSet::Boxed
        };
        let rules = QRules {
            copies: 2,
            rule_set,
            ..QRules::for_players(2)
        };
        let mut game = QGame::new(&rules, seed).unwrap();
        let mut bot = QGame::bot("ldasg").unwrap();
        let mut rng = rng_from_seed(seed);
        while let Some(seat) = Game::to_move(&game) {
            let view = game.view(seat);
            let text = serde_json::to_string(&view).unwrap();
            let mv = bot.choose(&view, &mut rng);
            let said = q.preview(&text, &serde_json::to_string(&mv).unwrap());
            let before = game.scores()[seat.index()];
            let mut next = game.clone();
            Game::play(&mut next, &mv).unwrap();
            match &mv {
                Choice::Place(ps) => {
                    let gained = i64::from(next.scores()[seat.index()] - before);
                    assert_eq!(said, Some(Ok(gained)), "seed {seed}: {mv:?}");
                    previewed += 1;
                    several += usize::from(ps.len() > 1);
                    // the same tiles twice: refused, in the engine's words
                    let twice: Vec<_> = ps.iter().chain(ps.iter()).cloned().collect();
                    let refused = q.preview(
                        &text,
                        &serde_json::to_string(&Choice::Place(twice)).unwrap(),
                    );
                    assert!(matches!(refused, Some(Err(_))), "seed {seed}: {refused:?}");
                }
                _ => assert_eq!(said, None, "{mv:?}"),
            }
            game = next;
        }
    }
    assert!(
        previewed > 80 && several > 10,
        "{previewed} previews, {several} of several tiles"
    );
    // an unreadable move is refused; a game without a preview says nothing
    let view = QGame::new(&QRules::for_players(2), 1)
        .unwrap()
        .view(tessera_core::Seat(0));
    let text = serde_json::to_string(&view).unwrap();
    assert!(matches!(q.preview(&text, "{\"oops\": 1}"), Some(Err(_))));
    let tri = registry.find("triominos").unwrap();
    let t = tessera_triominos::TriominosGame::new(
        &tessera_triominos::TriominosGame::default_rules(2).unwrap(),
        1,
    )
    .unwrap();
    let tview = serde_json::to_string(&t.view(tessera_core::Seat(0))).unwrap();
    assert_eq!(tri.preview(&tview, "\"draw\""), None);
}
