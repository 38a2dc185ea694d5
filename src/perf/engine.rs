//! Fixed-seed, one-thread throughput of the engine and of playouts, with a checksum (steps,
//! winners) that must not change when behaviour must not.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::cpu::{CpuScope, Stopwatch};
use crate::agent::playout::{playout, HeuristicPolicy, UniformPolicy};
use crate::game::{Board, Phase, Rules, Seat, State};

/// Wall and CPU seconds of a run of `f` on this thread (CPU time is the wall time where it
/// cannot be read).
fn timed(f: impl FnOnce()) -> (f64, f64) {
    let watch = Stopwatch::start(CpuScope::Thread);
    f();
    let wall = watch.wall_secs();
    (wall, watch.cpu_secs().unwrap_or(wall))
}

/// Step cap per random game (random games always end far sooner in practice).
pub const MAX_GAME_STEPS: u32 = 200_000;

/// What one perf run measured.
#[derive(Clone, Debug, PartialEq)]
pub struct PerfReport {
    /// Random-policy games played.
    pub games: u32,
    /// Their total steps (actions applied).
    pub game_steps: u64,
    /// Wall time for the games, seconds.
    pub game_secs: f64,
    /// CPU time for the games, seconds (wall time where unavailable).
    pub game_cpu_secs: f64,
    /// Winner counts per seat over the games (index 4 = no winner within the cap).
    pub game_winners: [u32; 5],
    /// Heuristic playouts run from the fixed mid-game position.
    pub playouts: u32,
    /// Their total steps.
    pub playout_steps: u64,
    /// Wall time for the playouts, seconds.
    pub playout_secs: f64,
    /// CPU time for the playouts, seconds (wall time where unavailable).
    pub playout_cpu_secs: f64,
    /// Winner counts per seat over the playouts.
    pub playout_winners: [u32; 5],
}

impl PerfReport {
    /// A single number summarising the behaviour (not the speed) of the run.
    pub fn checksum(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| {
            h ^= x;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        mix(self.game_steps);
        mix(self.playout_steps);
        for w in self.game_winners.iter().chain(&self.playout_winners) {
            mix(*w as u64);
        }
        h
    }
}

/// The fixed mid-game position: seed 2024, heuristic play until a player first has 6 points
/// at the start of a turn.
pub fn mid_game_position() -> State {
    let mut rng = SmallRng::seed_from_u64(2024);
    loop {
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let mut policy = HeuristicPolicy;
        let mid =
            |st: &State| st.phase() == Phase::RollOrCard && st.seats().any(|s| st.total_vp(s) >= 6);
        while !st.is_over() && !mid(&st) {
            playout(&mut st, &mut policy, &mut rng, 1);
        }
        if !st.is_over() {
            return st;
        }
    }
}

/// Runs `games` random-policy games (seeds 0..games) and `playouts` heuristic playouts
/// from [`mid_game_position`] (rng seed 7).
pub fn run(games: u32, playouts: u32) -> PerfReport {
    let mut r = PerfReport {
        games,
        game_steps: 0,
        game_secs: 0.0,
        game_cpu_secs: 0.0,
        game_winners: [0; 5],
        playouts,
        playout_steps: 0,
        playout_secs: 0.0,
        playout_cpu_secs: 0.0,
        playout_winners: [0; 5],
    };
    let (wall, cpu) = timed(|| {
        for seed in 0..games as u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut st = State::new(
                Board::random(&mut rng),
                Rules::default(),
                Seat::new(seed as usize % 4),
            );
            let res = playout(&mut st, &mut UniformPolicy, &mut rng, MAX_GAME_STEPS);
            r.game_steps += res.steps as u64;
            r.game_winners[res.winner.map_or(4, |w| w.index())] += 1;
        }
    });
    (r.game_secs, r.game_cpu_secs) = (wall, cpu);

    let start = mid_game_position();
    let mut rng = SmallRng::seed_from_u64(7);
    let (wall, cpu) = timed(|| {
        for _ in 0..playouts {
            let mut st = start.clone();
            let res = playout(&mut st, &mut HeuristicPolicy, &mut rng, MAX_GAME_STEPS);
            r.playout_steps += res.steps as u64;
            r.playout_winners[res.winner.map_or(4, |w| w.index())] += 1;
        }
    });
    (r.playout_secs, r.playout_cpu_secs) = (wall, cpu);
    r
}
