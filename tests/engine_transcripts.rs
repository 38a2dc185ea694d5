//! The engine against recorded server games: board decoding, topology and dice production must
//! reproduce every DICERESULTRESOURCES (1092) the JSettlers2 2.7 server sent, and the first
//! roll's hand totals must match the engine's initial-placement income; road lengths
//! (`longest_road`) must give the longest-road holder the server announces (GAMEELEMENTS 6),
//! and knights played must give its largest-army holder (GAMEELEMENTS 5).
//!
//! Reads `tests/fixtures/transcripts/sample3p-game-*.log`, else the shared protocol material
//! (`$TRANSCRIPTS_DIR` or `/work/shared/protocol/transcripts`); says SKIPPED when neither exists.

use catan_bot::game::{
    Action, Board, BySeat, EdgeId, HexId, NodeId, Outcome, Phase, Resource, ResourceSet, Rules,
    Seat, Setup, SetupError, State,
};
use std::path::PathBuf;

fn transcript_dir() -> Option<PathBuf> {
    let candidates = [
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/transcripts"),
        PathBuf::from(
            std::env::var("TRANSCRIPTS_DIR")
                .unwrap_or_else(|_| "/work/shared/protocol/transcripts".into()),
        ),
    ];
    candidates
        .into_iter()
        .find(|d| d.join("sample3p-game-00.log").exists())
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

/// `SOCGame.updateLongestRoad` over the given lengths (the same rule as the engine's).
fn award(lengths: [u8; 4], holder: Option<usize>) -> Option<usize> {
    let max = *lengths.iter().max().unwrap();
    if max < 5 {
        return None;
    }
    let at_max: Vec<usize> = (0..4).filter(|&i| lengths[i] == max).collect();
    if at_max.len() == 1 {
        Some(at_max[0])
    } else {
        holder.filter(|&h| lengths[h] == max)
    }
}

/// Replays pieces, robber and rolls; returns (rolls checked, first-roll totals checked,
/// longest-road announcements checked).
fn replay(text: &str) -> (usize, usize, usize) {
    let msgs = messages(text);
    let mut board = None;
    let mut settlements = BySeat([catan_bot::game::NodeSet::EMPTY; 4]);
    let mut cities = settlements;
    let mut roads = BySeat([catan_bot::game::EdgeSet::EMPTY; 4]);
    let mut robber = None;
    let mut income = [0u32; 4];
    let mut first_roll_done = false;
    let (mut rolls, mut firsts, mut awards) = (0, 0, 0);
    let mut holder: Option<usize> = None;
    let mut announced: Option<usize> = None;
    let mut knights = [0u8; 4];
    let mut army: Option<usize> = None;
    let mut army_announced: Option<usize> = None;
    for (i, (id, body)) in msgs.iter().enumerate() {
        let f: Vec<&str> = body.split(',').collect();
        if *id == 1009 {
            assert_eq!(holder, announced, "longest road before message {i}");
        }
        match id {
            1096 => {
                let p: Vec<&str> = body.split('|').skip(1).collect();
                for pair in p.chunks(2) {
                    if pair[0] == "5" {
                        army_announced = usize::try_from(pair[1].parse::<i32>().unwrap()).ok();
                        assert_eq!(army, army_announced, "largest army at message {i}");
                        awards += 1;
                    }
                    if pair[0] == "6" {
                        let pn: i32 = pair[1].parse().unwrap();
                        announced = usize::try_from(pn).ok();
                        assert_eq!(holder, announced, "longest road at message {i}");
                        awards += 1;
                    }
                }
            }
            1014 => {
                let v = ints(&f[1..]);
                if v[..37].iter().any(|&h| h != 6) {
                    let b = Board::from_server_layout(&v[..37], &v[37..74], v[74]).unwrap();
                    robber = Some(b.robber_start);
                    board = Some(b);
                }
            }
            1009 => {
                let v = ints(&f[1..]);
                let seat = Seat::new(v[0] as usize);
                match v[1] {
                    0 => roads[seat].insert(EdgeId::from_server(v[2]).unwrap()),
                    1 => {
                        let n = NodeId::from_server(v[2]).unwrap();
                        if settlements[seat].len() == 1 && roads[seat].len() == 1 {
                            // Second initial settlement: one card per adjacent land hex.
                            let b = board.unwrap();
                            income[seat.index()] = catan_bot::game::topology::topology()
                                .node_hexes(n)
                                .filter(|h| b.hex_resource[h.index()].is_some())
                                .count() as u32;
                        }
                        settlements[seat].insert(n);
                    }
                    2 => {
                        let n = NodeId::from_server(v[2]).unwrap();
                        settlements[seat].remove(n);
                        cities[seat].insert(n);
                    }
                    _ => {}
                }
                let occupied = (0..4).fold(catan_bot::game::NodeSet::EMPTY, |a, k| {
                    a | settlements.0[k] | cities.0[k]
                });
                let lengths: [u8; 4] = std::array::from_fn(|k| {
                    let own = settlements.0[k] | cities.0[k];
                    catan_bot::game::longest_road(roads.0[k], occupied - own)
                });
                holder = award(lengths, holder);
            }
            1046 => {
                let v = ints(&f[1..]);
                if v[1] == 1 && v[2] == 9 {
                    let pn = v[0] as usize;
                    knights[pn] += 1;
                    // SOCGame.updateLargestArmy: at least 3 and more than the holder.
                    let size = army.map_or(2, |h| knights[h]);
                    if knights[pn] > size {
                        army = Some(pn);
                    }
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
                let mut setup =
                    State::new(board.unwrap(), Rules::default(), Seat::new(0)).to_setup();
                setup.settlements = settlements;
                setup.cities = cities;
                setup.roads = roads;
                setup.robber = robber.unwrap();
                setup.phase = Phase::RollOrCard;
                setup.turn = 1;
                let mut st = from_setup_any_road_holder(&mut setup);
                st.apply_with(
                    Action::Roll,
                    Outcome {
                        dice: Some(d as u8),
                        ..Outcome::default()
                    },
                );
                for s in Seat::all() {
                    assert_eq!(
                        st.hand(s),
                        reported[s.index()],
                        "roll {d} at message {i}, {s:?}"
                    );
                }
                rolls += 1;
                if !first_roll_done {
                    first_roll_done = true;
                    for s in Seat::all() {
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
    assert_eq!(holder, announced, "longest road at the end");
    assert_eq!(army, army_announced, "largest army at the end");
    (rolls, firsts, awards)
}

/// The longest-road holder depends on history; try each seat until the setup is consistent.
fn from_setup_any_road_holder(setup: &mut Setup) -> State {
    for holder in [None, Some(0), Some(1), Some(2), Some(3)] {
        setup.longest_road = holder.map(Seat::new);
        match State::from_setup(setup) {
            Ok(st) => return st,
            Err(SetupError::LongestRoad) => continue,
            Err(e) => panic!("{e}"),
        }
    }
    panic!("no longest-road holder fits");
}

#[test]
fn production_and_awards_match_recorded_server_games() {
    let Some(dir) = transcript_dir() else {
        println!("SKIPPED: no transcripts (set TRANSCRIPTS_DIR)");
        return;
    };
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
