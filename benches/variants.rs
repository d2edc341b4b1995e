//! perft of every variant (and the compositions of the corpus) on Kiwipete and the initial
//! position at a fixed depth. `cargo bench --bench variants`; per-node cost relative to
//! orthodox: `cargo run --release --example bench_report`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

#[path = "common.rs"]
mod common;

fn bench(c: &mut Criterion) {
    for (group, fen, depth) in [
        ("kiwipete-perft4", common::KIWIPETE, 4),
        ("initial-perft5", common::INITIAL, 5),
    ] {
        let mut g = c.benchmark_group(group);
        g.sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        for v in common::variants() {
            let mut game = fairyperft::Game::new(fen, &v).unwrap();
            g.bench_function(v.as_str(), |b| b.iter(|| game.perft(depth)));
        }
        g.finish();
    }

    // the profile-guided work on the hot paths, before and after: the generic pipeline
    // (every move played and judged, `Rules::generic()`) against the default (leaf counter
    // and fast paths), Kiwipete perft(3)
    let mut g = c.benchmark_group("pipeline-kiwipete-perft3");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for v in common::PIPELINE_VARIANTS {
        let game = fairyperft::Game::new(common::KIWIPETE, v).unwrap();
        let mut generic = fairyperft::Game::from_parts(game.pos.clone(), game.rules.clone().generic()).unwrap();
        let mut fast = game;
        g.bench_function(format!("generic/{v}"), |b| b.iter(|| generic.perft(3)));
        g.bench_function(format!("default/{v}"), |b| b.iter(|| fast.perft(3)));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
