//! Statistics shared by the result records, the summaries, the arena and `perf`: Wilson score
//! intervals and the one percentile function (nearest rank). Pure arithmetic; imports nothing
//! from the rest of the crate.

/// A 95% two-sided z value.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval for `wins` successes out of `n` trials at normal quantile `z`.
///
/// Returns `(low, high)` as fractions in `[0, 1]`. For `n == 0` the interval is `(0, 1)`:
/// nothing is known.
pub fn wilson_interval(wins: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = wins as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z2 / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The `q`-quantile (0..=1) of `samples` by the nearest-rank method; `None` when empty.
///
/// Sorts a copy; meant for reports, not hot paths.
pub fn percentile(samples: &[f64], q: f64) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    let mut v = samples.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let rank = (q.clamp(0.0, 1.0) * v.len() as f64).ceil() as usize;
    Some(v[rank.saturating_sub(1).min(v.len() - 1)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_textbook_value() {
        // 40 wins in 100 games: the Wilson 95% interval is about [0.309, 0.498].
        let (lo, hi) = wilson_interval(40, 100, Z95);
        assert!((lo - 0.3094).abs() < 1e-3, "low {lo}");
        assert!((hi - 0.4980).abs() < 1e-3, "high {hi}");
    }

    #[test]
    fn wilson_stays_inside_unit_interval_at_extremes() {
        let (lo, hi) = wilson_interval(0, 10, Z95);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.0 && hi < 0.4);
        let (lo, hi) = wilson_interval(10, 10, Z95);
        assert!(lo > 0.6 && lo < 1.0);
        assert!((hi - 1.0).abs() < 1e-12, "high {hi}");
        assert_eq!(wilson_interval(0, 0, Z95), (0.0, 1.0));
    }

    #[test]
    fn percentile_uses_nearest_rank() {
        let s: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&s, 0.5), Some(50.0));
        assert_eq!(percentile(&s, 0.95), Some(95.0));
        assert_eq!(percentile(&s, 1.0), Some(100.0));
        assert_eq!(percentile(&[], 0.5), None);
        // Unsorted input, odd length: the median is the middle value.
        let xs = [5.0, 1.0, 3.0, 2.0, 4.0];
        assert_eq!(percentile(&xs, 0.5), Some(3.0));
        assert_eq!(percentile(&xs, 0.95), Some(5.0));
        assert_eq!(percentile(&xs, 0.0), Some(1.0));
    }
}
