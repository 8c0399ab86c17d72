//! Move ordering: the transposition table's move, the game's own hint, killer
//! moves and the history heuristic. Good ordering is what makes alpha-beta cut.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::continuation::{Continuations, Lead};
use super::limits::SearchConfig;
use crate::game::{Player, SearchHooks};

/// A small, fast hasher for the history table (moves are a few bytes).
#[derive(Default)]
pub struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        crate::game::zobrist::mix64(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.0 = self.0.rotate_left(8) ^ u64::from(n);
    }
    fn write_u16(&mut self, n: u16) {
        self.0 = self.0.rotate_left(16) ^ u64::from(n);
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = self.0.rotate_left(32) ^ u64::from(n);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = self.0.rotate_left(17) ^ n;
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// What a move is sorted by, most significant first: the table move, the game's
/// priority, killer or counter move (3, 2, 1), history.
struct SortKey {
    table_move: bool,
    priority: i32,
    killer: u8,
    history: i32,
}

impl SortKey {
    /// The key and the move's place in the generator's order as one number, so that
    /// an unstable sort of distinct numbers, greatest first, orders the moves as a
    /// stable sort of the keys would: ties go by the generator's order.
    fn packed(&self, index: usize) -> u128 {
        // Flipping the sign bit maps i32 onto u32 in the same order.
        let priority = u128::from(self.priority as u32 ^ 0x8000_0000);
        let history = u128::from(self.history as u32 ^ 0x8000_0000);
        let place = u32::MAX - u32::try_from(index).unwrap_or(u32::MAX);
        (u128::from(self.table_move) << 104)
            | (priority << 72)
            | (u128::from(self.killer) << 64)
            | (history << 32)
            | u128::from(place)
    }

    /// The game's priority a packed key holds.
    fn priority_of(key: u128) -> i32 {
        (((key >> 72) as u32) ^ 0x8000_0000) as i32
    }
}

/// The priority losing captures are given, below every quiet move's.
const LOSING_CAPTURES: i32 = -1_000_000;

/// The bound of a history score with [`SearchConfig::history_gravity`].
///
/// [`SearchConfig::history_gravity`]: super::SearchConfig::history_gravity
const GRAVITY_LIMIT: i32 = 16_384;

/// The history heuristic's counts per side and move: a flat array indexed by the
/// game's [`Game::move_slot`] where the game numbers its moves, else a hash map.
/// Both give the same counts, so the search visits the same nodes either way.
/// Counts only grow with cutoffs and never fall below zero, unless `gravity`:
/// then each change is scaled down the nearer the score is to its bound in that
/// direction ([`GRAVITY_LIMIT`]), so scores stay within ±the bound, recent
/// results weigh more than old ones, and a move that keeps failing goes below
/// one never tried.
struct History<M> {
    /// Side-major: `side * G::MOVE_SLOTS + slot`; allocated on first use.
    flat: Vec<i32>,
    hashed: HashMap<(Player, M), i32, BuildHasherDefault<MoveHasher>>,
    gravity: bool,
}

impl<M: Copy + Eq + Hash> History<M> {
    fn new(gravity: bool) -> History<M> {
        History {
            flat: Vec::new(),
            hashed: HashMap::default(),
            gravity,
        }
    }

    /// The flat array's index for `m` played by `side`.
    fn flat_index<G: SearchHooks<Move = M>>(side: Player, m: M) -> usize {
        side.index() * G::MOVE_SLOTS + G::move_slot(m)
    }

    fn get<G: SearchHooks<Move = M>>(&self, side: Player, m: M) -> i32 {
        if G::MOVE_SLOTS > 0 {
            let index = Self::flat_index::<G>(side, m);
            self.flat.get(index).copied().unwrap_or(0)
        } else {
            self.hashed.get(&(side, m)).copied().unwrap_or(0)
        }
    }

    /// True when scores of game `G` move under gravity: switched on, and the
    /// game asks for it ([`Game::BOUNDED_HISTORY`]).
    fn gravity<G: SearchHooks<Move = M>>(&self) -> bool {
        self.gravity && G::BOUNDED_HISTORY
    }

    fn add<G: SearchHooks<Move = M>>(&mut self, side: Player, m: M, bonus: i32) {
        let gravity = self.gravity::<G>();
        let entry = self.entry::<G>(side, m);
        *entry = match gravity {
            true => gravitated(*entry, bonus),
            false => entry.saturating_add(bonus),
        };
    }

    fn subtract<G: SearchHooks<Move = M>>(&mut self, side: Player, m: M, malus: i32) {
        if self.gravity::<G>() {
            let entry = self.entry::<G>(side, m);
            *entry = gravitated(*entry, -malus);
            return;
        }
        // Plain counts never fall below zero, so a move never seen keeps no entry.
        let entry = if G::MOVE_SLOTS > 0 {
            self.flat.get_mut(Self::flat_index::<G>(side, m))
        } else {
            self.hashed.get_mut(&(side, m))
        };
        if let Some(entry) = entry {
            *entry = entry.saturating_sub(malus).max(0);
        }
    }

    /// The count of `m` by `side`, created at zero.
    fn entry<G: SearchHooks<Move = M>>(&mut self, side: Player, m: M) -> &mut i32 {
        if G::MOVE_SLOTS > 0 {
            if self.flat.is_empty() {
                self.flat.resize(2 * G::MOVE_SLOTS, 0);
            }
            &mut self.flat[Self::flat_index::<G>(side, m)]
        } else {
            self.hashed.entry((side, m)).or_insert(0)
        }
    }

    /// Halves every count, so that what an earlier search learnt fades.
    fn halve(&mut self) {
        self.flat.iter_mut().for_each(|score| *score /= 2);
        self.hashed.values_mut().for_each(|score| *score /= 2);
        self.hashed.retain(|_, score| *score != 0);
    }

    fn clear(&mut self) {
        self.flat.clear();
        self.hashed.clear();
    }
}

/// Killer, history and counter-move tables, and the sort that uses them.
pub struct MoveOrderer<M> {
    killers: Vec<[Option<M>; 2]>,
    history: History<M>,
    continuations: Continuations<M>,
    /// The moves with their packed sort keys, kept to save an allocation per node.
    scratch: Vec<(u128, M)>,
    use_tt_move: bool,
    use_game: bool,
    use_killers: bool,
    use_history: bool,
    use_exchange: bool,
    use_counters: bool,
    use_continuations: bool,
    quiet_tables: bool,
}

impl<M: Copy + Eq + Hash> MoveOrderer<M> {
    /// An orderer with the helpers the configuration switches on.
    pub fn new(config: &SearchConfig) -> MoveOrderer<M> {
        MoveOrderer {
            killers: Vec::new(),
            history: History::new(config.history_gravity),
            continuations: Continuations::new(),
            scratch: Vec::new(),
            use_tt_move: config.tt_move_first,
            use_game: config.game_ordering,
            use_killers: config.killers,
            use_history: config.history,
            use_exchange: config.see_ordering,
            use_counters: config.counter_moves,
            use_continuations: config.continuation_history,
            quiet_tables: config.quiet_tables,
        }
    }

    /// True when ordering would change anything.
    pub fn active(&self) -> bool {
        self.use_tt_move || self.use_game || self.use_killers || self.use_history
    }

    /// Sorts `moves` best-first: TT move, then the game's priority, then killers
    /// and the counter move to the opponent's last move (`lead`, when known),
    /// then history. Ties keep the generator's order, so searches stay deterministic.
    /// When static exchange ordering judged the moves, returns how many come
    /// before the tactical moves it found losing (those are last), so a caller
    /// that skips losing captures need not judge them again.
    pub fn sort<G: SearchHooks<Move = M>>(
        &mut self,
        game: &G,
        moves: &mut [M],
        tt_move: Option<M>,
        ply: usize,
        lead: &Lead<M>,
    ) -> Option<usize> {
        if !self.active() || moves.len() < 2 {
            return None;
        }
        let side = game.to_move();
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        self.scratch.clear();
        for (index, &m) in moves.iter().enumerate() {
            let key = SortKey {
                table_move: self.use_tt_move && tt_move == Some(m),
                priority: if self.use_game {
                    self.priority(game, m)
                } else {
                    0
                },
                killer: if !self.use_killers {
                    0
                } else if killers[0] == Some(m) {
                    3
                } else if killers[1] == Some(m) {
                    2
                } else {
                    u8::from(self.is_counter::<G>(side, lead.previous, m))
                },
                history: self.history_score(game, lead, m),
            };
            self.scratch.push((key.packed(index), m));
        }
        self.scratch
            .sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
        for (slot, (_, m)) in moves.iter_mut().zip(&self.scratch) {
            *slot = *m;
        }
        // The losing ones are last: count them from the end.
        let losing = |&&(key, _): &&(u128, M)| SortKey::priority_of(key) < LOSING_CAPTURES / 2;
        (self.use_game && self.use_exchange)
            .then(|| moves.len() - self.scratch.iter().rev().take_while(losing).count())
    }

    /// The game's priority for `m`, except that with static exchange on, a tactical
    /// move that loses material goes after every quiet move (least loss first).
    fn priority<G: SearchHooks<Move = M>>(&self, game: &G, m: M) -> i32 {
        let losing = match self.use_exchange && game.is_tactical(m) {
            true => game.exchange_loss(m),
            false => None,
        };
        match losing {
            Some(loss) => LOSING_CAPTURES + loss,
            None => game.move_priority(m),
        }
    }

    /// True when the configuration switches on the same helpers as this orderer,
    /// so a kept orderer can serve a search with it.
    pub fn fits(&self, config: &SearchConfig) -> bool {
        (
            self.use_tt_move,
            self.use_game,
            self.use_killers,
            self.use_history,
            self.use_exchange,
            self.use_counters,
            self.use_continuations,
            self.history.gravity,
            self.quiet_tables,
        ) == (
            config.tt_move_first,
            config.game_ordering,
            config.killers,
            config.history,
            config.see_ordering,
            config.counter_moves,
            config.continuation_history,
            config.history_gravity,
            config.quiet_tables,
        )
    }

    /// Prepares a kept orderer for the next search: killers are counted from the
    /// root, which has moved, so they go; history is halved, so that what the last
    /// search learnt still leads but fades.
    pub fn new_search(&mut self) {
        self.killers.clear();
        self.history.halve();
        self.continuations.halve();
    }

    /// True when `m` is one of the killer moves remembered at `ply`, so the
    /// reductions can spare a move that refuted a sibling line.
    pub fn is_killer(&self, ply: usize, m: M) -> bool {
        self.use_killers
            && self
                .killers
                .get(ply)
                .is_some_and(|slot| slot.contains(&Some(m)))
    }

    /// True when `m` is the counter move to `previous` (with counter moves on).
    pub fn is_counter<G: SearchHooks<Move = M>>(
        &self,
        side: Player,
        previous: Option<M>,
        m: M,
    ) -> bool {
        self.use_counters && self.continuations.is_counter::<G>(side, previous, m)
    }

    /// The history score of a move of the side to move in `game` (0 with history
    /// off): how often and how deep it has cut, plus with continuation history on
    /// how it did after the moves `lead` names, so the ordering and the
    /// reductions can trust it.
    pub fn history_score<G: SearchHooks<Move = M>>(&self, game: &G, lead: &Lead<M>, m: M) -> i32 {
        if !self.use_history {
            return 0;
        }
        let continuation = match self.use_continuations && G::PIECE_MOVE_SLOTS > 0 {
            true => self.continuations.score::<G>(lead, game.piece_move_slot(m)),
            false => 0,
        };
        let history = self.history.get::<G>(game.to_move(), m);
        history.saturating_add(continuation)
    }

    /// True when history scores are bounded ([`SearchConfig::history_gravity`]),
    /// so the reductions read them as a signed judgement.
    ///
    /// [`SearchConfig::history_gravity`]: super::SearchConfig::history_gravity
    pub fn gravity<G: SearchHooks<Move = M>>(&self) -> bool {
        self.history.gravity::<G>()
    }

    /// Forgets killers, history and counter moves (a new game).
    pub fn clear(&mut self) {
        self.killers.clear();
        self.history.clear();
        self.continuations.clear();
    }

    /// Lowers the history of the side to move's quiet moves in `game` that were
    /// tried before a cutoff at `depth` after the moves `lead` names and did not
    /// cause it, by what the cutoff earned.
    pub fn record_failures<G: SearchHooks<Move = M>>(
        &mut self,
        game: &G,
        lead: &Lead<M>,
        failed: impl IntoIterator<Item = M>,
        depth: u32,
    ) {
        if !self.use_history {
            return;
        }
        let side = game.to_move();
        let history_malus = self.history_change::<G>(depth);
        for m in failed {
            self.history.subtract::<G>(side, m, history_malus);
            self.adjust_continuation(game, lead, m, depth, false);
        }
    }

    /// With continuation history on, moves the continuation history of `m` after
    /// the moves `lead` names by what a cutoff at `depth` earns: up when it
    /// `cut`, else down.
    fn adjust_continuation<G: SearchHooks<Move = M>>(
        &mut self,
        game: &G,
        lead: &Lead<M>,
        m: M,
        depth: u32,
        cut: bool,
    ) {
        if !self.use_continuations || G::PIECE_MOVE_SLOTS == 0 {
            return;
        }
        let bonus = history_bonus(depth) as i32;
        let change = if cut { bonus } else { -bonus };
        self.continuations
            .adjust::<G>(lead, game.piece_move_slot(m), change);
    }

    /// Remembers a move of the side to move in `game` that caused a cutoff
    /// `depth` plies above the horizon, after the moves `lead` names; with
    /// `quiet`, also as the counter move and in the continuation history.
    pub fn record_cutoff<G: SearchHooks<Move = M>>(
        &mut self,
        game: &G,
        m: M,
        (ply, depth): (usize, u32),
        lead: &Lead<M>,
        quiet: bool,
    ) {
        let side = game.to_move();
        if quiet {
            if let Some(previous) = lead.previous.filter(|_| self.use_counters) {
                self.continuations.set_counter::<G>(side, previous, m);
            }
            if self.use_history {
                self.adjust_continuation(game, lead, m, depth, true);
            }
        }
        let learns = quiet || !(self.quiet_tables && G::BOUNDED_HISTORY);
        if self.use_killers && learns {
            if self.killers.len() <= ply {
                self.killers.resize(ply + 1, [None, None]);
            }
            let slot = &mut self.killers[ply];
            if slot[0] != Some(m) {
                slot[1] = slot[0];
                slot[0] = Some(m);
            }
        }
        if self.use_history && learns {
            let bonus = self.history_change::<G>(depth);
            self.history.add::<G>(side, m, bonus);
        }
    }

    /// What a cutoff `depth` plies above the horizon moves a history score by.
    fn history_change<G: SearchHooks<Move = M>>(&self, depth: u32) -> i32 {
        match self.history.gravity::<G>() {
            true => gravity_change(depth),
            false => i32::try_from(history_bonus(depth)).unwrap_or(i32::MAX),
        }
    }
}

/// `score` moved by `change` under gravity: the change shrinks in proportion to
/// how near the score already is to the bound it moves toward.
pub(super) fn gravitated(score: i32, change: i32) -> i32 {
    let scaled = score * change.abs() / GRAVITY_LIMIT;
    (score + change - scaled).clamp(-GRAVITY_LIMIT, GRAVITY_LIMIT)
}

/// What a cutoff `depth` plies above the horizon moves a score under gravity by.
fn gravity_change(depth: u32) -> i32 {
    (16 * depth.min(10).pow(2)) as i32
}

/// What a cutoff `depth` plies above the horizon adds to the move's history.
pub fn history_bonus(depth: u32) -> u32 {
    depth.min(60).pow(2).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::chess::Chess;
    use crate::search::Limits;

    #[test]
    fn gravity_keeps_scores_within_their_bound() {
        let mut score = 0;
        for _ in 0..10_000 {
            score = gravitated(score, 1_600);
        }
        assert!(
            (GRAVITY_LIMIT - 16..=GRAVITY_LIMIT).contains(&score),
            "{score}"
        );
        for _ in 0..10_000 {
            score = gravitated(score, -1_600);
        }
        assert!(
            (-GRAVITY_LIMIT..=-GRAVITY_LIMIT + 16).contains(&score),
            "{score}"
        );
    }

    /// The chess start position's moves in the order the orderer gives them after
    /// the first one cut twice and the second failed before a cutoff, with
    /// history gravity on or off, as indexes into the generator's order.
    fn order_after_a_failure(gravity: bool) -> Vec<usize> {
        let (mut orderer, game, generated) = start_position_orderer("gravity", gravity);
        let (first, second) = (generated[0], generated[1]);
        orderer.record_cutoff(&game, first, (5, 4), &Lead::NONE, true);
        orderer.record_cutoff(&game, first, (5, 4), &Lead::NONE, true);
        orderer.record_failures(&game, &Lead::NONE, [second], 4);
        let mut moves = generated.clone();
        orderer.sort(&game, &mut moves, None, 0, &Lead::NONE);
        let place = |m| generated.iter().position(|&g| g == m).unwrap();
        moves.into_iter().map(place).collect()
    }

    /// An engine orderer with the switch `name` set to `on` and the game's own
    /// priorities off (they would come before history), the chess start
    /// position, and its moves in the generator's order.
    fn start_position_orderer(
        name: &str,
        on: bool,
    ) -> (MoveOrderer<cozy_chess::Move>, Chess, Vec<cozy_chess::Move>) {
        let mut config = SearchConfig::engine(Limits::default());
        config.game_ordering = false;
        config.switch(name, on).unwrap();
        let game = Chess::default();
        let mut generated = Vec::new();
        game.legal_moves(&mut generated);
        (MoveOrderer::new(&config), game, generated)
    }

    /// Lead for a position after the piece-move slots `slots`.
    fn lead_after(slots: [usize; 2]) -> Lead<cozy_chess::Move> {
        Lead {
            previous: None,
            slots: slots.map(Some),
        }
    }

    #[test]
    fn continuation_history_orders_by_what_cut_after_the_same_moves() {
        let (mut orderer, game, generated) = start_position_orderer("conthist", true);
        let (first, second) = (generated[3], generated[7]);
        // Two different pairs of earlier moves, as piece-move slots.
        let (after_a, after_b) = (lead_after([100, 200]), lead_after([300, 400]));
        orderer.record_cutoff(&game, first, (5, 4), &after_a, true);
        orderer.record_cutoff(&game, second, (5, 4), &after_b, true);
        let order_after = |lead: &Lead<_>, orderer: &mut MoveOrderer<_>| {
            let mut moves = generated.clone();
            orderer.sort(&game, &mut moves, None, 0, lead);
            moves[..2].to_vec()
        };
        assert_eq!(order_after(&after_a, &mut orderer), [first, second]);
        assert_eq!(order_after(&after_b, &mut orderer), [second, first]);
        // A failure before a cutoff after the same moves puts a move below moves never tried.
        orderer.record_failures(&game, &after_a, [first, first, first], 4);
        let mut moves = generated.clone();
        orderer.sort(&game, &mut moves, None, 0, &after_a);
        assert_eq!(moves.last(), Some(&first));
    }

    #[test]
    fn with_gravity_a_move_that_failed_goes_below_moves_never_tried() {
        // Plain counts stop at zero: the failed move ties with the untried ones.
        let plain = order_after_a_failure(false);
        assert_eq!(plain[..2], [0, 1], "{plain:?}");
        assert_eq!(plain.len(), 20);
        let gravity = order_after_a_failure(true);
        assert_eq!(gravity[0], 0);
        assert_eq!(gravity.last(), Some(&1), "{gravity:?}");
    }
}
