//! Shared by the client's mock-server tests (`client_mock_server.rs`, `hostile_server.rs`,
//! `client_trading.rs`): an in-memory connection with a scripted server end, and the recorded
//! game they replay. The real-server tests' helpers are in [`server`].
#![allow(dead_code)]

pub mod server;

use std::path::Path;
use std::time::Duration;

use bytes::BytesMut;
use futures_util::StreamExt;
use jsettlers_protocol::codes::GameState;
use jsettlers_protocol::transcript::{parse_lines, Direction};
use jsettlers_protocol::{FrameCodec, Message, MessageCodec};
use tokio::io::{AsyncWriteExt, WriteHalf};
use tokio::sync::mpsc;
use tokio_util::codec::{Encoder, FramedRead};

use catan_bot::client::mirror::Mirror;
use catan_bot::game::Seat;

pub const GAME: &str = "~botsOnly~40";

/// The committed fixture transcripts (`tests/fixtures/transcripts/*.log`), sorted.
pub fn fixture_transcripts() -> Vec<std::path::PathBuf> {
    fixture_logs("")
}

/// The `*.log` files of a folder below `tests/fixtures/transcripts` (`""`: that folder),
/// sorted.
pub fn fixture_logs(folder: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/transcripts")
        .join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .collect();
    files.sort();
    files
}

/// The server's lines of `sample3p-game-00.log`, the plain full game the mock servers play.
pub fn server_lines() -> Vec<String> {
    fixture_server_lines("sample3p-game-00.log")
}

/// The server-to-robot lines of the committed fixture transcript `file`, in order.
pub fn fixture_server_lines(file: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/transcripts")
        .join(file);
    let text = std::fs::read_to_string(path).unwrap();
    parse_lines(&text)
        .map(|(_, l)| l.unwrap())
        .filter(|l| l.direction == Direction::FromServer)
        .map(|l| l.text)
        .collect()
}

pub struct MockServer<W> {
    pub write: W,
    pub from_client: mpsc::UnboundedReceiver<Message>,
}

pub type DuplexServer = MockServer<WriteHalf<tokio::io::DuplexStream>>;

/// An in-memory connection: the client's end, and a mock server whose reader task decodes
/// everything the client sends into `from_client`.
pub fn mock_connection() -> (tokio::io::DuplexStream, DuplexServer) {
    mock_connection_with(1 << 16, true)
}

/// [`mock_connection`] with a `buffer`-byte pipe each way; with `read` false the server never
/// reads what the client writes (a server that stopped reading).
pub fn mock_connection_with(buffer: usize, read: bool) -> (tokio::io::DuplexStream, DuplexServer) {
    let (client_io, server_io) = tokio::io::duplex(buffer);
    let (read_half, write) = tokio::io::split(server_io);
    let (tx, from_client) = mpsc::unbounded_channel();
    if read {
        tokio::spawn(async move {
            let mut frames = FramedRead::new(read_half, MessageCodec::new());
            while let Some(Ok(item)) = frames.next().await {
                let _ = tx.send(item.expect("client sent an undecodable message"));
            }
        });
    } else {
        // Keep the read half (and the sender) alive, unread, for as long as the test runs.
        std::mem::forget((read_half, tx));
    }
    (client_io, MockServer { write, from_client })
}

impl<W: tokio::io::AsyncWrite + Unpin> MockServer<W> {
    pub async fn send_raw(&mut self, payload: &[u8]) {
        let mut frame = (payload.len() as u16).to_be_bytes().to_vec();
        frame.extend_from_slice(payload);
        self.write.write_all(&frame).await.unwrap();
    }

    pub async fn send(&mut self, text: &str) {
        let mut buf = BytesMut::new();
        FrameCodec::new().encode(text, &mut buf).unwrap();
        self.write.write_all(&buf).await.unwrap();
    }

    /// The next message from the client that `pick` accepts (others are skipped).
    pub async fn expect<T>(
        &mut self,
        what: &str,
        mut pick: impl FnMut(&Message) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let msg = tokio::time::timeout_at(deadline, self.from_client.recv())
                .await
                .unwrap_or_else(|_| panic!("timed out waiting for {what}"))
                .unwrap_or_else(|| panic!("client closed while waiting for {what}"));
            if let Some(t) = pick(&msg) {
                return t;
            }
        }
    }

    /// The next client message, whatever it is, or None if none comes within `d`.
    pub async fn next_within(&mut self, d: Duration) -> Option<Message> {
        tokio::time::timeout(d, self.from_client.recv())
            .await
            .ok()
            .flatten()
    }
}

pub fn settlement(m: &Message) -> Option<i32> {
    match m {
        Message::PutPiece(p) if p.piece_type == 1 && p.game == GAME => Some(p.coordinate),
        _ => None,
    }
}

/// The index of the first message after which the recorded game is in PLAY1 with `pred`
/// true of the current seat, and the mirror at that point.
pub fn find_moment(
    lines: &[Message],
    game: &str,
    me: usize,
    pred: impl Fn(Seat) -> bool,
) -> (usize, Mirror) {
    let mut m = Mirror::new(game);
    m.me = Some(Seat::new(me));
    for (i, msg) in lines.iter().enumerate() {
        m.apply(msg);
        if m.server_state() == Some(GameState::Play1)
            && m.turn() > 4
            && m.current().is_some_and(&pred)
        {
            return (i, m);
        }
    }
    panic!("no such moment in the recorded game");
}

/// A resource other than `not` that `from` can be holding (as the server only relays offers
/// of cards the offerer holds).
pub fn offerable(mirror: &Mirror, from: usize, not: usize) -> usize {
    let h = mirror.hand(Seat::new(from));
    (0..5)
        .find(|&r| r != not && (h.known.0[r] > 0 || h.unknown > 0))
        .expect("the offerer holds another card")
}

/// A moment in PLAY1 of another seat's turn (index into `lines`), that seat, a resource `me`
/// holds and one the other seat can be holding: where an offer to `me` makes sense.
pub fn offer_moment(lines: &[Message], game: &str, me: usize) -> (usize, usize, usize, usize) {
    let (i, mirror) = find_moment(lines, game, me, |s| s.index() != me);
    let from = mirror.current().expect("a current player").index();
    let hand = mirror.hand(Seat::new(me));
    let have = (0..5)
        .find(|&r| hand.known.0[r] > 0)
        .expect("we hold a card");
    (i, from, have, offerable(&mirror, from, have))
}

/// `catan-bot play` as `name` against a fake server on a fresh loopback port, logging at info
/// level to a piped stderr: the listener to accept its connection on, and the child.
pub fn play_against_listener(name: &str) -> (std::net::TcpListener, std::process::Child) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .args(["play", "--server", &addr, "--cookie", "c", "--name", name])
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    (listener, child)
}

/// One writeUTF frame: the length, then the text (ASCII).
pub fn frame(text: &str) -> Vec<u8> {
    let mut f = (text.len() as u16).to_be_bytes().to_vec();
    f.extend_from_slice(text.as_bytes());
    f
}

/// A client session running on a tokio task, as the tests drive it.
pub struct Session {
    /// The session's task; its result says how the session ended.
    pub handle: tokio::task::JoinHandle<catan_bot::client::session::SessionEnd>,
    /// Stops the session (Ctrl-C).
    pub trigger: catan_bot::client::shutdown::ShutdownTrigger,
    /// Every game's report.
    pub reports: mpsc::UnboundedReceiver<catan_bot::client::report::GameReport>,
}

/// Starts `catan_bot::client::session::run_session` of `config` on `io`.
pub fn start_session<S>(io: S, config: catan_bot::client::ClientConfig) -> Session
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + 'static,
{
    let (trigger, stop) = catan_bot::client::shutdown::channel();
    let (tx, reports) = mpsc::unbounded_channel();
    let name = config.name.clone();
    let handle = tokio::spawn(async move {
        catan_bot::client::session::run_session(io, std::sync::Arc::new(config), &name, stop, tx)
            .await
    });
    Session {
        handle,
        trigger,
        reports,
    }
}
