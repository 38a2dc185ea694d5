//! Dense ids for seats, nodes, edges and land hexes, and the `BySeat` container. Imports only std.

use std::fmt;
use std::ops::{Index, IndexMut};

macro_rules! dense_id {
    ($(#[$meta:meta])* $name:ident, $count:expr, $what:literal) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name(u8);

        impl $name {
            /// How many ids exist.
            pub const COUNT: usize = $count;

            /// The id with this index.
            ///
            /// # Panics
            /// If `i >= COUNT`.
            #[inline]
            pub const fn new(i: usize) -> Self {
                assert!(i < $count, concat!($what, " index out of range"));
                Self(i as u8)
            }

            /// The id with this index, or `None` when out of range.
            #[inline]
            pub const fn try_new(i: usize) -> Option<Self> {
                if i < $count {
                    Some(Self(i as u8))
                } else {
                    None
                }
            }

            /// The dense index, `0..COUNT`.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// Every id in index order.
            pub fn all() -> impl Iterator<Item = Self> + Clone {
                (0..$count as u8).map(Self)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($what, "{}"), self.0)
            }
        }
    };
}

dense_id!(
    /// A seat (JSettlers player number), 0..3.
    Seat,
    4,
    "Seat"
);
dense_id!(
    /// A land node (settlement spot), 0..53, in the order of the server's node list
    /// (guide §5.3); convert with `from_server`/`to_server` in `topology`.
    NodeId,
    54,
    "Node"
);
dense_id!(
    /// A land edge (road spot), 0..71, in the order of the server's edge list (guide §5.3).
    EdgeId,
    72,
    "Edge"
);
dense_id!(
    /// A land hex, 0..18, in the order `33 35 37 53 55 57 59 73 75 77 79 7B 95 97 99 9B B7 B9 BB`.
    HexId,
    19,
    "Hex"
);

impl HexId {
    /// The hexes of a bit mask over `HexId` (bit `h` for hex `h`), lowest first.
    #[inline]
    pub fn in_mask(mut mask: u32) -> impl Iterator<Item = HexId> {
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let h = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(HexId::new(h))
        })
    }
}

impl Seat {
    /// The seat after this one (wrapping), i.e. the next player in turn order.
    #[inline]
    pub const fn next(self) -> Seat {
        Seat((self.0 + 1) & 3)
    }

    /// The seat before this one (wrapping).
    #[inline]
    pub const fn prev(self) -> Seat {
        Seat((self.0 + 3) & 3)
    }
}

/// One value per seat, indexed by [`Seat`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// Pairs of (seat, value) in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat::new(i), v))
    }

    /// A new container with `f` applied to each value.
    pub fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> BySeat<U> {
        BySeat([f(&self.0[0]), f(&self.0[1]), f(&self.0[2]), f(&self.0[3])])
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, s: Seat) -> &T {
        &self.0[s.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    #[inline]
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s.index()]
    }
}
