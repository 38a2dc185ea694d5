//! arena (placeholder until its issue lands).
