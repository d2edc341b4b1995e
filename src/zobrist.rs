//! Zobrist keys, generated at compile time from a fixed seed (splitmix64).

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31), s)
}

pub struct Keys {
    /// `[piece index 0..16][square]`
    pub piece_square: [[u64; 64]; 16],
    /// Pending rebirth (Circe Parrain): [piece index][capture square]
    pub pending: [[u64; 64]; 16],
    /// [castling flag byte 0..64]
    pub castle: [u64; 64],
    pub ep_file: [u64; 8],
    pub black_to_move: u64,
}

const fn build() -> Keys {
    let mut k = Keys {
        piece_square: [[0; 64]; 16],
        pending: [[0; 64]; 16],
        castle: [0; 64],
        ep_file: [0; 8],
        black_to_move: 0,
    };
    let mut st = 0x2545_F491_4F6C_DD1Du64;
    let mut p = 0;
    while p < 16 {
        let mut s = 0;
        while s < 64 {
            let (v, n) = splitmix(st);
            k.piece_square[p][s] = v;
            st = n;
            let (v, n) = splitmix(st);
            k.pending[p][s] = v;
            st = n;
            s += 1;
        }
        p += 1;
    }
    let mut bits = [0u64; 6];
    let mut i = 0;
    while i < 6 {
        let (v, n) = splitmix(st);
        bits[i] = v;
        st = n;
        i += 1;
    }
    let mut f = 0;
    while f < 64 {
        let mut acc = 0;
        let mut b = 0;
        while b < 6 {
            if f & (1 << b) != 0 {
                acc ^= bits[b];
            }
            b += 1;
        }
        k.castle[f] = acc;
        f += 1;
    }
    let mut e = 0;
    while e < 8 {
        let (v, n) = splitmix(st);
        k.ep_file[e] = v;
        st = n;
        e += 1;
    }
    let (v, _) = splitmix(st);
    k.black_to_move = v;
    k
}

pub static KEYS: Keys = build();

/// Key of a hidden unit (Volcanic): its square, its walk and colour, and its place in
/// that square's queue (0 = next to emerge).
#[inline]
pub fn hidden_key(sq: u8, piece: u8, depth: usize) -> u64 {
    let seed = 0xD6E8_FEB8_6659_FD93u64 ^ ((sq as u64) << 8 | piece as u64) ^ ((depth as u64) << 20);
    splitmix(seed.wrapping_mul(0xA076_1D64_78BD_642F)).0
}
