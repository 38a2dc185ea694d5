//! Statistics shared by the result records, the summaries, the arena and `perf`: Wilson score
//! intervals, the comparison of two independent arms (Newcombe's interval of the difference,
//! Fisher's exact test) and the one percentile function (nearest rank). Pure arithmetic;
//! imports nothing from the rest of the crate.

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

/// Newcombe's hybrid score interval (his method 10) for the difference of two win rates,
/// `wins_a / n_a - wins_b / n_b`, built from each rate's Wilson interval at `z`. Returns
/// `(low, high)` in `[-1, 1]`; meant for two independent samples (two real-server arms),
/// where McNemar's test, which needs the same games in both arms, does not apply.
pub fn difference_interval(wins_a: u64, n_a: u64, wins_b: u64, n_b: u64, z: f64) -> (f64, f64) {
    let rate = |w: u64, n: u64| if n == 0 { 0.0 } else { w as f64 / n as f64 };
    let (pa, pb) = (rate(wins_a, n_a), rate(wins_b, n_b));
    let (la, ua) = wilson_interval(wins_a, n_a, z);
    let (lb, ub) = wilson_interval(wins_b, n_b, z);
    let d = pa - pb;
    let low = d - ((pa - la).powi(2) + (ub - pb).powi(2)).sqrt();
    let high = d + ((ua - pa).powi(2) + (pb - lb).powi(2)).sqrt();
    (low.max(-1.0), high.min(1.0))
}

/// Fisher's exact test on the 2x2 table of two independent arms (won and lost in each): the
/// two-sided probability, were both arms equally strong, of a table with the same margins no
/// more likely than the one seen (hypergeometric, summed over every such table).
pub fn fisher_exact_p(wins_a: u64, n_a: u64, wins_b: u64, n_b: u64) -> f64 {
    let n = (n_a + n_b) as usize;
    let wins = (wins_a + wins_b) as usize;
    if n == 0 {
        return 1.0;
    }
    // ln k! for k = 0..=n.
    let mut ln_fact = vec![0.0f64; n + 1];
    for k in 1..=n {
        ln_fact[k] = ln_fact[k - 1] + (k as f64).ln();
    }
    let (na, nb) = (n_a as usize, n_b as usize);
    // P(arm a won x of the `wins` games), margins fixed.
    let ln_p = |x: usize| {
        ln_fact[wins] + ln_fact[n - wins] + ln_fact[na] + ln_fact[nb]
            - ln_fact[n]
            - ln_fact[x]
            - ln_fact[na - x]
            - ln_fact[wins - x]
            - ln_fact[nb + x - wins]
    };
    let lo = wins.saturating_sub(nb);
    let hi = wins.min(na);
    let seen = ln_p(wins_a as usize);
    let mut p = 0.0;
    for x in lo..=hi {
        let l = ln_p(x);
        // A relative tolerance, as R's fisher.test, so that tables as likely as the one seen
        // are not lost to rounding.
        if l <= seen + 1e-7 {
            p += l.exp();
        }
    }
    p.min(1.0)
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
    fn difference_interval_matches_newcombe() {
        // Newcombe (1998), example (a): 56/70 against 48/80, method 10: [0.0524, 0.3339].
        let (lo, hi) = difference_interval(56, 70, 48, 80, Z95);
        assert!((lo - 0.0524).abs() < 1e-3, "low {lo}");
        assert!((hi - 0.3339).abs() < 1e-3, "high {hi}");
        // The same rates: an interval around 0.
        let (lo, hi) = difference_interval(50, 100, 50, 100, Z95);
        assert!(lo < 0.0 && hi > 0.0 && (lo + hi).abs() < 1e-9);
    }

    #[test]
    fn fisher_exact_p_matches_textbook_values() {
        // The lady tasting tea: 3 of 4 against 1 of 4, two-sided p = 34/70.
        assert!((fisher_exact_p(3, 4, 1, 4) - 34.0 / 70.0).abs() < 1e-9);
        // Equal arms: p = 1.
        assert!((fisher_exact_p(5, 10, 5, 10) - 1.0).abs() < 1e-9);
        // 10 of 10 against 0 of 10: 2 / C(20, 10).
        assert!((fisher_exact_p(10, 10, 0, 10) - 2.0 / 184_756.0).abs() < 1e-12);
        // 49 of 72 against 52 of 72: far from significant.
        let p = fisher_exact_p(49, 72, 52, 72);
        assert!(p > 0.5 && p <= 1.0, "{p}");
        assert_eq!(fisher_exact_p(0, 0, 0, 0), 1.0);
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
