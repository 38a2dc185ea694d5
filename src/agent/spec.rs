//! Agent specifications as written on the command line: `NAME[:key=value,...]`, e.g.
//! `mpt-ensemble-uct:iterations=10000,trees=8,c=0.7`. The same spec works for `arena` and
//! `play`. Parsing only; building the agent is `agent::build`.

use std::fmt;
use std::str::FromStr;

use super::negotiate::Answers;
use super::playout::Playouts;

/// Which agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentKind {
    /// Uniformly random legal moves.
    Random,
    /// The fast rule-based baseline (no search).
    Heuristic,
    /// UCT with random playouts, no pruning.
    PlainUct,
    /// UCT whose new nodes start with virtual wins.
    VwUct,
    /// UCT with move pruning (cities > settlements > rest) in expansion and playouts.
    MpUct,
    /// MP-UCT over an ensemble of independent trees.
    MpEnsembleUct,
    /// MP-EnsembleUCT plus trade-optimistic macro moves (bank/port trades folded into builds).
    MptEnsembleUct,
}

impl AgentKind {
    /// Every kind with its spec name.
    pub const ALL: [(AgentKind, &'static str); 7] = [
        (AgentKind::Random, "random"),
        (AgentKind::Heuristic, "heuristic"),
        (AgentKind::PlainUct, "plain-uct"),
        (AgentKind::VwUct, "vw-uct"),
        (AgentKind::MpUct, "mp-uct"),
        (AgentKind::MpEnsembleUct, "mp-ensemble-uct"),
        (AgentKind::MptEnsembleUct, "mpt-ensemble-uct"),
    ];

    /// The spec name.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map(|(_, n)| *n)
            .unwrap_or("?")
    }

    /// Whether this kind searches (takes `iterations`, `time-ms`, ...).
    pub fn is_search(self) -> bool {
        !matches!(self, AgentKind::Random | AgentKind::Heuristic)
    }

    /// Whether this kind runs an ensemble of trees by default.
    pub fn is_ensemble(self) -> bool {
        matches!(self, AgentKind::MpEnsembleUct | AgentKind::MptEnsembleUct)
    }
}

/// A parsed agent spec. Unset keys keep their defaults (see [`AgentSpec::new`]).
#[derive(Clone, Debug, PartialEq)]
pub struct AgentSpec {
    /// Which agent.
    pub kind: AgentKind,
    /// Search iterations (playouts) per decision: the whole ensemble's (`budget=total`, the
    /// paper's) or each tree's (`budget=tree`). 0: no iteration limit (needs `time-ms`).
    pub iterations: u64,
    /// Whether `iterations` is each tree's budget (`budget=tree`: more threads, more trees,
    /// each as strong as one) instead of the ensemble's total (`budget=total`, the paper's).
    pub per_tree_budget: bool,
    /// Independent trees (ensembles; 1 for single-tree kinds unless given).
    pub trees: usize,
    /// Worker threads for the ensemble (default: all cores).
    pub threads: Option<usize>,
    /// UCB exploration constant.
    pub c: f32,
    /// Wall-clock budget per decision in milliseconds; with `iterations`, whichever ends first.
    pub time_ms: Option<u64>,
    /// Random seed (default: from the OS).
    pub seed: Option<u64>,
    /// Virtual wins for VW-UCT: visits a new node starts with.
    pub virtual_visits: f32,
    /// Player trading: make offers and answer them (the heuristic by its trading model, the
    /// search by searching its candidate offers and its answers). Off by default, so the
    /// paper's variants play as published.
    pub trade: bool,
    /// The budget (iterations and `time-ms`) of initial placement decisions, as a multiple of
    /// the rest's: the four placements decide most of a game, and the server's turn timer
    /// leaves them time to spare. 1 (the paper's: every decision alike) by default.
    pub setup_factor: u32,
    /// Sea boards: ship builds and moves in the tree only towards new land (`ships=land`, the
    /// default) or every legal one (`ships=all`). Pruning kinds only.
    pub ship_pruning: bool,
    /// Stop a search once its most visited move can no longer change within the iteration
    /// budget (`settle=1`, the default): the move the whole budget would play, sooner.
    /// `settle=0` runs every iteration (to measure what stopping saves).
    pub settle: bool,
    /// Pruning kinds: the development card moves (plays, and a purchase the hand pays for)
    /// beside the cities and settlements in the tree (`cards=1`) instead of only when neither
    /// can be built (`cards=0`, the paper's move pruning and the default).
    pub cards_beside_builds: bool,
    /// How the other players answer offers: for a search, its model of them below the root;
    /// for the heuristic, its own answers (`answers=lenient`, the default, or `answers=stock`,
    /// closer to the stock robot's negotiator: [`Answers`]).
    pub answers: Answers,
    /// Search kinds with heuristic playouts: who plays them — the heuristic
    /// (`playouts=heuristic`, the default), players who also offer each other trades by the
    /// trading model (`playouts=offers`; the stock robots trade among themselves), or players
    /// who build only on the best spot of each kind, as the stock robots choose spots by
    /// production (`playouts=greedy`), or opponents who save for one build plan at a time, as
    /// the stock robots do (`playouts=plans`; the searcher's seat plays the heuristic).
    pub playouts: Playouts,
    /// Search kinds: percent of a playout's reward that is the seat's share of the points to
    /// win (`points=20`), the rest the win; 0, the default, rewards winning only.
    pub points_pct: u8,
    /// Search kinds with move pruning: the initial settlements searched are only the best
    /// `opening=N` spots by the opening score (0, the default: every legal spot).
    pub opening_top: u8,
    /// Search kinds: playouts cut after this many actions, the position then scored by the
    /// learned evaluation (`cut=160`; 0, the default: played to the end).
    pub cut: u16,
    /// Search kinds: opponents' development cards held long unplayed are dealt as likelier
    /// victory points (`ages=1`, [`crate::agent::DevAges`]); `ages=0`, the default, deals
    /// every hidden card from the unseen ones alike.
    pub dev_ages: bool,
    /// Search kinds: who plays the other seats' moves below the root — the tree, each seat
    /// for its own reward (`opponents=tree`, the default), or the playout policy
    /// (`opponents=model`: an opponent model in the tree, which then branches on the
    /// searcher's decisions only).
    pub opponents_by_policy: bool,
    /// Search kinds: percent paranoia of the other seats' tree nodes (`paranoid=50`): their
    /// reward is that share of the searcher's loss, the rest their own win, opponents who also
    /// play against the searcher; 0, the default, is max-n, each seat for its own reward.
    pub paranoia_pct: u8,
    /// Search kinds with `trade`: every offer made to us is declined (`accept=0`) while we
    /// still make our own; 1, the default, searches each answer.
    pub decline_offers: bool,
    /// Search kinds with trade-optimistic moves: lone bank/port trades stay in the tree beside
    /// the other moves when no city or settlement can be built (`bank=1`), so a hand can be
    /// turned towards a later build or below a discard; 0, the default and the paper's, keeps
    /// only the trades folded into a build.
    pub lone_bank_trades: bool,
    /// `wait=1`: builds that only bank/port trades pay for do not prune the moves below them
    /// ([`Variant::trade_builds_wait`](crate::agent::search_game::Variant)).
    pub trade_builds_wait: bool,
    /// Search kinds with `trade`: an offer made to us and to other seats is searched with
    /// those after us in turn order still to answer, by the trading model, once we decline
    /// (`rivals=1`), since on the server another robot may take what we refuse; 0, the
    /// default, searches it as made to us alone.
    pub rival_answers: bool,
    /// Search kinds with `trade`: an offer made to us is accepted when accepting's mean
    /// reward at the root is within this many percent (of a win) of declining's
    /// (`eager=3`), a lean towards the trades a refusal would leave to another robot; 0, the
    /// default, plays the most visited answer.
    pub eager_pct: u8,
    /// Search kinds: before searching, look for a line of the mover's own moves that wins
    /// within its turn in every sampled world, and play it (`win=1`, the default; see
    /// [`win`](crate::agent::win)); `win=0` leaves every move to the pruned search, as the
    /// paper's agents and every measurement before it did.
    pub win_now: bool,
    /// Pruning kinds: beside the cities and settlements, the roads that bring the Longest
    /// Road within reach and the knight that takes the Largest Army (`awards=1`,
    /// [`Variant::awards_beside_builds`](crate::agent::search_game::Variant)); 0, the default
    /// and the paper's, offers them only when neither can be built.
    pub awards_beside_builds: bool,
}

impl AgentSpec {
    /// The defaults for `kind`: 1,000 iterations, C = 0.7, 4 trees for ensembles.
    pub fn new(kind: AgentKind) -> Self {
        AgentSpec {
            kind,
            iterations: 1000,
            per_tree_budget: false,
            trees: if kind.is_ensemble() { 4 } else { 1 },
            threads: None,
            c: 0.7,
            time_ms: None,
            seed: None,
            virtual_visits: if kind == AgentKind::VwUct { 10.0 } else { 0.0 },
            trade: false,
            setup_factor: 1,
            ship_pruning: true,
            settle: true,
            cards_beside_builds: false,
            answers: Answers::Lenient,
            playouts: Playouts::Heuristic,
            points_pct: 0,
            opening_top: 0,
            cut: 0,
            dev_ages: false,
            opponents_by_policy: false,
            paranoia_pct: 0,
            decline_offers: false,
            lone_bank_trades: false,
            trade_builds_wait: false,
            rival_answers: false,
            eager_pct: 0,
            win_now: true,
            awards_beside_builds: false,
        }
    }
}

/// Why a spec did not parse; carries the offending text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// The name is not one of [`AgentKind::ALL`].
    UnknownAgent(String),
    /// A `key=value` pair whose key is unknown.
    UnknownKey(String),
    /// A value that does not parse or is out of range.
    BadValue(String),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::UnknownAgent(s) => {
                let names: Vec<_> = AgentKind::ALL.iter().map(|(_, n)| *n).collect();
                write!(f, "unknown agent `{s}` (one of: {})", names.join(", "))
            }
            SpecError::UnknownKey(s) => write!(
                f,
                "unknown key `{s}` (keys: iterations, budget, trees, threads, c, time-ms, seed, vw, trade, setup, ships, settle, cards, answers, playouts, policy, points, opening, cut, ages, opponents, paranoid, accept, bank, rivals, eager, wait, win, awards)"
            ),
            SpecError::BadValue(s) => write!(f, "bad value in `{s}`"),
        }
    }
}

impl std::error::Error for SpecError {}

/// An on/off value: `1`, `on`, `true` or `0`, `off`, `false`.
fn flag(v: &str) -> Option<bool> {
    match v.trim() {
        "1" | "on" | "true" => Some(true),
        "0" | "off" | "false" => Some(false),
        _ => None,
    }
}

/// A percent, 0 to 100.
fn percent(v: &str) -> Option<u8> {
    v.trim().parse().ok().filter(|p| *p <= 100)
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, SpecError> {
        let (name, rest) = s.split_once(':').unwrap_or((s, ""));
        let kind = AgentKind::ALL
            .iter()
            .find(|(_, n)| *n == name.trim())
            .map(|(k, _)| *k)
            .ok_or_else(|| SpecError::UnknownAgent(name.to_string()))?;
        let mut spec = AgentSpec::new(kind);
        for pair in rest.split(',').filter(|p| !p.trim().is_empty()) {
            let (k, v) = pair
                .split_once('=')
                .ok_or_else(|| SpecError::BadValue(pair.to_string()))?;
            let bad = || SpecError::BadValue(pair.to_string());
            match k.trim() {
                "iterations" => spec.iterations = v.parse().map_err(|_| bad())?,
                "trees" => spec.trees = v.parse().ok().filter(|n| *n > 0).ok_or_else(bad)?,
                "threads" => {
                    spec.threads = Some(v.parse().ok().filter(|n| *n > 0).ok_or_else(bad)?)
                }
                "c" => spec.c = v.parse().ok().filter(|c: &f32| *c >= 0.0).ok_or_else(bad)?,
                "time-ms" => spec.time_ms = Some(v.parse().map_err(|_| bad())?),
                "seed" => spec.seed = Some(v.parse().map_err(|_| bad())?),
                "budget" => {
                    spec.per_tree_budget = match v.trim() {
                        "tree" => true,
                        "total" => false,
                        _ => return Err(bad()),
                    }
                }
                "trade" => spec.trade = flag(v).ok_or_else(bad)?,
                "setup" => spec.setup_factor = v.parse().ok().filter(|n| *n > 0).ok_or_else(bad)?,
                "ships" => {
                    spec.ship_pruning = match v.trim() {
                        "land" => true,
                        "all" => false,
                        _ => return Err(bad()),
                    }
                }
                "settle" => spec.settle = flag(v).ok_or_else(bad)?,
                "cards" => spec.cards_beside_builds = flag(v).ok_or_else(bad)?,
                "opening" => spec.opening_top = v.trim().parse().map_err(|_| bad())?,
                "cut" => spec.cut = v.trim().parse().map_err(|_| bad())?,
                "ages" => spec.dev_ages = flag(v).ok_or_else(bad)?,
                "opponents" => {
                    spec.opponents_by_policy = match v.trim() {
                        "model" => true,
                        "tree" => false,
                        _ => return Err(bad()),
                    }
                }
                "paranoid" => spec.paranoia_pct = percent(v).ok_or_else(bad)?,
                "accept" => spec.decline_offers = !flag(v).ok_or_else(bad)?,
                "bank" => spec.lone_bank_trades = flag(v).ok_or_else(bad)?,
                "wait" => spec.trade_builds_wait = flag(v).ok_or_else(bad)?,
                "rivals" => spec.rival_answers = flag(v).ok_or_else(bad)?,
                "eager" => spec.eager_pct = percent(v).ok_or_else(bad)?,
                "win" => spec.win_now = flag(v).ok_or_else(bad)?,
                "awards" => spec.awards_beside_builds = flag(v).ok_or_else(bad)?,
                "points" => spec.points_pct = percent(v).ok_or_else(bad)?,
                "answers" => spec.answers = Answers::parse(v).ok_or_else(bad)?,
                // `policy` reads better for `heuristic`, which plays by it itself.
                "playouts" | "policy" => {
                    spec.playouts = Playouts::parse(v).ok_or_else(bad)?;
                }
                "vw" => {
                    spec.virtual_visits =
                        v.parse().ok().filter(|c: &f32| *c >= 0.0).ok_or_else(bad)?
                }
                _ => return Err(SpecError::UnknownKey(k.to_string())),
            }
        }
        if spec.kind.is_search() && spec.iterations == 0 && spec.time_ms.is_none() {
            // No iteration limit and no time limit: a search without end.
            return Err(SpecError::BadValue(
                "iterations=0 needs time-ms".to_string(),
            ));
        }
        Ok(spec)
    }
}

impl fmt::Display for AgentSpec {
    /// Writes the spec back in the `NAME:key=value,...` form, every key explicit except unset
    /// options.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind.name())?;
        if !self.kind.is_search() {
            let mut keys = Vec::new();
            if let Some(s) = self.seed {
                keys.push(format!("seed={s}"));
            }
            if self.trade {
                keys.push("trade=1".to_string());
            }
            if self.answers != Answers::Lenient {
                keys.push(format!("answers={}", self.answers.name()));
            }
            if self.playouts != Playouts::Heuristic {
                keys.push(format!("policy={}", self.playouts.name()));
            }
            return match keys.is_empty() {
                true => Ok(()),
                false => write!(f, ":{}", keys.join(",")),
            };
        }
        write!(
            f,
            ":iterations={},trees={},c={}",
            self.iterations, self.trees, self.c
        )?;
        if self.per_tree_budget {
            write!(f, ",budget=tree")?;
        }
        if let Some(t) = self.threads {
            write!(f, ",threads={t}")?;
        }
        if let Some(t) = self.time_ms {
            write!(f, ",time-ms={t}")?;
        }
        if let Some(s) = self.seed {
            write!(f, ",seed={s}")?;
        }
        if self.virtual_visits > 0.0 {
            write!(f, ",vw={}", self.virtual_visits)?;
        }
        if self.trade {
            write!(f, ",trade=1")?;
        }
        if self.setup_factor != 1 {
            write!(f, ",setup={}", self.setup_factor)?;
        }
        if !self.ship_pruning {
            write!(f, ",ships=all")?;
        }
        if !self.settle {
            write!(f, ",settle=0")?;
        }
        if self.cards_beside_builds {
            write!(f, ",cards=1")?;
        }
        if self.answers != Answers::Lenient {
            write!(f, ",answers={}", self.answers.name())?;
        }
        if self.opening_top > 0 {
            write!(f, ",opening={}", self.opening_top)?;
        }
        if self.points_pct > 0 {
            write!(f, ",points={}", self.points_pct)?;
        }
        if self.cut > 0 {
            write!(f, ",cut={}", self.cut)?;
        }
        if self.dev_ages {
            write!(f, ",ages=1")?;
        }
        if self.playouts != Playouts::Heuristic {
            write!(f, ",playouts={}", self.playouts.name())?;
        }
        if self.opponents_by_policy {
            write!(f, ",opponents=model")?;
        }
        if self.paranoia_pct > 0 {
            write!(f, ",paranoid={}", self.paranoia_pct)?;
        }
        if self.decline_offers {
            write!(f, ",accept=0")?;
        }
        if self.lone_bank_trades {
            write!(f, ",bank=1")?;
        }
        if self.rival_answers {
            write!(f, ",rivals=1")?;
        }
        if self.eager_pct > 0 {
            write!(f, ",eager={}", self.eager_pct)?;
        }
        if self.trade_builds_wait {
            write!(f, ",wait=1")?;
        }
        if !self.win_now {
            write!(f, ",win=0")?;
        }
        if self.awards_beside_builds {
            write!(f, ",awards=1")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declining_offers_and_lone_bank_trades_parse_and_are_written_back() {
        let m =
            "mpt-ensemble-uct:iterations=2000,trees=2,c=0.7,budget=tree,trade=1,accept=0,bank=1";
        let s: AgentSpec = m.parse().unwrap();
        assert!(s.decline_offers && s.lone_bank_trades);
        assert_eq!(s.to_string(), m);
        let d: AgentSpec = "mpt-ensemble-uct:accept=1,bank=0".parse().unwrap();
        assert!(!d.decline_offers && !d.lone_bank_trades);
        assert!(!d.to_string().contains("accept") && !d.to_string().contains("bank"));
        assert!("mpt-ensemble-uct:bank=2".parse::<AgentSpec>().is_err());
    }

    #[test]
    fn trade_builds_that_wait_parse_and_are_written_back() {
        let m = "mpt-ensemble-uct:iterations=2000,trees=2,c=0.7,budget=tree,trade=1,wait=1";
        let s: AgentSpec = m.parse().unwrap();
        assert_eq!((s.trade_builds_wait, s.to_string().as_str()), (true, m));
        let d: AgentSpec = "mpt-ensemble-uct:wait=0".parse().unwrap();
        assert!(!d.trade_builds_wait && !d.to_string().contains("wait"));
        assert!("mpt-ensemble-uct:wait=yes".parse::<AgentSpec>().is_err());
    }

    #[test]
    fn award_moves_beside_builds_parse_and_are_written_back() {
        let m = "mpt-ensemble-uct:iterations=5000,trees=1,c=0.7,trade=1,awards=1";
        let s: AgentSpec = m.parse().unwrap();
        assert_eq!((s.awards_beside_builds, s.to_string().as_str()), (true, m));
        let d: AgentSpec = "mpt-ensemble-uct:awards=0".parse().unwrap();
        assert!(!d.awards_beside_builds && !d.to_string().contains("awards"));
        assert!("mpt-ensemble-uct:awards=2".parse::<AgentSpec>().is_err());
    }

    #[test]
    fn opponents_by_the_model_parse_and_are_written_back() {
        let m =
            "mpt-ensemble-uct:iterations=2000,trees=2,c=0.7,budget=tree,trade=1,opponents=model";
        let s: AgentSpec = m.parse().unwrap();
        assert_eq!((s.opponents_by_policy, s.to_string().as_str()), (true, m));
        let t: AgentSpec = "mpt-ensemble-uct:opponents=tree".parse().unwrap();
        assert!(!t.opponents_by_policy && !t.to_string().contains("opponents"));
        assert!("mpt-ensemble-uct:opponents=stock"
            .parse::<AgentSpec>()
            .is_err());
        let p = "mpt-ensemble-uct:iterations=2000,trees=2,c=0.7,budget=tree,trade=1,paranoid=50";
        let s: AgentSpec = p.parse().unwrap();
        assert_eq!((s.paranoia_pct, s.to_string().as_str()), (50, p));
        assert!("mpt-ensemble-uct:paranoid=101"
            .parse::<AgentSpec>()
            .is_err());
    }

    #[test]
    fn a_full_spec_parses_every_key() {
        let s: AgentSpec = "mpt-ensemble-uct:iterations=10000,trees=8,c=0.5,time-ms=900,seed=3"
            .parse()
            .unwrap();
        assert_eq!(s.kind, AgentKind::MptEnsembleUct);
        assert_eq!(s.iterations, 10000);
        assert_eq!(s.trees, 8);
        assert_eq!(s.c, 0.5);
        assert_eq!(s.time_ms, Some(900));
        assert_eq!(s.seed, Some(3));
    }

    #[test]
    fn playouts_with_offers_parse_and_are_written_back() {
        let text =
            "mpt-ensemble-uct:iterations=2000,trees=2,c=0.7,budget=tree,trade=1,playouts=offers";
        let s: AgentSpec = text.parse().unwrap();
        assert_eq!(s.playouts, Playouts::Offers);
        assert_eq!(s.to_string(), text);
        let s: AgentSpec = "mpt-ensemble-uct:playouts=heuristic".parse().unwrap();
        assert_eq!(s.playouts, Playouts::Heuristic);
        assert!(!s.to_string().contains("playouts"));
        let text =
            "mpt-ensemble-uct:iterations=2000,trees=2,c=0.7,budget=tree,trade=1,points=20,playouts=greedy";
        let s: AgentSpec = text.parse().unwrap();
        assert_eq!(s.playouts, Playouts::Greedy);
        assert_eq!(s.points_pct, 20);
        let opening = "mpt-ensemble-uct:iterations=2000,trees=2,c=0.7,trade=1,opening=8";
        let o: AgentSpec = opening.parse().unwrap();
        assert_eq!((o.opening_top, o.to_string().as_str()), (8, opening));
        let cut = "mpt-ensemble-uct:iterations=2000,trees=2,c=0.7,budget=tree,trade=1,cut=160";
        let c: AgentSpec = cut.parse().unwrap();
        assert_eq!((c.cut, c.to_string().as_str()), (160, cut));
        assert!("mpt-ensemble-uct:cut=x".parse::<AgentSpec>().is_err());
        let ages = "mpt-ensemble-uct:iterations=2000,trees=2,c=0.7,budget=tree,trade=1,ages=1";
        let a: AgentSpec = ages.parse().unwrap();
        assert_eq!((a.dev_ages, a.to_string().as_str()), (true, ages));
        assert!("mpt-ensemble-uct:ages=2".parse::<AgentSpec>().is_err());
        let plans =
            "mpt-ensemble-uct:iterations=2000,trees=2,c=0.7,budget=tree,trade=1,playouts=plans";
        let p: AgentSpec = plans.parse().unwrap();
        assert_eq!(
            (p.playouts, p.to_string().as_str()),
            (Playouts::Plans, plans)
        );
        assert!("mpt-ensemble-uct:points=101".parse::<AgentSpec>().is_err());
        assert_eq!(s.to_string(), text);
        assert!("mpt-ensemble-uct:playouts=robots"
            .parse::<AgentSpec>()
            .is_err());
    }

    #[test]
    fn the_heuristic_takes_a_policy_and_writes_it_back() {
        let text = "heuristic:trade=1,answers=stock,policy=stock";
        let s: AgentSpec = text.parse().unwrap();
        assert_eq!(
            (s.playouts, s.to_string().as_str()),
            (Playouts::Stock, text)
        );
        let same: AgentSpec = "heuristic:trade=1,answers=stock,playouts=stock"
            .parse()
            .unwrap();
        assert_eq!(same, s);
        assert!("heuristic:policy=robots".parse::<AgentSpec>().is_err());
        assert_eq!(
            "heuristic:policy=heuristic"
                .parse::<AgentSpec>()
                .unwrap()
                .to_string(),
            "heuristic"
        );
    }

    #[test]
    fn the_answer_model_parses_and_is_written_back() {
        for text in [
            "mpt-ensemble-uct:iterations=2000,trees=1,c=0.7,trade=1,answers=stock",
            "heuristic:trade=1,answers=stock",
        ] {
            let s: AgentSpec = text.parse().unwrap();
            assert_eq!(s.answers, Answers::Stock);
            assert_eq!(s.to_string(), text);
        }
        let s: AgentSpec = "heuristic:answers=lenient".parse().unwrap();
        assert_eq!(
            (s.answers, s.to_string().as_str()),
            (Answers::Lenient, "heuristic")
        );
        assert!("heuristic:answers=robot".parse::<AgentSpec>().is_err());
    }

    #[test]
    fn the_budget_is_the_ensembles_unless_per_tree() {
        let paper: AgentSpec = "mpt-ensemble-uct:iterations=10000".parse().unwrap();
        assert!(!paper.per_tree_budget);
        assert_eq!(
            paper.to_string(),
            "mpt-ensemble-uct:iterations=10000,trees=4,c=0.7"
        );
        let s: AgentSpec = "mpt-ensemble-uct:iterations=0,budget=tree,trees=2,time-ms=500"
            .parse()
            .unwrap();
        assert!(s.per_tree_budget);
        assert_eq!(s.to_string().parse::<AgentSpec>().unwrap(), s);
        assert!("mpt-ensemble-uct:iterations=0"
            .parse::<AgentSpec>()
            .is_err());
        assert!("mpt-ensemble-uct:budget=all".parse::<AgentSpec>().is_err());
    }

    #[test]
    fn defaults_depend_on_the_kind() {
        let e: AgentSpec = "mp-ensemble-uct".parse().unwrap();
        assert_eq!(e.trees, 4);
        let p: AgentSpec = "plain-uct".parse().unwrap();
        assert_eq!(p.trees, 1);
        assert_eq!(p.virtual_visits, 0.0);
        let v: AgentSpec = "vw-uct".parse().unwrap();
        assert!(v.virtual_visits > 0.0);
    }

    #[test]
    fn bad_specs_name_what_is_wrong() {
        assert_eq!(
            "alphazero".parse::<AgentSpec>(),
            Err(SpecError::UnknownAgent("alphazero".into()))
        );
        assert_eq!(
            "mp-uct:depth=3".parse::<AgentSpec>(),
            Err(SpecError::UnknownKey("depth".into()))
        );
        assert_eq!(
            "mp-uct:trees=0".parse::<AgentSpec>(),
            Err(SpecError::BadValue("trees=0".into()))
        );
        assert!("mp-uct:iterations".parse::<AgentSpec>().is_err());
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "heuristic",
            "random:seed=5",
            "heuristic:seed=2,trade=1",
            "mpt-ensemble-uct:iterations=1000,trees=1,c=0.7,trade=1",
            "vw-uct:iterations=1000,trees=1,c=0.7,vw=10",
            "mpt-ensemble-uct:iterations=10000,trees=2,c=0.7,budget=tree,trade=1,setup=10",
            "mpt-ensemble-uct:iterations=10000,trees=8,c=0.7,threads=2,time-ms=500,seed=9",
        ] {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
            assert_eq!(spec.to_string().parse::<AgentSpec>().unwrap(), spec);
        }
    }
}
