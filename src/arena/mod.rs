//! In-process games between agents, no server: seeded boards, seats rotated, games spread over
//! threads, on the classic board (2–4 players), the 6-player board (5 or 6 players, the
//! Special Building Phase), or the sea boards of the same seat counts. Uses `game` and `agent`; [`report`] turns the games into
//! summaries and result records (through `crate::report`). No tokio.
//!
//! The game loop is generic over the board's [`Shape`]; [`BoardKind`] picks the shape at run
//! time. With `n` players, agent `i` sits in seat `(i + game) % n` of seats `0..n`: the seats
//! from `n` up are vacant (a 5-player game on the 6-player board leaves seat 5 empty; turns
//! skip it as the server skips a vacant seat). Seat 0 places first and moves first.

pub mod report;

/// The board kind the arena plays (the engine's, re-exported for the command line, which
/// names the arena and not the engine).
pub use crate::game::BoardKind;

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
use crate::game::{Action, Board, Classic, Phase, Rules, Sea, Sea6, Seat, Shape, Six, State};
use crate::report::record::TradeCounts;

/// Actions after which a game is abandoned as a draw (no winner).
pub const MAX_GAME_ACTIONS: u32 = 30_000;

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The agents, one per player, by index; with `n` agents, agent `i` sits in seat
    /// `(i + game) % n`.
    pub agents: Vec<AgentSpec>,
    /// The board.
    pub layout: BoardKind,
    /// Games to play.
    pub games: usize,
    /// Master seed: game `g` uses board and dice seed `seed + g`.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Rule options; the seats in play and the Special Building Phase come from the layout
    /// and the number of agents ([`BoardKind::rules`]).
    pub rules: Rules,
}

impl ArenaConfig {
    /// Players per game: one per agent.
    pub fn players(&self) -> usize {
        self.agents.len()
    }

    /// Why the config cannot be played, if it cannot: a player count the layout does not
    /// take.
    pub fn check(&self) -> Result<(), String> {
        let range = self.layout.players();
        if range.contains(&self.players()) {
            Ok(())
        } else {
            Err(format!(
                "the {} board takes {} to {} players, not {}",
                self.layout,
                range.start(),
                range.end(),
                self.players()
            ))
        }
    }
}

/// One finished game, seen per agent index (not per seat): every per-agent field has one
/// entry per agent.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Game number.
    pub game: usize,
    /// The board it was played on.
    pub layout: BoardKind,
    /// The seat of each agent.
    pub seat_of: Vec<usize>,
    /// The winning agent, or `None` when the game hit [`MAX_GAME_ACTIONS`].
    pub winner: Option<usize>,
    /// Final victory points of each agent.
    pub vp: Vec<u8>,
    /// Turns played (the winner's turn included).
    pub turns: u32,
    /// Decisions each agent made.
    pub decisions: Vec<u32>,
    /// Seconds each agent spent deciding, each decision's time in order.
    pub decision_secs: Vec<Vec<f64>>,
    /// Decisions of each agent that were illegal and replaced by the heuristic's move.
    pub illegal: Vec<u32>,
    /// What each agent traded, counted from the actions applied (`accepts_too_late` stays 0:
    /// the arena has no race between answers).
    pub trades: Vec<TradeCounts>,
}

impl GameRecord {
    /// The board's seats that nobody sat in, ascending.
    pub fn vacant(&self) -> Vec<usize> {
        (0..self.layout.seats())
            .filter(|s| !self.seat_of.contains(s))
            .collect()
    }
}

/// Counts the trade in `action`, played by agent `who` from `before` to `after`, into
/// `trades`: an offer made (and received by every addressee still to answer), an offer
/// accepted (by `who`, of its offerer), a bank or port trade.
fn count_trade<S: Shape>(
    trades: &mut [TradeCounts],
    agent_at: &[Option<usize>],
    who: usize,
    action: Action,
    before: &State<S>,
    after: &State<S>,
) {
    match action {
        Action::OfferTrade(_) => {
            trades[who].offers_made += 1;
            if let Some(p) = after.pending_offer() {
                for s in after.seats().filter(|s| p.waiting & (1 << s.index()) != 0) {
                    if let Some(a) = agent_at[s.index()] {
                        trades[a].offers_received += 1;
                    }
                }
            }
        }
        Action::AcceptOffer => {
            trades[who].offers_we_accepted += 1;
            if let Some(p) = before.pending_offer() {
                if let Some(a) = agent_at[p.from.index()] {
                    trades[a].offers_accepted += 1;
                }
            }
        }
        Action::BankTrade { .. } => trades[who].bank_trades += 1,
        _ => {}
    }
}

/// Plays game `game` of `config` to the end.
///
/// # Panics
/// When the config cannot be played ([`ArenaConfig::check`]).
pub fn play_game(config: &ArenaConfig, game: usize) -> GameRecord {
    if let Err(e) = config.check() {
        panic!("arena config: {e}");
    }
    match config.layout {
        BoardKind::Classic => play::<Classic>(config, game, Board::random),
        BoardKind::Six => play::<Six>(config, game, Board::random_six),
        BoardKind::Sea => play::<Sea>(config, game, Board::random_sea),
        BoardKind::Sea6 => play::<Sea6>(config, game, Board::random_sea6),
    }
}

/// [`play_game`] on the board of shape `S`, `board` dealing it from the game's generator.
fn play<S: Shape>(
    config: &ArenaConfig,
    game: usize,
    board: fn(&mut SmallRng) -> Board<S>,
) -> GameRecord {
    let n = config.players();
    let seed = config.seed.wrapping_add(game as u64);
    let mut rng = SmallRng::seed_from_u64(seed);
    let board = board(&mut rng);
    let rules = config.layout.rules(config.rules, n);
    let mut state = State::new(board, rules, Seat::new(0));
    let mut tracker = Tracker::new(&state);
    let seat_of: Vec<usize> = (0..n).map(|i| (i + game) % n).collect();
    let mut agent_at = vec![None; S::SEATS];
    for (i, &s) in seat_of.iter().enumerate() {
        agent_at[s] = Some(i);
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
                    .wrapping_add((game * n + i) as u64),
            );
            build::<S>(&spec)
        })
        .collect();
    let mut decisions = vec![0u32; n];
    let mut illegal = vec![0u32; n];
    let mut trades = vec![TradeCounts::default(); n];
    let mut decision_secs = vec![Vec::new(); n];
    let mut steps = 0;
    while !state.is_over() && steps < MAX_GAME_ACTIONS {
        let seat = state.to_move();
        let who = agent_at[seat.index()].expect("only a seat in play moves");
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
    let winner = state
        .winner()
        .map(|w| agent_at[w.index()].expect("the winner sat in the game"));
    let vp = seat_of
        .iter()
        .map(|&s| state.total_vp(Seat::new(s)))
        .collect();
    GameRecord {
        game,
        layout: config.layout,
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
            layout: BoardKind::Classic,
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
        let key = |r: &GameRecord| {
            (
                r.game,
                r.seat_of.clone(),
                r.winner,
                r.vp.clone(),
                r.turns,
                r.decisions.clone(),
            )
        };
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
            for (a, &t) in sum.iter_mut().zip(&r.trades) {
                *a += t;
            }
            // Every acceptance has an offerer, and an agent accepts only what it received.
            let made: u32 = r.trades.iter().map(|t| t.offers_accepted).sum();
            let taken: u32 = r.trades.iter().map(|t| t.offers_we_accepted).sum();
            assert_eq!(made, taken, "game {}", r.game);
            for t in &r.trades {
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
