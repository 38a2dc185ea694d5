//! What the fog hides (SC_FOG). The server shuffles the fog island's hexes and dice numbers
//! under the fog (`SOCBoardAtServer.makeNewBoard`, the fog island of
//! `FOG_ISL_LANDHEX_TYPE_FOG` / `FOG_ISL_LANDHEX_TYPE_FOG_6PL` with
//! `FOG_ISL_DICENUM_FOG_3PL` / `_4PL` / `_6PL`, hidden by `makeNewBoard_hideHexesInFog`);
//! a player knows that island's contents, less what has been revealed, but not where each
//! lies. [`State::fog_left`] is that knowledge and [`State::sample_fog`] a world drawn from
//! it, for searches: the engine never reveals fog in a game it mirrors (the server does).

use rand::Rng;

use super::sets::BitSet;
use super::{Shape, State};

/// Hex kinds as REVEALFOGHEX states them (`SOCBoardLarge`): water, clay, ore, sheep, wheat,
/// wood, desert, gold.
const WATER: usize = 0;
const DESERT: usize = 6;
const GOLD: usize = 7;

/// Hexes of each kind and dice numbers the fog may still hide.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FogPool {
    /// Hexes of each kind, by REVEALFOGHEX's hex type (0 water, 1..5 clay, ore, sheep,
    /// wheat, wood, 6 desert, 7 gold).
    pub kinds: [u8; 8],
    /// Dice numbers, by number (2..=12).
    pub numbers: [u8; 13],
}

impl FogPool {
    /// The fog island of SC_FOG as the server deals it under `hexes` fog hexes for
    /// `players` (12 hexes on the 4-player board, 25 on the 6-player board); `None` for
    /// fog of another size (the server's debug fog, a later scenario).
    pub fn island(hexes: usize, players: usize) -> Option<FogPool> {
        // FOG_ISL_LANDHEX_TYPE_FOG (3 and 4 players) and _FOG_6PL, as counts of
        // water, clay, ore, sheep, wheat, wood, desert, gold.
        let (kinds, numbers): ([u8; 8], &[usize]) = match hexes {
            12 if players < 4 => ([2, 2, 2, 1, 2, 1, 0, 2], &[3, 3, 4, 5, 6, 8, 9, 10, 11, 12]),
            12 => (
                [2, 2, 2, 1, 2, 1, 0, 2],
                &[3, 4, 5, 6, 8, 9, 10, 11, 11, 12],
            ),
            25 => (
                [12, 2, 2, 3, 2, 3, 0, 1],
                &[2, 2, 3, 4, 5, 5, 6, 8, 9, 9, 10, 11, 12],
            ),
            _ => return None,
        };
        let mut pool = FogPool {
            kinds,
            numbers: [0; 13],
        };
        for &n in numbers {
            pool.numbers[n] += 1;
        }
        Some(pool)
    }

    /// Hexes in the pool.
    pub fn hexes(&self) -> usize {
        self.kinds.iter().map(|&k| usize::from(k)).sum()
    }

    /// Takes a revealed hex out of the pool; `false` (pool unchanged) when the pool has no
    /// such hex or number.
    fn take(&mut self, kind: usize, number: usize) -> bool {
        let numbered = numbered(kind);
        if self.kinds[kind] == 0 || (numbered && self.numbers[number] == 0) {
            return false;
        }
        self.kinds[kind] -= 1;
        if numbered {
            self.numbers[number] -= 1;
        }
        true
    }
}

impl<S: Shape> State<S> {
    /// Whether any fog hex is still unrevealed.
    pub fn has_fog(&self) -> bool {
        self.board().sea().is_some_and(|l| !l.fog.is_empty())
    }

    /// The fog hexes not yet revealed and what they may hide: the fog island less the hexes
    /// revealed so far. `None` without fog, or when the fog is not the island the server
    /// deals (its size, or a revealed hex, does not fit).
    pub fn fog_left(&self) -> Option<(S::Hexes, FogPool)> {
        let board = self.board();
        let l = board.sea()?;
        if l.fog.is_empty() {
            return None;
        }
        let mut pool = FogPool::island(l.fog.len() + l.revealed.len(), self.seats().count())?;
        for x in l.revealed.iter() {
            let kind = if l.water.contains(x) {
                WATER
            } else if l.gold.contains(x) {
                GOLD
            } else {
                board.hex_resource[x.index()].map_or(DESERT, |r| r.to_server() as usize)
            };
            if !pool.take(kind, usize::from(board.hex_number[x.index()])) {
                return None;
            }
        }
        Some((l.fog, pool))
    }

    /// Reveals every fog hex as a draw from what it may hide ([`State::fog_left`]): the
    /// kinds shuffled over the fog hexes, the numbers over those that take one. A world for
    /// a search, not the game: nothing is paid for the reveals. No fog, or fog not of the
    /// island: unchanged.
    pub fn sample_fog<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let Some((fog, pool)) = self.fog_left() else {
            return;
        };
        let (mut kinds, n) = spread(&pool.kinds);
        let (mut numbers, m) = spread(&pool.numbers);
        shuffle(&mut kinds[..n], rng);
        shuffle(&mut numbers[..m], rng);
        let mut numbers = numbers[..m].iter().copied();
        // `fog` is a copy: revealing a hex does not change what is iterated.
        for (x, &kind) in fog.iter().zip(&kinds[..n]) {
            let kind = usize::from(kind);
            let number = if numbered(kind) {
                numbers.next().unwrap_or(0)
            } else {
                0
            };
            let revealed = self.reveal_fog(x, kind as i32, i32::from(number));
            debug_assert!(revealed.is_ok(), "a fog hex takes any kind of the pool");
        }
    }
}

/// Whether a hex of this kind has a dice number (not water, not desert).
fn numbered(kind: usize) -> bool {
    !matches!(kind, WATER | DESERT)
}

/// Each index of `counts` as many times as its count (at most 32 in all, as a fog island
/// holds), and how many.
fn spread(counts: &[u8]) -> ([u8; 32], usize) {
    let mut out = [0u8; 32];
    let mut n = 0;
    for (v, &c) in counts.iter().enumerate() {
        for _ in 0..c {
            if let Some(slot) = out.get_mut(n) {
                *slot = v as u8;
                n += 1;
            }
        }
    }
    (out, n)
}

/// Fisher–Yates, without allocating.
fn shuffle<R: Rng + ?Sized>(a: &mut [u8], rng: &mut R) {
    for i in (1..a.len()).rev() {
        a.swap(i, rng.gen_range(0..=i));
    }
}
