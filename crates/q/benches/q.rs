//! Criterion benchmarks: a whole 4-player dag/ldasg game from the instructor's xgames test 0,
//! and legal-placement enumeration for one tile on a 200-tile map.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tessera_q::{bench, Color, Shape, Tile};

fn game(c: &mut Criterion) {
    let (game, strategies) = bench::staff_0();
    c.bench_function("staff-0 game (4 players, dag/ldasg)", |b| {
        b.iter(|| black_box(bench::play_staff_0(&game, &strategies)))
    });
}

fn candidates(c: &mut Criterion) {
    let map = bench::random_map(200, 7);
    assert_eq!(map.len(), 200);
    let tile = Tile::new(Shape::Circle, Color::Blue);
    c.bench_function("candidates of one tile, 200-tile map", |b| {
        b.iter(|| black_box(map.candidates(black_box(tile))))
    });
}

criterion_group!(benches, game, candidates);
criterion_main!(benches);
