//! One configurable UCT core for n-player games with chance and hidden information.
//!
//! The search is *open loop*: nodes are sequences of actions, and every iteration replays them
//! from a freshly sampled world (hidden cards redrawn, dice and draws sampled), so chance and
//! hidden information need no special node kinds. Because the set of legal actions at a node
//! changes with the sampled world, selection uses availability counts (Cowling, Powley &
//! Whitehouse's ISMCTS): a child's "parent visits" are the times its action was legal.
//!
//! The rules come in through the narrow [`SearchGame`] trait; the UCT variants differ only in
//! [`Params`] (virtual wins) and in the `SearchGame` adapter (move pruning, trade macros,
//! playout policy). Imports nothing outside `agent`.

pub mod settled;
pub mod tree;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::Rng;

use settled::{Settled, REPORT_EVERY};
use tree::{NodeIdx, Tree};

/// The most players a search handles; reward vectors have this length.
pub const MAX_PLAYERS: usize = 6;

/// A reward per player, in `[0, 1]` (1 = won).
pub type Rewards = [f32; MAX_PLAYERS];

/// What the search needs from a game: a state that can be sampled, stepped and played out.
pub trait SearchGame: Clone {
    /// A move. Compared for equality to match tree children against legal moves.
    type Action: Copy + PartialEq + std::fmt::Debug;

    /// The player whose decision it is.
    fn to_move(&self) -> usize;

    /// Whether the game is over (or the search should treat it as a leaf).
    fn is_terminal(&self) -> bool;

    /// The moves the tree considers here (after any pruning), appended to `out` (cleared by
    /// the caller). Must be non-empty when the state is not terminal.
    fn tree_actions(&self, out: &mut Vec<Self::Action>);

    /// Plays `action`, sampling any chance it involves from `rng`.
    fn apply<R: Rng>(&mut self, action: Self::Action, rng: &mut R);

    /// Plays the game out with the playout policy and returns each player's reward.
    fn playout<R: Rng>(&mut self, rng: &mut R) -> Rewards;

    /// The rewards of a terminal state.
    fn rewards(&self) -> Rewards;

    /// Plays one move of a seat the tree does not branch for (an opponent model), sampling
    /// its chance from `rng`, and returns true; false (the default: every seat's moves are
    /// tree nodes) when the mover's decision belongs to the tree.
    fn policy_step<R: Rng>(&mut self, _rng: &mut R) -> bool {
        false
    }

    /// A world consistent with what the searching player knows (hidden information redrawn).
    /// The default is the state itself: perfect information.
    fn sample_world<R: Rng>(&self, _rng: &mut R) -> Self {
        self.clone()
    }
}

/// Tunables of the UCT core.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Exploration constant C of UCB1: `mean + C * sqrt(ln(avail) / visits)`.
    pub c: f32,
    /// Virtual visits a new node starts with (VW-UCT); 0 for plain UCT.
    pub virtual_visits: f32,
    /// Virtual reward a new node starts with (VW-UCT); `virtual_visits * p` for a prior win
    /// rate p.
    pub virtual_reward: f32,
    /// Whether each iteration samples a new world (`SearchGame::sample_world`); otherwise the
    /// world sampled when the search starts is kept (one determinization per tree).
    pub resample_each_iteration: bool,
    /// Paranoia, in `[0, 1]`: at a node of any seat but the root's mover, the reward credited
    /// is `(1 - p) * its own reward + p * (1 - the root mover's reward)`, opponents who also
    /// play against the searcher, as the stock robots gang up on the leader. 0 (the default):
    /// max-n, each seat for its own reward.
    pub paranoia: f32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            c: 0.7,
            virtual_visits: 0.0,
            virtual_reward: 0.0,
            resample_each_iteration: true,
            paranoia: 0.0,
        }
    }
}

/// When a search stops: after `iterations`, at `deadline`, or when `abort` is set, whichever
/// comes first. A search with no limit at all runs one iteration.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Iteration budget.
    pub iterations: Option<u64>,
    /// Wall-clock budget.
    pub time: Option<Duration>,
}

/// Root statistics of one action, summable across trees.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootStat<A> {
    /// The action.
    pub action: A,
    /// Visits of the action's root child.
    pub visits: f32,
    /// Sum of the mover's rewards through it.
    pub reward: f32,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<A> {
    /// Per root action, in no particular order.
    pub root: Vec<RootStat<A>>,
    /// Iterations run.
    pub iterations: u64,
    /// Nodes in the tree at the end.
    pub nodes: usize,
}

impl<A: Copy + PartialEq> SearchResult<A> {
    /// The most visited root action (ties: higher mean reward), if any.
    pub fn best(&self) -> Option<A> {
        best_of(&self.root)
    }
}

/// The most visited action among `stats` (ties broken by mean reward).
pub fn best_of<A: Copy>(stats: &[RootStat<A>]) -> Option<A> {
    stats
        .iter()
        .max_by(|a, b| {
            a.visits.total_cmp(&b.visits).then_with(|| {
                let ma = a.reward / a.visits.max(1e-9);
                let mb = b.reward / b.visits.max(1e-9);
                ma.total_cmp(&mb)
            })
        })
        .map(|s| s.action)
}

/// Adds `from` into `into`, matching actions by equality (ensemble pooling).
pub fn pool_into<A: Copy + PartialEq>(into: &mut Vec<RootStat<A>>, from: &[RootStat<A>]) {
    for s in from {
        match into.iter_mut().find(|t| t.action == s.action) {
            Some(t) => {
                t.visits += s.visits;
                t.reward += s.reward;
            }
            None => into.push(*s),
        }
    }
}

/// Runs UCT from `root` (the searching player's view: `sample_world` fills in the hidden part)
/// until `limits` or `abort`, and returns the root statistics. With `settled` (the shared
/// state and this tree's index in it) the search also stops once the pooled most visited
/// move can no longer change within the iteration budget ([`settled`]).
pub fn search<G: SearchGame, R: Rng>(
    root: &G,
    params: &Params,
    limits: &Limits,
    abort: &AtomicBool,
    settled: Option<(&Settled<G::Action>, usize)>,
    rng: &mut R,
) -> SearchResult<G::Action> {
    let start = Instant::now();
    let mut actions: Vec<G::Action> = Vec::with_capacity(64);
    root.tree_actions(&mut actions);
    let placeholder = match actions.first() {
        Some(a) => *a,
        None => {
            return SearchResult {
                root: Vec::new(),
                iterations: 0,
                nodes: 1,
            }
        }
    };
    // The root's own moves: what `settled` may settle on.
    let playable = actions.clone();
    let mut tree = Tree::new(placeholder);
    let mut matched: Vec<bool> = Vec::with_capacity(64);
    let mut path: Vec<NodeIdx> = Vec::with_capacity(128);
    let fixed_world = (!params.resample_each_iteration).then(|| root.sample_world(rng));
    let max_iter = limits
        .iterations
        .unwrap_or(if limits.time.is_some() { u64::MAX } else { 1 });

    let mut iterations = 0u64;
    while iterations < max_iter {
        if iterations & 15 == 0 && iterations > 0 {
            if abort.load(Ordering::Relaxed) {
                break;
            }
            if let Some(t) = limits.time {
                if start.elapsed() >= t {
                    break;
                }
            }
            if let Some((shared, index)) = settled {
                if shared.is_settled()
                    || (iterations % REPORT_EVERY == 0
                        && shared.report(
                            index,
                            &playable,
                            root_stats(&tree, params),
                            max_iter - iterations,
                        ))
                {
                    break;
                }
            }
        }
        let mut state = match &fixed_world {
            Some(w) => w.clone(),
            None => root.sample_world(rng),
        };
        iterate(
            &mut tree,
            &mut state,
            params,
            &mut actions,
            &mut matched,
            &mut path,
            rng,
        );
        iterations += 1;
    }

    let stats: Vec<RootStat<G::Action>> = root_stats(&tree, params).collect();
    if let Some((shared, index)) = settled {
        // Done: nothing left to run, so the other trees need not count on this one's budget.
        shared.report(index, &playable, stats.iter().copied(), 0);
    }
    SearchResult {
        root: stats,
        iterations,
        nodes: tree.len(),
    }
}

/// The root children's statistics, virtual wins taken off.
fn root_stats<'t, A: Copy>(
    tree: &'t Tree<A>,
    params: &Params,
) -> impl Iterator<Item = RootStat<A>> + 't {
    let (virtual_visits, virtual_reward) = (params.virtual_visits, params.virtual_reward);
    tree.children(NodeIdx::ROOT).map(move |c| {
        let n = tree.node(c);
        RootStat {
            action: n.action,
            visits: n.visits - virtual_visits,
            reward: n.reward - virtual_reward,
        }
    })
}

/// One iteration: select down the tree, expand one node, play out, back up.
fn iterate<G: SearchGame, R: Rng>(
    tree: &mut Tree<G::Action>,
    state: &mut G,
    params: &Params,
    actions: &mut Vec<G::Action>,
    matched: &mut Vec<bool>,
    path: &mut Vec<NodeIdx>,
    rng: &mut R,
) {
    path.clear();
    path.push(NodeIdx::ROOT);
    let searcher = state.to_move();
    let mut node = NodeIdx::ROOT;
    let mut below_root = false;
    let rewards = loop {
        if state.is_terminal() {
            break state.rewards();
        }
        // Below the root only: the root's decision is the searcher's whoever is to move.
        if below_root && state.policy_step(rng) {
            continue;
        }
        actions.clear();
        state.tree_actions(actions);
        debug_assert!(!actions.is_empty(), "non-terminal state without actions");
        if actions.is_empty() {
            break state.rewards();
        }
        let mover = state.to_move();

        // Which children are legal in this world; count their availability.
        matched.clear();
        matched.resize(actions.len(), false);
        let mut best = NodeIdx::NONE;
        let mut best_score = f32::NEG_INFINITY;
        let mut child = tree.node(node).first_child;
        while child.is_some() {
            let n = tree.node_mut(child);
            if let Some(i) = actions.iter().position(|x| *x == n.action) {
                matched[i] = true;
                n.avail += 1.0;
                let score = ucb(n.reward, n.visits, n.avail, params.c);
                if score > best_score {
                    best_score = score;
                    best = child;
                }
            }
            child = n.next_sibling;
        }

        let untried = matched.iter().filter(|m| !**m).count();
        if untried > 0 {
            // Expansion: a random untried action, then a playout from there.
            let mut k = rng.gen_range(0..untried);
            let i = matched
                .iter()
                .position(|m| {
                    if *m {
                        return false;
                    }
                    if k == 0 {
                        return true;
                    }
                    k -= 1;
                    false
                })
                .expect("untried action exists");
            let a = actions[i];
            let child = tree.add_child(
                node,
                a,
                mover as u8,
                params.virtual_visits,
                params.virtual_reward,
            );
            tree.node_mut(child).avail += 1.0;
            path.push(child);
            state.apply(a, rng);
            break if state.is_terminal() {
                state.rewards()
            } else {
                state.playout(rng)
            };
        }

        let a = tree.node(best).action;
        path.push(best);
        node = best;
        state.apply(a, rng);
        below_root = true;
    };

    let p = params.paranoia;
    let against_searcher = 1.0 - rewards[searcher];
    for &idx in path.iter().skip(1) {
        let n = tree.node_mut(idx);
        n.visits += 1.0;
        let own = rewards[n.mover as usize];
        n.reward += if p > 0.0 && n.mover as usize != searcher {
            (1.0 - p) * own + p * against_searcher
        } else {
            own
        };
    }
    tree.node_mut(NodeIdx::ROOT).visits += 1.0;
}

/// UCB1 with availability counts; unvisited nodes (no virtual visits) score infinity.
fn ucb(reward: f32, visits: f32, avail: f32, c: f32) -> f32 {
    if visits <= 0.0 {
        return f32::INFINITY;
    }
    reward / visits + c * (avail.max(1.0).ln() / visits).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// Two players alternately take 1 or 2 from a pile; whoever takes the last wins. From a
    /// pile of n the mover wins iff n % 3 != 0, by taking n % 3.
    #[derive(Clone)]
    struct Nim {
        pile: u8,
        mover: usize,
        /// Player 1 always takes one stone, played by `policy_step` (an opponent model)
        /// instead of by the tree.
        model: bool,
    }

    impl SearchGame for Nim {
        type Action = u8;
        fn to_move(&self) -> usize {
            self.mover
        }
        fn is_terminal(&self) -> bool {
            self.pile == 0
        }
        fn tree_actions(&self, out: &mut Vec<u8>) {
            out.extend((1..=2).filter(|k| *k <= self.pile));
        }
        fn apply<R: Rng>(&mut self, a: u8, _rng: &mut R) {
            self.pile -= a;
            self.mover = 1 - self.mover;
        }
        fn playout<R: Rng>(&mut self, rng: &mut R) -> Rewards {
            while !self.is_terminal() {
                let k = if self.pile >= 2 {
                    rng.gen_range(1..=2)
                } else {
                    1
                };
                self.apply(k, rng);
            }
            self.rewards()
        }
        fn rewards(&self) -> Rewards {
            // The player who just moved took the last stone.
            let mut r = [0.0; MAX_PLAYERS];
            r[1 - self.mover] = 1.0;
            r
        }
        fn policy_step<R: Rng>(&mut self, rng: &mut R) -> bool {
            if !self.model || self.mover != 1 {
                return false;
            }
            self.apply(1, rng);
            true
        }
    }

    /// Three players: player 0 either plays safe (`1`: a draw-like end worth 0.3 to it) or
    /// walks into a choice of player 1's (`0`), who gains nothing either way but decides
    /// whether player 0 (`0`) or player 2 (`1`) wins.
    #[derive(Clone)]
    struct Trap {
        /// 0: player 0 to move; 1: player 1 to move; 2: over.
        stage: u8,
        rewards: Rewards,
    }

    impl SearchGame for Trap {
        type Action = u8;
        fn to_move(&self) -> usize {
            usize::from(self.stage)
        }
        fn is_terminal(&self) -> bool {
            self.stage == 2
        }
        fn tree_actions(&self, out: &mut Vec<u8>) {
            out.extend([0, 1]);
        }
        fn apply<R: Rng>(&mut self, a: u8, _rng: &mut R) {
            match (self.stage, a) {
                (0, 0) => self.stage = 1,
                (0, _) => {
                    self.stage = 2;
                    self.rewards[..3].copy_from_slice(&[0.3, 0.35, 0.35]);
                }
                (_, w) => {
                    self.stage = 2;
                    self.rewards[if w == 0 { 0 } else { 2 }] = 1.0;
                }
            }
        }
        fn playout<R: Rng>(&mut self, rng: &mut R) -> Rewards {
            while !self.is_terminal() {
                self.apply(rng.gen_range(0..2), rng);
            }
            self.rewards
        }
        fn rewards(&self) -> Rewards {
            self.rewards
        }
    }

    /// Max-n expects an indifferent player 1 to let player 0 win half the time and walks into
    /// the trap; with paranoia player 1 is expected to hand the win to player 2, and player 0
    /// plays safe.
    #[test]
    fn paranoid_opponents_play_against_the_searcher() {
        let best = |paranoia: f32| {
            let mut rng = SmallRng::seed_from_u64(8);
            let params = Params {
                paranoia,
                ..Params::default()
            };
            let limits = Limits {
                iterations: Some(3000),
                time: None,
            };
            let trap = Trap {
                stage: 0,
                rewards: [0.0; MAX_PLAYERS],
            };
            search(
                &trap,
                &params,
                &limits,
                &AtomicBool::new(false),
                None,
                &mut rng,
            )
            .best()
        };
        assert_eq!(best(0.0), Some(0));
        assert_eq!(best(0.5), Some(1));
        assert_eq!(best(1.0), Some(1));
    }

    /// A search of `iterations` from `nim`, without a time limit or settling.
    fn nim_search(nim: Nim, iterations: u64, seed: u64) -> SearchResult<u8> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let limits = Limits {
            iterations: Some(iterations),
            time: None,
        };
        search(
            &nim,
            &Params::default(),
            &limits,
            &AtomicBool::new(false),
            None,
            &mut rng,
        )
    }

    /// From a pile of 3 every move loses against best play, but against a player who always
    /// takes one, taking one wins for sure: the modelled search sees that, the max-n one
    /// (whose tree plays player 1 for its own reward) does not.
    #[test]
    fn an_opponent_model_below_the_root_is_exploited() {
        let mean = |model: bool| {
            let r = nim_search(
                Nim {
                    pile: 3,
                    mover: 0,
                    model,
                },
                2000,
                5,
            );
            let s = r.root.iter().find(|s| s.action == 1).expect("take one");
            (r.best(), s.reward / s.visits)
        };
        let (best, m) = mean(true);
        assert_eq!(best, Some(1));
        assert!(m > 0.99, "modelled: taking one wins {m}");
        let (_, m) = mean(false);
        assert!(m < 0.5, "max-n: taking one wins {m}");
    }

    /// At the root the decision is the searcher's, whoever the model would play for: player 1
    /// at a pile of 2 searches both moves and takes both stones, where the model would take
    /// one and leave player 0 the last.
    #[test]
    fn the_root_decision_is_never_played_by_the_model() {
        let r = nim_search(
            Nim {
                pile: 2,
                mover: 1,
                model: true,
            },
            500,
            6,
        );
        let mut moves: Vec<u8> = r.root.iter().map(|s| s.action).collect();
        moves.sort_unstable();
        assert_eq!(moves, vec![1, 2]);
        assert_eq!(r.best(), Some(2), "{:?}", r.root);
    }

    #[test]
    fn uct_finds_the_winning_nim_move() {
        for pile in [4u8, 5, 7, 8, 10, 11] {
            let mut rng = SmallRng::seed_from_u64(pile as u64);
            let limits = Limits {
                iterations: Some(4000),
                time: None,
            };
            let r = search(
                &Nim {
                    pile,
                    mover: 0,
                    model: false,
                },
                &Params::default(),
                &limits,
                &AtomicBool::new(false),
                None,
                &mut rng,
            );
            assert_eq!(r.iterations, 4000);
            assert_eq!(r.best(), Some(pile % 3), "pile {pile}: {:?}", r.root);
        }
    }

    #[test]
    fn a_settled_search_stops_early_and_plays_the_full_budgets_move() {
        let limits = Limits {
            iterations: Some(20_000),
            time: None,
        };
        let (mut stopped_early, mut runs) = (0, 0);
        for pile in [4u8, 5, 7, 8, 10, 11, 13, 14] {
            for seed in 0..4u64 {
                let run = |settled: Option<(&Settled<u8>, usize)>| {
                    let mut rng = SmallRng::seed_from_u64(seed * 100 + u64::from(pile));
                    search(
                        &Nim {
                            pile,
                            mover: 0,
                            model: false,
                        },
                        &Params::default(),
                        &limits,
                        &AtomicBool::new(false),
                        settled,
                        &mut rng,
                    )
                };
                let full = run(None);
                let shared = Settled::new(1, 20_000);
                let cut = run(Some((&shared, 0)));
                assert_eq!(cut.best(), full.best(), "pile {pile} seed {seed}");
                assert!(cut.iterations <= full.iterations);
                stopped_early += u32::from(cut.iterations < full.iterations);
                runs += 1;
            }
        }
        // Nim's winning move is found fast: most searches settle well before the budget.
        assert!(
            stopped_early * 2 > runs,
            "{stopped_early} of {runs} stopped early"
        );
    }

    #[test]
    fn virtual_wins_are_removed_from_root_statistics() {
        let mut rng = SmallRng::seed_from_u64(1);
        let params = Params {
            virtual_visits: 5.0,
            virtual_reward: 2.5,
            ..Params::default()
        };
        let limits = Limits {
            iterations: Some(200),
            time: None,
        };
        let r = search(
            &Nim {
                pile: 6,
                mover: 0,
                model: false,
            },
            &params,
            &limits,
            &AtomicBool::new(false),
            None,
            &mut rng,
        );
        let total: f32 = r.root.iter().map(|s| s.visits).sum();
        assert_eq!(total, 200.0, "{:?}", r.root);
    }

    #[test]
    fn an_abort_flag_stops_a_time_limited_search() {
        let mut rng = SmallRng::seed_from_u64(2);
        let limits = Limits {
            iterations: None,
            time: Some(Duration::from_secs(3600)),
        };
        let r = search(
            &Nim {
                pile: 9,
                mover: 0,
                model: false,
            },
            &Params::default(),
            &limits,
            &AtomicBool::new(true),
            None,
            &mut rng,
        );
        assert!(r.iterations <= 16, "ran {} iterations", r.iterations);
    }

    #[test]
    fn pooling_sums_matching_actions() {
        let mut a = vec![RootStat {
            action: 1u8,
            visits: 3.0,
            reward: 1.0,
        }];
        pool_into(
            &mut a,
            &[
                RootStat {
                    action: 1,
                    visits: 2.0,
                    reward: 2.0,
                },
                RootStat {
                    action: 2,
                    visits: 4.0,
                    reward: 0.0,
                },
            ],
        );
        assert_eq!(a.len(), 2);
        assert_eq!(a[0].visits, 5.0);
        assert_eq!(best_of(&a), Some(1));
    }
}
