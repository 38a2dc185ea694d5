//! A win within the mover's own turn that the search did not play (`agent::win`, the search
//! kinds' `win=1`). Two real-server games of 2.6.10 (session 36 and 39 lanes, recorded by
//! `catan-bot play --record`):
//! - `catanbot-2.6.10-win-by-pruned-roads.log`: at 8 points, two roads and a bank trade would
//!   have taken the Longest Road, but a settlement was affordable, so the paper's pruning showed
//!   the tree settlements only; the bot built one, and lost that game;
//! - `catanbot-2.6.10-win-by-a-knight-delayed.log`: at 8 points before the roll, a knight would
//!   have taken the Largest Army; the tree held it, but a win is worth 1 whenever it comes and
//!   the knight could still be played after the roll, so rolling scored 1 too and the tie went
//!   to the roll; the bot then built, ended its turn and won a turn later.

use catan_bot::agent::determinize::determinize;
use catan_bot::agent::search_game::{CatanGame, TreeMove, Variant};
use catan_bot::agent::uct_agent::UctAgent;
use catan_bot::agent::win::winning_move;
use catan_bot::agent::{self, Agent, AgentSpec, View};
use catan_bot::client::replay::replay_views;
use catan_bot::game::{Action, Classic, Phase};
use rand::rngs::SmallRng;
use rand::SeedableRng;

mod common;
use common::fixture_transcripts;

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/transcripts")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// A decision point of the recording seat and the winning move found there.
type Found = (View<Classic>, Action);

/// Every decision point of the recording seat where `winning_move` finds a win, with the
/// move, and whether the recording seat won the game.
fn wins_found(text: &str) -> (Vec<Found>, bool) {
    let mut found = Vec::new();
    let replayed = replay_views(text, |_, view| {
        if let Some(a) = winning_move(view) {
            found.push((view.clone(), a));
        }
    });
    let game = replayed.games.into_iter().next().expect("one game");
    assert!(game.server.is_some(), "a finished game");
    (found, game.won().expect("a winner and our seat"))
}

/// Plays `winning_move` from `view` in `worlds` sampled worlds; each must end in our win
/// within a handful of moves, every one legal.
fn assert_line_wins(view: &View<Classic>, worlds: u64) {
    for k in 0..worlds {
        let mut rng = SmallRng::seed_from_u64(1000 + k);
        let mut world = determinize(view, &mut rng);
        for _ in 0..8 {
            if world.is_over() {
                break;
            }
            let Some(a) = winning_move(&View::open_hands(world.clone(), view.me)) else {
                panic!("the line stops in world {k}: {:?} vp {} hand {:?} orig phase {:?} vp {} hand {:?} move {:?}", world.phase(), world.total_vp(view.me), world.hand(view.me), view.state.phase(), view.state.total_vp(view.me), view.state.hand(view.me), winning_move(view));
            };
            assert!(world.is_legal(a), "{a:?} illegal");
            world.apply(a, &mut rng);
        }
        assert_eq!(world.winner(), Some(view.me), "world {k}");
    }
}

fn first_win(file: &str) -> (View<Classic>, Action, bool) {
    let (found, won) = wins_found(&fixture(file));
    let (view, a) = found.first().cloned().expect("a win within the turn");
    assert_line_wins(&view, 8);
    (view, a, won)
}

#[test]
fn roads_that_take_the_longest_road_win_though_pruned() {
    let (view, a, won) = first_win("catanbot-2.6.10-win-by-pruned-roads.log");
    assert!(!won, "the recorded game was lost");
    assert!(matches!(a, Action::BuildRoad(_)), "{a:?}");
    assert_eq!(view.state.total_vp(view.me), 8);
    // The default's pruning (settlements, trades folded in) leaves every road out of the tree.
    let mut moves = Vec::new();
    let variant = Variant {
        player_trades: true,
        ..Variant::MPT
    };
    CatanGame::moves(&view.state, variant, &mut moves);
    assert!(!moves.is_empty());
    assert!(
        moves
            .iter()
            .all(|m| !matches!(m.actions().next(), Some(Action::BuildRoad(_)))),
        "{moves:?}"
    );
}

#[test]
fn a_knight_that_wins_before_the_roll_scores_no_better_than_rolling() {
    let (view, a, won) = first_win("catanbot-2.6.10-win-by-a-knight-delayed.log");
    assert!(won, "the recorded game was won, a turn later");
    assert_eq!(a, Action::PlayKnight);
    assert_eq!(view.state.phase(), Phase::RollOrCard);
    assert_eq!(view.state.total_vp(view.me), 8);
    // Without the check the search sees the knight and the roll alike: both always win.
    let spec: AgentSpec = "mpt-ensemble-uct:iterations=2000,trees=1,threads=1,trade=1,seed=5,win=0"
        .parse()
        .unwrap();
    let root = UctAgent::new(&spec).search(&view, None).root;
    let mean = |x: Action| {
        let s = root.iter().find(|s| s.action == TreeMove::Act(x)).unwrap();
        s.reward / s.visits
    };
    assert_eq!(mean(Action::PlayKnight), 1.0);
    assert!(mean(Action::Roll) > 0.99, "{root:?}");
}

#[test]
fn the_agent_plays_the_win_and_win_0_leaves_it_to_the_search() {
    let (roads, road, _) = first_win("catanbot-2.6.10-win-by-pruned-roads.log");
    let (knight, play, _) = first_win("catanbot-2.6.10-win-by-a-knight-delayed.log");
    let base = "mpt-ensemble-uct:iterations=500,trees=1,threads=1,trade=1,seed=3";
    let off: AgentSpec = format!("{base},win=0").parse().unwrap();
    assert!(off.to_string().ends_with(",win=0") && !off.win_now);
    for (view, a) in [(&roads, road), (&knight, play)] {
        let mut with: Box<dyn Agent> = agent::build(&base.parse::<AgentSpec>().unwrap());
        assert_eq!(with.decide(view, None), a);
    }
    // The pruned tree cannot play the road at all.
    let mut without: Box<dyn Agent> = agent::build(&off);
    let b = without.decide(&roads, None);
    assert!(roads.state.is_legal(b) && b != road, "{b:?}");
}
#[test]
fn every_win_found_in_the_fixtures_is_one() {
    let (mut points, mut files) = (0, 0);
    for file in fixture_transcripts() {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut found = Vec::new();
        replay_views(&text, |_, view| {
            if let Some(a) = winning_move(view) {
                found.push((view.clone(), a));
            }
        });
        files += !found.is_empty() as usize;
        for (view, a) in found {
            assert!(view.state.is_legal(a), "{}: {a:?}", file.display());
            assert_line_wins(&view, 4);
            points += 1;
        }
    }
    // The two games above, and the winning turns of the games the recording seat won.
    assert!(files >= 2 && points >= 2, "{files} files, {points} points");
}

/// `catan-bot wins`' scan over the recordings: the pruned roads were not taken and the game
/// lost, the knight put off and the game won later, and a city that won in a person's game
/// taken in its turn.
#[test]
fn the_scan_of_recorded_games_tells_taken_from_put_off() {
    use catan_bot::perf::wins::{WinPoint, WinScan};
    let scan = |name: &str| -> (Vec<WinPoint>, u32) {
        let mut scan = WinScan::default();
        let replayed = replay_views(&fixture(name), |_, view| scan.see(view));
        let game = &replayed.games[0];
        assert!(game.server.is_some(), "finished");
        let won = game.won().expect("a winner and our seat");
        (scan.finish(won), scan.points)
    };
    let (roads, points) = scan("catanbot-2.6.10-win-by-pruned-roads.log");
    assert!(points > 50 && !roads.is_empty());
    assert!(roads.iter().all(|p| !p.taken), "{roads:?}");
    assert!(matches!(roads[0].first, Action::BuildRoad(_)) && roads[0].vp == 8);
    let (knight, _) = scan("catanbot-2.6.10-win-by-a-knight-delayed.log");
    assert_eq!(
        (knight[0].first, knight[0].taken),
        (Action::PlayKnight, false)
    );
    // Won a turn later: that turn's points were taken.
    let last = knight.last().unwrap();
    assert!(last.taken && last.turn > knight[0].turn, "{knight:?}");
    let (city, _) = scan("catanbot-2.7-person-leaves.log");
    assert!(!city.is_empty() && city.iter().all(|p| p.taken), "{city:?}");
}

/// `WinScan::card_turns` counts each turn the recording seat ended by its own choice once:
/// as many as its END_TURNs in the recording (a won game's last turn, which ends in the win,
/// has none), and a card affordable at no more of them.
#[test]
fn turns_ended_are_counted_once_each() {
    use catan_bot::perf::wins::WinScan;
    for file in [
        "catanbot-2.6.10-win-by-pruned-roads.log",
        "catanbot-2.6.10-win-by-a-knight-delayed.log",
    ] {
        let text = fixture(file);
        let mut scan = WinScan::default();
        let replayed = replay_views(&text, |_, view| scan.see(view));
        let won = replayed.games[0].won().expect("a winner and our seat");
        let (ended, affordable) = scan.card_turns(won);
        let end_turns = text.lines().filter(|l| l.starts_with("> 1032|")).count();
        assert_eq!(ended as usize, end_turns, "{file}");
        assert!(affordable <= ended, "{file}");
    }
}
