//! The examples of the Markdown docs (README.md and docs/*.md) are executed, so that they
//! cannot drift from what fairyperft does.
//!
//! Convention: a fenced block whose info string is `console` is executable. A line starting
//! with `$ ` is a command, run with `bash -c` from the repository root with the freshly built
//! `fairyperft` first on PATH; the lines after it, up to the next `$ ` line or the end of the
//! block, are its exact standard output (compared line by line, trailing whitespace and
//! trailing blank lines ignored). A command must exit with status 0: to show an error, a doc
//! writes `...; echo "exit $?"`. Blocks with any other info string (`sh`, `text`, `yaml`)
//! are not run.
//!
//! Each block runs in a fresh scratch directory that holds a symbolic link to every entry
//! of the repository root: relative paths read the repository's files, and a file a command
//! writes (`record --out mine.yaml`, `--junit report.xml`) lands in the scratch directory,
//! so the checkout stays clean and every run starts from the same state. The commands of one
//! block share that directory, in order.
//!
//! docs/rules.md must also hold at least [`MIN_RULES_BLOCKS`] executable blocks and run every
//! condition that `fairyperft variants` lists with `--variant` at least once.

use rayon::prelude::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// docs/rules.md gives each condition at least a diagram and a move list.
const MIN_RULES_BLOCKS: usize = 40;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One `$ ` command of a console block, with the output the doc says it prints.
#[derive(Debug, Clone)]
struct Example {
    /// The doc, relative to the repository root.
    file: String,
    /// 1-based line of the `$ ` line.
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// A console block: its commands, run in order in one scratch directory.
#[derive(Debug, Clone)]
struct Block {
    /// 1-based line of the opening fence.
    line: usize,
    examples: Vec<Example>,
}

/// The opening fence of a block: (indentation, fence length, info string).
fn fence(line: &str) -> Option<(usize, usize, &str)> {
    let trimmed = line.trim_start();
    let indent = line.len() - trimmed.len();
    let ticks = trimmed.chars().take_while(|&c| c == '`').count();
    (ticks >= 3).then(|| (indent, ticks, trimmed[ticks..].trim()))
}

/// Every console block of a Markdown text. `file` names it in the examples.
fn console_blocks(file: &str, text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some((indent, ticks, info)) = fence(lines[i]) else {
            i += 1;
            continue;
        };
        let open = i;
        // the block's content runs to a closing fence at least as long, without info string
        let mut end = i + 1;
        while end < lines.len() {
            if let Some((_, t, rest)) = fence(lines[end]) {
                if t >= ticks && rest.is_empty() {
                    break;
                }
            }
            end += 1;
        }
        if info == "console" {
            let mut block = Block {
                line: open + 1,
                examples: Vec::new(),
            };
            for (k, raw) in lines.iter().enumerate().take(end).skip(open + 1) {
                // a block indented in a list item: its lines carry the fence's indentation
                let l = raw.get(indent.min(raw.len() - raw.trim_start().len())..).unwrap_or("");
                if let Some(cmd) = l.strip_prefix("$ ") {
                    block.examples.push(Example {
                        file: file.to_string(),
                        line: k + 1,
                        command: cmd.to_string(),
                        expected: Vec::new(),
                    });
                } else if let Some(ex) = block.examples.last_mut() {
                    ex.expected.push(l.trim_end().to_string());
                } else {
                    panic!("{file}:{}: a console block must start with a `$ ` command line", k + 1);
                }
            }
            assert!(
                !block.examples.is_empty(),
                "{file}:{}: an empty console block",
                open + 1
            );
            blocks.push(block);
        }
        i = end + 1;
    }
    blocks
}

/// README.md and docs/*.md, relative to the root, in a stable order.
fn doc_files() -> Vec<String> {
    let mut files = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".md"))
                .map(|n| format!("docs/{n}"))
                .collect()
        })
        .unwrap_or_default();
    docs.sort();
    files.extend(docs);
    files
}

fn blocks_of(file: &str) -> Vec<Block> {
    let text = std::fs::read_to_string(root().join(file)).unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
    console_blocks(file, &text)
}

/// A scratch directory standing in for the repository root (see the module doc).
fn scratch_root() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a scratch directory");
    for entry in std::fs::read_dir(root()).expect("the repository root") {
        let entry = entry.unwrap();
        let link = dir.path().join(entry.file_name());
        std::os::unix::fs::symlink(entry.path(), &link).expect("a link into the repository");
    }
    dir
}

/// The output lines to compare: trailing whitespace and trailing blank lines dropped.
fn normalise(lines: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = lines.into_iter().map(|l| l.trim_end().to_string()).collect();
    while v.last().is_some_and(|l| l.is_empty()) {
        v.pop();
    }
    v
}

/// Runs a block's commands in order; a readable report per example that fails.
fn run_block(block: &Block, bin_dir: &Path) -> Vec<String> {
    let dir = scratch_root();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut failures = Vec::new();
    for ex in &block.examples {
        let out = Command::new("bash")
            .arg("-c")
            .arg(&ex.command)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("LC_ALL", "C")
            .env_remove("FAIRYPERFT_VARIANT")
            .env_remove("FAIRYPERFT_BIN")
            .output()
            .unwrap_or_else(|e| panic!("{}:{}: cannot run bash: {e}", ex.file, ex.line));
        let stdout = String::from_utf8_lossy(&out.stdout);
        let actual = normalise(stdout.lines().map(String::from));
        let expected = normalise(ex.expected.iter().cloned());
        let status_ok = out.status.success();
        if actual != expected || !status_ok {
            let mut msg = format!("{}:{}: $ {}\n", ex.file, ex.line, ex.command);
            if !status_ok {
                msg.push_str(&format!(
                    "  exit status {} (a doc shows a failing command as `...; echo \"exit $?\"`)\n",
                    out.status.code().map_or("by signal".into(), |c| c.to_string())
                ));
            }
            if actual != expected {
                let (e, a) = (expected.join("\n") + "\n", actual.join("\n") + "\n");
                let diff = similar::TextDiff::from_lines(&e, &a);
                msg.push_str("  output differs (--- the doc, +++ fairyperft):\n");
                for change in diff.iter_all_changes() {
                    let sign = match change.tag() {
                        similar::ChangeTag::Delete => "-",
                        similar::ChangeTag::Insert => "+",
                        similar::ChangeTag::Equal => " ",
                    };
                    msg.push_str(&format!("  {sign} {}", change));
                }
            }
            let stderr = String::from_utf8_lossy(&out.stderr);
            if !stderr.trim().is_empty() {
                msg.push_str(&format!(
                    "  stderr: {}\n",
                    stderr.trim_end().replace('\n', "\n          ")
                ));
            }
            failures.push(msg);
        }
    }
    failures
}

fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_fairyperft"))
        .parent()
        .expect("the binary's directory")
        .to_path_buf()
}

#[test]
fn every_console_example_of_the_docs_prints_what_the_doc_says() {
    let blocks: Vec<Block> = doc_files().iter().flat_map(|f| blocks_of(f)).collect();
    assert!(!blocks.is_empty(), "no console block in README.md or docs/*.md");
    let bin = bin_dir();
    let failures: Vec<String> = blocks.par_iter().flat_map(|b| run_block(b, &bin)).collect();
    let n: usize = blocks.iter().map(|b| b.examples.len()).sum();
    assert!(
        failures.is_empty(),
        "{} of {n} doc examples fail:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The conditions a command line runs: the names of its `--variant` (or `-v`) arguments,
/// split at `+`.
fn variants_in(command: &str) -> Vec<String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let value = if let Some(v) = w.strip_prefix("--variant=") {
            Some(v)
        } else if *w == "--variant" || *w == "-v" {
            words.get(i + 1).copied()
        } else {
            None
        };
        if let Some(v) = value {
            out.extend(v.trim_matches(|c| c == '\'' || c == '"').split('+').map(String::from));
        }
    }
    out
}

#[test]
fn rules_doc_runs_every_condition() {
    let blocks = blocks_of("docs/rules.md");
    assert!(
        blocks.len() >= MIN_RULES_BLOCKS,
        "docs/rules.md has {} console blocks, fewer than {MIN_RULES_BLOCKS}",
        blocks.len()
    );
    let run: BTreeSet<String> = blocks
        .iter()
        .flat_map(|b| &b.examples)
        .flat_map(|e| variants_in(&e.command))
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_fairyperft"))
        .arg("variants")
        .output()
        .expect("fairyperft variants");
    assert!(out.status.success());
    // the names are the first word of each line up to the blank line before the footnote
    let listed: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect();
    assert!(listed.len() > 20, "fairyperft variants lists {listed:?}");
    let missing: Vec<&String> = listed.iter().filter(|n| !run.contains(*n)).collect();
    assert!(
        missing.is_empty(),
        "docs/rules.md runs no `--variant` example of {missing:?}"
    );
}

#[test]
fn console_blocks_are_found_with_their_lines() {
    let text = "intro\n```console\n$ echo a\na\n$ echo b\nb\n\n```\n```sh\n$ not run\n```\n  ```console\n  $ echo c\n  c\n  ```\n";
    let blocks = console_blocks("x.md", text);
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0].line, 2);
    let ex = &blocks[0].examples;
    assert_eq!((ex[0].line, ex[0].command.as_str()), (3, "echo a"));
    assert_eq!(ex[0].expected, ["a"]);
    assert_eq!(ex[1].expected, ["b", ""]);
    assert_eq!(blocks[1].examples[0].command, "echo c");
    assert_eq!(blocks[1].examples[0].expected, ["c"]);
    assert_eq!(
        variants_in("fairyperft moves --variant circe+madrasi -v 'isardam' --variant=cohen"),
        ["circe", "madrasi", "isardam", "cohen"]
    );
}

#[test]
fn a_wrong_example_is_reported_with_its_file_and_line() {
    let blocks = console_blocks(
        "x.md",
        "```console\n$ fairyperft perft --depth 1\n21\n$ echo fine; false\nfine\n```\n",
    );
    let failures = run_block(&blocks[0], &bin_dir());
    assert_eq!(failures.len(), 2, "{failures:?}");
    assert!(
        failures[0].starts_with("x.md:2: $ fairyperft perft --depth 1\n"),
        "{}",
        failures[0]
    );
    assert!(
        failures[0].contains("  - 21\n") && failures[0].contains("  + 20\n"),
        "{}",
        failures[0]
    );
    assert!(failures[1].starts_with("x.md:4: "), "{}", failures[1]);
    assert!(failures[1].contains("exit status 1"), "{}", failures[1]);
    assert!(!failures[1].contains("output differs"), "{}", failures[1]);
}
