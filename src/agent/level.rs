//! Difficulty levels: named agent configurations, from about a stock JSettlers robot's
//! strength to the strongest measured. A weaker level searches less and trades less — a
//! weaker player, never a broken one: every level's moves are legal moves chosen by the same
//! search, and with `--pace` every level waits as long as a stock robot does. Imports `spec`.

use std::fmt;
use std::str::FromStr;

use super::spec::{AgentSpec, SpecError};

/// A named difficulty level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// A small search (250 playouts, one tree), no player trading.
    Easy,
    /// The paper's configuration at 1,000 playouts, no player trading.
    Medium,
    /// The paper's configuration at 10,000 playouts, no player trading.
    Hard,
    /// `play`'s default: two trees of 25,000 playouts with player trading, and a certain win
    /// within the turn played before searching (`win=1`; the weaker levels leave every move
    /// to their search, as when their strength was measured).
    Strongest,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Strongest];

    /// The name `--level` takes.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Strongest => "strongest",
        }
    }

    /// The agent spec the level plays.
    pub fn spec_text(self) -> &'static str {
        match self {
            Level::Easy => "mpt-ensemble-uct:iterations=250,trees=1,win=0",
            Level::Medium => "mpt-ensemble-uct:iterations=1000,win=0",
            Level::Hard => "mpt-ensemble-uct:iterations=10000,win=0",
            Level::Strongest => "mpt-ensemble-uct:iterations=25000,budget=tree,trees=2,trade=1",
        }
    }

    /// The level's agent spec.
    ///
    /// # Errors
    /// Never for the levels defined here (a test parses each).
    pub fn spec(self) -> Result<AgentSpec, SpecError> {
        self.spec_text().parse()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                format!("unknown level {s:?}; the levels are {}", names.join(", "))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_parses_and_names_round_trip() {
        for l in Level::ALL {
            let spec = l.spec().expect("a level's spec parses");
            assert!(spec.kind.is_search(), "{l}");
            assert_eq!(l.name().parse::<Level>(), Ok(l));
        }
        assert!("impossible".parse::<Level>().is_err());
    }

    #[test]
    fn levels_grow_in_search_and_only_the_strongest_trades() {
        let budgets: Vec<u64> = Level::ALL
            .iter()
            .map(|l| {
                let s = l.spec().unwrap();
                s.iterations * if s.per_tree_budget { s.trees as u64 } else { 1 }
            })
            .collect();
        assert!(budgets.windows(2).all(|w| w[0] < w[1]), "{budgets:?}");
        for l in Level::ALL {
            assert_eq!(l.spec().unwrap().trade, l == Level::Strongest, "{l}");
            // Only the strongest plays the wins the search may put off or prune (`win=1`),
            // so the weaker levels play as they did when measured.
            assert_eq!(l.spec().unwrap().win_now, l == Level::Strongest, "{l}");
        }
    }
}
