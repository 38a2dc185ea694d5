//! Resource and development cards: hands as [`Belief`](crate::agent::Belief)s, the viewer's
//! own development cards in the model, opponents' as counts, the deck count; every total the
//! server states checked.

use jsettlers_protocol::codes::{
    DataCheckType, DevCardActionKind as DevAction, ElementAction, PlayerElementType as Element,
};
use jsettlers_protocol::{self as proto, Message, Robbed};
use tracing::debug;

use super::pieces::Stock;
use super::{cards, Mirror};
use crate::agent::Belief;
use crate::client::logsafe::shown;
use crate::client::translate::seat_of;
use crate::game::{DevCard, DevSet, Resource, ResourceSet, Seat, Shape, State};

/// The kind `deck` holds most of (ties to the first kind): the guess for an unseen card.
pub(super) fn likeliest(deck: DevSet) -> Option<DevCard> {
    DevCard::ALL
        .iter()
        .copied()
        .filter(|&c| deck[c] > 0)
        .max_by_key(|&c| deck[c])
}

/// Brings `model`'s deck down to `n` cards, the likeliest kinds first (never up: the deck is
/// an upper bound, the kinds of cards gone unseen being unknown).
fn trim_deck<S: Shape>(model: &mut State<S>, n: i32) {
    while model.deck().total() as i32 > n.max(0) {
        match likeliest(model.deck()) {
            Some(c) => model.remove_from_deck(c),
            None => break,
        };
    }
}

/// Makes `model`'s deck hold a card of kind `card`: if it holds none, a hidden seat's (any
/// but `me`) guessed card of that kind is exchanged for one of the deck's likeliest kind.
/// False if no unseen card can be of that kind.
fn free_in_deck<S: Shape>(model: &mut State<S>, me: Option<Seat>, card: DevCard) -> bool {
    if model.deck()[card] > 0 {
        return true;
    }
    let Some(x) = likeliest(model.deck()) else {
        return false;
    };
    for t in model.seats().filter(|&t| Some(t) != me) {
        for new in [false, true] {
            if model.exchange_dev_card(t, card, x, new) {
                return true;
            }
        }
    }
    false
}

/// A game joined in progress: the cards the viewer did not see go. Knights played before it
/// joined (counted, never seen) leave the unseen cards, then the deck is brought to the
/// server's count `n`.
pub(super) fn settle_unseen<S: Shape>(model: &mut State<S>, me: Option<Seat>, n: i32) {
    let knights: u32 = model
        .seats()
        .map(|s| u32::from(model.knights_played(s)))
        .sum();
    for _ in 0..knights {
        if model.deck().total() as i32 <= n || !free_in_deck(model, me, DevCard::Knight) {
            break;
        }
        model.remove_from_deck(DevCard::Knight);
    }
    trim_deck(model, n);
}

/// A wire resource set (counts within the boundary's range) as an engine set.
fn set_of(set: &proto::ResourceSet) -> ResourceSet {
    ResourceSet(set.0.map(cards))
}

impl<S: Shape> Mirror<S> {
    pub(super) fn on_dice_resources(&mut self, msg: &Message, m: &proto::DiceResultResources) {
        for p in &m.players {
            let Some(s) = seat_of::<S>(p.player) else {
                self.bad(msg, "bad seat");
                continue;
            };
            for &(amount, rtype) in &p.gains {
                match Resource::from_server(rtype) {
                    Some(r) => self.beliefs[s].gain(r, cards(amount)),
                    None => self.beliefs[s].gain_unknown(cards(amount)),
                }
            }
            self.check_total(s, p.new_total, "DICERESULTRESOURCES total");
        }
    }

    pub(super) fn on_discard(&mut self, m: &proto::Discard) {
        let Some(s) = m.player.and_then(seat_of::<S>) else {
            return; // our own outgoing form, or garbage
        };
        let known = set_of(&m.resources);
        for r in Resource::ALL {
            if known[r] > 0 && !self.beliefs[s].lose(r, known[r]) {
                self.mismatch("hand", format_args!("seat {s:?} discarded cards it lacked"));
            }
        }
        if m.unknown > 0 && !self.beliefs[s].lose_unseen(cards(m.unknown)) {
            self.mismatch(
                "hand",
                format_args!("seat {s:?} discarded more than it held"),
            );
        }
        if self.is_me(s) {
            self.discard_request = None;
        }
    }

    /// MAKEOFFER: its maker held what it gives (from 2.5.00 `SOCGameMessageHandler
    /// .handleMAKEOFFER` checks before it announces the offer; before, the maker's word is
    /// taken, as the offer itself always was), so those cards become known ones. The known
    /// part then falls with every card the maker spends or loses, so it tells whether a
    /// standing offer can still be paid.
    pub(super) fn on_offer(&mut self, m: &proto::MakeOffer) {
        let Some(s) = seat_of::<S>(m.from) else {
            return;
        };
        if !self.beliefs[s].reveal(set_of(&m.give)) {
            // Possible only where the server did not check: nothing learned.
            debug!(seat = ?s, "an offer of more cards than the hand holds");
        }
    }

    pub(super) fn on_robbery(&mut self, msg: &Message, m: &proto::RobberyResult) {
        let (Some(perp), Some(victim)) = (seat_of::<S>(m.perpetrator), seat_of::<S>(m.victim))
        else {
            return self.bad(msg, "bad seat");
        };
        let Robbed::Resource { resource, amount } = m.robbed else {
            return self.bad(msg, "not a classic robbery");
        };
        if !m.is_gain_lose {
            return;
        }
        let n = cards(amount);
        match Resource::from_server(resource) {
            Some(r) => {
                if !self.beliefs[victim].lose(r, n) {
                    self.mismatch("hand", format_args!("victim {victim:?} lacked {r:?}"));
                }
                self.beliefs[perp].gain(r, n);
            }
            None => {
                if !self.beliefs[victim].lose_unseen(n) {
                    self.mismatch("hand", format_args!("victim {victim:?} had no cards"));
                }
                self.beliefs[perp].gain_unknown(n);
            }
        }
    }

    pub(super) fn player_element(
        &mut self,
        msg: &Message,
        player: i32,
        action: i32,
        element: i32,
        amount: i32,
        news: bool,
    ) {
        use ElementAction::{Gain, Lose, Set};
        let action = ElementAction::from_wire(action);
        let element = Element::from_wire(element);
        if player == -1 {
            if element == Some(Element::PlayedDevCardFlag) && action == Some(Set) {
                self.model.set_played_dev_card(amount != 0);
            }
            return;
        }
        let Some(s) = seat_of::<S>(player) else {
            return self.bad(msg, "bad seat");
        };
        let Some(element) = element else { return };
        if let Some(r) = element.resource_index().map(Resource::new) {
            self.resource_element(msg, s, r, action, amount, news);
            return;
        }
        match (element, action) {
            (Element::UnknownResource, Some(Set)) => {
                let known = self.beliefs[s].known.total();
                self.beliefs[s].unknown = cards(amount);
                if known > 0 && amount > 0 {
                    debug!(game = %shown(&self.game), "unknown-resource SET with known cards");
                }
            }
            (Element::UnknownResource, Some(Gain)) => self.beliefs[s].gain_unknown(cards(amount)),
            (Element::UnknownResource, Some(Lose)) => {
                let held = self.beliefs[s].lose_unseen(cards(amount));
                if !held {
                    self.mismatch("hand", format_args!("seat {s:?} lost more than it held"));
                }
            }
            (Element::UnknownResource, None) => self.bad(msg, "bad element action"),
            (Element::Roads, Some(Set)) => self.check_stock(s, Stock::Roads, amount),
            (Element::Settlements, Some(Set)) => self.check_stock(s, Stock::Settlements, amount),
            (Element::Cities, Some(Set)) => self.check_stock(s, Stock::Cities, amount),
            (Element::NumKnights, Some(a)) => {
                let k = self.knights(s);
                let v = match a {
                    Set => amount,
                    Gain => k + amount,
                    Lose => k - amount,
                };
                self.set_knights(s, v);
            }
            (Element::ResourceCount, Some(Set)) => self.check_total(s, amount, "RESOURCE_COUNT"),
            (Element::LastSettlementNode, Some(Set)) => {
                let n = S::topology().node_from_server(amount);
                self.model.set_last_settlement(s, n);
            }
            (Element::PlayedDevCardFlag, Some(Set)) => self.model.set_played_dev_card(amount != 0),
            // Sea boards.
            (Element::Ships, Some(Set)) => self.check_stock(s, Stock::Ships, amount),
            (Element::NumPickGoldHexResources, Some(Set)) => {
                self.model.set_gold_owed(s, amount.clamp(0, 255) as u8)
            }
            (Element::ScenarioSvp, Some(Set)) => self.special_vp(s, amount),
            (Element::StartingLandAreas, Some(Set)) => self.model.set_home_areas(s, amount),
            (Element::ScenarioClothCount | Element::ScenarioWarshipCount, _) => {
                self.unmodelled(msg, "a scenario's cloth or warships (PLAYERELEMENT)")
            }
            _ => {}
        }
    }

    /// The server's special victory points of a seat (PLAYERELEMENT SCENARIO_SVP SET, after
    /// the SVPTEXTMSG of the reason: `SOCGameHandler.playerEvent`), checked against the
    /// engine's land-area points; the server wins.
    fn special_vp(&mut self, s: Seat, amount: i32) {
        let ours = i32::from(self.model.special_vp(s));
        let theirs = amount.clamp(0, 255);
        if ours != theirs {
            if !self.joining {
                self.mismatch(
                    "special victory points",
                    format_args!("seat {s:?}: mirror {ours}, server {theirs}"),
                );
            }
            self.model.set_special_vp(s, theirs as u8);
        }
    }

    /// A SET, GAIN or LOSE of one resource type in a seat's hand.
    fn resource_element(
        &mut self,
        msg: &Message,
        s: Seat,
        r: Resource,
        action: Option<ElementAction>,
        amount: i32,
        news: bool,
    ) {
        use ElementAction::{Gain, Lose, Set};
        // Before 2.5, the SETs after a monopoly announcement settle it.
        if action == Some(Set) && self.monopoly.is_some_and(|m| m.resource == r) {
            self.monopoly_set(s, r, amount, news);
            return;
        }
        let n = cards(amount);
        match action {
            Some(Set) if news => {
                // A surprise change (monopoly): the seat now has exactly `amount`.
                self.beliefs[s].known[r] = n;
                self.recount[s] = true;
            }
            Some(Set) => {
                let had = self.beliefs[s].known[r];
                if self.is_me(s) && had != n && self.has_board && !self.joining {
                    self.mismatch(
                        "own hand",
                        format_args!("{r:?}: mirror {had}, server SET {amount}"),
                    );
                }
                self.beliefs[s].known[r] = n;
            }
            Some(Gain) => self.beliefs[s].gain(r, n),
            Some(Lose) => {
                if !self.beliefs[s].lose(r, n) {
                    self.mismatch(
                        "hand",
                        format_args!("seat {s:?} lost {amount} {r:?} it lacked"),
                    );
                }
            }
            None => self.bad(msg, "bad element action"),
        }
    }

    /// A pre-2.5 monopoly's SET of resource `r` for seat `s`: the monopolist's new amount, or a
    /// victim's (news) zero.
    fn monopoly_set(&mut self, s: Seat, r: Resource, amount: i32, news: bool) {
        let Some(mut m) = self.monopoly else {
            return;
        };
        if s == m.by && !news {
            // Exactly `amount` of `r` now, and `taken` cards more than before: any of its
            // unknown cards that were `r` are in `amount` already.
            let total = (self.beliefs[s].total() as i32).saturating_add(m.taken);
            let had = i32::from(self.beliefs[s].known[r]);
            if self.is_me(s) && had.saturating_add(m.taken) != amount {
                self.mismatch(
                    "own hand",
                    format_args!("monopoly: {had} + {} taken, server SET {amount}", m.taken),
                );
            }
            self.beliefs[s].known[r] = cards(amount);
            self.beliefs[s].set_total(cards(total));
        } else {
            let h = &mut self.beliefs[s];
            m.unaccounted = m.unaccounted.saturating_sub(i32::from(h.known[r]));
            h.known[r] = cards(amount);
            m.maybe_unknown[s] = h.unknown > 0;
        }
        self.monopoly = Some(m);
    }

    /// Settles a pre-2.5 monopoly at the game state that ends it: the cards taken that no
    /// victim's known cards account for were among victims' unknown cards.
    pub(super) fn settle_monopoly(&mut self) {
        let Some(m) = self.monopoly.take() else {
            return;
        };
        let mut left = m.unaccounted;
        let from: Vec<Seat> = self.model.seats().filter(|&s| m.maybe_unknown[s]).collect();
        if left < 0 || (left > 0 && from.is_empty()) {
            self.mismatch(
                "hand",
                format_args!(
                    "monopoly took {}, victims' cards account for {}",
                    m.taken,
                    m.taken.saturating_sub(left)
                ),
            );
            return;
        }
        for &s in &from {
            let k = left.min(i32::from(self.beliefs[s].unknown));
            self.beliefs[s].unknown -= cards(k);
            left -= k;
            if from.len() > 1 {
                // Which victim lost how many is not known: its next published total is news.
                self.recount[s] = true;
            }
        }
    }

    /// Compares a published hand size with the mirror's; the server wins.
    pub(super) fn check_total(&mut self, s: Seat, total: i32, source: &str) {
        if std::mem::take(&mut self.recount[s]) || self.joining {
            // A figure the mirror could not know (after a monopoly, or joining): news, not a
            // difference.
            self.beliefs[s].set_total(cards(total));
            return;
        }
        let ours = self.beliefs[s].total() as i32;
        if ours != total {
            self.mismatch(
                "hand size",
                format_args!("seat {s:?}: mirror {ours}, {source} {total}"),
            );
            self.beliefs[s].set_total(cards(total));
        }
    }

    /// `s` gives `give` and receives `get` (bank trade, one side of a player trade).
    pub(super) fn exchange(
        &mut self,
        s: Seat,
        give: &proto::ResourceSet,
        get: &proto::ResourceSet,
    ) {
        let (give, get) = (set_of(give), set_of(get));
        for r in Resource::ALL {
            if give[r] > 0 && !self.beliefs[s].lose(r, give[r]) {
                self.mismatch(
                    "hand",
                    format_args!("seat {s:?} traded away cards it lacked"),
                );
            }
        }
        for r in Resource::ALL {
            self.beliefs[s].gain(r, get[r]);
        }
    }

    /// The server's count of cards left in the deck, checked against the model's deck;
    /// `ahead_of_draw`: before 2.5 a buy's count comes before the DRAW it already counts.
    /// Joining, the count is kept for [`Mirror::end_joining`].
    pub(super) fn set_deck_count(&mut self, n: i32, ahead_of_draw: bool) {
        if self.joining {
            self.joined_deck_count = Some(n);
            return;
        }
        let ours = self.model.deck().total() as i32 - i32::from(ahead_of_draw);
        if ours != n {
            self.mismatch("dev cards left", format_args!("mirror {ours}, server {n}"));
            self.trim_deck(n + i32::from(ahead_of_draw));
        }
    }

    /// Joining ends: what the server stated so far was the game's state; the unseen cards
    /// are brought to it ([`settle_unseen`]).
    pub(super) fn end_joining(&mut self) {
        if !std::mem::take(&mut self.joining) {
            return;
        }
        if let Some(n) = self.joined_deck_count.take() {
            settle_unseen(&mut self.model, self.me, n);
        }
    }

    fn trim_deck(&mut self, n: i32) {
        trim_deck(&mut self.model, n);
    }

    fn free_in_deck(&mut self, card: DevCard) -> bool {
        free_in_deck(&mut self.model, self.me, card)
    }

    /// A hidden seat `s` holds a card of kind `card` (bought this turn if `new`): where its
    /// guessed cards hold none, one of them is exchanged for that kind, from the deck or
    /// from another hidden seat's guesses. False if `s` holds no such card at all.
    fn make_held(&mut self, s: Seat, card: DevCard, new: bool) -> bool {
        let held = if new {
            self.model.new_dev_cards(s)
        } else {
            self.model.dev_cards(s)
        };
        if held[card] > 0 {
            return true;
        }
        let Some(x) = likeliest(held) else {
            return false;
        };
        if self.model.exchange_dev_card(s, x, card, new) {
            return true;
        }
        let me = self.me;
        // Another hidden seat's guesses, or `s`'s own other pile: a card it bought this turn
        // may have been guessed of the kind it now plays from its older cards (late in a game
        // the deck's likeliest kind is whatever few cards are left).
        for t in self.model.seats().filter(|&t| Some(t) != me) {
            for t_new in [false, true] {
                if t == s && t_new == new {
                    continue;
                }
                if self.model.swap_dev_cards((s, x, new), (t, card, t_new)) {
                    return true;
                }
            }
        }
        false
    }

    /// A card comes from the unseen cards into `s`'s hand: of kind `card` if the viewer sees
    /// it, else of the deck's likeliest kind (a guess).
    fn deal(&mut self, s: Seat, card: Option<DevCard>, new: bool, msg: &Message) {
        let c = match card {
            Some(c) if self.free_in_deck(c) => c,
            Some(c) => {
                // No unseen card can be of that kind: the mirror was wrong somewhere. The
                // server wins: the card is held, one card fewer is unseen.
                self.mismatch(
                    "dev cards",
                    format_args!("seat {s:?} got a {c:?} none is left of"),
                );
                self.model.gain_dev_card(s, c, new);
                self.trim_deck(self.model.deck().total() as i32 - 1);
                return;
            }
            None => match likeliest(self.model.deck()) {
                Some(x) => x,
                None => {
                    return self.mismatch(
                        "dev cards",
                        format_args!(
                            "seat {s:?} got a card from an empty deck: {}",
                            shown(&msg.encode())
                        ),
                    )
                }
            },
        };
        // The deck holds a `c` now; `draw_dev_card` deals it as bought this turn.
        self.model.draw_dev_card(s, c);
        if !new {
            self.model.lose_dev_card(s, c, true);
            self.model.gain_dev_card(s, c, false);
        }
    }

    pub(super) fn on_dev_card(&mut self, msg: &Message, m: &proto::DevCardAction) {
        let Some(s) = seat_of::<S>(m.player) else {
            return; // CANNOT_PLAY (pn -1) is a refusal, handled by the session
        };
        let me = self.is_me(s);
        let Some(action) = DevAction::from_wire(m.action) else {
            return self.bad(msg, "unknown dev-card action");
        };
        let over = self.is_over();
        use DevAction::{AddNew, AddOld, Draw, Play, RemoveNew, RemoveOld};
        for &t in &m.card_types {
            let card = DevCard::from_server(t);
            match action {
                Draw if me && card.is_none() => self.bad(msg, "own drawn card of unknown type"),
                Draw => self.deal(s, card, true, msg),
                Play => {
                    let Some(c) = card else {
                        return self.bad(msg, "played card of unknown type");
                    };
                    self.last_played = Some((s, c));
                    self.model.set_played_dev_card(true);
                    self.play_dev(s, c);
                }
                // Hidden VP cards revealed at game over (guide §6.6).
                AddOld if over && card == Some(DevCard::VictoryPoint) && !me => {
                    self.revealed_vp[s] = self.revealed_vp[s].saturating_add(1)
                }
                AddOld if over => {}
                AddOld | AddNew => {
                    let new = action == AddNew;
                    let returned = self
                        .last_played
                        .filter(|&(p, c)| p == s && card.map_or(true, |k| k == c));
                    if let Some((_, c)) = returned {
                        // A card returned to the hand (forced end after playing it, guide
                        // §7.2): back from the played cards.
                        self.last_played = None;
                        self.model.gain_dev_card(s, c, new);
                    } else if me && card.is_none() {
                        if self.joining && !self.sat {
                            // Taking over a seat: before our SITDOWN the join shows its cards
                            // as an observer sees them (type unknown); the real ones come
                            // with our sitting down.
                            debug!(game = %shown(&self.game), "our seat's hidden card before sitting down");
                        } else {
                            self.bad(msg, "own card of unknown type");
                        }
                    } else {
                        self.deal(s, card, new, msg);
                    }
                }
                RemoveOld | RemoveNew => self.dev_lose(s, card, action == RemoveNew, msg),
                DevAction::CannotPlay => {}
            }
        }
    }

    /// `s` loses a card (bought this turn if `new`) out of play.
    fn dev_lose(&mut self, s: Seat, card: Option<DevCard>, new: bool, msg: &Message) {
        let held = if new {
            self.model.new_dev_cards(s)
        } else {
            self.model.dev_cards(s)
        };
        let c = match card {
            Some(c) if self.is_me(s) || self.make_held(s, c, new) => c,
            Some(_) => return,
            None if self.is_me(s) => return self.bad(msg, "own card of unknown type"),
            None => match likeliest(held) {
                Some(c) => c,
                None => return,
            },
        };
        self.model.lose_dev_card(s, c, new);
    }

    /// `s` played `c`: from its cards held since before this turn; the card leaves play.
    fn play_dev(&mut self, s: Seat, c: DevCard) {
        if !self.is_me(s) {
            if self.make_held(s, c, false) {
                self.model.lose_dev_card(s, c, false);
            } else {
                self.mismatch(
                    "dev cards",
                    format_args!("seat {s:?} played a card it had not held"),
                );
                // The card is gone all the same: one card of its kind fewer is unseen.
                if self.free_in_deck(c) {
                    self.model.remove_from_deck(c);
                }
            }
            return;
        }
        if self.model.lose_dev_card(s, c, false) {
            return;
        }
        if self.model.lose_dev_card(s, c, true) {
            self.mismatch("dev cards", format_args!("played a new {c:?}"));
        } else {
            self.mismatch("dev cards", format_args!("played a {c:?} not held"));
        }
    }

    pub(super) fn on_data_check(&mut self, m: &proto::BotGameDataCheck) {
        if m.check_type != DataCheckType::Resources.wire() {
            return;
        }
        self.stats.data_checks += 1;
        for h in &m.hands {
            let Some(s) = seat_of::<S>(h.player) else {
                continue;
            };
            let actual = set_of(&h.resources);
            let belief = self.beliefs[s];
            let ok = if self.is_me(s) {
                belief.known == actual && belief.unknown == 0
            } else {
                belief.total() == actual.total() && actual.contains(belief.known)
            };
            if !ok {
                self.stats.data_check_mismatches += 1;
                self.mismatch(
                    "data check",
                    format_args!(
                        "seat {s:?}: mirror known {:?} + {} unknown, server hand {:?}",
                        belief.known.0, belief.unknown, actual.0
                    ),
                );
                // Correct only what the viewer may know (module doc).
                self.beliefs[s] = if self.is_me(s) {
                    Belief::exact(actual, false)
                } else {
                    Belief {
                        known: ResourceSet::EMPTY,
                        unknown: cards(actual.total() as i32),
                        dev_hidden: true,
                        dev_ages: self.beliefs[s].dev_ages,
                    }
                };
            }
        }
    }
}
