//! In-process games between agents, no server: seeded boards, seats rotated, games spread over
//! threads. Uses `game` and `agent`; [`report`] turns the games into summaries and result
//! records (through `crate::report`). No tokio.

pub mod report;

use std::ops::Range;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::agent::heuristic::heuristic_action;
use crate::agent::tracker::Tracker;
use crate::agent::{build, AgentSpec};
use crate::game::{Action, Board, Phase, Rules, Seat, State};
use crate::report::record::TradeCounts;

/// Actions after which a game is abandoned as a draw (no winner).
pub const MAX_GAME_ACTIONS: u32 = 30_000;

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The four agents, by index; agent `i` sits in seat `(i + game) % 4`.
    pub agents: Vec<AgentSpec>,
    /// Games to play.
    pub games: usize,
    /// Master seed: game `g` uses board and dice seed `seed + g`.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Rule options.
    pub rules: Rules,
}

/// One finished game, seen per agent index (not per seat).
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Game number.
    pub game: usize,
    /// The seat of each agent.
    pub seat_of: [usize; 4],
    /// The winning agent, or `None` when the game hit [`MAX_GAME_ACTIONS`].
    pub winner: Option<usize>,
    /// Final victory points of each agent.
    pub vp: [u8; 4],
    /// Turns played (the winner's turn included).
    pub turns: u32,
    /// Decisions each agent made.
    pub decisions: [u32; 4],
    /// Seconds each agent spent deciding, each decision's time in order.
    pub decision_secs: [Vec<f64>; 4],
    /// Decisions of each agent that were illegal and replaced by the heuristic's move.
    pub illegal: [u32; 4],
    /// What each agent traded, counted from the actions applied (`accepts_too_late` stays 0:
    /// the arena has no race between answers).
    pub trades: [TradeCounts; 4],
}

/// Counts the trade in `action`, played by agent `who` from `before` to `after`, into
/// `trades`: an offer made (and received by every addressee still to answer), an offer
/// accepted (by `who`, of its offerer), a bank or port trade.
fn count_trade(
    trades: &mut [TradeCounts; 4],
    agent_at: &[usize; 4],
    who: usize,
    action: Action,
    before: &State,
    after: &State,
) {
    match action {
        Action::OfferTrade(_) => {
            trades[who].offers_made += 1;
            if let Some(p) = after.pending_offer() {
                for s in after.seats().filter(|s| p.waiting & (1 << s.index()) != 0) {
                    trades[agent_at[s.index()]].offers_received += 1;
                }
            }
        }
        Action::AcceptOffer => {
            trades[who].offers_we_accepted += 1;
            if let Some(p) = before.pending_offer() {
                trades[agent_at[p.from.index()]].offers_accepted += 1;
            }
        }
        Action::BankTrade { .. } => trades[who].bank_trades += 1,
        _ => {}
    }
}

/// Plays game `game` of `config` to the end.
pub fn play_game(config: &ArenaConfig, game: usize) -> GameRecord {
    let seed = config.seed.wrapping_add(game as u64);
    let mut rng = SmallRng::seed_from_u64(seed);
    let board = Board::random(&mut rng);
    let mut state = State::new(board, config.rules, Seat::new(0));
    let mut tracker = Tracker::new(&state);
    let seat_of: [usize; 4] = std::array::from_fn(|i| (i + game) % 4);
    let mut agent_at = [0usize; 4];
    for (i, &s) in seat_of.iter().enumerate() {
        agent_at[s] = i;
    }
    let mut agents: Vec<_> = config
        .agents
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let mut spec = spec.clone();
            let base = spec.seed.unwrap_or(config.seed);
            spec.seed = Some(
                base.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .wrapping_add((game * 4 + i) as u64),
            );
            build(&spec)
        })
        .collect();
    let mut decisions = [0u32; 4];
    let mut illegal = [0u32; 4];
    let mut trades = [TradeCounts::default(); 4];
    let mut decision_secs: [Vec<f64>; 4] = Default::default();
    let mut steps = 0;
    while !state.is_over() && steps < MAX_GAME_ACTIONS {
        let seat = state.to_move();
        let who = agent_at[seat.index()];
        let view = tracker.view(&state, seat);
        let t = Instant::now();
        let mut action = if state.phase() == Phase::TradeResponse && !agents[who].answers_offers() {
            Action::DeclineOffer
        } else {
            agents[who].decide(&view, None)
        };
        decision_secs[who].push(t.elapsed().as_secs_f64());
        decisions[who] += 1;
        if !state.is_legal(action) {
            illegal[who] += 1;
            action = heuristic_action(&state, &mut rng);
        }
        let before = state.clone();
        state.apply(action, &mut rng);
        tracker.observe(&before, action, &state);
        count_trade(&mut trades, &agent_at, who, action, &before, &state);
        steps += 1;
    }
    let winner = state.winner().map(|w| agent_at[w.index()]);
    let vp = std::array::from_fn(|i| state.total_vp(Seat::new(seat_of[i])));
    GameRecord {
        game,
        seat_of,
        winner,
        vp,
        turns: state.turn(),
        decisions,
        decision_secs,
        illegal,
        trades,
    }
}

/// Plays every game of `config` on `config.threads` threads and returns the records in game
/// order. `progress` is called after each game with (games done, the record).
pub fn run(config: &ArenaConfig, progress: impl Fn(usize, &GameRecord) + Sync) -> Vec<GameRecord> {
    run_games(config, 0..config.games, progress)
}

/// Plays games `games` of `config` (a shard of the run: game `g` is the same game whatever
/// range it is played in) on `config.threads` threads and returns the records in game order.
/// `progress` is called after each game with (games done in this call, the record), one call
/// at a time.
pub fn run_games(
    config: &ArenaConfig,
    games: Range<usize>,
    progress: impl Fn(usize, &GameRecord) + Sync,
) -> Vec<GameRecord> {
    let next = AtomicUsize::new(games.start);
    let done = Mutex::new(Vec::with_capacity(games.len()));
    std::thread::scope(|s| {
        for _ in 0..config.threads.max(1) {
            s.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games.end {
                    break;
                }
                let rec = play_game(config, g);
                let mut d = done.lock().expect("arena results lock");
                d.push(rec);
                progress(d.len(), d.last().expect("just pushed"));
            });
        }
    });
    let mut records = done.into_inner().expect("arena results lock");
    records.sort_by_key(|r| r.game);
    records
}

/// Shard `index` (1-based) of `count`: a contiguous block of a run's games, so that the `count`
/// shards of a run together play every game exactly once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, 1..=count.
    pub index: usize,
    /// How many shards the run is cut into.
    pub count: usize,
}

impl Shard {
    /// The whole run as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The games of a `total`-game run that this shard plays: `[(k-1)·total/n, k·total/n)`,
    /// so shard sizes differ by one at most.
    pub fn games(&self, total: usize) -> Range<usize> {
        let at = |k: usize| (k as u128 * total as u128 / self.count as u128) as usize;
        at(self.index - 1)..at(self.index)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Parses `K/N` with `1 <= K <= N`.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("shard `{s}`: expected K/N with 1 <= K <= N, e.g. 3/8");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A random master seed, for runs that do not give one.
pub fn random_seed() -> u64 {
    rand::thread_rng().gen()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(agents: &str, games: usize, threads: usize) -> ArenaConfig {
        ArenaConfig {
            agents: agents.split(',').map(|s| s.parse().unwrap()).collect(),
            games,
            seed: 42,
            threads,
            rules: Rules::default(),
        }
    }

    #[test]
    fn seats_rotate_and_every_game_finishes() {
        let cfg = config("heuristic,heuristic,random,heuristic", 8, 2);
        let recs = run(&cfg, |_, _| {});
        assert_eq!(recs.len(), 8);
        for (g, r) in recs.iter().enumerate() {
            assert_eq!(r.game, g);
            assert_eq!(r.seat_of[0], g % 4);
            let w = r.winner.expect("heuristic games end");
            assert!(r.vp[w] >= 10);
            assert_eq!(r.illegal, [0; 4]);
        }
    }

    #[test]
    fn a_seed_fixes_the_games_whatever_the_thread_count() {
        let strip = |v: Vec<GameRecord>| -> Vec<_> {
            v.into_iter()
                .map(|r| (r.winner, r.vp, r.turns, r.decisions))
                .collect()
        };
        let a = strip(run(
            &config("heuristic,random,heuristic,random", 4, 1),
            |_, _| {},
        ));
        let b = strip(run(
            &config("heuristic,random,heuristic,random", 4, 2),
            |_, _| {},
        ));
        assert_eq!(a, b);
    }

    #[test]
    fn shards_cover_every_game_once() {
        for total in [0, 1, 7, 100, 10_001] {
            for count in [1, 2, 3, 8, 16] {
                let mut next = 0;
                for index in 1..=count {
                    let r = Shard { index, count }.games(total);
                    assert_eq!(r.start, next, "shard {index}/{count} of {total}");
                    assert!(r.len() <= total / count + 1);
                    next = r.end;
                }
                assert_eq!(next, total, "{count} shards of {total}");
            }
        }
        assert_eq!("3/8".parse::<Shard>(), Ok(Shard { index: 3, count: 8 }));
        for bad in ["0/4", "5/4", "1", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_shard_plays_the_same_games_as_the_whole_run() {
        let cfg = config("heuristic,random,heuristic,random", 6, 2);
        let whole = run(&cfg, |_, _| {});
        let mut parts = Vec::new();
        for index in 1..=4 {
            parts.extend(run_games(
                &cfg,
                Shard { index, count: 4 }.games(6),
                |_, _| {},
            ));
        }
        let key = |r: &GameRecord| (r.game, r.seat_of, r.winner, r.vp, r.turns, r.decisions);
        assert_eq!(
            whole.iter().map(key).collect::<Vec<_>>(),
            parts.iter().map(key).collect::<Vec<_>>()
        );
    }

    #[test]
    fn trades_are_counted_per_agent_and_reach_the_result_record() {
        let cfg = config(
            "heuristic:trade=1,heuristic:trade=1,heuristic:trade=1,heuristic",
            8,
            2,
        );
        let recs = run(&cfg, |_, _| {});
        let specs: Vec<String> = cfg.agents.iter().map(|a| a.to_string()).collect();
        let mut sum = [TradeCounts::default(); 4];
        for r in &recs {
            for (a, t) in sum.iter_mut().zip(r.trades) {
                *a += t;
            }
            // Every acceptance has an offerer, and an agent accepts only what it received.
            let made: u32 = r.trades.iter().map(|t| t.offers_accepted).sum();
            let taken: u32 = r.trades.iter().map(|t| t.offers_we_accepted).sum();
            assert_eq!(made, taken, "game {}", r.game);
            for t in r.trades {
                assert!(t.offers_we_accepted <= t.offers_received, "{t:?}");
                assert!(t.offers_accepted <= t.offers_made, "{t:?}");
            }
            let line = report::result_record(r, &specs, cfg.seed);
            assert_eq!(line.trades, r.trades[0]);
        }
        // The trading heuristics offer and trade with the bank; the plain one never offers
        // but receives their offers.
        for t in &sum[..3] {
            assert!(t.offers_made > 0 && t.bank_trades > 0, "{sum:?}");
        }
        assert_eq!(sum[3].offers_made, 0, "{sum:?}");
        assert!(sum[3].offers_received > 0, "{sum:?}");
        assert!(
            sum.iter().map(|t| t.offers_accepted).sum::<u32>() > 0,
            "{sum:?}"
        );
    }

    #[test]
    fn heuristic_beats_random() {
        let recs = run(&config("heuristic,random,random,random", 40, 2), |_, _| {});
        let wins = recs.iter().filter(|r| r.winner == Some(0)).count();
        assert!(wins >= 25, "heuristic won only {wins} of 40 against random");
    }
}
