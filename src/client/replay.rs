//! `catan-bot replay`: feeds a transcript's server lines through the mirror and compares the
//! mirror with the server's own figures (data checks, final scores). Imports
//! `jsettlers_protocol` and the client's mirror; std I/O only.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use jsettlers_protocol::transcript::{parse_lines, Direction};
use jsettlers_protocol::Message;
use tracing::{info_span, warn};

use super::mirror::{Mirror, MirrorStats};
use super::versions;

/// Server states in which the current player decides (guide §6.2).
const DECISION_STATES: [i32; 12] = [5, 6, 10, 11, 15, 20, 33, 40, 41, 51, 52, 53];

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
    /// Decision points of the recording seat where no valid engine state could be built.
    pub view_errors: u32,
    /// Decision points checked.
    pub views: u32,
    /// The server's version number (its recorded VERSION line, else [`versions::ASSUMED`]).
    pub server_version: i32,
}

impl ReplayedGame {
    /// Whether the mirror agreed with every server figure.
    pub fn is_clean(&self) -> bool {
        self.stats.mismatches == 0 && self.view_errors == 0
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
            "{} seat {} [{}] points mirror {:?} server {:?} data-checks {} mismatches {} (data-check {}) bad {} views {} view-errors {}",
            self.game,
            self.seat.map_or("-".to_owned(), |s| s.to_string()),
            names.join(", "),
            self.mirrored.map(|m| m.to_vec()).unwrap_or_default(),
            self.server.clone().unwrap_or_default(),
            self.stats.data_checks,
            self.stats.mismatches,
            self.stats.data_check_mismatches,
            self.stats.bad_messages,
            self.views,
            self.view_errors,
        )
    }
}

/// Replays the server lines of one transcript's text; one entry per game the robot was
/// invited to. `nickname` comes from the robot's own IMAROBOT line when present.
pub fn replay_text(text: &str) -> Vec<ReplayedGame> {
    let mut nickname: Option<String> = None;
    // The server's release, from its VERSION line (recorded first since the client knows it).
    let mut server_version = versions::ASSUMED;
    let mut games: BTreeMap<String, (Mirror, u32, u32)> = BTreeMap::new();
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
        if let Message::Version(m) = &msg {
            server_version = m.version;
        }
        if let Message::BotJoinGameRequest(m) = &msg {
            let mut mirror = Mirror::new(&m.game);
            mirror.nickname = nickname.clone();
            mirror.server_version = server_version;
            games.insert(m.game.clone(), (mirror, 0, 0));
        }
        if let Some(g) = msg.game() {
            if let Some((mirror, views, errors)) = games.get_mut(g) {
                // Mirror warnings name the transcript line they come from.
                let _line = info_span!("line", line_no).entered();
                mirror.apply(&msg);
                // Wherever the recording robot had to decide, the engine must accept the
                // mirror's description (the client builds its View the same way).
                if matches!(msg, Message::GameState(_) | Message::Turn(_))
                    && mirror.me.is_some()
                    && mirror.current == mirror.me
                    && DECISION_STATES.contains(&mirror.state)
                {
                    *views += 1;
                    if let Err(e) = mirror.view() {
                        warn!(line_no, game = g, error = %e, "no valid view at a decision point");
                        *errors += 1;
                    }
                }
            }
        }
    }
    games
        .into_values()
        .map(|(m, views, view_errors)| ReplayedGame {
            game: m.game.clone(),
            seat: m.me.map(|s| s.index()),
            names: m.names.clone(),
            mirrored: m.mirrored_final,
            server: m.final_scores.clone(),
            stats: m.stats(),
            views,
            view_errors,
            server_version: m.server_version,
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
