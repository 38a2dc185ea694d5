//! Real sea-board games (2.6.10 and the 2.7 head, recorded by an observer: see
//! docs/recording.md) replayed through the client's sea mirror (`Mirror<Sea>` with up to 4
//! players, `Mirror<Sea6>` with 5 or 6): the plain sea games agree with every figure the
//! server states (pieces and ships left, award holders, hand sizes, the deck, the final
//! points of GAMESTATS); the scenario games replay without a panic, their differences from
//! the server (scenario rules the engine does not model) listed per file below.

use catan_bot::client::replay::replay_text;

/// The files of `tests/fixtures/transcripts/` (or of its sub-folder `sub`) whose names
/// `keep` takes, sorted.
fn transcripts(sub: &str, keep: impl Fn(&str) -> bool) -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/transcripts")
        .join(sub);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| keep(&p.file_name().unwrap().to_string_lossy()))
        .collect();
    files.sort();
    files
}

/// The observer recordings of sea games whose names contain `filter`.
fn sea_fixtures(filter: &str) -> Vec<std::path::PathBuf> {
    transcripts("sea", |name| name.contains(filter))
}

#[test]
fn plain_sea_games_replay_without_mismatches() {
    let files = sea_fixtures("-sea-");
    assert_eq!(files.len(), 4, "sea fixtures missing");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let games = replay_text(&text);
        assert_eq!(games.len(), 1, "{}: one game", file.display());
        let g = &games[0];
        println!("{}: {g} unmodelled {}", file.display(), g.stats.unmodelled);
        assert!(g.over, "{}: the game is over", file.display());
        let seats = if file.to_string_lossy().contains("-6p-") {
            6
        } else {
            4
        };
        assert_eq!(g.names.len(), seats, "{}: seats", file.display());
        assert_eq!(g.stats.bad_messages, 0, "{}: {g}", file.display());
        assert_eq!(g.stats.mismatches, 0, "{}: {g}", file.display());
        assert_eq!(g.stats.unmodelled, 0, "{}: {g}", file.display());
        let server = g.server.as_ref().expect("GAMESTATS");
        assert_eq!(g.mirrored.as_ref(), Some(server), "{}", file.display());
    }
}

/// What the mirror does not model yet in each scenario recording, and the most differences
/// from the server it may count there (the mirror goes on with the server's figures).
const SCENARIOS: &[(&str, u32, &str)] = &[
    (
        "observer-2.6.10-sc4isl-4p-1.log",
        0,
        "clean: land-area SVP (_SC_SEAC) as the engine's",
    ),
    ("observer-2.7-sc4isl-4p-1.log", 0, "clean"),
    ("observer-2.6.10-scnsho-4p-1.log", 0, "clean"),
    ("observer-2.7-scnsho-4p-1.log", 0, "clean"),
    (
        "observer-2.6.10-scttd-4p-1.log",
        0,
        "clean, gold picks included",
    ),
    ("observer-2.7-scttd-4p-1.log", 0, "clean"),
    (
        "observer-2.6.10-scfog-4p-1.log",
        0,
        "clean: no fog hex revealed in this game",
    ),
    (
        "observer-2.7-scfog-4p-2.log",
        0,
        "clean: two fog reveals (REVEALFOGHEX, lines 1577 and 1585: water, then wheat 4 with its resource) mirrored, final points agree",
    ),
    (
        "observer-2.6.10-scclvi-4p-1.log",
        4,
        "villages and cloth (SC_CLVI's rolls, robbery and points of cloth)",
    ),
    (
        "observer-2.7-scclvi-4p-1.log",
        8,
        "the same; final points differ by cloth VP",
    ),
    (
        "observer-2.6.10-scftri-4p-1.log",
        2,
        "development cards given by the tribe's special edges (SC_FTRI)",
    ),
    (
        "observer-2.7-scftri-4p-1.log",
        0,
        "clean: no gift card played",
    ),
    (
        "observer-2.6.10-scwond-4p-1.log",
        2,
        "ships left after a wonder is started (SETSPECIALITEM, SC_WOND)",
    ),
    ("observer-2.7-scwond-4p-1.log", 2, "the same"),
    (
        "observer-2.6.10-scpiri-4p-1.log",
        u32::MAX,
        "not mirrored: SC_PIRI's layout has no robber (no RH), the engine's boards need one",
    ),
    ("observer-2.7-scpiri-4p-1.log", u32::MAX, "the same"),
];

/// The scenario recordings replay without a panic, each within its known differences.
#[test]
fn scenario_games_replay_within_their_known_differences() {
    let files = sea_fixtures("-sc");
    assert_eq!(
        files.len(),
        SCENARIOS.len(),
        "a scenario recording without an entry"
    );
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let &(_, most, why) = SCENARIOS
            .iter()
            .find(|(f, _, _)| *f == name)
            .unwrap_or_else(|| panic!("{name}: not listed"));
        let text = std::fs::read_to_string(&file).unwrap();
        let games = replay_text(&text);
        assert_eq!(games.len(), 1, "{name}");
        let g = &games[0];
        println!("{name}: {g} unmodelled {} ({why})", g.stats.unmodelled);
        assert!(g.over, "{name}: the game is over");
        assert!(g.stats.mismatches <= most, "{name}: {g} ({why})");
        if most != u32::MAX {
            assert_eq!(g.stats.bad_messages, 0, "{name}: {g}");
        }
    }
}

/// Sea games our bot played on 2.6.10 and the 2.7 head with the data check on (4 and 6
/// players), in `tests/fixtures/transcripts/` (so `tests/mirror_replay.rs` replays them as
/// well): our bot builds and moves ships and moves the pirate through the robber-or-pirate
/// choice; every figure agrees, every decision point gives a valid engine state.
#[test]
fn our_sea_games_replay_clean_with_ships_and_the_pirate() {
    let files = transcripts("", |name| name.contains("-sea-"));
    assert_eq!(files.len(), 4, "our sea recordings");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let sent = |prefix: &str| text.lines().filter(|l| l.starts_with(prefix)).count();
        assert!(sent("> 1093|") > 0, "{}: a ship move", file.display());
        assert!(
            sent("> 1035|") > 0,
            "{}: a robber-or-pirate choice",
            file.display()
        );
        our_game_replays_clean(&file, &text, "");
    }
}

/// One recording of our bot's, `text` of `file`: a finished game whose every stated figure
/// the mirror agrees with, with more than 40 data checks and a valid engine state at each of
/// more than 40 decisions.
fn our_game_replays_clean(file: &std::path::Path, text: &str, what: &str) {
    let games = replay_text(text);
    assert_eq!(games.len(), 1);
    let g = &games[0];
    println!("{}: {what}{g}", file.display());
    assert!(g.over && g.seat.is_some(), "{}: {g}", file.display());
    assert_eq!(g.stats.mismatches, 0, "{}: {g}", file.display());
    assert_eq!(g.stats.bad_messages, 0, "{}: {g}", file.display());
    assert!(g.stats.data_checks > 40, "{}: {g}", file.display());
    assert!(
        g.views > 40 && g.view_errors == 0,
        "{}: {g}",
        file.display()
    );
    assert_eq!(g.mirrored.as_ref(), g.server.as_ref(), "{}", file.display());
}

/// Our bot's games of the island scenarios it plays, created by the scripted person on
/// 2.6.10 and the 2.7 head (`scripts/person-scenarios.sh`, data check on): every scenario of
/// `PLAYED_SCENARIOS` has one, each replays with every figure the server states agreeing and
/// a valid engine state at every decision, and the Fog Islands games reveal fog hexes.
#[test]
fn our_island_scenario_games_replay_clean() {
    use catan_bot::client::options::PLAYED_SCENARIOS;
    // The cut SC_TTD recording (a fault's position) has its own test.
    let files = transcripts("", |name| {
        name.starts_with("catanbot-") && name.contains("-sc") && !name.contains("without-a-spot")
    });
    let mut played = std::collections::BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let scenario = text
            .lines()
            .find(|l| l.starts_with("< 1023|"))
            .and_then(|l| l.split(',').find_map(|o| o.strip_prefix("SC=")))
            .unwrap_or_else(|| panic!("{}: an invitation to a scenario", file.display()))
            .to_owned();
        if scenario == "SC_FOG" {
            assert!(
                text.lines().any(|l| l.starts_with("< 10001|")),
                "{}: a fog hex revealed",
                file.display()
            );
        }
        our_game_replays_clean(file, &text, &format!("{scenario} "));
        played.insert(scenario);
    }
    for sc in PLAYED_SCENARIOS {
        assert!(
            played.contains(*sc),
            "no recording of {sc} among {played:?}"
        );
    }
}
