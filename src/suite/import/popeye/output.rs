//! Popeye's own output pasted after `endproblem`: its `~1` solution, the legal moves, per
//! problem (each ends with `solution finished.`) and per twin (each starts with its label,
//! `a)`, `b) rotate 90`, `+c) ...`). Popeye prints in the language of the input file; the
//! moves are turned into English notation.

use super::vocabulary::Lang;

/// The moves of each problem's twins, in the order Popeye printed them, check marks
/// dropped. A problem without twin labels has one list.
pub(super) fn solution_outputs(text: &str, end_line: usize, lang: Lang) -> Vec<Vec<Vec<String>>> {
    let mut out = Vec::new();
    let mut problem: Vec<Vec<String>> = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut labelled = false;
    for l in text.lines().skip(end_line) {
        let t = l.trim();
        if ["solution finished", "Loesung beendet", "solution terminee"]
            .iter()
            .any(|e| t.starts_with(e))
        {
            if labelled || !current.is_empty() || problem.is_empty() {
                problem.push(std::mem::take(&mut current));
            }
            out.push(std::mem::take(&mut problem));
            labelled = false;
            continue;
        }
        if is_twin_label(t) {
            if labelled {
                problem.push(std::mem::take(&mut current));
            } else {
                // what came before the first label is the zero position's diagram
                current.clear();
            }
            labelled = true;
            continue;
        }
        let Some(body) = t.strip_prefix("1.").and_then(|r| r.strip_suffix('!')) else {
            continue;
        };
        let mut m = body.trim_end();
        for mark in [" +", " #", " ="] {
            if let Some(s) = m.strip_suffix(mark) {
                m = s.trim_end();
            }
        }
        if !m.is_empty() && !m.starts_with('.') {
            current.push(english(m, lang));
        }
    }
    if !current.is_empty() || labelled {
        problem.push(current);
    }
    if !problem.is_empty() {
        out.push(problem);
    }
    out
}

/// A move as Popeye prints it in `lang`, in English notation: the walks' letters (upper
/// case) and the colours' (`[+sSg8]` in German is `[+bSg8]`).
fn english(m: &str, lang: Lang) -> String {
    if lang == Lang::English {
        return m.to_string();
    }
    let walks = lang.walk_letters();
    let english = Lang::English.walk_letters();
    let colours: [(char, char); 2] = match lang {
        Lang::German => [('w', 'w'), ('s', 'b')],
        _ => [('b', 'w'), ('n', 'b')],
    };
    let chars: Vec<char> = m.chars().collect();
    let mut out = String::with_capacity(m.len());
    for (i, &c) in chars.iter().enumerate() {
        let before = if i == 0 { None } else { Some(chars[i - 1]) };
        let next_upper = chars.get(i + 1).is_some_and(|n| n.is_ascii_uppercase());
        if c.is_ascii_uppercase() {
            let k = walks.iter().position(|&w| w == c.to_ascii_lowercase());
            out.push(k.map_or(c, |k| english[k].to_ascii_uppercase()));
        } else if next_upper && matches!(before, Some('[' | '+' | '-')) {
            out.push(colours.iter().find(|x| x.0 == c).map_or(c, |x| x.1));
        } else {
            out.push(c);
        }
    }
    out
}

/// `a)`, `b) rotate 90`, `+c) wKc2-->c3`: the line Popeye prints before a twin's solution.
fn is_twin_label(t: &str) -> bool {
    let t = t.strip_prefix('+').unwrap_or(t);
    let Some((head, _)) = t.split_once(')') else {
        return false;
    };
    let mut c = head.chars();
    c.next().is_some_and(|f| f.is_ascii_lowercase()) && c.all(|x| x.is_ascii_digit())
}

/// Popeye marks kamikaze units with `k` (`kRd2*d5`, `[wkRd5->a1]`, `[+bkPd7]`); fairyperft's
/// `circe-kamikaze-reborn` notation drops the mark, except in promotions (`=kQ`).
pub(super) fn drop_kamikaze_marks(m: &str) -> String {
    let b: Vec<char> = m.chars().collect();
    let mut s = String::with_capacity(m.len());
    for (i, &c) in b.iter().enumerate() {
        let before = if i == 0 { None } else { Some(b[i - 1]) };
        let next_is_walk = b.get(i + 1).is_some_and(|n| "KQRBSP".contains(*n));
        let unit_start = matches!(before, None | Some('[') | Some('w') | Some('b'));
        if c == 'k' && next_is_walk && unit_start && before != Some('=') {
            continue;
        }
        s.push(c);
    }
    s
}

/// The solution Popeye prints for a problem with `option duplex`, split into the moves of
/// the side that moves first and those of the other: the first side's moves come first,
/// and the second part starts with the first move whose unit (on the square the move
/// names first) is the other side's. `fen` is the position of either half: of the first
/// when `fen_is_first` (its side to move moves first), else of the second.
pub(super) fn split_duplex(moves: &[String], fen: &str, fen_is_first: bool) -> (Vec<String>, Vec<String>) {
    let Ok(pos) = crate::fen::parse(fen) else {
        return (moves.to_vec(), Vec::new());
    };
    let second = if fen_is_first { pos.turn().other() } else { pos.turn() };
    let mover = |m: &str| {
        // `[wKc6->e1]0-0-0`: a Mars Circe prefix; `Ra1-a2`, `a7-a5`: a walk letter or none
        let m = m
            .strip_prefix('[')
            .and_then(|r| r.split_once(']'))
            .map_or(m, |(_, rest)| rest);
        let m = m.trim_start_matches(|c: char| c.is_ascii_uppercase());
        crate::square::Square::parse(m.get(..2)?)
            .and_then(|sq| pos.piece_at(sq))
            .map(|p| p.color())
    };
    match moves.iter().position(|m| mover(m) == Some(second)) {
        Some(k) => (moves[..k].to_vec(), moves[k..].to_vec()),
        None => (moves.to_vec(), Vec::new()),
    }
}
