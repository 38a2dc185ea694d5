//! How well playout policies forecast the winners of real games (`catan-bot calibrate`):
//! each sampled decision point (the recording robot's view, as the client built it) is played
//! out many times with each policy from determinized worlds; the share of playouts a seat wins
//! is the policy's forecast, scored against the game's real winner (log loss, Brier score,
//! hits). A policy that models the real opponents better forecasts better, so this ranks
//! playout models on recorded games without playing new ones. Reading the transcripts is the
//! command line's (`cli::calibrate`); this module sees views only.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::agent::determinize::determinize;
use crate::agent::playout::{playout, HeuristicPolicy, ModelPolicy, PlayoutPolicy, UniformPolicy};
use crate::agent::{value, DevAges, View};
use crate::game::{Classic, DevCard, Seat, State};

/// The view a classic game's decision point is sampled from.
pub type ClassicView = View<Classic>;

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
    /// A policy by its `--policies` name: `heuristic`, `uniform`, `model[+knights][+grouped][+offers][+greedy][+plans]`.
    pub fn parse(name: &str) -> Option<Policy> {
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
                        "greedy" => m.greedy = true,
                        "offers" => m.offers = true,
                        "plans" => m.plans = true,
                        _ => return None,
                    }
                }
                Some(Policy::Model(m))
            }
        }
    }

    /// Plays `state` to its end or for `steps` actions; the winner.
    fn play(self, state: &mut State, rng: &mut SmallRng, steps: u32) -> Option<Seat> {
        fn go<P: PlayoutPolicy>(
            mut p: P,
            state: &mut State,
            rng: &mut SmallRng,
            steps: u32,
        ) -> Option<Seat> {
            playout(state, &mut p, rng, steps).winner
        }
        match self {
            Policy::Heuristic => go(HeuristicPolicy, state, rng, steps),
            Policy::Uniform => go(UniformPolicy, state, rng, steps),
            Policy::Model(m) => go(m, state, rng, steps),
        }
    }
}

/// A way to forecast: playouts of a policy to the end, or cut after some actions and the rest
/// scored by the learned evaluation ([`value::win_chances`]); a cut at 0 is the evaluation
/// alone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Forecaster {
    /// The playout policy.
    pub policy: Policy,
    /// Actions played before the evaluation scores the position; `None` plays to the end.
    pub cut: Option<u32>,
    /// The evaluation's weights.
    pub weights: [f32; value::FEATURES],
    /// Whether opponents' long-held development cards are dealt as likelier victory points
    /// (the search's `ages=1`); otherwise every hidden card alike.
    pub ages: bool,
}

impl Forecaster {
    /// A forecaster by its `--policies` name: a policy ([`Policy::parse`]), `eval` (the
    /// evaluation alone), or `POLICY@N` (the policy for N actions, then the evaluation); any
    /// of them after `ages:`, with the search's `ages=1` determinization.
    pub fn parse(name: &str) -> Option<Forecaster> {
        let (ages, name) = match name.strip_prefix("ages:") {
            Some(rest) => (true, rest),
            None => (false, name),
        };
        let (policy, cut) = match name.split_once('@') {
            Some((p, n)) => (Policy::parse(p)?, Some(n.parse().ok()?)),
            None if name == "eval" => (Policy::Heuristic, Some(0)),
            None => (Policy::parse(name)?, None),
        };
        Some(Forecaster {
            policy,
            cut,
            weights: value::WEIGHTS,
            ages,
        })
    }
}

/// A sampled decision point: the recording seat's view and the game's real winner.
pub struct Point {
    /// The view.
    pub view: View<Classic>,
    /// The seat that won the game.
    pub winner: Seat,
    /// Which game the point is from (points of one game are not independent).
    pub game: usize,
}

impl Point {
    /// The point at `view` of game number `game`, which the seat of index `winner` won.
    pub fn new(view: View<Classic>, winner: usize, game: usize) -> Point {
        Point {
            view,
            winner: Seat::new(winner),
            game,
        }
    }
}

/// The forecast of `how` at `point`: each seat's share of `playouts` playouts, each from a
/// world determinized from the view (a cut playout adds the evaluation's chances; smoothed by
/// half a win a seat, so no share is 0).
pub fn forecast(point: &Point, how: Forecaster, playouts: u32, seed: u64) -> Vec<f64> {
    let seats = point.view.state.seats().count();
    let mut wins = vec![0.5; seats];
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut decided = 0.0;
    let steps = how.cut.unwrap_or(4000);
    let mut view = point.view.clone();
    if !how.ages {
        for s in view.state.seats() {
            view.beliefs[s].dev_ages = DevAges::default();
        }
    }
    // The plans model the stock robots; the recording seat keeps the heuristic's moves.
    let policy = match how.policy {
        Policy::Model(mut m) => {
            m.own = Some(view.me);
            Policy::Model(m)
        }
        p => p,
    };
    for _ in 0..playouts {
        let mut world = determinize(&view, &mut rng);
        match policy.play(&mut world, &mut rng, steps) {
            Some(w) => {
                wins[w.index()] += 1.0;
                decided += 1.0;
            }
            None if how.cut.is_some() => {
                let p = value::win_chances(&world, &how.weights);
                for (w, p) in wins.iter_mut().zip(p) {
                    *w += f64::from(p);
                }
                decided += 1.0;
            }
            None => {}
        }
    }
    let total = decided + 0.5 * seats as f64;
    wins.iter().map(|w| w / total).collect()
}

/// The victory point cards opponents are expected to hold in views, over determinized
/// worlds drawn from one seeded stream (`calibrate --hidden-vp`).
pub struct HiddenVp {
    rng: SmallRng,
}

impl HiddenVp {
    /// A stream of worlds from `seed`.
    pub fn new(seed: u64) -> HiddenVp {
        HiddenVp {
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    /// For each seat whose development cards `view` hides and that holds any: its index and
    /// the victory point cards it holds on average over `worlds` worlds, dealt with every
    /// hidden card alike and as `ages=1` deals them.
    pub fn expected(&mut self, view: &ClassicView, worlds: u32) -> Vec<(usize, [f64; 2])> {
        let worlds = worlds.max(1);
        let mut out = Vec::new();
        for s in view.state.seats().filter(|&s| view.beliefs[s].dev_hidden) {
            if view.state.dev_cards(s).total() + view.state.new_dev_cards(s).total() == 0 {
                continue;
            }
            let mut expected = [0.0; 2];
            for (k, ages) in [false, true].into_iter().enumerate() {
                let mut v = view.clone();
                if !ages {
                    for t in v.state.seats() {
                        v.beliefs[t].dev_ages = DevAges::default();
                    }
                }
                let mut vp = 0u64;
                for _ in 0..worlds {
                    let w = determinize(&v, &mut self.rng);
                    vp += u64::from(
                        w.dev_cards(s)[DevCard::VictoryPoint]
                            + w.new_dev_cards(s)[DevCard::VictoryPoint],
                    );
                }
                expected[k] = vp as f64 / f64::from(worlds);
            }
            out.push((s.index(), expected));
        }
        out
    }
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

    /// One line of figures, means over the points.
    pub fn line(&self) -> String {
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
pub fn stage(view: &View<Classic>) -> usize {
    let s = &view.state;
    let most = s.seats().map(|p| s.public_vp(p)).max().unwrap_or(0);
    match most {
        0..=4 => 0,
        5..=7 => 1,
        _ => 2,
    }
}

/// The scores of `how` over `points`: overall, by [`stage`], and each point's log loss.
/// `seed` seeds each point's determinizations and playouts (the same for every policy).
pub fn score(
    points: &[Point],
    how: Forecaster,
    playouts: u32,
    seed: u64,
) -> (Score, [Score; 3], Vec<f64>) {
    let mut all = Score::default();
    let mut by_stage = [Score::default(), Score::default(), Score::default()];
    let mut losses = Vec::with_capacity(points.len());
    for (i, pt) in points.iter().enumerate() {
        let p = forecast(pt, how, playouts, seed ^ ((i as u64) << 1));
        all.add(&p, pt.winner, pt.view.me);
        by_stage[stage(&pt.view)].add(&p, pt.winner, pt.view.me);
        losses.push(-p[pt.winner.index()].ln());
    }
    (all, by_stage, losses)
}

/// The mean of `b[i] - a[i]` over the points and its standard error clustered by game
/// (`games[i]`): each game's sum of differences is one observation, since the points of a
/// game share its winner. `(mean, se)`; the error is 0 with fewer than two games.
pub fn paired_difference(a: &[f64], b: &[f64], games: &[usize]) -> (f64, f64) {
    let n = a.len().min(b.len()).min(games.len());
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = (0..n).map(|i| b[i] - a[i]).sum::<f64>() / n as f64;
    // Per game: the sum of the differences less its points' share of the mean.
    let mut sums: Vec<(usize, f64)> = Vec::new();
    for i in 0..n {
        let e = b[i] - a[i] - mean;
        match sums.iter_mut().find(|(g, _)| *g == games[i]) {
            Some((_, s)) => *s += e,
            None => sums.push((games[i], e)),
        }
    }
    let g = sums.len() as f64;
    if sums.len() < 2 {
        return (mean, 0.0);
    }
    let var = sums.iter().map(|(_, s)| s * s).sum::<f64>() * g / (g - 1.0);
    (mean, var.sqrt() / n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Forecaster names: a policy plays to the end, `eval` is the evaluation alone, `P@N`
    /// cuts the policy's playouts after N actions; anything else is refused.
    #[test]
    fn forecaster_names_parse() {
        let f = |n: &str| Forecaster::parse(n).map(|f| (f.policy, f.cut));
        assert_eq!(f("heuristic"), Some((Policy::Heuristic, None)));
        assert_eq!(f("eval"), Some((Policy::Heuristic, Some(0))));
        assert_eq!(f("uniform@160"), Some((Policy::Uniform, Some(160))));
        assert!(f("model+offers@40").is_some_and(|(_, c)| c == Some(40)));
        assert_eq!(f("heuristic@x"), None);
        assert_eq!(f("nothing@4"), None);
    }

    /// The clustered error counts games, not points: the same differences spread over two
    /// games have a larger error than over four, and equal differences have none.
    #[test]
    fn paired_difference_clusters_by_game() {
        let a = [0.0; 8];
        let b = [1.0, 1.0, 1.0, 1.0, 3.0, 3.0, 3.0, 3.0];
        let (m2, se2) = paired_difference(&a, &b, &[0, 0, 0, 0, 1, 1, 1, 1]);
        let (m4, se4) = paired_difference(&a, &b, &[0, 0, 1, 1, 2, 2, 3, 3]);
        assert_eq!((m2, m4), (2.0, 2.0));
        // Two games, sums of deviations -4 and +4: sqrt(32 * 2 / 1) / 8 = 1.
        assert!((se2 - 1.0).abs() < 1e-12, "{se2}");
        // Four games, -2, -2, +2, +2: sqrt(16 * 4 / 3) / 8.
        assert!(
            (se4 - (16.0f64 * 4.0 / 3.0).sqrt() / 8.0).abs() < 1e-12,
            "{se4}"
        );
        assert_eq!(
            paired_difference(&a, &[5.0; 8], &[0, 1, 2, 3, 0, 1, 2, 3]),
            (5.0, 0.0)
        );
    }

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
