//! Shared by the tests against a real JSettlers2 server (`server_e2e.rs`,
//! `scripted_person.rs`): finding the server code, starting `scripts/jsettlers-server.sh`,
//! picking its port, connecting once it listens, waiting for lines of its log, and stopping it.
//!
//! Such tests are `#[ignore = "needs a JSettlers2 server: ..."]`, so that a run without a server
//! lists them as ignored, never as passed; run with `-- --ignored`, each first calls
//! [`require_server`], which fails the test with a clear message when no server is given.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One real server at a time within a test binary: the tests share port ranges and the
/// machine. (Cargo runs test binaries one after another.)
pub static SERIAL: Mutex<()> = Mutex::new(());

/// Where the server code comes from: the environment variables `scripts/jsettlers-server.sh`
/// reads (`JSETTLERS_CLASSPATH` before `JSETTLERS_JAR`, as the script does).
#[derive(Clone, Debug)]
pub enum ServerCode {
    Classpath(String),
    Jar(PathBuf),
}

/// The server code the environment names. Panics (the test fails) with what to set when it
/// names none, or names a jar that is not there: a real-server test run with `--ignored` must
/// not pass without a server.
pub fn require_server() -> ServerCode {
    if let Some(cp) = std::env::var_os("JSETTLERS_CLASSPATH").filter(|v| !v.is_empty()) {
        return ServerCode::Classpath(cp.to_string_lossy().into_owned());
    }
    match std::env::var_os("JSETTLERS_JAR").filter(|v| !v.is_empty()) {
        Some(jar) => {
            let jar = PathBuf::from(jar);
            assert!(
                jar.is_file(),
                "JSETTLERS_JAR={} is not a file: point it at a JSettlers2 (2.4.00 or newer) \
                 JSettlers.jar or JSettlersServer.jar",
                jar.display()
            );
            ServerCode::Jar(jar)
        }
        None => panic!(
            "this test needs a JSettlers2 server and none is given: set JSETTLERS_JAR to a \
             JSettlers.jar (2.4.00 or newer; scripts/fetch-jsettlers.sh downloads one) or \
             JSETTLERS_CLASSPATH to a classpath with soc.server.SOCServer, e.g. \
             JSETTLERS_JAR=/path/JSettlers.jar cargo test -- --ignored"
        ),
    }
}

/// Kills a child process (by its id, SIGTERM) when dropped, and reaps it.
pub struct Kill(pub Child);

impl Drop for Kill {
    fn drop(&mut self) {
        if self.0.try_wait().ok().flatten().is_none() {
            let _ = Command::new("kill")
                .arg("-TERM")
                .arg(self.0.id().to_string())
                .status();
            let _ = self.0.wait();
        }
    }
}

impl Kill {
    /// Waits up to `d` for the process to exit by itself, then stops it.
    pub fn stop_after(mut self, d: Duration) {
        let deadline = Instant::now() + d;
        while Instant::now() < deadline {
            if self.0.try_wait().ok().flatten().is_some() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        // Dropped here: SIGTERM.
    }
}

/// A port the system has free right now (it hands out one of its ephemeral range, never a
/// port in use such as another server's).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `$env_var` if set to a number, else the first port of `range` free on all interfaces (the
/// server binds the wildcard address).
pub fn port_from_env_or_range(env_var: &str, range: std::ops::RangeInclusive<u16>) -> u16 {
    if let Some(p) = std::env::var(env_var).ok().and_then(|p| p.parse().ok()) {
        return p;
    }
    let (lo, hi) = (*range.start(), *range.end());
    range
        .into_iter()
        .find(|p| std::net::TcpListener::bind(("0.0.0.0", *p)).is_ok())
        .unwrap_or_else(|| panic!("no free port in {lo}-{hi} (set {env_var})"))
}

/// `scripts/jsettlers-server.sh` on `port` with robot cookie `cookie`, its console in `log`,
/// and the script's other options (`GAMES`, `ROBOTS`, ... see its `--help`) from `options`.
/// Calls [`require_server`] first. The server is stopped when the guard is dropped.
pub fn start_server(port: u16, cookie: &str, log: &Path, options: &[(&str, &str)]) -> Kill {
    require_server();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut cmd = Command::new(root.join("scripts/jsettlers-server.sh"));
    cmd.env("PORT", port.to_string())
        .env("COOKIE", cookie)
        .env("LOG", log)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    for (k, v) in options {
        cmd.env(k, v);
    }
    Kill(cmd.spawn().expect("start scripts/jsettlers-server.sh"))
}

/// A TCP connection to 127.0.0.1:`port`, retried until the server listens; panics after `d`.
pub async fn connect_when_listening(port: u16, d: Duration) -> tokio::net::TcpStream {
    let deadline = Instant::now() + d;
    loop {
        match tokio::net::TcpStream::connect(("127.0.0.1", port)).await {
            Ok(s) => return s,
            Err(_) if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(e) => panic!("cannot connect to the server on port {port}: {e}"),
        }
    }
}

/// Waits until `needle` occurs in the file (a server or bot log); false after `d`.
pub fn wait_for_line(path: &Path, needle: &str, d: Duration) -> bool {
    wait_for_count(path, needle, 1, d)
}

/// Waits until `needle` occurs at least `n` times in the file; false after `d`.
pub fn wait_for_count(path: &Path, needle: &str, n: usize, d: Duration) -> bool {
    let deadline = Instant::now() + d;
    loop {
        if std::fs::read_to_string(path).is_ok_and(|t| t.matches(needle).count() >= n) {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// The `catan-bot` binary to run as a separate process: `CATAN_BOT_BIN` (a release build
/// plays faster), else this build's.
pub fn bot_binary() -> PathBuf {
    std::env::var_os("CATAN_BOT_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_catan-bot")))
}
