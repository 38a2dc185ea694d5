//! How much of each seat's production the robber blocks, from recorded real games.
//!
//! Usage: `cargo run --release --example robber_share -- REC.log...` (`play --record`
//! transcripts). For each classic game, over the recording robot's decision points after the
//! initial placements: the share of the time the robber stood on one of its hexes, and per
//! seat the pips the robber's hex takes from it (a city twice) over its total pips. One line
//! a recording: `PATH me=SEAT won=0|1 n=DECISIONS onme=SHARE B0 B1 B2 B3` (the winner: the
//! most points in the server's final statistics); then the mean shares over the finished
//! 4-player games: ours in the games we won and lost, the winner's in those we lost, the
//! other seats'. Only the mirrored state is read, as `catan-bot replay` rebuilds it.
use catan_bot::client::replay::replay_views;
use catan_bot::game::{pips, Classic, Shape};

fn main() {
    // (sum, count) of: our share in wins, in losses, the winner's in our losses, the rest.
    let mut means = [(0f64, 0u32); 4];
    let mut add = |k: usize, v: f64| {
        means[k].0 += v;
        means[k].1 += 1;
    };
    for path in std::env::args().skip(1) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("{path}: unreadable");
            continue;
        };
        let (mut n, mut me, mut on_me) = (0u32, 0usize, 0u32);
        let (mut blocked, mut total) = ([0f64; 6], [0f64; 6]);
        let replay = replay_views(&text, |_, v| {
            let s = &v.state;
            if s.phase().is_initial() {
                return;
            }
            me = v.me.index();
            n += 1;
            let h = s.robber();
            let ns = Classic::topology().hex_node_set[h.index()];
            let pip = match s.board().hex_resource[h.index()] {
                Some(_) => f64::from(pips(s.board().hex_number[h.index()])),
                None => 0.0,
            };
            for seat in s.seats() {
                let at = (s.settlements(seat) & ns).len() + 2 * (s.cities(seat) & ns).len();
                total[seat.index()] += f64::from(s.production(seat).iter().sum::<u16>());
                blocked[seat.index()] += at as f64 * pip;
                on_me += u32::from(seat == v.me && at > 0);
            }
        });
        let Some(points) = replay
            .games
            .iter()
            .find(|g| g.over)
            .and_then(|g| g.server.clone())
        else {
            continue;
        };
        if n == 0 || points.len() != 4 {
            continue;
        }
        let winner = (0..4).max_by_key(|&i| points[i]).unwrap_or(0);
        let share: Vec<f64> = (0..4).map(|i| blocked[i] / total[i].max(1.0)).collect();
        let won = winner == me;
        let mut line = format!(
            "{path} me={me} won={} n={n} onme={:.3}",
            u8::from(won),
            f64::from(on_me) / f64::from(n)
        );
        for (i, v) in share.iter().enumerate() {
            line += &format!(" {v:.3}");
            if i == me {
                add(usize::from(!won), *v);
            } else if i == winner {
                add(2, *v);
            } else {
                add(3, *v);
            }
        }
        println!("{line}");
    }
    let mean = |k: usize| means[k].0 / f64::from(means[k].1.max(1));
    println!(
        "blocked share: us in wins {:.3} ({}), us in losses {:.3} ({}), the winner in our losses {:.3}, other seats {:.3}",
        mean(0),
        means[0].1,
        mean(1),
        means[1].1,
        mean(2),
        mean(3)
    );
}
