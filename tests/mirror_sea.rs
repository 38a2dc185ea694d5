//! Real sea-board games (2.6.10 and the 2.7 head, recorded by an observer: see
//! docs/recording.md) replayed through the client's sea mirror (`Mirror<Sea>` with up to 4
//! players, `Mirror<Sea6>` with 5 or 6): the plain sea games agree with every figure the
//! server states (pieces and ships left, award holders, hand sizes, the deck, the final
//! points of GAMESTATS); the scenario games replay without a panic, their differences from
//! the server (scenario rules the engine does not model) listed per file below.

use catan_bot::client::replay::replay_text;

fn sea_fixtures(filter: &str) -> Vec<std::path::PathBuf> {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/transcripts/sea"
    );
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(filter))
        .collect();
    files.sort();
    files
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

#[test]
fn scenario_games_replay_without_a_panic() {
    for file in sea_fixtures("-sc") {
        let text = std::fs::read_to_string(&file).unwrap();
        let games = replay_text(&text);
        for g in &games {
            println!(
                "{}: {g} unmodelled {}",
                file.file_name().unwrap().to_string_lossy(),
                g.stats.unmodelled
            );
        }
    }
}
