//! Scratch study of Q games between two specs: turns, finishes, who wins.
use tessera_core::{rng_from_seed, Game, Strategy};
use tessera_q::{Choice, QGame, QRules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a = &args[1];
    let b = &args[2];
    let games: u64 = args[3].parse().unwrap();
    let mut turns_hist = vec![0u64; 40];
    let (mut fin, mut fin_win, mut a_wins) = (0, 0, 0.0);
    let mut moves_a = 0u64;
    let mut pending: Option<f64> = None;
    let (mut pred, mut npred, mut actual) = (0.0, 0u64, 0.0);
    let mut could_n = [0u64; 2];
    let mut missed = [0u64; 2];
    let mut t_a = std::time::Duration::ZERO;
    let mut max_a = std::time::Duration::ZERO;
    for g in 0..games {
        let mut game = QGame::new(&QRules::default(), 1000 + g).unwrap();
        let mut bots: Vec<Box<dyn Strategy<QGame>>> = if g % 2 == 0 {
            vec![
                tessera_ai::registry::q(a).unwrap(),
                tessera_ai::registry::q(b).unwrap(),
            ]
        } else {
            vec![
                tessera_ai::registry::q(b).unwrap(),
                tessera_ai::registry::q(a).unwrap(),
            ]
        };
        let a_seat = (g % 2) as usize;
        let mut rng = rng_from_seed(g);
        let mut turns = 0;
        let mut last_mover = 0;
        let mut last_finished = false;
        while let Some(s) = game.to_move() {
            let v = game.view(s);
            let t0 = std::time::Instant::now();
            let mv = if s.index() == a_seat && a.starts_with("lookahead") {
                let mut la = tessera_ai::q_lookahead::Lookahead {
                    k: std::env::var("K").map(|v| v.parse().unwrap()).unwrap_or(64),
                    first: std::env::var("F").map(|v| v.parse().unwrap()).unwrap_or(8),
                    keep: std::env::var("KEEP")
                        .map(|v| v.parse().unwrap())
                        .unwrap_or(8),
                    samples: std::env::var("S").map(|v| v.parse().unwrap()).unwrap_or(64),
                    finish_weight: std::env::var("FW")
                        .map(|v| v.parse().unwrap())
                        .unwrap_or(0.7),
                    ..Default::default()
                };
                let m = la.choose(&v, &mut rng);
                pending = la.last.next_finishes;
                m
            } else {
                let m = bots[s.index()].choose(&v, &mut rng);
                if let Some(p) = pending.take() {
                    pred += p;
                    npred += 1;
                    if matches!(&m, Choice::Place(ps) if ps.len() == v.knowledge.active.hand.len())
                    {
                        actual += 1.0;
                    }
                }
                m
            };
            if s.index() == a_seat {
                let e = t0.elapsed();
                t_a += e;
                max_a = max_a.max(e);
                moves_a += 1;
            }
            let could = tessera_ai::q_lookahead::finish_exists(
                &v.knowledge.map,
                &v.knowledge.active.hand,
                v.rules.bonuses,
                1_000_000,
            )
            .is_some();
            let fin_now =
                matches!(&mv, Choice::Place(ps) if ps.len() == v.knowledge.active.hand.len());
            if could {
                could_n[s.index() ^ a_seat] += 1;
                if !fin_now {
                    missed[s.index() ^ a_seat] += 1;
                }
            }
            last_finished =
                matches!(&mv, Choice::Place(ps) if ps.len() == v.knowledge.active.hand.len());
            last_mover = s.index();
            game.play(&mv).unwrap();
            turns += 1;
        }
        turns_hist[turns.min(39)] += 1;
        let sc = game.scores();
        let w = if sc[0] > sc[1] {
            0
        } else if sc[1] > sc[0] {
            1
        } else {
            2
        };
        if last_finished {
            fin += 1;
            if w == last_mover {
                fin_win += 1;
            }
        }
        if w == a_seat {
            a_wins += 1.0
        } else if w == 2 {
            a_wins += 0.5
        }
    }
    println!(
        "{a} vs {b}: {games} games, a wins {:.1}%",
        100.0 * a_wins / games as f64
    );
    println!("ended by finish {fin}, finisher won {fin_win}");
    println!(
        "finish possible (a, b): {:?}, not taken: {:?}",
        could_n, missed
    );
    println!(
        "predicted next finishes {:.3}, actual {:.3} over {npred}",
        pred / npred.max(1) as f64,
        actual / npred.max(1) as f64
    );
    println!("turns hist: {:?}", &turns_hist);
    println!(
        "a: mean {:?} per move, max {:?}",
        t_a / moves_a.max(1) as u32,
        max_a
    );
}
