//! Longest road: the longest trail (no edge used twice) in one player's road network, where an
//! opponent's settlement or city ends a trail. Imports only the game vocabulary.

use super::ids::NodeId;
use super::sets::{EdgeSet, NodeSet};
use super::topology::{topology, Topology};

/// The length of the longest trail of `roads`, not passing through any node in `blockers`
/// (opponents' buildings; a trail may end there). Mirrors `SOCPlayer.calcLongestRoad2`: edges
/// are used at most once, nodes may repeat (loops count fully).
pub fn longest_road(roads: EdgeSet, blockers: NodeSet) -> u8 {
    if roads.is_empty() {
        return 0;
    }
    let topo = topology();
    let mut nodes = NodeSet::EMPTY;
    for e in roads {
        nodes |= topo.edge_node_set[e.index()];
    }
    // A longest trail starts at some node; trying each node of the network is enough.
    // Start preferably at nodes of odd degree, but loops need any start, so try all.
    let mut best = 0;
    for n in nodes {
        let l = dfs(topo, roads, blockers, n, EdgeSet::EMPTY);
        if l > best {
            best = l;
            if best as usize == roads.len() {
                break;
            }
        }
    }
    best
}

fn dfs(topo: &Topology, roads: EdgeSet, blockers: NodeSet, at: NodeId, used: EdgeSet) -> u8 {
    let mut best = 0;
    let out = topo.node_edge_set[at.index()] & roads - used;
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
