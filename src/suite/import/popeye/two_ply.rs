//! What Popeye prints, read back beyond the `~1` lists of [`super::parse_popeye`]: its
//! version (from the banner) and the two-ply lines of an `h~1` solution, which give a
//! depth-2 divide.

/// The version in Popeye's banner (`Popeye Linux-... v4.104 (1024 MB)` gives `4.104`).
pub fn popeye_version(output: &str) -> Option<String> {
    let line = output.lines().find(|l| l.trim_start().starts_with("Popeye "))?;
    let word = line.split_whitespace().find(|w| {
        w.strip_prefix('v')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    })?;
    Some(word[1..].to_string())
}

/// Popeye's `h~1` solutions: per problem (each ends with `solution finished.`), its lines
/// `1.FIRST REPLY` as (first move, reply), check and stalemate marks dropped, `ep.` kept
/// with its move. `kamikaze`: the problem's units are all kamikaze (fairyperft's
/// `circe-kamikaze-reborn`), whose `k` marks fairyperft's notation drops.
pub fn two_ply_lines(output: &str, kamikaze: bool) -> Vec<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    for l in output.lines() {
        let t = l.trim();
        if t.starts_with("solution finished") {
            out.push(std::mem::take(&mut current));
            continue;
        }
        let Some(body) = t.strip_prefix("1.") else {
            continue;
        };
        if body.starts_with('.') || body.ends_with('!') {
            continue;
        }
        let mut moves: Vec<String> = Vec::new();
        for w in body.split_whitespace() {
            if w.chars().all(|c| "+#=!".contains(c)) {
                continue;
            }
            match moves.last_mut() {
                // `e5*d6 ep.`, `e5*d6 ep.[+bPd7]`: the en-passant mark belongs to its move
                Some(prev) if w.starts_with("ep.") => {
                    prev.push(' ');
                    prev.push_str(w);
                }
                _ => moves.push(w.to_string()),
            }
        }
        if let [a, b] = &moves[..] {
            let fix = |m: &str| {
                if kamikaze {
                    super::output::drop_kamikaze_marks(m)
                } else {
                    m.to_string()
                }
            };
            current.push((fix(a), fix(b)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_from_the_banner() {
        let text = "Popeye Linux-6.18.44-fc-v1294-unknown-64Bit v4.104 (1024 MB)\n\n";
        assert_eq!(popeye_version(text).as_deref(), Some("4.104"));
        assert_eq!(popeye_version("no banner"), None);
    }

    #[test]
    fn two_ply_lines_drop_marks_and_keep_ep() {
        let text = "  h~1\n\n  1.Ra1-a8 + Ke8-d7\n  1.e5*d6 ep.[+bPd7] Ke8-e7 #\n  1.g2-g4 h4*g3 ep.\n  1.kRd2*d5[wkRd5->h1][+bkPd7] kPd7-d5\n\nsolution finished. Time = 0.025 s\n";
        let lines = two_ply_lines(text, true);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0][0], ("Ra1-a8".to_string(), "Ke8-d7".to_string()));
        assert_eq!(lines[0][1], ("e5*d6 ep.[+bPd7]".to_string(), "Ke8-e7".to_string()));
        assert_eq!(lines[0][2], ("g2-g4".to_string(), "h4*g3 ep.".to_string()));
        assert_eq!(
            lines[0][3],
            ("Rd2*d5[wRd5->h1][+bPd7]".to_string(), "Pd7-d5".to_string())
        );
    }
}
