//! Static geometry of each board shape: server coordinates ⇄ dense ids and the node/edge/hex
//! adjacency tables, built once per shape from its land hexes and port edges. Imports only
//! std and the id/set/shape modules.
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
use super::sets::BitSet;
use super::shape::{Classic, Shape, Table};

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

const NONE: u16 = u16::MAX;

/// All adjacency tables of one board shape; get them with [`Shape::topology`] (or
/// [`topology()`] for the classic board).
pub struct Topology<S: Shape> {
    node_coords: S::PerNode<u16>,
    edge_coords: S::PerEdge<u16>,
    hex_coords: S::PerHex<u16>,
    node_of_coord: Box<[u16]>,
    edge_of_coord: Box<[u16]>,
    hex_of_coord: Box<[u16]>,
    /// The two nodes of each edge, in server order (west/upper first).
    pub edge_nodes: S::PerEdge<[NodeId; 2]>,
    /// Both nodes of each edge as a set.
    pub edge_node_set: S::PerEdge<S::Nodes>,
    /// The 2 or 3 edges at each node (`u16::MAX`-padded, read with [`Topology::node_edges`]).
    node_edges: S::PerNode<[u16; 3]>,
    /// The edges at each node as a set.
    pub node_edge_set: S::PerNode<S::Edges>,
    /// The neighbour nodes of each node (distance rule).
    pub node_neighbours: S::PerNode<S::Nodes>,
    /// The 1..3 land hexes at each node.
    pub node_hex_set: S::PerNode<S::Hexes>,
    /// The six nodes of each land hex, N, NE, SE, S, SW, NW.
    pub hex_nodes: S::PerHex<[NodeId; 6]>,
    /// The six nodes of each land hex as a set.
    pub hex_node_set: S::PerHex<S::Nodes>,
    /// The six sides of each hex as a set.
    pub hex_edge_set: S::PerHex<S::Edges>,
    /// The one or two hexes on the sides of each edge.
    pub edge_hex_set: S::PerEdge<S::Hexes>,
    /// Land hexes sharing a side with each land hex.
    pub hex_neighbours: S::PerHex<S::Hexes>,
    /// The two nodes of each port, in the server's port order.
    pub port_nodes: S::PerPort<S::Nodes>,
}

/// The two nodes of edge `e` (`SOCBoard.getAdjacentNodesToEdge_arr`): an edge with
/// `(hi+lo)` even is vertical and joins `e+0x01`, `e+0x10`; otherwise `e`, `e+0x11`.
const fn edge_ends(e: u16) -> [u16; 2] {
    let (hi, lo) = (e >> 4, e & 0xF);
    if (hi + lo) % 2 == 0 {
        [e + 0x01, e + 0x10]
    } else {
        [e, e + 0x11]
    }
}

impl<S: Shape> Topology<S> {
    /// The edges meeting at `n` (2 or 3).
    #[inline]
    pub fn node_edges(&self, n: NodeId) -> impl Iterator<Item = EdgeId> + '_ {
        self.node_edges[n.index()]
            .iter()
            .filter(|&&e| e != u16::MAX)
            .map(|&e| EdgeId::new(e as usize))
    }

    /// The land hexes touching `n` (1..3).
    #[inline]
    pub fn node_hexes(&self, n: NodeId) -> S::Hexes {
        self.node_hex_set[n.index()]
    }

    /// The land hexes touching any node of `nodes`.
    #[inline]
    pub fn hexes_touching(&self, nodes: S::Nodes) -> S::Hexes {
        nodes
            .into_iter()
            .fold(S::Hexes::EMPTY, |m, n| m | self.node_hex_set[n.index()])
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

    /// Land nodes on this board.
    #[inline]
    pub fn node_count(&self) -> usize {
        S::NODES
    }
    /// Land edges on this board.
    #[inline]
    pub fn edge_count(&self) -> usize {
        S::EDGES
    }
    /// Every land node, in index order.
    #[inline]
    pub fn nodes(&self) -> impl Iterator<Item = NodeId> + Clone {
        NodeId::below(S::NODES)
    }
    /// Every land edge, in index order.
    #[inline]
    pub fn edges(&self) -> impl Iterator<Item = EdgeId> + Clone {
        EdgeId::below(S::EDGES)
    }
    /// Every land hex, in index order.
    #[inline]
    pub fn hexes(&self) -> impl Iterator<Item = HexId> + Clone {
        HexId::below(S::HEXES)
    }

    /// The node at a server coordinate (decimal on the wire, e.g. 150 = 0x96).
    pub fn node_from_server(&self, c: i32) -> Option<NodeId> {
        lookup(&self.node_of_coord, c).map(NodeId::new)
    }
    /// A node's server coordinate.
    #[inline]
    pub fn node_to_server(&self, n: NodeId) -> i32 {
        self.node_coords[n.index()] as i32
    }
    /// The edge at a server coordinate.
    pub fn edge_from_server(&self, c: i32) -> Option<EdgeId> {
        lookup(&self.edge_of_coord, c).map(EdgeId::new)
    }
    /// An edge's server coordinate.
    #[inline]
    pub fn edge_to_server(&self, e: EdgeId) -> i32 {
        self.edge_coords[e.index()] as i32
    }
    /// The land hex at a server coordinate.
    pub fn hex_from_server(&self, c: i32) -> Option<HexId> {
        lookup(&self.hex_of_coord, c).map(HexId::new)
    }
    /// A land hex's server coordinate.
    #[inline]
    pub fn hex_to_server(&self, h: HexId) -> i32 {
        self.hex_coords[h.index()] as i32
    }

    /// Builds the tables from the shape's land hexes and port edges (encodings v1 and v2).
    pub(crate) fn build() -> Topology<S> {
        const HEX_NODE_OFFSETS: [i32; 6] = [0x01, 0x12, 0x21, 0x10, -0x01, -0x10];
        let mut edges: Vec<u16> = Vec::new();
        let mut corners_of = Vec::new();
        for &h in S::LAND_HEXES {
            let corners = HEX_NODE_OFFSETS.map(|o| (h as i32 + o) as u16);
            for k in 0..6 {
                let (a, b) = (corners[k], corners[(k + 1) % 6]);
                let (a, b) = (a.min(b), a.max(b));
                // b - a is 0x0F (a vertical edge, coordinate a - 1) or 0x11 (diagonal, a).
                let e = if b - a == 0x0F { a - 1 } else { a };
                assert_eq!(edge_ends(e), [a, b], "edge between {a:#x} and {b:#x}");
                edges.push(e);
            }
            corners_of.push(corners);
        }
        let ports: Vec<[u16; 2]> = S::PORT_EDGES.iter().map(|&e| edge_ends(e)).collect();
        Topology::assemble(
            S::LAND_HEXES,
            &corners_of,
            edges,
            edge_ends,
            &[0x02, 0x22, 0x20, -0x02, -0x22, -0x20],
            &ports,
        )
    }

    /// Builds the tables of the sea boards' coordinate grid (`SOCBoardLarge`, encoding v3):
    /// every hex of a board of `height` rows and `width` columns of half-hex units, land or
    /// water, with all their nodes and sides. A hex `0xRRCC` has odd `RR`, and `CC` even on
    /// rows 1, 5, 9, .. and odd on rows 3, 7, ..; its nodes, clockwise from the top, are
    /// `(r-1,c) (r-1,c+1) (r+1,c+1) (r+1,c) (r+1,c-1) (r-1,c-1)`
    /// (`SOCBoardLarge.getAdjacentNodesToHex_arr`); an edge on an odd row is vertical and joins
    /// `(r-1,c)` and `(r+1,c)`, otherwise it joins `(r,c)` and `(r,c+1)`
    /// (`getAdjacentNodesToEdge_arr`).
    pub(crate) fn build_grid(height: u16, width: u16) -> Topology<S> {
        let mut hexes = Vec::new();
        let mut corners_of = Vec::new();
        let mut edges = Vec::new();
        for r in (1..height).step_by(2) {
            for c in (1..width).filter(|c| c % 2 == (r / 2) % 2) {
                let h = (r << 8) | c;
                hexes.push(h);
                let at = |dr: i32, dc: i32| (((r as i32 + dr) << 8) | (c as i32 + dc)) as u16;
                corners_of.push([
                    at(-1, 0),
                    at(-1, 1),
                    at(1, 1),
                    at(1, 0),
                    at(1, -1),
                    at(-1, -1),
                ]);
                // The sides: NW, NE, E, SE, SW, W (`SOCBoardLarge.getAdjacentEdgesToHex_arr`).
                edges.extend([
                    at(-1, -1),
                    at(-1, 0),
                    at(0, 1),
                    at(1, 0),
                    at(1, -1),
                    at(0, -1),
                ]);
            }
        }
        Topology::assemble(
            &hexes,
            &corners_of,
            edges,
            grid_edge_ends,
            &[0x0002, 0x0201, 0x01FF, -0x0002, -0x0201, -0x01FF],
            &[],
        )
    }

    /// The tables from the hexes (ascending coordinates), their six corners (N, NE, SE, S,
    /// SW, NW), the coordinates of their sides, the rule giving an edge's two nodes, the
    /// coordinate offsets from a hex to its neighbours, and each port's two nodes.
    fn assemble(
        hexes: &[u16],
        corners_of: &[[u16; 6]],
        mut edges: Vec<u16>,
        ends: fn(u16) -> [u16; 2],
        neighbour_offsets: &[i32; 6],
        ports: &[[u16; 2]],
    ) -> Topology<S> {
        let mut nodes: Vec<u16> = corners_of.iter().flatten().copied().collect();
        nodes.sort_unstable();
        nodes.dedup();
        edges.sort_unstable();
        edges.dedup();
        assert_eq!(
            (nodes.len(), edges.len(), hexes.len()),
            (S::NODES, S::EDGES, S::HEXES),
            "{}",
            S::NAME
        );
        let size = 1 + *nodes
            .iter()
            .chain(&edges)
            .chain(hexes)
            .max()
            .expect("a board has hexes") as usize;
        let map = |coords: &[u16]| -> Box<[u16]> {
            let mut m = vec![NONE; size];
            for (i, &c) in coords.iter().enumerate() {
                m[c as usize] = i as u16;
            }
            m.into_boxed_slice()
        };
        let mut t = Topology::<S> {
            node_coords: S::PerNode::<u16>::filled(0),
            edge_coords: S::PerEdge::<u16>::filled(0),
            hex_coords: S::PerHex::<u16>::filled(0),
            node_of_coord: map(&nodes),
            edge_of_coord: map(&edges),
            hex_of_coord: map(hexes),
            edge_nodes: S::PerEdge::<[NodeId; 2]>::filled([NodeId::new(0); 2]),
            edge_node_set: S::PerEdge::<S::Nodes>::filled(S::Nodes::EMPTY),
            node_edges: S::PerNode::<[u16; 3]>::filled([u16::MAX; 3]),
            node_edge_set: S::PerNode::<S::Edges>::filled(S::Edges::EMPTY),
            node_neighbours: S::PerNode::<S::Nodes>::filled(S::Nodes::EMPTY),
            node_hex_set: S::PerNode::<S::Hexes>::filled(S::Hexes::EMPTY),
            hex_nodes: S::PerHex::<[NodeId; 6]>::filled([NodeId::new(0); 6]),
            hex_node_set: S::PerHex::<S::Nodes>::filled(S::Nodes::EMPTY),
            hex_edge_set: S::PerHex::<S::Edges>::filled(S::Edges::EMPTY),
            hex_neighbours: S::PerHex::<S::Hexes>::filled(S::Hexes::EMPTY),
            edge_hex_set: S::PerEdge::<S::Hexes>::filled(S::Hexes::EMPTY),
            port_nodes: S::PerPort::<S::Nodes>::filled(S::Nodes::EMPTY),
        };
        t.node_coords.as_mut().copy_from_slice(&nodes);
        t.edge_coords.as_mut().copy_from_slice(&edges);
        t.hex_coords.as_mut().copy_from_slice(hexes);
        let node = |t: &Topology<S>, c: i32| -> NodeId {
            t.node_from_server(c)
                .unwrap_or_else(|| panic!("coordinate {c:#x} is not a node"))
        };
        for (ei, &ec) in edges.iter().enumerate() {
            let [a, b] = ends(ec).map(|c| node(&t, c as i32));
            t.edge_nodes[ei] = [a, b];
            t.edge_node_set[ei] = S::Nodes::single(a) | S::Nodes::single(b);
            for (n, m) in [(a, b), (b, a)] {
                let slot = t.node_edges[n.index()]
                    .iter()
                    .position(|&x| x == u16::MAX)
                    .unwrap();
                t.node_edges[n.index()][slot] = ei as u16;
                t.node_edge_set[n.index()].insert(EdgeId::new(ei));
                t.node_neighbours[n.index()].insert(m);
            }
        }
        for (hi, &hc) in hexes.iter().enumerate() {
            let corners = corners_of[hi];
            for (k, &c) in corners.iter().enumerate() {
                let n = node(&t, c as i32);
                t.hex_nodes[hi][k] = n;
                t.hex_node_set[hi].insert(n);
                t.node_hex_set[n.index()].insert(HexId::new(hi));
            }
            for k in 0..6 {
                let (a, b) = (corners[k], corners[(k + 1) % 6]);
                let side = t.node_edge_set[node(&t, a as i32).index()]
                    & t.node_edge_set[node(&t, b as i32).index()];
                let e = side.first().expect("consecutive corners share a side");
                t.hex_edge_set[hi].insert(e);
                t.edge_hex_set[e.index()].insert(HexId::new(hi));
            }
            for off in neighbour_offsets {
                if let Some(g) = t.hex_from_server(hc as i32 + off) {
                    t.hex_neighbours[hi].insert(g);
                }
            }
        }
        for (p, ends) in ports.iter().enumerate() {
            for &c in ends {
                let n = node(&t, c as i32);
                t.port_nodes[p].insert(n);
            }
        }
        t
    }
}

/// The two nodes of a sea-grid edge (`SOCBoardLarge.getAdjacentNodesToEdge_arr`): on an odd
/// row the edge is vertical, joining the nodes above and below; otherwise it joins its own
/// coordinate and the node east of it.
const fn grid_edge_ends(e: u16) -> [u16; 2] {
    if (e >> 8) % 2 == 1 {
        [e - 0x100, e + 0x100]
    } else {
        [e, e + 1]
    }
}

fn lookup(map: &[u16], c: i32) -> Option<usize> {
    let i = *map.get(usize::try_from(c).ok()?)?;
    (i != NONE).then_some(i as usize)
}

/// The classic board's tables, built on first use.
#[inline]
pub fn topology() -> &'static Topology<Classic> {
    Classic::topology()
}

impl NodeId {
    /// A classic-board node from its server coordinate (decimal on the wire, e.g. 150 = 0x96);
    /// other boards: [`Topology::node_from_server`].
    pub fn from_server(c: i32) -> Option<NodeId> {
        topology().node_from_server(c)
    }
    /// The classic-board node's server coordinate.
    #[inline]
    pub fn to_server(self) -> i32 {
        NODE_COORDS[self.index()] as i32
    }
}

impl EdgeId {
    /// A classic-board edge from its server coordinate.
    pub fn from_server(c: i32) -> Option<EdgeId> {
        topology().edge_from_server(c)
    }
    /// The classic-board edge's server coordinate.
    #[inline]
    pub fn to_server(self) -> i32 {
        EDGE_COORDS[self.index()] as i32
    }
}

impl HexId {
    /// A classic-board land hex from its server coordinate.
    pub fn from_server(c: i32) -> Option<HexId> {
        topology().hex_from_server(c)
    }
    /// The classic-board hex's server coordinate.
    #[inline]
    pub fn to_server(self) -> i32 {
        HEX_COORDS[self.index()] as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::sets::NodeSet;
    use crate::game::shape::Six;
    use crate::game::topology::topology;

    #[test]
    fn geometry_matches_guide_5_3() {
        let t = topology();
        // Union of land-hex nodes = the 54 nodes.
        let all = t.hex_node_set.iter().fold(NodeSet::EMPTY, |a, &b| a | b);
        assert_eq!(all, NodeSet::FULL);
        // Every edge joins two adjacent land nodes; 72 edges, degrees 2 or 3.
        let degree_sum: usize = topology()
            .nodes()
            .map(|n| t.node_edge_set[n.index()].len())
            .sum();
        assert_eq!(degree_sum, 2 * 72);
        assert!(topology()
            .nodes()
            .all(|n| (2..=3).contains(&t.node_edges(n).count())));
        // Every node touches one to three land hexes; 19 hexes of 6 nodes each.
        assert!(topology()
            .nodes()
            .all(|n| (1..=3).contains(&t.node_hexes(n).len())));
        let incidences: usize = topology().nodes().map(|n| t.node_hexes(n).len()).sum();
        assert_eq!(incidences, 19 * 6);
        // Edges joining adjacent land nodes are exactly the 72 (no missing pair):
        // any two nodes of one hex that are consecutive corners share an edge.
        for h in topology().hexes() {
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
        for n in topology().nodes() {
            assert_eq!(NodeId::from_server(n.to_server()), Some(n));
        }
        for e in topology().edges() {
            assert_eq!(EdgeId::from_server(e.to_server()), Some(e));
        }
        for h in topology().hexes() {
            assert_eq!(HexId::from_server(h.to_server()), Some(h));
        }
        assert_eq!(NodeId::from_server(150).map(|n| n.to_server()), Some(0x96));
        assert_eq!(NodeId::from_server(0x22), None);
        assert_eq!(EdgeId::from_server(-1), None);
    }

    /// `SOCBoard6p`: 30 land hexes, 80 nodes (the classic rows with one more hex west and a row
    /// more north and south: `SOCBoard.initNodesOnLand`), 109 edges, 11 ports whose nodes are
    /// land nodes.
    #[test]
    fn the_six_player_board_has_the_servers_nodes() {
        let t = Six::topology();
        let mut want = Vec::new();
        for (start, end) in [
            (0x07, 0x6D),
            (0x05, 0x8D),
            (0x03, 0xAD),
            (0x01, 0xCD),
            (0x10, 0xDC),
            (0x30, 0xDA),
            (0x50, 0xD8),
            (0x70, 0xD6),
        ] {
            let mut c = start;
            while c <= end {
                want.push(c);
                c += 0x11;
            }
        }
        want.sort_unstable();
        let got: Vec<i32> = t.nodes().map(|n| t.node_to_server(n)).collect();
        assert_eq!(got, want);
        assert_eq!(
            t.edge_from_server(0x00).map(|e| t.edge_to_server(e)),
            Some(0)
        );
        for p in 0..11 {
            assert_eq!(t.port_nodes[p].len(), 2, "port {p}");
        }
        // Corner hex 0x11 has three land neighbours; the centre hexes six.
        assert_eq!(
            t.hex_neighbours[t.hex_from_server(0x11).unwrap().index()].len(),
            3
        );
        assert_eq!(
            t.hex_neighbours[t.hex_from_server(0x77).unwrap().index()].len(),
            6
        );
    }

    #[test]
    fn centre_hex_has_six_land_neighbours() {
        let t = topology();
        let centre = HexId::from_server(0x77).unwrap();
        assert_eq!(t.hex_neighbours[centre.index()].len(), 6);
    }
}
