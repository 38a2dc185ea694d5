//! In-process games between agents, no server: seeded, seats rotated. Uses `game` and `agent`;
//! no tokio.

pub mod stats;
