//! `catan-bot arena`: in-process games between agents ([`crate::arena`]) on the classic board
//! (2–4 players), the 6-player board (5 or 6) or their sea boards, reported as a table or JSON, and optionally
//! one result record per game.

use std::path::PathBuf;

use crate::agent::AgentSpec;
use crate::arena::{self, report, ArenaConfig};

/// Arguments of `catan-bot arena`.
#[derive(clap::Args)]
pub struct Args {
    /// One agent spec per player, comma-separated: NAME[:key=value,...] with NAME one of
    /// random, heuristic, plain-uct, vw-uct, mp-uct, mp-ensemble-uct, mpt-ensemble-uct and keys
    /// iterations, budget, trees, threads, c, time-ms, seed, vw, trade, setup, ships (sea boards: `land`, the default, or `all`), settle (`0`: run every iteration, not stop once the move is settled), cards (`1`: development card moves beside the cities and settlements in the tree), answers (`stock`: offers answered closer to the stock robot, by the heuristic and in a search's model of the others; `lenient`, the default). Separate the
    /// specs with `/` instead of `,` when they carry keys, e.g. `mpt-ensemble-uct:iterations=1000,trees=4/heuristic/heuristic/heuristic`.
    /// Fewer specs than players: the last one takes the remaining seats (`mpt-ensemble-uct/heuristic`
    /// with `--players 6` is one search against five heuristics). Default: mpt-ensemble-uct
    /// against heuristics.
    #[arg(long)]
    pub agents: Option<String>,
    /// The board: `classic` (4 seats), `six` (the 6-player board: 6 seats, 30 hexes, the
    /// 34-card deck, the Special Building Phase), `sea` (the server's sea board without a
    /// scenario: 4 seats, ships, the pirate, gold hexes) or `sea6` (its 6-player board).
    #[arg(long, default_value = "classic", value_name = "classic|six|sea|sea6")]
    pub board: crate::arena::BoardKind,
    /// Players per game: 2 to 4 on the classic and sea boards, 5 or 6 on the 6-player ones (default:
    /// every seat of the board). Seats rotate over the players; with fewer players than seats
    /// the last seats are vacant (5 players on the 6-player board: seat 5).
    #[arg(long)]
    pub players: Option<usize>,
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

/// The spec of each of `players` players from the `--agents` list: as given, the last one
/// repeated for the remaining seats; without a list, mpt-ensemble-uct against heuristics.
fn seated_specs(list: Option<&str>, players: usize) -> Result<Vec<String>, String> {
    let mut names: Vec<String> = match list {
        Some(list) => split_agents(list).into_iter().map(String::from).collect(),
        None => vec!["mpt-ensemble-uct".into(), "heuristic".into()],
    };
    if names.len() > players {
        return Err(format!(
            "{} specs for {players} players (give --players, or fewer specs)",
            names.len()
        ));
    }
    let last = names.last().cloned().ok_or("no agent spec given")?;
    names.resize(players, last);
    Ok(names)
}

/// Plays the games; 2 for bad arguments or an unwritable results file, 1 when writing a
/// result line failed.
pub fn run(args: Args) -> i32 {
    let players = args.players.unwrap_or(args.board.seats());
    let range = args.board.players();
    if !range.contains(&players) {
        eprintln!(
            "--players: the {} board takes {} to {} players, not {players}",
            args.board,
            range.start(),
            range.end()
        );
        return 2;
    }
    let names = match seated_specs(args.agents.as_deref(), players) {
        Ok(names) => names,
        Err(e) => {
            eprintln!("--agents: {e}");
            return 2;
        }
    };
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
        layout: args.board,
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
    let table =
        report::table_line(config.layout, players).map_or(String::new(), |t| format!("; {t}"));
    eprintln!(
        "arena: {} games{part}, seed {seed}, {} thread(s){table}; agents: {}",
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
        println!("{}", report::json(config.layout, &specs, &records, seed));
    } else {
        print!("{}", report::text(config.layout, &specs, &records));
    }
    if write_failed.into_inner() {
        return 1;
    }
    0
}
