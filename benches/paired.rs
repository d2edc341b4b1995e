//! Ratios measured in pairs: each criterion iteration times the two sides of a ratio back to
//! back (in alternating order) and records their quotient, so that a drift of the machine's
//! speed between two benchmarks (which on a shared VM can reach 1.5x within seconds) cancels
//! out. Criterion's statistics are then those of the ratio itself, printed as `1.65x`.
//!
//! * `per-node/<position>/<variant>`: the variant's time per node over orthodox's, the same
//!   position and depth (Kiwipete perft(4); the initial position perft(5), where Isardam has
//!   moves and Kiwipete has none);
//! * `composed/<position>/<preset>+<condition>`: every Circe preset composed with
//!   `madrasi`, `madrasi-rex-inclusive` or `cohen` (Kiwipete perft(4)) or `isardam` or
//!   `isardam-type-b` (the initial position perft(5)), per node of orthodox;
//! * `shakmaty/initial-perft6`: fairyperft's orthodox perft(6) time over shakmaty's;
//! * `threads/initial-perft6`: `--threads 1` time over `--threads 2` (the speed-up);
//! * `two-jobs/initial-perft6`: what two cores give this machine at best, whatever the
//!   program: one single-thread perft(6) alone against two independent ones at once (time
//!   per job); on a VM whose two vCPUs share a physical core's resources it is well below 2.
//!
//! `cargo bench --bench paired`; the table: `cargo run --release --example bench_report`.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use shakmaty::{fen::Fen, CastlingMode, Chess};
use std::time::{Duration, Instant};

#[path = "common.rs"]
mod common;

/// A measurement whose values are ratios (summed over iterations), not times.
struct Ratio;

impl Measurement for Ratio {
    type Intermediate = ();
    type Value = f64;
    fn start(&self) {}
    fn end(&self, _: ()) -> f64 {
        0.0
    }
    fn add(&self, a: &f64, b: &f64) -> f64 {
        a + b
    }
    fn zero(&self) -> f64 {
        0.0
    }
    fn to_f64(&self, v: &f64) -> f64 {
        *v
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &RatioFormatter
    }
}

struct RatioFormatter;

impl ValueFormatter for RatioFormatter {
    fn scale_values(&self, _typical: f64, _values: &mut [f64]) -> &'static str {
        "x"
    }
    fn scale_throughputs(&self, _typical: f64, _throughput: &Throughput, _values: &mut [f64]) -> &'static str {
        "x"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "x"
    }
}

/// Seconds taken by `f`, and what it returned.
fn timed(f: &mut impl FnMut() -> u64) -> (f64, u64) {
    let t = Instant::now();
    let n = criterion::black_box(f());
    (t.elapsed().as_secs_f64(), n)
}

/// The sum over `iters` pairs of (time of `num` per unit it returns) / (time of `den` per
/// unit), the two run back to back, first one then the other first.
fn paired(iters: u64, num: &mut impl FnMut() -> u64, den: &mut impl FnMut() -> u64, per_unit: bool) -> f64 {
    let mut sum = 0.0;
    for i in 0..iters {
        let ((tn, nn), (td, nd)) = if i % 2 == 0 {
            let a = timed(num);
            (a, timed(den))
        } else {
            let b = timed(den);
            (timed(num), b)
        };
        sum += if per_unit {
            (tn / nn.max(1) as f64) / (td / nd.max(1) as f64)
        } else {
            tn / td
        };
    }
    sum
}

fn shak(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn bench(c: &mut Criterion<Ratio>) {
    let mut g = c.benchmark_group("paired");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));

    let mut ortho = fairyperft::Game::new(common::INITIAL, "orthodox").unwrap();
    let pos = shak(common::INITIAL);
    g.bench_function("shakmaty/initial-perft6", |b| {
        b.iter_custom(|iters| paired(iters, &mut || ortho.perft(6), &mut || shakmaty::perft(&pos, 6), false))
    });
    g.bench_function("threads/initial-perft6", |b| {
        let mut two = fairyperft::Game::new(common::INITIAL, "orthodox").unwrap();
        b.iter_custom(|iters| {
            paired(
                iters,
                &mut || ortho.perft_parallel(6, 1),
                &mut || two.perft_parallel(6, 2),
                false,
            )
        })
    });

    g.bench_function("two-jobs/initial-perft6", |b| {
        let mut alone = || {
            fairyperft::Game::new(common::INITIAL, "orthodox")
                .unwrap()
                .perft(6)
                .min(1)
        };
        let mut both = || {
            std::thread::scope(|s| {
                let jobs: Vec<_> = (0..2)
                    .map(|_| {
                        s.spawn(|| {
                            fairyperft::Game::new(common::INITIAL, "orthodox")
                                .unwrap()
                                .perft(6)
                                .min(1)
                        })
                    })
                    .collect();
                jobs.into_iter().map(|j| j.join().unwrap()).sum()
            })
        };
        b.iter_custom(|iters| paired(iters, &mut alone, &mut both, true))
    });

    for (name, fen, depth) in [
        ("kiwipete-perft4", common::KIWIPETE, 4),
        ("initial-perft5", common::INITIAL, 5),
    ] {
        let mut base = fairyperft::Game::new(fen, "orthodox").unwrap();
        for v in common::variants() {
            let mut game = fairyperft::Game::new(fen, &v).unwrap();
            if game.perft(depth) == 0 {
                // (Isardam on Kiwipete: no legal move, no node to divide by)
                continue;
            }
            g.bench_function(format!("per-node/{name}/{v}"), |b| {
                b.iter_custom(|iters| paired(iters, &mut || game.perft(depth), &mut || base.perft(depth), true))
            });
        }
    }
    // every Circe preset composed with Madrasi, Cohen's rule or Isardam, per node of
    // orthodox on the position of its target (`cargo bench --bench paired -- composed`)
    for (condition, name, fen, depth, _) in common::COMPOSITION_TARGETS {
        let mut base = fairyperft::Game::new(fen, "orthodox").unwrap();
        for v in common::compositions(condition) {
            let mut game = fairyperft::Game::new(fen, &v).unwrap();
            if game.perft(depth) == 0 {
                continue;
            }
            g.bench_function(format!("composed/{name}/{v}"), |b| {
                b.iter_custom(|iters| paired(iters, &mut || game.perft(depth), &mut || base.perft(depth), true))
            });
        }
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(Ratio);
    targets = bench
}
criterion_main!(benches);
