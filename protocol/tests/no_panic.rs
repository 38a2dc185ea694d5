//! Property tests: nothing a peer can send makes the crate panic.
//!
//! - arbitrary bytes, fed whole or in arbitrary chunks, into `FrameCodec` and `MessageCodec`;
//! - arbitrary strings, and strings assembled from protocol-looking tokens behind a catalogued
//!   type number, and real fixture messages with a few fields replaced, dropped, added or cut,
//!   into `Message::parse`; whatever parses re-encodes to text that parses back to
//!   the same value.
//!
//! Cases per property: 2,000 by default (CI), or `PROTOCOL_FUZZ_CASES`, e.g.
//! `PROTOCOL_FUZZ_CASES=1000000 cargo test --release -p jsettlers-protocol --test no_panic`.

use bytes::BytesMut;
use jsettlers_protocol::{transcript, FrameCodec, Message, MessageCodec};
use proptest::prelude::*;
use tokio_util::codec::Decoder;

fn cases() -> u32 {
    std::env::var("PROTOCOL_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Tokens that steer the parsers into their branches.
const TOKENS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "5",
    "9",
    "15",
    "100",
    "102",
    "2147483647",
    "-2147483648",
    "99999999999",
    "true",
    "false",
    "clear",
    "NONE",
    "Y",
    "N",
    "T",
    "F",
    "R",
    "E",
    "S",
    "R1",
    "R2",
    "t",
    "f",
    "t2",
    "tx",
    "p3",
    "p",
    "px",
    "-",
    "\t",
    "",
    "g",
    "~botsOnly~1",
    "é",
    "\u{1F600}",
    "1.0",
    "0.13",
    "a=b",
    "HL",
    "RH",
    "[0",
    "[2",
    "[-1",
];

const SEPARATORS: &[&str] = &[",", "|", "\0", "\u{1}", ",,", "||"];

/// A catalogued type number, `|`, then a mix of tokens and separators.
fn protocol_like() -> impl Strategy<Value = String> {
    let ids = Message::CATALOGUED_TYPE_IDS;
    (
        prop::sample::select(ids),
        prop::collection::vec(
            (
                prop::sample::select(TOKENS),
                prop::sample::select(SEPARATORS),
            ),
            0..90,
        ),
        any::<bool>(),
    )
        .prop_map(|(id, parts, bare)| {
            let mut s = id.to_string();
            if !bare {
                s.push('|');
            }
            for (tok, sep) in parts {
                s.push_str(tok);
                s.push_str(sep);
            }
            s
        })
}

/// Distinct message texts of the committed fixtures and the observer recordings of 6-player,
/// sea-board and scenario games (one sample per type and shape is plenty).
fn fixture_texts() -> Vec<String> {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/transcripts");
    let mut seen = std::collections::BTreeMap::new();
    let entries = std::fs::read_dir(&dir)
        .unwrap()
        .chain(std::fs::read_dir(dir.join("observer")).unwrap())
        .chain(std::fs::read_dir(dir.join("sea")).unwrap());
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "log") {
            let contents = std::fs::read_to_string(&path).unwrap();
            for (_, line) in transcript::parse_lines(&contents) {
                let text = line.unwrap().text;
                // Key: type number and field count, so every shape is represented once.
                let key = (
                    text.split('|').next().unwrap_or("").to_owned(),
                    text.matches([',', '|']).count(),
                );
                seen.entry(key).or_insert(text);
            }
        }
    }
    seen.into_values().collect()
}

/// A real message with a few of its fields replaced, dropped, or duplicated, or cut short.
fn mutated_real() -> impl Strategy<Value = String> {
    let edits = prop::collection::vec(
        (
            0..4u8,
            any::<prop::sample::Index>(),
            prop::sample::select(TOKENS),
        ),
        1..4,
    );
    (prop::sample::select(fixture_texts()), edits).prop_map(|(text, edits)| {
        let mut parts: Vec<String> = text
            .split_inclusive([',', '|'])
            .map(str::to_owned)
            .collect();
        for (op, at, tok) in edits {
            let i = at.index(parts.len());
            match op {
                0 => {
                    parts[i] = format!(
                        "{tok}{}",
                        parts[i]
                            .chars()
                            .last()
                            .filter(|c| *c == ',' || *c == '|')
                            .map(String::from)
                            .unwrap_or_default()
                    )
                }
                1 if parts.len() > 1 => {
                    parts.remove(i);
                }
                2 => parts.insert(i, format!("{tok},")),
                _ => {
                    let p = &mut parts[i];
                    let cut = (0..=p.len())
                        .filter(|&k| p.is_char_boundary(k))
                        .nth(at.index(p.len() + 1))
                        .unwrap_or(0);
                    p.truncate(cut);
                }
            }
        }
        parts.concat()
    })
}

fn check_parse(text: &str) -> Result<(), TestCaseError> {
    if let Ok(m) = Message::parse(text) {
        let encoded = m.encode();
        let again = Message::parse(&encoded);
        prop_assert!(
            again.as_ref() == Ok(&m),
            "{text:?} -> {m:?} -> {encoded:?} -> {again:?}"
        );
        // Transcript escaping is lossless for every message text.
        prop_assert_eq!(
            transcript::unescape(&transcript::escape(&encoded)).ok(),
            Some(encoded)
        );
    }
    Ok(())
}

fn drain<D: Decoder>(codec: &mut D, buf: &mut BytesMut) -> usize
where
    D::Error: std::fmt::Debug,
{
    let mut n = 0;
    while let Some(_item) = codec.decode(buf).expect("decoders only fail on I/O") {
        n += 1;
    }
    n
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_bytes_never_panic_the_decoders(bytes in prop::collection::vec(any::<u8>(), 0..600), cut in any::<prop::sample::Index>()) {
        let mut whole = BytesMut::from(&bytes[..]);
        let frames = drain(&mut FrameCodec, &mut whole);
        // The same bytes in two chunks give the same number of frames.
        let at = cut.index(bytes.len() + 1);
        let mut codec = MessageCodec::new();
        let mut buf = BytesMut::from(&bytes[..at]);
        let mut n = drain(&mut codec, &mut buf);
        buf.extend_from_slice(&bytes[at..]);
        n += drain(&mut codec, &mut buf);
        prop_assert_eq!(n, frames);
    }

    #[test]
    fn arbitrary_frames_never_panic(payload in prop::collection::vec(any::<u8>(), 0..300)) {
        // A well-formed length prefix, so the payload really reaches mutf8 and the parser.
        let mut buf = BytesMut::new();
        buf.extend_from_slice(&(payload.len() as u16).to_be_bytes());
        buf.extend_from_slice(&payload);
        let item = MessageCodec::new().decode(&mut buf).unwrap();
        prop_assert!(item.is_some());
    }

    #[test]
    fn arbitrary_strings_never_panic_the_parser(text in any::<String>()) {
        check_parse(&text)?;
    }

    #[test]
    fn mutated_real_messages_never_panic_the_parser(text in mutated_real()) {
        check_parse(&text)?;
    }

    #[test]
    fn protocol_like_strings_never_panic_the_parser(text in protocol_like()) {
        check_parse(&text)?;
    }
}
