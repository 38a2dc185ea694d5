//! `catan-bot perf`: engine and playout throughput on one thread ([`crate::perf::engine`]), and
//! optionally the decision latency of a search agent ([`crate::perf::search`]), with checksums.

use crate::agent::AgentSpec;
use crate::perf::engine::{self, PerfReport};
use crate::perf::search::{bench_search, midgame_positions};

/// Arguments of `catan-bot perf`.
#[derive(clap::Args)]
pub struct Args {
    /// Random-policy games to play (seeds 0..N).
    #[arg(long, default_value_t = 1000)]
    pub games: u32,
    /// Heuristic playouts from the fixed mid-game position.
    #[arg(long, default_value_t = 20000)]
    pub playouts: u32,
    /// Also time search decisions of this agent spec from mid-game positions (all cores),
    /// at each iteration count of `--iterations`.
    #[arg(long)]
    pub search: Option<String>,
    /// Iteration budgets for `--search`, comma-separated.
    #[arg(long, default_value = "1000,10000")]
    pub iterations: String,
    /// Mid-game positions for `--search`.
    #[arg(long, default_value_t = 40)]
    pub positions: usize,
}

/// Measures and prints; 2 for a bad `--search` spec or `--iterations` list.
pub fn run(args: Args) -> i32 {
    print(&engine::run(args.games, args.playouts));
    match &args.search {
        Some(spec) => search(spec, &args.iterations, args.positions),
        None => 0,
    }
}

/// Prints a report. Rates are per CPU second of the one thread (on an idle machine that is
/// also per wall second; the wall times are printed too).
/// One measurement's line: `runs` of `what` taking `steps` engine steps in `cpu` (and `wall`)
/// seconds, as rates per CPU second.
fn rates(label: &str, what: &str, (runs, steps): (u64, u64), (cpu, wall): (f64, f64)) {
    println!(
        "{label}: {runs} {what}, {steps} steps, cpu {cpu:.3} s (wall {wall:.3} s): {:.0} {what}/s, {:.2} M steps/s, {:.0} steps/{}",
        runs as f64 / cpu,
        steps as f64 / cpu / 1e6,
        steps as f64 / runs.max(1) as f64,
        what.trim_end_matches('s'),
    );
}

fn print(r: &PerfReport) {
    println!("catan-bot perf (one thread, fixed seeds; rates per CPU second)");
    rates(
        "random-policy games",
        "games",
        (r.games.into(), r.game_steps),
        (r.game_cpu_secs, r.game_secs),
    );
    println!("  winners by seat (last = none): {:?}", r.game_winners);
    rates(
        "heuristic playouts from the mid-game position",
        "playouts",
        (r.playouts.into(), r.playout_steps),
        (r.playout_cpu_secs, r.playout_secs),
    );
    println!("  winners by seat (last = none): {:?}", r.playout_winners);
    println!("checksum: {:016x}", r.checksum());
}

/// Times decisions of `spec` at each budget of `iterations` from `positions` positions.
fn search(spec: &str, iterations: &str, positions: usize) -> i32 {
    let base: AgentSpec = match spec.parse() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("--search: {e}");
            return 2;
        }
    };
    let pos = midgame_positions(positions, 2024);
    println!(
        "search latency from {} mid-game positions ({} cores available):",
        pos.len(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for it in iterations.split(',').filter(|s| !s.trim().is_empty()) {
        let Ok(n) = it.trim().parse::<u64>() else {
            eprintln!("--iterations: bad number `{it}`");
            return 2;
        };
        let mut spec = base.clone();
        spec.iterations = n;
        let b = bench_search(&spec, &pos, 7);
        println!(
            "  {}: p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms, {:.0} iterations a decision, {:.0} iterations/s wall, {} iterations per CPU second, checksum {:016x}",
            b.spec,
            b.quantile(0.5),
            b.quantile(0.95),
            b.quantile(1.0),
            b.iterations as f64 / pos.len().max(1) as f64,
            b.iterations_per_sec(),
            b.iterations_per_cpu_sec()
                .map_or("?".to_string(), |r| format!("{r:.0}")),
            b.checksum
        );
    }
    0
}
