//! Static geometry of the classic 4-player board: server coordinates ⇄ dense ids and the
//! node/edge/hex adjacency tables, built once. Imports only std and the id/set modules.
//!
//! Coordinates are the server's `0xRC` values (guide §5.3, `SOCBoard`). Hexes are pointy-topped;
//! a hex `h` has nodes, clockwise from the top, `h+0x01, h+0x12, h+0x21, h+0x10, h-0x01, h-0x10`:
//!
//! ```text
//!            h+01
//!     h-10 /     \ h+12
//!          |  h  |
//!     h-01 \     / h+21
//!            h+10
//! ```
//!
//! An edge `e` with `(hi+lo)` even is vertical and joins `e+0x01`, `e+0x10`; otherwise it is
//! diagonal and joins `e`, `e+0x11` (`SOCBoard.getAdjacentNodesToEdge_arr`).

use super::ids::{EdgeId, HexId, NodeId};
use super::sets::{EdgeSet, NodeSet};
use std::sync::OnceLock;

/// The 54 land nodes in server coordinates; `NodeId(i)` is `NODE_COORDS[i]`.
pub const NODE_COORDS: [u8; 54] = [
    0x23, 0x25, 0x27, 0x32, 0x34, 0x36, 0x38, 0x43, 0x45, 0x47, 0x49, 0x52, 0x54, 0x56, 0x58, 0x5A,
    0x63, 0x65, 0x67, 0x69, 0x6B, 0x72, 0x74, 0x76, 0x78, 0x7A, 0x7C, 0x83, 0x85, 0x87, 0x89, 0x8B,
    0x8D, 0x94, 0x96, 0x98, 0x9A, 0x9C, 0xA5, 0xA7, 0xA9, 0xAB, 0xAD, 0xB6, 0xB8, 0xBA, 0xBC, 0xC7,
    0xC9, 0xCB, 0xCD, 0xD8, 0xDA, 0xDC,
];

/// The 72 land edges in server coordinates; `EdgeId(i)` is `EDGE_COORDS[i]`.
pub const EDGE_COORDS: [u8; 72] = [
    0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x32, 0x34, 0x36, 0x38, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47,
    0x48, 0x49, 0x52, 0x54, 0x56, 0x58, 0x5A, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6A,
    0x6B, 0x72, 0x74, 0x76, 0x78, 0x7A, 0x7C, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x8B,
    0x8C, 0x94, 0x96, 0x98, 0x9A, 0x9C, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xAB, 0xAC, 0xB6, 0xB8,
    0xBA, 0xBC, 0xC7, 0xC8, 0xC9, 0xCA, 0xCB, 0xCC,
];

/// The 19 land hexes in server coordinates; `HexId(i)` is `HEX_COORDS[i]`.
pub const HEX_COORDS: [u8; 19] = [
    0x33, 0x35, 0x37, 0x53, 0x55, 0x57, 0x59, 0x73, 0x75, 0x77, 0x79, 0x7B, 0x95, 0x97, 0x99, 0x9B,
    0xB7, 0xB9, 0xBB,
];

/// BOARDLAYOUT index → hex coordinate (`SOCBoard4p` NUM_TO_HEX; guide §5.1).
pub const LAYOUT_HEX_COORDS: [u8; 37] = [
    0x17, 0x39, 0x5B, 0x7D, 0x15, 0x37, 0x59, 0x7B, 0x9D, 0x13, 0x35, 0x57, 0x79, 0x9B, 0xBD, 0x11,
    0x33, 0x55, 0x77, 0x99, 0xBB, 0xDD, 0x31, 0x53, 0x75, 0x97, 0xB9, 0xDB, 0x51, 0x73, 0x95, 0xB7,
    0xD9, 0x71, 0x93, 0xB5, 0xD7,
];

/// BOARDLAYOUT index of each land hex, in `HexId` order.
pub const LAND_LAYOUT_INDEX: [usize; 19] = [
    16, 10, 5, 23, 17, 11, 6, 29, 24, 18, 12, 7, 30, 25, 19, 13, 31, 26, 20,
];

/// The nine fixed port positions (`SOCBoard4p.PORTS_*_V1`, guide §5.2):
/// (BOARDLAYOUT index of the port hex, facing 1..6, the two port nodes).
pub const PORT_POSITIONS: [(usize, u8, [u8; 2]); 9] = [
    (0, 3, [0x27, 0x38]),
    (2, 4, [0x5A, 0x6B]),
    (8, 4, [0x9C, 0xAD]),
    (21, 5, [0xCD, 0xDC]),
    (32, 6, [0xC9, 0xDA]),
    (35, 6, [0xA5, 0xB6]),
    (33, 1, [0x72, 0x83]),
    (22, 2, [0x43, 0x52]),
    (9, 2, [0x25, 0x34]),
];

const NONE: u8 = 0xFF;

/// All adjacency tables; get them with [`topology()`].
pub struct Topology {
    node_of_coord: [u8; 256],
    edge_of_coord: [u8; 256],
    hex_of_coord: [u8; 256],
    /// The two nodes of each edge, in server order (west/upper first).
    pub edge_nodes: [[NodeId; 2]; 72],
    /// Both nodes of each edge as a set.
    pub edge_node_set: [NodeSet; 72],
    /// The 2 or 3 edges at each node (`NONE`-padded, read with [`Topology::node_edges`]).
    node_edges: [[u8; 3]; 54],
    /// The edges at each node as a set.
    pub node_edge_set: [EdgeSet; 54],
    /// The neighbour nodes of each node (distance rule).
    pub node_neighbours: [NodeSet; 54],
    /// The 1..3 land hexes at each node as a bit mask over `HexId` (bit `h` for hex `h`).
    pub node_hex_mask: [u32; 54],
    /// The six nodes of each land hex, N, NE, SE, S, SW, NW.
    pub hex_nodes: [[NodeId; 6]; 19],
    /// The six nodes of each land hex as a set.
    pub hex_node_set: [NodeSet; 19],
    /// Land hexes sharing a side with each land hex.
    pub hex_neighbours: [u32; 19],
    /// The two nodes of each port position.
    pub port_nodes: [NodeSet; 9],
}

impl Topology {
    /// The edges meeting at `n` (2 or 3).
    #[inline]
    pub fn node_edges(&self, n: NodeId) -> impl Iterator<Item = EdgeId> + '_ {
        self.node_edges[n.index()]
            .iter()
            .filter(|&&e| e != NONE)
            .map(|&e| EdgeId::new(e as usize))
    }

    /// The land hexes touching `n` (1..3).
    #[inline]
    pub fn node_hexes(&self, n: NodeId) -> impl Iterator<Item = HexId> + '_ {
        HexId::in_mask(self.node_hex_mask[n.index()])
    }

    /// The land hexes touching any node of `nodes`, as a bit mask over `HexId`.
    #[inline]
    pub fn hexes_touching(&self, nodes: NodeSet) -> u32 {
        nodes
            .into_iter()
            .fold(0, |m, n| m | self.node_hex_mask[n.index()])
    }

    /// The end of `e` that is not `n`.
    #[inline]
    pub fn other_end(&self, e: EdgeId, n: NodeId) -> NodeId {
        let [a, b] = self.edge_nodes[e.index()];
        if a == n {
            b
        } else {
            a
        }
    }

    fn build() -> Topology {
        let mut t = Topology {
            node_of_coord: [NONE; 256],
            edge_of_coord: [NONE; 256],
            hex_of_coord: [NONE; 256],
            edge_nodes: [[NodeId::new(0); 2]; 72],
            edge_node_set: [NodeSet::EMPTY; 72],
            node_edges: [[NONE; 3]; 54],
            node_edge_set: [EdgeSet::EMPTY; 54],
            node_neighbours: [NodeSet::EMPTY; 54],
            node_hex_mask: [0; 54],
            hex_nodes: [[NodeId::new(0); 6]; 19],
            hex_node_set: [NodeSet::EMPTY; 19],
            hex_neighbours: [0; 19],
            port_nodes: [NodeSet::EMPTY; 9],
        };
        for (i, &c) in NODE_COORDS.iter().enumerate() {
            t.node_of_coord[c as usize] = i as u8;
        }
        for (i, &c) in EDGE_COORDS.iter().enumerate() {
            t.edge_of_coord[c as usize] = i as u8;
        }
        for (i, &c) in HEX_COORDS.iter().enumerate() {
            t.hex_of_coord[c as usize] = i as u8;
        }
        let node = |t: &Topology, c: i32| -> NodeId {
            let i = t.node_of_coord[c as usize];
            assert_ne!(i, NONE, "coordinate {c:#x} is not a land node");
            NodeId::new(i as usize)
        };
        for (ei, &ec) in EDGE_COORDS.iter().enumerate() {
            let c = ec as i32;
            let (hi, lo) = (c >> 4, c & 0xF);
            let (a, b) = if (hi + lo) % 2 == 0 {
                (c + 0x01, c + 0x10)
            } else {
                (c, c + 0x11)
            };
            let (a, b) = (node(&t, a), node(&t, b));
            t.edge_nodes[ei] = [a, b];
            t.edge_node_set[ei] = NodeSet::single(a) | NodeSet::single(b);
            for (n, m) in [(a, b), (b, a)] {
                let slot = t.node_edges[n.index()]
                    .iter()
                    .position(|&x| x == NONE)
                    .unwrap();
                t.node_edges[n.index()][slot] = ei as u8;
                t.node_edge_set[n.index()].insert(EdgeId::new(ei));
                t.node_neighbours[n.index()].insert(m);
            }
        }
        const HEX_NODE_OFFSETS: [i32; 6] = [0x01, 0x12, 0x21, 0x10, -0x01, -0x10];
        for (hi, &hc) in HEX_COORDS.iter().enumerate() {
            for (k, off) in HEX_NODE_OFFSETS.iter().enumerate() {
                let n = node(&t, hc as i32 + off);
                t.hex_nodes[hi][k] = n;
                t.hex_node_set[hi].insert(n);
                t.node_hex_mask[n.index()] |= 1 << hi;
            }
            for off in [0x02, 0x22, 0x20, -0x02, -0x22, -0x20] {
                let c = hc as i32 + off;
                if (0..256).contains(&c) && t.hex_of_coord[c as usize] != NONE {
                    t.hex_neighbours[hi] |= 1 << t.hex_of_coord[c as usize];
                }
            }
        }
        for (p, &(_, _, nodes)) in PORT_POSITIONS.iter().enumerate() {
            for c in nodes {
                t.port_nodes[p].insert(node(&t, c as i32));
            }
        }
        t
    }
}

/// The tables, built on first use.
#[inline]
pub fn topology() -> &'static Topology {
    static T: OnceLock<Topology> = OnceLock::new();
    T.get_or_init(Topology::build)
}

impl NodeId {
    /// From a server node coordinate (decimal on the wire, e.g. 150 = 0x96).
    pub fn from_server(c: i32) -> Option<NodeId> {
        let i = *topology().node_of_coord.get(usize::try_from(c).ok()?)?;
        (i != NONE).then(|| NodeId::new(i as usize))
    }
    /// The server node coordinate.
    #[inline]
    pub fn to_server(self) -> i32 {
        NODE_COORDS[self.index()] as i32
    }
}

impl EdgeId {
    /// From a server edge coordinate.
    pub fn from_server(c: i32) -> Option<EdgeId> {
        let i = *topology().edge_of_coord.get(usize::try_from(c).ok()?)?;
        (i != NONE).then(|| EdgeId::new(i as usize))
    }
    /// The server edge coordinate.
    #[inline]
    pub fn to_server(self) -> i32 {
        EDGE_COORDS[self.index()] as i32
    }
}

impl HexId {
    /// From a server hex coordinate (land hexes only).
    pub fn from_server(c: i32) -> Option<HexId> {
        let i = *topology().hex_of_coord.get(usize::try_from(c).ok()?)?;
        (i != NONE).then(|| HexId::new(i as usize))
    }
    /// The server hex coordinate.
    #[inline]
    pub fn to_server(self) -> i32 {
        HEX_COORDS[self.index()] as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_matches_guide_5_3() {
        let t = topology();
        // Union of land-hex nodes = the 54 nodes.
        let all = t.hex_node_set.iter().fold(NodeSet::EMPTY, |a, &b| a | b);
        assert_eq!(all, NodeSet::FULL);
        // Every edge joins two adjacent land nodes; 72 edges, degrees 2 or 3.
        let degree_sum: usize = NodeId::all()
            .map(|n| t.node_edge_set[n.index()].len())
            .sum();
        assert_eq!(degree_sum, 2 * 72);
        assert!(NodeId::all().all(|n| (2..=3).contains(&t.node_edges(n).count())));
        // Every node touches one to three land hexes; 19 hexes of 6 nodes each.
        assert!(NodeId::all().all(|n| (1..=3).contains(&t.node_hexes(n).count())));
        let incidences: usize = NodeId::all().map(|n| t.node_hexes(n).count()).sum();
        assert_eq!(incidences, 19 * 6);
        // Edges joining adjacent land nodes are exactly the 72 (no missing pair):
        // any two nodes of one hex that are consecutive corners share an edge.
        for h in HexId::all() {
            let ns = t.hex_nodes[h.index()];
            for k in 0..6 {
                let (a, b) = (ns[k], ns[(k + 1) % 6]);
                assert!(t.node_edge_set[a.index()].intersects(t.node_edge_set[b.index()]));
            }
        }
    }

    #[test]
    fn hex_node_table_spot_checks() {
        let t = topology();
        let coords = |h: u8| -> Vec<i32> {
            t.hex_nodes[HexId::from_server(h as i32).unwrap().index()]
                .iter()
                .map(|n| n.to_server())
                .collect()
        };
        assert_eq!(coords(0x33), vec![0x34, 0x45, 0x54, 0x43, 0x32, 0x23]);
        assert_eq!(coords(0x77), vec![0x78, 0x89, 0x98, 0x87, 0x76, 0x67]);
        assert_eq!(coords(0xBB), vec![0xBC, 0xCD, 0xDC, 0xCB, 0xBA, 0xAB]);
        assert_eq!(coords(0x7B), vec![0x7C, 0x8D, 0x9C, 0x8B, 0x7A, 0x6B]);
        // Land layout indices point at the land hexes.
        for (i, &li) in LAND_LAYOUT_INDEX.iter().enumerate() {
            assert_eq!(LAYOUT_HEX_COORDS[li], HEX_COORDS[i]);
        }
    }

    /// Guide §5.3, "Nodes of each land hex (N, NE, SE, S, SW, NW)", all 19 rows.
    #[test]
    fn every_hex_node_row_matches_the_guide() {
        const TABLE: [(u8, [u8; 6]); 19] = [
            (0x33, [0x34, 0x45, 0x54, 0x43, 0x32, 0x23]),
            (0x35, [0x36, 0x47, 0x56, 0x45, 0x34, 0x25]),
            (0x37, [0x38, 0x49, 0x58, 0x47, 0x36, 0x27]),
            (0x53, [0x54, 0x65, 0x74, 0x63, 0x52, 0x43]),
            (0x55, [0x56, 0x67, 0x76, 0x65, 0x54, 0x45]),
            (0x57, [0x58, 0x69, 0x78, 0x67, 0x56, 0x47]),
            (0x59, [0x5A, 0x6B, 0x7A, 0x69, 0x58, 0x49]),
            (0x73, [0x74, 0x85, 0x94, 0x83, 0x72, 0x63]),
            (0x75, [0x76, 0x87, 0x96, 0x85, 0x74, 0x65]),
            (0x77, [0x78, 0x89, 0x98, 0x87, 0x76, 0x67]),
            (0x79, [0x7A, 0x8B, 0x9A, 0x89, 0x78, 0x69]),
            (0x7B, [0x7C, 0x8D, 0x9C, 0x8B, 0x7A, 0x6B]),
            (0x95, [0x96, 0xA7, 0xB6, 0xA5, 0x94, 0x85]),
            (0x97, [0x98, 0xA9, 0xB8, 0xA7, 0x96, 0x87]),
            (0x99, [0x9A, 0xAB, 0xBA, 0xA9, 0x98, 0x89]),
            (0x9B, [0x9C, 0xAD, 0xBC, 0xAB, 0x9A, 0x8B]),
            (0xB7, [0xB8, 0xC9, 0xD8, 0xC7, 0xB6, 0xA7]),
            (0xB9, [0xBA, 0xCB, 0xDA, 0xC9, 0xB8, 0xA9]),
            (0xBB, [0xBC, 0xCD, 0xDC, 0xCB, 0xBA, 0xAB]),
        ];
        let t = topology();
        for (hex, nodes) in TABLE {
            let h = HexId::from_server(hex as i32).unwrap();
            let got: Vec<i32> = t.hex_nodes[h.index()]
                .iter()
                .map(|n| n.to_server())
                .collect();
            let want: Vec<i32> = nodes.iter().map(|&c| c as i32).collect();
            assert_eq!(got, want, "hex {hex:#x}");
        }
    }

    /// Guide §5.2: each port's two nodes are land nodes joined by the port edge.
    #[test]
    fn port_nodes_are_joined_by_the_port_edge() {
        const PORT_EDGES: [i32; 9] = [0x27, 0x5A, 0x9C, 0xCC, 0xC9, 0xA5, 0x72, 0x42, 0x24];
        let t = topology();
        for (p, &edge) in PORT_EDGES.iter().enumerate() {
            let e = EdgeId::from_server(edge).unwrap();
            assert_eq!(t.edge_node_set[e.index()], t.port_nodes[p], "port {p}");
        }
    }

    #[test]
    fn server_coordinates_round_trip() {
        for n in NodeId::all() {
            assert_eq!(NodeId::from_server(n.to_server()), Some(n));
        }
        for e in EdgeId::all() {
            assert_eq!(EdgeId::from_server(e.to_server()), Some(e));
        }
        for h in HexId::all() {
            assert_eq!(HexId::from_server(h.to_server()), Some(h));
        }
        assert_eq!(NodeId::from_server(150).map(|n| n.to_server()), Some(0x96));
        assert_eq!(NodeId::from_server(0x22), None);
        assert_eq!(EdgeId::from_server(-1), None);
    }

    #[test]
    fn centre_hex_has_six_land_neighbours() {
        let t = topology();
        let centre = HexId::from_server(0x77).unwrap();
        assert_eq!(t.hex_neighbours[centre.index()].count_ones(), 6);
    }
}
