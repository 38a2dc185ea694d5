//! The sea boards: the recorded 2.6.10 layouts decode with the counts the server's messages
//! state, and the ship, ship-move, trade-route, pirate, placement and land-area rules hold
//! on the recorded 4-player board.

use catan_bot::game::{
    longest_route_on, Action, ActionList, BitSet, Board, EdgeId, Fleet, HexId, NodeId, Phase,
    Present, ResourceSet, Rules, Sea, Sea6, Seat, Setup, Shape, State, MAX_SHIPS,
};
use std::collections::BTreeSet;

#[path = "support/sea_fixture.rs"]
mod sea_fixture;

fn check_layout<S: Shape>(path: &str, want: (usize, usize, usize, usize)) {
    let rec = sea_fixture::read(path);
    let board: Board<S> = rec.board();
    let l = board.sea().expect("a sea board");
    let topo = S::topology();
    // What the messages state.
    let lh = &rec.parts["LH"];
    let pl = &rec.parts["PL"];
    let legal: BTreeSet<i32> = rec.areas.iter().flatten().copied().collect();
    assert_eq!(rec.areas.len() as i32, rec.area_count);
    assert_eq!(l.land.len(), lh.len() / 3, "land hexes");
    assert_eq!(board.port_kinds().len(), pl.len() / 3, "ports");
    assert_eq!(l.nodes.len(), legal.len(), "legal nodes");
    let start = &rec.areas[rec.starting_area as usize - 1];
    assert_eq!(l.start_nodes.len(), start.len(), "starting area");
    assert_eq!(
        (
            l.land.len(),
            board.port_kinds().len(),
            l.nodes.len(),
            start.len()
        ),
        want,
        "{path}"
    );
    // Coordinates round-trip, areas as sent.
    for (a, nodes) in rec.areas.iter().enumerate() {
        for &c in nodes {
            let n = topo.node_from_server(c).unwrap();
            assert_eq!(topo.node_to_server(n), c);
            assert_eq!(usize::from(l.area[n.index()]), a + 1);
        }
    }
    // Every legal node is a corner of a land hex; every land hex has a legal corner.
    for n in l.nodes {
        assert!(topo.node_hexes(n).intersects(l.land), "{n:?}");
    }
    for h in l.land {
        assert!(topo.hex_node_set[h.index()].intersects(l.nodes), "{h:?}");
    }
    // Roads join legal nodes beside land; ships lie beside water; coasts take both.
    for e in l.road_edges {
        assert!((topo.edge_node_set[e.index()] - l.nodes).is_empty());
        assert!(topo.edge_hex_set[e.index()].intersects(l.land));
    }
    for e in l.ship_edges {
        let sides = topo.edge_hex_set[e.index()];
        assert!(sides.intersects(l.water) || sides.len() < 2 || !sides.intersects(l.land));
    }
    assert!(!(l.road_edges & l.ship_edges).is_empty(), "coastal edges");
    // Each port's nodes are two legal nodes joined by its edge.
    for p in 0..board.port_kinds().len() {
        assert_eq!(board.port_nodes(p).len(), 2, "port {p}");
        assert!((board.port_nodes(p) - l.nodes).is_empty(), "port {p}");
    }
    assert!(l.land.contains(board.robber_start));
    assert_eq!(
        topo.hex_to_server(board.robber_start),
        rec.parts["RH"][0],
        "robber"
    );
    // Gold hexes as sent (type 7).
    let gold = lh.chunks(3).filter(|t| t[1] == 7).count();
    assert_eq!(l.gold.len(), gold);
    println!(
        "{path}: {}x{}, {} land hexes ({} gold), {} water, {} ports, {} legal nodes in {} areas, \
         {} road edges, {} ship edges",
        rec.height,
        rec.width,
        l.land.len(),
        gold,
        l.water.len(),
        board.port_kinds().len(),
        l.nodes.len(),
        rec.areas.len(),
        l.road_edges.len(),
        l.ship_edges.len()
    );
}

#[test]
fn recorded_layouts_decode_with_the_servers_counts() {
    check_layout::<Sea>(sea_fixture::SEA_4P, (33, 13, 111, 54));
    check_layout::<Sea6>(sea_fixture::SEA_6P, (51, 16, 158, 80));
}

fn board() -> Board<Sea> {
    sea_fixture::read(sea_fixture::SEA_4P).board()
}

/// A coastal node of the starting area: one with a legal road edge and a legal ship edge
/// whose far end has another ship edge (room for a route of ships).
fn coastal_node(b: &Board<Sea>) -> (NodeId, EdgeId, EdgeId) {
    let topo = Sea::topology();
    let l = b.sea().unwrap();
    for n in l.start_nodes {
        for e in topo.node_edges(n) {
            if !l.ship_edges.contains(e) || l.road_edges.contains(e) {
                continue;
            }
            let m = topo.other_end(e, n);
            if let Some(f) = topo
                .node_edges(m)
                .find(|&f| f != e && l.ship_edges.contains(f) && !l.road_edges.contains(f))
            {
                if topo.node_edges(n).any(|r| l.road_edges.contains(r)) {
                    return (n, e, f);
                }
            }
        }
    }
    panic!("no coastal node");
}

/// Seat 0 to play in `Main` (dice 8) with a settlement on `n` and `hand`.
fn main_phase(b: Board<Sea>, n: NodeId, hand: ResourceSet) -> Setup<Sea> {
    let mut s = State::new(b, Rules::default(), Seat::new(0)).to_setup();
    s.phase = Phase::Main;
    s.dice = 8;
    s.turn = 5;
    s.settlements.0[0].insert(n);
    s.hands.0[0] = hand;
    s
}

fn actions(st: &State<Sea>) -> Vec<Action> {
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    l.to_vec()
}

const SHIP: ResourceSet = ResourceSet::new(0, 0, 1, 0, 1);

#[test]
fn ships_are_built_from_a_coastal_settlement_and_extend_ships_only() {
    let b = board();
    let topo = Sea::topology();
    let l = *b.sea().unwrap();
    let (n, e, f) = coastal_node(&b);
    let mut st = State::from_setup(&main_phase(b, n, SHIP)).unwrap();
    let acts = actions(&st);
    // Ships on every free legal ship edge at the settlement, no road without clay.
    for x in topo.node_edges(n) {
        assert_eq!(
            acts.contains(&Action::BuildShip(x)),
            l.ship_edges.contains(x),
            "{x:?}"
        );
    }
    assert!(!acts.iter().any(|a| matches!(a, Action::BuildRoad(_))));
    st.apply(Action::BuildShip(e), &mut rand::thread_rng());
    assert_eq!(st.ships(Seat::new(0)), <Sea as Shape>::Edges::single(e));
    assert_eq!(st.hand(Seat::new(0)), ResourceSet::EMPTY);
    assert_eq!(st.ships_left(Seat::new(0)), MAX_SHIPS - 1);
    // The ship's far end extends ships, not roads.
    let m = topo.other_end(e, n);
    assert!(st.ship_spots(Seat::new(0)).contains(f));
    let road_at_m = topo
        .node_edges(m)
        .filter(|&x| x != e)
        .any(|x| st.road_spots(Seat::new(0)).contains(x) && !topo.node_edges(n).any(|y| y == x));
    assert!(!road_at_m, "a road may not continue a ship");
    // A ship on a road's edge is never offered, nor a road on a ship's.
    assert!(!st.road_spots(Seat::new(0)).contains(e));
    // Same rules after a round trip.
    assert_eq!(State::from_setup(&st.to_setup()).unwrap(), st);
}

#[test]
fn a_ship_moves_once_a_turn_from_an_open_end_and_not_the_turn_it_was_built() {
    let b = board();
    let topo = Sea::topology();
    let (n, e, f) = coastal_node(&b);
    let mut s = main_phase(b, n, SHIP);
    s.sea.0.ships.0[0].insert(e);
    s.sea.0.ships.0[0].insert(f);
    let mut st = State::from_setup(&s).unwrap();
    // Only the open end (f) moves; e is between the settlement and f.
    assert_eq!(st.movable_ships(), <Sea as Shape>::Edges::single(f));
    let targets = st.ship_move_targets(f);
    assert!(!targets.is_empty());
    assert!(!targets.contains(f));
    // Each target touches the settlement or the remaining ship.
    for t in targets {
        let ends = topo.edge_node_set[t.index()];
        assert!(ends.contains(n) || ends.intersects(topo.edge_node_set[e.index()]));
    }
    let to = targets.first().unwrap();
    assert!(actions(&st).contains(&Action::MoveShip { from: f, to }));
    st.apply(Action::MoveShip { from: f, to }, &mut rand::thread_rng());
    assert!(st.ships(Seat::new(0)).contains(to) && !st.ships(Seat::new(0)).contains(f));
    assert_eq!(st.ships(Seat::new(0)).len(), 2);
    // One move a turn.
    assert!(st.movable_ships().is_empty());
    assert!(!actions(&st)
        .iter()
        .any(|a| matches!(a, Action::MoveShip { .. })));
    // A ship built this turn stays put.
    let mut s2 = State::from_setup(&main_phase(board(), n, SHIP)).unwrap();
    s2.apply(Action::BuildShip(e), &mut rand::thread_rng());
    assert!(s2.movable_ships().is_empty());
    // Next turn it may move.
    s2.begin_turn(Seat::new(0), Some(Phase::Main));
    s2.set_dice(8);
    assert_eq!(s2.movable_ships(), <Sea as Shape>::Edges::single(e));
}

/// A trail of `len` edges from `start` along `allowed`, starting with `first`.
fn walk(start: NodeId, first: EdgeId, allowed: <Sea as Shape>::Edges, len: usize) -> Vec<EdgeId> {
    let topo = Sea::topology();
    let mut out = vec![first];
    let mut at = topo.other_end(first, start);
    let mut seen = vec![start, at];
    while out.len() < len {
        let next = topo.node_edges(at).find(|&x| {
            allowed.contains(x) && !out.contains(&x) && !seen.contains(&topo.other_end(x, at))
        });
        let Some(x) = next else { break };
        at = topo.other_end(x, at);
        seen.push(at);
        out.push(x);
    }
    out
}

#[test]
fn the_trade_route_joins_roads_and_ships_only_at_own_buildings() {
    let b = board();
    let topo = Sea::topology();
    let l = *b.sea().unwrap();
    // A node of the starting area with two roads one way and three ships the other.
    let (n, roads, ships) = l
        .start_nodes
        .into_iter()
        .find_map(|n| {
            let e = topo.node_edges(n).find(|&e| l.ship_edges.contains(e))?;
            let ships: <Sea as Shape>::Edges = walk(n, e, l.ship_edges - l.road_edges, 3)
                .into_iter()
                .collect();
            let r0 = topo
                .node_edges(n)
                .find(|&x| x != e && l.road_edges.contains(x))?;
            let roads: <Sea as Shape>::Edges =
                walk(n, r0, l.road_edges - ships, 2).into_iter().collect();
            let apart = (roads_nodes(roads) & roads_nodes(ships)).len() == 1;
            (roads.len() == 2 && ships.len() == 3 && apart).then_some((n, roads, ships))
        })
        .unwrap();
    assert_eq!((roads.len(), ships.len()), (2, 3));
    let none = <Sea as Shape>::Nodes::EMPTY;
    let own = <Sea as Shape>::Nodes::single(n);
    assert_eq!(longest_route_on::<Sea>(roads, ships, own, none), 5);
    assert_eq!(longest_route_on::<Sea>(roads, ships, none, none), 3);
    assert_eq!(
        longest_route_on::<Sea>(roads, <Sea as Shape>::Edges::EMPTY, own, none),
        2
    );
    // An opponent's building at the far end of the ships cuts nothing; at the join, all.
    assert_eq!(longest_route_on::<Sea>(roads, ships, none, own), 3);
    // The state keeps the route length: settlement on n, both branches built.
    let mut s = main_phase(b, n, ResourceSet::EMPTY);
    s.roads.0[0] = roads;
    s.sea.0.ships.0[0] = ships;
    assert!(
        State::from_setup(&s).is_err(),
        "a route of 5 holds the award"
    );
    s.longest_road = Some(Seat::new(0));
    let st = State::from_setup(&s).unwrap();
    assert_eq!(st.longest_road_length(Seat::new(0)), 5);
    assert_eq!(st.longest_road_holder(), Some(Seat::new(0)));
    assert_eq!(st.public_vp(Seat::new(0)), 3);
}

/// The nodes of some edges.
fn roads_nodes(edges: <Sea as Shape>::Edges) -> <Sea as Shape>::Nodes {
    let topo = Sea::topology();
    edges
        .into_iter()
        .fold(<Sea as Shape>::Nodes::EMPTY, |m, e| {
            m | topo.edge_node_set[e.index()]
        })
}

/// A water hex beside the ship edge `e`.
fn water_beside(b: &Board<Sea>, e: EdgeId) -> HexId {
    let l = b.sea().unwrap();
    (Sea::topology().edge_hex_set[e.index()] & l.water)
        .first()
        .unwrap()
}

#[test]
fn the_pirate_robs_ship_owners_and_blocks_ships_beside_it() {
    let b = board();
    let topo = Sea::topology();
    let (n, e, f) = coastal_node(&b);
    // Seat 1 owns the settlement and the ships; seat 0 places the robber or the pirate.
    let mut s = main_phase(b, n, ResourceSet::EMPTY);
    s.settlements.0[0] = <Sea as Shape>::Nodes::EMPTY;
    s.settlements.0[1].insert(n);
    s.sea.0.ships.0[1].insert(e);
    s.hands.0[1] = ResourceSet::new(0, 0, 0, 2, 0);
    s.phase = Phase::PlacingRobber;
    let st = State::from_setup(&s).unwrap();
    let acts = actions(&st);
    // Robber to land hexes, pirate to water hexes.
    let l = *st.board().sea().unwrap();
    for a in &acts {
        match *a {
            Action::MoveRobber(h) => assert!(l.land.contains(h) && !l.water.contains(h)),
            Action::MovePirate(h) => assert!(l.water.contains(h)),
            _ => panic!("{a:?}"),
        }
    }
    assert_eq!(
        acts.iter()
            .filter(|a| matches!(a, Action::MovePirate(_)))
            .count(),
        l.water.len()
    );
    let beside_e = (topo.edge_hex_set[e.index()] & l.water).first().unwrap();
    assert!(st.pirate_victims_at(beside_e)[1]);
    let mut st2 = st.clone();
    st2.apply(Action::MovePirate(beside_e), &mut rand::thread_rng());
    assert_eq!(st2.pirate(), Some(beside_e));
    assert_eq!(st2.hand(Seat::new(1)).total(), 1, "one card stolen");
    assert_eq!(st2.hand(Seat::new(0)).total(), 1);
    assert_eq!(st2.phase(), Phase::Main);
    // No ship is built beside the pirate.
    assert!((st2.ship_spots(Seat::new(1)) & topo.hex_edge_set[beside_e.index()]).is_empty());
    // Away from it, the ship at e extends.
    let mut st3 = st.clone();
    let far = l
        .water
        .into_iter()
        .find(|&h| {
            !topo.hex_edge_set[h.index()].intersects(topo.node_edge_set[n.index()])
                && !topo.hex_edge_set[h.index()].contains(e)
                && !topo.hex_edge_set[h.index()].contains(f)
        })
        .unwrap();
    st3.apply(Action::MovePirate(far), &mut rand::thread_rng());
    assert_eq!(st3.hand(Seat::new(1)).total(), 2, "nobody beside it");
    assert!(st3.ship_spots(Seat::new(1)).contains(f));
    // A ship beside the pirate does not move: seat 0's ships e and f, pirate by f.
    let mut s4 = main_phase(board(), n, ResourceSet::EMPTY);
    s4.sea.0.ships.0[0] = [e, f].into_iter().collect();
    assert_eq!(
        State::from_setup(&s4).unwrap().movable_ships(),
        <Sea as Shape>::Edges::single(f)
    );
    s4.sea.0.pirate = Some(water_beside(&board(), f));
    assert!(State::from_setup(&s4).unwrap().movable_ships().is_empty());
}

#[test]
fn initial_placement_keeps_to_the_starting_area_and_may_start_with_a_ship() {
    let b = board();
    let l = *b.sea().unwrap();
    let (n, e, _) = coastal_node(&b);
    let st = State::new(b, Rules::default(), Seat::new(0));
    let acts = actions(&st);
    assert_eq!(acts.len(), l.start_nodes.len());
    assert!(acts
        .iter()
        .all(|a| matches!(a, Action::PlaceInitialSettlement(x) if l.start_nodes.contains(*x))));
    let mut st = st;
    st.apply(Action::PlaceInitialSettlement(n), &mut rand::thread_rng());
    let acts = actions(&st);
    assert!(acts.contains(&Action::BuildShip(e)));
    assert!(acts
        .iter()
        .any(|a| matches!(a, Action::PlaceInitialRoad(x) if l.road_edges.contains(*x))));
    st.apply(Action::BuildShip(e), &mut rand::thread_rng());
    assert_eq!(st.ships(Seat::new(0)).len(), 1);
    assert_eq!(st.phase(), Phase::InitialSettlement1);
    assert_eq!(st.current_player(), Seat::new(1));
}

#[test]
fn settling_a_new_land_area_gives_special_points_once_per_area() {
    let b = board();
    let topo = Sea::topology();
    let l = *b.sea().unwrap();
    // A coastal node of area 2, and two ships from it out to a settlement of seat 0.
    let (target, route) = l
        .nodes
        .into_iter()
        .filter(|&x| l.area[x.index()] == 2)
        .find_map(|x| {
            let e = topo.node_edges(x).find(|&e| l.ship_edges.contains(e))?;
            let w = walk(x, e, l.ship_edges, 2);
            (w.len() == 2).then_some((x, w))
        })
        .unwrap();
    let mut at = target;
    for &e in &route {
        at = topo.other_end(e, at);
    }
    // Area 2 gives 2 points under _SC_SEAC, none when it is the area that gives none (SC_TTD's
    // desert strip).
    for (each_area, no_svp_area) in [(false, 0), (true, 0), (true, 2)] {
        let rules = Rules {
            svp_each_new_area: each_area,
            no_svp_area,
            ..Rules::default()
        };
        let mut s = State::new(b, rules, Seat::new(0)).to_setup();
        s.phase = Phase::Main;
        s.dice = 8;
        s.turn = 5;
        s.settlements.0[0].insert(at);
        s.hands.0[0] = ResourceSet::new(1, 0, 1, 1, 1);
        let mut fleet = Fleet::<Sea>::default();
        fleet.home_areas.0[0] = 1; // area 1, as an initial settlement there records
        fleet.ships.0[0] = route.iter().copied().collect();
        s.sea = Present(fleet);
        let mut st = State::from_setup(&s).unwrap();
        assert!(st.settlement_spots(Seat::new(0)).contains(target));
        let before = st.public_vp(Seat::new(0));
        st.apply(Action::BuildSettlement(target), &mut rand::thread_rng());
        let svp = if each_area && no_svp_area != 2 { 2 } else { 0 };
        assert_eq!(st.special_vp(Seat::new(0)), svp);
        assert_eq!(st.public_vp(Seat::new(0)), before + 1 + svp);
    }
}

/// Every piece the server put down in the recorded games stands where the decoded board
/// allows that piece: roads on road edges, ships on ship edges, buildings on legal nodes.
fn check_recorded_pieces<S: Shape>(path: &str) -> usize {
    let rec = sea_fixture::read(path);
    let board: Board<S> = rec.board();
    let l = board.sea().unwrap();
    let topo = S::topology();
    let text = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    for line in text.lines().filter(|x| x.starts_with("< 1009|")) {
        let f: Vec<i32> = line
            .split(',')
            .skip(1)
            .map(|x| x.parse().unwrap())
            .collect();
        let (kind, c) = (f[1], f[2]);
        let ok = match kind {
            0 => topo
                .edge_from_server(c)
                .is_some_and(|e| l.road_edges.contains(e)),
            1 | 2 => topo
                .node_from_server(c)
                .is_some_and(|x| l.nodes.contains(x)),
            3 => topo
                .edge_from_server(c)
                .is_some_and(|e| l.ship_edges.contains(e)),
            _ => true,
        };
        assert!(ok, "{path}: piece {kind} at {c:#x}");
        n += 1;
    }
    n
}

#[test]
fn recorded_pieces_stand_on_legal_spots() {
    assert!(check_recorded_pieces::<Sea>(sea_fixture::SEA_4P) > 40);
    assert!(check_recorded_pieces::<Sea6>(sea_fixture::SEA_6P) > 40);
}

#[test]
fn gold_hexes_give_free_picks_when_rolled_and_at_the_second_settlement() {
    use catan_bot::game::Outcome;
    let b = board();
    let topo = Sea::topology();
    let l = *b.sea().unwrap();
    let g = l.gold.first().expect("the recorded board has gold");
    let d = b.hex_number[g.index()];
    assert!(d >= 2);
    let n = (topo.hex_node_set[g.index()] & l.nodes).first().unwrap();
    // Seat 0's settlement and seat 1's city beside the gold hex (two corners apart).
    let m = (topo.hex_node_set[g.index()] & l.nodes)
        .into_iter()
        .find(|&m| m != n && !topo.node_neighbours[n.index()].contains(m))
        .unwrap();
    let mut s = State::new(b, Rules::default(), Seat::new(0)).to_setup();
    s.phase = Phase::RollOrCard;
    s.turn = 5;
    s.settlements.0[0].insert(n);
    s.cities.0[1].insert(m);
    s.robber = l.land.into_iter().find(|&h| h != g).unwrap();
    let mut st = State::from_setup(&s).unwrap();
    st.apply_with(
        Action::Roll,
        Outcome {
            dice: Some(d),
            ..Outcome::default()
        },
    );
    assert_eq!(st.phase(), Phase::PickGold);
    assert_eq!(
        (st.gold_owed(Seat::new(0)), st.gold_owed(Seat::new(1))),
        (1, 2)
    );
    assert_eq!(st.to_move(), Seat::new(0));
    assert_eq!(actions(&st).len(), 5);
    assert_eq!(State::from_setup(&st.to_setup()).unwrap(), st);
    let before = st.hand(Seat::new(0)).total();
    st.apply(
        Action::PickGold(ResourceSet::new(0, 1, 0, 0, 0)),
        &mut rand::thread_rng(),
    );
    assert_eq!(st.hand(Seat::new(0)).total(), before + 1);
    assert_eq!(st.to_move(), Seat::new(1));
    assert_eq!(actions(&st).len(), 15, "two picks of five kinds");
    assert!(!st.is_legal(Action::PickGold(ResourceSet::new(0, 1, 0, 0, 0))));
    st.apply(
        Action::PickGold(ResourceSet::new(2, 0, 0, 0, 0)),
        &mut rand::thread_rng(),
    );
    assert_eq!(st.phase(), Phase::Main);
    // The robber on the gold hex blocks it.
    s.robber = g;
    let mut st = State::from_setup(&s).unwrap();
    st.apply_with(
        Action::Roll,
        Outcome {
            dice: Some(d),
            ..Outcome::default()
        },
    );
    assert_eq!(st.phase(), Phase::Main);
    // A second initial settlement beside gold picks before its road (on this board the
    // gold is off the starting island: open every legal node to placement).
    let mut open = board();
    open.land.0.start_nodes = l.nodes;
    let mut s = State::new(open, Rules::default(), Seat::new(0)).to_setup();
    s.phase = Phase::InitialSettlement2;
    let mut st = State::from_setup(&s).unwrap();
    st.apply(Action::PlaceInitialSettlement(n), &mut rand::thread_rng());
    let gold_beside = (topo.node_hexes(n) & l.gold).len() as u8;
    assert_eq!(st.phase(), Phase::PickGold);
    assert_eq!(st.gold_owed(Seat::new(0)), gold_beside);
    let pick = ResourceSet::new(0, 0, gold_beside, 0, 0);
    st.apply(Action::PickGold(pick), &mut rand::thread_rng());
    assert_eq!(st.phase(), Phase::InitialRoad2);
}

#[test]
fn a_mirror_puts_and_moves_ships_by_the_piece_rules() {
    let b = board();
    let topo = Sea::topology();
    let (n, e, f) = coastal_node(&b);
    let mut st = State::from_setup(&main_phase(b, n, ResourceSet::EMPTY)).unwrap();
    // Not connected yet, then connected.
    assert!(st.put_ship(Seat::new(0), f).is_err());
    st.put_ship(Seat::new(0), e).unwrap();
    assert!(st.put_ship(Seat::new(0), e).is_err(), "taken");
    st.put_ship(Seat::new(0), f).unwrap();
    assert_eq!(st.ships(Seat::new(0)).len(), 2);
    // Built this turn by the current player: not movable.
    assert!(st.movable_ships().is_empty());
    let to = (topo.node_edge_set[n.index()] & st.ship_spots(Seat::new(0)))
        .first()
        .unwrap();
    st.move_ship(Seat::new(0), f, to).unwrap();
    assert!(st.ships(Seat::new(0)).contains(to));
    assert!(
        st.move_ship(Seat::new(0), f, to).is_err(),
        "no ship on f now"
    );
    let w = (topo.edge_hex_set[e.index()] & st.board().sea().unwrap().water)
        .first()
        .unwrap();
    st.set_pirate(Some(w));
    assert_eq!(st.pirate(), Some(w));
    // Every cache as a recomputation has it.
    assert_eq!(State::from_setup(&st.to_setup()).unwrap(), st);
}
