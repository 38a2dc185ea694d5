//! The board kinds: the four boards the server offers (classic, 6-player, sea, 6-player sea) as
//! one run-time value, each naming its [`Shape`]. The arena plays the kind it is given; the
//! client finds a game's kind in its options (`client::options::board_kind`).

use std::str::FromStr;

use super::rules::Rules;
use super::shape::{Classic, Sea, Sea6, Shape, Six};

/// Which of the four boards a game is on, chosen at run time (each is a [`Shape`]): what the
/// arena is told to play and what a server's game options ask for (the client reads them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// The classic 4-seat board ([`Classic`]): 2 to 4 players.
    #[default]
    Classic,
    /// The 6-seat board of the 5–6 player extension ([`Six`]): 5 or 6 players, the Special
    /// Building Phase.
    Six,
    /// The sea board of the server's games without a scenario ([`Sea`],
    /// `Board::random_sea`): 2 to 4 players, ships, the pirate, gold hexes.
    Sea,
    /// The 6-player sea board ([`Sea6`], `Board::random_sea6`): 5 or 6 players, ships and
    /// the Special Building Phase.
    Sea6,
}

impl BoardKind {
    /// Every board.
    pub const ALL: [BoardKind; 4] = [
        BoardKind::Classic,
        BoardKind::Six,
        BoardKind::Sea,
        BoardKind::Sea6,
    ];

    /// Its seats ([`Shape::SEATS`]).
    pub fn seats(self) -> usize {
        match self {
            BoardKind::Classic => Classic::SEATS,
            BoardKind::Six => Six::SEATS,
            BoardKind::Sea => Sea::SEATS,
            BoardKind::Sea6 => Sea6::SEATS,
        }
    }

    /// Its name in result records and reports ([`Shape::NAME`]).
    pub fn name(self) -> &'static str {
        match self {
            BoardKind::Classic => Classic::NAME,
            BoardKind::Six => Six::NAME,
            BoardKind::Sea => Sea::NAME,
            BoardKind::Sea6 => Sea6::NAME,
        }
    }

    /// Whether it is a sea board.
    pub fn is_sea(self) -> bool {
        matches!(self, BoardKind::Sea | BoardKind::Sea6)
    }

    /// The player counts the arena plays on it: 2–4 on the classic board, 5 or 6 on the
    /// 6-player board (what the server's 6-player games are; fewer would need option PLB).
    pub fn players(self) -> std::ops::RangeInclusive<usize> {
        match self {
            BoardKind::Classic | BoardKind::Sea => 2..=4,
            BoardKind::Six | BoardKind::Sea6 => 5..=6,
        }
    }

    /// The rules of a game of `players` players on this board: `options` with seats
    /// `0..players` in play and, on the 6-player board, the Special Building Phase (the
    /// server runs it in every game of more than four seats).
    pub fn rules(self, options: Rules, players: usize) -> Rules {
        Rules {
            seats: ((1u16 << players) - 1) as u8,
            special_building: self.seats() > 4,
            ..options
        }
    }
}

impl std::fmt::Display for BoardKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BoardKind {
    type Err = String;

    /// `classic` (or `4`), `six` (or `6`, `6-player`, `6p`), `sea`, `sea6` (or `6-player-sea`).
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "classic" | "4" | "4-player" | "4p" => Ok(BoardKind::Classic),
            "six" | "6" | "6-player" | "6p" => Ok(BoardKind::Six),
            "sea" | "sea4" => Ok(BoardKind::Sea),
            "sea6" | "sea-6" | "6-player-sea" | "6-player sea" => Ok(BoardKind::Sea6),
            _ => Err(format!("board `{s}`: expected classic, six, sea or sea6")),
        }
    }
}
