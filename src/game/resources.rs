//! Resources, resource counts, development cards and build costs. Imports only std.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A resource, in the server's wire order (clay, ore, sheep, wheat, wood = 1..5 on the wire).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Resource {
    /// Clay (brick); wire 1.
    Clay = 0,
    /// Ore; wire 2.
    Ore = 1,
    /// Sheep (wool); wire 3.
    Sheep = 2,
    /// Wheat (grain); wire 4.
    Wheat = 3,
    /// Wood (lumber); wire 5.
    Wood = 4,
}

impl Resource {
    /// All five, in wire order.
    pub const ALL: [Resource; 5] = [
        Resource::Clay,
        Resource::Ore,
        Resource::Sheep,
        Resource::Wheat,
        Resource::Wood,
    ];

    /// The resource with dense index `i` (0..5).
    ///
    /// # Panics
    /// If `i >= 5`.
    #[inline]
    pub const fn new(i: usize) -> Resource {
        Self::ALL[i]
    }

    /// Dense index 0..5.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// From the server's resource number 1..5 (`SOCResourceConstants`).
    pub const fn from_server(v: i32) -> Option<Resource> {
        if v >= 1 && v <= 5 {
            Some(Self::ALL[(v - 1) as usize])
        } else {
            None
        }
    }

    /// The server's resource number 1..5.
    #[inline]
    pub const fn to_server(self) -> i32 {
        self as i32 + 1
    }
}

/// Counts of the five resources (a hand, a cost, a discard). Each count is 0..=255.
///
/// Invariant: arithmetic never wraps; `sub` requires `contains`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ResourceSet(pub [u8; 5]);

impl ResourceSet {
    /// No resources.
    pub const EMPTY: ResourceSet = ResourceSet([0; 5]);

    /// Counts in wire order clay, ore, sheep, wheat, wood.
    #[inline]
    pub const fn new(clay: u8, ore: u8, sheep: u8, wheat: u8, wood: u8) -> Self {
        ResourceSet([clay, ore, sheep, wheat, wood])
    }

    /// `n` of one resource.
    #[inline]
    pub const fn of(r: Resource, n: u8) -> Self {
        let mut a = [0; 5];
        a[r as usize] = n;
        ResourceSet(a)
    }

    /// Count of `r`.
    #[inline]
    pub const fn get(self, r: Resource) -> u8 {
        self.0[r as usize]
    }

    /// Total number of cards.
    #[inline]
    pub fn total(self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }

    /// Whether every count of `other` is at most ours.
    #[inline]
    pub fn contains(self, other: ResourceSet) -> bool {
        (0..5).all(|i| self.0[i] >= other.0[i])
    }

    /// Adds counts.
    ///
    /// # Panics
    /// In debug builds, if a count overflows 255.
    #[inline]
    pub fn add(&mut self, other: ResourceSet) {
        for i in 0..5 {
            self.0[i] += other.0[i];
        }
    }

    /// Subtracts counts.
    ///
    /// # Panics
    /// In debug builds, if `!self.contains(other)`.
    #[inline]
    pub fn sub(&mut self, other: ResourceSet) {
        for i in 0..5 {
            self.0[i] -= other.0[i];
        }
    }

    /// The `n`th card (0-based) when the hand is laid out in wire order; used to pick a
    /// uniformly random card.
    ///
    /// # Panics
    /// If `n >= total()`.
    pub fn nth_card(self, mut n: u32) -> Resource {
        for r in Resource::ALL {
            let c = self.get(r) as u32;
            if n < c {
                return r;
            }
            n -= c;
        }
        panic!("nth_card out of range");
    }

    /// Pairs (resource, count) for nonzero counts.
    pub fn iter(self) -> impl Iterator<Item = (Resource, u8)> {
        Resource::ALL
            .into_iter()
            .map(move |r| (r, self.get(r)))
            .filter(|&(_, n)| n > 0)
    }
}

impl Index<Resource> for ResourceSet {
    type Output = u8;
    #[inline]
    fn index(&self, r: Resource) -> &u8 {
        &self.0[r as usize]
    }
}

impl IndexMut<Resource> for ResourceSet {
    #[inline]
    fn index_mut(&mut self, r: Resource) -> &mut u8 {
        &mut self.0[r as usize]
    }
}

impl fmt::Debug for ResourceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [c, o, s, w, d] = self.0;
        write!(f, "[clay {c} ore {o} sheep {s} wheat {w} wood {d}]")
    }
}

/// Road cost: clay + wood (`SOCRoad.COST`).
pub const ROAD_COST: ResourceSet = ResourceSet::new(1, 0, 0, 0, 1);
/// Ship cost on the sea boards: sheep + wood (`SOCShip.COST`).
pub const SHIP_COST: ResourceSet = ResourceSet::new(0, 0, 1, 0, 1);
/// Settlement cost: clay + sheep + wheat + wood (`SOCSettlement.COST`).
pub const SETTLEMENT_COST: ResourceSet = ResourceSet::new(1, 0, 1, 1, 1);
/// City cost: 3 ore + 2 wheat (`SOCCity.COST`).
pub const CITY_COST: ResourceSet = ResourceSet::new(0, 3, 0, 2, 0);
/// Development card cost: ore + sheep + wheat (`SOCDevCard.COST`).
pub const DEV_CARD_COST: ResourceSet = ResourceSet::new(0, 1, 1, 1, 0);

/// Cards of each resource in the bank at the start (the bank holds 95 in all).
pub const BANK_PER_RESOURCE: u8 = 19;

/// A development card kind. The five VP card names are one kind here.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum DevCard {
    /// Knight (soldier); server type 9.
    Knight = 0,
    /// Road building; server type 1.
    RoadBuilding = 1,
    /// Year of plenty ("discovery"); server type 2.
    YearOfPlenty = 2,
    /// Monopoly; server type 3.
    Monopoly = 3,
    /// Victory point (any of server types 4..8).
    VictoryPoint = 4,
}

impl DevCard {
    /// All kinds.
    pub const ALL: [DevCard; 5] = [
        DevCard::Knight,
        DevCard::RoadBuilding,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
        DevCard::VictoryPoint,
    ];

    /// Dense index 0..5.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// From `SOCDevCardConstants` (0 = unknown gives `None`).
    pub const fn from_server(v: i32) -> Option<DevCard> {
        match v {
            9 => Some(DevCard::Knight),
            1 => Some(DevCard::RoadBuilding),
            2 => Some(DevCard::YearOfPlenty),
            3 => Some(DevCard::Monopoly),
            4..=8 => Some(DevCard::VictoryPoint),
            _ => None,
        }
    }

    /// The `SOCDevCardConstants` value (VP cards map to 4, "Capitol").
    pub const fn to_server(self) -> i32 {
        match self {
            DevCard::Knight => 9,
            DevCard::RoadBuilding => 1,
            DevCard::YearOfPlenty => 2,
            DevCard::Monopoly => 3,
            DevCard::VictoryPoint => 4,
        }
    }
}

/// Counts of development cards by kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct DevSet(pub [u8; 5]);

impl DevSet {
    /// None.
    pub const EMPTY: DevSet = DevSet([0; 5]);
    /// The full classic deck: 14 knights, 2 road building, 2 year of plenty, 2 monopoly,
    /// 5 VP = 25 (`SOCGame` dev card setup).
    pub const FULL_DECK: DevSet = DevSet([14, 2, 2, 2, 5]);

    /// Count of `c`.
    #[inline]
    pub const fn get(self, c: DevCard) -> u8 {
        self.0[c as usize]
    }
    /// Total cards.
    #[inline]
    pub fn total(self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }
    /// The `n`th card in kind order (for uniform sampling).
    ///
    /// # Panics
    /// If `n >= total()`.
    pub fn nth_card(self, mut n: u32) -> DevCard {
        for c in DevCard::ALL {
            let k = self.get(c) as u32;
            if n < k {
                return c;
            }
            n -= k;
        }
        panic!("nth_card out of range");
    }
}

impl Index<DevCard> for DevSet {
    type Output = u8;
    #[inline]
    fn index(&self, c: DevCard) -> &u8 {
        &self.0[c as usize]
    }
}

impl IndexMut<DevCard> for DevSet {
    #[inline]
    fn index_mut(&mut self, c: DevCard) -> &mut u8 {
        &mut self.0[c as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_numbers_round_trip() {
        for r in Resource::ALL {
            assert_eq!(Resource::from_server(r.to_server()), Some(r));
        }
        for c in DevCard::ALL {
            assert_eq!(DevCard::from_server(c.to_server()), Some(c));
        }
        assert_eq!(DevSet::FULL_DECK.total(), 25);
    }

    #[test]
    fn nth_card_walks_wire_order() {
        let h = ResourceSet::new(1, 0, 2, 0, 1);
        let cards: Vec<_> = (0..4).map(|i| h.nth_card(i)).collect();
        assert_eq!(
            cards,
            vec![
                Resource::Clay,
                Resource::Sheep,
                Resource::Sheep,
                Resource::Wood
            ]
        );
    }
}
