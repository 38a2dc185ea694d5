//! `catan-bot arena`: in-process games between four agents ([`crate::arena`]), reported as a
//! table or JSON, and optionally one result record per game.

use std::path::PathBuf;

use crate::agent::AgentSpec;
use crate::arena::{self, report, ArenaConfig};

/// Arguments of `catan-bot arena`.
#[derive(clap::Args)]
pub struct Args {
    /// Four agent specs, comma-separated: NAME[:key=value,...] with NAME one of random,
    /// heuristic, plain-uct, vw-uct, mp-uct, mp-ensemble-uct, mpt-ensemble-uct and keys
    /// iterations, budget, trees, threads, c, time-ms, seed, vw, trade, setup. Separate the
    /// specs with `/` instead of `,` when they carry keys, e.g. `mpt-ensemble-uct:iterations=1000,trees=4/heuristic/heuristic/heuristic`.
    #[arg(long, default_value = "mpt-ensemble-uct/heuristic/heuristic/heuristic")]
    pub agents: String,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Master seed (random if not given; printed either way).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Play only shard K of N (1 <= K <= N) of the `--games` games: a contiguous block of
    /// game numbers. Game g's board, dice and agent seeds depend only on the master seed and
    /// g, so the N shards together are exactly the unsharded run.
    #[arg(long, value_name = "K/N", default_value = "1/1")]
    pub shard: arena::Shard,
    /// Write one JSON line per game to this file (replaced if it exists), in `play
    /// --results` form from agent 0's seat; `summarize` merges such files.
    #[arg(long)]
    pub results: Option<PathBuf>,
}

/// Splits the `--agents` list: on `/` when present, else on `,`.
fn split_agents(list: &str) -> Vec<&str> {
    let sep = if list.contains('/') { '/' } else { ',' };
    list.split(sep)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// Plays the games; 2 for bad arguments or an unwritable results file, 1 when writing a
/// result line failed.
pub fn run(args: Args) -> i32 {
    let names = split_agents(&args.agents);
    if names.len() != 4 {
        eprintln!("--agents needs exactly four specs, got {}", names.len());
        return 2;
    }
    let mut agents = Vec::new();
    for n in &names {
        match n.parse::<AgentSpec>() {
            Ok(s) => agents.push(s),
            Err(e) => {
                eprintln!("--agents: {e}");
                return 2;
            }
        }
    }
    let Some(seed) = args.seed.or_else(|| {
        if args.shard == arena::Shard::WHOLE {
            Some(arena::random_seed())
        } else {
            None
        }
    }) else {
        eprintln!("--shard needs --seed: every shard must play the same run");
        return 2;
    };
    let config = ArenaConfig {
        agents,
        games: args.games,
        seed,
        threads: args.threads,
        rules: Default::default(),
    };
    let specs: Vec<String> = config.agents.iter().map(|a| a.to_string()).collect();
    let games = args.shard.games(config.games);
    let part = if args.shard == arena::Shard::WHOLE {
        String::new()
    } else {
        format!(
            " (shard {}: games {}..{})",
            args.shard, games.start, games.end
        )
    };
    eprintln!(
        "arena: {} games{part}, seed {seed}, {} thread(s); agents: {}",
        config.games,
        config.threads,
        specs.join(" | ")
    );
    let results = match &args.results {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => Some(std::sync::Mutex::new(f)),
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return 2;
            }
        },
        None => None,
    };
    let write_failed = std::sync::atomic::AtomicBool::new(false);
    let start = std::time::Instant::now();
    let total = games.len();
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let every = (total / 20).max(1);
    let records = arena::run_games(&config, games, |done, rec| {
        if let Some(file) = &results {
            use std::io::Write as _;
            let line = report::result_record(rec, &specs, seed).to_line() + "\n";
            let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
            if let Err(e) = file.write_all(line.as_bytes()) {
                if !write_failed.swap(true, std::sync::atomic::Ordering::Relaxed) {
                    eprintln!("--results: {e}");
                }
            }
        }
        if !tty && done % every != 0 && done != total {
            return;
        }
        let w = rec
            .winner
            .map_or("none".to_string(), |w| format!("agent {w}"));
        let line = format!(
            "[{done}/{total}] game {} won by {w} in {} turns ({:.0}s elapsed)",
            rec.game,
            rec.turns,
            start.elapsed().as_secs_f64()
        );
        if tty {
            eprint!("\r{line}   ");
        } else {
            eprintln!("{line}");
        }
    });
    eprintln!();
    if args.json {
        println!("{}", report::json(&specs, &records, seed));
    } else {
        print!("{}", report::text(&specs, &records));
    }
    if write_failed.into_inner() {
        return 1;
    }
    0
}
