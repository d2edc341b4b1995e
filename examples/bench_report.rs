//! Reads criterion's results (target/criterion) of the last `cargo bench` and prints the
//! ratios README.md reports: fairyperft / shakmaty time, and each variant's cost per node
//! relative to orthodox, all from the same run.
//!
//! `cargo bench --bench orthodox --bench variants && cargo run --release --example bench_report`

use std::path::Path;

#[path = "../benches/common.rs"]
mod common;

fn mean_ns(group: &str, id: &str) -> Option<f64> {
    let p = Path::new("target/criterion").join(group).join(id).join("new/estimates.json");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(p).ok()?).ok()?;
    v["mean"]["point_estimate"].as_f64()
}

fn main() {
    println!("## Orthodox: fairyperft vs shakmaty (time ratio, lower is faster)\n");
    println!("| benchmark | fairyperft / shakmaty |\n|---|---|");
    for name in ["initial-perft6", "kiwipete-perft5"] {
        match (mean_ns("orthodox", &format!("fairyperft_{name}")), mean_ns("orthodox", &format!("shakmaty_{name}"))) {
            (Some(a), Some(b)) => println!("| {name} | {:.2} |", a / b),
            _ => println!("| {name} | (not measured) |"),
        }
    }
    match (mean_ns("threads", "initial-perft6_1"), mean_ns("threads", "initial-perft6_2")) {
        (Some(one), Some(two)) => println!("\n--threads 2 speed-up, initial-perft6: {:.2}x", one / two),
        _ => println!("\n--threads 2 speed-up: (not measured)"),
    }
    for (group, fen, depth) in [("kiwipete-perft4", common::KIWIPETE, 4), ("initial-perft5", common::INITIAL, 5)] {
        println!("\n## {group}: cost per node relative to orthodox\n");
        println!("| variant | nodes | x orthodox |\n|---|---|---|");
        let mut base = None;
        for v in common::variants() {
            let nodes = fairyperft::Game::new(fen, &v).unwrap().perft(depth);
            let id = v.clone();
            let Some(t) = mean_ns(group, &id) else {
                println!("| {v} | {nodes} | (not measured) |");
                continue;
            };
            if nodes == 0 {
                println!("| {v} | 0 | (no node to divide by: no legal move here) |");
                continue;
            }
            let per = t / nodes as f64;
            let b = *base.get_or_insert(per);
            println!("| {v} | {nodes} | {:.2} |", per / b);
        }
    }
    println!("\n## The hot-path work: generic pipeline / default, Kiwipete perft(3) (time ratio)\n");
    println!("| variant | speed-up |\n|---|---|");
    for v in common::PIPELINE_VARIANTS {
        let id = |kind: &str| format!("{kind}_{v}");
        match (mean_ns("pipeline-kiwipete-perft3", &id("generic")), mean_ns("pipeline-kiwipete-perft3", &id("default"))) {
            (Some(g), Some(d)) => println!("| {v} | {:.1}x |", g / d),
            _ => println!("| {v} | (not measured) |"),
        }
    }
}
