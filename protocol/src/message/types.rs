//! Small value types shared by several messages: resource sets, (element, value) pairs, seat
//! locks. No Catan rules: numbers stay as the server sends them.

use crate::wire::{parse_i32, Field, FieldError, FieldResult, Tokens, Writer};

/// Five resource counts in wire order: clay, ore, sheep, wheat, wood
/// (`SOCResourceConstants` 1..=5 minus one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ResourceSet(pub [i32; 5]);

impl ResourceSet {
    /// All zero.
    pub const EMPTY: ResourceSet = ResourceSet([0; 5]);

    /// From the five counts in wire order.
    pub const fn new(clay: i32, ore: i32, sheep: i32, wheat: i32, wood: i32) -> Self {
        ResourceSet([clay, ore, sheep, wheat, wood])
    }

    /// Clay (brick), resource type 1.
    pub fn clay(&self) -> i32 {
        self.0[0]
    }
    /// Ore, resource type 2.
    pub fn ore(&self) -> i32 {
        self.0[1]
    }
    /// Sheep (wool), resource type 3.
    pub fn sheep(&self) -> i32 {
        self.0[2]
    }
    /// Wheat (grain), resource type 4.
    pub fn wheat(&self) -> i32 {
        self.0[3]
    }
    /// Wood (lumber), resource type 5.
    pub fn wood(&self) -> i32 {
        self.0[4]
    }

    /// Count of resource type `rtype` (1 clay ..= 5 wood); `None` for other numbers.
    pub fn get(&self, rtype: i32) -> Option<i32> {
        usize::try_from(rtype)
            .ok()
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| self.0.get(i).copied())
    }

    /// Sum of the five counts, saturating: the counts come from the network, and five of
    /// them can add up past `i32`.
    pub fn total(&self) -> i32 {
        self.0.iter().fold(0i32, |sum, &n| sum.saturating_add(n))
    }
}

impl Field for ResourceSet {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        let mut r = [0; 5];
        for x in &mut r {
            *x = t.int()?;
        }
        Ok(ResourceSet(r))
    }
    fn write(&self, w: &mut Writer<'_>) {
        for &x in &self.0 {
            w.int(x);
        }
    }
}

/// An (element type, value) pair: PLAYERELEMENTS and GAMEELEMENTS carry lists of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ElementValue {
    /// Element type (guide §4.3, e.g. 10 ROADS for a player, 4 CURRENT_PLAYER for a game).
    pub element: i32,
    /// Its amount or value.
    pub value: i32,
}

impl Field for ElementValue {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        Ok(ElementValue {
            element: t.int()?,
            value: t.int()?,
        })
    }
    fn write(&self, w: &mut Writer<'_>) {
        w.int(self.element);
        w.int(self.value);
    }
}

/// A seat's lock state in SETSEATLOCK (`true` / `false` / `clear`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatLock {
    /// `true`: no robot may take the seat.
    Locked,
    /// `false`.
    Unlocked,
    /// `clear`: unlocked at the next board reset.
    ClearOnReset,
}

impl Field for SeatLock {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        match t.str()? {
            "true" => Ok(SeatLock::Locked),
            "false" => Ok(SeatLock::Unlocked),
            "clear" => Ok(SeatLock::ClearOnReset),
            s => Err(FieldError::new(format!("bad seat lock {s:?}"))),
        }
    }
    fn write(&self, w: &mut Writer<'_>) {
        w.raw(match self {
            SeatLock::Locked => "true",
            SeatLock::Unlocked => "false",
            SeatLock::ClearOnReset => "clear",
        });
    }
}

/// One game in GAMESWITHOPTIONS: its name and its option string (`-` for none).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameListing {
    /// Game name (may carry the server's "can't join" marker prefix).
    pub name: String,
    /// Game options, e.g. `BC=t4,N7=f7,PL=4,RD=f,UBL=t7`.
    pub options: String,
}

impl Field for GameListing {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        Ok(GameListing {
            name: String::read(t)?,
            options: String::read(t)?,
        })
    }
    fn write(&self, w: &mut Writer<'_>) {
        w.str(&self.name);
        w.str(&self.options);
    }
}

/// One robot's exact hand in BOTGAMEDATACHECK.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeatHand {
    /// Seat number.
    pub player: i32,
    /// The hand.
    pub resources: ResourceSet,
}

impl Field for SeatHand {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        Ok(SeatHand {
            player: t.int()?,
            resources: ResourceSet::read(t)?,
        })
    }
    fn write(&self, w: &mut Writer<'_>) {
        w.int(self.player);
        self.resources.write(w);
    }
}

/// A `t`/`f` flag as game option messages write booleans.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TfFlag(pub bool);

impl Field for TfFlag {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        match t.str()? {
            "t" => Ok(TfFlag(true)),
            "f" => Ok(TfFlag(false)),
            s => Err(FieldError::new(format!("expected t or f, got {s:?}"))),
        }
    }
    fn write(&self, w: &mut Writer<'_>) {
        w.raw(if self.0 { "t" } else { "f" });
    }
}

/// A Java `float` field (UPDATEROBOTPARAMS), written the way `Float.toString` writes ordinary
/// values (`1.0`, `0.13`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct JavaFloat(pub f32);

impl Field for JavaFloat {
    fn read(t: &mut Tokens<'_>) -> FieldResult<Self> {
        let s = t.str()?;
        // Only plain decimals: Rust would also take "inf" or "1e5", Java spells those otherwise.
        if s.is_empty()
            || !s
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
        {
            return Err(FieldError::new(format!("expected a decimal, got {s:?}")));
        }
        s.parse::<f32>()
            .map(JavaFloat)
            .map_err(|_| FieldError::new(format!("expected a decimal, got {s:?}")))
    }
    fn write(&self, w: &mut Writer<'_>) {
        // Debug keeps the ".0" of whole numbers, like Java.
        w.raw(&format!("{:?}", self.0));
    }
}

/// Reads a token as an int if it is one, without consuming anything otherwise.
pub(crate) fn peek_int(t: &Tokens<'_>) -> Option<i32> {
    t.peek().and_then(|s| parse_i32(s).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Before: five counts near `i32::MAX` overflowed the sum (a panic in debug builds, a
    /// wrapped negative total otherwise), and resource type `i32::MIN` overflowed `get`.
    #[test]
    fn network_counts_sum_and_index_without_overflow() {
        assert_eq!(ResourceSet([i32::MAX; 5]).total(), i32::MAX);
        assert_eq!(ResourceSet([i32::MIN; 5]).total(), i32::MIN);
        assert_eq!(ResourceSet([1, 2, 3, 4, 5]).total(), 15);
        let r = ResourceSet([1, 2, 3, 4, 5]);
        assert_eq!(r.get(i32::MIN), None);
        assert_eq!(r.get(0), None);
        assert_eq!((r.get(1), r.get(5), r.get(6)), (Some(1), Some(5), None));
    }
}
