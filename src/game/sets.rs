//! Bit sets of nodes, edges and hexes with set algebra and iterators, one type per board
//! shape and kind of id so that each board gets the narrowest word (the classic board's node
//! set stays one u64), and the [`BitSet`] trait the shape-generic engine uses. Imports only
//! std and `ids`.

use super::ids::{EdgeId, HexId, NodeId};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// What the engine asks of a set of ids: every set type below implements it.
pub trait BitSet:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitOr<Output = Self>
    + BitOrAssign
    + BitAnd<Output = Self>
    + BitAndAssign
    + Sub<Output = Self>
    + Not<Output = Self>
    + IntoIterator<Item = Self::Id, IntoIter = Self::Iter>
    + FromIterator<Self::Id>
{
    /// The member type.
    type Id: Copy + Eq + Debug;
    /// The iterator over members, in increasing order.
    type Iter: Iterator<Item = Self::Id> + ExactSizeIterator + Clone;
    /// How many ids the set can hold (the board's count).
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;
    /// Every valid id.
    const FULL: Self;
    /// The set holding only `id`.
    fn single(id: Self::Id) -> Self;
    /// Whether `id` is in the set.
    fn contains(self, id: Self::Id) -> bool;
    /// Adds `id`.
    fn insert(&mut self, id: Self::Id);
    /// Removes `id`.
    fn remove(&mut self, id: Self::Id);
    /// Number of members.
    fn len(self) -> usize;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Whether the sets share a member.
    fn intersects(self, other: Self) -> bool;
    /// The lowest member, if any.
    fn first(self) -> Option<Self::Id>;
    /// The `n`th member in increasing order (0-based), if any.
    fn nth(self, n: usize) -> Option<Self::Id>;
    /// Members in increasing order.
    fn iter(self) -> Self::Iter;
}

macro_rules! bit_set {
    ($(#[$meta:meta])* $name:ident, $bits:ty, $id:ident, $count:expr, $iter:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct $name(pub $bits);

        impl $name {
            /// The empty set.
            pub const EMPTY: Self = Self(0);
            /// Every valid id.
            pub const FULL: Self = Self(if $count == <$bits>::BITS as usize {
                <$bits>::MAX
            } else {
                (1 << $count) - 1
            });

            /// The set holding only `id`.
            #[inline]
            pub const fn single(id: $id) -> Self {
                Self(1 << id.index())
            }
            /// Whether `id` is in the set.
            #[inline]
            pub const fn contains(self, id: $id) -> bool {
                self.0 >> id.index() & 1 != 0
            }
            /// Adds `id`.
            #[inline]
            pub fn insert(&mut self, id: $id) {
                self.0 |= 1 << id.index();
            }
            /// Removes `id`.
            #[inline]
            pub fn remove(&mut self, id: $id) {
                self.0 &= !(1 << id.index());
            }
            /// Number of members.
            #[inline]
            pub const fn len(self) -> usize {
                self.0.count_ones() as usize
            }
            /// Whether the set is empty.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }
            /// Whether the sets share a member.
            #[inline]
            pub const fn intersects(self, other: Self) -> bool {
                self.0 & other.0 != 0
            }
            /// The lowest member, if any.
            #[inline]
            pub fn first(self) -> Option<$id> {
                if self.0 == 0 {
                    None
                } else {
                    Some($id::new(self.0.trailing_zeros() as usize))
                }
            }
            /// The `n`th member in increasing order (0-based), if any.
            pub fn nth(self, mut n: usize) -> Option<$id> {
                let mut b = self.0;
                while b != 0 {
                    if n == 0 {
                        return Some($id::new(b.trailing_zeros() as usize));
                    }
                    b &= b - 1;
                    n -= 1;
                }
                None
            }
            /// Members in increasing order.
            #[inline]
            pub fn iter(self) -> $iter {
                $iter(self.0)
            }
        }

        /// Iterator over a set's members in increasing order.
        #[derive(Clone)]
        pub struct $iter($bits);

        impl Iterator for $iter {
            type Item = $id;
            #[inline]
            fn next(&mut self) -> Option<$id> {
                if self.0 == 0 {
                    return None;
                }
                let i = self.0.trailing_zeros() as usize;
                self.0 &= self.0 - 1;
                Some($id::new(i))
            }
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for $iter {}

        impl IntoIterator for $name {
            type Item = $id;
            type IntoIter = $iter;
            fn into_iter(self) -> $iter {
                self.iter()
            }
        }

        impl FromIterator<$id> for $name {
            fn from_iter<I: IntoIterator<Item = $id>>(it: I) -> Self {
                let mut s = Self::EMPTY;
                for id in it {
                    s.insert(id);
                }
                s
            }
        }

        impl BitOr for $name {
            type Output = Self;
            #[inline]
            fn bitor(self, o: Self) -> Self {
                Self(self.0 | o.0)
            }
        }
        impl BitOrAssign for $name {
            #[inline]
            fn bitor_assign(&mut self, o: Self) {
                self.0 |= o.0;
            }
        }
        impl BitAnd for $name {
            type Output = Self;
            #[inline]
            fn bitand(self, o: Self) -> Self {
                Self(self.0 & o.0)
            }
        }
        impl BitAndAssign for $name {
            #[inline]
            fn bitand_assign(&mut self, o: Self) {
                self.0 &= o.0;
            }
        }
        impl Sub for $name {
            type Output = Self;
            /// Set difference.
            #[inline]
            fn sub(self, o: Self) -> Self {
                Self(self.0 & !o.0)
            }
        }
        impl Not for $name {
            type Output = Self;
            /// Complement within the valid ids.
            #[inline]
            fn not(self) -> Self {
                Self(!self.0 & Self::FULL.0)
            }
        }
        impl BitSet for $name {
            type Id = $id;
            type Iter = $iter;
            const CAPACITY: usize = $count;
            const EMPTY: Self = Self::EMPTY;
            const FULL: Self = Self::FULL;
            #[inline]
            fn single(id: $id) -> Self {
                Self::single(id)
            }
            #[inline]
            fn contains(self, id: $id) -> bool {
                self.contains(id)
            }
            #[inline]
            fn insert(&mut self, id: $id) {
                $name::insert(self, id)
            }
            #[inline]
            fn remove(&mut self, id: $id) {
                $name::remove(self, id)
            }
            #[inline]
            fn len(self) -> usize {
                $name::len(self)
            }
            #[inline]
            fn is_empty(self) -> bool {
                $name::is_empty(self)
            }
            #[inline]
            fn intersects(self, other: Self) -> bool {
                $name::intersects(self, other)
            }
            #[inline]
            fn first(self) -> Option<$id> {
                $name::first(self)
            }
            #[inline]
            fn nth(self, n: usize) -> Option<$id> {
                $name::nth(self, n)
            }
            #[inline]
            fn iter(self) -> $iter {
                $name::iter(self)
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_set().entries(self.iter()).finish()
            }
        }
    };
}

bit_set!(
    /// A set of the classic board's land nodes; bit i = `NodeId(i)`, bits 0..54.
    NodeSet,
    u64,
    NodeId,
    54,
    NodeSetIter
);
bit_set!(
    /// A set of the classic board's land edges; bit i = `EdgeId(i)`, bits 0..72.
    EdgeSet,
    u128,
    EdgeId,
    72,
    EdgeSetIter
);
bit_set!(
    /// A set of the classic board's land hexes; bit i = `HexId(i)`, bits 0..19.
    HexSet,
    u32,
    HexId,
    19,
    HexSetIter
);
bit_set!(
    /// A set of the 6-player board's land nodes, bits 0..80.
    NodeSet6,
    u128,
    NodeId,
    80,
    NodeSet6Iter
);
bit_set!(
    /// A set of the 6-player board's land edges, bits 0..109.
    EdgeSet6,
    u128,
    EdgeId,
    109,
    EdgeSet6Iter
);
bit_set!(
    /// A set of the 6-player board's land hexes, bits 0..30.
    HexSet6,
    u32,
    HexId,
    30,
    HexSet6Iter
);

macro_rules! wide_set {
    ($(#[$meta:meta])* $name:ident, $words:expr, $id:ident, $count:expr, $iter:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct $name(pub [u64; $words]);

        impl $name {
            /// The empty set.
            pub const EMPTY: Self = Self([0; $words]);
            /// Every valid id.
            pub const FULL: Self = {
                let mut w = [0u64; $words];
                let mut i = 0;
                while i < $words {
                    let lo = i * 64;
                    w[i] = if $count >= lo + 64 {
                        u64::MAX
                    } else if $count > lo {
                        (1u64 << ($count - lo)) - 1
                    } else {
                        0
                    };
                    i += 1;
                }
                Self(w)
            };
        }

        /// Iterator over a set's members in increasing order.
        #[derive(Clone)]
        pub struct $iter {
            words: [u64; $words],
            at: usize,
        }

        impl Iterator for $iter {
            type Item = $id;
            #[inline]
            fn next(&mut self) -> Option<$id> {
                while self.at < $words {
                    let w = self.words[self.at];
                    if w != 0 {
                        self.words[self.at] = w & (w - 1);
                        return Some($id::new(self.at * 64 + w.trailing_zeros() as usize));
                    }
                    self.at += 1;
                }
                None
            }
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.words[self.at.min($words)..]
                    .iter()
                    .map(|w| w.count_ones() as usize)
                    .sum();
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for $iter {}

        impl IntoIterator for $name {
            type Item = $id;
            type IntoIter = $iter;
            fn into_iter(self) -> $iter {
                $iter { words: self.0, at: 0 }
            }
        }

        impl FromIterator<$id> for $name {
            fn from_iter<I: IntoIterator<Item = $id>>(it: I) -> Self {
                let mut s = Self::EMPTY;
                for id in it {
                    BitSet::insert(&mut s, id);
                }
                s
            }
        }

        impl BitOr for $name {
            type Output = Self;
            #[inline]
            fn bitor(self, o: Self) -> Self {
                Self(std::array::from_fn(|i| self.0[i] | o.0[i]))
            }
        }
        impl BitOrAssign for $name {
            #[inline]
            fn bitor_assign(&mut self, o: Self) {
                for i in 0..$words {
                    self.0[i] |= o.0[i];
                }
            }
        }
        impl BitAnd for $name {
            type Output = Self;
            #[inline]
            fn bitand(self, o: Self) -> Self {
                Self(std::array::from_fn(|i| self.0[i] & o.0[i]))
            }
        }
        impl BitAndAssign for $name {
            #[inline]
            fn bitand_assign(&mut self, o: Self) {
                for i in 0..$words {
                    self.0[i] &= o.0[i];
                }
            }
        }
        impl Sub for $name {
            type Output = Self;
            /// Set difference.
            #[inline]
            fn sub(self, o: Self) -> Self {
                Self(std::array::from_fn(|i| self.0[i] & !o.0[i]))
            }
        }
        impl Not for $name {
            type Output = Self;
            /// Complement within the valid ids.
            #[inline]
            fn not(self) -> Self {
                Self(std::array::from_fn(|i| !self.0[i] & Self::FULL.0[i]))
            }
        }
        impl BitSet for $name {
            type Id = $id;
            type Iter = $iter;
            const CAPACITY: usize = $count;
            const EMPTY: Self = Self::EMPTY;
            const FULL: Self = Self::FULL;
            #[inline]
            fn single(id: $id) -> Self {
                let mut s = Self::EMPTY;
                s.0[id.index() / 64] = 1 << (id.index() % 64);
                s
            }
            #[inline]
            fn contains(self, id: $id) -> bool {
                self.0[id.index() / 64] >> (id.index() % 64) & 1 != 0
            }
            #[inline]
            fn insert(&mut self, id: $id) {
                self.0[id.index() / 64] |= 1 << (id.index() % 64);
            }
            #[inline]
            fn remove(&mut self, id: $id) {
                self.0[id.index() / 64] &= !(1 << (id.index() % 64));
            }
            #[inline]
            fn len(self) -> usize {
                self.0.iter().map(|w| w.count_ones() as usize).sum()
            }
            #[inline]
            fn is_empty(self) -> bool {
                self.0.iter().all(|&w| w == 0)
            }
            #[inline]
            fn intersects(self, other: Self) -> bool {
                (0..$words).any(|i| self.0[i] & other.0[i] != 0)
            }
            #[inline]
            fn first(self) -> Option<$id> {
                self.into_iter().next()
            }
            fn nth(self, n: usize) -> Option<$id> {
                self.into_iter().nth(n)
            }
            #[inline]
            fn iter(self) -> $iter {
                self.into_iter()
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_set().entries(BitSet::iter(*self)).finish()
            }
        }
    };
}

wide_set!(
    /// A set of the sea boards' grid nodes (`SOCBoardLarge`, up to 22 x 24), bits 0..296.
    NodeSetSea,
    5,
    NodeId,
    296,
    NodeSetSeaIter
);
wide_set!(
    /// A set of the sea boards' grid edges, bits 0..421.
    EdgeSetSea,
    7,
    EdgeId,
    421,
    EdgeSetSeaIter
);
bit_set!(
    /// A set of the sea boards' grid hexes (land and water), bits 0..126.
    HexSetSea,
    u128,
    HexId,
    126,
    HexSetSeaIter
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_algebra_and_iteration_agree() {
        let a: NodeSet = [NodeId::new(0), NodeId::new(5), NodeId::new(53)]
            .into_iter()
            .collect();
        assert_eq!(a.len(), 3);
        assert!(a.contains(NodeId::new(53)));
        assert_eq!(a.nth(1), Some(NodeId::new(5)));
        assert_eq!((!a).len(), 51);
        let e = EdgeSet::single(EdgeId::new(71));
        assert_eq!(e.iter().collect::<Vec<_>>(), vec![EdgeId::new(71)]);
        assert_eq!((!EdgeSet::EMPTY).len(), 72);
    }

    #[test]
    fn wide_sets_agree_with_a_vector_model() {
        let ids = [0, 1, 63, 64, 127, 200, 295];
        let a: NodeSetSea = ids.iter().map(|&i| NodeId::new(i)).collect();
        assert_eq!(BitSet::len(a), ids.len());
        assert_eq!(
            BitSet::iter(a).map(|n| n.index()).collect::<Vec<_>>(),
            ids.to_vec()
        );
        assert_eq!(BitSet::nth(a, 3), Some(NodeId::new(64)));
        assert_eq!(BitSet::len(!a), 296 - ids.len());
        assert_eq!(BitSet::len(NodeSetSea::FULL), 296);
        assert_eq!(BitSet::len(EdgeSetSea::FULL), 421);
        let b = <NodeSetSea as BitSet>::single(NodeId::new(200));
        assert!(BitSet::intersects(a, b));
        assert_eq!((a - b) | b, a);
        assert_eq!(
            BitSet::first(a - <NodeSetSea as BitSet>::single(NodeId::new(0))),
            Some(NodeId::new(1))
        );
        assert_eq!(BitSet::iter(a).len(), ids.len());
    }
}
