//! The search tree as a flat arena: nodes in a `Vec`, addressed by the [`NodeIdx`] newtype,
//! children as an intrusive singly linked list (children appear one at a time, and the set of
//! actions legal at a node changes from iteration to iteration under chance and hidden
//! information). Knows nothing of Catan.

/// Index of a node in a [`Tree`]. `NodeIdx::NONE` marks "no node" in links.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeIdx(pub u32);

impl NodeIdx {
    /// The root of every tree.
    pub const ROOT: NodeIdx = NodeIdx(0);
    /// The absent link.
    pub const NONE: NodeIdx = NodeIdx(u32::MAX);

    fn get(self) -> usize {
        self.0 as usize
    }

    /// Whether this is a real node.
    pub fn is_some(self) -> bool {
        self != Self::NONE
    }
}

/// One node: the action that leads here from the parent, and the statistics of that edge.
#[derive(Clone, Debug)]
pub struct Node<A> {
    /// The action taken at the parent to reach this node (meaningless at the root).
    pub action: A,
    /// The player who chose `action` (whose reward this node accumulates).
    pub mover: u8,
    /// First child, or `NONE`.
    pub first_child: NodeIdx,
    /// Next sibling, or `NONE`.
    pub next_sibling: NodeIdx,
    /// Times this node was traversed (plus any virtual visits it started with).
    pub visits: f32,
    /// Times this node was *available* (its action legal) when its parent was traversed:
    /// the "parent visits" term of the UCB formula under changing legality (ISMCTS).
    pub avail: f32,
    /// Sum of `mover`'s rewards over the traversals (plus virtual wins).
    pub reward: f32,
}

/// A search tree over actions of type `A`.
#[derive(Clone, Debug)]
pub struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Copy> Tree<A> {
    /// A tree holding only the root. `root_action` is a placeholder value for the root's
    /// (unused) action field.
    pub fn new(root_action: A) -> Self {
        let mut nodes = Vec::with_capacity(1024);
        nodes.push(Node {
            action: root_action,
            mover: u8::MAX,
            first_child: NodeIdx::NONE,
            next_sibling: NodeIdx::NONE,
            visits: 0.0,
            avail: 0.0,
            reward: 0.0,
        });
        Tree { nodes }
    }

    /// Number of nodes, root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has a root.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The node at `idx`.
    ///
    /// # Panics
    /// If `idx` is not a node of this tree.
    pub fn node(&self, idx: NodeIdx) -> &Node<A> {
        &self.nodes[idx.get()]
    }

    /// Mutable access to the node at `idx`.
    pub fn node_mut(&mut self, idx: NodeIdx) -> &mut Node<A> {
        &mut self.nodes[idx.get()]
    }

    /// Adds a child of `parent` for `action` chosen by `mover`, starting from the given
    /// (virtual) visits and reward, and returns its index.
    pub fn add_child(
        &mut self,
        parent: NodeIdx,
        action: A,
        mover: u8,
        visits: f32,
        reward: f32,
    ) -> NodeIdx {
        let idx = NodeIdx(self.nodes.len() as u32);
        let next = self.nodes[parent.get()].first_child;
        self.nodes.push(Node {
            action,
            mover,
            first_child: NodeIdx::NONE,
            next_sibling: next,
            visits,
            avail: visits,
            reward,
        });
        self.nodes[parent.get()].first_child = idx;
        idx
    }

    /// Iterates over the children of `parent` (most recently added first).
    pub fn children(&self, parent: NodeIdx) -> Children<'_, A> {
        Children {
            tree: self,
            next: self.nodes[parent.get()].first_child,
        }
    }
}

/// Iterator over a node's children, yielding their indices.
pub struct Children<'a, A> {
    tree: &'a Tree<A>,
    next: NodeIdx,
}

impl<A> Iterator for Children<'_, A> {
    type Item = NodeIdx;

    fn next(&mut self) -> Option<NodeIdx> {
        if !self.next.is_some() {
            return None;
        }
        let idx = self.next;
        self.next = self.tree.nodes[idx.get()].next_sibling;
        Some(idx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_linked_to_their_parent_only() {
        let mut t = Tree::new(0u8);
        let a = t.add_child(NodeIdx::ROOT, 1, 0, 0.0, 0.0);
        let b = t.add_child(NodeIdx::ROOT, 2, 0, 0.0, 0.0);
        let c = t.add_child(a, 3, 1, 1.0, 0.5);
        let root_kids: Vec<_> = t.children(NodeIdx::ROOT).collect();
        assert_eq!(root_kids, vec![b, a]);
        assert_eq!(t.children(a).collect::<Vec<_>>(), vec![c]);
        assert_eq!(t.children(b).count(), 0);
        assert_eq!(t.node(c).visits, 1.0);
        assert_eq!(t.len(), 4);
    }
}
