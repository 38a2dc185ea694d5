//! `catan-bot replay`: feeds a transcript's server lines through the mirror and compares the
//! mirror with the server's own figures (data checks, final scores). Imports
//! `jsettlers_protocol` and the client's mirror; std I/O only.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use jsettlers_protocol::transcript::{parse_lines, Direction};
use jsettlers_protocol::Message;
use tracing::warn;

use super::mirror::{Mirror, MirrorStats};

/// One game of a transcript, replayed.
#[derive(Clone, Debug)]
pub struct ReplayedGame {
    /// Game name.
    pub game: String,
    /// The recording robot's seat.
    pub seat: Option<usize>,
    /// Nicknames by seat.
    pub names: [Option<String>; 4],
    /// Mirrored total VP at GAMESTATS.
    pub mirrored: Option<[i32; 4]>,
    /// GAMESTATS final VP.
    pub server: Option<Vec<i32>>,
    /// Mirror counters.
    pub stats: MirrorStats,
}

impl ReplayedGame {
    /// Whether the mirror agreed with every server figure.
    pub fn is_clean(&self) -> bool {
        self.stats.mismatches == 0
    }
}

impl fmt::Display for ReplayedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self
            .names
            .iter()
            .map(|n| n.as_deref().unwrap_or("-"))
            .collect();
        write!(
            f,
            "{} seat {} [{}] points mirror {:?} server {:?} data-checks {} mismatches {} (data-check {}) bad {}",
            self.game,
            self.seat.map_or("-".to_owned(), |s| s.to_string()),
            names.join(", "),
            self.mirrored.map(|m| m.to_vec()).unwrap_or_default(),
            self.server.clone().unwrap_or_default(),
            self.stats.data_checks,
            self.stats.mismatches,
            self.stats.data_check_mismatches,
            self.stats.bad_messages,
        )
    }
}

/// Replays the server lines of one transcript's text; one entry per game the robot was
/// invited to. `nickname` comes from the robot's own IMAROBOT line when present.
pub fn replay_text(text: &str) -> Vec<ReplayedGame> {
    let mut nickname: Option<String> = None;
    let mut games: BTreeMap<String, Mirror> = BTreeMap::new();
    for (line_no, line) in parse_lines(text) {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                warn!(line_no, error = %e, "bad transcript line");
                continue;
            }
        };
        let msg = match Message::parse(&line.text) {
            Ok(m) => m,
            Err(e) => {
                warn!(line_no, error = %e, "unparsable message");
                continue;
            }
        };
        if line.direction == Direction::ToServer {
            if let Message::ImARobot(m) = &msg {
                nickname = Some(m.nickname.clone());
            }
            continue;
        }
        if let Message::BotJoinGameRequest(m) = &msg {
            let mut mirror = Mirror::new(&m.game);
            mirror.nickname = nickname.clone();
            games.insert(m.game.clone(), mirror);
        }
        if let Some(g) = msg.game() {
            if let Some(mirror) = games.get_mut(g) {
                mirror.apply(&msg);
            }
        }
    }
    games
        .into_values()
        .map(|m| ReplayedGame {
            game: m.game.clone(),
            seat: m.me.map(|s| s.index()),
            names: m.names.clone(),
            mirrored: m.mirrored_final,
            server: m.final_scores.clone(),
            stats: m.stats(),
        })
        .collect()
}

/// `catan-bot replay FILE...`: prints one line per file and game; returns the exit status
/// (0 when every mirror agreed with every server figure, 1 otherwise, 2 on unreadable files).
pub fn run(files: &[impl AsRef<Path>]) -> i32 {
    let mut status = 0;
    for file in files {
        let file = file.as_ref();
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                println!("{}: cannot read: {e}", file.display());
                status = 2;
                continue;
            }
        };
        let games = replay_text(&text);
        if games.is_empty() {
            println!("{}: no game", file.display());
        }
        for g in games {
            let verdict = if g.is_clean() { "OK" } else { "DIFF" };
            println!("{}: {g} {verdict}", file.display());
            if !g.is_clean() && status == 0 {
                status = 1;
            }
        }
    }
    status
}
