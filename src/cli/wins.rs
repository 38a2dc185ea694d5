//! `catan-bot wins`: the certain wins within the turn at the recording seat's decision points
//! of recorded classic games, and whether each was taken in that turn
//! ([`crate::perf::wins`]); and how many of the seat's turns ended with a development card
//! affordable and not bought.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::client::replay::replay_views;
use crate::perf::wins::{move_kind, WinScan};

/// Arguments of `catan-bot wins`.
#[derive(clap::Args)]
pub struct Args {
    /// Transcript files of finished classic games (`play --record`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print one line per game with a win found, not only the totals.
    #[arg(long)]
    pub games: bool,
}

/// Prints the totals (and with `--games` a line per game with a win found); exit 2 when a
/// file cannot be read or holds no finished game.
pub fn run(args: Args) -> i32 {
    super::init_tracing();
    let mut status = 0;
    let (mut games, mut points, mut with_win, mut found_games) = (0u32, 0u32, 0u32, 0u32);
    let (mut taken, mut later_won, mut lost) = (0u32, 0u32, 0u32);
    let mut first_moves: BTreeMap<&str, u32> = BTreeMap::new();
    let (mut total_us, mut max_us) = (0u128, 0u128);
    // Turns ended by choice and those with a card affordable, in games won and lost.
    let mut card_turns = [(0u32, 0u32); 2];
    for file in &args.files {
        let Ok(text) = std::fs::read_to_string(file) else {
            eprintln!("{}: cannot read", file.display());
            status = 2;
            continue;
        };
        let mut scans: BTreeMap<String, WinScan> = BTreeMap::new();
        let replayed = replay_views(&text, |game, view| {
            scans.entry(game.to_owned()).or_default().see(view);
        });
        let mut finished = 0;
        for g in &replayed.games {
            let (Some(_), Some(won)) = (&g.server, g.won()) else {
                continue;
            };
            // Classic games only: the others hand out no views.
            let Some(scan) = scans.remove(&g.game) else {
                continue;
            };
            finished += 1;
            games += 1;
            points += scan.points;
            total_us += scan.total_us;
            max_us = max_us.max(scan.max_us);
            let (ended, affordable) = scan.card_turns(won);
            let c = &mut card_turns[usize::from(won)];
            *c = (c.0 + ended, c.1 + affordable);
            let found = scan.finish(won);
            if found.is_empty() {
                continue;
            }
            found_games += 1;
            with_win += found.len() as u32;
            // The game's first turn with a win decides: taken then, or put off.
            let first = found[0];
            if first.taken {
                taken += 1;
            } else {
                *first_moves.entry(move_kind(first.first)).or_default() += 1;
                if won {
                    later_won += 1;
                } else {
                    lost += 1;
                }
            }
            if args.games {
                println!(
                    "{}: {} turn {} at {} points: {:?} {}",
                    file.display(),
                    g.game,
                    first.turn,
                    first.vp,
                    first.first,
                    if first.taken {
                        "taken"
                    } else if won {
                        "put off, won later"
                    } else {
                        "not taken, lost"
                    }
                );
            }
        }
        if finished == 0 {
            eprintln!("{}: no finished classic game", file.display());
            status = 2;
        }
    }
    println!("finished games: {games}, decision points checked: {points}");
    println!(
        "a certain win within the turn found: {with_win} points in {found_games} games; at the first: taken in {taken}, put off and won later in {later_won}, not taken and lost in {lost}"
    );
    if !first_moves.is_empty() {
        let kinds: Vec<String> = first_moves
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        println!("first moves of the wins not taken: {}", kinds.join(", "));
    }
    let share = |(n, k): (u32, u32)| {
        format!(
            "{k} of {n} ({:.1}%)",
            100.0 * f64::from(k) / f64::from(n.max(1))
        )
    };
    println!(
        "turns ended with a development card affordable and not bought: in games won {}, lost {}",
        share(card_turns[1]),
        share(card_turns[0])
    );
    if points > 0 {
        println!(
            "check time: mean {:.2} ms, max {:.1} ms",
            total_us as f64 / f64::from(points) / 1000.0,
            max_us as f64 / 1000.0
        );
    }
    status
}
