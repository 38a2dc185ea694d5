//! Longest road: the longest trail (no edge used twice) in one player's road network, where an
//! opponent's settlement or city ends a trail. Imports only the game vocabulary.

use super::ids::NodeId;
use super::sets::BitSet;
use super::sets::{EdgeSet, NodeSet};
use super::shape::Classic;
use super::shape::Shape;
use super::topology::Topology;

/// The length of the longest trail of `roads`, not passing through any node in `blockers`
/// (opponents' buildings; a trail may end there). Mirrors `SOCPlayer.calcLongestRoad2`: edges
/// are used at most once, nodes may repeat (loops count fully).
pub fn longest_road(roads: EdgeSet, blockers: NodeSet) -> u8 {
    longest_road_on::<Classic>(roads, blockers)
}

/// [`longest_road`] on a board of shape `S`.
pub fn longest_road_on<S: Shape>(roads: S::Edges, blockers: S::Nodes) -> u8 {
    if roads.is_empty() {
        return 0;
    }
    let topo = S::topology();
    let mut nodes = S::Nodes::EMPTY;
    for e in roads {
        nodes |= topo.edge_node_set[e.index()];
    }
    // Some longest trail starts at a node that is not a plain pass-through: an end (degree 1),
    // a junction (degree 3) or an opponent's building. At a free degree-2 node a trail could
    // always be extended through the other edge, unless the trail is closed — then it can be
    // rotated to start at a junction on it, or it is a whole component that is a pure cycle,
    // which gets one start of its own.
    let mut starts = blockers & nodes;
    for n in nodes {
        if (topo.node_edge_set[n.index()] & roads).len() != 2 {
            starts.insert(n);
        }
    }
    let mut covered = flood(topo, roads, starts);
    while let Some(n) = (nodes - covered).first() {
        starts.insert(n);
        covered |= flood(topo, roads, S::Nodes::single(n));
    }
    let mut best = 0;
    for n in starts {
        let l = dfs(topo, roads, blockers, n, S::Edges::EMPTY);
        if l > best {
            best = l;
            if best as usize == roads.len() {
                break;
            }
        }
    }
    best
}

/// The longest trail of `roads` that starts at `start` (0 if none), not passing through
/// `blockers`.
pub(crate) fn longest_from<S: Shape>(roads: S::Edges, blockers: S::Nodes, start: NodeId) -> u8 {
    dfs(S::topology(), roads, blockers, start, S::Edges::EMPTY)
}

/// The longest trade route of one seat on a sea board (`SOCPlayer.calcLongestRoad2`): the
/// longest trail over its `roads` and `ships`, each edge used once, not passing through
/// `blockers` (opponents' buildings), where a trail turns from a road to a ship or back only
/// at a node in `own` (the seat's settlements and cities). Without ships it is
/// [`longest_road_on`].
pub fn longest_route_on<S: Shape>(
    roads: S::Edges,
    ships: S::Edges,
    own: S::Nodes,
    blockers: S::Nodes,
) -> u8 {
    if ships.is_empty() {
        return longest_road_on::<S>(roads, blockers);
    }
    let topo = S::topology();
    let all = roads | ships;
    let mut nodes = S::Nodes::EMPTY;
    for e in all {
        nodes |= topo.edge_node_set[e.index()];
    }
    let mut best = 0;
    for n in nodes {
        let l = route_dfs(topo, roads, ships, own, blockers, n, None, S::Edges::EMPTY);
        best = best.max(l);
        if best as usize == all.len() {
            break;
        }
    }
    best
}

/// The longest route trail from `at`, having arrived on a ship (`Some(true)`), a road
/// (`Some(false)`) or starting there (`None`).
#[allow(clippy::too_many_arguments)]
fn route_dfs<S: Shape>(
    topo: &Topology<S>,
    roads: S::Edges,
    ships: S::Edges,
    own: S::Nodes,
    blockers: S::Nodes,
    at: NodeId,
    came_by_ship: Option<bool>,
    used: S::Edges,
) -> u8 {
    let at_edges = topo.node_edge_set[at.index()];
    let out = match came_by_ship {
        Some(ship) if !own.contains(at) => {
            let kind = if ship { ships } else { roads };
            at_edges & (kind - used)
        }
        _ => at_edges & ((roads | ships) - used),
    };
    let mut best = 0;
    for e in out {
        let next = topo.other_end(e, at);
        let mut used = used;
        used.insert(e);
        let l = if blockers.contains(next) {
            1
        } else {
            1 + route_dfs(
                topo,
                roads,
                ships,
                own,
                blockers,
                next,
                Some(ships.contains(e)),
                used,
            )
        };
        best = best.max(l);
    }
    best
}

/// Nodes connected to `from` through `roads`.
fn flood<S: Shape>(topo: &Topology<S>, roads: S::Edges, from: S::Nodes) -> S::Nodes {
    let mut reach = from;
    loop {
        let mut edges = S::Edges::EMPTY;
        for n in reach {
            edges |= topo.node_edge_set[n.index()];
        }
        let mut next = reach;
        for e in edges & roads {
            next |= topo.edge_node_set[e.index()];
        }
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

fn dfs<S: Shape>(
    topo: &Topology<S>,
    roads: S::Edges,
    blockers: S::Nodes,
    at: NodeId,
    used: S::Edges,
) -> u8 {
    let mut best = 0;
    let out = topo.node_edge_set[at.index()] & (roads - used);
    for e in out {
        let next = topo.other_end(e, at);
        let mut used = used;
        used.insert(e);
        let l = if blockers.contains(next) {
            1
        } else {
            1 + dfs(topo, roads, blockers, next, used)
        };
        if l > best {
            best = l;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ids::EdgeId;
    use crate::game::topology::topology;

    fn edges(cs: &[i32]) -> EdgeSet {
        cs.iter()
            .map(|&c| EdgeId::from_server(c).unwrap())
            .collect()
    }
    fn node(c: i32) -> NodeSet {
        NodeSet::single(NodeId::from_server(c).unwrap())
    }

    // The six sides of hex 0x77 (NE +0x01, E +0x11, SE +0x10, SW -0x01, W -0x11, NW -0x10)
    // form the trail 0x78-0x89-0x98-0x87-0x76-0x67-0x78 (nodes).
    const RING_77: [i32; 6] = [0x78, 0x88, 0x87, 0x76, 0x66, 0x67];

    /// Brute force: DFS from every node.
    fn brute(roads: EdgeSet, blockers: NodeSet) -> u8 {
        let topo = topology();
        let mut nodes = NodeSet::EMPTY;
        for e in roads {
            nodes |= topo.edge_node_set[e.index()];
        }
        nodes
            .iter()
            .map(|n| dfs(topo, roads, blockers, n, EdgeSet::EMPTY))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn start_pruning_agrees_with_brute_force() {
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(5);
        for _ in 0..3000 {
            let mut roads = EdgeSet::EMPTY;
            for _ in 0..rng.gen_range(1..16) {
                roads.insert(EdgeId::new(rng.gen_range(0..72)));
            }
            // Two loops far apart plus random edges exercise pure-cycle components.
            if rng.gen_bool(0.3) {
                roads |= edges(&RING_77);
            }
            let mut blockers = NodeSet::EMPTY;
            for _ in 0..rng.gen_range(0..4) {
                blockers.insert(NodeId::new(rng.gen_range(0..54)));
            }
            assert_eq!(
                longest_road(roads, blockers),
                brute(roads, blockers),
                "{roads:?} {blockers:?}"
            );
        }
        let two_rings = edges(&RING_77) | edges(&[0x22, 0x23, 0x24, 0x34, 0x44, 0x43, 0x42, 0x32]);
        assert_eq!(
            longest_road(two_rings, NodeSet::EMPTY),
            brute(two_rings, NodeSet::EMPTY)
        );
    }

    #[test]
    fn a_loop_counts_every_edge() {
        assert_eq!(longest_road(edges(&RING_77), NodeSet::EMPTY), 6);
    }

    #[test]
    fn a_branch_does_not_add_but_a_loop_plus_spur_does() {
        let path = edges(&RING_77[..5]);
        assert_eq!(longest_road(path, NodeSet::EMPTY), 5);
        // Edge 0x89 joins 0x89 and 0x9A: a spur in the middle of the path.
        assert_eq!(longest_road(path | edges(&[0x89]), NodeSet::EMPTY), 5);
        // Spur + the full ring: walk in on the spur, all the way round.
        assert_eq!(
            longest_road(edges(&RING_77) | edges(&[0x89]), NodeSet::EMPTY),
            7
        );
    }

    #[test]
    fn an_opponent_settlement_cuts_the_road() {
        let path = edges(&RING_77[..5]);
        // 0x87 is the node between edges 0x87 and 0x76: pieces of 3 and 2.
        assert_eq!(longest_road(path, node(0x87)), 3);
        // A blocker at an end of the trail changes nothing.
        assert_eq!(longest_road(path, node(0x67)), 5);
        // Cutting a loop leaves a trail around it.
        assert_eq!(longest_road(edges(&RING_77), node(0x87)), 6);
    }
}
