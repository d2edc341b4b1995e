//! Reads criterion's results (target/criterion) of the last `cargo bench` and prints the
//! ratios docs/performance.md reports: fairyperft / shakmaty time, and each variant's cost
//! per node relative to orthodox, all from the same run.
//!
//! `cargo bench --bench paired && cargo run --release --example bench_report` (the ratios
//! measured in pairs, robust to the machine's drift; the figures of docs/performance.md);
//! `cargo bench --bench orthodox --bench variants` adds the benchmarks timed one after the
//! other, and their ratios.

use std::path::Path;

#[path = "../benches/common.rs"]
mod common;

/// Criterion's estimate of the mean for benchmark `id` of `group` in the last run.
fn mean_of(group: &str, id: &str) -> Option<serde_json::Value> {
    let p = Path::new("target/criterion")
        .join(group)
        .join(id)
        .join("new/estimates.json");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(p).ok()?).ok()?;
    Some(v["mean"].clone())
}

fn mean_ns(group: &str, id: &str) -> Option<f64> {
    mean_of(group, id)?["point_estimate"].as_f64()
}

/// A ratio measured in pairs (`benches/paired.rs`): its mean and 95% confidence interval.
fn paired(id: &str) -> Option<(f64, f64, f64)> {
    let m = mean_of("paired", id)?;
    Some((
        m["point_estimate"].as_f64()?,
        m["confidence_interval"]["lower_bound"].as_f64()?,
        m["confidence_interval"]["upper_bound"].as_f64()?,
    ))
}

fn show(r: Option<(f64, f64, f64)>) -> String {
    match r {
        Some((m, lo, hi)) => format!("{m:.2} ({lo:.2}–{hi:.2})"),
        None => "(not measured)".into(),
    }
}

fn main() {
    println!("## Ratios measured in pairs (benches/paired.rs; mean, 95% confidence interval)\n");
    println!("| ratio | value |\n|---|---|");
    println!(
        "| orthodox perft(6), initial position: fairyperft / shakmaty time | {} |",
        show(paired("shakmaty_initial-perft6"))
    );
    println!(
        "| `--threads 2` speed-up, perft(6) of the initial position | {} |",
        show(paired("threads_initial-perft6"))
    );
    println!(
        "| the machine's ceiling: two independent perft(6) at once vs one alone | {} |",
        show(paired("two-jobs_initial-perft6"))
    );
    let names: Vec<(&str, &str, u32)> = vec![
        ("kiwipete-perft4", common::KIWIPETE, 4),
        ("initial-perft5", common::INITIAL, 5),
    ];
    println!("\n| variant | Kiwipete perft(4) nodes | x orthodox per node | initial perft(5) nodes | x orthodox per node |\n|---|---|---|---|---|");
    for v in common::variants() {
        let mut row = format!("| {v} ");
        for &(group, fen, depth) in &names {
            let nodes = fairyperft::Game::new(fen, &v).unwrap().perft(depth);
            let r = if nodes == 0 {
                "(no legal move)".into()
            } else {
                show(paired(&format!("per-node_{group}_{v}")))
            };
            row += &format!("| {nodes} | {r} ");
        }
        println!("{row}|");
    }
    println!("\n## Compositions: every Circe preset with a condition (x orthodox per node, paired)\n");
    println!("| composition | position | nodes | x orthodox per node | target |\n|---|---|---|---|---|");
    for (condition, group, fen, depth, target) in common::COMPOSITION_TARGETS {
        for v in common::compositions(condition) {
            let nodes = fairyperft::Game::new(fen, &v).unwrap().perft(depth);
            let r = paired(&format!("composed_{group}_{v}"));
            let verdict = match r {
                Some((m, _, _)) if m <= target => "met",
                Some(_) => "not met",
                None => "",
            };
            println!(
                "| {v} | {group} | {nodes} | {} | at most {target:.1}x: {verdict} |",
                show(r)
            );
        }
    }
    println!("\n## Benchmarks timed one after the other (benches/orthodox.rs, benches/variants.rs)\n");
    println!("## Orthodox: fairyperft vs shakmaty (time ratio, lower is faster)\n");
    println!("| benchmark | fairyperft / shakmaty |\n|---|---|");
    for name in ["initial-perft6", "kiwipete-perft5"] {
        match (
            mean_ns("orthodox", &format!("fairyperft_{name}")),
            mean_ns("orthodox", &format!("shakmaty_{name}")),
        ) {
            (Some(a), Some(b)) => println!("| {name} | {:.2} |", a / b),
            _ => println!("| {name} | (not measured) |"),
        }
    }
    match (
        mean_ns("threads", "initial-perft6_1"),
        mean_ns("threads", "initial-perft6_2"),
    ) {
        (Some(one), Some(two)) => println!("\n--threads 2 speed-up, initial-perft6: {:.2}x", one / two),
        _ => println!("\n--threads 2 speed-up: (not measured)"),
    }
    for (group, fen, depth) in [
        ("kiwipete-perft4", common::KIWIPETE, 4),
        ("initial-perft5", common::INITIAL, 5),
    ] {
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
        match (
            mean_ns("pipeline-kiwipete-perft3", &id("generic")),
            mean_ns("pipeline-kiwipete-perft3", &id("default")),
        ) {
            (Some(g), Some(d)) => println!("| {v} | {:.1}x |", g / d),
            _ => println!("| {v} | (not measured) |"),
        }
    }
}
