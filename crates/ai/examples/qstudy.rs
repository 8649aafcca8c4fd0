//! A study of 2-player Q games between two specs (`cargo run --release -p tessera-ai
//! --example qstudy -- A B GAMES`): A's win rate, how games end (by a finish, and whether
//! the finisher won), how often a seat could have placed its whole hand and did not, the
//! game lengths in turns, and A's time per move (mean and maximum, measured here, one
//! core). Game `g` is dealt from seed `1000 + g`; A takes seat 0 in even games.
use std::time::{Duration, Instant};
use tessera_core::{rng_from_seed, Game, Strategy};
use tessera_q::{Choice, QGame, QRules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(a), Some(b), Some(games)) = (args.get(1), args.get(2), args.get(3)) else {
        eprintln!("usage: qstudy SPEC_A SPEC_B GAMES");
        std::process::exit(2);
    };
    let games: u64 = games.parse().expect("GAMES is a number");
    let bot = |s: &str| tessera_ai::registry::q(s).unwrap_or_else(|e| panic!("{e}"));
    let mut turns_hist = vec![0u64; 12];
    let (mut by_finish, mut finisher_won, mut a_wins) = (0u64, 0u64, 0.0);
    let (mut could, mut missed) = ([0u64; 2], [0u64; 2]);
    let (mut moves_a, mut time_a, mut max_a) = (0u32, Duration::ZERO, Duration::ZERO);
    for g in 0..games {
        let mut game = QGame::new(&QRules::default(), 1000 + g).expect("a game");
        let a_seat = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Strategy<QGame>>> = if a_seat == 0 {
            vec![bot(a), bot(b)]
        } else {
            vec![bot(b), bot(a)]
        };
        let mut rng = rng_from_seed(g);
        let (mut turns, mut last, mut finished) = (0usize, 0usize, false);
        while let Some(s) = game.to_move() {
            let v = game.view(s);
            let hand = &v.knowledge.active.hand;
            let t0 = Instant::now();
            let mv = bots[s.index()].choose(&v, &mut rng);
            let e = t0.elapsed();
            let who = usize::from(s.index() != a_seat);
            if who == 0 {
                time_a += e;
                max_a = max_a.max(e);
                moves_a += 1;
            }
            finished = matches!(&mv, Choice::Place(ps) if ps.len() == hand.len());
            let possible = tessera_ai::q_lookahead::finish_exists(
                &v.knowledge.map,
                hand,
                v.rules.bonuses,
                1_000_000,
            );
            if possible.is_some() {
                could[who] += 1;
                missed[who] += u64::from(!finished);
            }
            last = s.index();
            game.play(&mv).expect("a legal move");
            turns += 1;
        }
        turns_hist[turns.min(11)] += 1;
        let sc = game.scores();
        let winner = (sc[0] != sc[1]).then(|| usize::from(sc[1] > sc[0]));
        if finished {
            by_finish += 1;
            finisher_won += u64::from(winner == Some(last));
        }
        a_wins += match winner {
            Some(w) if w == a_seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    println!(
        "{a} vs {b}: {games} games, {a} won {:.1}%",
        100.0 * a_wins / games as f64
    );
    println!("ended by a finish: {by_finish}, won by the finisher: {finisher_won}");
    println!("a finish possible (A, B): {could:?}, not played: {missed:?}");
    println!("games by turns (0..=10, 11+): {turns_hist:?}");
    println!(
        "{a}: {moves_a} moves, mean {:.2} ms, max {:.2} ms per move",
        (time_a / moves_a.max(1)).as_secs_f64() * 1e3,
        max_a.as_secs_f64() * 1e3
    );
}
