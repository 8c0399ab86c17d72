//! Scores: evaluations in a small range, wins and losses far outside it, encoded so
//! that a quicker win and a slower loss score better.

pub use crate::game::GameValue;

/// A search score from the point of view of the side to move.
pub type Score = i32;

/// The score of a win on the spot; a win `n` plies away scores `WIN - n`.
pub const WIN: Score = 1_000_000;
/// More than any score the search produces, used for open windows.
pub const INFINITY: Score = WIN + 1;
/// The deepest ply a search may reach; mate distances fit below it.
pub const MAX_PLY: u32 = 1000;
/// Evaluations are clamped into `-EVAL_LIMIT..=EVAL_LIMIT` so they never look like wins.
pub const EVAL_LIMIT: Score = WIN - MAX_PLY as Score - 1;

/// The score of a win for the side to move `ply` plies from the root.
pub fn win_in(ply: u32) -> Score {
    WIN - ply as Score
}

/// The score of a loss for the side to move `ply` plies from the root.
pub fn loss_in(ply: u32) -> Score {
    -win_in(ply)
}

/// True for scores that announce a forced win.
pub fn is_win(score: Score) -> bool {
    score > EVAL_LIMIT
}

/// True for scores that announce a forced loss.
pub fn is_loss(score: Score) -> bool {
    score < -EVAL_LIMIT
}

/// Plies to the end of a forced win or loss, if the score is one.
pub fn plies_to_end(score: Score) -> Option<u32> {
    (is_win(score) || is_loss(score)).then(|| (WIN - score.abs()) as u32)
}

/// Converts a score measured from the root into one measured from a node `ply`
/// deep, for storing in the transposition table (wins are stored as "in n from here").
pub fn to_table(score: Score, ply: u32) -> Score {
    if is_win(score) {
        score + ply as Score
    } else if is_loss(score) {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`to_table`].
pub fn from_table(score: Score, ply: u32) -> Score {
    if is_win(score) {
        score - ply as Score
    } else if is_loss(score) {
        score + ply as Score
    } else {
        score
    }
}

/// Keeps an evaluation out of the win/loss range.
pub fn clamp_eval(score: Score) -> Score {
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// A score for people: `+3`, `win in 5`, `loss in 2`.
pub fn describe(score: Score) -> String {
    match plies_to_end(score) {
        Some(n) if score > 0 => format!("win in {n}"),
        Some(n) => format!("loss in {n}"),
        None => format!("{score:+}"),
    }
}
