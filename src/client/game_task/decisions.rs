//! Deciding: when a decision is due, the view and the time it gets, the agent's answer (or a
//! fallback) turned into the server's messages, paced, and the reply waited for.

use super::*;

impl<S: Shape> GameTask<S> {
    // ---- deciding ---------------------------------------------------------------------

    /// In a 6-player game, during another player's turn: ask to build in the Special
    /// Building Phase after it (`1043|g,-1`, `SOCGame.askSpecialBuild`) once a turn when we
    /// could build something; in the phase the agent builds or ends, as it judges.
    fn maybe_ask_special_build(&mut self) {
        let model = self.mirror.model();
        let me = self.me();
        if !model.rules().special_building
            || self.mirror.server_state() != Some(GameState::Play1)
            || self.asked_special_build == Some(model.turn())
            || self.special_build_pending
        {
            return;
        }
        // The model holds no hands (the mirror's beliefs do): ours is known exactly.
        if !model.could_special_build(me, self.mirror.hand(me).known) {
            return;
        }
        self.asked_special_build = Some(model.turn());
        self.send(Message::BuildRequest(proto::BuildRequest {
            game: self.ctx.game.clone(),
            piece_type: -1,
        }));
    }

    /// How to leave PLACING_FREE_ROAD1/2 without a placement: a road's CANCELBUILDREQUEST
    /// (`SOCGame.cancelBuildRoad`: the turn goes on where it was; in PLACING_FREE_ROAD1 the
    /// card comes back, from 2.5.00 on), or where the server cannot cancel the first free road
    /// (before 2.5.00) END_TURN, which it takes after the roll (`SOCGame.canEndTurn`); before
    /// the roll there, nothing.
    fn free_road_exit(&self, code: Option<GameState>) -> Option<Message> {
        let game = self.ctx.game.clone();
        let cancel = code == Some(GameState::PlacingFreeRoad2)
            || self.mirror.server_version >= crate::client::versions::CANCEL_FREE_ROAD1;
        if cancel {
            Some(Message::CancelBuildRequest(proto::CancelBuildRequest {
                game,
                piece_type: jsettlers_protocol::codes::PieceType::Road.wire(),
            }))
        } else if self.mirror.model().dice() != 0 {
            Some(Message::EndTurn(proto::EndTurn { game }))
        } else {
            warn!(
                "no free road to place and none to cancel before 2.5.00; the server will force it"
            );
            None
        }
    }

    /// The view to decide from and when the decision started, if a decision is due; answers
    /// what needs no agent on the way (a refund, a fallback when no view can be built).
    pub(super) fn decision_due(&mut self) -> Option<(View<S>, Instant)> {
        if self.waiting.is_some()
            || self.held.is_some()
            || self.mirror.is_over()
            || !self.report.end.is_empty()
            // Taking over a seat, the figures are not ours until our private information is
            // in (a decision on the guessed hand was refused on a real server).
            || self.mirror.is_joining()
        {
            return None;
        }
        let me = self.me();
        let code = self.mirror.server_state();
        // Asked of us whoever's turn it is: a discard, or (sea boards) the free picks of a
        // gold hex (`SOCGameHandler.sendGameState_sendGoldPickAnnounceText`).
        let gold = code.and_then(translate::phase) == Some(Phase::PickGold)
            && self.mirror.model().gold_owed(me) > 0;
        let discard = gold
            || (code == Some(GameState::WaitingForDiscards)
                && self.mirror.discard_request.is_some());
        let my_turn = self.mirror.current() == Some(me);
        let answer = code == Some(GameState::Play1) && self.offer_in.is_some();
        if self.offer_out.is_some() && !discard {
            return None;
        }
        if !discard && !my_turn && !answer {
            self.maybe_ask_special_build();
            return None;
        }
        if let (false, Some(piece)) = (discard, code.and_then(GameState::placing)) {
            // Placing a piece we paid for after a refused buy-and-place: take the refund.
            self.send(Message::CancelBuildRequest(proto::CancelBuildRequest {
                game: self.ctx.game.clone(),
                piece_type: piece.wire(),
            }));
            self.waiting = Some(self.wait_for(None));
            return None;
        }
        if !discard && self.mirror.free_road_stuck() {
            if let Some(msg) = self.free_road_exit(code) {
                self.send_without_view(msg);
            }
            return None;
        }
        if !discard && !code.is_some_and(GameState::is_decision) {
            return None;
        }
        let started = Instant::now();
        let mut view = match self.mirror.view() {
            Ok(v) => v,
            Err(e) => {
                warn!(error = %e, state = ?code, "no valid view; answering without the agent");
                self.report.health.fallbacks += 1;
                self.fallback_without_view();
                return None;
            }
        };
        if answer && !discard {
            if !self.answers_offers || !self.offer_view(&mut view) {
                // An agent that does not trade, an offer the engine cannot hold, or one we
                // cannot pay, or whose maker may no longer pay: decline at once.
                self.decline_offer_now();
                return None;
            }
        } else {
            // An offer waits up to OFFER_WAIT_MS without restarting the idle timer: none
            // when that would not leave a decision's worth of time after it.
            let room = self.timer_left() >= Duration::from_millis(OFFER_WAIT_MS + OFFER_AFTER_MS);
            let made = if room {
                self.offers_this_turn
            } else {
                crate::game::MAX_OFFERS_PER_TURN
            };
            view.state.set_offers_made(made);
        }
        if view.state.to_move() != me {
            debug!(state = ?code, "not ours to decide");
            return None;
        }
        // The robber or the pirate, chosen in WAITING_FOR_ROBBER_OR_PIRATE: the move itself
        // now, in PLACING_ROBBER or PLACING_PIRATE, as decided then.
        if let Some(a) = self.chosen_robbery.take() {
            if translate::fits_state(code, a) && view.state.is_legal(a) && !self.banned.contains(&a)
            {
                self.send_action(&view, a, started);
                return None;
            }
        }
        if self.decisions_this_turn >= MAX_DECISIONS_PER_TURN && view.state.phase() == Phase::Main {
            self.send_action(&view, Action::EndTurn, started);
            return None;
        }
        Some((view, started))
    }

    /// Starts a decision if one is due: the agent runs on a blocking thread.
    pub(super) fn maybe_decide(&mut self) -> Option<InFlight<S>> {
        let (view, started) = self.decision_due()?;
        let Some(mut agent) = self.agent.take() else {
            // The agent is still busy with an abandoned decision.
            self.report.health.fallbacks += 1;
            let a = self.fallback(&view);
            self.send_action(&view, a, started);
            return None;
        };
        let budget = self.decision_budget();
        let deadline = StdInstant::now() + budget;
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
            give_up: started + budget + Duration::from_millis(AGENT_GRACE_MS),
            abandoned: false,
            model_hash: self.model_hash(),
        })
    }

    /// The agent's time for this decision: `--decision-ms`, cut in our turn to what the
    /// server's idle timer leaves (less a margin), never below `MIN_DECISION_MS`. Strength
    /// grows with the hardware inside this budget; a forced turn is never risked for it.
    pub(super) fn decision_budget(&self) -> Duration {
        let configured = Duration::from_millis(self.ctx.config.decision_ms);
        if self.mirror.current() != Some(self.me()) {
            return configured;
        }
        configured
            .min(self.timer_left())
            .max(Duration::from_millis(MIN_DECISION_MS))
    }

    /// What the server's idle timer leaves of our turn, less the margin (the pacer keeps
    /// when it last restarted, paced or not).
    pub(super) fn timer_left(&self) -> Duration {
        let limit = Duration::from_millis(
            crate::client::pace::SERVER_TURN_TIMER_MS - DECISION_TIMER_MARGIN_MS,
        );
        limit.saturating_sub(self.pacer.since_timer_restart())
    }

    pub(super) fn reply_timeout(&self) -> Duration {
        Duration::from_millis(self.ctx.config.reply_timeout_ms)
    }

    pub(super) fn on_decided(&mut self, f: InFlight<S>, action: Action) {
        if f.key != self.key() || self.waiting.is_some() || self.held.is_some() {
            debug!(?action, "decision no longer needed");
            return;
        }
        if self.stale_piece(f.model_hash, action) {
            // Decided again on the mirror as it is now (the loop starts the next decision).
            warn!(
                ?action,
                "a piece decided before the mirror changed is no longer legal"
            );
            return;
        }
        let ok = f.view.state.is_legal(action)
            && !self.banned.contains(&action)
            && self.victim_allowed(action)
            && translate::fits_state(self.mirror.server_state(), action);
        let action = if ok {
            action
        } else {
            warn!(
                ?action,
                "agent answer illegal or already refused; using a fallback"
            );
            self.report.health.fallbacks += 1;
            self.fallback(&f.view)
        };
        self.send_action(&f.view, action, f.started);
    }

    /// Whether `action` places a piece on a spot the mirror no longer allows, the mirror
    /// having changed since the decision started: a piece of ours that came in meanwhile
    /// (a 2.7 SC_NSHO game asked for its road a second time, refused). Only then: with the
    /// mirror unchanged, the decision stands as made.
    fn stale_piece(&mut self, decided_on: u64, action: Action) -> bool {
        let places = matches!(
            action,
            Action::BuildRoad(_)
                | Action::BuildSettlement(_)
                | Action::BuildCity(_)
                | Action::BuildShip(_)
                | Action::MoveShip { .. }
        );
        let me = self.me();
        places
            && decided_on != self.model_hash()
            && self
                .mirror
                .view()
                .is_ok_and(|v| v.state.to_move() == me && !v.state.is_legal(action))
    }

    pub(super) fn victim_allowed(&self, a: Action) -> bool {
        match (a, &self.victims) {
            (Action::ChooseVictim(s), Some(v)) => v.get(s.index()).copied().unwrap_or(false),
            _ => true,
        }
    }

    /// A legal action not refused this turn: end the turn or roll when possible, else the
    /// first one. An offer is always declined (a decline is never refused for the rules, and
    /// it gives nothing away).
    pub(super) fn fallback(&self, view: &View<S>) -> Action {
        if view.state.phase() == Phase::TradeResponse {
            return Action::DeclineOffer;
        }
        let mut list = ActionList::new();
        view.state.legal_actions(&mut list);
        let state = self.mirror.server_state();
        let ok = |a: &Action| {
            !self.banned.contains(a) && self.victim_allowed(*a) && translate::fits_state(state, *a)
        };
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
        if view.state.phase() == Phase::PickGold {
            // Generation may list only some picks; any set of the owed size will do.
            let owed = u32::from(view.state.gold_owed(view.me));
            return Action::PickGold(first_cards(ResourceSet([owed as u8; 5]), owed));
        }
        list.iter()
            .copied()
            .find(ok)
            .or_else(|| list.first().copied())
            .unwrap_or(Action::EndTurn)
    }

    /// Answers from the raw server state when no engine state could be built.
    pub(super) fn fallback_without_view(&mut self) {
        let g = self.ctx.game.clone();
        let me = self.me();
        use GameState as S;
        let msg = match self.mirror.server_state() {
            Some(S::RollOrCard) => Message::RollDice(proto::RollDice { game: g }),
            // Ending is always legal in the Special Building Phase (building is optional).
            Some(S::Play1 | S::SpecialBuilding) => Message::EndTurn(proto::EndTurn { game: g }),
            // Ending is refused before the roll.
            code @ Some(S::PlacingFreeRoad1 | S::PlacingFreeRoad2) => {
                match self.free_road_exit(code) {
                    Some(msg) => msg,
                    None => return,
                }
            }
            Some(S::WaitingForDiscards) => {
                let n = u32::from(self.mirror.discard_request.unwrap_or(0));
                let hand = self.mirror.hand(me);
                let set = hand.known;
                Message::Discard(proto::Discard::robot(
                    &g,
                    translate::to_wire(first_cards(set, n)),
                ))
            }
            Some(S::WaitingForRobChoosePlayer) => {
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
            Some(S::WaitingForDiscovery) => Message::PickResources(proto::PickResources::robot(
                &g,
                translate::one_of(Resource::Wheat, 2),
            )),
            Some(S::WaitingForMonopoly) => Message::PickResourceType(proto::PickResourceType {
                game: g,
                resource: Resource::Wheat.to_server(),
            }),
            // Sea boards: the robber (as the stock robots always choose), the gold picks.
            Some(S::WaitingForRobberOrPirate) => Message::ChoosePlayer(proto::ChoosePlayer {
                game: g,
                choice: translate::CHOICE_MOVE_ROBBER,
            }),
            Some(S::WaitingForPickGoldResource | S::StartsWaitingForPickGoldResource) => {
                let n = i32::from(self.mirror.model().gold_owed(me));
                if n == 0 {
                    return;
                }
                Message::PickResources(proto::PickResources::robot(
                    &g,
                    translate::one_of(Resource::Wheat, n),
                ))
            }
            _ => {
                warn!(
                    state = ?self.mirror.server_state(),
                    "no fallback for this state; the server will force it"
                );
                return;
            }
        };
        self.send_without_view(msg);
    }

    /// Sends a request made without the engine and waits for its reply: an END_TURN marks
    /// the turn as ended (until refused), a discard the server's request as answered.
    fn send_without_view(&mut self, msg: Message) {
        let end_turn = matches!(msg, Message::EndTurn(_));
        match msg {
            Message::EndTurn(_) => self.ended_turn = true,
            Message::Discard(_) => self.mirror.discard_request = None,
            _ => {}
        }
        self.send(msg);
        let mut w = self.wait_for(None);
        w.end_turn = end_turn;
        self.waiting = Some(w);
    }

    /// Sends `action` now, or holds it until the pace says (`--pace`).
    pub(super) fn send_action(&mut self, view: &View<S>, action: Action, started: Instant) {
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let at = self.pacer.send_at(&action, started);
        if at > Instant::now() {
            debug!(
                ?action,
                wait_ms = (at - Instant::now()).as_millis() as u64,
                "paced"
            );
            self.held = Some(Held {
                view: view.clone(),
                action,
                key: self.key(),
                at,
                ms,
            });
            return;
        }
        self.send_decided(view, action, ms);
    }

    /// The held action's time has come: send it if its situation still holds.
    pub(super) fn release_held(&mut self) {
        let Some(h) = self.held.take() else { return };
        if h.key != self.key() || self.waiting.is_some() {
            debug!(action = ?h.action, "paced action no longer wanted");
            return;
        }
        self.send_decided(&h.view, h.action, h.ms);
    }

    pub(super) fn send_decided(&mut self, view: &View<S>, action: Action, ms: f64) {
        self.pacer.on_sent(&action);
        let server = self.mirror.server_state();
        let msg = translate::request_for(&self.ctx.game, self.me(), &view.state, server, action);
        if server == Some(GameState::WaitingForRobberOrPirate) {
            // The choice goes first; the move follows in the state it leads to.
            self.chosen_robbery = Some(action);
        }
        match action {
            Action::OfferTrade(_) => {
                self.offers_this_turn += 1;
                self.report.trades.offers_made += 1;
            }
            // Answered, the offer is done with: the decision key moves, so a decision still
            // on it (an abandoned one's late answer, a fallback at its deadline) sends
            // nothing. On a loaded 2.6.10 server an acceptance sent that way, seconds after
            // our own decline and the offer's withdrawal, came back refused (reason 1).
            Action::AcceptOffer => {
                self.drop_offer_in();
                self.accept_out = Some(false);
            }
            Action::DeclineOffer => self.drop_offer_in(),
            _ => {}
        }
        if matches!(action, Action::EndTurn)
            || matches!(
                view.state.phase(),
                Phase::InitialRoad1 | Phase::InitialRoad2
            )
        {
            self.ended_turn = true;
        }
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

    pub(super) fn wait_for(&self, action: Option<Action>) -> Waiting {
        let now = Instant::now();
        Waiting {
            action,
            deadline: now + self.reply_timeout(),
            sent: now,
            late: false,
            end_turn: matches!(action, Some(Action::EndTurn)),
            settling: false,
            sent_state: self.mirror.server_state(),
            text_seen: false,
            heard: false,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::ClientConfig;
    use crate::game::{DevCard, Resource, Seat, Six};
    use jsettlers_protocol::transcript::{parse_lines, Direction};

    /// A game task of our bot (`catanbot`, a random agent) in `seat` of `game` on an `S`
    /// board, as a server of `version` seats it.
    fn task<S: Shape>(game: &str, seat: usize, version: i32) -> GameTask<S> {
        let (out, _) = mpsc::channel(16);
        let (reports, _) = mpsc::unbounded_channel();
        let config = ClientConfig::new("mock", "c", "catanbot", "random:seed=1".parse().unwrap());
        let ctx = GameContext {
            game: game.to_owned(),
            seat: Seat::new(seat),
            nickname: "catanbot".to_owned(),
            out,
            reports,
            config: std::sync::Arc::new(config.clone()),
            server_version: version,
        };
        GameTask::new(ctx, crate::agent::build::<S>(&config.agent), None)
    }

    /// Whether our line `text` of the 6-player fixture game `~botsOnly~4` (our bot in seat 0)
    /// ends our turn: an END_TURN, or an initial road.
    fn ends_our_turn(t: &GameTask<Six>, text: &str) -> bool {
        text.starts_with("1032|")
            || (text.starts_with("1009|~botsOnly~4,0,0,")
                && matches!(
                    t.mirror.server_state(),
                    Some(GameState::Start1B | GameState::Start2B)
                ))
    }

    /// The real 6-player game of the fixtures (our bot in seat 0): its server lines up to
    /// our bot's first request for the Special Building Phase (line 331 of the recording).
    #[test]
    fn the_bot_asks_for_the_special_building_phase_once_a_turn_when_it_can_build() {
        let text = include_str!(
            "../../../tests/fixtures/transcripts/catanbot-2.6.10-6p-special-building-datacheck.log"
        );
        let mut t = task::<Six>("~botsOnly~1", 0, crate::client::versions::ASSUMED);
        let asks = |t: &mut GameTask<Six>| {
            t.take_outbox()
                .iter()
                .filter(|m| matches!(m, Message::BuildRequest(b) if b.piece_type == -1))
                .count()
        };
        for (line_no, line) in parse_lines(text) {
            let line = line.unwrap();
            if line_no >= 331 {
                break;
            }
            if line.direction == Direction::FromServer {
                t.on_message(&Message::parse(&line.text).unwrap());
            }
        }
        let _ = t.take_outbox();
        assert!(t.mirror().model().rules().special_building);
        assert_ne!(t.mirror().current(), Some(Seat::new(0)), "another's turn");
        t.maybe_ask_special_build();
        assert_eq!(
            asks(&mut t),
            1,
            "the request the recording shows at line 331"
        );
        t.maybe_ask_special_build();
        assert_eq!(asks(&mut t), 0, "once a turn");
        // The server holds our ask (ASK_SPECIAL_BUILD 1 for seat 0) into the next turn, whose
        // phase serves it (sea6 shards 12 and 13: asked again there, refused): no new ask
        // until it is served, at our place in the phase.
        t.on_message(&Message::parse("1024|~botsOnly~1,0,100,16,1").unwrap());
        t.asked_special_build = None;
        t.maybe_ask_special_build();
        assert_eq!(asks(&mut t), 0, "our ask is still held");
        t.on_message(&Message::parse("1024|~botsOnly~1,0,100,16,0").unwrap());
        t.maybe_ask_special_build();
        assert_eq!(asks(&mut t), 1, "served: another ask may follow");
    }

    /// A real 6-player game (2.6.10, build 4caf0bd, our bot in seat 0) in which the server
    /// began a Special Building Phase with us at the start of our own turn (TURN 0 state 15,
    /// then TURN 0 state 100, line 196) and forced nothing (its log names no forced turn of
    /// ours). Before: the client counted that TURN as the server ending our turn (one forced
    /// end-turn in the game's result line). After: none; the phase's own end, and every turn
    /// of ours, ends with our END_TURN.
    #[test]
    fn a_special_building_phase_at_our_own_turn_start_is_no_forced_end_turn() {
        let text = include_str!(
            "../../../tests/fixtures/transcripts/catanbot-2.6.10-6p-special-building-at-own-turn-start-not-forced.log"
        );
        let mut t = task::<Six>("~botsOnly~4", 0, crate::client::versions::ASSUMED);
        let mut turns_at_start = 0;
        let mut prev = None;
        for (_, line) in parse_lines(text) {
            let line = line.unwrap();
            if line.direction == Direction::FromServer {
                if let Ok(m) = Message::parse(&line.text) {
                    if let Message::Turn(turn) = &m {
                        let now = (turn.player, turn.state.unwrap_or(0));
                        turns_at_start += usize::from(prev == Some((0, 15)) && now == (0, 100));
                        prev = Some(now);
                    }
                    t.on_message(&m);
                }
            } else if ends_our_turn(&t, &line.text) {
                // Our END_TURN or initial road, as the decision that sent it marks it.
                t.ended_turn = true;
            }
            let _ = t.take_outbox();
        }
        assert!(
            turns_at_start >= 1,
            "the fixture has the phase at our turn start"
        );
        assert!(t.mirror.is_over());
        assert_eq!(t.report.health.forced_end_turns, 0);
    }

    /// A loaded server's reply comes after the reply timeout: the request is waited for (a
    /// late reply, no refusal, nothing banned, no second request) up to the late cap; only
    /// silence past the cap, or a server text with no progress, is a refusal.
    #[test]
    fn a_late_reply_is_waited_for_and_silence_past_the_cap_is_a_refusal() {
        let mut t = task::<Classic>("g", 0, crate::client::versions::ASSUMED);
        t.waiting = Some(t.wait_for(Some(Action::EndTurn)));
        t.on_reply_timeout();
        let w = t.waiting.expect("still waiting after the first timeout");
        assert!(w.late);
        assert!(w.deadline >= w.sent + Duration::from_millis(super::super::LATE_REPLY_CAP_MS));
        assert_eq!(t.report.health.late_replies, 1);
        assert_eq!(t.report.health.rejected_requests, 0);
        assert!(t.banned.is_empty());
        // The cap passes with no reply and another message of the game came meanwhile (the
        // server reads, and said nothing of ours): a refusal, the action banned for the turn.
        t.on_message(&Message::parse("1009|g,1,0,68").unwrap());
        t.on_reply_timeout();
        assert!(t.waiting.is_none());
        assert_eq!(t.report.health.rejected_requests, 1);
        assert_eq!(t.banned, vec![Action::EndTurn]);
        assert_eq!(t.report.health.late_replies, 1);

        // Nothing at all from the server since the request: it is behind, so we wait on past
        // the cap, nothing refused or banned, until the silent-server bound.
        let mut t = task::<Classic>("g", 0, crate::client::versions::ASSUMED);
        t.waiting = Some(t.wait_for(Some(Action::EndTurn)));
        t.on_reply_timeout();
        t.on_reply_timeout();
        let w = t
            .waiting
            .expect("a silent server is waited for past the cap");
        assert!(w.deadline > w.sent + Duration::from_millis(super::super::LATE_REPLY_CAP_MS));
        assert_eq!(t.report.health.rejected_requests, 0);
        assert!(t.banned.is_empty());
        // Its answer comes at last: the wait ends with no refusal.
        t.on_message(&Message::parse("1026|g,1,15").unwrap());
        assert!(t.waiting.is_none());
        assert_eq!(t.report.health.rejected_requests, 0);
        // A server silent past the bound: given up on as before.
        let mut t = task::<Classic>("g", 0, crate::client::versions::ASSUMED);
        let mut w = t.wait_for(Some(Action::EndTurn));
        w.sent = w
            .sent
            .checked_sub(Duration::from_millis(super::super::SILENT_SERVER_CAP_MS))
            .expect("the clock has run longer than the bound");
        t.waiting = Some(w);
        t.on_reply_timeout();
        t.on_reply_timeout();
        assert!(t.waiting.is_none());
        assert_eq!(t.report.health.rejected_requests, 1);
        assert_eq!(t.banned, vec![Action::EndTurn]);

        // A server text meanwhile and no progress: refused at the first timeout, as before.
        let mut t = task::<Classic>("g", 0, crate::client::versions::ASSUMED);
        t.waiting = Some(t.wait_for(Some(Action::EndTurn)));
        t.on_message(&Message::GameServerText(proto::GameServerText {
            game: "g".to_owned(),
            text: "You can't end your turn yet.".to_owned(),
        }));
        t.on_reply_timeout();
        assert!(t.waiting.is_none());
        assert_eq!(t.report.health.rejected_requests, 1);
        assert_eq!(t.report.health.late_replies, 0);
    }

    /// Sends nothing, but waits for `a` as if requested, through the reply timeout and the
    /// cap with the server heard from meanwhile: `a` is given up on and counted rejected.
    fn give_up_at_cap<S: Shape>(t: &mut GameTask<S>, a: Action) {
        t.waiting = Some(t.wait_for(Some(a)));
        t.on_reply_timeout();
        t.waiting.as_mut().expect("waiting on").heard = true;
        t.on_reply_timeout();
    }

    /// A roll given up on at the reply cap (a 2.6.10 server at load 7 answered one of ours 8 s
    /// after it, sea6 shard 5) is counted rejected until its dice come: then late only. A
    /// build given up on whose piece never comes stays rejected when the turn ends; a
    /// decline's echo after the cap counts back like the dice.
    #[test]
    fn a_request_answered_after_the_cap_is_late_not_rejected() {
        let mut t = task::<Classic>("g", 0, crate::client::versions::ASSUMED);
        give_up_at_cap(&mut t, Action::Roll);
        assert!(t.waiting.is_none());
        assert_eq!(t.report.health.rejected_requests, 1);
        assert_eq!(t.report.health.late_replies, 1);
        // Another player's piece is no answer to a roll; the dice are.
        t.on_message(&Message::parse("1009|g,1,0,68").unwrap());
        assert_eq!(t.report.health.rejected_requests, 1);
        t.on_message(&Message::parse("1028|g,8").unwrap());
        assert_eq!(t.report.health.rejected_requests, 0);
        assert_eq!(t.report.health.late_replies, 1);
        // Counted back once only.
        t.on_message(&Message::parse("1028|g,8").unwrap());
        assert_eq!(t.report.health.rejected_requests, 0);
        let city = Action::BuildCity(crate::game::NodeId::new(0));
        give_up_at_cap(&mut t, city);
        assert_eq!(t.report.health.rejected_requests, 1);
        t.on_message(&Message::parse("1026|g,1,15").unwrap());
        t.on_message(&Message::parse("1009|g,0,2,68").unwrap());
        assert_eq!(
            t.report.health.rejected_requests, 1,
            "the wait ended with the turn"
        );
        // A decline's echo (REJECTOFFER of our seat) after the cap.
        give_up_at_cap(&mut t, Action::DeclineOffer);
        assert_eq!(t.report.health.rejected_requests, 2);
        t.on_message(&Message::parse("1037|g,3").unwrap());
        assert_eq!(t.report.health.rejected_requests, 2);
        t.on_message(&Message::parse("1037|g,0").unwrap());
        assert_eq!(t.report.health.rejected_requests, 1);
        // Our offer's echo after the cap (a 2.7 SC_TTD game of the scripted person: the
        // server silent for 7 s in our turn); another seat's offer is no answer.
        let offer = crate::game::Offer::new(
            crate::game::ResourceSet::new(0, 0, 0, 1, 1),
            crate::game::ResourceSet::new(0, 1, 1, 0, 0),
            0b1110,
        )
        .unwrap();
        give_up_at_cap(&mut t, Action::OfferTrade(offer));
        assert_eq!(t.report.health.rejected_requests, 2);
        t.on_message(&Message::parse("1041|g,1,true,false,true,true,0,0,0,1,1,0,1,1,0,0").unwrap());
        assert_eq!(t.report.health.rejected_requests, 2);
        t.on_message(&Message::parse("1041|g,0,false,true,true,true,0,0,0,1,1,0,1,1,0,0").unwrap());
        assert_eq!(t.report.health.rejected_requests, 1);
        // A card bought after the cap (sea6 shard 13): its DEVCARDACTION draw; another seat's
        // draw is no answer.
        give_up_at_cap(&mut t, Action::BuyDevCard);
        assert_eq!(t.report.health.rejected_requests, 2);
        t.on_message(&Message::parse("1046|g,2,0,9").unwrap());
        assert_eq!(t.report.health.rejected_requests, 2);
        t.on_message(&Message::parse("1046|g,0,0,9").unwrap());
        assert_eq!(t.report.health.rejected_requests, 1);
        // A decline whose echo comes after the next TURN (sea6 shard 15): late.
        give_up_at_cap(&mut t, Action::DeclineOffer);
        assert_eq!(t.report.health.rejected_requests, 2);
        t.on_message(&Message::parse("1026|g,1,15").unwrap());
        t.on_message(&Message::parse("1037|g,0").unwrap());
        assert_eq!(t.report.health.rejected_requests, 1);
        // A refusal with no request waited for (our ask for the Special Building Phase is not
        // waited for) counts; one of a request given up on was counted at the cap.
        t.on_message(&Message::parse("1104|g,0,3,0,0,You can't ask to build now.").unwrap());
        assert_eq!(t.report.health.rejected_requests, 2);
        give_up_at_cap(&mut t, Action::BuyDevCard);
        assert_eq!(t.report.health.rejected_requests, 3);
        t.on_message(&Message::parse("1104|g,0,2").unwrap());
        assert_eq!(t.report.health.rejected_requests, 3);
    }

    /// A refused END_TURN leaves the turn ours, so a TURN that follows is a forced end (an
    /// SC_TTD game's fallbacks sent END_TURN 864 times, each refused, and the server forced
    /// 8 of our turns that were counted 0: each END_TURN had marked the turn as ended).
    #[test]
    fn a_refused_end_turn_leaves_the_turn_ours() {
        let mut t = task::<Classic>("g", 0, crate::client::versions::ASSUMED);
        t.ended_turn = true;
        t.waiting = Some(t.wait_for(Some(Action::EndTurn)));
        t.refused("You can't end your turn yet.");
        assert!(!t.ended_turn);
        t.ended_turn = true;
        t.waiting = Some(t.wait_for(Some(Action::BuyDevCard)));
        t.refused("another request");
        assert!(t.ended_turn, "only an END_TURN's refusal");
    }

    /// The server's idle timer ended our turn while our END_TURN waited in its queue (a
    /// loaded 2.6.10 server logged "For robot catanbot: force end turn ... state 20" twice in
    /// a shard whose result lines counted 0): the TURN looks like the one our END_TURN
    /// brings, and our END_TURN is then answered "It's not your turn.". Counted as forced,
    /// once; the same text at other times is not.
    #[test]
    fn an_end_turn_answered_not_your_turn_counts_as_forced() {
        let text = include_str!(
            "../../../tests/fixtures/transcripts/catanbot-2.6.10-6p-special-building-at-own-turn-start-not-forced.log"
        );
        let not_your_turn = Message::GameServerText(proto::GameServerText {
            game: "~botsOnly~4".to_owned(),
            text: "It's not your turn.".to_owned(),
        });
        let mut t = task::<Six>("~botsOnly~4", 0, crate::client::versions::ASSUMED);
        let mut sent_end_turn = false;
        let mut injected = false;
        for (_, line) in parse_lines(text) {
            let line = line.unwrap();
            if line.direction == Direction::FromServer {
                let Ok(m) = Message::parse(&line.text) else {
                    continue;
                };
                let turn = matches!(m, Message::Turn(_));
                if turn && !sent_end_turn && !injected && t.mirror.current() == Some(Seat::new(0)) {
                    // During our own turn, before any END_TURN: not counted.
                    t.on_message(&not_your_turn);
                    assert_eq!(t.report.health.forced_end_turns, 0);
                }
                t.on_message(&m);
                if turn && sent_end_turn && !injected {
                    injected = true;
                    t.on_message(&not_your_turn);
                    assert_eq!(t.report.health.forced_end_turns, 1);
                    t.on_message(&not_your_turn);
                    assert_eq!(t.report.health.forced_end_turns, 1, "counted once");
                }
            } else if ends_our_turn(&t, &line.text) {
                t.ended_turn = true;
                sent_end_turn |= line.text.starts_with("1032|");
            }
            let _ = t.take_outbox();
        }
        assert!(injected, "the fixture has an END_TURN of ours");
        assert!(t.mirror.is_over());
        assert_eq!(t.report.health.forced_end_turns, 1);
    }

    /// A sea-board task of our bot in `seat` of `game` on a 2.6.10 server, fed the server's
    /// lines of the recording `text` through line `last`, its output so far dropped.
    fn sea_task_through(
        text: &str,
        game: &str,
        seat: usize,
        last: usize,
    ) -> GameTask<crate::game::Sea> {
        let mut t = task::<crate::game::Sea>(game, seat, 2610);
        feed(&mut t, text, 1..=last);
        t
    }

    /// Feeds `t` the server's lines of the recording `text` numbered in `lines`, and takes
    /// its output so far.
    fn feed<S: Shape>(
        t: &mut GameTask<S>,
        text: &str,
        lines: std::ops::RangeInclusive<usize>,
    ) -> Vec<Message> {
        for (line_no, line) in parse_lines(text) {
            let line = line.unwrap();
            if line_no > *lines.end() {
                break;
            }
            if lines.contains(&line_no) && line.direction == Direction::FromServer {
                t.on_message(&Message::parse(&line.text).unwrap());
            }
        }
        t.take_outbox()
    }

    /// A real SC_NSHO game on the 2.7 head that the scripted person created (our bot in seat
    /// 1): we ask for a road (line 121); before its answer `robot 4` takes over the person's
    /// seat (SITDOWN, line 122) and the server restates the state (GAMESTATE 20, line 123),
    /// which ended our wait; our road came (line 126), and a decision made meanwhile, on the
    /// view without it, asked for the same road again (line 129), refused. Now that GAMESTATE
    /// answers nothing, and a piece decided before the mirror changed is decided again.
    #[test]
    fn a_takeover_game_state_is_no_answer_and_a_stale_piece_is_decided_again() {
        use crate::game::{Sea, Shape as _};
        let text = include_str!(
            "../../../tests/fixtures/transcripts/catanbot-2.7-scnsho-road-asked-again-after-a-takeover.log"
        );
        let mut t = task::<Sea>("person1619", 1, 2700);
        feed(&mut t, text, 1..=120);
        let road = Action::BuildRoad(Sea::topology().edge_from_server(0xa05).unwrap());
        assert!(t.mirror.view().unwrap().state.is_legal(road));
        let decided_on = t.model_hash();
        assert!(
            !t.stale_piece(decided_on, road),
            "the mirror has not changed"
        );
        t.waiting = Some(t.wait_for(Some(road)));
        feed(&mut t, text, 122..=123);
        assert!(
            t.waiting.is_some(),
            "the takeover's GAMESTATE answered our road"
        );
        feed(&mut t, text, 124..=128);
        assert!(
            t.waiting.is_none(),
            "our road and its GAMESTATE end the wait"
        );
        assert!(!t.mirror.view().unwrap().state.is_legal(road));
        assert!(t.stale_piece(decided_on, road));
        assert_eq!(t.report.health.rejected_requests, 0);
    }

    /// A real 4-player sea game (2.6.10, build d5ca28c, our bot in seat 3, load 12 on 2
    /// cores): seat 2 offers to seat 0 and us (line 421); we decline (line 424), the offer is
    /// withdrawn (line 426), and 6 s later a decision's fallback accepted it (line 433), which
    /// the server refused (REJECTOFFER reason 1, a rejected request). Now answering an offer
    /// moves the decision key, so no decision on it answers again, and a fallback declines.
    #[test]
    fn an_offer_we_answered_is_not_answered_again() {
        let text = include_str!(
            "../../../tests/fixtures/transcripts/catanbot-2.6.10-sea4p-offer-answered-then-late-accept.log"
        );
        let mut t = sea_task_through(text, "~botsOnly~1", 3, 421);
        let (view, started) = t.decision_due().expect("the offer is ours to answer");
        assert_eq!(view.state.phase(), Phase::TradeResponse);
        // The key a decision on this view is made under; the offer not answered yet.
        let key = t.key();
        assert!(t.offer_in.is_some());
        // A fallback declines, even with a decline refused earlier in the turn.
        t.banned.push(Action::DeclineOffer);
        assert_eq!(t.fallback(&view), Action::DeclineOffer);
        t.banned.clear();
        t.send_action(&view, Action::DeclineOffer, started);
        let sent = t.take_outbox();
        assert!(
            sent.iter().any(|m| matches!(m, Message::RejectOffer(_))),
            "{sent:?}"
        );
        // Answered: a decision on that view is stale (its key has moved).
        assert_ne!(t.key(), key);
    }

    /// A real 4-player game (2.6.10, build 8f16fb0, three smart robots, our bot in seat 0):
    /// robot 1 offers seat 3 and us 1 wood for 1 ore (line 618), then trades 3 wood to the
    /// bank (line 623); the server leaves the offer up, and our acceptance, decided on the
    /// view of line 618, came back refused (REJECTOFFER reason 1). Now the offer is declined
    /// as soon as the maker's known wood is gone, and a decision on it is stale.
    #[test]
    fn an_offer_whose_maker_spent_the_cards_is_declined() {
        let text = include_str!(
            "../../../tests/fixtures/transcripts/catanbot-2.6.10-accept-after-the-offer-maker-bank-traded.log"
        );
        let mut t = task::<Classic>("~botsOnly~2", 0, 2610);
        feed(&mut t, text, 1..=618);
        let maker = Seat::new(1);
        assert!(t.mirror().hand(maker).known[Resource::Wood] >= 1);
        let (view, _) = t.decision_due().expect("the offer is ours to answer");
        assert_eq!(view.state.phase(), Phase::TradeResponse);
        let key = t.key();
        // Robot 3's counter-offer to robot 1 and robot 1's refusal leave the offer payable.
        assert!(feed(&mut t, text, 619..=622).is_empty());
        assert!(t.offer_in.is_some());
        assert_eq!(t.key(), key);
        // Robot 1's bank trade of 3 wood.
        let sent = feed(&mut t, text, 623..=623);
        assert_eq!(t.mirror().hand(maker).known[Resource::Wood], 0);
        assert!(t.offer_in.is_none());
        assert_ne!(t.key(), key, "a decision on the offer is stale");
        assert_eq!(
            sent.iter().map(Message::encode).collect::<Vec<_>>(),
            ["1037|~botsOnly~2,0"]
        );
        assert!(t.decision_due().is_none());
        assert_eq!(t.report.health.rejected_requests, 0);
    }

    /// A real SC_TTD game (2.6.10, the scripted person's, build 68569de, our bot in seat 2):
    /// all 15 roads built, no coast in reach, and a Road Building card in hand. That build
    /// played the card before its roll (line 1748); the server took it (it asks only for a
    /// piece in stock) and waited in PLACING_FREE_ROAD1 for a placement that could not come,
    /// and our END_TURNs were refused until it forced the turn. Now the card is not offered
    /// without a spot, and in that state the bot cancels: the server gives the card back
    /// (what `SOCGameMessageHandler.handleCANCELBUILDREQUEST` sends is fed in by hand) and
    /// the turn goes on from the roll.
    #[test]
    fn a_road_building_card_without_a_spot_is_not_played_and_is_cancelled_when_stuck() {
        let text = include_str!(
            "../../../tests/fixtures/transcripts/catanbot-2.6.10-scttd-road-building-without-a-spot.log"
        );
        let g = "person1273";
        let no_card_play = |t: &mut GameTask<crate::game::Sea>| {
            let view = t.view().unwrap();
            assert_eq!(view.state.phase(), Phase::RollOrCard);
            assert!(view.state.dev_cards(view.me).get(DevCard::RoadBuilding) > 0);
            assert!(!view.state.free_road_possible(view.me));
            let mut list = ActionList::new();
            view.state.legal_actions(&mut list);
            assert!(list.contains(Action::Roll));
            assert!(!list.contains(Action::PlayRoadBuilding), "{list:?}");
        };
        let mut t = sea_task_through(text, g, 2, 1747);
        no_card_play(&mut t);
        // Stuck in PLACING_FREE_ROAD1 (the server's state after that build's card play).
        let mut t = sea_task_through(text, g, 2, 1751);
        assert_eq!(t.mirror().server_state(), Some(GameState::PlacingFreeRoad1));
        assert!(t.mirror().free_road_stuck());
        assert!(t.decision_due().is_none());
        let out = t.take_outbox();
        assert_eq!(
            out.iter().map(Message::encode).collect::<Vec<_>>(),
            [format!("1044|{g},0")]
        );
        assert!(t.waiting.is_some());
        for line in [
            format!("1091|{g}\u{1}ourbot cancelled the Road Building card."),
            format!("1046|{g},2,3,1"),
            format!("1024|{g},2,100,19,0"),
            format!("1025|{g},15"),
        ] {
            t.on_message(&Message::parse(&line).unwrap());
        }
        assert!(t.waiting.is_none());
        assert!(!t.mirror().model().has_played_dev_card());
        no_card_play(&mut t);
        let (view, _) = t.decision_due().expect("our roll is due");
        assert_eq!(view.state.phase(), Phase::RollOrCard);
        assert_eq!(t.report.health.fallbacks, 0);
        assert_eq!(t.report.health.rejected_requests, 0);
    }

    /// Before 2.5.00 the server cancels only the second free road: stuck in the first before
    /// the roll (where it refuses END_TURN too, `SOCGame.canEndTurn`) the bot sends nothing;
    /// in the second it cancels.
    #[test]
    fn before_2_5_a_stuck_first_free_road_waits_and_the_second_is_cancelled() {
        let text = include_str!(
            "../../../tests/fixtures/transcripts/catanbot-2.6.10-scttd-road-building-without-a-spot.log"
        );
        let mut t = sea_task_through(text, "person1273", 2, 1751);
        t.mirror.server_version = 2400;
        assert!(t.decision_due().is_none());
        assert!(t.take_outbox().is_empty());
        assert!(t.waiting.is_none());
        t.on_message(&Message::parse("1025|person1273,41").unwrap());
        assert!(t.decision_due().is_none());
        assert_eq!(
            t.take_outbox()
                .iter()
                .map(Message::encode)
                .collect::<Vec<_>>(),
            ["1044|person1273,0"]
        );
    }

    /// Our bot in seat 2 of a real 4-player sea game (2.6.10, data check on): its server
    /// lines up to our first WAITING_FOR_ROBBER_OR_PIRATE (line 259 of the recording).
    fn sea_task_at_robber_or_pirate() -> GameTask<crate::game::Sea> {
        let text = include_str!(
            "../../../tests/fixtures/transcripts/catanbot-2.6.10-sea-4p-ships-pirate-datacheck.log"
        );
        let t = sea_task_through(text, "~botsOnly~4", 2, 259);
        assert_eq!(
            t.mirror().server_state(),
            Some(GameState::WaitingForRobberOrPirate)
        );
        assert_eq!(t.mirror().current(), Some(Seat::new(2)));
        t
    }

    /// In state 54 a pirate move goes out as the choice (CHOOSEPLAYER -3) first; once the
    /// server is in PLACING_PIRATE the move itself follows, the hex negated, without asking
    /// the agent again.
    #[test]
    fn the_pirate_is_chosen_then_moved() {
        let mut t = sea_task_at_robber_or_pirate();
        let view = t.view().unwrap();
        let mut list = ActionList::new();
        view.state.legal_actions(&mut list);
        let pirate = list
            .iter()
            .copied()
            .find(|a| matches!(a, Action::MovePirate(_)))
            .expect("the pirate may move");
        t.send_action(&view, pirate, Instant::now());
        let out = t.take_outbox();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].encode(), "1035|~botsOnly~4,-3");
        t.on_message(&Message::parse("1025|~botsOnly~4,34").unwrap());
        t.decide_without_agent();
        let Action::MovePirate(h) = pirate else {
            unreachable!()
        };
        let hex = crate::game::Sea::topology().hex_to_server(h);
        let out = t.take_outbox();
        assert_eq!(
            out.iter().map(Message::encode).collect::<Vec<_>>(),
            [format!("1034|~botsOnly~4,2,-{hex}")]
        );
    }

    /// In state 54 without a remembered choice (the fallback): the robber is chosen, and in
    /// PLACING_ROBBER only a robber move is sent, never the pirate's.
    #[test]
    fn in_placing_robber_only_the_robber_moves() {
        let mut t = sea_task_at_robber_or_pirate();
        t.decide_without_agent();
        let out = t.take_outbox();
        assert_eq!(
            out.iter().map(Message::encode).collect::<Vec<_>>(),
            ["1035|~botsOnly~4,-2"]
        );
        t.on_message(&Message::parse("1025|~botsOnly~4,33").unwrap());
        t.decide_without_agent();
        let out = t.take_outbox();
        assert_eq!(out.len(), 1);
        let Message::MoveRobber(m) = &out[0] else {
            panic!("{:?}", out[0])
        };
        assert!(m.hex > 0, "{m:?}");
        // In PLACING_PIRATE a robber move is refused by the fallback too.
        let view = t.view().unwrap();
        t.on_message(&Message::parse("1025|~botsOnly~4,34").unwrap());
        assert!(matches!(t.fallback(&view), Action::MovePirate(_)));
    }

    /// The robber-or-pirate choice unanswered past the reply cap (a loaded 2.6.10 server took
    /// over 6 s, sea6 shard 21): sent again it would reach the server in PLACING_ROBBER as a
    /// choice of victim and be refused, so it is waited for, never sent twice nor counted
    /// refused, until the state it leads to comes; then the move follows.
    #[test]
    fn the_robber_or_pirate_choice_is_waited_for_past_the_cap() {
        let mut t = sea_task_at_robber_or_pirate();
        t.decide_without_agent();
        let out = t.take_outbox();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].encode(), "1035|~botsOnly~4,-2");
        for _ in 0..4 {
            t.on_reply_timeout();
            assert!(t.waiting.is_some(), "still waiting for the choice's answer");
            t.decide_without_agent();
            assert!(t.take_outbox().is_empty(), "nothing sent again");
        }
        assert_eq!(t.report.health.rejected_requests, 0);
        assert!(t.banned.is_empty());
        t.on_message(&Message::parse("1025|~botsOnly~4,33").unwrap());
        t.decide_without_agent();
        let out = t.take_outbox();
        assert!(
            matches!(&out[..], [Message::MoveRobber(m)] if m.hex > 0),
            "{out:?}"
        );
        assert_eq!(t.report.health.rejected_requests, 0);
    }

    /// Gold picks: our roll pays a gold hex; the server sets our picks owed
    /// (PLAYERELEMENT NUM_PICK_GOLD_HEX_RESOURCES) and prompts us (SIMPLEREQUEST 1) before
    /// the game state that answers our roll: that prompt is no refusal of the roll. In state
    /// 56 we pick one resource; the prompt again after our pick is its refusal.
    #[test]
    fn a_gold_pick_follows_our_roll() {
        let mut t = sea_task_at_robber_or_pirate();
        for line in ["1025|~botsOnly~4,20", "1026|~botsOnly~4,2,15"] {
            t.on_message(&Message::parse(line).unwrap());
        }
        t.decide_without_agent();
        let out = t.take_outbox();
        assert!(matches!(out[..], [Message::RollDice(_)]), "{out:?}");
        for line in [
            "1028|~botsOnly~4,9",
            "1024|~botsOnly~4,2,100,101,1",
            "1089|~botsOnly~4,2,1,1,0",
            "1025|~botsOnly~4,56",
        ] {
            t.on_message(&Message::parse(line).unwrap());
        }
        assert_eq!(
            t.report.health.rejected_requests, 0,
            "the prompt is no refusal"
        );
        assert_eq!(t.mirror().model().gold_owed(Seat::new(2)), 1);
        t.decide_without_agent();
        let out = t.take_outbox();
        assert_eq!(out.len(), 1);
        let Message::PickResources(p) = &out[0] else {
            panic!("{:?}", out[0])
        };
        assert_eq!(p.resources.0.iter().sum::<i32>(), 1, "{p:?}");
        t.on_message(&Message::parse("1089|~botsOnly~4,2,1,1,0").unwrap());
        assert_eq!(t.report.health.rejected_requests, 1, "asked to pick again");
    }
}
