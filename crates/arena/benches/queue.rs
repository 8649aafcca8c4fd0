//! Criterion benchmark of matchmaking: one `Queue::pair` over 10,000 waiting tickets of one
//! game, 2 players, ratings from a fixed LCG, all waited long enough for the widest window.
//! The time includes dropping the emptied queue; cloning the full one is outside it.
//!
//! `cargo bench -p tessera-arena -- --warm-up-time 1 --measurement-time 3`

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;
use tessera_arena::{Queue, QueueConfig, Ticket};

/// 10,000 tickets with ratings spread over 800..2200 by a 64-bit LCG (Knuth's MMIX).
fn queue(n: u64) -> Queue {
    let mut q = Queue::new(QueueConfig {
        cap: 1_000_000,
        ..QueueConfig::default()
    });
    let mut x: u64 = 42;
    for account in 0..n {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let u = (x >> 11) as f64 / (1u64 << 53) as f64;
        q.join(Ticket {
            account,
            game: "triominos".into(),
            players: 2,
            rating: 800.0 + 1400.0 * u,
            since_ms: (account % 1000) as i64,
        })
        .expect("join");
    }
    q
}

fn pair(c: &mut Criterion) {
    let full = queue(10_000);
    // Not timed: every ticket finds a partner (the spread of neighbours is far below the
    // 800 window), so each iteration forms 5,000 matches.
    assert_eq!(full.clone().pair(60_000).len(), 5_000);
    c.bench_function("pair_10000", |b| {
        b.iter_batched(
            || full.clone(),
            |mut q| {
                let m = q.pair(60_000);
                black_box(m.len())
            },
            BatchSize::LargeInput,
        )
    });
}

criterion_group!(benches, pair);
criterion_main!(benches);
