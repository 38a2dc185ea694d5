//! The two awards: longest road (`SOCGame.updateLongestRoad`) and largest army
//! (`SOCGame.updateLargestArmy`), and the road lengths the first is given by. Imports the
//! game vocabulary only.

use super::ids::Seat;
use super::road::{longest_road_on, longest_route_on};
use super::shape::{Part, Shape};
use super::state::State;

impl<S: Shape> State<S> {
    /// Recomputes a seat's longest road length.
    pub(crate) fn update_road_len(&mut self, seat: Seat) {
        let own = self.settlements[seat] | self.cities[seat];
        let blockers = self.occupied - own;
        self.road_len[seat] = match self.fleet.get() {
            Some(f) => longest_route_on::<S>(self.roads[seat], f.ships[seat], own, blockers),
            None => longest_road_on::<S>(self.roads[seat], blockers),
        };
    }

    /// Reassigns the longest-road award from the current lengths (`SOCGame.updateLongestRoad`):
    /// nobody below 5; a unique longest player takes it; on a tie at the top the holder keeps
    /// it if tied, otherwise nobody holds it.
    pub(crate) fn update_longest_road_award(&mut self) {
        let max = *self.road_len.0.iter().max().unwrap();
        if max < 5 {
            self.longest_road = None;
            return;
        }
        let at_max = self.road_len.0.iter().filter(|&&l| l == max).count();
        if at_max == 1 {
            self.longest_road = Some(Seat::new(
                self.road_len.0.iter().position(|&l| l == max).unwrap(),
            ));
        } else if self.longest_road.map_or(true, |h| self.road_len[h] != max) {
            self.longest_road = None;
        }
    }

    /// `SOCGame.updateLargestArmy`: at least 3 knights and more than the holder.
    pub(super) fn update_largest_army(&mut self) {
        let mut size = self.largest_army.map_or(2, |h| self.knights[h]);
        for o in self.seats() {
            if self.knights[o] > size {
                size = self.knights[o];
                self.largest_army = Some(o);
            }
        }
    }
}
