//! Arena games on the 6-player board (5 and 6 players) and classic games of fewer than four:
//! every game finishes with a winner, seats rotate over the players, vacant seats stay out of
//! play, and the result lines name the board and the vacant seats and summarize with the
//! right seat share. No server.

use catan_bot::arena::{self, report, ArenaConfig, GameRecord};
use catan_bot::game::BoardKind;
use catan_bot::report::record::{ResultRecord, BOARDS};
use catan_bot::report::summary::{summarize, text};

fn config(layout: BoardKind, agents: &[&str], games: usize, seed: u64) -> ArenaConfig {
    ArenaConfig {
        agents: agents.iter().map(|s| s.parse().unwrap()).collect(),
        layout,
        games,
        seed,
        threads: 2,
        rules: Default::default(),
    }
}

/// The checks every run below passes: winners, rotation, legality, trade counts, lines.
fn check_run(cfg: &ArenaConfig, records: &[GameRecord]) -> String {
    let n = cfg.agents.len();
    let seats = cfg.layout.seats();
    let specs: Vec<String> = cfg.agents.iter().map(|a| a.to_string()).collect();
    assert_eq!(records.len(), cfg.games);
    let mut lines = String::new();
    for (g, r) in records.iter().enumerate() {
        assert_eq!((r.game, r.layout), (g, cfg.layout));
        // Agent i in seat (i + g) % n; seats n.. vacant.
        let want: Vec<usize> = (0..n).map(|i| (i + g) % n).collect();
        assert_eq!(r.seat_of, want, "game {g}");
        assert_eq!(r.vacant(), (n..seats).collect::<Vec<_>>());
        for v in [&r.vp.len(), &r.decisions.len(), &r.illegal.len()] {
            assert_eq!(*v, n);
        }
        assert_eq!((r.decision_secs.len(), r.trades.len()), (n, n));
        let w = r.winner.unwrap_or_else(|| panic!("game {g} has no winner"));
        assert!(r.vp[w] >= 10, "game {g}: the winner has {} points", r.vp[w]);
        assert!(r
            .vp
            .iter()
            .enumerate()
            .all(|(i, &v)| i == w || v < 10 || v <= r.vp[w]));
        assert!(r.decisions.iter().all(|&d| d > 0), "everyone plays: {r:?}");
        assert_eq!(r.illegal, vec![0; n], "game {g}");
        let made: u32 = r.trades.iter().map(|t| t.offers_accepted).sum();
        let taken: u32 = r.trades.iter().map(|t| t.offers_we_accepted).sum();
        assert_eq!(made, taken, "game {g}");
        // The line: the board's seats, the vacant ones named and empty, agent 0's view.
        let line = report::result_record(r, &specs, cfg.seed).to_line();
        let rec = ResultRecord::from_line(&line).unwrap();
        assert_eq!(rec.to_line(), line);
        assert_eq!(rec.players.board, cfg.layout.name());
        assert_eq!(rec.players.len(), seats);
        assert_eq!(rec.players.vacant, r.vacant());
        assert_eq!(rec.players.count(), n);
        for v in r.vacant() {
            assert_eq!((&rec.players[v].name, rec.players[v].points), (&None, None));
        }
        let (seat, points) = rec.final_points().expect("a finished game");
        assert_eq!(seat, r.seat_of[0]);
        assert_eq!(rec.winner, Some(r.seat_of[w]));
        assert_eq!(rec.won, w == 0);
        for (i, &s) in r.seat_of.iter().enumerate() {
            assert_eq!(points[s], i32::from(r.vp[i]));
            assert_eq!(rec.players[s].name.as_deref(), Some(specs[i].as_str()));
        }
        if cfg.layout == BoardKind::Classic && n == 4 {
            assert!(!line.contains("\"board\"") && !line.contains("\"vacant\""));
        }
        lines.push_str(&line);
        lines.push('\n');
    }
    // Over n games every agent sat in every seat in play once.
    if records.len() >= n {
        for i in 0..n {
            let mut sat: Vec<usize> = records[..n].iter().map(|r| r.seat_of[i]).collect();
            sat.sort_unstable();
            assert_eq!(sat, (0..n).collect::<Vec<_>>());
        }
    }
    // The summary of the lines: agent 0's wins, against a 1/n seat share.
    let s = summarize(&lines);
    let wins = records.iter().filter(|r| r.winner == Some(0)).count();
    assert_eq!((s.games, s.wins, s.skipped), (records.len(), wins, 0));
    assert!((s.seat_share() - 1.0 / n as f64).abs() < 1e-12);
    assert_eq!(s.tables.len(), 1);
    let opponents: usize = s.opponents.iter().map(|o| o.1).sum();
    assert_eq!(opponents, records.len() * (n - 1), "{:?}", s.opponents);
    lines
}

#[test]
fn the_layouts_are_the_boards_result_lines_know() {
    for layout in BoardKind::ALL {
        assert!(
            BOARDS.contains(&(layout.name(), layout.seats())),
            "{layout}"
        );
        assert_eq!(layout.name().parse::<BoardKind>(), Ok(layout));
    }
    assert_eq!("six".parse::<BoardKind>(), Ok(BoardKind::Six));
    assert_eq!("Classic".parse::<BoardKind>(), Ok(BoardKind::Classic));
    assert_eq!("sea".parse::<BoardKind>(), Ok(BoardKind::Sea));
    assert_eq!("sea6".parse::<BoardKind>(), Ok(BoardKind::Sea6));
    assert!("lake".parse::<BoardKind>().is_err());
    let sea6 = BoardKind::Sea6.rules(Default::default(), 6);
    assert_eq!((sea6.seats, sea6.special_building), (0b11_1111, true));
    assert!(!BoardKind::Sea.rules(Default::default(), 4).special_building);
    let five = BoardKind::Six.rules(Default::default(), 5);
    assert_eq!((five.seats, five.special_building), (0b1_1111, true));
    assert_eq!(five.players(), 5);
    let classic = BoardKind::Classic.rules(Default::default(), 4);
    assert_eq!(
        classic,
        Default::default(),
        "classic games keep the default rules"
    );
    assert_eq!(BoardKind::Classic.rules(Default::default(), 3).seats, 0b111);
    for (layout, bad) in [
        (BoardKind::Six, 4),
        (BoardKind::Six, 7),
        (BoardKind::Classic, 5),
        (BoardKind::Classic, 1),
    ] {
        let agents = vec!["heuristic"; bad];
        assert!(
            config(layout, &agents, 1, 1).check().is_err(),
            "{layout} {bad}"
        );
    }
}

#[test]
fn six_player_games_finish_rotate_and_record_six_seats() {
    let cfg = config(
        BoardKind::Six,
        &[
            "heuristic",
            "heuristic:trade=1",
            "random",
            "heuristic",
            "heuristic:trade=1",
            "heuristic",
        ],
        6,
        61,
    );
    let records = arena::run(&cfg, |_, _| {});
    let lines = check_run(&cfg, &records);
    assert!(lines.starts_with(r#"{"game":"arena~61~0","seat":0,"board":"6-player","players":["#));
    assert!(text("six", &summarize(&lines)).contains("vs seat share 16.7%\n"));
    // Bank and port trades on this board too. (Player offers: the engine's `Offer::new`
    // takes addressees in seats 0-3 only, so on this board no offer is made yet; the counts
    // above check whatever trades happen.)
    let bank: u32 = records
        .iter()
        .flat_map(|r| r.trades.iter().map(|t| t.bank_trades))
        .sum();
    assert!(bank > 0);
    // The same seed, one thread: the same games.
    let one = arena::run(&ArenaConfig { threads: 1, ..cfg }, |_, _| {});
    let key = |r: &GameRecord| (r.seat_of.clone(), r.winner, r.vp.clone(), r.turns);
    assert_eq!(
        one.iter().map(key).collect::<Vec<_>>(),
        records.iter().map(key).collect::<Vec<_>>()
    );
}

#[test]
fn five_player_games_leave_seat_five_vacant() {
    let cfg = config(
        BoardKind::Six,
        &[
            "heuristic",
            "heuristic",
            "heuristic:trade=1",
            "heuristic",
            "random",
        ],
        5,
        55,
    );
    let records = arena::run(&cfg, |_, _| {});
    let lines = check_run(&cfg, &records);
    assert!(lines.contains(r#""board":"6-player","vacant":[5],"players":["#));
    assert!(lines.contains(r#"{"name":null,"points":null}]"#));
    assert!(text("five", &summarize(&lines)).contains("vs seat share 20%\n"));
}

#[test]
fn a_search_plays_a_six_player_game() {
    let cfg = config(
        BoardKind::Six,
        &[
            "mpt-ensemble-uct:iterations=200,trees=1,threads=1",
            "heuristic",
            "heuristic",
            "heuristic",
            "heuristic",
            "heuristic",
        ],
        1,
        7,
    );
    let records = arena::run(&cfg, |_, _| {});
    check_run(&cfg, &records);
}

#[test]
fn classic_games_of_two_and_three_players_leave_the_last_seats_vacant() {
    let three = config(
        BoardKind::Classic,
        &["heuristic", "heuristic:trade=1", "random"],
        3,
        33,
    );
    let lines = check_run(&three, &arena::run(&three, |_, _| {}));
    assert!(lines.starts_with(r#"{"game":"arena~33~0","seat":0,"vacant":[3],"players":["#));
    let two = config(BoardKind::Classic, &["heuristic", "random"], 2, 22);
    let lines2 = check_run(&two, &arena::run(&two, |_, _| {}));
    assert!(lines2.contains(r#""vacant":[2,3]"#));
    // Both in one file: split by player count.
    let s = summarize(&(lines + &lines2));
    assert_eq!(s.tables.len(), 2);
    assert!(text("both", &s).contains("  classic board, 2 players: games 2"));
}

/// Sea boards (the server's layout without a scenario): 3- and 4-player games on the 4-seat
/// sea board, 5- and 6-player games on the 6-seat one, finish with a winner, rotate and record
/// the board; a search plays a full game on each.
#[test]
fn sea_games_finish_on_both_sea_boards() {
    for (layout, n, seed) in [
        (BoardKind::Sea, 4, 40),
        (BoardKind::Sea, 3, 30),
        (BoardKind::Sea6, 6, 60),
        (BoardKind::Sea6, 5, 50),
    ] {
        let mut agents = vec!["heuristic"; n];
        agents[1] = "heuristic:trade=1";
        let cfg = config(layout, &agents, n, seed);
        let records = arena::run(&cfg, |_, _| {});
        let lines = check_run(&cfg, &records);
        assert!(
            lines.contains(&format!(r#""board":"{}""#, layout.name())),
            "{lines}"
        );
        if n < layout.seats() {
            continue;
        }
        let mut agents = vec!["heuristic"; n];
        agents[0] = "mpt-ensemble-uct:iterations=200,trees=1,threads=1";
        let cfg = config(layout, &agents, 1, seed + 1);
        let records = arena::run(&cfg, |_, _| {});
        check_run(&cfg, &records);
    }
}
