//! Incoming messages: the mirror first, then what they mean for our requests and decisions
//! (replies, refusals, prompts), and what a refusal or a silent server costs.

use super::*;

impl<S: Shape> GameTask<S> {
    // ---- incoming ---------------------------------------------------------------------

    /// Applies one message of this game.
    pub fn on_message(&mut self, msg: &Message) {
        self.record(Direction::FromServer, msg);
        if let Some(w) = self.waiting.as_mut() {
            w.heard = true;
        }
        let prev_current = self.mirror.current();
        let prev_state = self.mirror.server_state();
        self.mirror.apply(msg);
        let me = self.me();
        let g = self.ctx.game.clone();
        self.check_given_up(msg);
        use Message as M;
        let after_sitdown =
            std::mem::replace(&mut self.after_sitdown, matches!(msg, M::SitDown(_)));
        if self.mirror.current() == Some(me) {
            // Our turn or our place in the Special Building Phase: an ask of ours was served.
            self.special_build_pending = false;
        }
        match msg {
            M::GameMembers(_) => {
                self.send(M::SitDown(proto::SitDown::robot(&g, pn(me))));
            }
            // A seat outside the game's (0..4, the classic board's; the mirror skips it too):
            // never echoed, and our face waits for our real seat.
            M::SitDown(m) if seat_of::<S>(m.player).is_none() => {
                warn!(text = %shown(&msg.encode()), "SITDOWN to a seat outside the game skipped");
            }
            // Our own seat confirmed: ask for a robot face, as the stock robots do
            // (SOCRobotClient: CHANGEFACE after its SITDOWN; face 0 = robot.gif, the server
            // takes ids <= 0 from robots only). The mirror took the echo's seat as ours.
            M::SitDown(m) if m.nickname == self.ctx.nickname && !self.face_sent => {
                self.face_sent = true;
                self.send(M::ChangeFace(proto::ChangeFace {
                    game: g,
                    player: pn(me),
                    face: ROBOT_FACE,
                }));
            }
            M::GameState(m) if self.waiting.is_some_and(|w| !w.settling) && !after_sitdown => {
                let w = self.waiting.expect("guarded");
                if w.text_seen && GameState::from_wire(m.state) == w.sent_state {
                    self.refused("GAMESERVERTEXT and no progress");
                } else {
                    self.waiting = None;
                }
            }
            M::Turn(_) => {
                if prev_current == Some(me)
                    && !self.ended_turn
                    && prev_state.is_some_and(|s| {
                        !matches!(s, GameState::New | GameState::Over | GameState::ResetOld)
                    })
                    && self.mirror.current().is_some()
                    // A Special Building Phase the server begins with us at the start of our
                    // own turn (our request crossed the end of the turn before ours,
                    // `SOCGame.advanceTurnToSpecialBuilding`): the turn is not over, only
                    // put off until the phase has gone round.
                    && !(self.mirror.current() == Some(me)
                        && self.mirror.server_state() == Some(GameState::SpecialBuilding))
                {
                    self.report.health.forced_end_turns += 1;
                    warn!(state = ?prev_state, "the server ended our turn");
                }
                self.end_turn_unconfirmed = prev_current == Some(me)
                    && self.ended_turn
                    && self.mirror.current() != Some(me);
                if prev_current == Some(me) {
                    if let Some(t) = self.turn_started.take() {
                        let ms = t.elapsed().as_millis() as u64;
                        info!(ms, turn = self.mirror.turn(), "our turn ended");
                    }
                }
                if self.mirror.current() == Some(me) {
                    self.turn_started = Some(Instant::now());
                }
                self.pacer.on_turn();
                self.held = None;
                self.ended_turn = false;
                self.waiting = None;
                self.banned.clear();
                self.decisions_this_turn = 0;
                self.victims = None;
                self.chosen_robbery = None;
                self.offer_in = None;
                self.offer_out = None;
                self.offers_this_turn = 0;
                // The end of a turn clears every offer.
                self.offer_gone();
            }
            M::PlayerElement(m)
                if seat_of::<S>(m.player) == Some(me)
                    && m.element == proto::codes::PlayerElementType::AskSpecialBuild.wire()
                    && m.action == ElementAction::Set.wire() =>
            {
                self.special_build_pending = m.amount != 0;
            }
            M::DeclinePlayerRequest(m) => {
                let what = format!(
                    "DECLINEPLAYERREQUEST reason {} {}",
                    m.reason,
                    m.text.as_deref().unwrap_or("")
                );
                if self.waiting.is_some() {
                    self.refused(&what);
                } else if self.given_up.take().is_none() {
                    // Sent to us alone: a refusal of a request we did not wait for (the
                    // Special Building Phase's ask, or one sent after a request given up on
                    // at a slow server: sea6 shard 11), counted all the same. One given up
                    // on was counted then.
                    self.report.health.rejected_requests += 1;
                    warn!(what, "request refused, none waited for");
                }
            }
            // Broadcast in START1B/2B when a settlement is taken back; to us alone, a refusal
            // of our request.
            M::CancelBuildRequest(_) if self.waiting.is_some() => {
                self.refused("CANCELBUILDREQUEST")
            }
            M::DevCardAction(m) if m.action == DevCardActionKind::CannotPlay.wire() => {
                self.refused("DEVCARDACTION CANNOT_PLAY")
            }
            M::RejectOffer(m) if m.reason.is_some() => self.on_trade_refusal(m.reason),
            M::RejectOffer(m) => self.on_reject_offer(m.player),
            M::AcceptOffer(m) => self.on_accept_offer(m),
            M::ClearOffer(m) => {
                self.offer_gone();
                self.drop_offer_of(m.player);
            }
            // The reply to an END_TURN of ours that reached the server after it had ended
            // our turn itself (`SOCGameMessageHandler.handleENDTURN`,
            // "base.reply.not.your.turn"; the server's log says "force end turn").
            M::GameServerText(m)
                if self.end_turn_unconfirmed && m.text.starts_with(NOT_YOUR_TURN) =>
            {
                self.end_turn_unconfirmed = false;
                self.report.health.forced_end_turns += 1;
                warn!(
                    text = %shown(&m.text),
                    "the server ended our turn before our END_TURN reached it"
                );
            }
            M::GameServerText(m) => {
                info!(text = %shown(&m.text), "server says");
                if let Some(w) = self.waiting.as_mut() {
                    w.text_seen = true;
                }
            }
            // SIMPLEREQUEST type 1 (PROMPT_PICK_RESOURCES; the same number as SIMPLEACTION's
            // "dev card bought"): after our pick it asks us to pick again, a refusal; on the sea
            // board it also prompts the gold picks, before the game state of the roll or
            // placement that earned them (`SOCGameHandler.sendGameState_sendGoldPickAnnounceText`),
            // which is no refusal of that request.
            M::SimpleRequest(m)
                if m.request_type == SimpleActionType::DevCardBought.wire()
                    && seat_of::<S>(m.player) == Some(me)
                    && self.waiting.is_some_and(|w| {
                        matches!(
                            w.action,
                            Some(Action::PickYearOfPlenty(..) | Action::PickGold(_)) | None
                        )
                    }) =>
            {
                self.refused("SIMPLEREQUEST re-pick");
            }
            // Our ship moved: the server sends no game state after a move that leaves it
            // in PLAY1 (`SOCGameMessageHandler.handleMOVEPIECE`).
            M::MovePiece(m)
                if seat_of::<S>(m.player) == Some(me)
                    && self.waiting.is_some_and(|w| !w.settling) =>
            {
                self.waiting = None
            }
            M::BankTrade(m) if m.player.and_then(seat_of::<S>) == Some(me) => {
                self.report.trades.bank_trades += 1;
                if self.waiting.is_some_and(|w| !w.settling) {
                    self.waiting = None
                }
            }
            M::PlayerElement(m)
                if m.news
                    && m.action == ElementAction::Lose.wire()
                    && seat_of::<S>(m.player) == Some(me)
                    && self.mirror.server_state() == Some(GameState::WaitingForDiscards) =>
            {
                self.report.health.forced_discards += 1;
                warn!("the server discarded for us");
            }
            // Asked again while our discard is pending: it was refused (wrong total).
            M::DiscardRequest(_) if self.waiting.is_some() => self.refused("DISCARDREQUEST again"),
            M::ChoosePlayerRequest(m) => self.victims = Some(m.choices.clone()),
            M::MakeOffer(m) => self.on_offer(m),
            // Over: stay seated (observers keep seeing our seat and final score) until the
            // server deletes the game; only then does the report count towards `--games`.
            M::GameStats(_) if self.mirror.final_scores.is_some() => {
                self.conclude("over");
                info!("game over; staying seated until the server deletes the game");
            }
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
        if !self.done {
            self.check_offer_payable();
        }
    }

    /// A refusal of our last request: count it once, ban the action for this turn.
    pub(super) fn refused(&mut self, what: &str) {
        match self.waiting {
            Some(w) if !w.settling => {
                self.report.health.rejected_requests += 1;
                warn!(action = ?w.action, what, "request refused");
                if w.end_turn {
                    // Our turn goes on: if the server ends it now, that is a forced end.
                    self.ended_turn = false;
                }
                if let Some(a) = w.action {
                    self.banned.push(a);
                }
                self.waiting = Some(Waiting {
                    action: None,
                    deadline: Instant::now() + Duration::from_millis(SETTLE_MS),
                    end_turn: false,
                    settling: true,
                    text_seen: false,
                    ..w
                });
            }
            Some(_) => {}
            None => debug!(what, "refusal signal with no request pending"),
        }
    }

    /// The reply timeout passed. Silence is not a refusal yet: unless a server text came
    /// meanwhile (a refusal's usual first signal), we wait on once, up to
    /// [`LATE_REPLY_CAP_MS`] from the request, and count the reply as late; only silence
    /// past that is taken as a refusal.
    pub(super) fn on_reply_timeout(&mut self) {
        if let Some(w) = self.waiting.as_mut() {
            let cap = w.sent + Duration::from_millis(LATE_REPLY_CAP_MS);
            if !w.settling && !w.late && !w.text_seen && cap > w.deadline {
                w.late = true;
                w.deadline = cap;
                self.report.health.late_replies += 1;
                info!(
                    action = ?w.action,
                    waited_ms = w.sent.elapsed().as_millis() as u64,
                    "no reply yet; the server is slow, waiting on"
                );
                return;
            }
        }
        // The robber-or-pirate choice (CHOOSEPLAYER -2 or -3 in state 54) has one answer, the
        // state it leads to; a choice sent again would reach the server in that state as a
        // choice of victim, and be refused (sea6 shard 21 on 2.6.10, at load 8: the server
        // answered after 6 s, our second "-2" came back "You can't steal from that player.").
        // So we wait on while the server is still in state 54; its own turn timer is the
        // limit.
        if let Some(w) = self.waiting.as_mut() {
            if !w.settling
                && !w.text_seen
                && w.sent_state == Some(GameState::WaitingForRobberOrPirate)
                && self.mirror.server_state() == Some(GameState::WaitingForRobberOrPirate)
            {
                w.deadline = Instant::now() + Duration::from_millis(LATE_REPLY_CAP_MS);
                info!(
                    action = ?w.action,
                    waited_ms = w.sent.elapsed().as_millis() as u64,
                    "no answer yet to the robber-or-pirate choice; waiting on"
                );
                return;
            }
        }
        // Nothing at all from the server since the request: it is behind, not refusing.
        if let Some(w) = self.waiting.as_mut() {
            let silent_cap = w.sent + Duration::from_millis(SILENT_SERVER_CAP_MS);
            let now = Instant::now();
            if !w.settling && !w.heard && now < silent_cap {
                if w.deadline < w.sent + Duration::from_millis(LATE_REPLY_CAP_MS + 1) {
                    warn!(
                        action = ?w.action,
                        waited_ms = w.sent.elapsed().as_millis() as u64,
                        "the server has sent nothing since our request: it is behind; waiting on"
                    );
                }
                w.deadline = silent_cap.min(now + Duration::from_millis(LATE_REPLY_CAP_MS));
                return;
            }
        }
        if let Some(w) = self.waiting.take() {
            if !w.settling {
                self.report.health.rejected_requests += 1;
                warn!(action = ?w.action, "no reply in time; trying something else");
                if let Some(a) = w.action {
                    self.banned.push(a);
                    let turns = u8::from(matches!(a, Action::DeclineOffer | Action::AcceptOffer));
                    self.given_up = Some((a, turns));
                }
            }
        }
    }

    /// A request given up on at the reply cap that the server answers after all (a 2.6.10
    /// server at load 7 answered a roll of ours 8 s after it): late, not refused, so it
    /// leaves the rejected count. Known answers: the dice for a roll, our piece for a
    /// build, our card played for a card play, the next player's TURN for END_TURN, the
    /// broadcast of our answer to an offer (a decline's echo came after the cap in sea6
    /// shard 8); the wait ends with the turn.
    fn check_given_up(&mut self, msg: &Message) {
        let Some((a, turns)) = self.given_up else {
            return;
        };
        let me = pn(self.me());
        use jsettlers_protocol::codes::PieceType as P;
        let built = match a {
            Action::BuildRoad(_) => Some(P::Road),
            Action::BuildSettlement(_) => Some(P::Settlement),
            Action::BuildCity(_) => Some(P::City),
            Action::BuildShip(_) => Some(P::Ship),
            _ => None,
        };
        let answered = match (a, msg) {
            (Action::Roll, Message::DiceResult(_)) => true,
            (Action::EndTurn, Message::Turn(t)) => t.player != me,
            // The server's broadcast of our answer to an offer.
            (Action::DeclineOffer, Message::RejectOffer(r)) => r.player == me && r.reason.is_none(),
            (Action::AcceptOffer, Message::AcceptOffer(o)) => o.accepting == me,
            // The echo of our offer, of our bank trade (2.5.00 on names the trader) and of
            // our ship's move.
            (Action::OfferTrade(_), Message::MakeOffer(o)) => o.from == me,
            (Action::BankTrade { .. }, Message::BankTrade(b)) => b.player == Some(me),
            (Action::MoveShip { .. }, Message::MovePiece(m)) => m.player == me,
            (_, Message::PutPiece(p)) => {
                p.player == me && built.is_some_and(|t| t.wire() == p.piece_type)
            }
            (
                Action::PlayKnight
                | Action::PlayRoadBuilding
                | Action::PlayYearOfPlenty
                | Action::PlayMonopoly,
                Message::DevCardAction(d),
            ) => d.player == me && d.action == DevCardActionKind::Play.wire(),
            (Action::BuyDevCard, Message::DevCardAction(d)) => {
                d.player == me && d.action == DevCardActionKind::Draw.wire()
            }
            _ => false,
        };
        if answered {
            self.given_up = None;
            self.report.health.rejected_requests =
                self.report.health.rejected_requests.saturating_sub(1);
            info!(action = ?a, "the request given up on was answered after all: late, not refused");
        } else if matches!(msg, Message::Turn(_)) {
            self.given_up = turns.checked_sub(1).map(|t| (a, t));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::ClientConfig;
    use crate::game::Seat;

    fn task(seat: usize) -> GameTask {
        let (out, _) = mpsc::channel(16);
        let (reports, _) = mpsc::unbounded_channel();
        let config = ClientConfig::new("mock", "c", "facebot", "random:seed=1".parse().unwrap());
        let ctx = GameContext {
            game: "g".to_owned(),
            seat: Seat::new(seat),
            nickname: "facebot".to_owned(),
            out,
            reports,
            config: Arc::new(config.clone()),
            server_version: crate::client::versions::ASSUMED,
        };
        GameTask::new(ctx, config.make_agent(), None)
    }

    fn faces(t: &mut GameTask) -> Vec<i32> {
        t.take_outbox()
            .into_iter()
            .filter_map(|m| match m {
                Message::ChangeFace(f) => Some(f.player),
                _ => None,
            })
            .collect()
    }

    /// Before: a SITDOWN of our name into seat 7 (or -1) was answered with a CHANGEFACE for
    /// seat 7, and none went to our real seat. After: such seats are skipped; the face goes to
    /// the seat of our real SITDOWN, once.
    #[test]
    fn our_face_goes_to_our_real_seat_only() {
        let mut t = task(3);
        for pn in [7, -1, 4, 1000] {
            t.on_message(&Message::parse(&format!("1012|g,facebot,{pn},true")).unwrap());
        }
        assert_eq!(faces(&mut t), Vec::<i32>::new());
        assert_eq!(t.mirror().me, Some(Seat::new(3)));
        t.on_message(&Message::parse("1012|g,facebot,3,true").unwrap());
        t.on_message(&Message::parse("1012|g,facebot,3,true").unwrap());
        assert_eq!(faces(&mut t), [3]);
    }
}
