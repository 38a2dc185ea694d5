//! Constructors for what a robot sends, spelled the way the Java robot client spells them
//! (`SOCRobotClient`, `SOCDisplaylessPlayerClient`; guide §4.2): empty strings where Java sends
//! `\t`, seat 0 where the server fills in the sender, no server-only trailing fields.

use crate::message::{
    AcceptOffer, BankTrade, ClearOffer, Discard, JoinGame, LeaveGame, PickResources, RejectOffer,
    ResourceSet, SitDown, Version,
};

impl Version {
    /// Version number a 2.7 robot announces (formats are chosen per client version).
    pub const ROBOT_VERSION: i32 = 2700;

    /// `9998|2700,2.7.00,BUILD,FEATURES`; `features` like `;6pl;sb;` or empty (sent as `\t`).
    pub fn robot(build: &str, features: &str) -> Self {
        Version {
            version: Self::ROBOT_VERSION,
            version_str: "2.7.00".to_owned(),
            build: build.to_owned(),
            features: features.to_owned(),
            locale: None,
        }
    }
}

impl JoinGame {
    /// `1013|nick,\t,\t,game`: accept an invitation (no password, no host).
    pub fn robot(nickname: &str, game: &str) -> Self {
        JoinGame {
            nickname: nickname.to_owned(),
            password: String::new(),
            host: String::new(),
            game: game.to_owned(),
        }
    }
}

impl SitDown {
    /// `1012|game,\t,seat,true`: take the offered seat.
    pub fn robot(game: &str, seat: i32) -> Self {
        SitDown {
            game: game.to_owned(),
            nickname: String::new(),
            player: seat,
            robot: true,
        }
    }
}

impl LeaveGame {
    /// `1011|nick,-,game`.
    pub fn robot(nickname: &str, game: &str) -> Self {
        LeaveGame {
            nickname: nickname.to_owned(),
            host: "-".to_owned(),
            game: game.to_owned(),
        }
    }
}

impl Discard {
    /// `1033|game,clay,ore,sheep,wheat,wood,0` (no `p` field).
    pub fn robot(game: &str, resources: ResourceSet) -> Self {
        Discard {
            game: game.to_owned(),
            player: None,
            resources,
            unknown: 0,
        }
    }
}

impl PickResources {
    /// `1052|game,clay,ore,sheep,wheat,wood` (Year of Plenty pick).
    pub fn robot(game: &str, resources: ResourceSet) -> Self {
        PickResources {
            game: game.to_owned(),
            resources,
            picked_by: None,
        }
    }
}

impl BankTrade {
    /// `1040|game,give[5],get[5]`.
    pub fn robot(game: &str, give: ResourceSet, get: ResourceSet) -> Self {
        BankTrade {
            game: game.to_owned(),
            give,
            get,
            player: None,
        }
    }
}

impl AcceptOffer {
    /// `1039|game,0,offering`: accept `offering`'s current offer.
    pub fn robot(game: &str, offering: i32) -> Self {
        AcceptOffer {
            game: game.to_owned(),
            accepting: 0,
            offering,
            resources: None,
        }
    }
}

impl RejectOffer {
    /// `1037|game,0`: decline the offers made to us.
    pub fn robot(game: &str) -> Self {
        RejectOffer {
            game: game.to_owned(),
            player: 0,
            reason: None,
        }
    }
}

impl ClearOffer {
    /// `1038|game,0`: withdraw our offer.
    pub fn robot(game: &str) -> Self {
        ClearOffer {
            game: game.to_owned(),
            player: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Message;

    /// Expected texts are lines the Java robot or the probe sent in the recorded transcripts.
    #[test]
    fn robot_requests_match_recorded_lines() {
        let g = "~botsOnly~1";
        let cases: Vec<(Message, &str)> = vec![
            (
                Version::robot("JM20260517", ";6pl;sb;").into(),
                "9998|2700,2.7.00,JM20260517,;6pl;sb;",
            ),
            (
                JoinGame::robot("probe1", g).into(),
                "1013|probe1,\t,\t,~botsOnly~1",
            ),
            (SitDown::robot(g, 3).into(), "1012|~botsOnly~1,\t,3,true"),
            (
                LeaveGame::robot("mybot", g).into(),
                "1011|mybot,-,~botsOnly~1",
            ),
            (
                Discard::robot(g, ResourceSet::EMPTY).into(),
                "1033|~botsOnly~1,0,0,0,0,0,0",
            ),
            (
                PickResources::robot(g, ResourceSet::new(1, 1, 0, 0, 0)).into(),
                "1052|~botsOnly~1,1,1,0,0,0",
            ),
            (
                BankTrade::robot(
                    g,
                    ResourceSet::new(4, 0, 0, 0, 0),
                    ResourceSet::new(0, 0, 1, 0, 0),
                )
                .into(),
                "1040|~botsOnly~1,4,0,0,0,0,0,0,1,0,0",
            ),
            (AcceptOffer::robot(g, 1).into(), "1039|~botsOnly~1,0,1"),
            (RejectOffer::robot(g).into(), "1037|~botsOnly~1,0"),
            (ClearOffer::robot(g).into(), "1038|~botsOnly~1,0"),
        ];
        for (m, text) in cases {
            assert_eq!(m.encode(), text);
            assert_eq!(Message::parse(text).unwrap(), m);
        }
    }
}
