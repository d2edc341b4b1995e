use super::*;

pub(super) const FIXTURES: &[(&str, &str, &str)] = &[
    ("circe", "circe", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1"),
    ("volcanic-ep", "circe-volcanic", "4k3/8/8/8/6Pp/8/8/4K3 b - g3 0 1 hidden=g4n"),
    ("kamikaze-reborn", "circe-kamikaze-reborn", "4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1"),
    ("parrain-pending", "circe-parrain", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 pending=Nc3"),
    ("rex-inclusive-castling", "circe-rex-inclusive", "4k3/3r4/8/8/8/8/3K4/R6R b - - 0 1 flags=a1h1"),
    ("madrasi", "madrasi", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1"),
    ("mars-castling", "circe-mars", "4k3/8/8/8/8/8/8/4K2R w - - 0 1 flags=h1e8"),
];

#[test]
fn print_inputs() {
    for (name, v, f) in FIXTURES {
        let p = Probe { variant: v.to_string(), fen: f.to_string() };
        println!("=== {name}\n{}", popeye_input(&p).unwrap());
    }
}
