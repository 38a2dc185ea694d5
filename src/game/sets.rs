//! Bit sets of nodes (u64) and edges (u128) with set algebra and iterators. Imports only std and `ids`.

use super::ids::{EdgeId, NodeId};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

macro_rules! bit_set {
    ($(#[$meta:meta])* $name:ident, $bits:ty, $id:ident, $iter:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct $name(pub $bits);

        impl $name {
            /// The empty set.
            pub const EMPTY: Self = Self(0);
            /// Every valid id.
            pub const FULL: Self = Self(if $id::COUNT == <$bits>::BITS as usize {
                <$bits>::MAX
            } else {
                (1 << $id::COUNT) - 1
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
        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_set().entries(self.iter()).finish()
            }
        }
    };
}

bit_set!(
    /// A set of land nodes; bit i = `NodeId(i)`. Only bits 0..54 are ever set.
    NodeSet,
    u64,
    NodeId,
    NodeSetIter
);
bit_set!(
    /// A set of land edges; bit i = `EdgeId(i)`. Only bits 0..72 are ever set.
    EdgeSet,
    u128,
    EdgeId,
    EdgeSetIter
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
}
