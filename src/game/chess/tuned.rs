//! Placeholder until examples/texel.rs writes the tuned weights.

use super::weights::{HANDSET, Weights};

/// The tuned weights.
pub const TUNED: Weights = HANDSET;
