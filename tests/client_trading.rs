//! Player trading through one game task (`GameTask`) on tokio's paused clock, driven by the
//! server lines of a recorded game (`sample3p-game-00.log`, our seat 3): an offer made to us
//! is answered by the agent (and one we cannot pay is declined at once); our own offer goes
//! out as MAKEOFFER, waits for answers as long as the idle timer allows (a stock robot in a
//! game with people answers after 3.5-4 s), is withdrawn with CLEAROFFER when nobody answers,
//! and is not withdrawn once accepted.

use std::sync::Arc;
use std::time::{Duration, Instant as StdInstant};

use jsettlers_protocol::Message;
use tokio::sync::mpsc;
use tokio::time::Instant;

use catan_bot::agent::{Agent, View};
use catan_bot::client::game_task::{GameContext, GameTask};
use catan_bot::client::ClientConfig;
use catan_bot::game::{Action, ActionList, Offer, Phase, Resource, ResourceSet, Seat};

mod common;

const GAME: &str = "~botsOnly~40";
const ME: usize = 3;

fn game_lines() -> Vec<Message> {
    common::server_lines()
        .iter()
        .filter_map(|l| Message::parse(l).ok())
        .filter(|m| m.game() == Some(GAME))
        .collect()
}

struct Harness {
    inbox: mpsc::Sender<Message>,
    out: mpsc::Receiver<Message>,
    reports: mpsc::UnboundedReceiver<catan_bot::client::report::GameReport>,
}

fn start(agent: Box<dyn Agent>) -> Harness {
    let (out_tx, out) = mpsc::channel(256);
    let (reports, reports_rx) = mpsc::unbounded_channel();
    let mut config = ClientConfig::new("mock", "c", "tradebot", "heuristic".parse().unwrap());
    // The recorded server answers only when fed: no request of ours times out meanwhile.
    config.reply_timeout_ms = 60_000;
    let config = Arc::new(config);
    let ctx = GameContext {
        game: GAME.to_owned(),
        seat: Seat::new(ME),
        nickname: "tradebot".to_owned(),
        out: out_tx,
        reports,
        config,
        server_version: catan_bot::client::versions::ASSUMED,
    };
    let player = GameTask::new(ctx, agent, None);
    let (inbox, rx) = mpsc::channel(1024);
    tokio::spawn(player.run(rx));
    Harness {
        inbox,
        out,
        reports: reports_rx,
    }
}

impl Harness {
    async fn feed(&self, msgs: &[Message]) {
        for m in msgs {
            self.inbox.send(m.clone()).await.unwrap();
        }
    }

    async fn send(&self, text: &str) {
        self.inbox
            .send(Message::parse(text).unwrap())
            .await
            .unwrap();
    }

    /// Drops what the client sent so far (its answers to the recorded game).
    async fn drain(&mut self) {
        tokio::time::sleep(Duration::from_millis(50)).await;
        while self.out.try_recv().is_ok() {}
    }

    /// Deletes the game and returns the task's report.
    async fn report(&mut self) -> catan_bot::client::report::GameReport {
        self.send(&format!("1015|{GAME}")).await;
        tokio::time::timeout(Duration::from_secs(5), self.reports.recv())
            .await
            .expect("a report")
            .expect("a report")
    }

    /// The next message, waiting in real time without letting the paused clock move: for
    /// answers that come from the agent, which runs on a blocking thread while tokio's paused
    /// clock would otherwise jump to the agent's give-up timer (and a fallback would answer)
    /// on a loaded machine.
    async fn next_from_agent(&mut self) -> Message {
        for _ in 0..20_000 {
            if let Ok(m) = self.out.try_recv() {
                return m;
            }
            std::thread::sleep(Duration::from_millis(1));
            tokio::task::yield_now().await;
        }
        panic!("no answer within 20 s of real time");
    }

    async fn next(&mut self, within: Duration) -> Option<Message> {
        tokio::time::timeout(within, self.out.recv())
            .await
            .ok()
            .flatten()
    }
}

/// Lets the game task run until `done` holds or `ms` milliseconds of real time have passed,
/// without moving the paused clock (see `Harness::next_from_agent`).
async fn wait_real(ms: u32, mut done: impl FnMut() -> bool) {
    for _ in 0..ms {
        if done() {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
        tokio::task::yield_now().await;
    }
}

fn offer_text(from: usize, to: usize, give: [i32; 5], get: [i32; 5]) -> String {
    let to: Vec<&str> = (0..4)
        .map(|i| if i == to { "true" } else { "false" })
        .collect();
    let nums = |s: [i32; 5]| {
        s.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "1041|{GAME},{from},{},{},{}",
        to.join(","),
        nums(give),
        nums(get)
    )
}

/// A game task for `agent` fed up to a moment another seat may offer us a trade, with that
/// seat and a two-for-one offer we could pay: (harness, offerer, what it gives, what it gets).
async fn at_offer_moment(agent: Box<dyn Agent>) -> (Harness, usize, [i32; 5], [i32; 5]) {
    let lines = game_lines();
    let (i, from, have, lack) = common::offer_moment(&lines, GAME, ME);
    let mut h = start(agent);
    h.feed(&lines[..=i]).await;
    h.drain().await;
    let mut give = [0; 5];
    give[lack] = 2;
    let mut get = [0; 5];
    get[have] = 1;
    (h, from, give, get)
}

#[tokio::test(start_paused = true)]
async fn an_offer_to_us_is_answered_by_the_agent_and_an_impossible_one_declined() {
    let (mut h, from, give, get) = at_offer_moment(Box::new(
        catan_bot::agent::heuristic::HeuristicAgent::new(3),
    ))
    .await;
    // They give two of another resource for one card we hold: the agent decides.
    h.send(&offer_text(from, ME, give, get)).await;
    let answer = h.next(Duration::from_secs(5)).await.expect("an answer");
    match &answer {
        Message::AcceptOffer(a) => assert_eq!(a.offering, from as i32),
        Message::RejectOffer(r) => assert_eq!(r.reason, None),
        m => panic!("expected an answer to the offer, got {m}"),
    }
    // The server's echo of the answer ends it.
    match answer {
        Message::AcceptOffer(_) => h.send(&format!("1038|{GAME},-1")).await,
        _ => h.send(&format!("1037|{GAME},{ME}")).await,
    }

    // They ask for seven ore: we cannot pay, so we decline without the agent.
    h.send(&offer_text(from, ME, give, [0, 7, 0, 0, 0])).await;
    match h.next(Duration::from_secs(5)).await {
        Some(Message::RejectOffer(r)) => assert_eq!(r.reason, None),
        m => panic!("expected a refusal, got {m:?}"),
    }
    // An offer to somebody else gets no answer from us.
    let other = (0..4).find(|&s| s != ME && s != from).unwrap();
    h.send(&offer_text(from, other, give, get)).await;
    assert!(h.next(Duration::from_secs(3)).await.is_none());
}

/// Accepts every offer; does not play player trades (`answers_offers` false), like the
/// paper's variants without `trade=1`.
struct NoTrader;

impl Agent for NoTrader {
    fn name(&self) -> String {
        "no-trader".into()
    }
    fn decide(&mut self, view: &View, _deadline: Option<StdInstant>) -> Action {
        let mut list = ActionList::new();
        view.state.legal_actions(&mut list);
        if list.contains(Action::AcceptOffer) {
            return Action::AcceptOffer;
        }
        list[0]
    }
    fn answers_offers(&self) -> bool {
        false
    }
}

#[tokio::test(start_paused = true)]
async fn an_agent_that_does_not_trade_has_every_offer_declined() {
    let (mut h, from, give, get) = at_offer_moment(Box::new(NoTrader)).await;
    // An offer we could pay and the agent would accept: declined without asking it.
    h.send(&offer_text(from, ME, give, get)).await;
    match h.next(Duration::from_secs(5)).await {
        Some(Message::RejectOffer(r)) => assert_eq!(r.reason, None),
        m => panic!("expected a refusal, got {m:?}"),
    }
    assert_eq!(h.report().await.trades.offers_we_accepted, 0);
}

/// Offers one card for one card once a turn whenever it can, otherwise ends the turn.
struct Offerer;

impl Agent for Offerer {
    fn name(&self) -> String {
        "offerer".into()
    }
    fn decide(&mut self, view: &View, _deadline: Option<StdInstant>) -> Action {
        let st = &view.state;
        if st.phase() == Phase::Main && st.offers_made() == 0 {
            let hand = st.hand(view.me);
            if let Some(r) = Resource::ALL.into_iter().find(|&r| hand[r] > 0) {
                let want = Resource::ALL.into_iter().find(|&w| w != r).unwrap();
                let o = Offer::new(
                    ResourceSet::of(r, 1),
                    ResourceSet::of(want, 1),
                    0xF & !(1 << view.me.index()),
                )
                .unwrap();
                return Action::OfferTrade(o);
            }
        }
        let mut l = ActionList::new();
        st.legal_actions(&mut l);
        if l.contains(Action::EndTurn) {
            Action::EndTurn
        } else {
            l[0]
        }
    }
}

/// An `Offerer`'s game task at our turn in the recorded game, its MAKEOFFER made and announced
/// back by the server: (harness, the offer).
async fn our_offer_out() -> (Harness, jsettlers_protocol::MakeOffer) {
    let lines = game_lines();
    let (i, _) = common::find_moment(&lines, GAME, ME, |s| s.index() == ME);
    let mut h = start(Box::new(Offerer));
    h.feed(&lines[..i]).await;
    h.drain().await;
    h.feed(&lines[i..=i]).await;
    let offer = match h.next_from_agent().await {
        Message::MakeOffer(m) => m,
        m => panic!("expected our MAKEOFFER, got {m}"),
    };
    h.inbox
        .send(Message::MakeOffer(offer.clone()))
        .await
        .unwrap();
    (h, offer)
}

#[tokio::test(start_paused = true)]
async fn our_offer_is_withdrawn_after_silence_and_kept_once_accepted() {
    for accepted in [false, true] {
        let (mut h, offer) = our_offer_out().await;
        assert_eq!(offer.from, ME as i32);
        assert!(!offer.to[ME] && offer.to.iter().filter(|&&b| b).count() == 3);
        let sent = Instant::now();
        if accepted {
            // A stock robot in a game with people answers after pausing 3.5-4 s.
            assert!(h.next(Duration::from_millis(3900)).await.is_none());
            let other = (ME + 1) % 4;
            h.send(&format!("1039|{GAME},{other},{ME}")).await;
            let next = h
                .next(Duration::from_secs(5))
                .await
                .expect("the turn goes on");
            assert!(
                !matches!(next, Message::ClearOffer(_) | Message::MakeOffer(_)),
                "{next}"
            );
        } else {
            match h.next(Duration::from_secs(5)).await {
                Some(Message::ClearOffer(_)) => {}
                m => panic!("expected CLEAROFFER, got {m:?}"),
            }
            // As long as the idle timer leaves a decision after it (8 s - 2.5 s margin - 1 s,
            // less the moments since our TURN), at most the stock robot's 5 s.
            let waited = sent.elapsed();
            assert!(
                waited >= Duration::from_millis(4300) && waited <= Duration::from_millis(4600),
                "{waited:?}"
            );
            // One offer a turn for this agent: it ends the turn next.
            match h.next(Duration::from_secs(5)).await {
                Some(Message::EndTurn(_)) => {}
                m => panic!("expected ENDTURN, got {m:?}"),
            }
        }
    }
}

/// Two declines and a counter-offer (the stock robot's third answer) are every answer: the
/// offer is withdrawn at once, without waiting out its time.
#[tokio::test(start_paused = true)]
async fn our_offer_is_withdrawn_once_every_addressee_answered() {
    let (mut h, offer) = our_offer_out().await;
    let seats: Vec<usize> = (0..4).filter(|&s| offer.to[s]).collect();
    assert_eq!(seats.len(), 3);
    h.send(&format!("1037|{GAME},{}", seats[0])).await;
    h.send(&format!("1037|{GAME},{}", seats[1])).await;
    // Still waiting for the third.
    assert!(h.next(Duration::from_millis(1000)).await.is_none());
    let sent = Instant::now();
    // The counter-offer gives what we asked for in exchange for what we offered, reversed.
    let (give, get) = (offer.get.0, offer.give.0);
    h.send(&offer_text(seats[2], ME, give, get)).await;
    match h.next(Duration::from_millis(100)).await {
        Some(Message::ClearOffer(_)) => {}
        m => panic!("expected CLEAROFFER at once, got {m:?}"),
    }
    assert!(sent.elapsed() < Duration::from_millis(100));
}

/// Records the time it is given and the offers it may still make, then ends the turn.
struct Clock(Arc<std::sync::Mutex<Vec<(Duration, u8, Phase)>>>);

impl Agent for Clock {
    fn name(&self) -> String {
        "clock".into()
    }
    fn decide(&mut self, view: &View, deadline: Option<StdInstant>) -> Action {
        let left = deadline.map_or(Duration::MAX, |d| d - StdInstant::now());
        self.0
            .lock()
            .unwrap()
            .push((left, view.state.offers_made(), view.state.phase()));
        Offerer.decide(view, None)
    }
}

/// On the real clock: the agent's blocking thread and a paused clock race on a loaded machine.
#[tokio::test]
async fn decisions_in_our_turn_get_what_the_idle_timer_leaves() {
    let lines = game_lines();
    let (i, _) = common::find_moment(&lines, GAME, ME, |s| s.index() == ME);
    // Our TURN message before that moment: the idle timer starts there; the roll does not
    // restart it.
    let t = (0..i)
        .rev()
        .find(|&k| matches!(&lines[k], Message::Turn(m) if m.player == ME as i32))
        .unwrap();
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut h = start(Box::new(Clock(seen.clone())));
    h.feed(&lines[..=t]).await;
    // Everything up to our roll (asked of the agent at the turn's start) has gone out.
    while !matches!(h.next_from_agent().await, Message::RollDice(_)) {}
    let before = seen.lock().unwrap().len();
    tokio::time::sleep(Duration::from_secs(4)).await;
    h.feed(&lines[t + 1..=i]).await;
    // The agent's PLAY1 decision (a late answer to an earlier prompt may be recorded too).
    let main = || {
        seen.lock().unwrap()[before..]
            .iter()
            .rev()
            .find(|r| r.2 == Phase::Main)
            .copied()
    };
    wait_real(20_000, || main().is_some()).await;
    let (left, offers_made, _) = main().expect("the agent was asked in PLAY1");
    // 8 s timer - 2.5 s margin - 4 s gone = 1.5 s at most (the default budget is 3 s).
    assert!(left <= Duration::from_millis(1550), "{left:?}");
    assert!(left >= Duration::from_millis(100), "{left:?}");
    // No room for a 2 s offer wait: the view says no offers are left this turn.
    assert_eq!(offers_made, catan_bot::game::MAX_OFFERS_PER_TURN);
}

/// Accepts every offer it can, otherwise plays like `Offerer` without offering.
struct Acceptor;

impl Agent for Acceptor {
    fn name(&self) -> String {
        "acceptor".into()
    }
    fn decide(&mut self, view: &View, _deadline: Option<StdInstant>) -> Action {
        let mut l = ActionList::new();
        view.state.legal_actions(&mut l);
        for a in [Action::AcceptOffer, Action::EndTurn] {
            if l.contains(a) {
                return a;
            }
        }
        l[0]
    }
}

#[tokio::test(start_paused = true)]
async fn an_acceptance_that_comes_after_the_offer_is_gone_is_not_a_refused_request() {
    let lines = game_lines();
    let (i, from, have, lack) = common::offer_moment(&lines, GAME, ME);
    let (mut give, mut get) = ([0; 5], [0; 5]);
    give[lack] = 1;
    get[have] = 1;

    // withdrawn first: too late, not refused; not withdrawn: a refused request.
    for withdrawn in [true, false] {
        let mut h = start(Box::new(Acceptor));
        h.feed(&lines[..=i]).await;
        h.drain().await;
        h.send(&offer_text(from, ME, give, get)).await;
        match h.next_from_agent().await {
            Message::AcceptOffer(a) => assert_eq!(a.offering, from as i32),
            m => panic!("expected our acceptance, got {m}"),
        }
        if withdrawn {
            h.send(&format!("1038|{GAME},-1")).await;
        }
        h.send(&format!("1037|{GAME},{ME},1")).await;
        let r = h.report().await;
        assert_eq!(r.trades.offers_received, 1);
        if withdrawn {
            assert_eq!(
                (r.trades.accepts_too_late, r.health.rejected_requests),
                (1, 0)
            );
        } else {
            assert_eq!(
                (r.trades.accepts_too_late, r.health.rejected_requests),
                (0, 1)
            );
        }
    }
}

/// Blocks its first decision until the test opens the gate; ends the turn every time.
struct Gated {
    gate: Arc<std::sync::Mutex<std::sync::mpsc::Receiver<()>>>,
    calls: Arc<std::sync::atomic::AtomicUsize>,
}

impl Agent for Gated {
    fn name(&self) -> String {
        "gated".into()
    }
    fn decide(&mut self, view: &View, _deadline: Option<StdInstant>) -> Action {
        let n = self.calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        if n == 0 {
            let _ = self.gate.lock().unwrap().recv();
        }
        Offerer.decide(view, None)
    }
}

/// A trade that lands while a decision is being made (our offer accepted, as in a real game
/// where the answer came after our CLEAROFFER) makes that decision stale: it is made again on
/// the new hand instead of sending a move the server may refuse.
#[tokio::test]
async fn a_trade_while_deciding_makes_the_decision_stale() {
    let lines = game_lines();
    let (i, _) = common::find_moment(&lines, GAME, ME, |s| s.index() == ME);
    // Everything before our PLAY1 moment goes through an ungated agent first.
    let (tx, rx) = std::sync::mpsc::channel();
    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let gated = Gated {
        gate: Arc::new(std::sync::Mutex::new(rx)),
        calls: calls.clone(),
    };
    // Open the gate for every decision before the moment: only the PLAY1 one waits.
    let mut h = start(Box::new(gated));
    tx.send(()).unwrap();
    h.feed(&lines[..i]).await;
    h.drain().await;
    let before = calls.load(std::sync::atomic::Ordering::SeqCst);
    // Now close the gate behind a fresh first call: make the next decision block.
    calls.store(0, std::sync::atomic::Ordering::SeqCst);
    h.feed(&lines[i..=i]).await;
    wait_real(5000, || {
        calls.load(std::sync::atomic::Ordering::SeqCst) >= 1
    })
    .await;
    assert_eq!(
        calls.load(std::sync::atomic::Ordering::SeqCst),
        1,
        "{before}"
    );
    // A trade involving us lands while the agent thinks.
    let other = (ME + 1) % 4;
    h.send(&format!("1039|{GAME},{other},{ME}")).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    tx.send(()).unwrap();
    let _ = h.next_from_agent().await;
    assert!(
        calls.load(std::sync::atomic::Ordering::SeqCst) >= 2,
        "the decision made before the trade was sent as it was"
    );
}

/// Accepts every offer it can, like `Acceptor`; once `armed`, its next answer to an offer
/// waits for the test's gate, and `answered` counts the answers it gave.
struct SlowAcceptor {
    armed: Arc<std::sync::atomic::AtomicBool>,
    gate: Arc<std::sync::Mutex<std::sync::mpsc::Receiver<()>>>,
    asked: Arc<std::sync::atomic::AtomicUsize>,
    answered: Arc<std::sync::atomic::AtomicUsize>,
}

impl Agent for SlowAcceptor {
    fn name(&self) -> String {
        "slow-acceptor".into()
    }
    fn decide(&mut self, view: &View, _deadline: Option<StdInstant>) -> Action {
        use std::sync::atomic::Ordering::SeqCst;
        let mut l = ActionList::new();
        view.state.legal_actions(&mut l);
        let gated = l.contains(Action::AcceptOffer) && self.armed.swap(false, SeqCst);
        if gated {
            self.asked.fetch_add(1, SeqCst);
            let _ = self.gate.lock().unwrap().recv();
        }
        let a = Acceptor.decide(view, None);
        if gated {
            self.answered.fetch_add(1, SeqCst);
        }
        a
    }
}

/// A player's new offer replaces its last one (`SOCPlayer.setCurrentOffer`): when the new
/// one is not made to us, the offer we were deciding on is gone, and our acceptance must not
/// go out (2.6.10 refused it with REJECTOFFER reason 1 in a MIX=smart game of session 24:
/// "robot 119" offered to us and two others, then to one other seat only, while we decided).
#[tokio::test(start_paused = true)]
async fn an_offer_replaced_by_one_to_another_seat_is_not_accepted() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
    let lines = game_lines();
    let (i, from, have, lack) = common::offer_moment(&lines, GAME, ME);
    let (mut give, mut get) = ([0; 5], [0; 5]);
    give[lack] = 1;
    get[have] = 1;
    let (tx, rx) = std::sync::mpsc::channel();
    let armed = Arc::new(AtomicBool::new(false));
    let asked = Arc::new(AtomicUsize::new(0));
    let answered = Arc::new(AtomicUsize::new(0));
    let mut h = start(Box::new(SlowAcceptor {
        armed: armed.clone(),
        gate: Arc::new(std::sync::Mutex::new(rx)),
        asked: asked.clone(),
        answered: answered.clone(),
    }));
    h.feed(&lines[..=i]).await;
    h.drain().await;
    armed.store(true, SeqCst);
    h.send(&offer_text(from, ME, give, get)).await;
    wait_real(20_000, || asked.load(SeqCst) >= 1).await;
    assert_eq!(asked.load(SeqCst), 1, "the agent was asked about the offer");
    // While the agent decides, the offerer makes a new offer to another seat only.
    let other = (0..4).find(|&s| s != ME && s != from).unwrap();
    h.send(&offer_text(from, other, give, get)).await;
    for _ in 0..100 {
        tokio::task::yield_now().await;
    }
    tx.send(()).unwrap();
    wait_real(20_000, || answered.load(SeqCst) >= 1).await;
    assert_eq!(answered.load(SeqCst), 1, "the agent answered");
    // A second of real time for the task to send whatever it would send.
    for _ in 0..1000 {
        if let Ok(m) = h.out.try_recv() {
            assert!(
                !matches!(m, Message::AcceptOffer(_)),
                "accepted an offer that was replaced: {m}"
            );
        }
        std::thread::sleep(Duration::from_millis(1));
        tokio::task::yield_now().await;
    }
    let r = h.report().await;
    assert_eq!(r.trades.offers_received, 1);
    assert_eq!(r.trades.offers_we_accepted, 0);
    assert_eq!(r.health.rejected_requests, 0);
}
