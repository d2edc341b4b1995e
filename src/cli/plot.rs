//! `compare --plot FILE.svg`: perft by depth per variant on a log scale, and below it each
//! variant's count divided by orthodox chess's at the same depth. Drawn with plotters'
//! SVG backend alone: the text is left as SVG text for the viewer to set, so no font is
//! read or shipped.

use plotters::prelude::*;
use std::path::Path;

/// One plotted line: the variant and its perft at depths 1, 2, ...
pub struct Line<'a> {
    pub variant: &'a str,
    pub perft: &'a [u64],
}

const WIDTH: u32 = 1200;
const HEIGHT: u32 = 1000;
/// The legend's column on the right.
const LEGEND: u32 = 250;

/// Strong colours that stay apart on white (no pale yellow or pink).
const COLOURS: [RGBColor; 13] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0x7f, 0x7f, 0x7f),
    RGBColor(0xbc, 0xbd, 0x22),
    RGBColor(0x17, 0xbe, 0xcf),
    RGBColor(0x00, 0x00, 0x00),
    RGBColor(0x39, 0x3b, 0x79),
    RGBColor(0xb8, 0x86, 0x0b),
];

/// The colour of line `i`. Lines are told apart by colour, marker (circle, triangle,
/// cross: 3 and 13 have no common divisor, so no two of the first 39 lines share both) and,
/// from the 14th line on, by dashes.
fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

fn dashed(i: usize) -> bool {
    (i / COLOURS.len()) % 2 == 1
}

/// Draws line `i` through `points` on a chart.
macro_rules! line {
    ($on:expr, $i:expr, $points:expr) => {{
        let style = colour($i).stroke_width(2);
        if dashed($i) {
            $on.draw_series(DashedLineSeries::new($points, 9, 5, style))?;
        } else {
            $on.draw_series(LineSeries::new($points, style))?;
        }
    }};
}

/// Draws the markers of line `i` at `points` on a chart (the legend draws its own).
macro_rules! markers {
    ($on:expr, $i:expr, $points:expr) => {{
        let c = colour($i);
        match $i % 3 {
            0 => $on.draw_series($points.map(|p| Circle::new(p, 4, c.filled())))?,
            1 => $on.draw_series($points.map(|p| TriangleMarker::new(p, 5, c.filled())))?,
            _ => $on.draw_series($points.map(|p| Cross::new(p, 4, c.stroke_width(2))))?,
        };
    }};
}

/// Draws the chart into `path`. `orthodox` is the reference line of the ratio panel (its
/// counts at the same depths; a depth where it is 0 has no ratio).
pub fn write_svg(path: &Path, title: &str, depth: u32, lines: &[Line], orthodox: &[u64]) -> Result<(), String> {
    draw(path, title, depth, lines, orthodox).map_err(|e| format!("--plot {}: {e}", path.display()))
}

fn draw(
    path: &Path,
    title: &str,
    depth: u32,
    lines: &[Line],
    orthodox: &[u64],
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::new(path, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 20))?;
    let (charts, legend) = root.split_horizontally(WIDTH - LEGEND);
    let (top, bottom) = charts.split_vertically((HEIGHT - 40) * 3 / 5);
    // the x axis: depths 1..D (a single depth is drawn on 1..2 to give the axis a width)
    let x_end = depth.max(2);

    let counts = lines.iter().flat_map(|l| l.perft.iter().copied()).filter(|&n| n > 0);
    let (lo, hi) = counts.fold((u64::MAX, 1), |(lo, hi), n| (lo.min(n), hi.max(n)));
    let lo = lo.min(hi) as f64;
    let mut chart = ChartBuilder::on(&top)
        .caption("perft by depth (log scale)", ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(70)
        .build_cartesian_2d(1u32..x_end, (lo / 1.5..hi as f64 * 1.5).log_scale())?;
    chart
        .configure_mesh()
        .x_labels(x_end as usize)
        .x_desc("depth (plies)")
        .y_desc("leaf nodes")
        .y_label_formatter(&|v| format!("{v:.0e}"))
        .draw()?;
    for (i, l) in lines.iter().enumerate() {
        let points: Vec<(u32, f64)> = (1..)
            .zip(l.perft)
            .filter(|(_, &n)| n > 0)
            .map(|(d, &n)| (d, n as f64))
            .collect();
        line!(chart, i, points.iter().copied());
        markers!(chart, i, points.iter().copied());
    }

    let ratios: Vec<Vec<(u32, f64)>> = lines
        .iter()
        .map(|l| {
            (1..)
                .zip(l.perft.iter().zip(orthodox))
                .filter(|(_, (_, &o))| o > 0 && l.perft.iter().any(|&n| n > 0))
                .map(|(d, (&n, &o))| (d, n as f64 / o as f64))
                .collect()
        })
        .collect();
    let all = ratios.iter().flatten().map(|p| p.1);
    let (rlo, rhi) = all.fold((1.0f64, 1.0f64), |(lo, hi), r| (lo.min(r), hi.max(r)));
    let pad = ((rhi - rlo) * 0.08).max(0.02);
    let mut chart = ChartBuilder::on(&bottom)
        .caption("ratio to orthodox chess at the same depth", ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(70)
        .build_cartesian_2d(1u32..x_end, (rlo - pad)..(rhi + pad))?;
    chart
        .configure_mesh()
        .x_labels(x_end as usize)
        .x_desc("depth (plies)")
        .y_desc("perft / orthodox perft")
        .y_label_formatter(&|v| format!("{v:.2}"))
        .draw()?;
    for (i, points) in ratios.iter().enumerate() {
        line!(chart, i, points.iter().copied());
        markers!(chart, i, points.iter().copied());
    }

    // the legend: one row per variant, in the order given
    let row = ((HEIGHT as i32 - 80) / lines.len().max(1) as i32).clamp(12, 28);
    for (i, l) in lines.iter().enumerate() {
        let y = 40 + row * i as i32;
        let ends = vec![(8, y), (40, y)];
        if dashed(i) {
            legend.draw(&plotters::element::DashedPathElement::new(
                ends,
                6,
                4,
                colour(i).stroke_width(2),
            ))?;
        } else {
            legend.draw(&PathElement::new(ends, colour(i).stroke_width(2)))?;
        }
        let (at, c) = ((24, y), colour(i));
        match i % 3 {
            0 => legend.draw(&Circle::new(at, 4, c.filled()))?,
            1 => legend.draw(&TriangleMarker::new(at, 5, c.filled()))?,
            _ => legend.draw(&Cross::new(at, 4, c.stroke_width(2)))?,
        }
        // a line at 0 is drawn nowhere (no logarithm, no ratio): the legend says why
        let name = if l.perft.iter().all(|&n| n == 0) {
            format!("{}: perft 0", l.variant)
        } else {
            l.variant.to_string()
        };
        legend.draw(&Text::new(name, (48, y - 7), ("sans-serif", 14).into_font()))?;
    }
    root.present()?;
    Ok(())
}
