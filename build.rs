//! Generates the sliding-piece attack tables (fancy magic bitboards) at build time,
//! so that the hot path reads plain statics with no lazy initialisation.
//! The magic numbers are found by a deterministic search (fixed seed).
use std::env;
use std::fs;
use std::path::Path;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn slide(sq: usize, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut att = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let b = 1u64 << (r * 8 + f);
            att |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    att
}

fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut m = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        // stop before the board edge: the edge square never blocks anything behind it
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            m |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    m
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i32, i32)], rng: &mut Rng, table: &mut Vec<u64>, out: &mut String, name: &str) {
    out.push_str(&format!("pub static {name}: [Magic; 64] = [\n"));
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let size = 1usize << bits;
        // enumerate subsets of the mask (Carry-Rippler)
        let mut occs = Vec::with_capacity(size);
        let mut atts = Vec::with_capacity(size);
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            atts.push(slide(sq, sub, dirs));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let mut used = vec![0u64; size];
        let mut epoch = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            let m = rng.sparse();
            if ((mask.wrapping_mul(m)) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let mut ok = true;
            for i in 0..size {
                let idx = (occs[i].wrapping_mul(m) >> shift) as usize;
                if epoch[idx] < attempt {
                    epoch[idx] = attempt;
                    used[idx] = atts[i];
                } else if used[idx] != atts[i] {
                    ok = false;
                    break;
                }
            }
            if ok {
                break m;
            }
        };
        let offset = table.len();
        table.resize(offset + size, 0);
        for i in 0..size {
            let idx = (occs[i].wrapping_mul(magic) >> shift) as usize;
            table[offset + idx] = atts[i];
        }
        out.push_str(&format!(
            "    Magic {{ mask: {mask:#018x}, magic: {magic:#018x}, shift: {shift}, offset: {offset} }},\n"
        ));
    }
    out.push_str("];\n");
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out_dir = env::var("OUT_DIR").unwrap();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut table = Vec::new();
    let mut src = String::new();
    find_magics(&ROOK_DIRS, &mut rng, &mut table, &mut src, "ROOK_MAGICS");
    find_magics(&BISHOP_DIRS, &mut rng, &mut table, &mut src, "BISHOP_MAGICS");
    src.push_str(&format!("pub const SLIDER_TABLE_LEN: usize = {};\n", table.len()));
    let mut bytes = Vec::with_capacity(table.len() * 8);
    for v in &table {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    fs::write(Path::new(&out_dir).join("magics.rs"), src).unwrap();
    fs::write(Path::new(&out_dir).join("sliders.bin"), bytes).unwrap();
}
