//! Development aid: per-node cost of each variant relative to orthodox, in-process, one run.
//! `cargo run --release --example quick_ratio [DEPTH] [FEN]` (criterion benches are the reference).
//! `ONLY=circe,circe+madrasi` measures those variants only (and orthodox); `REPS=N` takes the
//! best of N runs (3).
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(4);
    let fen = std::env::args()
        .nth(2)
        .unwrap_or_else(|| "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".into());
    let mut variants: Vec<String> = fairyperft::rules::known_names().into_iter().map(String::from).collect();
    variants.retain(|v| v != "cohen");
    variants.extend(["circe+cohen", "circe+madrasi", "anticirce-calvet+madrasi"].map(String::from));
    if let Ok(only) = std::env::var("ONLY") {
        // (any variant name, compositions included)
        variants = std::iter::once("orthodox")
            .chain(only.split(','))
            .map(String::from)
            .collect();
    }
    let reps: usize = std::env::var("REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(3);
    // (the runs interleaved, each variant's best kept: a drift of the machine's speed hits all)
    let mut games: Vec<_> = variants
        .iter()
        .map(|v| fairyperft::Game::new(&fen, v).unwrap())
        .collect();
    let mut best = vec![f64::MAX; games.len()];
    let mut nodes = vec![0; games.len()];
    for _ in 0..reps {
        for (i, g) in games.iter_mut().enumerate() {
            let t = Instant::now();
            nodes[i] = g.perft(depth);
            best[i] = best[i].min(t.elapsed().as_secs_f64());
        }
    }
    let mut base = None;
    for (i, v) in variants.iter().enumerate() {
        let per = best[i] * 1e9 / nodes[i].max(1) as f64;
        let b = *base.get_or_insert(per);
        println!("{v:32} {:>10} {per:8.2} ns/node {:6.2}x", nodes[i], per / b);
    }
}
