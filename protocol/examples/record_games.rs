//! Records whole games of a real JSettlers2 server as an observer: one transcript per game, in
//! the fixture format of `tests/fixtures/transcripts/` (`crate::transcript`: `< ` server to us,
//! `> ` us to the server, `\\` and `\uXXXX` escapes). The server's texts are written as the
//! frame codec decoded them, never re-encoded, so a recording is what the server sent.
//!
//! The recorder never sits down: it connects like a person's client (VERSION with the 6-player
//! and sea board features), waits for a game whose options match, joins it as an observer
//! (JOINGAME) and records until the game is over, then leaves. The games are the server's own
//! robot-only games (`jsettlers.bots.botgames.total`, `...gametypes=2` for 6-player games, `3`
//! for sea boards too); see `docs/recording.md` for the server command.
//!
//! ```text
//! cargo run --release -p jsettlers-protocol --example record_games -- \
//!     --port 8950 --out /tmp/rec --games 2 --options PL=6,-SBL=t --prefix 6p-2.7-
//! ```
//!
//! Robot-only games never get a scenario. With `--create NAME` the recorder makes the game
//! itself, acting as a person: a second connection (`p-` + the game name) logs in, creates the game
//! with `--create-options` (NEWGAMEWITHOPTIONSREQUEST, e.g. `SBL=t,SC=SC_4ISL,PL=4`; the server
//! adds the scenario's own options, `SOCGameOptionSet.adjustOptionsToKnown`), waits until the
//! observer connection has joined, sits in seat 0 and starts the game (STARTGAME: robots fill
//! the other seats), and leaves as soon as the first placement begins (START1A): a robot takes
//! its seat (`SOCGameHandler.leaveGame`). The server keeps a game whose only person left while
//! an observer is connected only if `jsettlers.bots.botgames.total` is not 0 (-1: no robot-only
//! games) and it has a spare robot (`startrobots` of at least the player count).
//!
//! ```text
//! cargo run --release -p jsettlers-protocol --example record_games -- \
//!     --port 8950 --out /tmp/rec --create sc4isl --create-options SBL=t,SC=SC_4ISL,PL=4 \
//!     --prefix observer-2.7-sc4isl-4p-
//! ```
//!
//! Options:
//!
//! - `--host H` (127.0.0.1), `--port P` (required): the server.
//! - `--out DIR` (required): where the transcripts go, `DIR/PREFIXgame.log` (the game name with
//!   `~` as `-`, without leading `-`); a game not seen from its start to its end is written as
//!   `...partial.log`.
//! - `--games N` (1): games to record, one connection (and thread) each, all at the same time.
//! - `--options LIST` (none): comma-separated game option tokens as the game list writes them
//!   (`PL=6`, `SBL=t`); each must be in the game's options, `-TOKEN` must not be.
//! - `--nick NAME` (`observer`): nickname; the N-th connection is `NAME1`, `NAME2`, ... (with
//!   `--create`: `o-` + the game name, and `p-` + the game name for the person)
//! - `--version N` (2700), `--version-str S` (`2.7.00`): the client version announced.
//! - `--timeout SECS` (1800): give up on a game after this long (written as partial).
//! - `--create NAME`, `--create-options OPTS`: create the game(s) as a person (above) instead
//!   of waiting for robot-only games; with `--games N` above 1 the games are `NAME-1` ..
//!   `NAME-N`, all at the same time (each needs its own robots). `--options` is not used then.
//! - `--quiet SECS` (3): after the game is over (GAMESTATE or TURN with state 1000, or the final
//!   GAMESTATS), stop once the server has been quiet this long (or at once on the game's
//!   DELETEGAME, or when the server closes the connection).
//!
//! Uses only std threads and blocking sockets with the crate's [`FrameCodec`]; exits 0 when every
//! game was recorded whole, 1 otherwise.

use std::collections::HashSet;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::BytesMut;
use jsettlers_protocol::transcript::escape;
use jsettlers_protocol::{
    FrameCodec, GameStatsKind, JoinGame, LeaveGame, Message, NewGameWithOptionsRequest, SitDown,
    StartGame, Version,
};
use tokio_util::codec::{Decoder, Encoder};

/// Java `SOCGame.OVER`.
const OVER: i32 = 1000;
/// Java `SOCGame.START1A`: a game seen in an earlier state was joined before its first placement.
const START1A: i32 = 5;

#[derive(Debug, Clone)]
struct Args {
    host: String,
    port: u16,
    out: PathBuf,
    games: usize,
    want: Vec<String>,
    reject: Vec<String>,
    prefix: String,
    nick: String,
    version: i32,
    version_str: String,
    timeout: Duration,
    quiet: Duration,
    create: Option<String>,
    create_options: String,
}

fn usage() -> ! {
    eprintln!(
        "usage: record_games --port P --out DIR [--host H] [--games N] [--options PL=6,-SBL=t] \
         [--prefix P] [--nick NAME] [--version N] [--version-str S] [--timeout SECS] [--quiet SECS] \
         [--create NAME --create-options SBL=t,SC=SC_4ISL,PL=4]"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut a = Args {
        host: "127.0.0.1".into(),
        port: 0,
        out: PathBuf::new(),
        games: 1,
        want: Vec::new(),
        reject: Vec::new(),
        prefix: String::new(),
        nick: "observer".into(),
        version: 2700,
        version_str: "2.7.00".into(),
        timeout: Duration::from_secs(1800),
        quiet: Duration::from_secs(3),
        create: None,
        create_options: String::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "-h" || flag == "--help" {
            usage();
        }
        let Some(v) = it.next() else { usage() };
        let num = |v: &str| v.parse::<u64>().unwrap_or_else(|_| usage());
        match flag.as_str() {
            "--host" => a.host = v,
            "--port" => a.port = v.parse().unwrap_or_else(|_| usage()),
            "--out" => a.out = PathBuf::from(v),
            "--games" => a.games = v.parse().unwrap_or_else(|_| usage()),
            "--options" => {
                for tok in v.split(',').filter(|t| !t.is_empty()) {
                    match tok.strip_prefix('-') {
                        Some(t) => a.reject.push(t.to_owned()),
                        None => a.want.push(tok.to_owned()),
                    }
                }
            }
            "--prefix" => a.prefix = v,
            "--nick" => a.nick = v,
            "--version" => a.version = v.parse().unwrap_or_else(|_| usage()),
            "--version-str" => a.version_str = v,
            "--timeout" => a.timeout = Duration::from_secs(num(&v)),
            "--quiet" => a.quiet = Duration::from_secs(num(&v)),
            "--create" => a.create = Some(v),
            "--create-options" => a.create_options = v,
            _ => usage(),
        }
    }
    if a.port == 0
        || a.out.as_os_str().is_empty()
        || a.games == 0
        || (a.create.is_some() && a.create_options.is_empty())
    {
        usage();
    }
    a
}

/// One connection: blocking socket, frame codec, and the transcript being written.
struct Conn {
    sock: TcpStream,
    buf: BytesMut,
    codec: FrameCodec,
    lines: Vec<String>,
    who: String,
}

impl Conn {
    fn open(args: &Args, who: String) -> std::io::Result<Conn> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let sock = loop {
            match TcpStream::connect((args.host.as_str(), args.port)) {
                Ok(s) => break s,
                Err(_) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(500))
                }
                Err(e) => return Err(e),
            }
        };
        sock.set_nodelay(true)?;
        Ok(Conn {
            sock,
            buf: BytesMut::with_capacity(1 << 16),
            codec: FrameCodec::new(),
            lines: Vec::new(),
            who,
        })
    }

    fn send_text(&mut self, text: &str) -> std::io::Result<()> {
        let mut out = BytesMut::new();
        self.codec
            .encode(text, &mut out)
            .map_err(|e| std::io::Error::new(ErrorKind::InvalidInput, format!("{e:?}")))?;
        self.sock.write_all(&out)?;
        self.lines.push(format!("> {}", escape(text)));
        Ok(())
    }

    fn send(&mut self, m: impl Into<Message>) -> std::io::Result<()> {
        self.send_text(&m.into().encode())
    }

    /// The next frame's text within `wait`: `Ok(None)` on timeout; the connection's end is an
    /// error. An undecodable frame is reported and skipped (never recorded).
    fn next(&mut self, wait: Duration) -> std::io::Result<Option<String>> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(item) = self.codec.decode(&mut self.buf)? {
                match item {
                    Ok(text) => {
                        self.lines.push(format!("< {}", escape(&text)));
                        return Ok(Some(text));
                    }
                    Err(e) => {
                        eprintln!("{}: undecodable frame skipped: {e:?}", self.who);
                        continue;
                    }
                }
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            self.sock.set_read_timeout(Some(left))?;
            let mut chunk = [0u8; 1 << 14];
            match self.sock.read(&mut chunk) {
                Ok(0) => return Err(ErrorKind::UnexpectedEof.into()),
                Ok(n) => self.buf.extend_from_slice(&chunk[..n]),
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(e) => return Err(e),
            }
        }
    }
}

fn options_match(args: &Args, options: &str) -> bool {
    let have: HashSet<&str> = options.split(',').collect();
    args.want.iter().all(|w| have.contains(w.as_str()))
        && !args.reject.iter().any(|r| have.contains(r.as_str()))
}

/// What became of one recorder connection.
struct Outcome {
    game: Option<String>,
    whole: bool,
    lines: Vec<String>,
    messages: usize,
}

/// The client VERSION every connection announces: the 6-player, sea board and scenario
/// features, so that every kind of game can be joined.
fn client_version(args: &Args) -> Version {
    Version {
        version: args.version,
        version_str: args.version_str.clone(),
        build: "recorder".into(),
        features: format!(";6pl;sb;sc={};", args.version),
        locale: Some("en_US".into()),
    }
}

/// Reads `c` until `want` picks a message (answering SERVERPINGs), for up to `wait`.
fn wait_for<T>(
    c: &mut Conn,
    wait: Duration,
    what: &str,
    mut want: impl FnMut(&Message) -> Option<T>,
) -> std::io::Result<T> {
    let deadline = Instant::now() + wait;
    while Instant::now() < deadline {
        let Some(text) = c.next(deadline.saturating_duration_since(Instant::now()))? else {
            break;
        };
        let Ok(msg) = Message::parse(&text) else {
            continue;
        };
        if let Message::ServerPing(_) = msg {
            c.send_text(&text)?;
        }
        if let Some(v) = want(&msg) {
            return Ok(v);
        }
    }
    Err(std::io::Error::new(
        ErrorKind::TimedOut,
        format!("{}: no {what} within {wait:?}", c.who),
    ))
}

/// `--create`: the person's side. Logs in as `personN` and creates `game` with the options;
/// the observer connection `obs` joins it (its frames stay buffered in `obs` for the
/// recording); then the person sits in seat 0, starts the game and leaves at START1A, so that
/// a robot takes its seat. Returns once the person has left.
fn create_game(args: &Args, game: &str, obs: &mut Conn) -> std::io::Result<()> {
    // Nicknames are server-wide: one per game, so that several recorders can share a server.
    let person = short_nick("p-", game);
    let mut p = Conn::open(args, person.clone())?;
    p.send(client_version(args))?;
    wait_for(&mut p, Duration::from_secs(20), "server VERSION", |m| {
        matches!(m, Message::Version(_)).then_some(())
    })?;
    p.send(NewGameWithOptionsRequest {
        nickname: person.clone(),
        password: String::new(),
        host: "-".into(),
        game: game.to_owned(),
        options: args.create_options.clone(),
    })?;
    wait_for(
        &mut p,
        Duration::from_secs(20),
        "JOINGAMEAUTH",
        |m| match m {
            Message::JoinGameAuth(a) if a.game == game => Some(Ok(())),
            // A refusal (unknown option or scenario, name in use, ...) comes as a status text.
            Message::StatusMessage(s) if s.status_value() != 0 => Some(Err(s.text.clone())),
            _ => None,
        },
    )?
    .map_err(|e| std::io::Error::other(format!("{person}: {game} refused: {e}")))?;
    eprintln!("{person}: created {game} ({})", args.create_options);

    obs.send(JoinGame {
        nickname: obs.who.clone(),
        password: String::new(),
        host: "-".into(),
        game: game.to_owned(),
    })?;
    // The observer's own frames are recorded by `Conn::next`; only wait for the join here.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let Some(text) = obs.next(deadline.saturating_duration_since(Instant::now()))? else {
            return Err(std::io::Error::new(
                ErrorKind::TimedOut,
                "observer: no JOINGAMEAUTH",
            ));
        };
        match Message::parse(&text) {
            Ok(Message::JoinGameAuth(a)) if a.game == game => break,
            Ok(Message::ServerPing(_)) => obs.send_text(&text)?,
            _ => {}
        }
    }

    p.send(SitDown {
        game: game.to_owned(),
        nickname: person.clone(),
        player: 0,
        robot: false,
    })?;
    wait_for(
        &mut p,
        Duration::from_secs(20),
        "our SITDOWN",
        |m| match m {
            Message::SitDown(s) if s.game == game && s.nickname == person => Some(()),
            _ => None,
        },
    )?;
    p.send(StartGame {
        game: game.to_owned(),
        state: None,
    })?;
    // Robots join and sit, then the first placement begins.
    wait_for(&mut p, Duration::from_secs(120), "START1A", |m| match m {
        Message::GameState(s) if s.game == game && s.state >= START1A => Some(()),
        Message::StartGame(s) if s.game == game && s.state.is_some_and(|st| st >= START1A) => {
            Some(())
        }
        _ => None,
    })?;
    p.send(LeaveGame {
        nickname: person.clone(),
        host: "-".into(),
        game: game.to_owned(),
    })?;
    eprintln!("{person}: left {game}");
    // Let the server read the LEAVEGAME before the connection closes.
    std::thread::sleep(Duration::from_millis(500));
    Ok(())
}

/// `prefix` + `game`, cut to the server's 20-character nickname limit
/// (`SOCServer.PLAYER_NAME_MAX_LENGTH`).
fn short_nick(prefix: &str, game: &str) -> String {
    format!("{prefix}{game}").chars().take(20).collect()
}

fn record_one(args: &Args, n: usize, claimed: &Mutex<HashSet<String>>) -> std::io::Result<Outcome> {
    let created = args.create.as_ref().map(|base| {
        if args.games == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        }
    });
    let nick = match &created {
        Some(name) => short_nick("o-", name),
        None => format!("{}{n}", args.nick),
    };
    let mut c = Conn::open(args, nick.clone())?;
    c.send(client_version(args))?;
    let started = Instant::now();
    let mut game: Option<String> = None;
    if let Some(name) = created {
        create_game(args, &name, &mut c)?;
        game = Some(name);
    }
    let mut first_state: Option<i32> = None;
    let mut over_at: Option<Instant> = None;
    let mut is_over = false;
    // The game was deleted or the connection closed: nothing to leave.
    let mut gone = false;
    let mut messages = 0usize;
    loop {
        if started.elapsed() > args.timeout {
            eprintln!("{nick}: timed out");
            break;
        }
        let wait = if over_at.is_some() {
            args.quiet
        } else {
            Duration::from_secs(5)
        };
        let next = match c.next(wait) {
            Ok(next) => next,
            Err(e) => {
                eprintln!("{nick}: connection ended: {e}");
                gone = true;
                break;
            }
        };
        let Some(text) = next else {
            if over_at.is_some() {
                break;
            }
            continue;
        };
        messages += 1;
        let Ok(msg) = Message::parse(&text) else {
            continue;
        };
        // Candidate games: the list at login and each new game after.
        let offered: Vec<(String, String)> = match &msg {
            Message::GamesWithOptions(g) if game.is_none() => g
                .games
                .iter()
                .map(|l| (l.name.clone(), l.options.clone()))
                .collect(),
            Message::NewGameWithOptions(g) if game.is_none() => {
                vec![(g.game.clone(), g.options.clone())]
            }
            _ => Vec::new(),
        };
        for (name, options) in offered {
            // The server marks games this client cannot join with a leading control character.
            if name.starts_with(|ch: char| ch.is_control()) || !options_match(args, &options) {
                continue;
            }
            if !claimed.lock().unwrap().insert(name.clone()) {
                continue;
            }
            eprintln!("{nick}: joining {name} ({options})");
            c.send(JoinGame {
                nickname: nick.clone(),
                password: String::new(),
                host: "-".into(),
                game: name.clone(),
            })?;
            game = Some(name);
            break;
        }
        let Some(g) = game.as_deref() else { continue };
        match &msg {
            Message::ServerPing(_) => c.send_text(&text)?,
            Message::GameState(s) if s.game == g => {
                first_state.get_or_insert(s.state);
                is_over |= s.state == OVER;
            }
            // A win at the start of a turn comes as TURN with state 1000, no GAMESTATE.
            Message::Turn(t) if t.game == g => is_over |= t.state == Some(OVER),
            // The final scores (2.7 also sends GAMESTATS `t2`, the start time, at joining).
            Message::GameStats(s) if s.game == g => {
                is_over |= matches!(s.stats, GameStatsKind::Players { .. });
            }
            Message::DeleteGame(d) if d.game == g => {
                gone = true;
                break;
            }
            _ => {}
        }
        if is_over && over_at.is_none() {
            eprintln!("{nick}: {g} is over after {messages} messages");
            over_at = Some(Instant::now());
        }
    }
    if let (Some(g), false) = (&game, gone) {
        let leave = LeaveGame {
            nickname: nick.clone(),
            host: "-".into(),
            game: g.clone(),
        };
        // The game may be gone already; a failed send only ends the recording.
        let _ = c.send(leave);
    }
    let whole = game.is_some() && over_at.is_some() && first_state.is_some_and(|s| s < START1A);
    if game.is_some() && !whole {
        eprintln!(
            "{nick}: partial recording (first state {first_state:?}, over: {})",
            over_at.is_some()
        );
    }
    Ok(Outcome {
        game,
        whole,
        lines: c.lines,
        messages,
    })
}

fn file_name(args: &Args, game: &str, whole: bool) -> PathBuf {
    let base: String = game
        .chars()
        .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '-' })
        .collect();
    let base = base.trim_matches('-');
    let tail = if whole { ".log" } else { ".partial.log" };
    args.out.join(format!("{}{base}{tail}", args.prefix))
}

fn main() {
    let args = Arc::new(parse_args());
    std::fs::create_dir_all(&args.out).expect("create the output directory");
    let claimed = Arc::new(Mutex::new(HashSet::new()));
    let handles: Vec<_> = (1..=args.games)
        .map(|n| {
            let (args, claimed) = (Arc::clone(&args), Arc::clone(&claimed));
            std::thread::spawn(move || record_one(&args, n, &claimed))
        })
        .collect();
    let mut all_whole = true;
    for h in handles {
        match h.join().expect("recorder thread") {
            Ok(Outcome {
                game: Some(game),
                whole,
                lines,
                messages,
            }) => {
                let path = file_name(&args, &game, whole);
                let mut text = lines.join("\n");
                text.push('\n');
                std::fs::write(&path, text).expect("write the transcript");
                println!("{}: {game}, {messages} messages received", path.display());
                all_whole &= whole;
            }
            Ok(Outcome { game: None, .. }) => {
                eprintln!("a connection found no game to record");
                all_whole = false;
            }
            Err(e) => {
                eprintln!("a connection failed: {e}");
                all_whole = false;
            }
        }
    }
    std::process::exit(if all_whole { 0 } else { 1 });
}
