//! The `catan-bot` command line.
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "catan-bot",
    version,
    about = "MPT-EnsembleUCT robot for JSettlers2"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check transcripts: count messages per type, report lines that do not parse or re-encode.
    Decode {
        /// Transcript files (`< ` / `> ` lines, shared/protocol/README.md format).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Play as a robot on a JSettlers2 server until Ctrl-C (or `--games` finished games).
    Play(PlayArgs),
    /// Feed transcripts' server lines through the client's mirror; one line per game, exit 1
    /// if any mirrored figure disagrees with the server's (data checks, final scores).
    Replay {
        /// Transcript files (`< ` / `> ` lines, shared/protocol/README.md format).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Play in-process games between four agents (no server) and report win rates.
    Arena(ArenaArgs),
    /// Summarize `play --results` and `arena --results` files: win rate with its 95% interval,
    /// points, latency, forced turns, refusals, opponents met.
    Summarize {
        /// Results files (JSON lines) and folders (every `*.jsonl` below them, e.g. the
        /// shards of a run), all summarized together.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// A heading for the summary.
        #[arg(long, default_value = "results")]
        label: String,
    },
    /// Draw the win-rate bar chart (SVG) of several runs, paper style.
    Chart {
        /// Runs as LABEL=RESULTS (a `.jsonl` file or a folder of them; a `|` in LABEL breaks
        /// the line).
        #[arg(required = true)]
        runs: Vec<String>,
        /// Output SVG file.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Chart title.
        #[arg(long, default_value = "Win rate vs three JSettlers robots")]
        title: String,
    },
    /// Engine and playout throughput on one core, with a behaviour checksum.
    Perf {
        /// Random-policy games to play (seeds 0..N).
        #[arg(long, default_value_t = 1000)]
        games: u32,
        /// Heuristic playouts from the fixed mid-game position.
        #[arg(long, default_value_t = 20000)]
        playouts: u32,
        /// Also time search decisions of this agent spec from mid-game positions (all cores),
        /// at each iteration count of `--iterations`.
        #[arg(long)]
        search: Option<String>,
        /// Iteration budgets for `--search`, comma-separated.
        #[arg(long, default_value = "1000,10000")]
        iterations: String,
        /// Mid-game positions for `--search`.
        #[arg(long, default_value_t = 40)]
        positions: usize,
    },
}

#[derive(clap::Args)]
struct PlayArgs {
    /// Server address, HOST:PORT.
    #[arg(long)]
    server: String,
    /// The server's robot cookie (jsettlers.bots.cookie).
    #[arg(long)]
    cookie: String,
    /// Nickname (a number is appended if it is taken).
    #[arg(long, default_value = "catanbot")]
    name: String,
    /// Agent spec, NAME[:key=value,...] (see `arena --help`). The default is the robot we
    /// announce: MPT-EnsembleUCT at the paper's 10,000 iterations (57% against three stock
    /// robots, README); add `,trade=1` for player trading.
    #[arg(long, default_value = "mpt-ensemble-uct:iterations=10000")]
    agent: String,
    /// Append one JSON line per finished game to this file.
    #[arg(long)]
    results: Option<std::path::PathBuf>,
    /// Write one transcript per game into this directory.
    #[arg(long)]
    record: Option<std::path::PathBuf>,
    /// Stop after this many finished games.
    #[arg(long)]
    games: Option<u32>,
    /// Play at most this many games at once; further invitations are declined (the robot
    /// joins and leaves at once, freeing the seat; JSettlers 2.7.00 was seen to leave such a
    /// game waiting rather than invite another robot).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    max_games_at_once: Option<u32>,
    /// Agent budget per decision in milliseconds (the server forces a turn after 8 s idle).
    #[arg(long, default_value_t = 3000)]
    decision_ms: u64,
    /// Robot class name sent to the server (anything but soc.robot.SOCRobotBrain).
    #[arg(long, default_value = catan_bot::client::ROBOT_CLASS)]
    robot_class: String,
    /// Pace for people watching: before each action wait about as long as a stock JSettlers
    /// robot does in a normal game (0.5-2.5 s; 1.5 s before ending a turn), while searching,
    /// and never so long that the server's 8 s turn timer could end the turn. Answers to trade
    /// offers wait 3.5 s. Meant for servers whose robots pause normally (fast_pause_percent 100).
    #[arg(long)]
    pace: bool,
}

#[derive(clap::Args)]
struct ArenaArgs {
    /// Four agent specs, comma-separated: NAME[:key=value,...] with NAME one of random,
    /// heuristic, plain-uct, vw-uct, mp-uct, mp-ensemble-uct, mpt-ensemble-uct and keys
    /// iterations, trees, threads, c, time-ms, seed, vw. Separate the specs with `/` instead
    /// of `,` when they carry keys, e.g. `mpt-ensemble-uct:iterations=1000,trees=4/heuristic/heuristic/heuristic`.
    #[arg(long, default_value = "mpt-ensemble-uct/heuristic/heuristic/heuristic")]
    agents: String,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Master seed (random if not given; printed either way).
    #[arg(long)]
    seed: Option<u64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Play only shard K of N (1 <= K <= N) of the `--games` games: a contiguous block of
    /// game numbers. Game g's board, dice and agent seeds depend only on the master seed and
    /// g, so the N shards together are exactly the unsharded run.
    #[arg(long, value_name = "K/N", default_value = "1/1")]
    shard: catan_bot::arena::Shard,
    /// Write one JSON line per game to this file (replaced if it exists), in `play
    /// --results` form from agent 0's seat; `summarize` merges such files.
    #[arg(long)]
    results: Option<std::path::PathBuf>,
}

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Command::Decode { files } => std::process::exit(decode(&files)),
        Command::Arena(args) => std::process::exit(arena(args)),
        Command::Play(args) => std::process::exit(play(args)),
        Command::Replay { files } => {
            init_tracing();
            std::process::exit(catan_bot::client::replay::run(&files))
        }
        Command::Summarize { files, label } => std::process::exit(summarize(&files, &label)),
        Command::Chart { runs, out, title } => std::process::exit(chart(&runs, &out, &title)),
        Command::Perf {
            games,
            playouts,
            search,
            iterations,
            positions,
        } => {
            catan_bot::perf::engine::print(&catan_bot::perf::engine::run(games, playouts));
            if let Some(spec) = search {
                std::process::exit(perf_search(&spec, &iterations, positions));
            }
        }
    }
}

/// Runs `decode` over `paths`, printing to stdout (problems and unreadable files too).
///
/// Returns the process exit status: 0 if every line passed, 1 if any line failed a check,
/// 2 if a file could not be read.
fn decode(paths: &[std::path::PathBuf]) -> i32 {
    let mut report = jsettlers_protocol::transcript::decode::DecodeReport::default();
    let mut unreadable = false;
    for path in paths {
        match std::fs::read_to_string(path) {
            Ok(contents) => report.add_transcript(path, &contents),
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                unreadable = true;
            }
        }
    }
    let stdout = std::io::stdout();
    // A closed stdout (e.g. piped into `head`) must not turn into a panic.
    let _ = report.print(&mut stdout.lock());
    if unreadable {
        2
    } else if report.problems.is_empty() {
        0
    } else {
        1
    }
}

/// Splits the `--agents` list: on `/` when present, else on `,`.
fn split_agents(list: &str) -> Vec<&str> {
    let sep = if list.contains('/') { '/' } else { ',' };
    list.split(sep)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

fn arena(args: ArenaArgs) -> i32 {
    use catan_bot::agent::AgentSpec;
    use catan_bot::arena::{self, report, ArenaConfig};

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

fn perf_search(spec: &str, iterations: &str, positions: usize) -> i32 {
    use catan_bot::agent::AgentSpec;
    use catan_bot::perf::search::{bench_search, midgame_positions};

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
            "  {}: p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms, {:.0} iterations/s wall, {} iterations per CPU second, checksum {:016x}",
            b.spec,
            b.quantile(0.5),
            b.quantile(0.95),
            b.quantile(1.0),
            b.iterations_per_sec(),
            b.iterations_per_cpu_sec()
                .map_or("?".to_string(), |r| format!("{r:.0}")),
            b.checksum
        );
    }
    0
}

fn summarize(paths: &[std::path::PathBuf], label: &str) -> i32 {
    match catan_bot::report::summary::summarize_paths(paths) {
        Ok((s, files)) => {
            eprintln!("summarize: {} results file(s) read", files.len());
            print!("{}", catan_bot::report::summary::text(label, &s));
            0
        }
        Err(e) => {
            eprintln!("{e}");
            2
        }
    }
}

fn chart(runs: &[String], out: &std::path::Path, title: &str) -> i32 {
    use catan_bot::report::chart::{svg, Bar};
    use catan_bot::report::summary::summarize_paths;
    let mut bars = Vec::new();
    for run in runs {
        let Some((label, file)) = run.split_once('=') else {
            eprintln!("run `{run}`: expected LABEL=FILE");
            return 2;
        };
        match summarize_paths(&[file.into()]) {
            Ok((summary, _)) => bars.push(Bar {
                label: label.replace('|', "\n"),
                summary,
            }),
            Err(e) => {
                eprintln!("{e}");
                return 2;
            }
        }
    }
    if let Err(e) = std::fs::write(out, svg(title, &bars)) {
        eprintln!("{}: {e}", out.display());
        return 2;
    }
    println!("wrote {}", out.display());
    0
}

/// Logs to stderr, in colour only when stderr is a terminal; `RUST_LOG` filters (default
/// `info`).
fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}

fn play(args: PlayArgs) -> i32 {
    use catan_bot::client::{self, shutdown, ClientConfig};
    init_tracing();
    let spec = match args.agent.parse::<catan_bot::agent::AgentSpec>() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("--agent: {e}");
            return 2;
        }
    };
    if let Err(e) = client::check_server(&args.server) {
        eprintln!("{e}");
        return 2;
    }
    if let Some(dir) = &args.record {
        if let Err(e) = client::check_record_dir(dir) {
            eprintln!("{e}");
            return 2;
        }
    }
    let mut config = ClientConfig::new(&args.server, &args.cookie, &args.name, spec);
    config.results = args.results;
    config.record = args.record;
    config.games = args.games;
    config.max_games_at_once = args.max_games_at_once.map(|n| n as usize);
    config.decision_ms = args.decision_ms;
    config.robot_class = args.robot_class;
    config.pace = args.pace;
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return 1;
        }
    };
    runtime.block_on(async {
        let (trigger, stop) = shutdown::channel();
        let on_signal = trigger.clone();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                tracing::info!("Ctrl-C: stopping");
                on_signal.trigger();
            }
        });
        match client::run(config, trigger, stop).await {
            Ok(s) => {
                println!(
                    "finished {} unfinished {} failed {} won {} forced-end-turns {} rejected {} mismatches {}",
                    s.finished,
                    s.unfinished,
                    s.failed,
                    s.won,
                    s.forced_end_turns,
                    s.rejected_requests,
                    s.mirror_mismatches
                );
                0
            }
            Err(e) => {
                eprintln!("{e}");
                1
            }
        }
    })
}
