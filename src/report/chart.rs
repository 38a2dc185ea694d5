//! The paper-style chart: win rates with their 95% intervals as bars, one per run, against the
//! 25% seat share, as SVG text. Draws [`Summary`]s; no I/O.

use std::fmt::Write as _;

use super::summary::Summary;

/// One bar of the chart: a label and a summary.
pub struct Bar {
    /// The label under the bar.
    pub label: String,
    /// Its results.
    pub summary: Summary,
}

/// A bar chart of win rates with 95% intervals, in the style of the paper's figure, as SVG.
pub fn svg(title: &str, bars: &[Bar]) -> String {
    let (w, h) = (160 + 110 * bars.len().max(1), 420);
    let (left, top, plot_h) = (70.0, 50.0, 300.0);
    let y = |rate: f64| top + plot_h * (1.0 - rate.clamp(0.0, 1.0));
    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(o, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        o,
        r#"<text x="{}" y="24" font-size="15" text-anchor="middle">{}</text>"#,
        w / 2,
        xml(title)
    );
    for pct in [0, 25, 50, 75, 100] {
        let yy = y(pct as f64 / 100.0);
        let _ = writeln!(
            o,
            r##"<line x1="{left}" y1="{yy}" x2="{}" y2="{yy}" stroke="#ddd"/><text x="{}" y="{}" text-anchor="end">{pct}%</text>"##,
            w - 20,
            left - 6.0,
            yy + 4.0
        );
    }
    let yy = y(0.25);
    let _ = writeln!(
        o,
        r##"<line x1="{left}" y1="{yy}" x2="{}" y2="{yy}" stroke="#c33" stroke-dasharray="6,4"/><text x="{}" y="{}" fill="#c33" text-anchor="end">seat share</text>"##,
        w - 20,
        w - 22,
        yy - 4.0
    );
    for (i, b) in bars.iter().enumerate() {
        let x = left + 30.0 + 110.0 * i as f64;
        let r = b.summary.rate();
        let (lo, hi) = b.summary.interval();
        let _ = writeln!(
            o,
            r##"<rect x="{x}" y="{}" width="60" height="{}" fill="#4a7bb7"/>"##,
            y(r),
            y(0.0) - y(r)
        );
        let cx = x + 30.0;
        let _ = writeln!(
            o,
            r##"<line x1="{cx}" y1="{}" x2="{cx}" y2="{}" stroke="black"/><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="black"/><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="black"/>"##,
            y(lo),
            y(hi),
            cx - 8.0,
            y(lo),
            cx + 8.0,
            y(lo),
            cx - 8.0,
            y(hi),
            cx + 8.0,
            y(hi)
        );
        let _ = writeln!(
            o,
            r#"<text x="{cx}" y="{}" text-anchor="middle">{:.1}%</text>"#,
            y(hi) - 6.0,
            100.0 * r
        );
        for (k, part) in b.label.split('\n').enumerate() {
            let _ = writeln!(
                o,
                r#"<text x="{cx}" y="{}" text-anchor="middle">{}</text>"#,
                y(0.0) + 18.0 + 14.0 * k as f64,
                xml(part)
            );
        }
        let _ = writeln!(
            o,
            r##"<text x="{cx}" y="{}" text-anchor="middle" fill="#666">n={}</text>"##,
            y(0.0) + 18.0 + 14.0 * b.label.split('\n').count() as f64,
            b.summary.games
        );
    }
    o.push_str("</svg>\n");
    o
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bar_per_run_with_its_rate() {
        let s = Summary {
            games: 2,
            wins: 1,
            ..Default::default()
        };
        let svg = svg(
            "t",
            &[
                Bar {
                    label: "A\n1000".into(),
                    summary: s.clone(),
                },
                Bar {
                    label: "B".into(),
                    summary: s,
                },
            ],
        );
        assert_eq!(svg.matches("fill=\"#4a7bb7\"").count(), 2);
        assert!(svg.contains("50.0%"));
        assert!(svg.ends_with("</svg>\n"));
    }
}
