//! Running the fairyperft binary from a test: its exit status and output.

use assert_cmd::Command;

/// Circe's first example: the rook on d1 can take the pawn on d5, which is reborn on d7.
pub const ROOK_PAWN: &str = "4k3/8/8/3p4/8/8/8/3RK3 w - -";

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_fairyperft");

pub fn fp() -> Command {
    Command::new(BIN)
}

/// A file under tests/data/.
pub fn data(f: &str) -> String {
    super::root().join("tests/data").join(f).display().to_string()
}

/// The standard output of a command that must exit with `code`.
pub fn stdout(cmd: &mut Command, code: i32) -> String {
    let out = cmd.assert().code(code).get_output().clone();
    String::from_utf8(out.stdout).unwrap()
}

/// The one-line error of a command that must fail with exit status 2.
pub fn error_line(cmd: &mut Command) -> String {
    let out = cmd.assert().code(2).get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one line expected: {err}");
    assert!(err.starts_with("error: "), "{err}");
    err
}
