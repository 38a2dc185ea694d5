//! Fitting the learned evaluation ([`crate::agent::value`]) to real games (`catan-bot
//! calibrate --fit`): each sampled decision point, determinized once, gives every seat's
//! features and the game's real winner; a conditional logit (the winner's share of
//! `exp(w·f)` over the seats) is fitted by Newton's method with a small ridge.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::agent::determinize::determinize;
use crate::agent::value::{features, FEATURES};
use crate::perf::calibrate::Point;

/// One position: every seat's features, the seat that won, the game it is from.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Features by seat.
    pub f: Vec<[f64; FEATURES]>,
    /// Index of the winning seat.
    pub winner: usize,
    /// Which game (positions of one game share its winner).
    pub game: usize,
}

/// The samples of `points`, each from one world determinized from its view (seeded).
pub fn samples(points: &[Point], seed: u64) -> Vec<Sample> {
    let mut rng = SmallRng::seed_from_u64(seed);
    points
        .iter()
        .map(|pt| {
            let world = determinize(&pt.view, &mut rng);
            let f = world
                .seats()
                .map(|s| features(&world, s).map(f64::from))
                .collect();
            Sample {
                f,
                winner: pt.winner.index(),
                game: pt.game,
            }
        })
        .collect()
}

/// Each seat's chance by `w`.
fn chances(s: &Sample, w: &[f64; FEATURES]) -> Vec<f64> {
    let v: Vec<f64> =
        s.f.iter()
            .map(|f| f.iter().zip(w).map(|(a, b)| a * b).sum())
            .collect();
    let best = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = v.iter().map(|x| (x - best).exp()).collect();
    let total: f64 = e.iter().sum();
    e.iter().map(|x| x / total).collect()
}

/// Mean log loss of `w` over `samples` (`-ln` of the winner's chance).
pub fn log_loss(samples: &[Sample], w: &[f64; FEATURES]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| -chances(s, w)[s.winner].max(1e-12).ln())
        .sum();
    sum / samples.len() as f64
}

/// The weights that maximize the likelihood of the winners less `ridge / 2 · |w|²`.
pub fn fit(samples: &[Sample], ridge: f64) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    for _ in 0..50 {
        let mut grad = [0.0; FEATURES];
        let mut hess = [[0.0; FEATURES]; FEATURES];
        for s in samples {
            let p = chances(s, &w);
            let mut mean = [0.0; FEATURES];
            for (f, p) in s.f.iter().zip(&p) {
                for k in 0..FEATURES {
                    mean[k] += p * f[k];
                }
            }
            for k in 0..FEATURES {
                grad[k] += s.f[s.winner][k] - mean[k];
            }
            for (f, p) in s.f.iter().zip(&p) {
                for a in 0..FEATURES {
                    for b in 0..FEATURES {
                        hess[a][b] += p * (f[a] - mean[a]) * (f[b] - mean[b]);
                    }
                }
            }
        }
        for k in 0..FEATURES {
            grad[k] -= ridge * w[k];
            hess[k][k] += ridge;
        }
        let step = solve(hess, grad);
        let size: f64 = step.iter().map(|x| x.abs()).sum();
        for k in 0..FEATURES {
            w[k] += step[k];
        }
        if size < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (`a` positive definite
/// here, by the ridge); a zero pivot leaves that unknown 0.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for c in 0..FEATURES {
        let p = (c..FEATURES)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        b.swap(c, p);
        if a[c][c].abs() < 1e-15 {
            continue;
        }
        let pivot = a[c];
        for r in c + 1..FEATURES {
            let m = a[r][c] / pivot[c];
            for (x, p) in a[r][c..].iter_mut().zip(&pivot[c..]) {
                *x -= m * p;
            }
            b[r] -= m * b[c];
        }
    }
    let mut x = [0.0; FEATURES];
    for c in (0..FEATURES).rev() {
        if a[c][c].abs() < 1e-15 {
            continue;
        }
        let s: f64 = (c + 1..FEATURES).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    x
}

/// Two-fold cross-validation by game: fits on the even games and scores the odd ones, and the
/// other way round; the mean held-out log loss over all samples.
pub fn cross_validated_loss(samples: &[Sample], ridge: f64) -> f64 {
    let mut sum = 0.0;
    for half in 0..2 {
        let train: Vec<Sample> = samples
            .iter()
            .filter(|s| s.game % 2 != half)
            .cloned()
            .collect();
        let test: Vec<Sample> = samples
            .iter()
            .filter(|s| s.game % 2 == half)
            .cloned()
            .collect();
        let w = fit(&train, ridge);
        sum += log_loss(&test, &w) * test.len() as f64;
    }
    sum / samples.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// Samples drawn from a known conditional logit: the fit finds its weights again, and
    /// scores them better than all-zero weights.
    #[test]
    fn the_fit_recovers_the_weights_that_made_the_data() {
        let mut truth = [0.0; FEATURES];
        truth[0] = 1.2;
        truth[3] = -0.7;
        truth[5] = 0.4;
        let mut rng = SmallRng::seed_from_u64(9);
        let data: Vec<Sample> = (0..6000)
            .map(|g| {
                let f: Vec<[f64; FEATURES]> = (0..4)
                    .map(|_| std::array::from_fn(|_| rng.gen_range(-1.0..1.0)))
                    .collect();
                let s = Sample {
                    f,
                    winner: 0,
                    game: g,
                };
                let p = chances(&s, &truth);
                let u: f64 = rng.gen();
                let mut acc = 0.0;
                let winner = p
                    .iter()
                    .position(|&x| {
                        acc += x;
                        u < acc
                    })
                    .unwrap_or(3);
                Sample { winner, ..s }
            })
            .collect();
        let w = fit(&data, 1e-3);
        for k in 0..FEATURES {
            assert!(
                (w[k] - truth[k]).abs() < 0.15,
                "weight {k}: {} vs {}",
                w[k],
                truth[k]
            );
        }
        assert!(log_loss(&data, &w) < log_loss(&data, &[0.0; FEATURES]) - 0.05);
        let cv = cross_validated_loss(&data, 1e-3);
        assert!(cv < 4f64.ln() - 0.05, "{cv}");
    }
}
