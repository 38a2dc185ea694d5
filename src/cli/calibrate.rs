//! `catan-bot calibrate`: reads the sampled decision points of recorded classic games and prints
//! how well each playout policy forecasts their winners ([`crate::perf::calibrate`]).

use std::path::PathBuf;

use crate::agent::value;
use crate::client::replay::replay_views;
use crate::perf::calibrate::{paired_difference, score, ClassicView, Forecaster, HiddenVp, Point};
use crate::perf::fit;

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
    /// kinds of move first; `offers`: players trade with each other by the trading model;
    /// `greedy`: only the best spot of each kind of build), e.g. `model+knights+grouped`;
    /// `eval`, the learned evaluation alone (`agent::value`); `POLICY@N`, N actions of the
    /// policy, then the evaluation.
    #[arg(long, default_value = "heuristic,uniform")]
    pub policies: String,
    /// Instead of forecasting: fit the learned evaluation's weights to the points (one
    /// determinized world a point) and print them, with their log loss held out by game
    /// (two-fold) beside the weights in the build's.
    #[arg(long)]
    pub fit: bool,
    /// The evaluation's weights for `eval` and `POLICY@N` (comma-separated, one a feature, as
    /// `--fit` prints them) instead of the build's.
    #[arg(long)]
    pub weights: Option<String>,
    /// The fit's ridge (penalty on the squared weights).
    #[arg(long, default_value_t = 1.0)]
    pub ridge: f64,
    /// Seed of the determinizations and playouts (the same for every policy).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Instead of forecasting: at the recording seat's last decision point of each game, the
    /// victory point cards each opponent is expected to hold (over `--playouts`
    /// determinizations, with and without the search's `ages=1`) against those it showed when
    /// the game ended.
    #[arg(long)]
    pub hidden_vp: bool,
}

/// The sampled points of the transcripts: every `every`th decision point of the recording
/// seat in each finished classic game with a winner. Errors name a file that cannot be read.
pub fn points(files: &[PathBuf], every: usize) -> Result<Vec<Point>, String> {
    let every = every.max(1);
    let mut out = Vec::new();
    let mut games = 0;
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
        let mut seen: Vec<(String, usize, Vec<ClassicView>)> = Vec::new();
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
            let (Some(w), Some(_), true) = (g.winner, &g.server, g.over) else {
                continue;
            };
            let Some(views) = seen.iter_mut().find(|(n, _, _)| *n == g.game) else {
                continue;
            };
            for view in views.2.drain(..) {
                out.push(Point::new(view, w, games));
            }
            games += 1;
        }
    }
    Ok(out)
}

/// Forecasts and prints the scores of each policy, overall and by stage; 2 for a bad
/// `--policies` list or an unreadable file.
pub fn run(args: Args) -> i32 {
    let weights = match args
        .weights
        .as_deref()
        .map_or(Some(value::WEIGHTS), parse_weights)
    {
        Some(w) => w,
        None => {
            eprintln!("--weights: {} numbers, comma-separated", value::FEATURES);
            return 2;
        }
    };
    let mut policies = Vec::new();
    for name in args.policies.split(',') {
        match Forecaster::parse(name.trim()) {
            Some(p) => policies.push((name.trim().to_owned(), Forecaster { weights, ..p })),
            None => {
                eprintln!(
                    "unknown policy `{name}` (heuristic, uniform, model[+knights][+grouped][+offers][+greedy][+plans], eval, POLICY@N)"
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
    if args.fit {
        print_fit(&points, args.files.len(), args.ridge, args.seed);
        return 0;
    }
    if args.hidden_vp {
        return match print_hidden_vp(&args.files, args.playouts, args.seed) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("{e}");
                2
            }
        };
    }
    println!(
        "{} points from {} files, {} playouts a point and policy, seed {}",
        points.len(),
        args.files.len(),
        args.playouts,
        args.seed
    );
    let games: Vec<usize> = points.iter().map(|p| p.game).collect();
    let mut first: Option<(String, Vec<f64>)> = None;
    for (name, policy) in policies {
        let (all, by_stage, losses) = score(&points, policy, args.playouts, args.seed);
        println!("{name}: {}", all.line());
        for (label, s) in ["leader < 5", "leader 5-7", "leader 8+"]
            .iter()
            .zip(&by_stage)
        {
            println!("  {label:10}  {}", s.line());
        }
        match &first {
            None => first = Some((name, losses)),
            Some((base, base_losses)) => {
                let (d, se) = paired_difference(base_losses, &losses, &games);
                println!(
                    "  log loss against {base}: {d:+.4} (standard error {se:.4}, by game; \
                     negative is better)"
                );
            }
        }
    }
    0
}

/// `--weights`: exactly one number a feature, every one of them a number.
fn parse_weights(text: &str) -> Option<[f32; value::FEATURES]> {
    let w: Vec<f32> = text
        .split(',')
        .map(|x| x.trim().parse().ok())
        .collect::<Option<_>>()?;
    w.try_into().ok()
}

/// `--fit`: the fitted weights, their held-out log loss, and the build's weights' loss.
fn print_fit(points: &[Point], files: usize, ridge: f64, seed: u64) {
    let samples = fit::samples(points, seed);
    let games = samples.iter().map(|s| s.game).max().map_or(0, |g| g + 1);
    println!(
        "{} points of {games} games from {files} files, one world a point (seed {seed}), ridge {ridge}",
        samples.len()
    );
    let seats = samples.first().map_or(4, |s| s.f.len());
    println!("  even chances:        log loss {:.4}", (seats as f64).ln());
    let built = value::WEIGHTS.map(f64::from);
    println!(
        "  the build's weights: log loss {:.4} ({})",
        fit::log_loss(&samples, &built),
        value::WEIGHTS_FIT
    );
    println!(
        "  fitted, held out by game (two-fold): log loss {:.4}",
        fit::cross_validated_loss(&samples, ridge)
    );
    let w = fit::fit(&samples, ridge);
    println!(
        "  fitted on all:       log loss {:.4}",
        fit::log_loss(&samples, &w)
    );
    for (name, w) in value::FEATURE_NAMES.iter().zip(&w) {
        println!("    {name:26} {w:+.4}");
    }
    let list: Vec<String> = w.iter().map(|x| format!("{x:.4}")).collect();
    println!("weights: {}", list.join(","));
}

/// The victory point cards each seat showed when a transcript's game ended: the development
/// cards the server returned to hands (DEVCARDACTION ADD_OLD) after it announced the winner.
fn shown_vp_cards(text: &str) -> Vec<u32> {
    let mut shown = Vec::new();
    let mut over = false;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("< 1096|") {
            let f: Vec<&str> = rest.split('|').collect();
            over |= f.len() >= 3 && f[1] == "4" && f[2] != "-1";
        } else if let Some(rest) = line.strip_prefix("< 1046|").filter(|_| over) {
            let f: Vec<&str> = rest.split(',').collect();
            if let (Some(Ok(pn)), Some(&"3")) = (f.get(1).map(|p| p.parse::<usize>()), f.get(2)) {
                let vp = f[3..]
                    .iter()
                    .filter(|t| t.parse::<u32>().is_ok_and(|t| (4..=8).contains(&t)))
                    .count();
                if shown.len() <= pn {
                    shown.resize(pn + 1, 0);
                }
                shown[pn] += vp as u32;
            }
        }
    }
    shown
}

/// `--hidden-vp`: per game, the last view's expected hidden victory point cards of each
/// opponent, by the determinization without and with development card ages, against what
/// the game's end showed.
fn print_hidden_vp(files: &[PathBuf], worlds: u32, seed: u64) -> Result<(), String> {
    let mut hidden = HiddenVp::new(seed);
    let (mut shown_sum, mut seats) = (0u32, 0u32);
    let mut sums = [0f64; 2];
    let mut squares = [0f64; 2];
    let mut games = 0;
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
        let mut last: Option<ClassicView> = None;
        let replayed = replay_views(&text, |_, view| last = Some(view.clone()));
        let (Some(view), true) = (last, replayed.games.iter().any(|g| g.over)) else {
            continue;
        };
        let shown = shown_vp_cards(&text);
        games += 1;
        for (s, expected) in hidden.expected(&view, worlds) {
            let shown = shown.get(s).copied().unwrap_or(0);
            seats += 1;
            shown_sum += shown;
            for (k, e) in expected.into_iter().enumerate() {
                sums[k] += e;
                squares[k] += (e - f64::from(shown)).powi(2);
            }
        }
    }
    println!(
        "{games} games, {seats} opponents holding development cards at the last decision point, \
         {worlds} worlds each (seed {seed})"
    );
    println!("  victory point cards shown at the end: {shown_sum}");
    for (k, name) in ["every hidden card alike", "ages=1"].iter().enumerate() {
        println!(
            "  expected by {name:24} {:8.1}  mean squared error a seat {:.4}",
            sums[k],
            squares[k] / f64::from(seats.max(1))
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--weights` takes one number a feature; a word among them or a wrong count is refused.
    #[test]
    fn weights_need_one_number_a_feature() {
        let ok: Vec<String> = (0..value::FEATURES).map(|k| format!("{k}.5")).collect();
        let w = parse_weights(&ok.join(",")).unwrap();
        assert_eq!(
            (w[0], w[value::FEATURES - 1]),
            (0.5, value::FEATURES as f32 - 0.5)
        );
        let mut bad = ok.clone();
        bad.insert(1, "x".to_owned());
        assert_eq!(parse_weights(&bad.join(",")), None);
        assert_eq!(parse_weights(&ok[1..].join(",")), None);
    }

    fn fixture(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/transcripts")
            .join(name)
    }

    /// Every decision point of the recording seat in a finished game, or every fourth; all
    /// with the game's winner as the mirror saw it end; a game that did not finish and a
    /// 6-player game give none, and a missing file is an error.
    #[test]
    fn points_sample_every_nth_decision_of_finished_games() {
        let won = [fixture("catanbot-2.7-person-seated-won.log")];
        let all = points(&won, 1).unwrap();
        let fourth = points(&won, 4).unwrap();
        assert!(all.len() > 20, "{}", all.len());
        assert_eq!(fourth.len(), all.len().div_ceil(4));
        assert!(all.iter().all(|p| p.winner == all[0].winner));
        assert!(all.iter().all(|p| p.view.me == all[0].view.me));
        for other in [
            "probe-idle-forced-turns.log",
            "catanbot-2.7-6p-datacheck-won.log",
        ] {
            assert_eq!(points(&[fixture(other)], 1).unwrap().len(), 0, "{other}");
        }
        assert!(points(&[fixture("no-such-file.log")], 1).is_err());
    }

    /// The cards shown at a recorded game's end are read per seat, and along the game every
    /// opponent's card ages count its playable cards, some of them grown old.
    #[test]
    fn shown_victory_points_and_card_ages_of_a_recorded_game() {
        let text = std::fs::read_to_string(fixture("sample3p-game-20.log")).unwrap();
        assert_eq!(shown_vp_cards(&text)[..4], [0, 2, 0, 2]);
        let (mut views, mut aged) = (0, false);
        replay_views(&text, |_, v| {
            views += 1;
            for s in v.state.seats().filter(|&s| s != v.me) {
                let ages = v.beliefs[s].dev_ages;
                assert_eq!(ages.total(), v.state.dev_cards(s).total());
                aged |= ages.0[1..].iter().any(|&n| n > 0);
            }
        });
        assert!(views > 20 && aged, "{views} {aged}");
    }
}
