//! Plays random 4-player games (for profiling): `random_games [count]`.
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let mut total = 0i64;
    for seed in 0..n {
        let o = tessera_akropolis::bench::random_game(4, seed);
        total += o.scores.iter().map(|&s| s as i64).sum::<i64>();
    }
    println!("{n} games, total score {total}");
}
