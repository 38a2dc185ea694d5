//! `catan-bot calibrate`: how well playout policies predict the winners of real games. Each
//! sampled decision point of the recording robot in a transcript (its view, as the client
//! built it) is played out many times with each policy from determinized worlds; the share
//! of playouts a seat wins is the policy's forecast, scored against the game's real winner
//! (log loss, Brier score, hits). A policy that models the real opponents better forecasts
//! better, so this ranks playout models on recorded games without playing new ones.

use std::path::PathBuf;

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::agent::determinize::determinize;
use crate::agent::playout::{playout, HeuristicPolicy, ModelPolicy, PlayoutPolicy, UniformPolicy};
use crate::agent::View;
use crate::client::replay::replay_views;
use crate::game::{Classic, Seat, State};

/// Arguments of `catan-bot calibrate`.
#[derive(clap::Args)]
pub struct Args {
    /// Transcript files of finished classic games (`play --record`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Sample every Nth decision point of the recording robot in each game.
    #[arg(long, default_value_t = 8)]
    pub every: usize,
    /// Playouts per sampled point and policy.
    #[arg(long, default_value_t = 200)]
    pub playouts: u32,
    /// Playout policies to compare, comma-separated: `heuristic`, `uniform`, or `model` with
    /// knobs joined by `+` (`knights`: the stock robots' knight rule; `grouped`: uniform over
    /// kinds of move first), e.g. `model+knights+grouped`.
    #[arg(long, default_value = "heuristic,uniform")]
    pub policies: String,
    /// Seed of the determinizations and playouts (the same for every policy).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// A playout policy by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// [`HeuristicPolicy`], the search's playouts.
    Heuristic,
    /// [`UniformPolicy`].
    Uniform,
    /// [`ModelPolicy`] with its knobs.
    Model(ModelPolicy),
}

impl Policy {
    fn parse(name: &str) -> Option<Policy> {
        match name {
            "heuristic" => Some(Policy::Heuristic),
            "uniform" => Some(Policy::Uniform),
            _ => {
                // `model+knights+grouped`: the model policy with the named knobs.
                let mut parts = name.split('+');
                (parts.next()? == "model").then_some(())?;
                let mut m = ModelPolicy::default();
                for knob in parts {
                    match knob {
                        "knights" => m.stock_knights = true,
                        "grouped" => m.grouped = true,
                        _ => return None,
                    }
                }
                Some(Policy::Model(m))
            }
        }
    }

    /// Plays `state` to its end; the winner.
    fn play(self, state: &mut State, rng: &mut SmallRng) -> Option<Seat> {
        fn go<P: PlayoutPolicy>(mut p: P, state: &mut State, rng: &mut SmallRng) -> Option<Seat> {
            playout(state, &mut p, rng, 4000).winner
        }
        match self {
            Policy::Heuristic => go(HeuristicPolicy, state, rng),
            Policy::Uniform => go(UniformPolicy, state, rng),
            Policy::Model(m) => go(m, state, rng),
        }
    }
}

/// A sampled decision point: the recording seat's view and the game's real winner.
pub struct Point {
    /// The view.
    pub view: View<Classic>,
    /// The seat that won the game.
    pub winner: Seat,
}

/// The forecast of `policy` at `point`: each seat's share of `playouts` playouts, each from
/// a world determinized from the view (smoothed by half a win a seat, so no share is 0).
pub fn forecast(point: &Point, policy: Policy, playouts: u32, seed: u64) -> Vec<f64> {
    let seats = point.view.state.seats().count();
    let mut wins = vec![0.5; seats];
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut decided = 0.0;
    for _ in 0..playouts {
        let mut world = determinize(&point.view, &mut rng);
        if let Some(w) = policy.play(&mut world, &mut rng) {
            wins[w.index()] += 1.0;
            decided += 1.0;
        }
    }
    let total = decided + 0.5 * seats as f64;
    wins.iter().map(|w| w / total).collect()
}

/// Scores of forecasts against real winners.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Score {
    /// Points scored.
    pub points: u32,
    /// Sum of `-ln p(winner)`.
    pub log_loss: f64,
    /// Sum of the Brier scores (squared error over the seats).
    pub brier: f64,
    /// Points where the winner had the largest share.
    pub hits: u32,
    /// Sum of the recording seat's forecast share.
    pub own_forecast: f64,
    /// Points whose game the recording seat won.
    pub own_wins: u32,
}

impl Score {
    /// Adds the forecast `p` (by seat) for a game `winner` won; `me` is the recording seat.
    pub fn add(&mut self, p: &[f64], winner: Seat, me: Seat) {
        let w = winner.index();
        self.points += 1;
        self.log_loss -= p[w].ln();
        self.brier += p
            .iter()
            .enumerate()
            .map(|(s, &q)| (q - f64::from(u8::from(s == w))).powi(2))
            .sum::<f64>();
        let best = (0..p.len()).fold(0, |b, s| if p[s] > p[b] { s } else { b });
        self.hits += u32::from(best == w);
        self.own_forecast += p[me.index()];
        self.own_wins += u32::from(me == winner);
    }

    fn line(&self) -> String {
        let n = f64::from(self.points.max(1));
        format!(
            "points {:5}  log loss {:.4}  Brier {:.4}  hits {:5.1}%  own forecast {:5.1}% (won {:5.1}%)",
            self.points,
            self.log_loss / n,
            self.brier / n,
            100.0 * f64::from(self.hits) / n,
            100.0 * self.own_forecast / n,
            100.0 * f64::from(self.own_wins) / n,
        )
    }
}

/// The stage of the game at a point, by the most public points of any seat: before 5, 5 to
/// 7, 8 or more.
fn stage(view: &View<Classic>) -> usize {
    let s = &view.state;
    let most = s.seats().map(|p| s.public_vp(p)).max().unwrap_or(0);
    match most {
        0..=4 => 0,
        5..=7 => 1,
        _ => 2,
    }
}

/// The sampled points of the transcripts: every `every`th decision point of the recording
/// seat in each finished classic game with a winner. Errors name a file that cannot be read.
pub fn points(files: &[PathBuf], every: usize) -> Result<Vec<Point>, String> {
    let every = every.max(1);
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
        let mut seen: Vec<(String, usize, Vec<View<Classic>>)> = Vec::new();
        let replayed = replay_views(&text, |game, view| {
            let k = match seen.iter().position(|(g, _, _)| g == game) {
                Some(k) => k,
                None => {
                    seen.push((game.to_owned(), 0, Vec::new()));
                    seen.len() - 1
                }
            };
            let (_, n, views) = &mut seen[k];
            if *n % every == 0 {
                views.push(view.clone());
            }
            *n += 1;
        });
        for g in replayed.games {
            let (Some(scores), true) = (&g.server, g.over) else {
                continue;
            };
            let Some(views) = seen.iter_mut().find(|(n, _, _)| *n == g.game) else {
                continue;
            };
            let best = scores.iter().copied().max().unwrap_or(0);
            let Some(w) = scores.iter().position(|&s| s == best) else {
                continue;
            };
            for view in views.2.drain(..) {
                out.push(Point {
                    view,
                    winner: Seat::new(w),
                });
            }
        }
    }
    Ok(out)
}

/// Forecasts and prints the scores of each policy, overall and by stage; 2 for a bad
/// `--policies` list or an unreadable file.
pub fn run(args: Args) -> i32 {
    let mut policies = Vec::new();
    for name in args.policies.split(',') {
        match Policy::parse(name.trim()) {
            Some(p) => policies.push((name.trim().to_owned(), p)),
            None => {
                eprintln!(
                    "unknown policy `{name}` (heuristic, uniform, model[+knights][+grouped])"
                );
                return 2;
            }
        }
    }
    let points = match points(&args.files, args.every) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    println!(
        "{} points from {} files, {} playouts a point and policy, seed {}",
        points.len(),
        args.files.len(),
        args.playouts,
        args.seed
    );
    for (name, policy) in policies {
        let mut all = Score::default();
        let mut by_stage = [Score::default(), Score::default(), Score::default()];
        for (i, pt) in points.iter().enumerate() {
            let p = forecast(pt, policy, args.playouts, args.seed ^ ((i as u64) << 1));
            all.add(&p, pt.winner, pt.view.me);
            by_stage[stage(&pt.view)].add(&p, pt.winner, pt.view.me);
        }
        println!("{name}: {}", all.line());
        for (label, s) in ["leader < 5", "leader 5-7", "leader 8+"]
            .iter()
            .zip(&by_stage)
        {
            println!("  {label:10}  {}", s.line());
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sure_forecast_of_the_winner_scores_perfectly_and_a_wrong_one_does_not() {
        let mut right = Score::default();
        right.add(&[1.0, 0.0, 0.0, 0.0], Seat::new(0), Seat::new(0));
        assert_eq!(right.log_loss, 0.0);
        assert_eq!(right.brier, 0.0);
        assert_eq!(right.hits, 1);
        let mut wrong = Score::default();
        wrong.add(&[0.1, 0.7, 0.1, 0.1], Seat::new(0), Seat::new(2));
        assert!((wrong.log_loss - 10f64.ln()).abs() < 1e-12);
        assert!((wrong.brier - (0.81 + 0.49 + 0.01 + 0.01)).abs() < 1e-12);
        assert_eq!(wrong.hits, 0);
        assert_eq!(wrong.own_wins, 0);
        assert!((wrong.own_forecast - 0.1).abs() < 1e-12);
    }
}
