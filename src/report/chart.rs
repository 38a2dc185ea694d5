//! The paper-style chart: win rates with their 95% intervals as bars, one per run, against the
//! seat share (25% for four players; a dashed mark per bar when the runs' player counts
//! differ), as SVG text. Bars that name a series (`GROUP:SERIES`) stand side by side in
//! their group, one colour a series with a legend — the paper's figure of each variant at 1,000
//! and 10,000 rollouts. Draws [`Summary`]s; no I/O.

use std::fmt::Write as _;

use super::summary::Summary;

/// One bar of the chart: a label and a summary.
pub struct Bar {
    /// The label under the bar (its group's label when bars are grouped); `\n` breaks lines.
    pub label: String,
    /// The series the bar belongs to (its colour and legend entry), if any.
    pub series: Option<String>,
    /// Its results.
    pub summary: Summary,
}

impl Bar {
    /// A bar from a chart label: `GROUP:SERIES` names a series, anything else is a lone bar;
    /// `|` breaks the group label's line.
    pub fn from_label(label: &str, summary: Summary) -> Bar {
        let (group, series) = match label.rsplit_once(':') {
            Some((g, s)) if !g.is_empty() && !s.is_empty() => (g, Some(s.to_string())),
            _ => (label, None),
        };
        Bar {
            label: group.replace('|', "\n"),
            series,
            summary,
        }
    }
}

/// Bar colours, a series each in order of first appearance (bars without a series take the first).
const COLOURS: [&str; 6] = [
    "#4a7bb7", "#e08a2c", "#5a9e4b", "#a05aa8", "#c33f3f", "#7a7a7a",
];
const BAR_W: f64 = 60.0;
const IN_GROUP_GAP: f64 = 8.0;
const GROUP_GAP: f64 = 50.0;

/// A bar chart of win rates with 95% intervals, in the style of the paper's figure, as SVG.
/// Consecutive bars with the same label and a series form one group.
pub fn svg(title: &str, bars: &[Bar]) -> String {
    // Groups: runs of consecutive bars with equal labels, all naming a series.
    let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
    for (i, b) in bars.iter().enumerate() {
        match groups.last_mut() {
            Some(g)
                if b.series.is_some()
                    && bars[g.start].series.is_some()
                    && bars[g.start].label == b.label =>
            {
                g.end = i + 1
            }
            _ => groups.push(i..i + 1),
        }
    }
    let mut series: Vec<&str> = Vec::new();
    for b in bars {
        if let Some(s) = &b.series {
            if !series.contains(&s.as_str()) {
                series.push(s);
            }
        }
    }
    let colour = |b: &Bar| {
        let k = b
            .series
            .as_deref()
            .and_then(|s| series.iter().position(|x| *x == s))
            .unwrap_or(0);
        COLOURS[k % COLOURS.len()]
    };
    let (left, top, plot_h) = (70.0, if series.is_empty() { 50.0 } else { 70.0 }, 300.0);
    let groups_w: f64 = groups
        .iter()
        .map(|g| g.len() as f64 * (BAR_W + IN_GROUP_GAP) - IN_GROUP_GAP + GROUP_GAP)
        .sum();
    let w = (left + 30.0 + groups_w + 40.0).max(270.0) as usize;
    let h = top as usize + 370;
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
    let mut lx = left;
    for (k, s) in series.iter().enumerate() {
        let _ = writeln!(
            o,
            r#"<rect x="{lx}" y="38" width="12" height="12" fill="{}"/><text x="{}" y="48">{}</text>"#,
            COLOURS[k % COLOURS.len()],
            lx + 16.0,
            xml(s)
        );
        lx += 30.0 + 7.0 * s.chars().count() as f64;
    }
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
    // One seat share for every bar: one line across; else each bar's over it.
    let share = bars.first().map_or(0.25, |b| b.summary.seat_share());
    let one_share = bars
        .iter()
        .all(|b| (b.summary.seat_share() - share).abs() < 1e-9);
    let yy = y(if one_share { share } else { 0.25 });
    if one_share {
        let _ = writeln!(
            o,
            r##"<line x1="{left}" y1="{yy}" x2="{}" y2="{yy}" stroke="#c33" stroke-dasharray="6,4"/><text x="{}" y="{}" fill="#c33" text-anchor="end">seat share</text>"##,
            w - 20,
            w - 22,
            yy - 4.0
        );
    } else {
        let _ = writeln!(
            o,
            r##"<text x="{}" y="{}" fill="#c33" text-anchor="end">- - seat share of each run</text>"##,
            w - 22,
            top - 6.0
        );
    }
    let mut x = left + 30.0;
    for g in &groups {
        let gx = x;
        for b in &bars[g.clone()] {
            bar(&mut o, b, x, colour(b), &y);
            if !one_share {
                let sy = y(b.summary.seat_share());
                let _ = writeln!(
                    o,
                    r##"<line x1="{}" y1="{sy}" x2="{}" y2="{sy}" stroke="#c33" stroke-width="2" stroke-dasharray="6,4"/>"##,
                    x - 4.0,
                    x + BAR_W + 4.0
                );
            }
            x += BAR_W + IN_GROUP_GAP;
        }
        let cx = (gx + x - IN_GROUP_GAP) / 2.0;
        let label = &bars[g.start].label;
        for (k, part) in label.split('\n').enumerate() {
            let _ = writeln!(
                o,
                r#"<text x="{cx}" y="{}" text-anchor="middle">{}</text>"#,
                y(0.0) + 18.0 + 14.0 * k as f64,
                xml(part)
            );
        }
        let lines = label.split('\n').count() as f64;
        for (i, b) in bars[g.clone()].iter().enumerate() {
            let bx = gx + (BAR_W + IN_GROUP_GAP) * i as f64 + BAR_W / 2.0;
            let _ = writeln!(
                o,
                r##"<text x="{bx}" y="{}" text-anchor="middle" fill="#666">n={}</text>"##,
                y(0.0) + 18.0 + 14.0 * lines,
                b.summary.games
            );
        }
        x += GROUP_GAP - IN_GROUP_GAP;
    }
    o.push_str("</svg>\n");
    o
}

/// One bar at `x` with its interval whisker and its rate above.
fn bar(o: &mut String, b: &Bar, x: f64, fill: &str, y: &impl Fn(f64) -> f64) {
    let r = b.summary.rate();
    let (lo, hi) = b.summary.interval();
    let _ = writeln!(
        o,
        r#"<rect x="{x}" y="{}" width="{BAR_W}" height="{}" fill="{fill}"/>"#,
        y(r),
        y(0.0) - y(r)
    );
    let cx = x + BAR_W / 2.0;
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

    fn summary(games: usize, wins: usize) -> Summary {
        Summary {
            games,
            wins,
            ..Default::default()
        }
    }

    #[test]
    fn one_bar_per_run_with_its_rate() {
        let svg = svg(
            "t",
            &[
                Bar::from_label("A|1000", summary(2, 1)),
                Bar::from_label("B", summary(2, 1)),
            ],
        );
        assert_eq!(svg.matches("fill=\"#4a7bb7\"").count(), 2);
        assert!(svg.contains("50.0%"));
        assert!(svg.contains(">A<") && svg.contains(">1000<"));
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn the_seat_share_line_follows_the_runs_player_counts() {
        use crate::report::summary::Table;
        let of = |players: usize| Summary {
            games: 4,
            wins: 1,
            tables: vec![Table {
                board: "6-player".into(),
                players,
                games: 4,
                wins: 1,
            }],
            ..Default::default()
        };
        let dashed = |svg: &str| svg.matches("stroke-dasharray").count();
        // Four players (or no table known): the one line at 25%, as before.
        let classic = svg("t", &[Bar::from_label("A", summary(4, 1))]);
        assert_eq!(dashed(&classic), 1);
        assert!(classic.contains(r#"y1="275" x2="#), "{classic}");
        // All six-player runs: one line at 1/6.
        let six = svg(
            "t",
            &[Bar::from_label("A", of(6)), Bar::from_label("B", of(6))],
        );
        assert_eq!(dashed(&six), 1);
        assert!(six.contains(&format!(r#"y1="{}""#, 50.0 + 300.0 * (1.0 - 1.0 / 6.0))));
        // Runs of different player counts: a mark over each bar.
        let mixed = svg(
            "t",
            &[
                Bar::from_label("A", of(6)),
                Bar::from_label("B", summary(4, 1)),
            ],
        );
        assert_eq!(dashed(&mixed), 2);
        assert!(mixed.contains("seat share of each run"));
    }

    #[test]
    fn series_bars_stand_in_groups_with_a_colour_and_a_legend_entry_each() {
        let bars = [
            Bar::from_label("plain:1,000", summary(4, 1)),
            Bar::from_label("plain:10,000", summary(4, 2)),
            Bar::from_label("mp:1,000", summary(4, 3)),
            Bar::from_label("mp:10,000", summary(5, 4)),
        ];
        assert_eq!(bars[1].label, "plain");
        assert_eq!(bars[1].series.as_deref(), Some("10,000"));
        let svg = svg("t", &bars);
        // Two colours, two bars each, plus one legend swatch each.
        assert_eq!(svg.matches("fill=\"#4a7bb7\"").count(), 3);
        assert_eq!(svg.matches("fill=\"#e08a2c\"").count(), 3);
        // One group label each, once.
        assert_eq!(svg.matches(">plain<").count(), 1);
        assert_eq!(svg.matches(">mp<").count(), 1);
        assert_eq!(svg.matches(">10,000<").count(), 1, "legend entry");
        for r in ["25.0%", "50.0%", "75.0%", "80.0%"] {
            assert!(svg.contains(&format!(">{r}<")), "{r}");
        }
        assert!(svg.contains(">n=5<"));
        // The groups are wider apart than the bars inside one.
        let xs: Vec<f64> = svg
            .lines()
            .filter(|l| l.starts_with("<rect x=") && l.contains("width=\"60\""))
            .map(|l| l[9..].split('"').next().unwrap().parse().unwrap())
            .collect();
        assert_eq!(xs.len(), 4);
        assert!(xs[2] - xs[1] > xs[1] - xs[0], "{xs:?}");
    }
}
