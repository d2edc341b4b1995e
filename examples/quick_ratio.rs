//! Development aid: per-node cost of each variant relative to orthodox, in-process, one run.
//! `cargo run --release --example quick_ratio [DEPTH] [FEN]` (criterion benches are the reference).
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(4);
    let fen = std::env::args()
        .nth(2)
        .unwrap_or_else(|| "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".into());
    let mut variants: Vec<String> = fairyperft::rules::known_names().into_iter().map(String::from).collect();
    variants.retain(|v| v != "cohen");
    variants.extend(["circe+cohen", "circe+madrasi", "anticirce-calvet+madrasi"].map(String::from));
    let mut base = None;
    for v in variants {
        let mut g = fairyperft::Game::new(&fen, &v).unwrap();
        let mut best = f64::MAX;
        let mut nodes = 0;
        for _ in 0..3 {
            let t = Instant::now();
            nodes = g.perft(depth);
            best = best.min(t.elapsed().as_secs_f64());
        }
        let per = best * 1e9 / nodes.max(1) as f64;
        let b = *base.get_or_insert(per);
        println!("{v:32} {nodes:>10} {per:8.2} ns/node {:6.2}x", per / b);
    }
}
