//! Prints the position and variant a fuzz input decodes to (for reproducing a crash):
//! `cargo run --example decode_fuzz_input -- fuzz/artifacts/movegen/crash-...`
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: decode_fuzz_input FILE");
        std::process::exit(2);
    };
    let data = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("error: {path}: {e}");
        std::process::exit(2)
    });
    let mut b = fairyperft::invariants::input::Bytes::new(&data);
    match fairyperft::invariants::input::decode(&mut b) {
        Some(d) => println!("{}\n{}", d.pos.fen(), d.rules.name()),
        None => println!("(the input decodes to no position)"),
    }
}
