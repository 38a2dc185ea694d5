//! Pieces on the board: the initial placements in snake order and every piece put down, with
//! the caches they touch (occupied and blocked nodes, road reach, ports, road lengths).
//! Imports the game vocabulary only.

use super::ids::{EdgeId, NodeId, Seat};
use super::phase::Phase;
use super::resources::Resource;
use super::road::longest_from;
use super::sets::BitSet;
use super::shape::{Part, Shape};
use super::state::State;

impl<S: Shape> State<S> {
    pub(super) fn place_initial_settlement(&mut self, s: Seat, n: NodeId) {
        self.place_settlement(s, n);
        self.settle_area(s, n, true);
        self.last_settlement[s] = Some(n);
        if self.phase == Phase::InitialSettlement2 {
            // The server does not announce this income (guide §0.6).
            let income = self.initial_settlement_income(n);
            for r in Resource::ALL {
                if income[r] > 0 {
                    self.gain(s, r, income[r]);
                }
            }
            self.phase = Phase::InitialRoad2;
            if S::SEA {
                // One free pick per gold hex beside it (`putPieceCommon` in START2A).
                let gold = self.gold_beside(n);
                if let (true, Some(f)) = (gold > 0, self.fleet.get_mut()) {
                    f.gold_owed[s] = gold;
                    self.phase = Phase::PickGold;
                }
            }
        } else {
            self.phase = Phase::InitialRoad1;
        }
    }

    /// Snake order (`SOCGame.advanceTurnStateAfterPutPiece`): round 1 in seat order from the
    /// first player; the last seat places twice in a row; round 2 backwards; the first player
    /// places last and rolls first.
    pub(super) fn advance_initial_placement(&mut self) {
        match self.phase {
            Phase::InitialRoad1 => {
                let next = self.rules.next_seat(self.current);
                if next == self.first_player {
                    self.phase = Phase::InitialSettlement2;
                } else {
                    self.current = next;
                    self.phase = Phase::InitialSettlement1;
                }
            }
            Phase::InitialRoad2 => {
                if self.current == self.first_player {
                    self.phase = Phase::RollOrCard;
                    self.turn = 1;
                } else {
                    self.current = self.rules.prev_seat(self.current);
                    self.phase = Phase::InitialSettlement2;
                }
            }
            _ => unreachable!("initial road outside initial placement"),
        }
    }

    pub(super) fn place_settlement(&mut self, s: Seat, n: NodeId) {
        let topo = S::topology();
        self.settlements[s].insert(n);
        self.occupy(s, n);
        // A settlement may cut opponents' roads (SOCGame.putPieceCommon → updateLongestRoad).
        let mut changed = false;
        for o in self.seats() {
            if o != s && self.road_nodes[o].contains(n) {
                // Opponents can no longer build roads onward from this node.
                self.update_road_reach(o);
            }
            // Only a node inside a trail (two or more of the opponent's roads) can cut it.
            if o != s && (topo.node_edge_set[n.index()] & self.roads[o]).len() >= 2 {
                self.update_road_len(o);
                changed = true;
            }
        }
        if let Some(f) = self.fleet.get() {
            // An own building joins the seat's roads and ships into one route.
            if !f.ships[s].is_empty() && !self.roads[s].is_empty() {
                self.update_road_len(s);
                changed = true;
            }
            // Opponents' ships are cut the same way (a route counts roads and ships).
            let f = self.fleet.get().expect("a sea board");
            let ships = f.ships;
            let ship_nodes = f.ship_nodes;
            for o in self.seats() {
                if o == s {
                    continue;
                }
                if ship_nodes[o].contains(n) {
                    self.update_ship_reach(o);
                }
                let routes = self.roads[o] | ships[o];
                if !ships[o].is_empty() && (topo.node_edge_set[n.index()] & routes).len() >= 2 {
                    self.update_road_len(o);
                    changed = true;
                }
            }
        }
        if changed {
            self.update_longest_road_award();
        }
    }

    /// A new building of `s` on `n` (its settlement or city already in the piece sets): the
    /// node occupied, it and its neighbours closed to settling, its edges in `s`'s road
    /// reach, `s`'s ports.
    #[inline]
    pub(super) fn occupy(&mut self, s: Seat, n: NodeId) {
        let topo = S::topology();
        self.occupied.insert(n);
        self.blocked |= topo.node_neighbours[n.index()] | S::Nodes::single(n);
        self.road_reach[s] |= topo.node_edge_set[n.index()];
        if let Some(f) = self.fleet.get_mut() {
            f.ship_reach[s] |= topo.node_edge_set[n.index()];
        }
        self.update_ports(s);
    }

    pub(super) fn place_road(&mut self, s: Seat, e: EdgeId) {
        let topo = S::topology();
        let old_roads = self.roads[s];
        let old_nodes = self.road_nodes[s];
        self.roads[s].insert(e);
        self.all_roads.insert(e);
        self.road_nodes[s] |= topo.edge_node_set[e.index()];
        let [a, b] = topo.edge_nodes[e.index()];
        let opponents = self.occupied - self.settlements[s] - self.cities[s];
        for n in [a, b] {
            if !opponents.contains(n) {
                self.road_reach[s] |= topo.node_edge_set[n.index()];
            }
        }
        if S::SEA {
            // Roads and ships make one route: recount it whole.
            self.update_road_len(s);
        } else if old_nodes.contains(a) && old_nodes.contains(b) {
            // Closing a loop or joining branches: recompute.
            self.update_road_len(s);
        } else {
            // One end is new to the network, so a trail using `e` ends there: the longest
            // such trail is `e` plus the longest trail starting at the other end.
            let inner = if old_nodes.contains(a) { a } else { b };
            let blockers = self.occupied - self.settlements[s] - self.cities[s];
            let through = if blockers.contains(inner) {
                1
            } else {
                1 + longest_from::<S>(old_roads, blockers, inner)
            };
            self.road_len[s] = self.road_len[s].max(through);
        }
        self.update_longest_road_award();
    }
}
