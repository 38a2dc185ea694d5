//! `catan-bot replay`: feeds a transcript's server lines through the mirror and compares the
//! mirror with the server's own figures (data checks, final scores). Imports
//! `jsettlers_protocol` and the client's mirror; std I/O only.
//!
//! A file that holds no transcript line, no game, a game that did not reach game over (unless
//! `--partial`), or a game that reached game over without its final statistics (missing, or a
//! line that does not parse) is an error, on stderr.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use jsettlers_protocol::codes::GameState;
use jsettlers_protocol::transcript::{parse_lines, Direction};
use jsettlers_protocol::Message;
use tracing::{info_span, warn};

use super::logsafe::shown;
use super::mirror::{Mirror, MirrorStats};
use super::options;
use super::versions;
use crate::agent::View;
use crate::game::{BoardKind, Classic, Sea, Sea6, Shape, Six};

/// A game's mirror on its board: the classic, the 6-player or a sea one (from the game's
/// options: `PL` above 4 or `PLB`; `SBL` or a scenario, [`options::board_kind`]).
enum AnyMirror {
    Classic(Box<Mirror>),
    Six(Box<Mirror<Six>>),
    Sea(Box<Mirror<Sea>>),
    Sea6(Box<Mirror<Sea6>>),
}

/// `$body` with `$m` bound to the mirror, whatever its board.
macro_rules! each {
    ($any:expr, $m:ident => $body:expr) => {
        match $any {
            AnyMirror::Classic($m) => $body,
            AnyMirror::Six($m) => $body,
            AnyMirror::Sea($m) => $body,
            AnyMirror::Sea6($m) => $body,
        }
    };
}

impl AnyMirror {
    fn new(game: &str, kind: BoardKind) -> AnyMirror {
        match kind {
            BoardKind::Classic => AnyMirror::Classic(Box::new(Mirror::new(game))),
            BoardKind::Six => AnyMirror::Six(Box::new(Mirror::for_game(game))),
            BoardKind::Sea => AnyMirror::Sea(Box::new(Mirror::for_game(game))),
            BoardKind::Sea6 => AnyMirror::Sea6(Box::new(Mirror::for_game(game))),
        }
    }

    /// An observer's recording has no invitation: the game's rules come from the lobby's
    /// announcement of its options (as far as the engine has them).
    fn observe_options(&mut self, text: &str) {
        fn set<S: Shape>(m: &mut Mirror<S>, text: &str) {
            m.rules = options::parse_rules::<S>(text).0;
        }
        each!(self, m => set(m, text))
    }

    /// At a decision point: whether a view can be built and passes every engine rule.
    fn view_error(&mut self) -> Option<String> {
        fn check<S: Shape>(m: &mut Mirror<S>) -> Option<String> {
            match m.view() {
                Err(e) => Some(format!("no valid view at a decision point: {e}")),
                // The view is built from the model without a check; here every rule of
                // `State::from_setup` must hold for it (less what the server did by its own
                // rule, `Mirror::check`).
                Ok(v) => m
                    .check(&v.state)
                    .err()
                    .map(|e| format!("the view breaks an engine rule: {e}")),
            }
        }
        each!(self, m => check(m))
    }

    fn into_game(self, views: u32, view_errors: u32, over: bool) -> ReplayedGame {
        each!(self, m => ReplayedGame {
            game: m.game.clone(),
            seat: m.me.map(|s| s.index()),
            names: m.names[..m.model().seats().count()].to_vec(),
            mirrored: m.mirrored_final.clone(),
            server: m.final_scores.clone(),
            winner: m.winner().map(|s| s.index()),
            stats: m.stats(),
            views,
            view_errors,
            over,
            server_version: m.server_version,
        })
    }
}

/// One game of a transcript, replayed.
#[derive(Clone, Debug)]
pub struct ReplayedGame {
    /// Game name.
    pub game: String,
    /// The recording robot's seat.
    pub seat: Option<usize>,
    /// Nicknames by seat.
    pub names: Vec<Option<String>>,
    /// Mirrored total VP at GAMESTATS.
    pub mirrored: Option<Vec<i32>>,
    /// GAMESTATS final VP.
    pub server: Option<Vec<i32>>,
    /// The seat that won, as the mirror saw the game end (the player whose turn it was when
    /// the server reached game over: the live client's report names the same seat). Not the
    /// top of the final scores: a seat can stand level with the winner there.
    pub winner: Option<usize>,
    /// Mirror counters.
    pub stats: MirrorStats,
    /// Decision points of the recording seat where no valid engine state could be built.
    pub view_errors: u32,
    /// Decision points checked.
    pub views: u32,
    /// The game reached game over (GAMESTATE 1000).
    pub over: bool,
    /// The server's version number (its recorded VERSION line, else [`versions::ASSUMED`]).
    pub server_version: i32,
}

impl ReplayedGame {
    /// Whether the mirror agreed with every server figure.
    pub fn is_clean(&self) -> bool {
        self.stats.mismatches == 0 && self.view_errors == 0
    }

    /// Whether the recording seat won; `None` while the game has no winner or no seat of ours.
    pub fn won(&self) -> Option<bool> {
        Some(self.winner? == self.seat?)
    }

    /// What makes this game's record unusable: game over without final statistics.
    pub fn problem(&self) -> Option<&'static str> {
        (self.over && self.server.is_none())
            .then_some("game over without final statistics (GAMESTATS missing or malformed)")
    }
}

/// A transcript's games, and how many of its lines were transcript lines at all.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    /// One entry per game the robot was invited to.
    pub games: Vec<ReplayedGame>,
    /// Lines in the transcript format (`< ` / `> `).
    pub lines: usize,
    /// Lines that are not.
    pub bad_lines: usize,
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
            self.mirrored.clone().unwrap_or_default(),
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
    replay(text).games
}

/// [`replay_text`], with the count of lines that were and were not transcript lines.
pub fn replay(text: &str) -> Replay {
    replay_views(text, |_, _| {})
}

/// [`replay`], also handing `at_decision` the game's name and the recording seat's view at
/// each of its decision points in a classic game (the view the client would have searched
/// from; points where no valid view can be built are skipped, and counted as view errors).
pub fn replay_views(text: &str, mut at_decision: impl FnMut(&str, &View<Classic>)) -> Replay {
    let mut nickname: Option<String> = None;
    // The server's release, from its VERSION line (recorded first since the client knows it).
    let mut server_version = versions::ASSUMED;
    let mut games: BTreeMap<String, (AnyMirror, u32, u32, bool)> = BTreeMap::new();
    // The options the lobby announced for each game (NEWGAMEWITHOPTIONS), by name.
    let mut announced: BTreeMap<String, String> = BTreeMap::new();
    let (mut lines, mut bad_lines) = (0, 0);
    for (line_no, line) in parse_lines(text) {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                bad_lines += 1;
                if bad_lines <= 3 {
                    warn!(line_no, error = %shown(&e.to_string()), "bad transcript line");
                }
                continue;
            }
        };
        lines += 1;
        let msg = match Message::parse(&line.text) {
            Ok(m) => m,
            Err(e) => {
                warn!(line_no, error = %shown(&e.to_string()), "unparsable message");
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
        if let Message::NewGameWithOptions(m) = &msg {
            announced.insert(m.game.clone(), m.options.clone());
        }
        let lobby = |g: &str| announced.get(g).map(String::as_str);
        let joined = match &msg {
            Message::BotJoinGameRequest(m) => {
                let mut kind = options::board_kind(&m.options);
                if kind == BoardKind::Classic {
                    kind = lobby(&m.game).map_or(kind, options::board_kind);
                }
                Some((&m.game, kind, None))
            }
            // An observer's recording: the game starts at the join's acceptance.
            Message::JoinGameAuth(m) if !games.contains_key(&m.game) => {
                let options = lobby(&m.game);
                let kind = options.map_or(BoardKind::Classic, options::board_kind);
                Some((&m.game, kind, options.map(str::to_owned)))
            }
            _ => None,
        };
        if let Some((game, kind, observed)) = joined {
            let mut mirror = AnyMirror::new(game, kind);
            each!(&mut mirror, m => {
                m.nickname = nickname.clone();
                m.server_version = server_version;
            });
            if let Some(o) = observed {
                mirror.observe_options(&o);
            }
            games.insert(game.clone(), (mirror, 0, 0, false));
        }
        if let Some(g) = msg.game() {
            if let Some((mirror, views, errors, over)) = games.get_mut(g) {
                // Mirror warnings name the transcript line they come from.
                let _line = info_span!("line", line_no).entered();
                let decides = each!(&mut *mirror, m => {
                    m.apply(&msg);
                    *over |= m.is_over();
                    m.me.is_some()
                        && m.current() == m.me
                        && m.server_state().is_some_and(GameState::is_decision)
                        && !m.free_road_stuck()
                });
                // Wherever the recording robot had to decide, the engine must accept the
                // mirror's description (the client builds its View the same way).
                if matches!(msg, Message::GameState(_) | Message::Turn(_)) && decides {
                    *views += 1;
                    if let Some(e) = mirror.view_error() {
                        warn!(line_no, game = %shown(g), error = %e, "at a decision point");
                        *errors += 1;
                    } else if let AnyMirror::Classic(m) = mirror {
                        if let Ok(v) = m.view() {
                            at_decision(g, &v);
                        }
                    }
                }
            }
        }
    }
    let games = games
        .into_values()
        .map(|(m, views, view_errors, over)| m.into_game(views, view_errors, over))
        .collect();
    Replay {
        games,
        lines,
        bad_lines,
    }
}

/// `catan-bot replay [--partial] FILE...`: prints one line per file and game on stdout, errors
/// on stderr; returns the exit status: 0 when every mirror agreed with every server figure, 1
/// when one did not, 2 when a file cannot be read, is empty, is not a transcript, holds no
/// game, holds a game that did not end (unless `partial`), or holds a finished game without
/// its final statistics.
pub fn run(files: &[impl AsRef<Path>], partial: bool) -> i32 {
    let mut status = 0;
    let mut fail = |code: i32| status = status.max(code);
    for file in files {
        let file = file.as_ref();
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: cannot read: {e}", file.display());
                fail(2);
                continue;
            }
        };
        if text.trim().is_empty() {
            eprintln!("{}: empty file", file.display());
            fail(2);
            continue;
        }
        let r = replay(&text);
        if r.lines == 0 {
            eprintln!(
                "{}: not a transcript (none of its {} lines starts with `< ` or `> `)",
                file.display(),
                r.bad_lines
            );
            fail(2);
            continue;
        }
        if r.games.is_empty() {
            eprintln!("{}: no game in the transcript", file.display());
            fail(2);
        }
        for g in r.games {
            if let Some(problem) = g.problem() {
                eprintln!("{}: {}: {problem}", file.display(), shown(&g.game));
                fail(2);
            }
            let unfinished = !g.over && !partial;
            if unfinished {
                eprintln!(
                    "{}: {}: the game did not end (no game over); --partial accepts a transcript cut on purpose",
                    file.display(),
                    shown(&g.game)
                );
                fail(2);
            }
            let verdict = match (g.is_clean(), unfinished) {
                (false, _) => "DIFF",
                (true, true) => "UNFINISHED",
                (true, false) => "OK",
            };
            println!("{}: {g} {verdict}", file.display());
            if !g.is_clean() {
                fail(1);
            }
        }
    }
    status
}
