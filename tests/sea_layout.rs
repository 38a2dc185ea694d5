//! The engine's own deal of the server's sea board without a scenario
//! (`Board::random_sea`, `random_sea6`) against the boards real servers dealt in recorded
//! games (2.6.10 and the 2.7 head, 4 and 6 players): the same geometry (board size, land and
//! water, legal nodes by land area, the starting area, road and ship edges, port edges), the
//! same counts of each hex type, dice number and port type; and fresh deals differ.

use catan_bot::game::{BitSet, Board, PortKind, Resource, Sea, Sea6, Shape};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::BTreeMap;

#[path = "support/sea_fixture.rs"]
mod sea_fixture;

const FOUR: [&str; 2] = [
    sea_fixture::SEA_4P,
    "tests/fixtures/transcripts/sea/observer-2.7-sea-4p-botsonly-2.log",
];
const SIX: [&str; 2] = [
    sea_fixture::SEA_6P,
    "tests/fixtures/transcripts/sea/observer-2.7-sea-6p-botsonly-3.log",
];

/// What two deals of one layout share, whatever the shuffle.
#[derive(PartialEq, Eq, Debug)]
struct Geometry {
    size: (u8, u8),
    land: Vec<i32>,
    water: usize,
    gold: usize,
    areas: Vec<u8>,
    start: usize,
    roads: usize,
    ships: usize,
    port_edges: Vec<u16>,
    /// Hexes of each resource (None: desert or gold).
    kinds: BTreeMap<Option<Resource>, usize>,
    numbers: BTreeMap<u8, usize>,
    ports: BTreeMap<PortKind, usize>,
}

fn geometry<S: Shape>(b: &Board<S>) -> Geometry {
    let topo = S::topology();
    let l = b.sea().expect("a sea board");
    let mut land: Vec<i32> = l.land.into_iter().map(|h| topo.hex_to_server(h)).collect();
    land.sort_unstable();
    let mut kinds = BTreeMap::new();
    let mut numbers = BTreeMap::new();
    for h in l.land {
        *kinds.entry(b.hex_resource[h.index()]).or_insert(0) += 1;
        *numbers.entry(b.hex_number[h.index()]).or_insert(0) += 1;
    }
    let mut ports = BTreeMap::new();
    for &k in b.port_kinds() {
        *ports.entry(k).or_insert(0) += 1;
    }
    let mut port_edges: Vec<u16> = (0..b.port_kinds().len())
        .map(|p| l.port_edges[p].0)
        .collect();
    port_edges.sort_unstable();
    Geometry {
        size: (l.height, l.width),
        land,
        water: l.water.len(),
        gold: l.gold.len(),
        areas: topo.nodes().map(|n| l.area[n.index()]).collect(),
        start: l.start_nodes.len(),
        roads: l.road_edges.len(),
        ships: l.ship_edges.len(),
        port_edges,
        kinds,
        numbers,
        ports,
    }
}

fn same_as_recorded<S: Shape>(paths: [&str; 2], deal: fn(&mut SmallRng) -> Board<S>) {
    let mut rng = SmallRng::seed_from_u64(27);
    let mine: Vec<Board<S>> = (0..50).map(|_| deal(&mut rng)).collect();
    for path in paths {
        let server: Board<S> = sea_fixture::read(path).board();
        let want = geometry(&server);
        for b in &mine {
            assert_eq!(geometry(b), want, "{path}");
        }
    }
    // The deals are shuffled: resources, numbers and ports move between hexes.
    let distinct: std::collections::BTreeSet<_> = mine
        .iter()
        .map(|b| (b.hex_resource, b.hex_number, b.port_kinds().to_vec()))
        .map(|k| format!("{k:?}"))
        .collect();
    assert!(
        distinct.len() >= 45,
        "{} distinct deals of 50",
        distinct.len()
    );
}

#[test]
fn the_four_player_sea_board_is_the_servers() {
    same_as_recorded::<Sea>(FOUR, Board::random_sea);
}

#[test]
fn the_six_player_sea_board_is_the_servers() {
    same_as_recorded::<Sea6>(SIX, Board::random_sea6);
}

/// The server's rules for a deal, checked on many: no two gold hexes touch, no 6 or 8 touches
/// another, the robber starts on a mainland desert.
#[test]
fn deals_keep_golds_and_red_numbers_apart() {
    fn check<S: Shape>(b: &Board<S>) {
        let topo = S::topology();
        let l = b.sea().unwrap();
        for h in l.land {
            for g in topo.hex_neighbours[h.index()] {
                if l.gold.contains(h) {
                    assert!(!l.gold.contains(g), "golds touch");
                }
                let red = |x: catan_bot::game::HexId| matches!(b.hex_number[x.index()], 6 | 8);
                assert!(!(red(h) && red(g)), "6 or 8 beside 6 or 8");
            }
        }
        let r = b.robber_start;
        assert!(b.hex_resource[r.index()].is_none() && !l.gold.contains(r));
        assert_eq!(
            l.area[topo.hex_node_set[r.index()].first().unwrap().index()],
            1
        );
    }
    let mut rng = SmallRng::seed_from_u64(5);
    for _ in 0..200 {
        check(&Board::random_sea(&mut rng));
        check(&Board::random_sea6(&mut rng));
    }
}
