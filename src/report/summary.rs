//! Summaries of result files (`play --results`, `arena --results`; any number of files and
//! folders of them, e.g. the shards of a run): our win rate with its 95% Wilson interval beside
//! the seat share (25% in a four-player game, 1/5 or 1/6 on the 6-player board), points, game
//! length, latency, forced turns, refusals and trades, the stock robots met, the win rate by
//! board and player count when the lines mix them ([`Table`]), and by the robot mix of the
//! games ([`Mix`]). Reads files; uses the rest of `report` only.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::record::{ResultRecord, CLASSIC};
use super::stats::{difference_interval, fisher_exact_p, wilson_interval, Z95};

/// What a set of result lines comes to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Finished games (with final points).
    pub games: usize,
    /// Games our bot won.
    pub wins: usize,
    /// Lines that were not a finished game (unfinished, unreadable).
    pub skipped: usize,
    /// Our average final points.
    pub avg_points: f64,
    /// Average of the best opponent's final points.
    pub avg_best_opponent: f64,
    /// Average turns per game.
    pub avg_turns: f64,
    /// Median over games of the per-game median decision latency, ms.
    pub latency_p50_ms: f64,
    /// Largest per-game 95th percentile latency, ms.
    pub latency_p95_max_ms: f64,
    /// Largest single decision latency, ms.
    pub latency_max_ms: f64,
    /// Search iterations per decision, over the games that report them: (games, median of
    /// the per-game medians, fewest, most).
    pub iterations: Option<(usize, u64, u64, u64)>,
    /// Forced end-turns of our bot, all games.
    pub forced_end_turns: u64,
    /// Forced discards of our bot.
    pub forced_discards: u64,
    /// Refused or unanswered requests.
    pub rejected_requests: u64,
    /// Mirror disagreements with the server's figures.
    pub mirror_mismatches: u64,
    /// Requests not answered within the reply timeout and waited for further
    /// ([`Health::late_replies`](super::record::Health::late_replies)).
    pub late_replies: u64,
    /// Trading, all games, in [`TradeCounts::to_array`](super::record::TradeCounts::to_array)
    /// order (lines without a `trades` object count 0).
    pub trades: [u64; 6],
    /// Opponents met: (name, games, wins).
    pub opponents: Vec<(String, usize, usize)>,
    /// Our finished games and wins by the robot mix they had, in [`Mix::ALL`] order.
    pub mixes: [(usize, usize); 4],
    /// Our finished games and wins by board and player count, classic board first, then by
    /// board name and player count.
    pub tables: Vec<Table>,
    /// Arena games (named `arena~SEED~GAME`) read more than once: the same shard given
    /// twice. Their repeats are not counted in `games`.
    pub repeated: usize,
}

impl Summary {
    /// Win rate.
    pub fn rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }

    /// 95% Wilson interval of the win rate.
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(self.wins as u64, self.games as u64, Z95)
    }

    /// The win rate a player no better than the others would have: one over the players of
    /// each game, averaged over the games (25% without games, as for four players).
    pub fn seat_share(&self) -> f64 {
        if self.games == 0 || self.tables.is_empty() {
            return 0.25;
        }
        let expected: f64 = self
            .tables
            .iter()
            .map(|t| t.games as f64 / t.players.max(1) as f64)
            .sum();
        expected / self.games as f64
    }
}

/// The games of one board and player count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The board's name (`classic`, `6-player`).
    pub board: String,
    /// Players in the game (the seats in play).
    pub players: usize,
    /// Our finished games.
    pub games: usize,
    /// Our wins.
    pub wins: usize,
}

impl Table {
    /// One over the players: the win rate of a player no better than the others.
    pub fn seat_share(&self) -> f64 {
        1.0 / self.players.max(1) as f64
    }
}

/// A seat share as a percentage with at most one decimal: `25%`, `16.7%`, `20%`.
fn share_text(share: f64) -> String {
    let t = format!("{:.1}", 100.0 * share);
    format!("{}%", t.strip_suffix(".0").unwrap_or(&t))
}

/// What names an arena game: its name (seed and game number) with the board and the number
/// of players, which the name leaves out (a 6-player run of seed 1 plays other games than a
/// classic run of seed 1).
fn arena_key(r: &ResultRecord) -> (String, String, usize) {
    (r.game.clone(), r.players.board.clone(), r.players.count())
}

/// Summarizes the result lines in `text` (one game each; see [`ResultRecord`]).
pub fn summarize(text: &str) -> Summary {
    let mut s = Summary::default();
    let mut p50s = Vec::new();
    let mut iteration_p50s = Vec::new();
    let (mut iter_min, mut iter_max) = (u64::MAX, 0);
    let (mut pts, mut best_opp, mut turns) = (0.0, 0.0, 0.0);
    let mut arena_games = HashSet::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(r) = ResultRecord::from_line(line) else {
            s.skipped += 1;
            continue;
        };
        // Real-server game names repeat across runs; an arena game's name is unique to it
        // on its board and player count (runs of other tables may share the seed).
        if r.game.starts_with("arena~") && !arena_games.insert(arena_key(&r)) {
            s.repeated += 1;
            continue;
        }
        let Some((seat, points)) = r.final_points() else {
            s.skipped += 1;
            continue;
        };
        s.games += 1;
        let won = r.winner == Some(seat);
        if won {
            s.wins += 1;
        }
        let (board, players) = (r.players.board.as_str(), r.players.count());
        match s
            .tables
            .iter_mut()
            .find(|t| t.board == board && t.players == players)
        {
            Some(t) => {
                t.games += 1;
                t.wins += usize::from(won);
            }
            None => s.tables.push(Table {
                board: board.to_string(),
                players,
                games: 1,
                wins: usize::from(won),
            }),
        }
        pts += f64::from(points[seat]);
        best_opp += r
            .players
            .seated()
            .filter(|&i| i != seat)
            .map(|i| f64::from(points[i]))
            .fold(0.0, f64::max);
        turns += f64::from(r.turns);
        let l = r.latency_ms;
        p50s.push(l.p50);
        s.latency_p95_max_ms = s.latency_p95_max_ms.max(l.p95);
        s.latency_max_ms = s.latency_max_ms.max(l.max);
        if let Some(it) = r.iterations {
            iteration_p50s.push(it.p50);
            iter_min = iter_min.min(it.min);
            iter_max = iter_max.max(it.max);
        }
        s.forced_end_turns += u64::from(r.health.forced_end_turns);
        s.forced_discards += u64::from(r.health.forced_discards);
        s.rejected_requests += u64::from(r.health.rejected_requests);
        s.mirror_mismatches += u64::from(r.health.mirror_mismatches);
        s.late_replies += u64::from(r.health.late_replies);
        for (sum, n) in s.trades.iter_mut().zip(r.trades.to_array()) {
            *sum += n;
        }
        let mut names = Vec::new();
        for (i, p) in r.players.iter().enumerate() {
            if i == seat || !r.players.is_seated(i) {
                continue;
            }
            let name = p.name.clone().unwrap_or_else(|| "?".to_string());
            let won = (r.winner == Some(i)) as usize;
            match s.opponents.iter_mut().find(|o| o.0 == name) {
                Some(o) => {
                    o.1 += 1;
                    o.2 += won;
                }
                None => s.opponents.push((name.clone(), 1, won)),
            }
            names.push(name);
        }
        let mix = &mut s.mixes[Mix::of(names.iter().map(String::as_str)) as usize];
        mix.0 += 1;
        mix.1 += usize::from(r.winner == Some(seat));
    }
    let n = s.games.max(1) as f64;
    s.avg_points = pts / n;
    s.avg_best_opponent = best_opp / n;
    s.avg_turns = turns / n;
    // The upper median (for an even count, the higher of the two middle values), as the
    // published summaries were computed.
    p50s.sort_by(|a, b| a.total_cmp(b));
    s.latency_p50_ms = p50s.get(p50s.len() / 2).copied().unwrap_or(0.0);
    iteration_p50s.sort_unstable();
    if let Some(&median) = iteration_p50s.get(iteration_p50s.len() / 2) {
        s.iterations = Some((iteration_p50s.len(), median, iter_min, iter_max));
    }
    s.opponents.sort();
    s.tables.sort_by(|a, b| {
        (a.board != CLASSIC, &a.board, a.players).cmp(&(b.board != CLASSIC, &b.board, b.players))
    });
    s
}

/// Our win rate by board and player count as text: one line per table met, with its 95%
/// Wilson interval and seat share.
pub fn table_text(s: &Summary) -> String {
    let mut o = String::new();
    for t in &s.tables {
        let (lo, hi) = wilson_interval(t.wins as u64, t.games as u64, Z95);
        let _ = writeln!(
            o,
            "  {} board, {} players: games {}, wins {}: win rate {:.1}% [95% CI {:.1}%, {:.1}%] vs seat share {}",
            t.board,
            t.players,
            t.games,
            t.wins,
            100.0 * t.wins as f64 / t.games.max(1) as f64,
            100.0 * lo,
            100.0 * hi,
            share_text(t.seat_share())
        );
    }
    o
}

/// The kind of a stock JSettlers robot from its nickname (`SOCServer` names built-ins
/// "droid N" for the fast strategy and "robot N" for the smart one).
pub fn robot_kind(name: &str) -> &'static str {
    if name.starts_with("droid ") {
        "fast"
    } else if name.starts_with("robot ") {
        "smart"
    } else {
        "other"
    }
}

/// The robot mix of a game, from its opponents' names ([`robot_kind`]): the stock robots
/// that `scripts/bench.sh`'s `MIX` asks for are not always the ones the server draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mix {
    /// Every opponent a smart stock robot ("robot N").
    Smart,
    /// Every opponent a fast stock robot ("droid N").
    Fast,
    /// Stock robots of both kinds.
    Mixed,
    /// Any other opponent: a person, another bot, an arena agent.
    Other,
}

impl Mix {
    /// Every mix, in the order of [`Summary::mixes`].
    pub const ALL: [Mix; 4] = [Mix::Smart, Mix::Fast, Mix::Mixed, Mix::Other];

    /// The mix of a game whose opponents have these names; a game without any is `Other`.
    pub fn of<'a>(opponents: impl IntoIterator<Item = &'a str>) -> Mix {
        let (mut smart, mut fast) = (false, false);
        for name in opponents {
            match robot_kind(name) {
                "smart" => smart = true,
                "fast" => fast = true,
                _ => return Mix::Other,
            }
        }
        match (smart, fast) {
            (true, true) => Mix::Mixed,
            (true, false) => Mix::Smart,
            (false, true) => Mix::Fast,
            (false, false) => Mix::Other,
        }
    }

    /// Its name in summaries.
    pub fn name(self) -> &'static str {
        match self {
            Mix::Smart => "smart",
            Mix::Fast => "fast",
            Mix::Mixed => "mixed",
            Mix::Other => "other",
        }
    }
}

/// Our win rate by robot mix as text: one line per mix met, with its 95% Wilson interval.
pub fn mix_text(s: &Summary) -> String {
    let mut o = String::new();
    for (mix, &(games, wins)) in Mix::ALL.iter().zip(&s.mixes) {
        if games == 0 {
            continue;
        }
        let (lo, hi) = wilson_interval(wins as u64, games as u64, Z95);
        let _ = writeln!(
            o,
            "  robot mix {}: games {games}, wins {wins}: win rate {:.1}% [95% CI {:.1}%, {:.1}%]",
            mix.name(),
            100.0 * wins as f64 / games as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    o
}

/// The summary as text.
pub fn text(label: &str, s: &Summary) -> String {
    let (lo, hi) = s.interval();
    let mut o = String::new();
    let _ = writeln!(o, "{label}");
    let _ = writeln!(
        o,
        "  games {} (skipped lines {}), wins {}: win rate {:.1}% [95% CI {:.1}%, {:.1}%] vs seat share {}{}",
        s.games,
        s.skipped,
        s.wins,
        100.0 * s.rate(),
        100.0 * lo,
        100.0 * hi,
        share_text(s.seat_share()),
        if s.tables.len() > 1 {
            " (mean over the games' player counts)"
        } else {
            ""
        }
    );
    // Lines of more than one board or player count: each on its own line, as the one rate
    // above mixes games of different seat shares.
    if s.tables.len() > 1 {
        o.push_str(&table_text(s));
    }
    let _ = writeln!(
        o,
        "  avg points {:.2} (best opponent {:.2}), avg turns {:.1}",
        s.avg_points, s.avg_best_opponent, s.avg_turns
    );
    let _ = writeln!(
        o,
        "  decision latency: median p50 {:.1} ms, worst p95 {:.1} ms, max {:.1} ms",
        s.latency_p50_ms, s.latency_p95_max_ms, s.latency_max_ms
    );
    if let Some((games, median, min, max)) = s.iterations {
        let _ = writeln!(
            o,
            "  search iterations per decision ({games} games): median p50 {median}, fewest {min}, most {max}"
        );
    }
    let _ = writeln!(
        o,
        "  forced end-turns {}, forced discards {}, rejected requests {}, mirror mismatches {}",
        s.forced_end_turns, s.forced_discards, s.rejected_requests, s.mirror_mismatches
    );
    if s.late_replies > 0 {
        let _ = writeln!(
            o,
            "  late server replies {} (after the reply timeout, waited for: a loaded server)",
            s.late_replies
        );
    }
    let t = s.trades;
    if t.iter().any(|&n| n > 0) {
        let _ = writeln!(
            o,
            "  trades: offers made {} (accepted {}), offers received {} (we accepted {}, {} too late), bank/port trades {}",
            t[0], t[1], t[2], t[3], t[5], t[4]
        );
    }
    if s.repeated > 0 {
        let _ = writeln!(
            o,
            "  WARNING: {} repeated arena game lines left out (a shard's results read twice?)",
            s.repeated
        );
    }
    // Stock robots by kind; any other player (arena agents, other bots) by name.
    let mut kinds: Vec<String> = ["smart", "fast"]
        .iter()
        .filter_map(|k| {
            let (g, w) = s
                .opponents
                .iter()
                .filter(|o| robot_kind(&o.0) == *k)
                .fold((0, 0), |a, o| (a.0 + o.1, a.1 + o.2));
            (g > 0).then(|| format!("{k}: {g} seats, {w} wins"))
        })
        .collect();
    kinds.extend(
        s.opponents
            .iter()
            .filter(|o| robot_kind(&o.0) == "other")
            .map(|(name, g, w)| format!("{name}: {g} seats, {w} wins")),
    );
    let _ = writeln!(o, "  opponents met: {}", kinds.join("; "));
    o
}

/// The results files that `paths` name: a file as given, a folder as every `*.jsonl` file
/// below it (recursively, in path order; links to folders are not followed).
///
/// # Errors
/// When a path or a folder below it cannot be read.
pub fn result_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
        let mut entries = std::fs::read_dir(dir)?
            .map(|e| e.map(|e| e.path()))
            .collect::<std::io::Result<Vec<_>>>()?;
        entries.sort();
        for path in entries {
            if std::fs::symlink_metadata(&path)?.is_dir() {
                walk(&path, out)?;
            } else if path.extension().is_some_and(|e| e == "jsonl") && path.is_file() {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        if std::fs::metadata(p)?.is_dir() {
            walk(p, &mut out)?;
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Reads the files and folders `paths` name (see [`result_files`]) and summarizes all their
/// lines together; also returns the files read.
///
/// # Errors
/// When a path cannot be read, naming it.
pub fn summarize_paths(paths: &[PathBuf]) -> Result<(Summary, Vec<PathBuf>), String> {
    let (text, files) = read_paths(paths)?;
    Ok((summarize(&text), files))
}

/// The lines of every results file that `paths` name (see [`result_files`]), joined; also
/// returns the files read.
///
/// # Errors
/// When a path cannot be read, naming it.
pub fn read_paths(paths: &[PathBuf]) -> Result<(String, Vec<PathBuf>), String> {
    let files = result_files(paths).map_err(|e| {
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        format!("{}: {e}", names.join(" "))
    })?;
    let mut text = String::new();
    for f in &files {
        let t = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        text.push_str(&t);
        text.push('\n');
    }
    Ok((text, files))
}

/// Two arms of an arena run played on the same seeds (`arena --seed S`, the same game
/// numbers, the same board and players): each arena game (`arena~SEED~GAME`) found in both,
/// won by both, by the first
/// arm only, by the second only, or by neither. Real-server games do not pair (their names
/// repeat across runs) and are left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Paired {
    /// Arena games finished in both arms.
    pub games: usize,
    /// Won in both arms.
    pub both: usize,
    /// Won by the first arm only.
    pub first_only: usize,
    /// Won by the second arm only.
    pub second_only: usize,
    /// Finished arena games of one arm without a partner in the other.
    pub unpaired: usize,
}

impl Paired {
    /// The first arm's win rate less the second's, over the paired games.
    pub fn difference(&self) -> f64 {
        (self.first_only as f64 - self.second_only as f64) / self.games.max(1) as f64
    }

    /// McNemar's exact test: the two-sided probability, were both arms equally strong, of a
    /// split of the discordant games at least as uneven as the one seen (binomial, p = 1/2).
    pub fn mcnemar_p(&self) -> f64 {
        let n = self.first_only + self.second_only;
        let k = self.first_only.min(self.second_only);
        // P(X <= k) for X ~ Binomial(n, 1/2), term by term in logs.
        let mut log_term = -(n as f64) * std::f64::consts::LN_2; // C(n, 0) / 2^n
        let mut tail = 0.0;
        for i in 0..=k {
            if i > 0 {
                log_term += ((n - i + 1) as f64).ln() - (i as f64).ln();
            }
            tail += log_term.exp();
        }
        (2.0 * tail).min(1.0)
    }
}

/// Pairs the arena games of two arms by game name, board and player count (see [`Paired`]).
pub fn paired(first: &str, second: &str) -> Paired {
    fn wins(text: &str) -> std::collections::HashMap<(String, String, usize), bool> {
        text.lines()
            .filter_map(|l| ResultRecord::from_line(l).ok())
            .filter(|r| r.game.starts_with("arena~"))
            .filter_map(|r| {
                let (seat, _) = r.final_points()?;
                Some((arena_key(&r), r.winner == Some(seat)))
            })
            .collect()
    }
    let (a, b) = (wins(first), wins(second));
    let mut p = Paired::default();
    for (game, &won_a) in &a {
        let Some(&won_b) = b.get(game) else {
            p.unpaired += 1;
            continue;
        };
        p.games += 1;
        match (won_a, won_b) {
            (true, true) => p.both += 1,
            (true, false) => p.first_only += 1,
            (false, true) => p.second_only += 1,
            (false, false) => {}
        }
    }
    p.unpaired += b.keys().filter(|g| !a.contains_key(*g)).count();
    p
}

/// [`Paired`] as text: the counts, the difference in points and McNemar's p.
pub fn paired_text(first: &str, second: &str, p: &Paired) -> String {
    format!(
        "paired by arena game: {} games in both ({} without a partner)\n  \
         won by both {}, only by {first} {}, only by {second} {}, by neither {}\n  \
         difference {:+.1} points; McNemar exact two-sided p = {}\n",
        p.games,
        p.unpaired,
        p.both,
        p.first_only,
        p.second_only,
        p.games - p.both - p.first_only - p.second_only,
        100.0 * p.difference(),
        p_text(p.mcnemar_p()),
    )
}

/// Two independent arms compared (a real-server A/B: other games in each arm): the first
/// arm's win rate less the second's, its 95% interval (Newcombe) and Fisher's exact p.
pub fn versus_text(first: &str, second: &str, a: &Summary, b: &Summary) -> String {
    let (wa, na, wb, nb) = (a.wins as u64, a.games as u64, b.wins as u64, b.games as u64);
    let (lo, hi) = difference_interval(wa, na, wb, nb, Z95);
    format!(
        "{first} against {second} (independent games): {wa} of {na} against {wb} of {nb}\n  \
         difference {:+.1} points [95% CI {:+.1}, {:+.1}]; Fisher exact two-sided p = {}\n",
        100.0 * (a.rate() - b.rate()),
        100.0 * lo,
        100.0 * hi,
        p_text(fisher_exact_p(wa, na, wb, nb)),
    )
}

/// A probability to three decimals, or in scientific notation below 0.001 (where three
/// decimals would print a lopsided run's p as 0.000).
fn p_text(p: f64) -> String {
    if p < 0.001 {
        format!("{p:.1e}")
    } else {
        format!("{p:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINES: &str = r#"{"game":"~botsOnly~3","seat":2,"players":[{"name":"robot 3","points":10},{"name":"droid 1","points":4},{"name":"catanbot","points":7},{"name":"robot 4","points":5}],"winner":0,"won":false,"turns":60,"decisions":80,"latency_ms":{"p50":3.0,"p95":40.0,"max":90.0},"forced_end_turns":0,"forced_discards":0,"rejected_requests":1,"mirror_mismatches":0,"end":"deleted"}
{"game":"~botsOnly~2","seat":1,"players":[{"name":"robot 3","points":6},{"name":"catanbot","points":10},{"name":"robot 2","points":8},{"name":"droid 1","points":3}],"winner":1,"won":true,"turns":50,"decisions":70,"latency_ms":{"p50":5.0,"p95":30.0,"max":120.0},"forced_end_turns":1,"forced_discards":0,"rejected_requests":0,"mirror_mismatches":0,"end":"deleted","trades":{"offers_made":4,"offers_accepted":1,"offers_received":6,"offers_we_accepted":2,"bank_trades":3}}
{"game":"~botsOnly~1","seat":0,"players":[{"name":"catanbot","points":null}],"winner":null}
not json
"#;

    fn arena_line(game: usize, won: bool) -> String {
        let winner = if won { 0 } else { 1 };
        format!(
            r#"{{"game":"arena~9~{game}","seat":0,"players":[{{"name":"a","points":7}},{{"name":"b","points":7}},{{"name":"c","points":7}},{{"name":"d","points":7}}],"winner":{winner},"won":{won},"turns":60,"decisions":80,"latency_ms":{{"p50":1.0,"p95":2.0,"max":3.0}},"forced_end_turns":0,"forced_discards":0,"rejected_requests":0,"mirror_mismatches":0,"end":"over"}}"#
        )
    }

    #[test]
    fn paired_counts_each_game_by_name_and_tests_the_discordant_ones() {
        // Games 0-9 in both arms: 3 won by both, 5 by the first only, 1 by the second only,
        // 1 by neither; game 10 only in the first arm, game 11 only in the second.
        let first_wins = [
            true, true, true, true, true, true, true, true, false, false, true,
        ];
        let second_wins = [
            true, true, true, false, false, false, false, false, true, false,
        ];
        let mut a: Vec<String> = (0..11).map(|g| arena_line(g, first_wins[g])).collect();
        a.push("not json".to_string());
        let mut b: Vec<String> = (0..10).map(|g| arena_line(g, second_wins[g])).collect();
        b.push(arena_line(11, true));
        b.reverse(); // order does not matter
        let p = paired(&a.join("\n"), &b.join("\n"));
        assert_eq!(
            p,
            Paired {
                games: 10,
                both: 3,
                first_only: 5,
                second_only: 1,
                unpaired: 2
            }
        );
        assert!((p.difference() - 0.4).abs() < 1e-12);
        // Exact: 2 * (1 + 6) / 64 for 1 of 6 discordant games.
        assert!(
            (p.mcnemar_p() - 14.0 / 64.0).abs() < 1e-12,
            "{}",
            p.mcnemar_p()
        );
        let text = paired_text("A", "B", &p);
        assert!(text.contains("only by A 5, only by B 1"), "{text}");
        assert!(text.contains("+40.0 points"), "{text}");
    }

    #[test]
    fn mcnemar_p_is_one_for_an_even_split_and_small_for_a_lopsided_one() {
        let even = Paired {
            games: 100,
            both: 40,
            first_only: 10,
            second_only: 10,
            unpaired: 0,
        };
        assert_eq!(even.mcnemar_p(), 1.0);
        let lopsided = Paired {
            first_only: 30,
            second_only: 5,
            ..even
        };
        // Two-sided exact binomial for 5 of 35: 2 * 384,168 / 2^35, about 2.24e-5.
        let p = lopsided.mcnemar_p();
        assert!(
            (p - 2.0 * 384_168.0 / 34_359_738_368.0).abs() < 1e-12,
            "{p}"
        );
        assert_eq!(Paired::default().mcnemar_p(), 1.0);
        let text = paired_text("A", "B", &lopsided);
        assert!(text.contains("p = 2.2e-5"), "{text}");
        assert!(paired_text("A", "B", &even).contains("p = 1.000"));
    }

    #[test]
    fn summary_counts_finished_games_only() {
        let s = summarize(LINES);
        assert_eq!(s.games, 2);
        assert_eq!(s.skipped, 2);
        assert_eq!(s.wins, 1);
        assert!((s.avg_points - 8.5).abs() < 1e-9);
        assert!((s.avg_best_opponent - 9.0).abs() < 1e-9);
        assert_eq!(s.forced_end_turns, 1);
        assert_eq!(s.rejected_requests, 1);
        assert_eq!(s.latency_max_ms, 120.0);
        let robot3 = s.opponents.iter().find(|o| o.0 == "robot 3").unwrap();
        assert_eq!((robot3.1, robot3.2), (2, 1));
        let t = text("x", &s);
        assert!(t.contains("smart: 4 seats, 1 wins"), "{t}");
        assert!(t.contains("fast: 2 seats, 0 wins"), "{t}");
        assert_eq!(s.trades, [4, 1, 6, 2, 3, 0]);
        assert!(t.contains("offers made 4 (accepted 1)"), "{t}");
        assert_eq!(s.late_replies, 0);
        assert!(!t.contains("late server replies"), "{t}");
        // Late replies (a field written only when not 0) are summed and shown.
        let late = LINES.replacen(
            r#""mirror_mismatches":0"#,
            r#""mirror_mismatches":0,"late_replies":3"#,
            1,
        );
        let s = summarize(&late);
        assert_eq!(s.late_replies, 3);
        assert!(text("x", &s).contains("late server replies 3"));
    }

    /// A finished real-server game: our bot `us` in seat 1, the opponents in seats 0, 2, 3.
    fn mix_line(game: usize, us: &str, opponents: [&str; 3], won: bool) -> String {
        let names = [opponents[0], us, opponents[1], opponents[2]];
        let players: Vec<String> = names
            .iter()
            .map(|n| format!(r#"{{"name":"{n}","points":5}}"#))
            .collect();
        let winner = if won { 1 } else { 0 };
        format!(
            r#"{{"game":"~botsOnly~{game}","seat":1,"players":[{}],"winner":{winner},"won":{won},"turns":60,"decisions":80,"latency_ms":{{"p50":1.0,"p95":2.0,"max":3.0}},"forced_end_turns":0,"forced_discards":0,"rejected_requests":0,"mirror_mismatches":0,"end":"over"}}"#,
            players.join(",")
        )
    }

    #[test]
    fn games_are_split_by_the_robot_mix_of_their_opponents() {
        assert_eq!(Mix::of(["robot 3", "robot 101", "robot 7"]), Mix::Smart);
        assert_eq!(Mix::of(["droid 1", "droid 102", "droid 2"]), Mix::Fast);
        assert_eq!(Mix::of(["robot 3", "droid 1", "robot 4"]), Mix::Mixed);
        assert_eq!(Mix::of(["robot 3", "alice", "droid 1"]), Mix::Other);
        assert_eq!(Mix::of(["robotic", "robot 2", "robot 4"]), Mix::Other);
        assert_eq!(Mix::of([]), Mix::Other);
        // Our own seat never counts: a bot of ours named like a person leaves the mix smart.
        let lines = [
            mix_line(1, "abbot", ["robot 101", "robot 3", "robot 102"], true),
            mix_line(2, "abbot", ["robot 104", "robot 105", "robot 4"], true),
            mix_line(3, "abbot", ["robot 106", "robot 3", "robot 2"], false),
            mix_line(4, "abbot", ["droid 101", "droid 1", "droid 103"], false),
            mix_line(5, "abbot", ["robot 101", "droid 1", "robot 102"], true),
            mix_line(6, "abbot", ["alice", "robot 2", "robot 3"], false),
            // Unfinished: no final points, not counted anywhere.
            r#"{"game":"~botsOnly~7","seat":0,"players":[{"name":"abbot","points":null}],"winner":null}"#.to_string(),
        ];
        let s = summarize(&lines.join("\n"));
        assert_eq!((s.games, s.wins), (6, 3));
        assert_eq!(s.mixes, [(3, 2), (1, 0), (1, 1), (1, 0)]);
        let (lo, hi) = wilson_interval(2, 3, Z95);
        let t = mix_text(&s);
        assert_eq!(
            t.lines().next().unwrap(),
            format!(
                "  robot mix smart: games 3, wins 2: win rate 66.7% [95% CI {:.1}%, {:.1}%]",
                100.0 * lo,
                100.0 * hi
            )
        );
        assert_eq!(t.lines().count(), 4, "{t}");
        assert!(
            t.contains("robot mix fast: games 1, wins 0: win rate 0.0%"),
            "{t}"
        );
        assert!(
            t.contains("robot mix mixed: games 1, wins 1: win rate 100.0%"),
            "{t}"
        );
        assert!(t.contains("robot mix other: games 1, wins 0"), "{t}");
        // A mix met in no game gets no line.
        let smart_only = summarize(&lines[..3].join("\n"));
        assert_eq!(mix_text(&smart_only).lines().count(), 1);
        // The split adds up to the whole.
        let (g, w) = s.mixes.iter().fold((0, 0), |a, m| (a.0 + m.0, a.1 + m.1));
        assert_eq!((g, w), (s.games, s.wins));
    }

    /// A finished arena game on `board` with `points` per seat (`None`: vacant), our seat 0.
    fn table_line(game: usize, board: &str, points: &[Option<i32>], winner: usize) -> String {
        let players: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(i, p)| match p {
                Some(p) => format!(r#"{{"name":"a{i}","points":{p}}}"#),
                None => r#"{"name":null,"points":null}"#.to_string(),
            })
            .collect();
        let vacant: Vec<String> = points
            .iter()
            .enumerate()
            .filter(|(_, p)| p.is_none())
            .map(|(i, _)| i.to_string())
            .collect();
        let board = if board == CLASSIC {
            String::new()
        } else {
            format!(r#""board":"{board}","#)
        };
        let vacant = if vacant.is_empty() {
            String::new()
        } else {
            format!(r#""vacant":[{}],"#, vacant.join(","))
        };
        format!(
            r#"{{"game":"arena~1~{game}","seat":0,{board}{vacant}"players":[{}],"winner":{winner},"turns":60,"end":"over"}}"#,
            players.join(",")
        )
    }

    #[test]
    fn six_player_games_have_a_one_in_six_seat_share_and_the_seated_opponents() {
        let six = [Some(10), Some(4), Some(5), Some(9), Some(6), Some(7)];
        let lines: Vec<String> = (0..6)
            .map(|g| table_line(g, "6-player", &six, if g < 2 { 0 } else { 3 }))
            .collect();
        let s = summarize(&lines.join("\n"));
        assert_eq!((s.games, s.wins, s.skipped), (6, 2, 0));
        assert!((s.seat_share() - 1.0 / 6.0).abs() < 1e-12);
        assert!((s.avg_best_opponent - 9.0).abs() < 1e-12);
        assert_eq!(s.opponents.len(), 5);
        assert!(s.opponents.iter().all(|o| o.1 == 6), "{:?}", s.opponents);
        let t = text("six", &s);
        assert!(t.contains("win rate 33.3% ["), "{t}");
        assert!(t.contains("vs seat share 16.7%\n"), "{t}");
        assert!(!t.contains("board,"), "one table: no split\n{t}");
        // Five players, seat 5 vacant: 1/5, and the vacant seat is nobody met.
        let five = [Some(10), Some(4), Some(5), Some(9), Some(6), None];
        let s = summarize(&table_line(0, "6-player", &five, 0));
        assert_eq!((s.games, s.wins), (1, 1));
        assert!(text("five", &s).contains("vs seat share 20%\n"));
        assert_eq!(s.opponents.len(), 4);
        assert!(s.opponents.iter().all(|o| o.0 != "?"), "{:?}", s.opponents);
    }

    #[test]
    fn lines_of_several_boards_and_player_counts_are_split_by_them() {
        let classic = [Some(10), Some(4), Some(5), Some(9)];
        let three = [Some(10), Some(4), Some(5), None];
        let six = [Some(10), Some(4), Some(5), Some(9), Some(6), Some(7)];
        let five = [Some(10), Some(4), Some(5), Some(9), Some(6), None];
        let mut lines = Vec::new();
        // Classic 4 players: 4 games, 2 won. Classic 3: 2 games, 1 won. Six: 6, 1. Five: 3, 0.
        for g in 0..4 {
            lines.push(table_line(g, CLASSIC, &classic, if g < 2 { 0 } else { 1 }));
        }
        for g in 4..6 {
            lines.push(table_line(g, CLASSIC, &three, if g < 5 { 0 } else { 2 }));
        }
        for g in 6..12 {
            lines.push(table_line(g, "6-player", &six, if g < 7 { 0 } else { 4 }));
        }
        for g in 12..15 {
            lines.push(table_line(g, "6-player", &five, 1));
        }
        let s = summarize(&lines.join("\n"));
        assert_eq!((s.games, s.wins), (15, 4));
        let tables: Vec<(&str, usize, usize, usize)> = s
            .tables
            .iter()
            .map(|t| (t.board.as_str(), t.players, t.games, t.wins))
            .collect();
        assert_eq!(
            tables,
            [
                (CLASSIC, 3, 2, 1),
                (CLASSIC, 4, 4, 2),
                ("6-player", 5, 3, 0),
                ("6-player", 6, 6, 1)
            ]
        );
        let want = (2.0 / 3.0 + 4.0 / 4.0 + 3.0 / 5.0 + 6.0 / 6.0) / 15.0;
        assert!((s.seat_share() - want).abs() < 1e-12);
        let t = text("mixed", &s);
        assert!(
            t.contains(&format!(
                "vs seat share {:.1}% (mean over the games' player counts)\n",
                100.0 * want
            )),
            "{t}"
        );
        let (lo, hi) = wilson_interval(1, 6, Z95);
        assert!(
            t.contains(&format!(
                "  6-player board, 6 players: games 6, wins 1: win rate 16.7% [95% CI {:.1}%, {:.1}%] vs seat share 16.7%\n",
                100.0 * lo,
                100.0 * hi
            )),
            "{t}"
        );
        assert!(
            t.contains("  classic board, 3 players: games 2, wins 1: win rate 50.0%"),
            "{t}"
        );
        assert!(t.contains("vs seat share 33.3%\n"), "{t}");
        assert_eq!(t.matches(" board, ").count(), 4, "{t}");
        // The split adds up to the whole.
        let (g, w) = s
            .tables
            .iter()
            .fold((0, 0), |a, t| (a.0 + t.games, a.1 + t.wins));
        assert_eq!((g, w), (s.games, s.wins));
    }

    #[test]
    fn folders_are_read_recursively_and_merged() {
        let root = std::env::temp_dir().join(format!("catan-bench-merge-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let (a, b) = LINES.split_at(LINES.find('\n').unwrap() + 1);
        std::fs::create_dir_all(root.join("run/shard-2")).unwrap();
        std::fs::write(root.join("run/one.jsonl"), a).unwrap();
        std::fs::write(root.join("run/shard-2/results.jsonl"), b).unwrap();
        std::fs::write(root.join("run/shard-2/summary.txt"), "not results").unwrap();
        let (merged, files) = summarize_paths(&[root.join("run")]).unwrap();
        assert_eq!(files.len(), 2, "{files:?}");
        assert_eq!(merged, summarize(LINES));
        assert!(summarize_paths(&[root.join("missing")]).is_err());
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn arena_games_of_one_seed_on_other_tables_are_not_repeats() {
        let classic = [Some(10), Some(4), Some(5), Some(9)];
        let six = [Some(10), Some(4), Some(5), Some(9), Some(6), Some(7)];
        let five = [Some(10), Some(4), Some(5), Some(9), Some(6), None];
        // Game 0 of seed 1 on three tables, and the six-player one read twice.
        let lines = [
            table_line(0, CLASSIC, &classic, 0),
            table_line(0, "6-player", &six, 0),
            table_line(0, "6-player", &five, 1),
            table_line(0, "6-player", &six, 0),
        ];
        let s = summarize(&lines.join("\n"));
        assert_eq!((s.games, s.wins, s.repeated), (3, 2, 1));
        assert_eq!(s.tables.len(), 3);
        // Pairing matches a game with the same game of the same table only.
        let p = paired(&lines[..2].join("\n"), &lines[1..3].join("\n"));
        assert_eq!((p.games, p.both, p.unpaired), (1, 1, 2));
    }

    #[test]
    fn a_repeated_arena_game_is_counted_once() {
        let line = r#"{"game":"arena~5~3","seat":0,"players":[{"name":"a","points":10},{"name":"b","points":2},{"name":"c","points":3},{"name":"d","points":4}],"winner":0,"turns":40}"#;
        let s = summarize(&format!("{line}\n{line}\n"));
        assert_eq!((s.games, s.wins, s.repeated), (1, 1, 1));
        let t = text("x", &s);
        assert!(t.contains("repeated arena game"), "{t}");
        assert!(t.contains("b: 1 seats, 0 wins"), "{t}");
    }

    #[test]
    fn search_iterations_are_summarized_where_reported() {
        assert_eq!(summarize(LINES).iterations, None);
        let with = LINES
            .lines()
            .zip([
                r#"{"p50":9000,"min":150,"max":12000}"#,
                r#"{"p50":7000,"min":900,"max":8000}"#,
            ])
            .map(|(l, it)| {
                l.replacen(
                    r#""forced_end_turns""#,
                    &format!(r#""iterations":{it},"forced_end_turns""#),
                    1,
                )
            })
            .collect::<Vec<_>>()
            .join("\n");
        let s = summarize(&with);
        assert_eq!(s.iterations, Some((2, 9000, 150, 12000)));
        assert!(text("x", &s).contains("median p50 9000, fewest 150, most 12000"));
    }
}
