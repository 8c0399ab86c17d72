//! [`Match`]: one game in progress, whatever the game and whoever plays it.
//!
//! A match never blocks: [`Match::tick`] drains what the search thread has sent,
//! plays the computer's move when it is due, runs the clocks and starts the next
//! search. What happened comes out as [`MatchEvent`]s ([`Match::take_events`]), so
//! a view (the arcade's session) or a runner (`ply match`) follows the game
//! without knowing how it is run.

use super::error::PlayError;
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::TryRecvError;
use std::time::{Duration, Instant};

use super::adjudication::{Adjudication, Tally};
use super::clock::Clocks;
use super::setup::{EngineSettings, PlaySetup, Seat};
use crate::game::{Evaluator, GameError, Outcome, Playable, Player};
use crate::search::engine::{self, SharedEngine};
use crate::search::score::Score;
use crate::search::tree::DEFAULT_NODE_CAP;
use crate::search::{
    SearchConfig, SearchEvent, SearchHandle, spawn_engine_search, spawn_exact_solve,
};

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To choose the computer's move.
    Move,
    /// To suggest a move to the human.
    Hint,
}

/// A move already played, as the move list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move in the match's notation.
    pub text: String,
    /// Who played it.
    pub by: Player,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The game's own rules (a line of three, checkmate, a repetition...).
    Rules,
    /// Nobody can move and the rules name no result (a leaf of a synthetic tree).
    NoMoves,
    /// This side's flag fell.
    Time(Player),
    /// This side resigned.
    Resignation(Player),
    /// Both sides agreed to a draw.
    Agreement,
    /// The match's move limit was reached: adjudicated a draw.
    MoveLimit,
    /// Both engines' scores agreed the game was decided ([`Adjudication`]).
    Adjudication,
    /// A loaded record gave the result of a game its position does not end.
    Record,
}

impl EndReason {
    /// True for endings the position does not show and undo does not take back:
    /// time, resignation, agreement.
    pub fn off_the_board(self) -> bool {
        matches!(
            self,
            EndReason::Time(_)
                | EndReason::Resignation(_)
                | EndReason::Agreement
                | EndReason::Record
        )
    }

    /// The reason in a few words, for records: `by the rules`, `on time`.
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Rules => "by the rules",
            EndReason::NoMoves => "no moves left",
            EndReason::Time(_) => "on time",
            EndReason::Resignation(_) => "by resignation",
            EndReason::Agreement => "by agreement",
            EndReason::MoveLimit => "by the move limit",
            EndReason::Adjudication => "by adjudication",
            EndReason::Record => "by the record's result",
        }
    }
}

/// How a game ended: the result (none at a synthetic leaf) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The result, when the rules or the players give one.
    pub outcome: Option<Outcome>,
    /// What ended the game.
    pub reason: EndReason,
}

/// What a command was refused for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game was decided off the board (time, resignation, agreement).
    Decided(EndReason),
    /// The game is over.
    GameOver,
    /// No move has been played.
    NothingToUndo,
    /// Against the computer, no move of a human to take back.
    NoHumanMove,
    /// No move taken back to replay.
    NothingToRedo,
    /// The side to move is the computer.
    NotHumansTurn,
    /// The side to move is a human (a step or "move now" needs the computer).
    NotComputersTurn,
    /// The move is not legal, with the game's reason.
    Illegal(GameError),
}

/// What [`Match::undo`] or [`Match::redo`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakenBack {
    /// How many moves were taken back or replayed.
    pub moves: usize,
    /// True when the computer plays both sides: the match pauses after one move
    /// so that the spectator can look.
    pub paused: bool,
}

/// A search starting: what a view needs to show it and to replay its tree.
pub struct SearchStart<G: Playable> {
    /// A move or a hint.
    pub purpose: Purpose,
    /// The side searched for.
    pub side: Player,
    /// The engine's settings.
    pub settings: EngineSettings,
    /// The position searched.
    pub root: G,
    /// The evaluation it uses.
    pub evaluator: Arc<dyn Evaluator<G>>,
    /// How many moves were played before it.
    pub ply: usize,
}

/// What happened in a match, in order.
pub enum MatchEvent<G: Playable> {
    /// A search started (the previous one, if any, was dropped or finished).
    SearchStarted(SearchStart<G>),
    /// The running search reported; its `Finished` event ends it.
    Search(Purpose, SearchEvent<G::Move>),
    /// The running search was dropped before it finished (undo, new game, a move).
    SearchDropped,
    /// A move was played (by a person, the computer, or a redo).
    MovePlayed {
        /// The side that played it.
        by: Player,
        /// The move.
        mv: G::Move,
    },
    /// Moves were taken back (undo, new game).
    TakenBack,
    /// The engine's suggestion for the human to move.
    Hint {
        /// The move suggested.
        mv: G::Move,
        /// Its score for the side to move.
        score: Score,
    },
    /// The game ended.
    GameOver(Ending),
    /// The search thread ended without its final report (it panicked or was
    /// killed): a move search leaves the match paused rather than trying again
    /// for ever.
    SearchFailed(Purpose),
}

/// A computer player: its settings, its evaluation, and its engine's memory.
struct Computer<G: Playable> {
    settings: EngineSettings,
    evaluator: Arc<dyn Evaluator<G>>,
    engine: SharedEngine<G>,
}

impl<G: Playable> Computer<G> {
    fn new(settings: &EngineSettings) -> Result<Computer<G>, PlayError> {
        settings.check()?;
        Ok(Computer {
            settings: settings.clone(),
            evaluator: G::evaluator_named(&settings.eval)?.evaluator,
            engine: crate::search::shared_engine(),
        })
    }
}

/// A search running on its thread, and why.
struct Thinking<M> {
    handle: SearchHandle<M>,
    purpose: Purpose,
    started: Instant,
}

/// A game being played: see the module's notes.
pub struct Match<G: Playable> {
    start: G,
    game: G,
    history: Vec<G::Move>,
    played: Vec<PlayedMove>,
    redo: Vec<G::Move>,
    seats: [Seat; 2],
    computers: [Option<Computer<G>>; 2],
    hinter: Computer<G>,
    clocks: Option<Clocks>,
    thinking: Option<Thinking<G::Move>>,
    /// Events the search sent that [`Match::wait`] took off the channel early.
    waiting: VecDeque<SearchEvent<G::Move>>,
    /// The computer's chosen move and when it may be played.
    ready: Option<(G::Move, Instant)>,
    hint: Option<G::Move>,
    paused: bool,
    /// Computer moves allowed while paused (single steps).
    steps: u32,
    move_delay: Duration,
    /// Set by "move now": the search's move is played as soon as it comes.
    hurry: bool,
    record_tree: bool,
    /// The best lines each search reports (`SearchConfig::multi_pv`), for the panel.
    lines: usize,
    /// An ending the board does not show: resignation, agreement, move limit.
    decided: Option<Ending>,
    /// The record's own words for an [`EndReason::Record`] ending (its
    /// `Termination` tag), when it has some.
    recorded_words: Option<String>,
    move_limit: Option<usize>,
    /// When `ply match` ends a game early, and each side's scores so far.
    adjudication: Adjudication,
    tally: Tally,
    /// The side whose draw offer stands.
    draw_offer: Option<Player>,
    /// Each computer's last score for its own side, to answer draw offers.
    last_score: [Option<Score>; 2],
    notation: fn(&G, G::Move) -> String,
    events: Vec<MatchEvent<G>>,
    /// The test hook: the next search's thread dies (see [`Match::fail_next_search`]).
    fail_next: bool,
    /// A Monte Carlo computer gives up a lost game ([`Match::let_computer_resign`]).
    computer_resigns: bool,
    /// Each side's hopeless searches in a row, for the resignation rule.
    hopeless_searches: [u32; 2],
}

/// An evaluation that panics: how the test hook kills a search thread the way a
/// bug would, without its final report.
struct Sabotage;

impl<G: Playable> Evaluator<G> for Sabotage {
    fn evaluate(&self, _: &G) -> i32 {
        panic!("the search thread was killed on purpose (Match::fail_next_search)")
    }
}

impl<G: Playable> Match<G> {
    /// A match for a setup, its moves written in the game's notation.
    pub fn new(setup: &PlaySetup) -> Result<Match<G>, PlayError> {
        Match::with_notation(setup, G::format_move)
    }

    /// A match for a setup, checking everything on the way (game, options,
    /// position, moves, engines); `notation` writes the move list (the arcade
    /// writes xiangqi in WXF).
    pub fn with_notation(
        setup: &PlaySetup,
        notation: fn(&G, G::Move) -> String,
    ) -> Result<Match<G>, PlayError> {
        let position = setup.position.as_deref();
        // The rules' own setup reports bad options, positions and moves best.
        G::setup(&setup.options, position, setup.moves.as_deref())?;
        let start = G::setup(&setup.options, position, None)?;
        let seats = setup.seats();
        let computer = |seat: &Seat| seat.engine().map(Computer::new).transpose();
        let computers = [computer(&seats[0])?, computer(&seats[1])?];
        let hint_settings = seats
            .iter()
            .find_map(Seat::engine)
            .cloned()
            .unwrap_or_default();
        let mut game = Match {
            game: start.clone(),
            start,
            history: Vec::new(),
            played: Vec::new(),
            redo: Vec::new(),
            seats,
            computers,
            hinter: Computer::new(&hint_settings)?,
            clocks: None,
            thinking: None,
            waiting: VecDeque::new(),
            ready: None,
            hint: None,
            paused: false,
            steps: 0,
            move_delay: Duration::ZERO,
            hurry: false,
            record_tree: setup.record_tree,
            lines: 1,
            decided: None,
            recorded_words: None,
            move_limit: None,
            adjudication: Adjudication::default(),
            tally: Tally::default(),
            draw_offer: None,
            last_score: [None; 2],
            notation,
            events: Vec::new(),
            fail_next: false,
            computer_resigns: false,
            hopeless_searches: [0; 2],
        };
        let words = setup.moves.as_deref().unwrap_or("");
        for word in game.game.split_moves(words) {
            let m = game.game.parse_move(word)?;
            game.apply(m);
        }
        if let Some(result) = setup.result.as_ref().filter(|_| game.ending().is_none()) {
            let (ending, words) = result.ending();
            game.decided = Some(ending);
            game.recorded_words = words;
        }
        game.events.clear();
        // Set after the moves given with the setup, which took no time.
        game.clocks = setup.clock.map(Clocks::new);
        Ok(game)
    }

    /// The position the moves of [`Match::history`] start from (a saved game
    /// keeps it, with the moves).
    pub fn start(&self) -> &G {
        &self.start
    }

    /// Leaves `stopped` out of the clock of the side to move: the process was
    /// suspended that long (Ctrl-Z in the arcade).
    pub fn discount_stopped(&mut self, stopped: Duration) {
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.discount(stopped);
        }
    }

    /// Sets each side's time left, for a saved game going on where it stopped.
    pub fn resume_clocks(&mut self, left: [Duration; 2]) {
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.set_left(left);
        }
    }

    /// Writes the move list with `notation` from now on, the moves already played
    /// included (the arcade's switch between WXF and ICCS).
    pub fn set_notation(&mut self, notation: fn(&G, G::Move) -> String) {
        self.notation = notation;
        let texts = super::notation::format_line_with(&self.start, &self.history, notation);
        for (played, text) in self.played.iter_mut().zip(texts) {
            played.text = text;
        }
    }

    /// The position now.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The moves played so far, oldest first.
    pub fn history(&self) -> &[G::Move] {
        &self.history
    }

    /// The moves played so far as the move list writes them.
    pub fn played(&self) -> &[PlayedMove] {
        &self.played
    }

    /// How many moves [`Match::redo`] can replay.
    pub fn redo_count(&self) -> usize {
        self.redo.len()
    }

    /// Who plays a side.
    pub fn seat(&self, player: Player) -> &Seat {
        &self.seats[player.index()]
    }

    /// The clocks, when the game is played with them.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The engine's suggestion for the human to move, until a move is played.
    pub fn hint(&self) -> Option<G::Move> {
        self.hint
    }

    /// True while the computer is held.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// The search running, if any, by purpose.
    pub fn thinking(&self) -> Option<Purpose> {
        self.thinking.as_ref().map(|t| t.purpose)
    }

    /// The least time between the start of a computer's search and its move
    /// (the arcade's spectating speed; zero by default).
    pub fn move_delay(&self) -> Duration {
        self.move_delay
    }

    /// Sets [`Match::move_delay`] for the next computer moves.
    pub fn set_move_delay(&mut self, delay: Duration) {
        self.move_delay = delay;
    }

    /// The best lines the searches from now on report (at least 1): the
    /// arcade's panel shows them; the computer's move stays line 1's.
    pub fn set_lines(&mut self, lines: usize) {
        self.lines = lines.max(1);
    }

    /// Ends the game as a draw once this many moves are played (`ply match`'s
    /// adjudication, so two engines cannot shuffle for ever).
    pub fn set_move_limit(&mut self, plies: Option<usize>) {
        self.move_limit = plies;
    }

    /// Ends the game early once both engines' scores agree it is decided
    /// (`ply match --resign`, `--draw`); off by default.
    pub fn set_adjudication(&mut self, adjudication: Adjudication) {
        self.adjudication = adjudication;
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        if let Some(ending) = self.decided {
            return Some(ending);
        }
        if let Some(loser) = self.clocks.as_ref().and_then(Clocks::flagged) {
            return Some(Ending {
                outcome: Some(Outcome::Win(loser.other())),
                reason: EndReason::Time(loser),
            });
        }
        if let Some(outcome) = self.game.outcome() {
            return Some(Ending {
                outcome: Some(outcome),
                reason: EndReason::Rules,
            });
        }
        self.game.moves().is_empty().then_some(Ending {
            outcome: None,
            reason: EndReason::NoMoves,
        })
    }

    /// How the game ended in words that follow the result: the game's own
    /// (`by checkmate`, Kalah's final score), else the match's (`on time`,
    /// `by resignation`); `None` while it goes on.
    pub fn end_words(&self) -> Option<String> {
        let ending = self.ending()?;
        let game_words = match ending.reason {
            EndReason::Rules => self.game.end_reason(),
            EndReason::Record => self.recorded_words.clone(),
            _ => None,
        };
        Some(game_words.unwrap_or_else(|| ending.reason.describe().to_string()))
    }

    /// The result, if the game has one.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending().and_then(|e| e.outcome)
    }

    /// True when the game is over, for whatever reason.
    pub fn is_over(&self) -> bool {
        self.ending().is_some()
    }

    /// True when a human is to move in a game that is not over.
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && self.seat(self.game.to_move()) == &Seat::Human
    }

    /// True when the computer is to move in a game that is not over.
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && self.computers[self.game.to_move().index()].is_some()
    }

    /// The events since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<MatchEvent<G>> {
        std::mem::take(&mut self.events)
    }

    /// Plays a human's move, legal by the rules (as the game's parser and the
    /// boards give them; a game's move generator may offer the search fewer, as
    /// gomoku's does): it replaces whatever redo had in store.
    pub fn play(&mut self, m: G::Move) -> Result<(), Refusal> {
        if let Some(ending) = self.ending() {
            return Err(refusal_after(ending));
        }
        if !self.human_to_move() {
            return Err(Refusal::NotHumansTurn);
        }
        self.stop_thinking();
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.apply(m);
        Ok(())
    }

    /// Plays a human's move written in the game's notation.
    pub fn play_text(&mut self, text: &str) -> Result<(), Refusal> {
        if !self.human_to_move() {
            return Err(self.ending().map_or(Refusal::NotHumansTurn, refusal_after));
        }
        let m = self.game.parse_move(text).map_err(Refusal::Illegal)?;
        self.play(m)
    }

    /// Takes back the last move; against the computer, back to before the last
    /// human move (with the computer's replies). With the computer on both sides,
    /// one move, and the match pauses.
    pub fn undo(&mut self) -> Result<TakenBack, Refusal> {
        if let Some(ending) = self.decided_off_the_board() {
            return Err(Refusal::Decided(ending.reason));
        }
        self.stop_thinking();
        if self.history.is_empty() {
            return Err(Refusal::NothingToUndo);
        }
        let target = if self.has_human() {
            let seats = &self.seats;
            self.played
                .iter()
                .rposition(|p| seats[p.by.index()] == Seat::Human)
                .ok_or(Refusal::NoHumanMove)?
        } else {
            self.paused = true;
            self.history.len() - 1
        };
        let moves = self.history.len() - target;
        while self.history.len() > target {
            self.take_back();
        }
        self.decided = None;
        self.events.push(MatchEvent::TakenBack);
        Ok(TakenBack {
            moves,
            paused: !self.has_human(),
        })
    }

    /// Replays a move taken back, and the computer's replies after a human's.
    pub fn redo(&mut self) -> Result<TakenBack, Refusal> {
        if let Some(ending) = self.decided_off_the_board() {
            return Err(Refusal::Decided(ending.reason));
        }
        self.stop_thinking();
        let Some(m) = self.redo.pop() else {
            return Err(Refusal::NothingToRedo);
        };
        self.apply(m);
        let mut moves = 1;
        if !self.has_human() {
            self.paused = true;
        } else {
            while self.computer_to_move() {
                let Some(reply) = self.redo.pop() else { break };
                self.apply(reply);
                moves += 1;
            }
        }
        Ok(TakenBack {
            moves,
            paused: !self.has_human(),
        })
    }

    /// Back to the start position with full clocks; the engines forget the last game.
    pub fn restart(&mut self) {
        self.stop_thinking();
        self.game = self.start.clone();
        self.history.clear();
        self.played.clear();
        self.redo.clear();
        self.hint = None;
        self.paused = false;
        self.steps = 0;
        self.decided = None;
        self.draw_offer = None;
        self.last_score = [None; 2];
        self.tally = Tally::default();
        self.clocks = self.clocks.as_ref().map(|c| Clocks::new(c.control()));
        let computers = self.computers.iter().flatten().chain([&self.hinter]);
        for computer in computers {
            engine::lock(&computer.engine).new_game();
        }
        self.events.push(MatchEvent::TakenBack);
    }

    /// Asks the engine for a move for the human to move; the answer comes as a
    /// [`MatchEvent::Hint`].
    pub fn ask_hint(&mut self, now: Instant) -> Result<(), Refusal> {
        if !self.human_to_move() {
            return Err(Refusal::NotHumansTurn);
        }
        if self.thinking.is_none() {
            self.start_search(Purpose::Hint, now);
        }
        Ok(())
    }

    /// Pauses or resumes the computer; true when now paused. Pausing stops the
    /// computer's search, so that it does not go on using a core (and its clock's
    /// time) behind the pause; resuming starts it again, its table remembering
    /// what it had found. A hint search goes on: it is for the human.
    pub fn toggle_pause(&mut self) -> bool {
        self.paused = !self.paused;
        self.steps = 0;
        if self.paused && self.thinking() == Some(Purpose::Move) {
            self.stop_thinking();
        }
        self.paused
    }

    /// Lets the computer make exactly one move, then pauses.
    pub fn step(&mut self) -> Result<(), Refusal> {
        if !self.computer_to_move() {
            return Err(Refusal::NotComputersTurn);
        }
        self.paused = true;
        self.steps = 1;
        Ok(())
    }

    /// Makes the computer play now: its search stops and its best move so far
    /// is played as soon as it comes, without the spectating delay. With no
    /// search under way (paused), one is let through and stopped at its first
    /// finished iteration.
    pub fn move_now(&mut self) -> Result<(), Refusal> {
        if !self.computer_to_move() {
            return Err(Refusal::NotComputersTurn);
        }
        self.hurry = true;
        if self.paused {
            // Held: one move is let through, and played the moment it is found.
            self.steps = self.steps.max(1);
        }
        if let Some(thinking) = self.thinking.as_ref() {
            thinking.handle.stop();
        }
        if let Some((_, due)) = self.ready.as_mut() {
            *due = Instant::now();
        }
        Ok(())
    }

    /// Makes the next search's thread panic at its first evaluation, so that tests
    /// can check what a dead search thread does to the match (see
    /// [`MatchEvent::SearchFailed`]).
    #[doc(hidden)]
    pub fn fail_next_search(&mut self) {
        self.fail_next = true;
    }

    /// `player` gives the game up.
    pub fn resign(&mut self, player: Player) -> Result<(), Refusal> {
        if let Some(ending) = self.ending() {
            return Err(refusal_after(ending));
        }
        self.decide(Ending {
            outcome: Some(Outcome::Win(player.other())),
            reason: EndReason::Resignation(player),
        });
        Ok(())
    }

    /// Lets a computer that plays by Monte Carlo search resign when its search
    /// finds the game lost ([`crate::play::resign::ResignRule`], the rule of
    /// `ply gtp`): the arcade asks for it in Go, where playing a lost game out is
    /// long. Off by default, so that `ply match` games are played to the end.
    pub fn let_computer_resign(&mut self, on: bool) {
        self.computer_resigns = on;
    }

    /// True when the computer to move gives up after its search's `result`
    /// (its hopeless searches in a row are counted here).
    fn resigns_after(&mut self, result: &crate::search::SearchResult<G::Move>) -> bool {
        let side = self.game.to_move().index();
        let mover = self.computers[side].as_ref();
        self.computer_resigns
            && mover.is_some_and(|c| c.settings.algorithm == crate::search::Algorithm::Mcts)
            && super::resign::ResignRule::default().tally(result, &mut self.hopeless_searches[side])
    }

    /// `player` offers a draw. A computer opponent accepts when its last search
    /// judged its own side no better than even; a human one answers with
    /// [`Match::offer_draw`] in turn. True when the game ended drawn.
    pub fn offer_draw(&mut self, player: Player) -> Result<bool, Refusal> {
        if let Some(ending) = self.ending() {
            return Err(refusal_after(ending));
        }
        let opponent = player.other();
        let accepted = match &self.computers[opponent.index()] {
            Some(_) => self.last_score[opponent.index()].is_some_and(|s| s <= 0),
            None => self.draw_offer == Some(opponent),
        };
        if accepted {
            self.decide(Ending {
                outcome: Some(Outcome::Draw),
                reason: EndReason::Agreement,
            });
        } else {
            self.draw_offer = Some(player);
        }
        Ok(accepted)
    }

    /// Drains the search's events, plays a due computer move, starts a search when
    /// the computer is to move, and runs the clocks. Never blocks.
    pub fn tick(&mut self, now: Instant) {
        self.run_clocks(now);
        self.drain_search(now);
        if let Some((m, due)) = self.ready
            && now >= due
            && self.may_advance()
        {
            self.ready = None;
            self.steps = self.steps.saturating_sub(1);
            self.redo.clear();
            self.apply(m);
        }
        let idle = self.thinking.is_none() && self.ready.is_none();
        if idle && self.computer_to_move() && self.may_advance() {
            self.start_search(Purpose::Move, now);
        }
        // The clock of whoever is to move now runs from this tick on.
        self.run_clocks(now);
    }

    /// Blocks until the search has news or a computer move falls due, at most
    /// `timeout`: what a headless runner calls between ticks. A search thread
    /// that died returns at once; the next tick notices it.
    pub fn wait(&mut self, timeout: Duration) {
        if let Some(thinking) = self.thinking.as_ref() {
            if let Ok(event) = thinking.handle.events.recv_timeout(timeout) {
                self.waiting.push_back(event);
            }
        } else if let Some((_, due)) = self.ready {
            let left = due.saturating_duration_since(Instant::now());
            std::thread::sleep(left.min(timeout));
        }
    }

    /// Plays on until the game is over: for engine-against-engine games.
    pub fn run_to_end(&mut self, mut on_event: impl FnMut(&Match<G>, MatchEvent<G>)) {
        const POLL: Duration = Duration::from_millis(50);
        loop {
            self.tick(Instant::now());
            for event in self.take_events() {
                on_event(self, event);
            }
            if self.is_over() || !self.computer_to_move() || !self.may_advance() {
                return;
            }
            self.wait(POLL);
        }
    }

    /// Plays a move and records it; the redo list is the caller's business.
    fn apply(&mut self, m: G::Move) {
        let text = (self.notation)(&self.game, m);
        let by = self.game.to_move();
        self.game.play(m);
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.moved(by);
        }
        self.played.push(PlayedMove { text, by });
        self.history.push(m);
        self.hint = None;
        self.hurry = false;
        if self.draw_offer == Some(by.other()) {
            self.draw_offer = None;
        }
        self.events.push(MatchEvent::MovePlayed { by, mv: m });
        if self
            .move_limit
            .is_some_and(|limit| self.history.len() >= limit)
            && self.game.outcome().is_none()
        {
            self.decided = Some(Ending {
                outcome: Some(Outcome::Draw),
                reason: EndReason::MoveLimit,
            });
        }
        let verdict = self.adjudication.verdict(&self.tally, self.history.len());
        if let Some(outcome) = verdict.filter(|_| self.ending().is_none()) {
            self.decided = Some(Ending {
                outcome: Some(outcome),
                reason: EndReason::Adjudication,
            });
        }
        if let Some(ending) = self.ending() {
            self.events.push(MatchEvent::GameOver(ending));
        }
    }

    fn take_back(&mut self) {
        // Adjudication counts moves in a row: a take-back starts the runs again.
        self.tally = Tally::default();
        if let Some(m) = self.history.pop() {
            self.played.pop();
            self.game.undo();
            self.redo.push(m);
            self.hint = None;
        }
    }

    /// Ends the game off the board.
    fn decide(&mut self, ending: Ending) {
        self.stop_thinking();
        self.decided = Some(ending);
        self.events.push(MatchEvent::GameOver(ending));
    }

    /// An ending that taking moves back does not undo.
    fn decided_off_the_board(&self) -> Option<Ending> {
        self.ending().filter(|e| e.reason.off_the_board())
    }

    fn has_human(&self) -> bool {
        self.seats.contains(&Seat::Human)
    }

    /// True when `side`'s clock may run: always for the computer, and for a human
    /// from their first move on, so that nobody loses time finding the keys (the
    /// rule online chess servers follow).
    fn clock_started(&self, side: Player) -> bool {
        self.seat(side) != &Seat::Human || self.played.iter().any(|p| p.by == side)
    }

    /// True when the computer may act: running, or paused with a step granted.
    fn may_advance(&self) -> bool {
        !self.paused || self.steps > 0
    }

    /// Drops the running search (which stops its thread) and any move it chose.
    fn stop_thinking(&mut self) {
        self.ready = None;
        self.hurry = false;
        self.waiting.clear();
        if self.thinking.take().is_some() {
            self.events.push(MatchEvent::SearchDropped);
        }
    }

    /// The settings a search by `computer` runs with: with clocks, a move's time
    /// is the budget the mover's clock gives (to the millisecond), not the time
    /// per move, so that what the panel says is what the search gets.
    fn settings_for(&self, computer: &Computer<G>, purpose: Purpose) -> EngineSettings {
        let mut settings = computer.settings.clone();
        if let (Purpose::Move, Some(clocks)) = (purpose, self.clocks.as_ref()) {
            let budget = clocks.move_budget(self.game.to_move());
            settings.time = Some(Duration::from_millis(budget.as_millis() as u64));
        }
        settings
    }

    /// The configuration for a search with `settings`; a timed search deepens
    /// one ply at a time ([`EngineSettings::config_for`]).
    fn config(&self, settings: &EngineSettings) -> SearchConfig {
        // Unless switched off, searches record their tree (bounded) for the explorer.
        SearchConfig {
            trace: self.record_tree.then_some(DEFAULT_NODE_CAP),
            multi_pv: self.lines,
            ..settings.config_for(G::prefers_engine_search())
        }
    }

    fn start_search(&mut self, purpose: Purpose, now: Instant) {
        let sabotage = std::mem::take(&mut self.fail_next);
        let side = self.game.to_move();
        let computer = match purpose {
            Purpose::Move => self.computers[side.index()].as_ref(),
            Purpose::Hint => Some(&self.hinter),
        };
        let Some(computer) = computer else {
            return;
        };
        let settings = self.settings_for(computer, purpose);
        let config = self.config(&settings);
        let handle =
            if computer.settings.plays_by_solver() && self.game.solves_quickly() && !sabotage {
                let game = self.game.clone();
                spawn_exact_solve(move |stop| game.solve_exactly(Some(stop)))
            } else {
                let evaluator = match sabotage {
                    true => Arc::new(Sabotage),
                    false => computer.evaluator.clone(),
                };
                spawn_engine_search(
                    computer.engine.clone(),
                    self.game.clone(),
                    evaluator,
                    config.clone(),
                )
            };
        let start = SearchStart {
            purpose,
            side,
            // The threads the search runs on, which the panel names.
            settings: EngineSettings {
                threads: crate::search::threads_used(&config),
                ..settings
            },
            root: self.game.clone(),
            evaluator: computer.evaluator.clone(),
            ply: self.history.len(),
        };
        self.waiting.clear();
        self.events.push(MatchEvent::SearchStarted(start));
        self.thinking = Some(Thinking {
            handle,
            purpose,
            started: now,
        });
    }

    /// Passes on every event the search thread has sent so far, and takes the
    /// result when it comes.
    fn drain_search(&mut self, now: Instant) {
        let Some(thinking) = self.thinking.as_ref() else {
            return;
        };
        let mut events: Vec<_> = self.waiting.drain(..).collect();
        let died = loop {
            match thinking.handle.events.try_recv() {
                Ok(event) => events.push(event),
                Err(TryRecvError::Empty) => break false,
                Err(TryRecvError::Disconnected) => break true,
            }
        };
        let (purpose, started) = (thinking.purpose, thinking.started);
        let stop = thinking.handle.stop_flag();
        for event in events {
            if self.hurry && matches!(event, SearchEvent::Iteration(_)) {
                // "Move now" before the search had a move: the first one found will do.
                stop.store(true, Ordering::Relaxed);
            }
            if let SearchEvent::Finished(result) = event {
                self.thinking = None;
                let resigns = purpose == Purpose::Move && self.resigns_after(&result);
                let chosen = result.best_move.map(|m| (m, result.score));
                self.events
                    .push(MatchEvent::Search(purpose, SearchEvent::Finished(result)));
                if resigns {
                    let _ = self.resign(self.game.to_move());
                } else if let Some((m, score)) = chosen {
                    self.take_result(purpose, m, score, started, now);
                }
                return;
            }
            self.events.push(MatchEvent::Search(purpose, event));
        }
        if died {
            self.search_failed(purpose);
        }
    }

    /// The search thread is gone without its result: said once, and a move search
    /// pauses the match (space tries again).
    fn search_failed(&mut self, purpose: Purpose) {
        self.thinking = None;
        self.waiting.clear();
        if purpose == Purpose::Move {
            self.paused = true;
            self.steps = 0;
            self.hurry = false;
        }
        self.events.push(MatchEvent::SearchFailed(purpose));
    }

    fn take_result(
        &mut self,
        purpose: Purpose,
        m: G::Move,
        score: Score,
        started: Instant,
        now: Instant,
    ) {
        match purpose {
            Purpose::Move => {
                let side = self.game.to_move();
                self.last_score[side.index()] = Some(score);
                self.adjudication.record(&mut self.tally, side, score);
                let due = if self.hurry {
                    now
                } else {
                    started + self.move_delay
                };
                self.ready = Some((m, due));
            }
            Purpose::Hint => {
                self.hint = Some(m);
                self.events.push(MatchEvent::Hint { mv: m, score });
            }
        }
    }

    /// Runs the clock of the side to move, stopped while the game is over, paused
    /// or showing the computer's chosen move; a fallen flag ends the game.
    fn run_clocks(&mut self, now: Instant) {
        let running = !self.is_over() && !self.paused && self.ready.is_none();
        let side = Some(self.game.to_move()).filter(|&side| running && self.clock_started(side));
        let Some(clocks) = self.clocks.as_mut() else {
            return;
        };
        if clocks.flagged().is_some() {
            return;
        }
        if clocks.tick(now, side).is_some() {
            self.stop_thinking();
            if let Some(ending) = self.ending() {
                self.events.push(MatchEvent::GameOver(ending));
            }
        }
    }
}

/// Why a game that is over refuses a move.
fn refusal_after(ending: Ending) -> Refusal {
    if ending.reason.off_the_board() {
        Refusal::Decided(ending.reason)
    } else {
        Refusal::GameOver
    }
}
