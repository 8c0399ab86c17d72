//! A game in progress, type-erased: the [`Session`] trait is what the game screen
//! talks to, and [`GameSession`] implements it once for every game with a board.
//!
//! The game itself (position, history with redo, seats, clocks, the search in
//! flight) is a [`Match`]; the session is its view: the board's cursor, the status
//! message, the search panel and the recorded tree, kept up to date from the
//! match's events. It never blocks, so the screen stays responsive while the
//! computer thinks.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::board::{BoardGame, BoardVisitor, Marks, Pick, Steer, visit_board};
use super::clock::Clocks;
use super::panel::{LineView, Purpose, RootMoveView, SearchView};
use super::recorded::{RecordedSearch, TreeBuilder};
use super::screens::mcts_explorer::MctsRecord;
use super::theme::Theme;
use super::{PlaySetup, Seat};
use crate::game::{Evaluator, Game, GameError, GameInfo, Outcome, Player};
pub use crate::play::PlayedMove;
use crate::play::notation::{format_line, format_line_with};
use crate::play::record::{self, RecordFacts};
use crate::play::{EndReason, Match, MatchEvent, Refusal, SearchStart};
use crate::search::tree::SearchTree;
use crate::search::{Algorithm, PvLine, RootMove, SearchConfig, SearchEvent, SearchResult};

/// The minimum time per computer move, from fastest to slowest: the spectating speed.
pub const SPEEDS: [Duration; 6] = [
    Duration::ZERO,
    Duration::from_millis(250),
    Duration::from_millis(500),
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
];
/// The speed when the computer plays both sides: slow enough to follow.
const SPECTATING_SPEED: usize = 2;
/// The key that switches notations in a game that has several (WXF and ICCS).
pub const NOTATION_KEY: char = 'W';

/// What the resign key says when the computer plays both sides.
pub const ONLY_HUMANS_RESIGN: &str = "only a human player can resign";

/// How a status message reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Neutral news: a hint, a new game.
    Info,
    /// A refused key or move, with the reason.
    Refused,
}

/// A line for the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// What to say.
    pub text: String,
    /// How to show it.
    pub tone: Tone,
}

/// A game in progress, whatever the game: everything the game screen needs.
pub trait Session {
    /// The game's static facts.
    fn info(&self) -> GameInfo;
    /// Who plays a side.
    fn seat(&self, player: Player) -> &Seat;
    /// The game's name for a side (`X`, `First`).
    fn side_name(&self, player: Player) -> &'static str;
    /// The side to move.
    fn to_move(&self) -> Player;
    /// How the game ended, if it has.
    fn outcome(&self) -> Option<Outcome>;
    /// True when nobody can move any more (an outcome, or a leaf of the synthetic tree).
    fn is_over(&self) -> bool;
    /// The moves played so far, oldest first.
    fn played(&self) -> &[PlayedMove];
    /// How many moves `r` would replay.
    fn redo_count(&self) -> usize;
    /// The legal moves in the game's notation.
    fn legal_moves(&self) -> Vec<String>;
    /// The position in the game's notation.
    fn position(&self) -> String;
    /// True when a human is to move in a game that is not over.
    fn human_to_move(&self) -> bool;
    /// The space the board wants (width, height).
    fn board_size(&self) -> (u16, u16);
    /// The space of the board's largest drawing that fits `room` (see
    /// [`BoardGame::board_size_within`]).
    fn board_size_within(&self, room: (u16, u16)) -> (u16, u16);
    /// The game's styles for its two sides (see [`BoardGame::side_styles`]).
    fn side_styles(&self, theme: &Theme) -> [Style; 2];
    /// The legal moves as the screen writes them (WXF or ICCS for xiangqi, as
    /// chosen with `w`), then in the game's other notations, for the completion of
    /// typed moves.
    fn move_choices(&self) -> Vec<String>;
    /// The name of the notation in use, when the game offers more than one.
    fn notation_name(&self) -> Option<&'static str>;
    /// The board's word for the status line (see [`BoardGame::status_note`]).
    fn status_note(&self) -> Option<String>;
    /// Draws the board with cursor, last move and hint.
    fn render_board(&self, theme: &Theme, area: Rect, buf: &mut Buffer);
    /// A cursor key or Enter/Esc on the board; false when the board had no use for it.
    fn steer(&mut self, steer: Steer) -> bool;
    /// A click on a board drawn into `area`; false when it hit nothing.
    fn click(&mut self, area: Rect, at: Position) -> bool;
    /// The keys the board adds to the game screen's (see [`BoardGame::board_keys`]).
    fn board_keys(&self) -> &'static [(&'static str, &'static str)];
    /// A letter key for the board (see [`BoardGame::letter`]); false when unused.
    fn board_letter(&mut self, key: char) -> bool;
    /// True when a move in the game's notation can begin with `key`, which then
    /// goes to the move line (see [`Playable::starts_move`]).
    ///
    /// [`Playable::starts_move`]: crate::game::Playable::starts_move
    fn starts_move(&self, key: char) -> bool;
    /// Plays a move written in the game's notation for the human to move.
    fn play_text(&mut self, text: &str) -> Result<(), GameError>;
    /// Takes back the last move (with the computer's reply, against the computer).
    fn undo(&mut self);
    /// Replays a move taken back.
    fn redo(&mut self);
    /// Back to the start position.
    fn restart(&mut self);
    /// Asks the engine for a move suggestion for the human to move.
    fn hint(&mut self);
    /// Pauses or resumes the computer.
    fn toggle_pause(&mut self);
    /// Lets the computer make exactly one move, then pauses.
    fn step(&mut self);
    /// Stops the computer's search and plays its best move so far at once.
    fn move_now(&mut self);
    /// Changes the minimum time per computer move.
    fn change_speed(&mut self, faster: bool);
    /// Shows the next number of best lines in the search panel (1, 2, 3, 5).
    fn cycle_lines(&mut self);
    /// True while the computer is held.
    fn paused(&self) -> bool;
    /// The minimum time per computer move.
    fn move_delay(&self) -> Duration;
    /// Drains the search's events, plays a due computer move, starts a search when the
    /// computer is to move. Never blocks.
    fn tick(&mut self, now: Instant);
    /// True while a search runs on the background thread.
    fn thinking(&self) -> bool;
    /// The current or last search, for the search panel.
    fn search(&self) -> Option<&SearchView>;
    /// The last status message, if still relevant.
    fn message(&self) -> Option<&Message>;
    /// Puts a message in the status line.
    fn tell(&mut self, tone: Tone, text: &str);
    /// What makes the explorer's view of the latest recorded search tree (the last
    /// search's, or the last finished iteration of the search still running), to
    /// run as a job since large trees take a while, with the tree's node count.
    fn tree_builder(&self) -> Option<(usize, TreeBuilder)>;
    /// The last search again, when it was Monte Carlo, ready for its explorer.
    fn recorded_mcts(&self) -> Option<MctsRecord>;
    /// The game's clocks, when it is played with them.
    fn clocks(&self) -> Option<&Clocks>;
    /// How the game ended in words that follow the result (`by checkmate`,
    /// `on time`, Kalah's score); `None` while it goes on.
    fn end_words(&self) -> Option<String>;
    /// True when a player may give this game up (not a synthetic tree's).
    fn may_resign(&self) -> bool;
    /// Who gives the game up on the resign key: the one human seat, or the side
    /// to move when both are human; `None` when no human plays.
    fn resigning_side(&self) -> Option<Player>;
    /// [`Session::resigning_side`] gives the game up; a refusal (the game over)
    /// goes to the status line.
    fn resign(&mut self);
    /// The number of the first turn of the move list (a FEN's full-move number).
    fn first_turn_number(&self) -> u32;
    /// The game as a record file (PGN, PDN or plain), with its extension; the
    /// result and the end come from the game, the rest from `facts`.
    fn record(&self, facts: RecordFacts) -> (String, &'static str);
    /// The position now and the command that rebuilds the game, for the clipboard.
    fn clipboard_text(&self, options: &[String]) -> String;
    /// The moves from the start position in the game's own notation (the one its
    /// parser reads back), for saving the game.
    fn move_texts(&self) -> Vec<String>;
    /// Sets each side's clock to a saved game's time left.
    fn resume_clocks(&mut self, left: [Duration; 2]);
    /// Leaves `stopped` out of the clock of the side to move (the arcade was suspended).
    fn discount_stopped(&mut self, stopped: Duration);

    /// Makes the next search's thread die without its final report. A test hook,
    /// hidden from the docs but public: the integration test of a search that
    /// panics (tests/arcade_run.rs) drives the arcade from outside the crate.
    #[doc(hidden)]
    fn fail_next_search(&mut self);
}

/// Builds the session for a setup, checking everything on the way: the game, its
/// options, the position, the moves and the engines' settings.
pub fn open(setup: &PlaySetup) -> anyhow::Result<Box<dyn Session>> {
    struct Open<'a>(&'a PlaySetup);
    impl BoardVisitor for Open<'_> {
        type Output = anyhow::Result<Box<dyn Session>>;
        fn visit<G: BoardGame>(self) -> Self::Output {
            Ok(Box::new(GameSession::<G>::new(self.0)?))
        }
    }
    visit_board(&setup.game, Open(setup))?
}

/// The search the panel shows, with what its recorded trees need.
struct Searched<G: Game> {
    algorithm: Algorithm,
    /// The position searched, the evaluation and a title, for the explorer.
    root: G,
    evaluator: Arc<dyn Evaluator<G>>,
    title: String,
    started: Instant,
    /// The search's settings, for the Monte Carlo explorer to search again.
    config: SearchConfig,
}

/// The latest recorded search tree, with the position it was searched from.
struct Recording<G: Game> {
    algorithm: Algorithm,
    tree: Arc<SearchTree<G::Move>>,
    root: G,
    evaluator: Arc<dyn Evaluator<G>>,
    title: String,
    /// True while the search that recorded it still runs.
    running: bool,
}

/// The session of one game type; see [`Session`].
pub struct GameSession<G: BoardGame> {
    game: Match<G>,
    cursor: G::Cursor,
    searched: Option<Searched<G>>,
    recording: Option<Recording<G>>,
    view: Option<SearchView>,
    message: Option<Message>,
    speed: usize,
    /// The index of the panel's number of best lines in [`LINE_CHOICES`].
    lines: usize,
    /// The index of the notation chosen among [`BoardGame::notations`].
    notation: usize,
}

/// The numbers of best lines the search panel offers, in the order the lines key
/// cycles through them.
pub const LINE_CHOICES: [usize; 4] = [1, 2, 3, 5];

impl<G: BoardGame> GameSession<G> {
    /// Sets up the game and its engines; an error names what is wrong.
    pub fn new(setup: &PlaySetup) -> anyhow::Result<GameSession<G>> {
        let mut game = Match::with_notation(setup, writer::<G>(0))?;
        let seats = setup.seats();
        let spectating = seats.iter().all(|s| s.engine().is_some());
        let speed = if spectating { SPECTATING_SPEED } else { 0 };
        game.set_move_delay(SPEEDS[speed]);
        game.let_computer_resign(G::computer_may_resign());
        let mut cursor = game.game().initial_cursor();
        if seats[0].engine().is_some() && seats[1].engine().is_none() {
            // The human plays the second side: their pieces at the bottom.
            game.game().face(&mut cursor, Player::Second);
        }
        Ok(GameSession {
            cursor,
            game,
            searched: None,
            recording: None,
            view: None,
            message: None,
            speed,
            lines: 0,
            notation: 0,
        })
    }

    /// Switches to the game's next notation (`w`); false when it has only one.
    fn toggle_notation(&mut self) -> bool {
        let count = G::notations().len();
        if count < 2 {
            return false;
        }
        self.notation = (self.notation + 1) % count;
        self.game.set_notation(writer::<G>(self.notation));
        let name = G::notations()[self.notation].0;
        self.say(Tone::Info, format!("moves written in {name}"));
        true
    }

    fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            tone,
        });
    }

    /// Brings the view up to date with what the match did.
    fn follow(&mut self, now: Instant) {
        for event in self.game.take_events() {
            match event {
                MatchEvent::SearchStarted(start) => self.search_started(start, now),
                MatchEvent::Search(_, event) => self.search_event(event),
                MatchEvent::SearchDropped => self.search_dropped(),
                MatchEvent::MovePlayed { .. } | MatchEvent::TakenBack => {
                    self.cursor = self.game.game().next_cursor(&self.cursor);
                }
                MatchEvent::Hint { mv, score } => {
                    let best = self.searched_line(&[mv]).pop().unwrap_or_default();
                    let score = crate::search::score::describe(score);
                    self.say(Tone::Info, format!("hint: {best} ({score})"));
                }
                MatchEvent::SearchFailed(purpose) => self.search_failed(purpose),
                MatchEvent::GameOver(ending) => {
                    self.game.game().game_over(&mut self.cursor);
                    match ending.reason {
                        EndReason::Time(loser) => {
                            let text = format!("{}'s time is up", G::side_name(loser));
                            self.say(Tone::Info, text);
                        }
                        EndReason::Resignation(loser) => {
                            self.say(Tone::Info, resigns(G::side_name(loser)));
                        }
                        _ => {}
                    }
                }
            }
        }
        if let (Some(view), Some(searched)) = (self.view.as_mut(), self.searched.as_ref())
            && view.running
        {
            view.elapsed = now.saturating_duration_since(searched.started);
        }
    }

    fn search_started(&mut self, start: SearchStart<G>, now: Instant) {
        let side = G::side_name(start.side);
        let who = match start.purpose {
            Purpose::Move => format!("{side} (computer)"),
            Purpose::Hint => format!("hint for {side}"),
        };
        let title = format!(
            "{who}, move {}: {}",
            start.ply + 1,
            start.settings.describe()
        );
        self.view = Some(SearchView::new(start.purpose, side, &start.settings));
        self.searched = Some(Searched {
            algorithm: start.settings.algorithm,
            root: start.root,
            evaluator: start.evaluator,
            title,
            started: now,
            config: start.settings.config(),
        });
    }

    fn search_event(&mut self, event: SearchEvent<G::Move>) {
        match event {
            SearchEvent::Progress(p) => {
                let root_moves = self.root_moves(&p.root_moves);
                // Monte Carlo's lines change with every report; the engine's
                // come with its iterations.
                let lines = self.line_views(&p.lines);
                if let Some(view) = self.view.as_mut() {
                    view.progress(p.depth, p.stats, root_moves);
                    if !lines.is_empty() {
                        view.lines = lines;
                    }
                }
            }
            SearchEvent::Iteration(it) => {
                let line = (it.depth, it.score, self.searched_line(&it.pv));
                let root_moves = self.root_moves(&it.root_moves);
                let lines = self.line_views(&it.lines);
                if let Some(view) = self.view.as_mut() {
                    view.iteration(line, it.stats, root_moves);
                    view.lines = lines;
                }
                if let Some(tree) = it.tree {
                    self.keep_tree(tree, true);
                }
            }
            SearchEvent::Finished(result) => self.search_finished(result),
        }
    }

    fn search_finished(&mut self, mut result: SearchResult<G::Move>) {
        match result.tree.take() {
            Some(tree) => self.keep_tree(Arc::new(tree), false),
            None => {
                if let Some(recording) = self.recording.as_mut() {
                    recording.running = false;
                }
            }
        }
        let pv = self.searched_line(&result.pv);
        let best = pv.first().cloned();
        let root_moves = self.root_moves(&result.root_moves);
        let lines = self.line_views(&result.lines);
        if let Some(view) = self.view.as_mut() {
            view.iteration((result.depth, result.score, pv), result.stats, root_moves);
            view.lines = lines;
            view.finish(best, result.proven, result.stopped);
        }
    }

    /// The search was dropped: the panel says so, the recorded tree is final.
    fn search_dropped(&mut self) {
        if let Some(recording) = self.recording.as_mut() {
            recording.running = false;
        }
        if let Some(view) = self.view.as_mut().filter(|v| v.running) {
            view.running = false;
            view.interrupted = true;
        }
    }

    /// The search thread died without its result: the panel stops, and the status
    /// line says so instead of the game waiting for ever.
    fn search_failed(&mut self, purpose: Purpose) {
        self.search_dropped();
        let text = match purpose {
            Purpose::Move => {
                "error: the computer's search stopped without a move (its thread died); paused: space tries again"
            }
            Purpose::Hint => "error: the hint search stopped without an answer (its thread died)",
        };
        self.say(Tone::Refused, text);
    }

    /// Keeps a tree the running search recorded, in place of the one before.
    fn keep_tree(&mut self, tree: Arc<SearchTree<G::Move>>, running: bool) {
        let Some(searched) = self.searched.as_ref() else {
            return;
        };
        self.recording = Some(Recording {
            algorithm: searched.algorithm,
            tree,
            root: searched.root.clone(),
            evaluator: searched.evaluator.clone(),
            title: searched.title.clone(),
            running,
        });
    }

    /// A line of moves from the position searched, in the game's notation.
    fn searched_line(&self, moves: &[G::Move]) -> Vec<String> {
        let write = writer::<G>(self.notation);
        match self.searched.as_ref() {
            Some(searched) => format_line_with(&searched.root, moves, write),
            None => format_line_with(self.game.game(), moves, write),
        }
    }

    /// A search's best lines in the game's notation.
    fn line_views(&self, lines: &[PvLine<G::Move>]) -> Vec<LineView> {
        lines
            .iter()
            .map(|line| LineView {
                score: line.score,
                pv: self.searched_line(&line.pv),
            })
            .collect()
    }

    fn root_moves(&self, root_moves: &[RootMove<G::Move>]) -> Vec<RootMoveView> {
        let root = self.searched.as_ref().map_or(self.game.game(), |s| &s.root);
        root_moves
            .iter()
            .map(|r| RootMoveView {
                text: writer::<G>(self.notation)(root, r.mv),
                score: r.score,
                exact: r.exact,
                nodes: r.nodes,
            })
            .collect()
    }

    fn take_pick(&mut self, pick: Pick<G::Move>) -> bool {
        match pick {
            Pick::Ignored => return false,
            Pick::Moved => self.message = None,
            Pick::Play(m) => {
                self.message = None;
                if let Err(refusal) = self.game.play(m) {
                    self.refuse(&refusal);
                }
                self.follow(Instant::now());
            }
            Pick::Refused(why) => self.say(Tone::Refused, why),
        }
        true
    }

    /// Says why the board does not take a move now.
    fn refuse_board(&mut self) {
        let text = if self.is_over() {
            "the game is over: N starts a new one, u takes back a move".to_string()
        } else if self.game.paused() {
            "the computer is paused: space resumes, n makes one move".to_string()
        } else {
            format!(
                "{} is the computer's turn",
                G::side_name(self.game.game().to_move())
            )
        };
        self.say(Tone::Refused, text);
    }

    /// A refused command in the status line, with the keys that help.
    fn refuse(&mut self, refusal: &Refusal) {
        let text = match refusal {
            Refusal::Decided(EndReason::Time(_)) => "lost on time: N starts a new game".into(),
            Refusal::Decided(reason) => {
                format!("decided {}: N starts a new game", reason.describe())
            }
            Refusal::GameOver => "the game is over: N starts a new one, u takes back a move".into(),
            Refusal::NothingToUndo => "nothing to undo".into(),
            Refusal::NoHumanMove => "no move of a human to take back".into(),
            Refusal::NothingToRedo => "nothing to redo".into(),
            Refusal::NotHumansTurn => format!(
                "{} is the computer's turn",
                G::side_name(self.game.game().to_move())
            ),
            Refusal::NotComputersTurn => "n steps the computer: it is not its turn".into(),
            Refusal::Illegal(error) => error.0.clone(),
        };
        self.say(Tone::Refused, text);
    }

    /// After undo or redo: with the computer on both sides the match paused.
    fn taken_back(&mut self, paused: bool, what: &str) {
        if paused {
            self.say(
                Tone::Info,
                format!("{what} one move; paused (space resumes)"),
            );
        } else {
            self.message = None;
        }
    }
}

/// The end of a game given up: `White resigns`.
fn resigns(side: &str) -> String {
    format!("{side} resigns")
}

/// How the move list writes moves in the game's notation number `index`: the
/// board's move list text when the game has no choice of notations.
fn writer<G: BoardGame>(index: usize) -> fn(&G, G::Move) -> String {
    match G::notations().get(index) {
        Some(&(_, write)) => write,
        None => G::move_list_text,
    }
}

impl<G: BoardGame> Session for GameSession<G> {
    fn info(&self) -> GameInfo {
        G::info()
    }

    fn seat(&self, player: Player) -> &Seat {
        self.game.seat(player)
    }

    fn side_name(&self, player: Player) -> &'static str {
        G::side_name(player)
    }

    fn to_move(&self) -> Player {
        self.game.game().to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn played(&self) -> &[PlayedMove] {
        self.game.played()
    }

    fn redo_count(&self) -> usize {
        self.game.redo_count()
    }

    fn legal_moves(&self) -> Vec<String> {
        let game = self.game.game();
        game.moves()
            .into_iter()
            .map(|m| game.format_move(m))
            .collect()
    }

    fn position(&self) -> String {
        self.game.game().format_position()
    }

    fn human_to_move(&self) -> bool {
        self.game.human_to_move()
    }

    fn board_size(&self) -> (u16, u16) {
        self.game.game().board_size()
    }

    fn status_note(&self) -> Option<String> {
        self.game.game().status_note()
    }

    fn board_size_within(&self, room: (u16, u16)) -> (u16, u16) {
        self.game.game().board_size_within(room)
    }

    fn side_styles(&self, theme: &Theme) -> [Style; 2] {
        G::side_styles(theme)
    }

    fn move_choices(&self) -> Vec<String> {
        let game = self.game.game();
        let moves = game.moves();
        // The screen's notation first, then the others the parser reads too.
        let others = G::notations().iter().map(|&(_, write)| write);
        let mut texts: Vec<String> = Vec::new();
        for write in std::iter::once(writer::<G>(self.notation)).chain(others) {
            for &m in &moves {
                let text = write(game, m);
                if !texts.contains(&text) {
                    texts.push(text);
                }
            }
        }
        texts
    }

    fn notation_name(&self) -> Option<&'static str> {
        G::notations().get(self.notation).map(|&(name, _)| name)
    }

    fn render_board(&self, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let marks = Marks {
            last: self.game.history().last().copied(),
            hint: self.game.hint(),
            human_to_move: self.human_to_move(),
        };
        self.game
            .game()
            .render_board(&self.cursor, &marks, theme, area, buf);
    }

    fn steer(&mut self, steer: Steer) -> bool {
        if !self.human_to_move() {
            if self.game.game().steer_idle(&mut self.cursor, steer) {
                return true;
            }
            if steer == Steer::Cancel {
                return false;
            }
            self.refuse_board();
            return true;
        }
        let pick = self.game.game().steer(&mut self.cursor, steer);
        self.take_pick(pick)
    }

    fn board_keys(&self) -> &'static [(&'static str, &'static str)] {
        G::board_keys()
    }

    fn starts_move(&self, key: char) -> bool {
        self.game.game().starts_move(key)
    }

    fn board_letter(&mut self, key: char) -> bool {
        if key == NOTATION_KEY && self.toggle_notation() {
            return true;
        }
        self.game.game().letter(&mut self.cursor, key)
    }

    fn click(&mut self, area: Rect, at: Position) -> bool {
        if !self.human_to_move() {
            self.refuse_board();
            return true;
        }
        let pick = self.game.game().click(&mut self.cursor, area, at);
        self.take_pick(pick)
    }

    fn play_text(&mut self, text: &str) -> Result<(), GameError> {
        let played = self.game.play_text(text);
        self.follow(Instant::now());
        match played {
            Ok(()) => {
                self.message = None;
                Ok(())
            }
            Err(Refusal::Illegal(error)) => Err(error),
            Err(_) => Err(GameError::new("it is not a human's turn")),
        }
    }

    fn undo(&mut self) {
        let undone = self.game.undo();
        self.follow(Instant::now());
        match undone {
            Ok(taken) => self.taken_back(taken.paused, "took back"),
            Err(refusal) => self.refuse(&refusal),
        }
    }

    fn redo(&mut self) {
        let redone = self.game.redo();
        self.follow(Instant::now());
        match redone {
            Ok(taken) => self.taken_back(taken.paused, "replayed"),
            Err(refusal) => self.refuse(&refusal),
        }
    }

    fn restart(&mut self) {
        self.game.restart();
        self.follow(Instant::now());
        self.view = None;
        self.searched = None;
        self.recording = None;
        self.say(Tone::Info, "new game");
    }

    fn hint(&mut self) {
        let thinking = self.game.thinking().is_some();
        match self.game.ask_hint(Instant::now()) {
            Ok(()) if !thinking => self.say(Tone::Info, "looking for a hint..."),
            Ok(()) => {}
            Err(_) => self.say(Tone::Refused, "hints are for a human to move"),
        }
        self.follow(Instant::now());
    }

    fn toggle_pause(&mut self) {
        let text = if self.game.toggle_pause() {
            "paused: space resumes, n makes one move"
        } else {
            "resumed"
        };
        self.say(Tone::Info, text);
    }

    fn step(&mut self) {
        match self.game.step() {
            Ok(()) => self.message = None,
            Err(refusal) => self.refuse(&refusal),
        }
    }

    fn move_now(&mut self) {
        match self.game.move_now() {
            Ok(()) => self.say(Tone::Info, "moving now"),
            Err(_) => self.say(
                Tone::Refused,
                "m makes the computer move: it is not its turn",
            ),
        }
    }

    fn cycle_lines(&mut self) {
        self.lines = (self.lines + 1) % LINE_CHOICES.len();
        let lines = LINE_CHOICES[self.lines];
        self.game.set_lines(lines);
        let text = match lines {
            1 => "the search panel shows the best line (from the next search)".to_string(),
            n => format!("the search panel shows the best {n} lines (from the next search)"),
        };
        self.say(Tone::Info, text);
    }

    fn change_speed(&mut self, faster: bool) {
        self.speed = if faster {
            self.speed.saturating_sub(1)
        } else {
            (self.speed + 1).min(SPEEDS.len() - 1)
        };
        self.game.set_move_delay(SPEEDS[self.speed]);
        let text = format!(
            "at least {} per computer move",
            super::seconds(self.move_delay())
        );
        self.say(Tone::Info, text);
    }

    fn paused(&self) -> bool {
        self.game.paused()
    }

    fn move_delay(&self) -> Duration {
        SPEEDS[self.speed]
    }

    fn tick(&mut self, now: Instant) {
        self.game.tick(now);
        self.follow(now);
    }

    fn thinking(&self) -> bool {
        self.game.thinking().is_some()
    }

    fn search(&self) -> Option<&SearchView> {
        self.view.as_ref()
    }

    fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    fn tell(&mut self, tone: Tone, text: &str) {
        self.say(tone, text);
    }

    fn recorded_mcts(&self) -> Option<MctsRecord> {
        let searched = self.searched.as_ref()?;
        (searched.algorithm == Algorithm::Mcts).then(|| {
            MctsRecord::search(
                &searched.root,
                searched.evaluator.as_ref(),
                &searched.config,
                searched.title.clone(),
            )
        })
    }

    fn tree_builder(&self) -> Option<(usize, TreeBuilder)> {
        let recording = self.recording.as_ref()?;
        let nodes = recording.tree.nodes.len();
        if nodes == 0 {
            return None;
        }
        let tree = recording.tree.clone();
        let root = recording.root.clone();
        let evaluator = recording.evaluator.clone();
        let (algorithm, running) = (recording.algorithm, recording.running);
        let title = recording.title.clone();
        let sides = [G::side_name(Player::First), G::side_name(Player::Second)];
        let build =
            move || RecordedSearch::new(&tree, &root, evaluator, algorithm, title, running, sides);
        Some((nodes, Box::new(build)))
    }

    fn fail_next_search(&mut self) {
        self.game.fail_next_search();
    }

    fn clocks(&self) -> Option<&Clocks> {
        self.game.clocks()
    }

    fn end_words(&self) -> Option<String> {
        self.game.end_words()
    }

    fn may_resign(&self) -> bool {
        G::may_resign()
    }

    fn resigning_side(&self) -> Option<Player> {
        let human = |p: Player| self.game.seat(p) == &Seat::Human;
        match (human(Player::First), human(Player::Second)) {
            (true, false) => Some(Player::First),
            (false, true) => Some(Player::Second),
            (true, true) => Some(self.game.game().to_move()),
            (false, false) => None,
        }
    }

    fn resign(&mut self) {
        let Some(who) = self.resigning_side() else {
            return self.say(Tone::Refused, ONLY_HUMANS_RESIGN);
        };
        if let Err(refusal) = self.game.resign(who) {
            self.refuse(&refusal);
        }
        self.follow(Instant::now());
    }

    fn first_turn_number(&self) -> u32 {
        G::first_turn_number(self.game.start())
    }

    fn record(&self, facts: RecordFacts) -> (String, &'static str) {
        let facts = RecordFacts {
            outcome: self.game.outcome(),
            end: self.game.end_words().map(|words| {
                if let Some(EndReason::Resignation(loser)) = self.game.ending().map(|e| e.reason) {
                    return resigns(G::side_name(loser));
                }
                let result = match self.game.outcome() {
                    Some(Outcome::Win(player)) => format!("{} wins", G::side_name(player)),
                    Some(Outcome::Draw) => "draw".to_string(),
                    None => "over".to_string(),
                };
                format!("{result} {words}")
            }),
            ..facts
        };
        let text = record::write_record(self.game.start(), self.game.history(), &facts);
        (text, G::EXTENSION)
    }

    fn clipboard_text(&self, options: &[String]) -> String {
        record::clipboard_text(self.game.start(), self.game.history(), options)
    }

    fn move_texts(&self) -> Vec<String> {
        format_line(self.game.start(), self.game.history())
    }

    fn resume_clocks(&mut self, left: [Duration; 2]) {
        self.game.resume_clocks(left);
    }

    fn discount_stopped(&mut self, stopped: Duration) {
        self.game.discount_stopped(stopped);
    }
}
