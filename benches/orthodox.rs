//! Orthodox perft, fairyperft against the shakmaty crate, side by side in one run.
//! `cargo bench --bench orthodox`; ratios: `cargo run --release --example bench_report`.

use criterion::{criterion_group, criterion_main, Criterion};
use shakmaty::{fen::Fen, CastlingMode, Chess};
use std::time::Duration;

#[path = "common.rs"]
mod common;

fn shak(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("orthodox");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    for (name, fen, depth) in [
        ("initial-perft6", common::INITIAL, 6),
        ("kiwipete-perft5", common::KIWIPETE, 5),
    ] {
        let mut game = fairyperft::Game::new(fen, "orthodox").unwrap();
        g.bench_function(format!("fairyperft/{name}"), |b| b.iter(|| game.perft(depth)));
        let pos = shak(fen);
        g.bench_function(format!("shakmaty/{name}"), |b| b.iter(|| shakmaty::perft(&pos, depth)));
    }
    g.finish();

    // --threads: the same perft(6) split over rayon (identical counts, tests/table.rs)
    let mut g = c.benchmark_group("threads");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    let mut game = fairyperft::Game::new(common::INITIAL, "orthodox").unwrap();
    for threads in [1, 2] {
        g.bench_function(format!("initial-perft6/{threads}"), |b| {
            b.iter(|| game.perft_parallel(6, threads))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
