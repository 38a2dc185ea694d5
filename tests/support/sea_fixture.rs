//! The sea-board layouts of the recorded 2.6.10 games (tests/fixtures/transcripts/sea/):
//! JOINGAMEAUTH's board height and width, BOARDLAYOUT2's parts and POTENTIALSETTLEMENTS' land
//! areas, as raw integers, and the engine's board of each.
#![allow(dead_code)]

use catan_bot::game::{Board, Layout3, Shape};
use std::collections::BTreeMap;

/// The recorded 4-player sea game.
pub const SEA_4P: &str = "tests/fixtures/transcripts/sea/observer-2.6.10-sea-4p-botsonly-2.log";
/// The recorded 6-player sea game.
pub const SEA_6P: &str = "tests/fixtures/transcripts/sea/observer-2.6.10-sea-6p-botsonly-3.log";

/// One game's layout messages, parsed.
#[derive(Debug, Default)]
pub struct Recorded {
    pub height: i32,
    pub width: i32,
    /// BOARDLAYOUT2 parts: integer parts as one-element vectors, arrays as sent.
    pub parts: BTreeMap<String, Vec<i32>>,
    /// POTENTIALSETTLEMENTS: the land areas LA1.. in order.
    pub areas: Vec<Vec<i32>>,
    /// POTENTIALSETTLEMENTS: NA and PAN.
    pub area_count: i32,
    pub starting_area: i32,
}

fn body(line: &str) -> &str {
    line.split_once('|').map_or("", |(_, b)| b)
}

/// Parses the layout messages of one transcript.
pub fn read(path: &str) -> Recorded {
    let text = std::fs::read_to_string(path).expect("fixture");
    let mut r = Recorded::default();
    for line in text.lines().filter(|l| l.starts_with("< ")) {
        let line = &line[2..];
        if line.starts_with("1021|") {
            let f: Vec<&str> = body(line).split(',').collect();
            r.height = f[1].parse().unwrap();
            r.width = f[2].parse().unwrap();
        } else if line.starts_with("1084|") && line.contains(",LH,") {
            let f: Vec<&str> = body(line).split(',').collect();
            // game, encoding, then key/value pairs; arrays are "[n" then n values.
            let mut i = 2;
            while i < f.len() {
                let key = f[i].to_string();
                let v = f[i + 1];
                if let Some(n) = v.strip_prefix('[') {
                    let n: usize = n.parse().unwrap();
                    let vals = f[i + 2..i + 2 + n]
                        .iter()
                        .map(|x| x.parse().unwrap())
                        .collect();
                    r.parts.insert(key, vals);
                    i += 2 + n;
                } else {
                    r.parts.insert(key, vec![v.parse().unwrap()]);
                    i += 2;
                }
            }
        } else if line.starts_with("1057|") && line.contains(",NA,") {
            let f: Vec<&str> = body(line).split(',').collect();
            let mut i = 2;
            while i < f.len() {
                match f[i] {
                    "NA" => {
                        r.area_count = f[i + 1].parse().unwrap();
                        i += 2;
                    }
                    "PAN" => {
                        r.starting_area = f[i + 1].parse().unwrap();
                        i += 2;
                    }
                    k if k.starts_with("LA") => {
                        r.areas.push(Vec::new());
                        i += 1;
                    }
                    v => {
                        r.areas.last_mut().unwrap().push(v.parse().unwrap());
                        i += 1;
                    }
                }
            }
        }
    }
    r
}

impl Recorded {
    /// The engine's board of this layout.
    pub fn board<S: Shape>(&self) -> Board<S> {
        let areas: Vec<&[i32]> = self.areas.iter().map(|a| a.as_slice()).collect();
        let empty = Vec::new();
        let layout = Layout3 {
            height: self.height,
            width: self.width,
            land_hexes: &self.parts["LH"],
            ports: self.parts.get("PL").unwrap_or(&empty),
            robber: self.parts["RH"][0],
            pirate: self.parts.get("PH").map_or(0, |p| p[0]),
            land_areas: &areas,
            legal_nodes: &[],
            starting_area: self.starting_area,
        };
        Board::from_layout3(&layout).expect("the recorded layout decodes")
    }
}
