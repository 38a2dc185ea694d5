//! Dense ids for seats, nodes, edges and land hexes, and the `BySeat` container. Imports only std.

use std::fmt;
use std::ops::{Index, IndexMut};

macro_rules! dense_id {
    ($(#[$meta:meta])* $name:ident, u8, $count:expr, $what:literal) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name(u8);
        dense_id!(@body $name, u8, $count, $what);
    };
    ($(#[$meta:meta])* $name:ident, u16, $count:expr, $what:literal) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
        pub struct $name(u16);

        /// Hashes an id below 256 as the one byte it was before ids were widened for the
        /// sea grid, so classic states and actions hash as they always did (the search
        /// benchmark's checksum hashes the chosen actions).
        impl std::hash::Hash for $name {
            #[inline]
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                match u8::try_from(self.0) {
                    Ok(b) => b.hash(state),
                    Err(_) => self.0.hash(state),
                }
            }
        }
        dense_id!(@body $name, u16, $count, $what);
    };
    (@body $name:ident, $repr:ty, $count:expr, $what:literal) => {

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
                Self(i as $repr)
            }

            /// The first `n` ids in index order.
            #[inline]
            pub fn below(n: usize) -> impl Iterator<Item = Self> + Clone {
                (0..n as $repr).map(Self)
            }

            /// The id with this index, or `None` when out of range.
            #[inline]
            pub const fn try_new(i: usize) -> Option<Self> {
                if i < $count {
                    Some(Self(i as $repr))
                } else {
                    None
                }
            }

            /// The dense index, `0..COUNT`.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
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
    /// A seat (JSettlers player number), 0..5: four seats on the classic board, six on the
    /// 6-player board ([`Shape::SEATS`](super::Shape::SEATS)).
    Seat,
    u8,
    MAX_SEATS,
    "Seat"
);
dense_id!(
    /// A land node (settlement spot) of the board's [`Shape`](super::Shape), in the order of
    /// the server's node coordinates (ascending; guide §5.3); convert with the shape's
    /// topology (`node_from_server`/`node_to_server`). 0..53 on the classic board, 0..295 on
    /// the sea boards' grid (hence 16 bits).
    NodeId,
    u16,
    512,
    "Node"
);
dense_id!(
    /// A land edge (road spot) of the board's shape, in the order of the server's edge
    /// coordinates (ascending; guide §5.3). 0..71 on the classic board, 0..420 on the sea
    /// boards' grid (hence 16 bits).
    EdgeId,
    u16,
    512,
    "Edge"
);
dense_id!(
    /// A land hex of the board's shape, in ascending server coordinates: on the classic board
    /// 0..18, `33 35 37 53 55 57 59 73 75 77 79 7B 95 97 99 9B B7 B9 BB`.
    HexId,
    u8,
    256,
    "Hex"
);

/// Seats on the largest board (the 6-player board).
pub const MAX_SEATS: usize = 6;

impl Seat {
    /// The seat after this one among `seats` seats (wrapping).
    #[inline]
    pub const fn next_of(self, seats: usize) -> Seat {
        if self.0 as usize + 1 >= seats {
            Seat(0)
        } else {
            Seat(self.0 + 1)
        }
    }

    /// The seat before this one among `seats` seats (wrapping).
    #[inline]
    pub const fn prev_of(self, seats: usize) -> Seat {
        if self.0 == 0 {
            Seat(seats as u8 - 1)
        } else {
            Seat(self.0 - 1)
        }
    }

    /// The first `seats` seats, in order.
    #[inline]
    pub fn first(seats: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..seats as u8).map(Seat)
    }
}

/// One value per seat, indexed by [`Seat`]; room for [`MAX_SEATS`] on every board (a classic
/// game leaves seats 4 and 5 empty).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySeat<T>(pub [T; MAX_SEATS]);

impl<T> BySeat<T> {
    /// Pairs of (seat, value) in seat order, all [`MAX_SEATS`].
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat::new(i), v))
    }

    /// A new container with `f` applied to each value.
    pub fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> BySeat<U> {
        BySeat(std::array::from_fn(|i| f(&self.0[i])))
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
