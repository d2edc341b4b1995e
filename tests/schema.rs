//! `fairyperft schema`: the suite schema accepts every suite the loader accepts (all of
//! `suites/`) and refuses what the loader refuses; the report schema describes what
//! `fairyperft run --format json` prints, and that output is byte for byte what it was
//! before it had serde types.

use assert_cmd::Command;
use fairyperft::suite::{self, CaseResult, Check, Status};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn fp() -> Command {
    let mut c = Command::cargo_bin("fairyperft").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn printed_schema(args: &[&str]) -> Value {
    let out = fp()
        .arg("schema")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).expect("`fairyperft schema` prints JSON")
}

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::meta::validate(schema).expect("a valid JSON Schema");
    jsonschema::validator_for(schema).expect("the schema compiles")
}

fn yaml_to_json(text: &str) -> Value {
    let y: serde_yaml::Value = serde_yaml::from_str(text).expect("YAML");
    serde_json::to_value(y).expect("YAML without non-string keys converts to JSON")
}

fn errors(v: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    v.iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            yaml_files(&p, out);
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")) {
            out.push(p);
        }
    }
}

#[test]
fn every_suite_in_the_repository_validates() {
    let v = validator(&printed_schema(&[]));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    yaml_files(&root.join("suites"), &mut files);
    assert!(files.len() >= 50, "suites/ holds {} YAML files", files.len());
    // and the documentation's examples
    let before = files.len();
    yaml_files(&root.join("docs/examples"), &mut files);
    assert!(files.len() > before, "docs/examples holds no YAML file");
    files.sort();
    let mut cases = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let instance = yaml_to_json(&text);
        let errs = errors(&v, &instance);
        assert!(errs.is_empty(), "{}: {}", f.display(), errs.join("; "));
        cases += suite::parse_suite(f, &text)
            .expect("the loader accepts it too")
            .file
            .cases
            .len();
    }
    assert!(cases > 5000, "{cases} cases");
}

/// A suite with one case made of `case` (YAML mapping lines, indented by 4).
fn suite_with(top: &str, case: &str) -> String {
    format!("name: t\n{top}cases:\n  - id: a\n{case}")
}

const FEN: &str = "    fen: \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"\n";

#[test]
fn schema_and_loader_agree_on_accepted_and_refused_suites() {
    let v = validator(&printed_schema(&[]));
    let accepted = [
        suite_with("", &format!("{FEN}    perft: [15]\n")),
        suite_with("variant: circe\nsource: here\n", &format!("{FEN}    moves: []\n")),
        suite_with("variant: ~\n", &format!("{FEN}    divide: {{}}\n    variant: ~\n")),
        // YAML scalars other than strings are read as text where text is expected
        "name: 12\ncases:\n  - id: 1\n    fen: x\n    perft: [1]\n    note: true\n    moves: [1, ~]\n".to_string(),
        // every extension key, and state tokens in the FEN
        suite_with(
            "variant: circe-volcanic+cohen\n",
            "    fen: \"4k3/8/8/8/8/8/8/4K2R w K - 0 1 hidden=h1n flags=e1h1\"\n    history: [Rh1-h2, Ke8-e7]\n    \
             perft: [1, 2]\n    divide: {\"Rh2-h1\": 3}\n    divide_depth: 3\n    note: why\n    source: where\n",
        ),
    ];
    for text in &accepted {
        let errs = errors(&v, &yaml_to_json(text));
        assert!(errs.is_empty(), "schema refuses\n{text}{}", errs.join("; "));
        suite::parse_suite(Path::new("t.yaml"), text).unwrap_or_else(|e| panic!("loader refuses\n{text}{e}"));
    }
    let refused = [
        (
            "unknown case key",
            suite_with("", &format!("{FEN}    pertf: [15]\n    perft: [15]\n")),
        ),
        (
            "unknown top key",
            suite_with("author: me\n", &format!("{FEN}    perft: [15]\n")),
        ),
        (
            "perft of a string",
            suite_with("", &format!("{FEN}    perft: \"15\"\n")),
        ),
        ("negative count", suite_with("", &format!("{FEN}    perft: [-15]\n"))),
        ("fractional count", suite_with("", &format!("{FEN}    perft: [1.5]\n"))),
        (
            "a list for a name",
            format!("name: [t]\ncases:\n  - id: a\n{FEN}    perft: [15]\n"),
        ),
        (
            "history not a list",
            suite_with("", &format!("{FEN}    perft: [15]\n    history: Rh1-h2\n")),
        ),
        (
            "divide of strings",
            suite_with("", &format!("{FEN}    divide: {{\"Rh1-h2\": many}}\n")),
        ),
        ("missing fen", suite_with("", "    perft: [15]\n")),
        ("missing name", format!("cases:\n  - id: a\n{FEN}    perft: [15]\n")),
        ("missing cases", "name: t\n".to_string()),
        ("empty perft", suite_with("", &format!("{FEN}    perft: []\n"))),
        ("nothing to check", suite_with("", &format!("{FEN}    note: nothing\n"))),
        ("only a null check", suite_with("", &format!("{FEN}    perft: ~\n"))),
        (
            "divide_depth 0",
            suite_with("", &format!("{FEN}    divide: {{}}\n    divide_depth: 0\n")),
        ),
        ("cases not a list", "name: t\ncases: {a: 1}\n".to_string()),
    ];
    for (why, text) in &refused {
        assert!(
            !errors(&v, &yaml_to_json(text)).is_empty(),
            "schema accepts ({why})\n{text}"
        );
        assert!(
            suite::parse_suite(Path::new("t.yaml"), text).is_err(),
            "loader accepts ({why})\n{text}"
        );
    }
    for f in ["unknown_key.yaml", "missing_key.yaml"] {
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(f)).unwrap();
        assert!(!errors(&v, &yaml_to_json(&text)).is_empty(), "{f}");
    }
}

#[test]
fn the_suite_schema_says_what_editors_show() {
    let s = printed_schema(&[]);
    assert_eq!(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
    assert_eq!(s["additionalProperties"], false);
    let case = &s["$defs"]["Case"];
    assert_eq!(case["additionalProperties"], false);
    let keys: Vec<&str> = case["properties"]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    for k in [
        "id",
        "fen",
        "variant",
        "history",
        "perft",
        "moves",
        "divide",
        "divide_depth",
        "note",
        "source",
    ] {
        assert!(keys.contains(&k), "{k} missing from {keys:?}");
        let d = case["properties"][k]["description"].as_str().unwrap_or("");
        assert!(!d.is_empty() && !d.contains('\n'), "{k}: description {d:?}");
    }
}

/// The committed copy that suites and editors can point at stays the printed one.
#[test]
fn the_committed_schema_is_the_printed_one() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/suite.schema.json");
    let committed: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(
        committed == printed_schema(&[]),
        "docs/suite.schema.json is stale: cargo run -- schema > docs/suite.schema.json"
    );
}

/// Every object in the schema closed: the output has no key the schema does not name.
fn closed(mut schema: Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(m) => {
                if m.get("type") == Some(&json!("object")) && m.contains_key("properties") {
                    m.insert("additionalProperties".into(), json!(false));
                }
                m.values_mut().for_each(walk);
            }
            Value::Array(a) => a.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut schema);
    schema
}

fn run_json(args: &[&str]) -> (Vec<u8>, Option<i32>) {
    let out = fp().args(["run", "--format", "json"]).args(args).output().unwrap();
    (out.stdout, out.status.code())
}

/// Passed, failed, skipped and unloadable: every shape the report takes.
const RUN_ARGS: [&str; 7] = [
    "--max-nodes",
    "20",
    "tests/data/failing.yaml",
    "tests/data/import/madrasi.inp",
    "tests/data/import/perftsuite_sample.epd",
    "tests/data/unknown_key.yaml",
    "suites/handmade/cohen.yaml",
];

#[test]
fn run_json_validates_against_the_report_schema() {
    let schema = printed_schema(&["--report"]);
    let v = validator(&schema);
    let strict = validator(&closed(schema));
    let (stdout, code) = run_json(&RUN_ARGS);
    assert_eq!(code, Some(2), "a file could not be used");
    let report: Value = serde_json::from_slice(&stdout).unwrap();
    for s in ["passed", "failed", "skipped"] {
        assert!(report[s].as_u64().unwrap() > 0, "{s}: {report}");
    }
    assert_eq!(report["errors"].as_array().unwrap().len(), 1);
    let errs = errors(&v, &report);
    assert!(errs.is_empty(), "{}", errs.join("; "));
    let errs = errors(&strict, &report);
    assert!(errs.is_empty(), "a key the schema does not name: {}", errs.join("; "));

    let (stdout, code) = run_json(&["suites/orthodox.yaml", "--max-nodes", "1000"]);
    assert_eq!(code, Some(0));
    let report: Value = serde_json::from_slice(&stdout).unwrap();
    assert!(errors(&strict, &report).is_empty());

    // and the schema can fail: a status it does not know, a count of the wrong type
    let mut bad = report.clone();
    bad["files"][0]["cases"][0]["status"] = json!("flaky");
    assert!(!v.is_valid(&bad));
    let mut bad = report;
    bad["passed"] = json!("6");
    assert!(!v.is_valid(&bad));
}

/// The output of `run --format json`, timings set to 0, against the output of the version
/// that built it with `serde_json::json!` (tests/data/run_report.golden.json, same
/// arguments).
#[test]
fn run_json_is_unchanged_byte_for_byte() {
    let (stdout, _) = run_json(&RUN_ARGS[..6]);
    let text = String::from_utf8(stdout).unwrap();
    let masked: String = text
        .lines()
        .map(|l| match l.find("\"seconds\": ") {
            Some(i) => format!("{}\"seconds\": 0{}\n", &l[..i], if l.ends_with(',') { "," } else { "" }),
            None => format!("{l}\n"),
        })
        .collect();
    let golden =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/run_report.golden.json"))
            .unwrap();
    assert_eq!(masked, golden);
}

/// The same with every value the report can hold, against the `json!` construction the
/// report replaced, copied here as it was.
#[test]
fn report_serialises_as_the_json_macro_did() {
    let case = |id: &str, status, checks: Vec<Check>| CaseResult {
        id: id.into(),
        variant: "circe+madrasi".into(),
        status,
        checks,
        warnings: Vec::new(),
        nodes: 1 << 40,
        seconds: 0.000_012_5,
    };
    let check = |what: &str, ok, skipped, detail: &[&str]| Check {
        what: what.into(),
        ok,
        skipped,
        detail: detail.iter().map(|s| s.to_string()).collect(),
    };
    let files = vec![
        suite::FileReport {
            path: "a/b \"c\".yaml".into(),
            name: "ünïcode \\ name".into(),
            cases: vec![
                case("p", Status::Passed, vec![check("perft(1)", true, false, &[])]),
                case(
                    "f",
                    Status::Failed,
                    vec![check(
                        "moves",
                        false,
                        false,
                        &["- Rd1*d5 (missing)", "+ Rd1*d5[+bPd7] (extra)"],
                    )],
                ),
                case(
                    "s",
                    Status::Skipped,
                    vec![check("perft(9)", true, true, &["9 nodes expected, over the budget"])],
                ),
            ],
        },
        suite::FileReport {
            path: "empty.epd".into(),
            name: "empty".into(),
            cases: vec![],
        },
    ];
    let errors = vec!["x.yaml: line 1, column 1: bad".to_string()];
    let (passed, failed, skipped) = (1usize, 1usize, 1usize);

    let old_files: Vec<Value> = files
        .iter()
        .map(|r| json!({ "path": r.path, "name": r.name, "cases": r.cases }))
        .collect();
    let old = json!({
        "files": old_files,
        "errors": errors,
        "passed": passed,
        "failed": failed,
        "skipped": skipped,
    });
    let old = serde_json::to_string_pretty(&old).unwrap();
    let new = suite::Report {
        files,
        errors,
        engine: None,
        passed,
        failed,
        skipped,
    }
    .to_json();
    assert_eq!(new, old);
}
