//! The engine against recorded server games: board decoding, topology and dice production must
//! reproduce every DICERESULTRESOURCES (1092) the JSettlers2 2.7 server sent, and the first
//! roll's hand totals must match the engine's initial-placement income; road lengths
//! (`longest_road`) must give the longest-road holder the server announces (GAMEELEMENTS 6),
//! and knights played must give its largest-army holder (GAMEELEMENTS 5).
//!
//! Reads the committed `tests/fixtures/transcripts/sample3p-game-*.log` only (copied from the
//! shared protocol material, see that folder's README), so it runs wherever the repository is.
//! The awards are the engine's own rule: the pieces go on a [`State`] with
//! [`State::put_piece`] and the knights with [`State::set_knights`], and the test compares
//! [`State::longest_road_holder`] and [`State::largest_army_holder`] with the server's word.

use catan_bot::game::{
    Action, Board, BySeat, EdgeId, HexId, NodeId, Outcome, Phase, Piece, Resource, ResourceSet,
    Rules, Seat, State,
};
use std::path::{Path, PathBuf};

fn transcript_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/transcripts")
}

/// Server messages (`< ` lines) as (type id, body).
fn messages(text: &str) -> Vec<(u32, String)> {
    text.lines()
        .filter_map(|l| l.strip_prefix("< "))
        .filter_map(|m| {
            let (id, body) = m.split_once('|')?;
            Some((id.parse().ok()?, body.to_string()))
        })
        .collect()
}

fn ints(fields: &[&str]) -> Vec<i32> {
    fields.iter().map(|f| f.parse().unwrap()).collect()
}

/// Replays pieces, robber and rolls; returns (rolls checked, first-roll totals checked,
/// longest-road announcements checked).
fn replay(text: &str) -> (usize, usize, usize) {
    let msgs = messages(text);
    // The board's pieces and knights, on the engine; `None` until the board is known.
    let mut pieces: Option<State> = None;
    let mut robber = None;
    let mut income = [0u32; 4];
    let mut first_roll_done = false;
    let (mut rolls, mut firsts, mut awards) = (0, 0, 0);
    let mut announced: Option<Seat> = None;
    let mut army_announced: Option<Seat> = None;
    let holder = |p: &Option<State>| p.as_ref().and_then(State::longest_road_holder);
    let army = |p: &Option<State>| p.as_ref().and_then(State::largest_army_holder);
    for (i, (id, body)) in msgs.iter().enumerate() {
        let f: Vec<&str> = body.split(',').collect();
        if *id == 1009 {
            assert_eq!(
                holder(&pieces),
                announced,
                "longest road before message {i}"
            );
        }
        match id {
            1096 => {
                let p: Vec<&str> = body.split('|').skip(1).collect();
                for pair in p.chunks(2) {
                    // A player number, -1 for nobody (for the award elements 5 and 6).
                    let seat = || {
                        usize::try_from(pair[1].parse::<i32>().unwrap())
                            .ok()
                            .map(Seat::new)
                    };
                    if pair[0] == "5" {
                        army_announced = seat();
                        assert_eq!(army(&pieces), army_announced, "largest army at message {i}");
                        awards += 1;
                    }
                    if pair[0] == "6" {
                        announced = seat();
                        assert_eq!(holder(&pieces), announced, "longest road at message {i}");
                        awards += 1;
                    }
                }
            }
            1014 => {
                let v = ints(&f[1..]);
                if v[..37].iter().any(|&h| h != 6) {
                    let b = Board::from_server_layout(&v[..37], &v[37..74], v[74]).unwrap();
                    robber = Some(b.robber_start);
                    pieces = Some(State::new(b, Rules::default(), Seat::new(0)));
                }
            }
            1009 => {
                let v = ints(&f[1..]);
                let seat = Seat::new(v[0] as usize);
                let st = pieces.as_mut().expect("a board before the first piece");
                let piece = match v[1] {
                    0 => Piece::Road(EdgeId::from_server(v[2]).unwrap()),
                    1 => {
                        let n = NodeId::from_server(v[2]).unwrap();
                        if st.settlements(seat).len() == 1 && st.roads(seat).len() == 1 {
                            // Second initial settlement: one card per adjacent land hex.
                            income[seat.index()] = st.settlement_yield(n).total();
                        }
                        Piece::Settlement(n)
                    }
                    2 => Piece::City(NodeId::from_server(v[2]).unwrap()),
                    _ => continue,
                };
                // The engine's piece rules, caches and longest-road award (`SOCGame.putPieceCommon`).
                st.put_piece(seat, piece)
                    .unwrap_or_else(|e| panic!("{piece:?} of {seat:?} at message {i}: {e}"));
            }
            1046 => {
                let v = ints(&f[1..]);
                if v[1] == 1 && v[2] == 9 {
                    // A knight played: the engine's `SOCGame.updateLargestArmy`.
                    let st = pieces.as_mut().expect("a board before the first knight");
                    let seat = Seat::new(v[0] as usize);
                    st.set_knights(seat, st.knights_played(seat) + 1);
                }
            }
            1034 => robber = Some(HexId::from_server(ints(&f[1..])[1]).unwrap()),
            1028 => {
                let d = ints(&f[1..])[0];
                if !(2..=12).contains(&d) || d == 7 {
                    continue;
                }
                // The server's report, if any, comes before the next GAMESTATE.
                let mut reported = [ResourceSet::EMPTY; 4];
                let mut totals = [None; 4];
                for (nid, nbody) in &msgs[i + 1..] {
                    if *nid == 1025 || *nid == 1028 {
                        break;
                    }
                    if *nid == 1092 {
                        let p = ints(&nbody.split('|').skip(1).collect::<Vec<_>>());
                        let mut k = 1;
                        for _ in 0..p[0] {
                            let pn = p[k] as usize;
                            totals[pn] = Some(p[k + 1] as u32);
                            k += 2;
                            while k < p.len() && p[k] != 0 {
                                let r = Resource::from_server(p[k + 1]).unwrap();
                                reported[pn][r] += p[k] as u8;
                                k += 2;
                            }
                            k += 1;
                        }
                        break;
                    }
                }
                // The pieces on empty hands, about to roll; no knights (the deck is the full
                // one: production does not depend on them).
                let mut setup = pieces.as_ref().expect("a board before the roll").to_setup();
                setup.knights_played = BySeat::default();
                setup.largest_army = None;
                setup.robber = robber.unwrap();
                setup.phase = Phase::RollOrCard;
                setup.turn = 1;
                let mut st = State::from_setup(&setup).unwrap_or_else(|e| panic!("{e}"));
                st.apply_with(
                    Action::Roll,
                    Outcome {
                        dice: Some(d as u8),
                        ..Outcome::default()
                    },
                );
                for s in Seat::first(4) {
                    assert_eq!(
                        st.hand(s),
                        reported[s.index()],
                        "roll {d} at message {i}, {s:?}"
                    );
                }
                rolls += 1;
                if !first_roll_done {
                    first_roll_done = true;
                    for s in Seat::first(4) {
                        if let Some(t) = totals[s.index()] {
                            assert_eq!(t, income[s.index()] + reported[s.index()].total(), "{s:?}");
                            firsts += 1;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    assert_eq!(holder(&pieces), announced, "longest road at the end");
    assert_eq!(army(&pieces), army_announced, "largest army at the end");
    (rolls, firsts, awards)
}

#[test]
fn production_and_awards_match_recorded_server_games() {
    let dir = transcript_dir();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("sample3p-game-")
        })
        .collect();
    files.sort();
    let (mut rolls, mut firsts, mut awards) = (0, 0, 0);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let (r, s, a) = replay(&text);
        assert!(r > 10, "{}: only {r} rolls", f.display());
        rolls += r;
        firsts += s;
        awards += a;
    }
    println!(
        "{} games: {rolls} rolls, {firsts} first-roll hand totals, {awards} award announcements agree",
        files.len()
    );
    assert!(files.len() >= 5);
}
