//! Every line of the committed transcript fixtures parses, is not `Unknown` when its type is one
//! a robot must understand, and re-encodes byte-identical — as text and through the frame codec.

use std::path::PathBuf;

use bytes::BytesMut;
use jsettlers_protocol::transcript;
use jsettlers_protocol::{FrameCodec, Message, MessageCodec, ROBOT_TYPE_IDS};
use tokio_util::codec::{Decoder, Encoder};

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/transcripts")
}

/// The `*.log` files of the fixture directory and of its `observer/` (6-player) and `sea/`
/// (sea board and scenario) subdirectories of observer recordings, sorted.
fn fixtures() -> Vec<(PathBuf, String)> {
    let mut files: Vec<_> = [
        fixture_dir(),
        fixture_dir().join("observer"),
        fixture_dir().join("sea"),
    ]
    .into_iter()
    .flat_map(|d| std::fs::read_dir(d).expect("tests/fixtures/transcripts exists"))
    .map(|e| e.unwrap().path())
    .filter(|p| p.extension().is_some_and(|x| x == "log"))
    .collect();
    files.sort();
    assert!(
        files.len() >= 6,
        "expected the committed fixture transcripts, found {files:?}"
    );
    files
        .into_iter()
        .map(|p| (p.clone(), std::fs::read_to_string(&p).unwrap()))
        .collect()
}

#[test]
fn every_fixture_line_round_trips_exactly() {
    let mut failures = Vec::new();
    let mut n = 0;
    for (path, contents) in fixtures() {
        for (line, entry) in transcript::parse_lines(&contents) {
            n += 1;
            let at = format!("{}:{line}", path.display());
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    failures.push(format!("{at}: {e}"));
                    continue;
                }
            };
            match Message::parse(&entry.text) {
                Err(e) => failures.push(format!("{at}: {e}")),
                Ok(Message::Unknown { type_id, .. })
                    if Message::is_catalogued(type_id) || ROBOT_TYPE_IDS.contains(&type_id) =>
                {
                    failures.push(format!("{at}: Unknown although catalogued: {}", entry.text))
                }
                Ok(m) => {
                    let encoded = m.encode();
                    if encoded != entry.text {
                        failures.push(format!(
                            "{at}: {:?} re-encodes as {:?}",
                            entry.text, encoded
                        ));
                    }
                }
            }
        }
    }
    assert!(n > 5000, "only {n} lines read");
    assert!(
        failures.is_empty(),
        "{} failing lines:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fixture_messages_survive_the_frame_codec() {
    let mut wire = BytesMut::new();
    let mut expected = Vec::new();
    for (_, contents) in fixtures() {
        for (_, entry) in transcript::parse_lines(&contents) {
            let text = entry.unwrap().text;
            let message = Message::parse(&text).unwrap();
            FrameCodec.encode(&message, &mut wire).unwrap();
            expected.push(message);
        }
    }
    let mut codec = MessageCodec::new();
    let mut got = Vec::new();
    while let Some(item) = codec.decode(&mut wire).unwrap() {
        got.push(item.unwrap());
    }
    assert!(wire.is_empty());
    assert_eq!(got.len(), expected.len());
    assert!(
        got == expected,
        "a message changed on its way through the codec"
    );
}

#[test]
fn fixture_lines_print_back_as_transcript_lines() {
    for (path, contents) in fixtures() {
        for (line, entry) in transcript::parse_lines(&contents) {
            let raw = contents.lines().nth(line - 1).unwrap();
            assert_eq!(entry.unwrap().to_string(), raw, "{}:{line}", path.display());
        }
    }
}

/// Texts for catalogued types the recordings do not contain (superseded, undo-only, lobby
/// broadcasts, human-game events), written from the Java `toCmd` layouts.
const UNRECORDED_SAMPLES: &[&str] = &[
    "1008",
    "1011|mybot,-,~botsOnly~1",
    "1016|~botsOnly~1",
    "1019|~botsOnly~1,~botsOnly~2",
    "1030|~botsOnly~1",
    "1047|~botsOnly~1,20",
    "1048|~botsOnly~1,1,true",
    "1054|~botsOnly~1,2",
    "1055|~botsOnly~1,2",
    "1056|~botsOnly~1",
    "1059|Cookie contents do not match the running server.",
    "1060|~botsOnly~1,1,69",
    "1062|Server restarts in 5 minutes, sorry.",
    "1066|~botsOnly~1,-1",
    "1067|~botsOnly~1,3",
    "1074|~botsOnly~1,-1,2",
    "1085|~botsOnly~1|1|0|3|2|4|1|5",
    "1088|~botsOnly~1",
    "1089|~botsOnly~1,1,1,2,0",
    "1105|~botsOnly~1,1,0,50",
    "1106|~botsOnly~1,1,2,3,4,R1,1,0,0,0,1",
    "1107|~botsOnly~1,1,You can't undo that.",
    "1108|~botsOnly~1|PL=4",
    // A person's client creating a game (what `record_games --create` sends).
    "1078|p-sc4isl,\t,-,sc4isl,SBL=t,SC=SC_4ISL,PL=4",
    // Sea-board and scenario messages the recordings may lack (`SOCMovePiece.toCmd`, ...).
    "1093|sc4isl,2,3,3339,3595",
    "1094|scpiri,1,3,2826",
    "1095|scclvi,5,2563,4,0",
    "1097|sc4isl,2,2,settling a new island",
    "1098|scftri,1,2,4,1",
    "1098|scftri,1,4,4",
    "1099|scwond,1,_SC_WOND,2,-1,-1,-1,0,w2",
    "1099|scwond,5,_SC_WOND,1,0,3,2311,1,\t",
    "10001|scfog,1803,3,8",
    "10002|sc4isl|1|3339|3595",
];

#[test]
fn every_catalogued_type_has_a_round_trip_sample() {
    let mut covered = std::collections::BTreeSet::new();
    for (_, contents) in fixtures() {
        for (_, entry) in transcript::parse_lines(&contents) {
            covered.insert(Message::parse(&entry.unwrap().text).unwrap().type_id());
        }
    }
    for text in UNRECORDED_SAMPLES {
        let m = Message::parse(text).unwrap_or_else(|e| panic!("{e}"));
        assert_ne!(m.name(), "Unknown", "{text}");
        assert_eq!(m.encode(), *text);
        covered.insert(m.type_id());
    }
    let missing: Vec<_> = Message::CATALOGUED_TYPE_IDS
        .iter()
        .filter(|id| !covered.contains(id))
        .collect();
    assert!(
        missing.is_empty(),
        "catalogued types without a sample: {missing:?}"
    );
}
