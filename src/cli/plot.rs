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

/// The style of line `i`: a colour of a palette made to tell many lines apart, and a marker
/// (circle, triangle, cross, by turn) for lines whose colours are alike.
fn colour(i: usize) -> PaletteColor<Palette99> {
    Palette99::pick(i)
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
        chart.draw_series(LineSeries::new(points.iter().copied(), colour(i).stroke_width(2)))?;
        markers!(chart, i, points.iter().copied());
    }

    let ratios: Vec<Vec<(u32, f64)>> = lines
        .iter()
        .map(|l| {
            (1..)
                .zip(l.perft.iter().zip(orthodox))
                .filter(|(_, (_, &o))| o > 0)
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
        chart.draw_series(LineSeries::new(points.iter().copied(), colour(i).stroke_width(2)))?;
        markers!(chart, i, points.iter().copied());
    }

    // the legend: one row per variant, in the order given
    let row = ((HEIGHT as i32 - 80) / lines.len().max(1) as i32).clamp(12, 28);
    for (i, l) in lines.iter().enumerate() {
        let y = 40 + row * i as i32;
        legend.draw(&PathElement::new(vec![(8, y), (40, y)], colour(i).stroke_width(2)))?;
        let (at, c) = ((24, y), colour(i));
        match i % 3 {
            0 => legend.draw(&Circle::new(at, 4, c.filled()))?,
            1 => legend.draw(&TriangleMarker::new(at, 5, c.filled()))?,
            _ => legend.draw(&Cross::new(at, 4, c.stroke_width(2)))?,
        }
        legend.draw(&Text::new(
            l.variant.to_string(),
            (48, y - 7),
            ("sans-serif", 14).into_font(),
        ))?;
    }
    root.present()?;
    Ok(())
}
