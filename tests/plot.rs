//! `compare --plot FILE.svg` (docs/harness.md): an SVG chart naming every variant it plots.

use assert_cmd::Command;

fn fp() -> Command {
    Command::cargo_bin("fairyperft").unwrap()
}

/// The texts of an SVG file (what its `<text>` elements say).
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = &t[t.find('>')? + 1..];
            Some(body[..body.find("</text>")?].trim().to_string())
        })
        .collect()
}

#[test]
fn the_plot_names_every_variant_of_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("all.svg");
    let out = fp()
        .args([
            "compare",
            "--depth",
            "2",
            "--variants",
            "all",
            "--format",
            "json",
            "--plot",
        ])
        .arg(&svg)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    // the table is printed as without --plot
    let table: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let variants: Vec<&str> = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["variant"].as_str().unwrap())
        .collect();
    assert!(variants.len() > 20 && variants.contains(&"circe-volcanic"));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.trim_start().starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    let names = texts(&text);
    for v in &variants {
        assert!(names.iter().any(|n| n == v), "{v} is not named in the plot: {names:?}");
    }
    assert!(names.iter().any(|n| n.contains("log scale")));
    assert!(names.iter().any(|n| n.contains("ratio to orthodox")));
}

#[test]
fn a_plot_without_orthodox_and_with_a_variant_at_zero() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("kiwipete.svg");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    fp().args([
        "compare",
        "--depth",
        "2",
        "--fen",
        kiwipete,
        "--variants",
        "circe,isardam",
        "--plot",
    ])
    .arg(&svg)
    .assert()
    .success();
    let names = texts(&std::fs::read_to_string(&svg).unwrap());
    assert!(names.iter().any(|n| n == "circe"), "{names:?}");
    // Kiwipete has no legal move under Isardam (Popeye agrees): no point to draw
    assert!(names.iter().any(|n| n == "isardam: perft 0"), "{names:?}");
    assert!(
        !names.iter().any(|n| n == "orthodox"),
        "orthodox is the reference, not a line: {names:?}"
    );
}

#[test]
fn an_unwritable_plot_is_a_one_line_error() {
    let out = fp()
        .args([
            "compare",
            "--depth",
            "1",
            "--variants",
            "circe",
            "--plot",
            "/nonexistent/dir/x.svg",
        ])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: --plot /nonexistent/dir/x.svg: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
