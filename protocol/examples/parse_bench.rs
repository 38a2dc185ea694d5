//! Parse throughput over the committed transcript fixtures, one thread.
//!
//! `cargo run --release -p jsettlers-protocol --example parse_bench [ROUNDS]`
//!
//! Prints messages per second for `Message::parse`, `Message::encode` and the full inbound
//! path (frame decode + modified UTF-8 + parse), plus a checksum so a change that should not
//! alter parsing can be seen not to. Measures only; never fails on time.

use std::time::Instant;

use bytes::BytesMut;
use jsettlers_protocol::{transcript, FrameCodec, Message, MessageCodec};
use tokio_util::codec::{Decoder, Encoder};

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(50);
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/transcripts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixture directory")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .collect();
    files.sort();
    let mut texts = Vec::new();
    for f in &files {
        let contents = std::fs::read_to_string(f).unwrap();
        texts.extend(transcript::parse_lines(&contents).map(|(_, l)| l.unwrap().text));
    }
    let bytes: usize = texts.iter().map(String::len).sum();
    println!(
        "corpus: {} files, {} messages, {} bytes; {rounds} rounds",
        files.len(),
        texts.len(),
        bytes
    );

    // Checksum: messages parsed and the sum of their type ids, per round.
    let mut checksum = (0usize, 0i64);
    let start = Instant::now();
    for _ in 0..rounds {
        for t in &texts {
            let m = Message::parse(std::hint::black_box(t)).unwrap();
            checksum.0 += 1;
            checksum.1 += i64::from(m.type_id());
        }
    }
    report(
        "parse",
        texts.len() * rounds,
        bytes * rounds,
        start.elapsed().as_secs_f64(),
    );

    let messages: Vec<Message> = texts.iter().map(|t| Message::parse(t).unwrap()).collect();
    let start = Instant::now();
    let mut out_len = 0;
    for _ in 0..rounds {
        for m in &messages {
            out_len += std::hint::black_box(m).encode().len();
        }
    }
    report(
        "encode",
        messages.len() * rounds,
        out_len,
        start.elapsed().as_secs_f64(),
    );

    let mut wire = BytesMut::new();
    for m in &messages {
        FrameCodec.encode(m, &mut wire).unwrap();
    }
    let wire = wire.freeze();
    let start = Instant::now();
    let mut n = 0;
    for _ in 0..rounds {
        let mut buf = BytesMut::from(&wire[..]);
        let mut codec = MessageCodec::new();
        while let Some(item) = codec.decode(&mut buf).unwrap() {
            std::hint::black_box(item.unwrap());
            n += 1;
        }
    }
    report(
        "frame+parse",
        n,
        wire.len() * rounds,
        start.elapsed().as_secs_f64(),
    );
    println!(
        "checksum: {} messages, type id sum {}",
        checksum.0, checksum.1
    );
}

fn report(what: &str, messages: usize, bytes: usize, secs: f64) {
    println!(
        "{what:>12}: {:>10.0} msgs/s  {:>7.1} MB/s  ({messages} msgs in {secs:.3} s)",
        messages as f64 / secs,
        bytes as f64 / secs / 1e6
    );
}
