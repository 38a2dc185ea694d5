//! One game's task: applies the game's messages to its [`Mirror`], notices when we must
//! decide, asks the agent on a blocking thread with a deadline, translates its [`Action`] into
//! the server's messages, and watches the reply: a refused request (or none within the reply
//! timeout) is counted, the action is banned for the turn and another legal move goes out at
//! once. Imports tokio, `jsettlers_protocol`, `crate::game`, `crate::agent` and the client's
//! mirror, translate and report.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::Arc;
use std::time::{Duration, Instant as StdInstant};

use jsettlers_protocol::transcript::{Direction, TranscriptLine};
use jsettlers_protocol::{self as proto, Message};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::{sleep_until, Instant};
use tracing::{debug, info, warn};

use super::mirror::Mirror;
use super::report::GameReport;
use super::translate::{self, pn, seat};
use super::ClientConfig;
use crate::agent::{Agent, View};
use crate::game::{Action, ActionList, Phase, Resource, ResourceSet, Seat};

/// How long after a refusal further refusal signals (DECLINE, then CANCELBUILDREQUEST, ...)
/// are taken as the same refusal.
const SETTLE_MS: u64 = 300;
/// Decisions per turn after which we only end the turn (guards against agent loops).
const MAX_DECISIONS_PER_TURN: u32 = 80;
/// Grace after the agent's deadline before we answer without it.
const AGENT_GRACE_MS: u64 = 1500;

/// Everything a game task needs from the session.
pub struct GameContext {
    /// Game name.
    pub game: String,
    /// Our seat, from BOTJOINGAMEREQUEST.
    pub seat: Seat,
    /// Our nickname.
    pub nickname: String,
    /// Messages to the server (the session's writer).
    pub out: mpsc::UnboundedSender<Message>,
    /// Finished-game reports.
    pub reports: mpsc::UnboundedSender<GameReport>,
    /// The client's settings.
    pub config: Arc<ClientConfig>,
    /// The server's version number (its VERSION message).
    pub server_version: i32,
}

/// What we are waiting for after sending a request.
#[derive(Clone, Copy, Debug)]
struct Waiting {
    /// The action sent (None for non-agent requests like a refund).
    action: Option<Action>,
    /// When to stop waiting.
    deadline: Instant,
    /// A refusal was seen; swallow its follow-up signals until the deadline.
    settling: bool,
    /// The server's game state when the request went out.
    sent_state: i32,
    /// A GAMESERVERTEXT arrived meanwhile: a refusal unless the state moves on (the server
    /// also sends informational texts, e.g. "You may place 2 roads.").
    text_seen: bool,
}

/// The decision situation a result belongs to; a result for an older one is dropped.
type DecisionKey = (i32, Option<Seat>, u32, Option<u8>);

struct InFlight {
    handle: JoinHandle<(Box<dyn Agent>, Action)>,
    key: DecisionKey,
    view: View,
    started: Instant,
    give_up: Instant,
    /// We answered without the agent; its late answer will be dropped.
    abandoned: bool,
}

/// A per-game task (see the module doc).
pub struct GamePlayer {
    ctx: GameContext,
    mirror: Mirror,
    agent: Option<Box<dyn Agent>>,
    waiting: Option<Waiting>,
    banned: Vec<Action>,
    decisions_this_turn: u32,
    victims: Option<Vec<bool>>,
    ended_turn: bool,
    report: GameReport,
    record: Option<BufWriter<File>>,
    done: bool,
}

impl GamePlayer {
    /// A player for `ctx.game` using `agent`; records to `record` when given.
    pub fn new(ctx: GameContext, agent: Box<dyn Agent>, record: Option<File>) -> GamePlayer {
        let mut mirror = Mirror::new(&ctx.game);
        mirror.me = Some(ctx.seat);
        mirror.nickname = Some(ctx.nickname.clone());
        mirror.server_version = ctx.server_version;
        let report = GameReport {
            game: ctx.game.clone(),
            seat: Some(ctx.seat.index()),
            ..Default::default()
        };
        GamePlayer {
            ctx,
            mirror,
            agent: Some(agent),
            waiting: None,
            banned: Vec::new(),
            decisions_this_turn: 0,
            victims: None,
            ended_turn: false,
            report,
            record: record.map(BufWriter::new),
            done: false,
        }
    }

    /// The mirror (tests).
    pub fn mirror(&self) -> &Mirror {
        &self.mirror
    }

    /// Runs until the game is deleted, we are dismissed, or `inbox` closes (disconnect).
    pub async fn run(mut self, mut inbox: mpsc::UnboundedReceiver<Message>) {
        let mut flight: Option<InFlight> = None;
        loop {
            let wait_deadline = self.waiting.map(|w| w.deadline);
            let give_up = flight.as_ref().filter(|f| !f.abandoned).map(|f| f.give_up);
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(m) => self.on_message(&m),
                    None => {
                        self.finish("disconnected");
                        break;
                    }
                },
                joined = async { (&mut flight.as_mut().expect("guarded").handle).await }, if flight.is_some() => {
                    let f = flight.take().expect("guarded");
                    match joined {
                        Ok((agent, action)) => {
                            self.agent = Some(agent);
                            self.on_decided(f, action);
                        }
                        Err(e) => {
                            warn!(error = %e, "agent task failed; answering without it");
                            // The agent is lost; play on with fallbacks only.
                            let key = f.key;
                            if key == self.key() {
                                let a = self.fallback(&f.view);
                                self.report.fallbacks += 1;
                                self.send_action(&f.view, a, f.started);
                            }
                        }
                    }
                }
                _ = sleep_until(wait_deadline.unwrap_or_else(Instant::now)), if wait_deadline.is_some() => {
                    self.on_reply_timeout();
                }
                _ = sleep_until(give_up.unwrap_or_else(Instant::now)), if give_up.is_some() => {
                    // The agent overran its deadline: answer without it; its late answer is
                    // dropped (the key will have changed) and the agent comes back with it.
                    if let Some(f) = flight.as_mut() {
                        f.abandoned = true;
                        if f.key == self.key() && self.waiting.is_none() {
                            warn!("agent missed its deadline; answering without it");
                            let a = self.fallback(&f.view);
                            self.report.fallbacks += 1;
                            let view = f.view.clone();
                            self.send_action(&view, a, f.started);
                        }
                    }
                }
            }
            if self.done {
                break;
            }
            // While an abandoned decision still holds the agent, decisions go on without it.
            if flight.as_ref().map_or(true, |f| f.abandoned) {
                if let Some(new) = self.maybe_decide() {
                    flight = Some(new);
                }
            }
        }
        if let Some(f) = flight {
            f.handle.abort();
        }
        if let Some(r) = self.record.as_mut() {
            let _ = r.flush();
        }
    }

    fn key(&self) -> DecisionKey {
        (
            self.mirror.state,
            self.mirror.current,
            self.mirror.turn,
            self.mirror.discard_request,
        )
    }

    fn record(&mut self, direction: Direction, msg: &Message) {
        if let Some(r) = self.record.as_mut() {
            let line = TranscriptLine {
                direction,
                text: msg.encode(),
            };
            if let Err(e) = writeln!(r, "{line}") {
                warn!(error = %e, "cannot write the transcript; recording stops");
                self.record = None;
            }
        }
    }

    fn send(&mut self, msg: Message) {
        self.record(Direction::ToServer, &msg);
        debug!(text = %msg.encode(), "send");
        let _ = self.ctx.out.send(msg);
    }

    /// Our seat: as invited, or as the server's SITDOWN echo of our nickname says.
    fn me(&self) -> Seat {
        self.mirror.me.unwrap_or(self.ctx.seat)
    }

    // ---- incoming ---------------------------------------------------------------------

    /// Applies one message of this game.
    pub fn on_message(&mut self, msg: &Message) {
        self.record(Direction::FromServer, msg);
        let prev_current = self.mirror.current;
        let prev_state = self.mirror.state;
        self.mirror.apply(msg);
        let me = self.me();
        let g = self.ctx.game.clone();
        use Message as M;
        match msg {
            M::GameMembers(_) => {
                self.send(M::SitDown(proto::SitDown {
                    game: g,
                    nickname: proto::EMPTYSTR.to_owned(),
                    player: pn(me),
                    robot: true,
                }));
            }
            M::GameState(m) if self.waiting.is_some_and(|w| !w.settling) => {
                let w = self.waiting.expect("guarded");
                if w.text_seen && m.state == w.sent_state {
                    self.refused("GAMESERVERTEXT and no progress");
                } else {
                    self.waiting = None;
                }
            }
            M::Turn(_) => {
                if prev_current == Some(me)
                    && !self.ended_turn
                    && prev_state != 0
                    && prev_state < 1000
                    && self.mirror.current.is_some()
                {
                    self.report.forced_end_turns += 1;
                    warn!(state = prev_state, "the server ended our turn");
                }
                self.ended_turn = false;
                self.waiting = None;
                self.banned.clear();
                self.decisions_this_turn = 0;
                self.victims = None;
            }
            M::DeclinePlayerRequest(m) => {
                self.refused(&format!(
                    "DECLINEPLAYERREQUEST reason {} {}",
                    m.reason,
                    m.text.as_deref().unwrap_or("")
                ));
            }
            // Broadcast in START1B/2B when a settlement is taken back; to us alone, a refusal
            // of our request.
            M::CancelBuildRequest(_) if self.waiting.is_some() => {
                self.refused("CANCELBUILDREQUEST")
            }
            M::DevCardAction(m) if m.action == 4 => self.refused("DEVCARDACTION CANNOT_PLAY"),
            M::RejectOffer(m) if m.reason.is_some() => {
                self.refused(&format!("REJECTOFFER reason {:?}", m.reason));
            }
            M::GameServerText(m) => {
                info!(text = %m.text, "server says");
                if let Some(w) = self.waiting.as_mut() {
                    w.text_seen = true;
                }
            }
            M::SimpleRequest(m) if m.request_type == 1 && seat(m.player) == Some(me) => {
                self.refused("SIMPLEREQUEST re-pick");
            }
            M::BankTrade(m)
                if m.player.and_then(seat) == Some(me)
                    && self.waiting.is_some_and(|w| !w.settling) =>
            {
                self.waiting = None
            }
            M::PlayerElement(m)
                if m.news
                    && m.action == 102
                    && seat(m.player) == Some(me)
                    && self.mirror.state == 50 =>
            {
                self.report.forced_discards += 1;
                warn!("the server discarded for us");
            }
            // Asked again while our discard is pending: it was refused (wrong total).
            M::DiscardRequest(_) if self.waiting.is_some() => self.refused("DISCARDREQUEST again"),
            M::ChoosePlayerRequest(m) => self.victims = Some(m.choices.clone()),
            M::MakeOffer(m) => self.on_offer(m),
            M::GameStats(_) if self.mirror.final_scores.is_some() => self.finish("over"),
            M::DeleteGame(_) => {
                self.finish("deleted");
                self.done = true;
            }
            M::RobotDismiss(_) | M::ResetBoardAuth(_) => {
                self.send(M::LeaveGame(proto::LeaveGame {
                    nickname: self.ctx.nickname.clone(),
                    host: "-".to_owned(),
                    game: g,
                }));
                let why = if matches!(msg, M::RobotDismiss(_)) {
                    "dismissed"
                } else {
                    "reset"
                };
                self.finish(why);
                self.done = true;
            }
            _ => {}
        }
    }

    /// A refusal of our last request: count it once, ban the action for this turn.
    fn refused(&mut self, what: &str) {
        match self.waiting {
            Some(w) if !w.settling => {
                self.report.rejected_requests += 1;
                warn!(action = ?w.action, what, "request refused");
                if let Some(a) = w.action {
                    self.banned.push(a);
                }
                self.waiting = Some(Waiting {
                    action: None,
                    deadline: Instant::now() + Duration::from_millis(SETTLE_MS),
                    settling: true,
                    sent_state: w.sent_state,
                    text_seen: false,
                });
            }
            Some(_) => {}
            None => debug!(what, "refusal signal with no request pending"),
        }
    }

    fn on_reply_timeout(&mut self) {
        if let Some(w) = self.waiting.take() {
            if !w.settling {
                self.report.rejected_requests += 1;
                warn!(action = ?w.action, "no reply in time; trying something else");
                if let Some(a) = w.action {
                    self.banned.push(a);
                }
            }
        }
    }

    fn on_offer(&mut self, m: &proto::MakeOffer) {
        let me = self.me();
        if !m.to.get(me.index()).copied().unwrap_or(false) || seat(m.from) == Some(me) {
            return;
        }
        let g = self.ctx.game.clone();
        // We would give what they ask for (`get`) and receive what they give.
        let accept = match (
            translate::resources(&m.get),
            translate::resources(&m.give),
            self.agent.as_mut(),
        ) {
            (Some(give), Some(get), Some(agent)) => {
                let hand = self.mirror.hand(me);
                let have = give
                    .iter()
                    .all(|(r, n)| hand.known[r.index()] >= i32::from(n));
                have && match self.mirror.view() {
                    Ok(view) => agent.accept_offer(&view, give, get),
                    Err(_) => false,
                }
            }
            _ => false,
        };
        info!(from = m.from, accept, "answering a trade offer");
        let reply = if accept {
            Message::AcceptOffer(proto::AcceptOffer {
                game: g,
                accepting: 0,
                offering: m.from,
                resources: None,
            })
        } else {
            Message::RejectOffer(proto::RejectOffer {
                game: g,
                player: 0,
                reason: None,
            })
        };
        self.send(reply);
    }

    fn finish(&mut self, why: &str) {
        if !self.report.end.is_empty() {
            return;
        }
        let stats = self.mirror.stats();
        self.report.end = why.to_owned();
        self.report.seat = Some(self.me().index());
        self.report.names = self.mirror.names.clone();
        self.report.points = self.mirror.final_scores.clone();
        self.report.winner = self.mirror.winner.map(|s| s.index());
        self.report.turns = self.mirror.turn;
        self.report.mirror_mismatches = stats.mismatches;
        self.report.data_check_mismatches = stats.data_check_mismatches;
        self.report.data_checks = stats.data_checks;
        info!(
            end = why,
            points = ?self.report.points,
            winner = ?self.report.winner,
            decisions = self.report.decisions,
            forced = self.report.forced_end_turns,
            rejected = self.report.rejected_requests,
            mismatches = stats.mismatches,
            "game finished"
        );
        let _ = self.ctx.reports.send(self.report.clone());
    }

    // ---- deciding ---------------------------------------------------------------------

    /// Starts a decision if one is due: the agent runs on a blocking thread.
    fn maybe_decide(&mut self) -> Option<InFlight> {
        if self.waiting.is_some() || self.mirror.is_over() || !self.report.end.is_empty() {
            return None;
        }
        let me = self.me();
        let state = self.mirror.state;
        let discard = state == 50 && self.mirror.discard_request.is_some();
        let my_turn = self.mirror.current == Some(me);
        if !discard && !my_turn {
            return None;
        }
        if !discard && (30..=32).contains(&state) {
            // Placing a piece we paid for after a refused buy-and-place: take the refund.
            self.send(Message::CancelBuildRequest(proto::CancelBuildRequest {
                game: self.ctx.game.clone(),
                piece_type: state - 30,
            }));
            self.waiting = Some(self.wait_for(None));
            return None;
        }
        let decides = discard
            || matches!(
                state,
                5 | 6 | 10 | 11 | 15 | 20 | 33 | 40 | 41 | 51 | 52 | 53
            );
        if !decides {
            return None;
        }
        let started = Instant::now();
        let view = match self.mirror.view() {
            Ok(v) => v,
            Err(e) => {
                warn!(error = %e, state, "no valid view; answering without the agent");
                self.report.fallbacks += 1;
                self.fallback_without_view();
                return None;
            }
        };
        if view.state.to_move() != me {
            debug!(state, "not ours to decide");
            return None;
        }
        if self.decisions_this_turn >= MAX_DECISIONS_PER_TURN && view.state.phase() == Phase::Main {
            self.send_action(&view, Action::EndTurn, started);
            return None;
        }
        let Some(mut agent) = self.agent.take() else {
            // The agent is still busy with an abandoned decision.
            self.report.fallbacks += 1;
            let a = self.fallback(&view);
            self.send_action(&view, a, started);
            return None;
        };
        let deadline = StdInstant::now() + self.decision_budget();
        let v = view.clone();
        let handle = tokio::task::spawn_blocking(move || {
            let a = agent.decide(&v, Some(deadline));
            (agent, a)
        });
        Some(InFlight {
            handle,
            key: self.key(),
            view,
            started,
            give_up: started + self.decision_budget() + Duration::from_millis(AGENT_GRACE_MS),
            abandoned: false,
        })
    }

    fn decision_budget(&self) -> Duration {
        Duration::from_millis(self.ctx.config.decision_ms)
    }

    fn reply_timeout(&self) -> Duration {
        Duration::from_millis(self.ctx.config.reply_timeout_ms)
    }

    fn on_decided(&mut self, f: InFlight, action: Action) {
        if f.key != self.key() || self.waiting.is_some() {
            debug!(?action, "decision no longer needed");
            return;
        }
        let ok = f.view.state.is_legal(action)
            && !self.banned.contains(&action)
            && self.victim_allowed(action);
        let action = if ok {
            action
        } else {
            warn!(
                ?action,
                "agent answer illegal or already refused; using a fallback"
            );
            self.report.fallbacks += 1;
            self.fallback(&f.view)
        };
        self.send_action(&f.view, action, f.started);
    }

    fn victim_allowed(&self, a: Action) -> bool {
        match (a, &self.victims) {
            (Action::ChooseVictim(s), Some(v)) => v.get(s.index()).copied().unwrap_or(false),
            _ => true,
        }
    }

    /// A legal action not refused this turn: end the turn or roll when possible, else the
    /// first one.
    fn fallback(&self, view: &View) -> Action {
        let mut list = ActionList::new();
        view.state.legal_actions(&mut list);
        let ok = |a: &Action| !self.banned.contains(a) && self.victim_allowed(*a);
        for pref in [Action::EndTurn, Action::Roll] {
            if list.contains(pref) && ok(&pref) {
                return pref;
            }
        }
        if view.state.phase() == Phase::Discard {
            // Generation may list only some discards; any valid one will do.
            let owed = view.state.discard_owed(view.me) as u32;
            return Action::Discard(first_cards(view.state.hand(view.me), owed));
        }
        list.iter()
            .copied()
            .find(ok)
            .or_else(|| list.first().copied())
            .unwrap_or(Action::EndTurn)
    }

    /// Answers from the raw server state when no engine state could be built.
    fn fallback_without_view(&mut self) {
        let g = self.ctx.game.clone();
        let me = self.me();
        let msg = match self.mirror.state {
            15 => Message::RollDice(proto::RollDice { game: g }),
            20 | 40 | 41 => Message::EndTurn(proto::EndTurn { game: g }),
            50 => {
                let n = u32::from(self.mirror.discard_request.unwrap_or(0));
                let hand = self.mirror.hand(me);
                let set = ResourceSet(hand.known.map(|k| k.clamp(0, 255) as u8));
                Message::Discard(proto::Discard {
                    game: g,
                    player: None,
                    resources: translate::to_wire(first_cards(set, n)),
                    unknown: 0,
                })
            }
            51 => {
                let v = self
                    .victims
                    .as_ref()
                    .and_then(|v| v.iter().position(|&b| b))
                    .unwrap_or(0);
                Message::ChoosePlayer(proto::ChoosePlayer {
                    game: g,
                    choice: v as i32,
                })
            }
            52 => Message::PickResources(proto::PickResources {
                game: g,
                resources: translate::one_of(Resource::Wheat, 2),
                picked_by: None,
            }),
            53 => Message::PickResourceType(proto::PickResourceType {
                game: g,
                resource: Resource::Wheat.to_server(),
            }),
            s => {
                warn!(
                    state = s,
                    "no fallback for this state; the server will force it"
                );
                return;
            }
        };
        match msg {
            Message::EndTurn(_) => self.ended_turn = true,
            Message::Discard(_) => self.mirror.discard_request = None,
            _ => {}
        }
        self.send(msg);
        self.waiting = Some(self.wait_for(None));
    }

    fn send_action(&mut self, view: &View, action: Action, started: Instant) {
        let msg = translate::action_message(&self.ctx.game, self.me(), &view.state, action);
        if matches!(action, Action::EndTurn)
            || matches!(
                view.state.phase(),
                Phase::InitialRoad1 | Phase::InitialRoad2
            )
        {
            self.ended_turn = true;
        }
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        self.report.decisions += 1;
        self.report.latencies_ms.push(ms);
        self.decisions_this_turn += 1;
        debug!(?action, ms, "decided");
        if matches!(action, Action::Discard(_)) {
            // Sent: don't discard again when another seat's discard re-announces state 50.
            self.mirror.discard_request = None;
        }
        self.send(msg);
        self.waiting = Some(self.wait_for(Some(action)));
    }

    fn wait_for(&self, action: Option<Action>) -> Waiting {
        Waiting {
            action,
            deadline: Instant::now() + self.reply_timeout(),
            settling: false,
            sent_state: self.mirror.state,
            text_seen: false,
        }
    }
}

/// The first `n` cards of `hand` (clay first): a valid discard when the hand holds `n`.
fn first_cards(hand: ResourceSet, n: u32) -> ResourceSet {
    let mut out = ResourceSet::EMPTY;
    let mut left = n;
    for r in Resource::ALL {
        let k = u32::from(hand[r]).min(left);
        out[r] = k as u8;
        left -= k;
    }
    out
}
