//! A scripted PERSON (a human client, not a robot) against a real JSettlers2 server, with our
//! bot (`catan-bot play`) connected as a third-party robot. The person logs in (VERSION),
//! creates a game with options (NEWGAMEWITHOPTIONSREQUEST), sits in seat 0, starts the game
//! (`1018|game`) so the server fills the empty seats with robots, chats, plays its own
//! placements and turns (the heuristic agent on a mirror, discards included) and leaves
//! mid-game; a robot takes over its seat. A second connection observes the game: when the
//! only person leaves, the server destroys the game unless an observer is connected and
//! `jsettlers.bots.botgames.total` is not 0 (`SOCGameHandler.leaveGame`).
//!
//! Two scenarios, one test each:
//!
//! - `person_creates_offers_chats_and_leaves` (seated): our bot sits from the start
//!   (`jsettlers.bots.percent3p=100`, connected before the game starts; 5 built-in robots).
//!   The person offers our bot's seat a trade in our bot's PLAY1 and leaves as soon as our
//!   bot has answered; a built-in robot takes its seat. The server runs one robot-only game,
//!   postponed by `WAIT_SEC`, for the observer rule.
//! - `person_leaves_and_our_bot_takes_over` (takeover): our bot takes over the person's
//!   seat. The server starts a built-in robot for every seat but the person's (3 in a
//!   4-player game) and `jsettlers.bots.botgames.total=-1` (no robot-only games, but a game
//!   left to robots and an observer goes on; a negative total needs no 4 built-in robots).
//!   They fill seats 1 and up at the start; our bot connects only once the game has started. When the person leaves,
//!   `SOCGameHandler.findRobotAskJoinGame` asks the first robot (in shuffled order) that is
//!   neither seated in nor already asked to the game: ours is the only one, so the
//!   replacement is ours every time. The moment the person leaves is `PERSON_LEAVE`:
//!   `start1` (its first settlement turn, before placing), `start2` (its second), `roll:N`
//!   (its N-th turn, before rolling), `play:N` (its N-th turn, after rolling), `other:N`
//!   (another player's turn after rolling, from regular turn N on); default `play:3`.
//!
//! Asserted: our bot sat down (takeover: in seat 0, the person's); seated: it answered the
//! offer (ACCEPTOFFER or REJECTOFFER from its seat) within 5 s; the game went on to its end
//! after the person left (GAMESTATS seen by the observer); our bot's `--results` line for the
//! game has 0 forced end-turns, 0 rejected requests, 0 mirror and data-check mismatches;
//! `catan-bot replay` exits 0 on its recording; the server log has no ILLEGAL or forced
//! end-turn line for our bot.
//!
//! Ignored unless asked for (`-- --ignored`); then it needs `JSETTLERS_JAR` or
//! `JSETTLERS_CLASSPATH` and fails without (`common::server::require_server`). The two tests
//! take turns (one server at a time). Optional:
//! `PERSON_PORT` (default: first free of 8960-8969), `CATAN_BOT_BIN` (default: this build's
//! `catan-bot`; a release binary plays faster), `PERSON_AGENT` (default
//! `mpt-ensemble-uct:iterations=200,trade=1`), `PERSON_OPTIONS` (default `PL=4,VP=t10`; with
//! `PL=5` or `PL=6`, or `PLB=t`, the game is on the 6-player board: the person mirrors it as
//! one, our bot plays with `--six-player`, and the takeover starts PL - 1 built-in robots;
//! with `SBL=t` or a scenario, such as `SC=SC_4ISL,_SC_SEAC=t,SBL=t,VP=t12,PL=4`, the game is
//! on the sea board, the person's robber or pirate moves start with the choice of which, and
//! our bot plays with `--sea`),
//! `PERSON_LEAVE` (takeover, above), `PERSON_UNDO` (N: the person takes back N of its own
//! builds with UNDOPUTPIECE, one a turn, before it offers or leaves; adds game option `UB=t`,
//! 2.7.00 and newer; fewer than N undone is a problem of the game), `PERSON_GHOST` (see
//! below), `PERSON_KEEP` (keep the temporary directory and print it), `PERSON_DIR` (put the
//! server log, bot log, results and recording there, kept), `PERSON_REPORT` (append the
//! game's record, one JSON line, to this file; it is also printed as `PERSON-GAME {...}`).
//! `scripts/person-games.sh` runs N games of a scenario and sums the records up.
//!
//! `PERSON_GHOST=1` (or `next`): the person takes back its second initial settlement in its
//! START2B (CANCELBUILDREQUEST of a settlement instead of its road;
//! `SOCGameMessageHandler.handleCANCELBUILDREQUEST` → `SOCGame.undoPutInitSettlement`, the
//! server echoes the cancel to the game), places it elsewhere (`next`: next to the freed
//! node, so that the city below breaks the distance rule) and its road, and in its regular
//! turns saves toward a city (bank trades toward 3 ore and 2 wheat, no other build) and builds
//! it on the freed node (PUTPIECE of a city there, bought and placed at once in PLAY1). The
//! server takes it: `SOCPlayer.undoPutPiece` left the node in the person's `potentialCities`
//! and `handlePUTPIECE` asks `SOCPlayer.isPotentialCity`. The person neither offers nor leaves
//! before that city; asserted as well: the server's PUTPIECE echo of the city, and the city
//! in our bot's recording.

use std::io::Write as _;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use jsettlers_protocol::{
    GameStatsKind, GameTextMsg, JoinGame, LeaveGame, MakeOffer, Message, MessageCodec, ResourceSet,
    SitDown, StartGame, Version,
};
use serde_json::json;
use tokio::net::TcpStream;

use catan_bot::agent::heuristic::{HeuristicAgent, RandomAgent};
use catan_bot::agent::Agent;
use catan_bot::client::mirror::Mirror;
use catan_bot::client::translate::{action_message, request_for};
use catan_bot::game::{
    Action, ActionList, BitSet, BoardKind, Classic, NodeId, Resource, Sea, Sea6, Seat, Shape, Six,
    State,
};
use tokio_util::codec::Framed;

mod common;

use common::server::{
    bot_binary, connect_when_listening, port_from_env_or_range, require_server, start_server,
    wait_for_count, wait_for_line, Kill, SERIAL,
};

const PERSON: &str = "person";
const WATCHER: &str = "watcher";
const BOT: &str = "ourbot";
const COOKIE: &str = "personcookie";

/// Game states (`SOCGame`).
const START1A: i32 = 5;
const START2A: i32 = 10;
const START2B: i32 = 11;
const ROLL_OR_CARD: i32 = 15;
const PLAY1: i32 = 20;

/// The mirror's server state as its wire number (0 before the first), for this file's
/// numeric comparisons.
fn state_no<S: Shape>(m: &Mirror<S>) -> i32 {
    m.server_state().map_or(0, |g| g.wire())
}

/// A human client's connection.
struct Conn {
    io: Framed<TcpStream, MessageCodec>,
    name: &'static str,
}

impl Conn {
    async fn open(port: u16, name: &'static str) -> Conn {
        let s = connect_when_listening(port, Duration::from_secs(60)).await;
        let mut c = Conn {
            io: Framed::new(s, MessageCodec::new()),
            name,
        };
        // A person's client announces itself like the 2.7 GUI client.
        c.send(Version {
            version: 2700,
            version_str: "2.7.00".to_owned(),
            build: "JM20260517".to_owned(),
            features: ";6pl;sb;sc=2700;".to_owned(),
            locale: Some("en_US".to_owned()),
        })
        .await;
        c
    }

    async fn send(&mut self, m: impl Into<Message>) {
        let m = m.into();
        self.io.send(&m).await.expect("send");
    }

    /// The next message within `d`, or None.
    async fn next(&mut self, d: Duration) -> Option<Message> {
        let deadline = tokio::time::Instant::now() + d;
        loop {
            match tokio::time::timeout_at(deadline, self.io.next()).await {
                Ok(Some(Ok(Ok(m)))) => return Some(m),
                Ok(Some(Ok(Err(e)))) => {
                    eprintln!("{}: undecodable message from the server: {e:?}", self.name)
                }
                Ok(Some(Err(e))) => panic!("{}: connection error: {e}", self.name),
                Ok(None) => panic!("{}: the server closed the connection", self.name),
                Err(_) => return None,
            }
        }
    }

    /// Reads until `pick` returns something, for at most `d`.
    async fn until<T>(
        &mut self,
        d: Duration,
        what: &str,
        mut pick: impl FnMut(&Message) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + d;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let m = self
                .next(left)
                .await
                .unwrap_or_else(|| panic!("{}: timed out waiting for {what}", self.name));
            if let Some(t) = pick(&m) {
                return t;
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scenario {
    /// Our bot seated from the start; the person offers it a trade, then leaves.
    Seated,
    /// Our bot connects after the start and takes over the person's seat.
    Takeover,
}

/// When the person leaves (takeover scenario).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Leave {
    /// Its first settlement turn (START1A), before placing.
    Start1,
    /// Its second settlement turn (START2A), before placing.
    Start2,
    /// Its N-th regular turn, before rolling.
    Roll(u32),
    /// Its N-th regular turn, after rolling (PLAY1).
    Play(u32),
    /// Another player's PLAY1, from regular turn N on.
    Other(u32),
}

impl Leave {
    fn parse(s: &str) -> Leave {
        let (what, n) = match s.split_once(':') {
            Some((w, n)) => (w, n.parse().expect("PERSON_LEAVE: a number after ':'")),
            None => (s, 0),
        };
        match what {
            "start1" => Leave::Start1,
            "start2" => Leave::Start2,
            "roll" => Leave::Roll(n.max(1)),
            "play" => Leave::Play(n.max(1)),
            "other" => Leave::Other(n),
            _ => panic!("PERSON_LEAVE: start1, start2, roll:N, play:N or other:N, not {s:?}"),
        }
    }

    fn name(self) -> String {
        match self {
            Leave::Start1 => "start1".to_owned(),
            Leave::Start2 => "start2".to_owned(),
            Leave::Roll(n) => format!("roll:{n}"),
            Leave::Play(n) => format!("play:{n}"),
            Leave::Other(n) => format!("other:{n}"),
        }
    }

    /// Whether this is the moment, `my_turns` being the person's regular turns so far.
    fn now<S: Shape>(self, mirror: &Mirror<S>, me: Seat, my_turns: u32) -> bool {
        let mine = mirror.current() == Some(me);
        match self {
            Leave::Start1 => mine && state_no(mirror) == START1A,
            Leave::Start2 => mine && state_no(mirror) == START2A,
            Leave::Roll(n) => mine && state_no(mirror) == ROLL_OR_CARD && my_turns >= n,
            Leave::Play(n) => mine && state_no(mirror) == PLAY1 && my_turns >= n,
            Leave::Other(n) => {
                !mine
                    && mirror.current().is_some()
                    && state_no(mirror) == PLAY1
                    && mirror.turn() >= n
            }
        }
    }
}

/// `PERSON_GHOST`: where the person puts its second initial settlement after taking the first
/// choice back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ghost {
    /// Anywhere but the freed node (the agent's choice).
    Elsewhere,
    /// Next to the freed node where it can: the city there breaks the distance rule.
    NextDoor,
}

impl Ghost {
    fn from_env() -> Option<Ghost> {
        match std::env::var("PERSON_GHOST").ok().as_deref() {
            None | Some("" | "0") => None,
            Some("1") => Some(Ghost::Elsewhere),
            Some("next") => Some(Ghost::NextDoor),
            Some(v) => panic!("PERSON_GHOST: 1 or next, not {v:?}"),
        }
    }
}

/// The person's second settlement after the cancel: the agent's choice unless that is the
/// freed node (or, `NextDoor`, a legal node next to it exists).
fn second_settlement<S: Shape>(
    action: Action,
    state: &State<S>,
    freed: NodeId,
    ghost: Ghost,
) -> Action {
    let Action::PlaceInitialSettlement(chosen) = action else {
        return action;
    };
    let mut legal = ActionList::default();
    state.legal_actions(&mut legal);
    let mut nodes = legal.iter().filter_map(|a| match a {
        Action::PlaceInitialSettlement(n) if *n != freed => Some(*n),
        _ => None,
    });
    let neighbours = S::topology().node_neighbours[freed.index()];
    if ghost == Ghost::NextDoor {
        if let Some(n) = nodes.clone().find(|n| neighbours.contains(*n)) {
            return Action::PlaceInitialSettlement(n);
        }
    }
    if chosen != freed {
        return action;
    }
    nodes.next().map_or(action, Action::PlaceInitialSettlement)
}

/// The person's move in its PLAY1 while it saves for the city on the freed node (without 3 ore
/// and 2 wheat yet): a bank trade toward them (at most 4 a turn), else the end of its turn.
fn toward_city<S: Shape>(
    state: &State<S>,
    me: Seat,
    hand: catan_bot::game::ResourceSet,
    trades: u32,
) -> Action {
    let get = if hand[Resource::Ore] < 3 {
        Resource::Ore
    } else {
        Resource::Wheat
    };
    if trades < 4 {
        for give in Resource::ALL {
            let keep = match give {
                Resource::Ore => 3,
                Resource::Wheat => 2,
                _ => 0,
            };
            if give != get && hand[give] >= keep + state.best_trade_ratio(me, give) {
                return Action::BankTrade { give, get };
            }
        }
    }
    Action::EndTurn
}

/// Our bot's process: started before the person's game (seated) or by the person once the
/// game has started (takeover).
struct Bot {
    port: u16,
    agent: String,
    results: PathBuf,
    rec: PathBuf,
    log: PathBuf,
    /// The game's board: on the sea boards the bot plays with `--sea` (features `sb` and
    /// `sc`).
    board: BoardKind,
    proc: Option<Kill>,
}

impl Bot {
    fn start(&mut self) {
        let child = Command::new(bot_binary())
            .args(["play", "--server", &format!("127.0.0.1:{}", self.port)])
            .args(["--cookie", COOKIE, "--name", BOT, "--agent", &self.agent])
            .arg("--results")
            .arg(&self.results)
            .arg("--record")
            .arg(&self.rec)
            .args(self.board.is_sea().then_some("--sea"))
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&self.log).unwrap())
            .spawn()
            .expect("start catan-bot play");
        self.proc = Some(Kill(child));
    }
}

#[test]
#[ignore = "needs a JSettlers2 server: JSETTLERS_JAR=/path/JSettlers.jar cargo test -- --ignored"]
fn person_creates_offers_chats_and_leaves() {
    run(Scenario::Seated);
}

#[test]
#[ignore = "needs a JSettlers2 server: JSETTLERS_JAR=/path/JSettlers.jar cargo test -- --ignored"]
fn person_leaves_and_our_bot_takes_over() {
    run(Scenario::Takeover);
}

fn run(scenario: Scenario) {
    require_server();
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let kept_dir = std::env::var_os("PERSON_DIR").map(PathBuf::from);
    let dir = kept_dir.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!(
            "catanbot-person-{}-{scenario:?}",
            std::process::id()
        ))
    });
    std::fs::create_dir_all(&dir).unwrap();
    let port = port_from_env_or_range("PERSON_PORT", 8960..=8969);
    let log = dir.join("server.log");
    let mut game_options =
        std::env::var("PERSON_OPTIONS").unwrap_or_else(|_| "PL=4,VP=t10".to_owned());
    // The players the person's game is for (option PL), and whether it is on the 6-player
    // board (PL above 4, or PLB: `SOCGame`'s maxPlayers 6).
    let players: usize = game_options
        .split(',')
        .find_map(|o| o.strip_prefix("PL="))
        .map_or(4, |n| n.parse().expect("PERSON_OPTIONS: PL=N, a number"));
    let board = catan_bot::client::options::board_kind(&game_options);
    // Takeover: built-in robots for every seat but the person's.
    let takeover_robots = (players - 1).to_string();
    let mut options = vec![
        ("SHUTDOWN", "N"),
        // Hands in BOTGAMEDATACHECK at each end of turn: the recording is checked by them.
        ("DATACHECK", "Y"),
    ];
    match scenario {
        // One robot-only game, postponed past this test: with botgames.total 0 the server
        // would destroy the person's game when the person leaves.
        Scenario::Seated => options.extend([
            ("GAMES", "1"),
            ("WAIT_SEC", "3000"),
            ("ROBOTS", "5"),
            ("PERCENT3P", "100"),
        ]),
        // No robot-only game (a negative total), a built-in robot for every other seat (3
        // for seats 1-3 of a 4-player game): at the person's leaving, ours is the only robot
        // not in the game.
        Scenario::Takeover => {
            options.extend([
                ("GAMES", "-1"),
                ("ROBOTS", &takeover_robots),
                ("PERCENT3P", "0"),
            ]);
        }
    }
    let _server = start_server(port, COOKIE, &log, &options);
    let results = dir.join("results.jsonl");
    let rec = dir.join("rec");
    let agent = std::env::var("PERSON_AGENT")
        .unwrap_or_else(|_| "mpt-ensemble-uct:iterations=200,trade=1".to_owned());
    let bot_log = dir.join("bot.log");
    let mut bot = Bot {
        port,
        agent,
        results: results.clone(),
        rec: rec.clone(),
        log: bot_log.clone(),
        board,
        proc: None,
    };
    let leave = match scenario {
        Scenario::Seated => None,
        Scenario::Takeover => Some(Leave::parse(
            &std::env::var("PERSON_LEAVE").unwrap_or_else(|_| "play:3".to_owned()),
        )),
    };
    let builtin = match scenario {
        Scenario::Seated => 5,
        Scenario::Takeover => players - 1,
    };
    assert!(
        wait_for_count(&log, "Robot arrived: ", builtin, Duration::from_secs(90)),
        "the {builtin} built-in robots did not log in (server log {})",
        log.display()
    );
    if scenario == Scenario::Seated {
        bot.start();
        assert!(
            wait_for_line(
                &log,
                &format!("Robot arrived: {BOT}"),
                Duration::from_secs(90)
            ),
            "our bot did not log in (server log {})",
            log.display()
        );
    }

    let tag = match scenario {
        Scenario::Seated => "person",
        Scenario::Takeover => "takeover",
    };
    let game = format!("{tag}{}", std::process::id() % 10000);
    let undo_wanted: u32 = std::env::var("PERSON_UNDO")
        .ok()
        .map(|v| v.parse().expect("PERSON_UNDO: a number"))
        .unwrap_or(0);
    if undo_wanted > 0 && !game_options.split(',').any(|o| o.starts_with("UB=")) {
        // Undo of builds (2.7.00 and newer); the person's client sets it at creation.
        game_options.push_str(",UB=t");
    }
    let ghost = Ghost::from_env();
    assert!(
        ghost.is_none() || undo_wanted == 0,
        "PERSON_GHOST and PERSON_UNDO do not go together"
    );
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let played = std::panic::catch_unwind(AssertUnwindSafe(|| {
        let plan = Plan {
            leave,
            undo_wanted,
            ghost,
        };
        let (o, b, l) = (&game_options, &mut bot, &log);
        match board {
            BoardKind::Classic => {
                runtime.block_on(play_person::<Classic>(port, &game, o, plan, b, l))
            }
            BoardKind::Six => runtime.block_on(play_person::<Six>(port, &game, o, plan, b, l)),
            BoardKind::Sea => runtime.block_on(play_person::<Sea>(port, &game, o, plan, b, l)),
            BoardKind::Sea6 => runtime.block_on(play_person::<Sea6>(port, &game, o, plan, b, l)),
        }
    }));
    let mut problems = Vec::new();
    let outcome = match played {
        Ok(o) => Some(o),
        Err(e) => {
            let why = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_else(|| "panic".to_owned());
            problems.push(format!("person: {why}"));
            None
        }
    };
    if let Some(o) = &outcome {
        println!(
            "{game}: our bot in seat {:?}, answer {:?} after {} ms, left at {:?}, final scores {:?}",
            o.bot_seat, o.answer, o.answer_ms, o.left_in, o.final_scores
        );
    }

    // The bot writes its results line when the game is deleted or over.
    let line = if bot.proc.is_some()
        && wait_for_line(
            &results,
            &format!("\"game\":\"{game}\""),
            Duration::from_secs(if outcome.is_some() { 30 } else { 5 }),
        ) {
        std::fs::read_to_string(&results)
            .unwrap()
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .find(|v| v["game"] == game.as_str())
    } else {
        None
    };
    match &line {
        Some(l) => {
            println!("results: {l}");
            for key in [
                "forced_end_turns",
                "rejected_requests",
                "mirror_mismatches",
                "data_check_mismatches",
            ] {
                if l[key] != 0 {
                    problems.push(format!("{key} {} in our results line", l[key]));
                }
            }
        }
        None => problems.push(format!(
            "no results line for {game} in {} (bot log {})",
            results.display(),
            bot_log.display()
        )),
    }

    // The recording of the game replays through the mirror without a difference, with the
    // command a user runs.
    let recs: Vec<PathBuf> = std::fs::read_dir(&rec)
        .map(|d| {
            d.map(|e| e.unwrap().path())
                .filter(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains(&game)))
                .collect()
        })
        .unwrap_or_default();
    // PERSON_GHOST: our bot's recording holds the server's PUTPIECE of the person's city on
    // the freed node.
    let ghost_city = outcome.as_ref().and_then(|o| o.ghost_city);
    if let Some(node) = ghost_city {
        let put = format!("< 1009|{game},0,2,{node}\n");
        if recs.len() == 1 && !std::fs::read_to_string(&recs[0]).is_ok_and(|t| t.contains(&put)) {
            problems.push(format!("no {:?} in {}", put.trim_end(), recs[0].display()));
        }
    }
    let mut replay_exit = None;
    // Messages the mirror could not apply ("bad N" of the replay line): the replay test of
    // the committed fixtures wants none.
    let mut replay_bad = None;
    if recs.len() == 1 {
        let out = Command::new(bot_binary())
            .arg("replay")
            .arg(&recs[0])
            .output()
            .unwrap();
        let mut text = out.stdout;
        text.extend_from_slice(&out.stderr);
        std::fs::write(dir.join("replay.txt"), &text).unwrap();
        replay_exit = out.status.code();
        replay_bad = String::from_utf8_lossy(&text)
            .split(" bad ")
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .and_then(|n| n.parse::<u32>().ok());
        if !out.status.success() {
            problems.push(format!(
                "replay {} exits {} (output in {})",
                recs[0].display(),
                out.status,
                dir.join("replay.txt").display()
            ));
        }
    } else {
        problems.push(format!(
            "{} recordings of {game} in {}",
            recs.len(),
            rec.display()
        ));
    }

    // ILLEGAL lines name the robot (bank trades) or its seat (pieces); only those after our
    // bot joined the game count (in the takeover the seat was the person's before).
    let server_log = std::fs::read_to_string(&log).unwrap_or_default();
    let joined = format!("{BOT} joined the game");
    let after_join = server_log.find(&joined).map_or("", |at| &server_log[at..]);
    let seat = line
        .as_ref()
        .and_then(|l| l["seat"].as_i64())
        .or(outcome.as_ref().and_then(|o| o.bot_seat.map(i64::from)));
    let illegal: Vec<&str> = after_join
        .lines()
        .filter(|l| l.contains("ILLEGAL"))
        .filter(|l| {
            l.contains(BOT) || seat.is_some_and(|s| l.trim_end().ends_with(&format!("player {s}")))
        })
        .collect();
    let forced: Vec<&str> = server_log
        .lines()
        .filter(|l| l.contains("For robot") && l.contains(BOT))
        .collect();
    if !illegal.is_empty() || !forced.is_empty() {
        problems.push(format!(
            "server log names our bot:\n{}\n{}",
            illegal.join("\n"),
            forced.join("\n")
        ));
    }

    if let Some(o) = &outcome {
        match scenario {
            Scenario::Seated if o.answer.is_none() => problems.push("no answer".to_owned()),
            Scenario::Takeover if o.bot_seat != Some(0) => problems.push(format!(
                "our bot took seat {:?}, not the person's seat 0",
                o.bot_seat
            )),
            _ => {}
        }
        if ghost.is_some() && o.ghost_city.is_none() {
            problems.push(format!(
                "no city on the freed node (cancelled node {:?})",
                o.ghost_node
            ));
        }
        if o.undos < undo_wanted {
            problems.push(format!(
                "the person undid {} of {undo_wanted} builds ({} refused)",
                o.undos, o.undos_refused
            ));
        }
    }

    let record = json!({
        "scenario": match scenario { Scenario::Seated => "seated", Scenario::Takeover => "takeover" },
        "game": game,
        "leave": leave.map(Leave::name),
        "left_in_state": outcome.as_ref().and_then(|o| o.left_in),
        "bot_seat": seat,
        "answer": outcome.as_ref().and_then(|o| o.answer.clone()),
        "answer_ms": outcome.as_ref().map(|o| o.answer_ms),
        "finished": outcome.as_ref().is_some_and(|o| o.final_scores.is_some()),
        "final_scores": outcome.as_ref().and_then(|o| o.final_scores.clone()),
        "options": game_options,
        "undos": outcome.as_ref().map(|o| o.undos),
        "undos_refused": outcome.as_ref().map(|o| o.undos_refused),
        "ghost": ghost.map(|g| format!("{g:?}")),
        "ghost_node": outcome.as_ref().and_then(|o| o.ghost_node),
        "ghost_city": ghost_city,
        "results_end": line.as_ref().map(|l| l["end"].clone()),
        "won": line.as_ref().map(|l| l["won"].clone()),
        "decisions": line.as_ref().map(|l| l["decisions"].clone()),
        "forced_end_turns": line.as_ref().map(|l| l["forced_end_turns"].clone()),
        "rejected_requests": line.as_ref().map(|l| l["rejected_requests"].clone()),
        "mirror_mismatches": line.as_ref().map(|l| l["mirror_mismatches"].clone()),
        "data_check_mismatches": line.as_ref().map(|l| l["data_check_mismatches"].clone()),
        "data_checks": line.as_ref().map(|l| l["data_checks"].clone()),
        "illegal_ours": illegal.len(),
        "server_forced_ours": forced.len(),
        "replay_exit": replay_exit,
        "replay_bad": replay_bad,
        "recording": recs.first(),
        "dir": dir,
        "problems": problems,
    });
    println!("PERSON-GAME {record}");
    if let Some(path) = std::env::var_os("PERSON_REPORT") {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .expect("open PERSON_REPORT");
        writeln!(f, "{record}").unwrap();
    }
    drop(bot);
    if problems.is_empty() && kept_dir.is_none() && std::env::var_os("PERSON_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    } else {
        println!("kept {}", dir.display());
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

struct Outcome {
    bot_seat: Option<i32>,
    answer: Option<String>,
    answer_ms: u128,
    /// The game state when the person left.
    left_in: Option<i32>,
    final_scores: Option<Vec<i32>>,
    /// Builds of the person's that the server undid (`PERSON_UNDO`), and undo requests it
    /// refused.
    undos: u32,
    undos_refused: u32,
    /// `PERSON_GHOST`: the node of the settlement the person took back, and the same node once
    /// the server put the person's city there (its PUTPIECE echo).
    ghost_node: Option<i32>,
    ghost_city: Option<i32>,
}

/// What the person is to do besides playing: leave (takeover), undo builds, take its second
/// settlement back and build a city there.
struct Plan {
    leave: Option<Leave>,
    undo_wanted: u32,
    ghost: Option<Ghost>,
}

async fn play_person<S: Shape>(
    port: u16,
    game: &str,
    options: &str,
    plan: Plan,
    bot: &mut Bot,
    server_log: &Path,
) -> Outcome {
    let Plan {
        leave,
        undo_wanted,
        ghost,
    } = plan;
    let mut person = Conn::open(port, PERSON).await;
    let server_version = person
        .until(
            Duration::from_secs(20),
            "the server's VERSION",
            |m| match m {
                Message::Version(v) => Some(v.version),
                _ => None,
            },
        )
        .await;
    // NEWGAMEWITHOPTIONSREQUEST `1078|nick,pw,host,game,opts` (the protocol crate does not
    // catalogue this client-only message: it goes out as raw text).
    person
        .send(Message::Unknown {
            type_id: 1078,
            text: format!("1078|{PERSON},\t,-,{game},{options}"),
        })
        .await;
    // Kept for the mirror: on the sea board it carries the board's size.
    let auth = person
        .until(Duration::from_secs(20), "JOINGAMEAUTH", |m| match m {
            Message::JoinGameAuth(a) if a.game == game => Some(m.clone()),
            Message::StatusMessage(s) => panic!("server refused the new game: {s:?}"),
            _ => None,
        })
        .await;

    let mut watcher = Conn::open(port, WATCHER).await;
    watcher
        .send(JoinGame {
            nickname: WATCHER.to_owned(),
            password: String::new(),
            host: "-".to_owned(),
            game: game.to_owned(),
        })
        .await;
    watcher
        .until(
            Duration::from_secs(20),
            "the observer's JOINGAMEAUTH",
            |m| match m {
                Message::JoinGameAuth(a) if a.game == game => Some(()),
                _ => None,
            },
        )
        .await;

    person
        .send(SitDown {
            game: game.to_owned(),
            nickname: PERSON.to_owned(),
            player: 0,
            robot: false,
        })
        .await;
    person
        .until(Duration::from_secs(20), "our own SITDOWN", |m| match m {
            Message::SitDown(s) if s.game == game && s.nickname == PERSON => Some(()),
            _ => None,
        })
        .await;
    person
        .send(StartGame {
            game: game.to_owned(),
            state: None,
        })
        .await;

    // Robots join and sit; the game starts. The person plays its own placements, turns and
    // discards (the heuristic agent on a mirror of the game: people are never forced to end
    // their turn, so a seated person who does nothing stalls the game) and chats once the
    // game has started. Seated: it offers our bot a trade in our bot's PLAY1 (the bot
    // answers offers in PLAY1) and leaves once answered. Takeover: it starts our bot once
    // the game has started (every built-in robot seated) and leaves at the `leave` moment,
    // our bot logged in.
    let me = Seat::new(0);
    let mut mirror = Mirror::<S>::for_game(game);
    mirror.me = Some(me);
    mirror.nickname = Some(PERSON.to_owned());
    mirror.server_version = server_version;
    mirror.apply(&auth);
    let mut agent = HeuristicAgent::new(7);
    let mut fallback = RandomAgent::new(7);
    let mut bot_seat = None;
    let mut bot_arrived = false;
    let mut chatted = false;
    let mut sent: Option<Instant> = None;
    let mut offers = 0;
    let mut my_turns = 0u32;
    let mut was_my_roll = false;
    // `undo_wanted` (PERSON_UNDO): the person takes back that many of its own builds (one a
    // turn, game option UB), and neither offers nor leaves before that (or its 25th turn).
    let mut undos = 0u32;
    let mut undos_refused = 0u32;
    let mut undo_next: Option<(i32, i32)> = None;
    let mut undo_turn = 0u32;
    let mut undo_sent = false;
    // `ghost` (PERSON_GHOST): the person's last settlement, the node it took back (cancel
    // sent), the server's echo of the cancel, the city asked for and put, bank trades this turn.
    let mut my_last_settlement: Option<i32> = None;
    let mut ghost_node: Option<i32> = None;
    let mut ghost_echo = false;
    let mut ghost_city_sent = false;
    let mut ghost_city = false;
    let mut ghost_trades = (0u32, 0u32);
    let arrived = format!("Robot arrived: {BOT}");
    let deadline = Instant::now() + Duration::from_secs(900);
    let answer = loop {
        assert!(
            Instant::now() < deadline,
            "the person never left: our bot seated {bot_seat:?}, arrived {bot_arrived}, \
             {offers} offers made, state {}, {my_turns} turns of the person",
            state_no(&mirror)
        );
        // Quiet for 3 s while the person is to move: its last request was refused (or never
        // asked for); decide again, at random.
        let msg = person.next(Duration::from_secs(3)).await;
        if let Some(m) = &msg {
            if matches!(
                m,
                Message::DeclinePlayerRequest(_) | Message::GameServerText(_)
            ) {
                eprintln!("person: {m:?}");
            }
            mirror.apply(m);
            match m {
                Message::SitDown(s) if s.game == game && s.nickname.starts_with(BOT) => {
                    bot_seat = Some(s.player)
                }
                Message::AcceptOffer(a) if sent.is_some() && Some(a.accepting) == bot_seat => {
                    break Some("ACCEPTOFFER");
                }
                Message::RejectOffer(r) if sent.is_some() && Some(r.player) == bot_seat => {
                    break Some("REJECTOFFER");
                }
                // The server refused our offer (our bot's turn ended meanwhile): try again.
                Message::RejectOffer(r) if r.player == 0 && r.reason.is_some() => sent = None,
                // Our offer was cleared before an answer: our bot had ended its turn before
                // the offer reached it (the server clears every offer at a turn's end). Offer
                // again in its next turn.
                Message::ClearOffer(c) if sent.is_some() && (c.player == -1 || c.player == 0) => {
                    eprintln!("person: the offer was cleared unanswered (turn over); again later");
                    sent = None;
                }
                // The person's own build in its turn: take it back at the next GAMESTATE.
                Message::PutPiece(p)
                    if p.game == game
                        && p.player == 0
                        && state_no(&mirror) == PLAY1
                        && undos < undo_wanted
                        && undo_turn != my_turns
                        && !undo_sent =>
                {
                    undo_next = Some((p.piece_type, p.coordinate));
                }
                Message::UndoPutPiece(u) if u.game == game && undo_sent => {
                    undo_sent = false;
                    if u.player == 0 {
                        undos += 1;
                    } else {
                        undos_refused += 1;
                    }
                    eprintln!("person: undo answered {u:?} ({undos} done)");
                }
                Message::PutPiece(p) if p.game == game && p.player == 0 && p.piece_type == 1 => {
                    my_last_settlement = Some(p.coordinate);
                }
                Message::PutPiece(p)
                    if p.game == game
                        && p.player == 0
                        && p.piece_type == 2
                        && ghost_node == Some(p.coordinate) =>
                {
                    ghost_city = true;
                    eprintln!(
                        "person: the server put our city on the freed node {:#x}",
                        p.coordinate
                    );
                }
                Message::CancelBuildRequest(c)
                    if c.game == game
                        && c.piece_type == 1
                        && ghost_node.is_some()
                        && !ghost_echo =>
                {
                    ghost_echo = true;
                    eprintln!("person: the server took our settlement back: {c:?}");
                }
                Message::CancelBuildRequest(c)
                    if c.game == game && ghost_city_sent && !ghost_city =>
                {
                    panic!("the server refused our city on the freed node: {c:?}");
                }
                _ => {}
            }
        }
        if let Some(at) = sent {
            assert!(
                at.elapsed() < Duration::from_secs(5),
                "our bot did not answer the offer within 5 s"
            );
        }
        if mirror.is_over() {
            panic!("the game ended with the person seated");
        }
        let my_roll = mirror.current() == Some(me) && state_no(&mirror) == ROLL_OR_CARD;
        if my_roll && !was_my_roll {
            my_turns += 1;
        }
        was_my_roll = my_roll;
        let undoing = undos < undo_wanted && my_turns < 25;
        // PERSON_GHOST: the person stays until its city on the freed node is put.
        let ghost_pending = ghost.is_some() && !ghost_city;

        if let Some(leave) = leave {
            if bot.proc.is_none() && state_no(&mirror) >= START1A {
                // Every built-in robot sat before the game started: now ours may log in.
                bot.start();
            }
            if bot.proc.is_some() && !bot_arrived {
                bot_arrived =
                    std::fs::read_to_string(server_log).is_ok_and(|t| t.contains(&arrived));
            }
            if leave.now(&mirror, me, my_turns) && !undoing && !ghost_pending {
                if bot_arrived {
                    break None;
                }
                // Hold the game (people are never forced) until our bot is there.
                continue;
            }
        }

        let decide_now = match &msg {
            // Quiet: the person's request was refused or never sent.
            None => true,
            Some(m) => matches!(
                m,
                Message::GameState(_) | Message::Turn(_) | Message::DiscardRequest(_)
            ),
        };
        if !decide_now {
            continue;
        }
        if !chatted && state_no(&mirror) >= START1A {
            chatted = true;
            for text in [
                "hello robots".to_owned(),
                "tab\there, 你好, ünïcode".to_owned(),
                "x".repeat(300),
            ] {
                person
                    .send(GameTextMsg {
                        game: game.to_owned(),
                        nickname: PERSON.to_owned(),
                        text,
                    })
                    .await;
            }
        }
        if let Some((piece_type, coordinate)) = undo_next.take() {
            person
                .send(jsettlers_protocol::UndoPutPiece {
                    game: game.to_owned(),
                    player: 0,
                    piece_type,
                    coordinate,
                    moved_from: None,
                })
                .await;
            eprintln!("person: undo of piece {piece_type} at {coordinate:#x}");
            undo_sent = true;
            undo_turn = my_turns;
            continue;
        }
        if leave.is_none() && !undoing && !ghost_pending {
            let Some(bot) = bot_seat else { continue };
            if state_no(&mirror) == PLAY1 && mirror.current() == Some(Seat::new(bot as usize)) {
                if sent.is_none() && msg.is_some() {
                    offer(&mut person, game, &mirror, me, bot, &mut sent, &mut offers).await;
                }
                continue;
            }
        }
        let my_move = mirror.current() == Some(me) || mirror.discard_request.is_some();
        if !my_move {
            continue;
        }
        let my_turn = mirror.current() == Some(me) && mirror.discard_request.is_none();
        if ghost.is_some() && my_turn && state_no(&mirror) == START2B && ghost_node.is_none() {
            // Take the second settlement back instead of placing the road.
            let node = my_last_settlement.expect("the person's second settlement");
            ghost_node = Some(node);
            eprintln!("person: taking back our settlement at {node:#x}");
            person
                .send(jsettlers_protocol::CancelBuildRequest {
                    game: game.to_owned(),
                    piece_type: 1,
                })
                .await;
            continue;
        }
        if let (true, Some(node), true, PLAY1) =
            (ghost_pending, ghost_node, my_turn, state_no(&mirror))
        {
            assert!(ghost_echo, "no CANCELBUILDREQUEST echo for our settlement");
            assert!(
                !ghost_city_sent,
                "the server did not put our city on {node:#x} (no echo)"
            );
            let view = match mirror.view() {
                Ok(v) => v,
                Err(e) => panic!("person: no view in PLAY1 while saving for the city: {e}"),
            };
            let freed = S::topology().node_from_server(node).expect("a land node");
            assert!(
                Seat::first(S::SEATS)
                    .all(|s| !(view.state.settlements(s) | view.state.cities(s)).contains(freed)),
                "someone built on the freed node {node:#x}"
            );
            if ghost_trades.0 != my_turns {
                ghost_trades = (my_turns, 0);
            }
            let hand = mirror.hand(me).known;
            if hand[Resource::Ore] >= 3 && hand[Resource::Wheat] >= 2 {
                eprintln!("person: building our city on the freed node {node:#x}");
                person
                    .send(jsettlers_protocol::PutPiece {
                        game: game.to_owned(),
                        player: 0,
                        piece_type: 2,
                        coordinate: node,
                    })
                    .await;
                ghost_city_sent = true;
                continue;
            }
            let action = toward_city(&view.state, me, hand, ghost_trades.1);
            if matches!(action, Action::BankTrade { .. }) {
                ghost_trades.1 += 1;
            }
            eprintln!("person: saving for the city: {action:?} (hand {hand:?})");
            person
                .send(action_message(game, me, &view.state, action))
                .await;
            continue;
        }
        match mirror.view() {
            Ok(view) if view.state.to_move() == me => {
                let mut action = if msg.is_some() {
                    agent.decide(&view, None)
                } else {
                    fallback.decide(&view, None)
                };
                if let (Some(g), Some(node), START2A) = (ghost, ghost_node, state_no(&mirror)) {
                    let freed = S::topology().node_from_server(node).expect("a land node");
                    action = second_settlement(action, &view.state, freed, g);
                }
                eprintln!(
                    "person: state {}{}: {action:?}",
                    state_no(&mirror),
                    if msg.is_none() {
                        " (quiet, at random)"
                    } else {
                        ""
                    }
                );
                // On the sea boards a robber or pirate move starts with the choice of which.
                person
                    .send(request_for(
                        game,
                        me,
                        &view.state,
                        mirror.server_state(),
                        action,
                    ))
                    .await;
            }
            Ok(_) => {}
            Err(e) if msg.is_none() => {
                eprintln!("person: no view in state {}: {e}", state_no(&mirror))
            }
            Err(_) => {}
        }
    };
    let answer_ms = sent.map_or(0, |at| at.elapsed().as_millis());
    let left_in = state_no(&mirror);
    eprintln!(
        "person: leaving in state {left_in}, turn {}, current {:?}",
        mirror.turn(),
        mirror.current()
    );

    person
        .send(LeaveGame {
            nickname: PERSON.to_owned(),
            host: "-".to_owned(),
            game: game.to_owned(),
        })
        .await;

    // The observer sees the game to its end, and who took the person's seat.
    let mut replaced_by = None;
    let final_scores = watcher
        .until(
            Duration::from_secs(1500),
            "GAMESTATS of the game",
            |m| match m {
                Message::SitDown(s) if s.game == game && s.player == 0 => {
                    replaced_by = Some(s.nickname.clone());
                    None
                }
                Message::SitDown(s) if s.game == game && s.nickname.starts_with(BOT) => {
                    bot_seat = Some(s.player);
                    None
                }
                Message::GameStats(s) if s.game == game => match &s.stats {
                    GameStatsKind::Players { scores, .. } => Some(scores.clone()),
                    _ => None,
                },
                Message::DeleteGame(d) if d.game == game => {
                    panic!("the server deleted {game} before it finished")
                }
                _ => None,
            },
        )
        .await;
    eprintln!("person: seat 0 taken over by {replaced_by:?}");
    if leave.is_some() && replaced_by.as_deref().is_some_and(|n| n.starts_with(BOT)) {
        bot_seat = Some(0);
    }
    Outcome {
        bot_seat,
        answer: answer.map(str::to_owned),
        answer_ms,
        left_in: Some(left_in),
        final_scores: Some(final_scores),
        undos,
        undos_refused,
        ghost_node,
        ghost_city: ghost_node.filter(|_| ghost_city),
    }
}

/// Offers our bot's seat one card the person holds for one it lacks.
async fn offer<S: Shape>(
    person: &mut Conn,
    game: &str,
    mirror: &Mirror<S>,
    me: Seat,
    bot: i32,
    sent: &mut Option<Instant>,
    offers: &mut u32,
) {
    let hand = mirror.hand(me);
    let Some(have) = (0..5).find(|&r| hand.known.0[r] > 0) else {
        return;
    };
    let want = (0..5)
        .find(|&r| hand.known.0[r] == 0)
        .unwrap_or((have + 1) % 5);
    let mut give = [0; 5];
    let mut get = [0; 5];
    give[have] = 1;
    get[want] = 1;
    let mut to = vec![false; S::SEATS];
    to[bot as usize] = true;
    person
        .send(MakeOffer {
            game: game.to_owned(),
            from: 0,
            to,
            give: ResourceSet(give),
            get: ResourceSet(get),
        })
        .await;
    *sent = Some(Instant::now());
    *offers += 1;
}
