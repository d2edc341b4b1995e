use fairyperft::suite;
use std::path::Path;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args[1] == "run" {
        let mut pass = 0; let mut fail = 0;
        for p in &args[2..] {
            for f in suite::expand(Path::new(p)).unwrap() {
                let s = suite::load(&f).unwrap();
                let dv = s.file.variant.clone().unwrap_or("orthodox".into());
                let mut fp = 0; let mut ff = 0;
                for c in &s.file.cases {
                    let r = suite::run_case(c, &dv, &Default::default());
                    if r.status == suite::Status::Failed { ff += 1; if std::env::var("V").is_ok() { println!("FAIL {} {}", r.id, c.fen); for ch in &r.checks { for d in &ch.detail { println!("   {d}"); } } } } else { fp += 1 }
                }
                println!("{}: {fp} passed, {ff} failed", f.display());
                pass += fp; fail += ff;
            }
        }
        println!("{pass} passed, {fail} failed");
        return;
    }
    let variant = &args[1];
    let fen = &args[2];
    let depth: u32 = args[3].parse().unwrap();
    let mut g = fairyperft::Game::new(fen, variant).unwrap();
    for (_, name, n) in g.divide(depth) {
        println!("{name}: {n}");
    }
    println!("{}", g.perft(depth));
}
