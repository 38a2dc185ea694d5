//! Every committed transcript replayed through the client's mirror agrees with the server's own
//! figures (every BOTGAMEDATACHECK hand, hand sizes, pieces left, the GAMESTATS final points),
//! and gives the engine a valid state at every decision point of the recording robot.

use catan_bot::client::replay::replay_text;

mod common;
use common::fixture_transcripts as fixtures;

#[test]
fn every_fixture_replays_without_mismatches() {
    let files = fixtures();
    assert!(files.len() >= 6, "fixtures missing");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let games = replay_text(&text);
        assert_eq!(
            games.len(),
            1,
            "{}: one game per transcript",
            file.display()
        );
        for g in games {
            assert_eq!(g.stats.mismatches, 0, "{}: {g}", file.display());
            assert_eq!(g.stats.bad_messages, 0, "{}: {g}", file.display());
            assert!(g.seat.is_some(), "{}: seat unknown", file.display());
            // At each of the recording robot's decision points the engine accepted the
            // mirror's description (what the client hands the agent).
            assert_eq!(g.view_errors, 0, "{}: {g}", file.display());
        }
    }
}

/// Finished fixtures recorded on a server with the data check off (lanes run as users run
/// them, `DATACHECK=N`).
const DATA_CHECK_OFF: &[&str] = &[
    "catanbot-2.6.10-win-by-a-knight-delayed.log",
    "catanbot-2.6.10-win-by-pruned-roads.log",
    "catanbot-2.6.10-accept-after-the-offer-maker-bank-traded.log",
];

#[test]
fn finished_fixtures_match_gamestats_and_data_checks() {
    let (mut finished, mut won) = (0, 0);
    for file in fixtures() {
        let text = std::fs::read_to_string(&file).unwrap();
        for g in replay_text(&text) {
            let Some(server) = &g.server else { continue };
            finished += 1;
            assert_eq!(g.mirrored.as_ref(), Some(server), "{}", file.display());
            // The data check exists from 2.5.00 (`jsettlers.debug.bots.datacheck.rsrc`); the
            // fixtures from lanes run with it off (their README rows say so) have none, and
            // must have none, so this list cannot outlive a re-recording.
            let name = file.file_name().unwrap().to_string_lossy();
            if DATA_CHECK_OFF.contains(&name.as_ref()) {
                assert_eq!(g.stats.data_checks, 0, "{}: listed as data check off", name);
            } else {
                assert!(
                    g.stats.data_checks > 0 || g.server_version < 2500,
                    "{}: no data checks",
                    file.display()
                );
            }
            assert_eq!(g.stats.data_check_mismatches, 0, "{}", file.display());
            // The winner the mirror saw (the current player at game over) has the top score.
            if g.over {
                let w = g
                    .winner
                    .unwrap_or_else(|| panic!("{}: no winner", file.display()));
                assert_eq!(server.get(w), server.iter().max(), "{}", file.display());
                won += usize::from(g.won() == Some(true));
            }
        }
    }
    // Both outcomes are among the fixtures, so `won` is not one answer for every game.
    assert!(won > 0 && won < finished, "won {won} of {finished}");
    assert!(finished >= 5, "only {finished} finished games");
}
