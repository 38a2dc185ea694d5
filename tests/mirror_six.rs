//! Real 6-player games (2.6.10 and the 2.7 head, recorded by an observer: see
//! docs/recording.md) replayed through the client's 6-player mirror: every figure the server
//! states agrees with the engine's (pieces left, award holders, hand sizes, the deck, the
//! final points of GAMESTATS), through the Special Building Phase.

use catan_bot::client::replay::replay_text;

fn six_player_fixtures() -> Vec<std::path::PathBuf> {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/transcripts/observer"
    );
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("-6p-"))
        .collect();
    files.sort();
    files
}

#[test]
fn six_player_games_replay_without_mismatches() {
    let files = six_player_fixtures();
    assert!(files.len() >= 4, "6-player fixtures missing");
    let mut special = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        special += text.lines().filter(|l| l.ends_with(",100")).count();
        let games = replay_text(&text);
        assert_eq!(games.len(), 1, "{}: one game", file.display());
        let g = &games[0];
        assert!(g.over, "{}: the game is over", file.display());
        assert_eq!(g.names.len(), 6, "{}: six seats", file.display());
        assert_eq!(g.stats.bad_messages, 0, "{}: {g}", file.display());
        assert_eq!(g.stats.mismatches, 0, "{}: {g}", file.display());
        let server = g.server.as_ref().expect("GAMESTATS");
        assert_eq!(g.mirrored.as_ref(), Some(server), "{}", file.display());
    }
    assert!(special > 0, "no Special Building Phase in the fixtures");
}
