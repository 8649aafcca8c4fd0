//! How far from the centre the legal moves of real games reach: the figures behind the
//! windows of the fixed action spaces (`crates/encode`, docs/python.md). For each game and
//! each kind of play (uniformly random moves, and bots), the largest coordinate any legal
//! move's cell had, the share of positions with a legal move outside windows of a few
//! sizes, and the share of legal moves (as the engine lists them) that have no action in
//! the encoding (a cell outside its window). Prints only what it measures.
//!
//! `cargo run --release -p tessera-games --example action_reach [GAMES]` (default 200
//! games per line; the bots' lines play a tenth of them).

use rand::seq::SliceRandom;
use tessera_akropolis::Akropolis;
use tessera_core::{rng_from_seed, Game, Strategy};
use tessera_games::{Position, Registration};
use tessera_q::QGame;
use tessera_triominos::{Move, TriominosGame};

/// The cells a position's legal moves need in the action space (x, y).
trait Reach: Registration {
    fn cells(&self) -> Vec<(i64, i64)>;
}

impl Reach for TriominosGame {
    fn cells(&self) -> Vec<(i64, i64)> {
        self.legal_moves()
            .iter()
            .filter_map(|m| match m {
                Move::Place(p) => Some((p.x as i64, p.y as i64)),
                _ => None,
            })
            .collect()
    }
}

impl Reach for QGame {
    /// Every free cell next to the map (a placement of a turn lies in the line of one,
    /// at most a hand's length beyond it: counted by the window's margin in the table).
    fn cells(&self) -> Vec<(i64, i64)> {
        self.map()
            .frontier()
            .iter()
            .map(|c| (c.col as i64, c.row as i64))
            .collect()
    }
}

impl Reach for Akropolis {
    fn cells(&self) -> Vec<(i64, i64)> {
        self.valid_moves()
            .iter()
            .map(|m| (m.origin.x as i64, m.origin.y as i64))
            .collect()
    }
}

const WINDOWS: [i64; 5] = [8, 12, 16, 20, 24];

fn run<G: Reach>(what: &str, rules: &G::Rules, bot: Option<&str>, games: u64) {
    let mut reach = 0i64;
    let mut positions = 0usize;
    let mut outside = [0usize; WINDOWS.len()];
    let (mut moves, mut unencoded) = (0usize, 0usize);
    for seed in 0..games {
        let mut game = G::new(rules, seed).expect("rules");
        let mut rng = rng_from_seed(7 + seed);
        let mut strategy: Option<Box<dyn Strategy<G>>> = bot.map(|b| G::bot(b).expect("a bot"));
        let mut played = 0;
        while let Some(seat) = game.to_move() {
            let far = game
                .cells()
                .iter()
                .map(|(x, y)| x.abs().max(y.abs()))
                .max()
                .unwrap_or(0);
            reach = reach.max(far);
            positions += 1;
            let legal = game.legal_moves();
            moves += legal.len();
            unencoded += legal
                .iter()
                .filter(|m| G::actions_of(Position::Game(&game, seat), m).is_none())
                .count();
            for (o, w) in outside.iter_mut().zip(WINDOWS) {
                // a window of half-size w holds -w..w (exclusive at the top, as a grid of 2w)
                if far >= w {
                    *o += 1;
                }
            }
            let mv = match &mut strategy {
                Some(s) => s.choose(&game.view(seat), &mut rng),
                None => game.legal_moves().choose(&mut rng).expect("a move").clone(),
            };
            game.play(&mv).expect("legal");
            played += 1;
            if played > 20_000 {
                break;
            }
        }
    }
    let shares: Vec<String> = outside
        .iter()
        .zip(WINDOWS)
        .map(|(o, w)| format!("±{w}: {:.3}%", 100.0 * *o as f64 / positions.max(1) as f64))
        .collect();
    println!(
        "{what:36} {games:4} games {positions:7} positions  reach {reach:3}  outside {}  moves without an action {:.4}%",
        shares.join("  "),
        100.0 * unencoded as f64 / moves.max(1) as f64
    );
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let few = (games / 10).max(1);
    for seats in [2u8, 4] {
        let r = tessera_triominos::Rules::standard(seats);
        run::<TriominosGame>(
            &format!("triominos 56, {seats} seats, random"),
            &r,
            None,
            games,
        );
        run::<TriominosGame>(
            &format!("triominos 56, {seats} seats, level:4"),
            &r,
            Some("level:4"),
            few,
        );
    }
    let mut r84 = tessera_triominos::Rules::standard(2);
    r84.tiles = tessera_triominos::TileSet::Extended84;
    run::<TriominosGame>("triominos 84, 2 seats, random", &r84, None, games);
    for copies in [3usize, 30] {
        let r = tessera_q::QRules {
            copies,
            ..tessera_q::QRules::default()
        };
        let n = if copies == 30 { few } else { games };
        run::<QGame>(&format!("q {copies} copies, 2 seats, random"), &r, None, n);
        run::<QGame>(
            &format!("q {copies} copies, 2 seats, ldasg"),
            &r,
            Some("ldasg"),
            n,
        );
        run::<QGame>(
            &format!("q {copies} copies, 2 seats, lines"),
            &r,
            Some("lines"),
            (n / 4).max(1),
        );
    }
    for seats in [2u8, 4] {
        let r = tessera_akropolis::Rules::new(seats, tessera_akropolis::Variants::NONE);
        run::<Akropolis>(&format!("akropolis {seats} seats, random"), &r, None, games);
        run::<Akropolis>(
            &format!("akropolis {seats} seats, level:4"),
            &r,
            Some("level:4"),
            few,
        );
    }
}
