//! The progress line of long counts (perft, divide, run, a shard) goes to stderr only
//! when stderr is a terminal, and `--format json` summarises a perft or divide.

use std::process::{Command, Stdio};

fn bin() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("fairyperft")
}

/// stdout and stderr of the command with both piped (not a terminal).
fn piped(args: &[&str]) -> (String, String) {
    let out = Command::new(bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn no_progress_when_stderr_is_not_a_terminal() {
    let suite = format!("{}/docs/examples/circe.yaml", env!("CARGO_MANIFEST_DIR"));
    for args in [
        vec!["perft", "--depth", "4", "-v", "circe"],
        vec!["perft", "--depth", "4", "-v", "circe", "--threads", "2"],
        vec!["divide", "--depth", "4"],
        vec!["perft", "--depth", "4", "--shard", "1/2"],
        vec!["run", &suite],
    ] {
        let (_, err) = piped(&args);
        assert_eq!(err, "", "{args:?} wrote to a piped stderr");
    }
}

/// Whether `script` (util-linux) is here to give the command a terminal.
fn have_script() -> bool {
    Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// All the command wrote to the terminal `script` gave it.
fn in_terminal(args: &str) -> String {
    let out = Command::new("script")
        .args(["-qec", &format!("{} {args}", bin().display()), "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{args}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn progress_in_a_terminal_then_cleared() {
    if !have_script() {
        println!("skipped: no `script` (util-linux) to run the command in a terminal");
        return;
    }
    for (args, unit) in [
        ("perft --depth 5 -v circe", "/20 root moves"),
        ("divide --depth 5 -v madrasi", "/20 root moves"),
        ("perft --depth 5 -v circe --shard 1/2", " subtrees"),
    ] {
        let text = in_terminal(args);
        let at = text
            .find(unit)
            .unwrap_or_else(|| panic!("{args}: no progress line in {text:?}"));
        let line = &text[at..text[at..].find(['\r', '\n']).map_or(text.len(), |e| at + e)];
        assert!(
            line.contains(" nodes, ") && line.contains("nodes/s") && line.contains("ETA"),
            "{args}: {line:?}"
        );
        // the last progress line is erased (ESC [2K) before the result is printed
        let last = text.rfind(unit).unwrap();
        assert!(
            text[last..].contains("\x1b[2K"),
            "{args}: the line is not cleared: {text:?}"
        );
    }
}

#[test]
fn json_summaries_of_perft_and_divide() {
    let (out, _) = piped(&["perft", "--depth", "3", "--format", "json"]);
    assert_eq!(out.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["nodes"], 8902);
    assert_eq!(v["depth"], 3);
    assert_eq!(v["variant"], "orthodox");
    let (s, r) = (v["seconds"].as_f64().unwrap(), v["nodes_per_second"].as_f64().unwrap());
    assert!(s > 0.0 && r > 0.0 && (r - 8902.0 / s).abs() <= 1.0 + r * 1e-9, "{v}");

    let fen = "4k3/8/8/3p4/8/8/8/3RK3 w - -";
    let (out, _) = piped(&[
        "divide", "--depth", "2", "-v", "circe", "--fen", fen, "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["nodes"], 64);
    let moves = v["divide"].as_array().unwrap();
    assert_eq!(moves.len(), 11);
    assert!(moves.iter().any(|m| m["move"] == "Rd1*d5[+bPd7]" && m["nodes"] == 5));
    assert_eq!(moves.iter().map(|m| m["nodes"].as_u64().unwrap()).sum::<u64>(), 64);
    // the plain output stays the total alone on the last line
    let (out, _) = piped(&["perft", "--depth", "3"]);
    assert_eq!(out, "8902\n");
}
