//! A game in progress, type-erased: the [`Session`] trait is what the game screen
//! talks to, and [`GameSession`] implements it once for every game with a board.
//!
//! The session owns the position, the move history with redo, the seats, and the
//! background search. It never blocks: [`Session::tick`] drains whatever the search
//! thread has sent, plays the computer's move when it is due, and starts the next
//! search, so the screen stays responsive while the computer thinks.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};

use super::board::{BoardGame, BoardVisitor, Marks, Pick, Steer, visit_board};
use super::clock::Clocks;
use super::panel::{Purpose, SearchView};
use super::recorded::RecordedSearch;
use super::theme::Theme;
use super::{EngineSettings, PlaySetup, Seat};
use crate::game::{Evaluator, Game, GameError, GameInfo, Outcome, Player};
use crate::search::tree::{DEFAULT_NODE_CAP, SearchTree};
use crate::search::{SearchEvent, SearchHandle, SearchResult, spawn_search};

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

/// A move already played, as the move list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move in the game's notation.
    pub text: String,
    /// Who played it.
    pub by: Player,
}

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
    /// The board's word for the status line (see [`BoardGame::status_note`]).
    fn status_note(&self) -> Option<String>;
    /// Draws the board with cursor, last move and hint.
    fn render_board(&self, theme: &Theme, area: Rect, buf: &mut Buffer);
    /// A cursor key or Enter/Esc on the board; false when the board had no use for it.
    fn steer(&mut self, steer: Steer) -> bool;
    /// A click on a board drawn into `area`; false when it hit nothing.
    fn click(&mut self, area: Rect, at: Position) -> bool;
    /// A letter key for the board (see [`BoardGame::letter`]); false when unused.
    fn board_letter(&mut self, key: char) -> bool;
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
    /// Changes the minimum time per computer move.
    fn change_speed(&mut self, faster: bool);
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
    /// The latest recorded search tree, ready for the explorer: the last search's,
    /// or the last finished iteration of the search still running.
    fn recorded_search(&self) -> Option<RecordedSearch>;
    /// The game's clocks, when it is played with them.
    fn clocks(&self) -> Option<&Clocks>;
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

/// An engine ready to search: its settings and the evaluation they name.
struct Engine<G: Game> {
    settings: EngineSettings,
    evaluator: Arc<dyn Evaluator<G>>,
}

impl<G: BoardGame> Engine<G> {
    fn new(settings: &EngineSettings) -> anyhow::Result<Engine<G>> {
        settings.check()?;
        Ok(Engine {
            settings: settings.clone(),
            evaluator: G::evaluator_named(&settings.eval)?.evaluator,
        })
    }
}

/// A search running on its thread, and why it was started.
struct Thinking<G: Game> {
    algorithm: crate::search::Algorithm,
    handle: SearchHandle<G::Move>,
    purpose: Purpose,
    started: Instant,
    /// What its recorded trees need: the position searched, the evaluation, a title.
    root: G,
    evaluator: Arc<dyn Evaluator<G>>,
    title: String,
}

/// The latest recorded search tree, with the position it was searched from.
struct Recording<G: Game> {
    algorithm: crate::search::Algorithm,
    tree: Arc<SearchTree<G::Move>>,
    root: G,
    evaluator: Arc<dyn Evaluator<G>>,
    title: String,
    /// True while the search that recorded it still runs.
    running: bool,
}

/// The session of one game type; see [`Session`].
pub struct GameSession<G: BoardGame> {
    start: G,
    game: G,
    played: Vec<PlayedMove>,
    moves: Vec<G::Move>,
    redo: Vec<G::Move>,
    seats: [Seat; 2],
    engines: [Option<Engine<G>>; 2],
    hint_engine: Engine<G>,
    cursor: G::Cursor,
    thinking: Option<Thinking<G>>,
    recording: Option<Recording<G>>,
    /// The computer's chosen move and when it may be played.
    ready: Option<(G::Move, Instant)>,
    hint: Option<G::Move>,
    view: Option<SearchView>,
    message: Option<Message>,
    paused: bool,
    /// Computer moves allowed while paused (single steps).
    steps: u32,
    speed: usize,
    clocks: Option<Clocks>,
    /// Whether searches record their tree for the explorer.
    record_tree: bool,
}

impl<G: BoardGame> GameSession<G> {
    /// Sets up the game and its engines; an error names what is wrong.
    pub fn new(setup: &PlaySetup) -> anyhow::Result<GameSession<G>> {
        let position = setup.position.as_deref();
        // The rules' own setup reports bad options, positions and moves best.
        G::setup(&setup.options, position, setup.moves.as_deref())?;
        let start = G::setup(&setup.options, position, None)?;
        let seats = setup.seats();
        let engine = |seat: &Seat| seat.engine().map(Engine::new).transpose();
        let engines = [engine(&seats[0])?, engine(&seats[1])?];
        let hint_settings = seats
            .iter()
            .find_map(Seat::engine)
            .cloned()
            .unwrap_or_default();
        let spectating = seats.iter().all(|s| s.engine().is_some());
        let mut session = GameSession {
            cursor: start.initial_cursor(),
            game: start.clone(),
            start,
            played: Vec::new(),
            moves: Vec::new(),
            redo: Vec::new(),
            seats,
            engines,
            hint_engine: Engine::new(&hint_settings)?,
            thinking: None,
            recording: None,
            ready: None,
            hint: None,
            view: None,
            message: None,
            paused: false,
            steps: 0,
            speed: if spectating { SPECTATING_SPEED } else { 0 },
            clocks: None,
            record_tree: setup.record_tree,
        };
        let words = setup.moves.as_deref().unwrap_or("");
        for word in words.split(|c: char| c.is_whitespace() || c == ',') {
            if !word.is_empty() {
                let m = session.game.parse_move(word)?;
                session.apply(m);
            }
        }
        // Set after the moves given with the setup, which took no time.
        session.clocks = setup.clock.map(Clocks::new);
        Ok(session)
    }

    /// Plays a move and records it; the redo list is the caller's business.
    fn apply(&mut self, m: G::Move) {
        let text = self.game.move_list_text(m);
        let by = self.game.to_move();
        self.game.play(m);
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.moved(by);
        }
        self.played.push(PlayedMove { text, by });
        self.moves.push(m);
        self.hint = None;
        self.cursor = self.game.next_cursor(&self.cursor);
    }

    /// A move chosen by the human to move: it replaces whatever redo had in store.
    fn play_human(&mut self, m: G::Move) {
        self.stop_thinking();
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.message = None;
        self.apply(m);
    }

    fn take_back(&mut self) {
        if let Some(m) = self.moves.pop() {
            self.played.pop();
            self.game.undo();
            self.redo.push(m);
            self.hint = None;
            self.cursor = self.game.next_cursor(&self.cursor);
        }
    }

    fn has_human(&self) -> bool {
        self.seats.contains(&Seat::Human)
    }

    fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            tone,
        });
    }

    /// Drops the running search (which stops its thread) and any move it chose.
    fn stop_thinking(&mut self) {
        self.thinking = None;
        self.ready = None;
        if let Some(recording) = self.recording.as_mut() {
            recording.running = false;
        }
        if let Some(view) = self.view.as_mut().filter(|v| v.running) {
            view.running = false;
            view.interrupted = true;
        }
    }

    fn start_search(&mut self, purpose: Purpose, now: Instant) {
        let mover = self.game.to_move();
        let engine = match purpose {
            Purpose::Move => self.engines[mover.index()].as_ref(),
            Purpose::Hint => Some(&self.hint_engine),
        };
        let Some(engine) = engine else {
            return;
        };
        // Unless switched off, arcade searches record their tree (bounded) for `t`.
        let mut config = crate::search::SearchConfig {
            trace: self.record_tree.then_some(DEFAULT_NODE_CAP),
            ..engine.settings.config_for(G::prefers_engine_search())
        };
        // With clocks, the computer's own clock sets its time, not the time per move.
        if let (Purpose::Move, Some(clocks)) = (purpose, self.clocks.as_ref()) {
            config.limits.time = Some(clocks.move_budget(mover));
            config.iterative = true;
        }
        let handle = spawn_search(self.game.clone(), engine.evaluator.clone(), config);
        let who = match purpose {
            Purpose::Move => format!("{} (computer)", G::side_name(mover)),
            Purpose::Hint => format!("hint for {}", G::side_name(mover)),
        };
        let title = format!(
            "{who}, move {}: {}",
            self.played.len() + 1,
            engine.settings.describe()
        );
        let evaluator = engine.evaluator.clone();
        self.view = Some(SearchView::new(
            purpose,
            G::side_name(mover),
            &engine.settings,
        ));
        self.thinking = Some(Thinking {
            algorithm: engine.settings.algorithm,
            handle,
            purpose,
            started: now,
            root: self.game.clone(),
            evaluator,
            title,
        });
    }

    /// Applies every event the search thread has sent so far.
    fn drain_search(&mut self, now: Instant) {
        let Some(thinking) = self.thinking.as_ref() else {
            return;
        };
        let events: Vec<_> = thinking.handle.events.try_iter().collect();
        let (purpose, started) = (thinking.purpose, thinking.started);
        for event in events {
            match event {
                SearchEvent::Progress(p) => {
                    let pv = p.best_line.as_ref().map(|(s, pv)| (*s, self.line(pv)));
                    let root_moves = self.root_moves(&p.root_moves);
                    if let Some(view) = self.view.as_mut() {
                        view.update(p.depth, pv, p.stats, root_moves);
                    }
                }
                SearchEvent::Iteration(it) => {
                    let pv = Some((it.score, self.line(&it.pv)));
                    let root_moves = self.root_moves(&it.root_moves);
                    if let Some(view) = self.view.as_mut() {
                        view.update(it.depth, pv, it.stats, root_moves);
                    }
                    if let Some(tree) = it.tree {
                        self.keep_tree(tree, true);
                    }
                }
                SearchEvent::Finished(result) => {
                    self.finish(purpose, started, result);
                    return;
                }
            }
        }
        if let Some(view) = self.view.as_mut().filter(|v| v.running) {
            view.elapsed = now.saturating_duration_since(started);
        }
    }

    /// Keeps a tree the running search recorded, in place of the one before.
    fn keep_tree(&mut self, tree: Arc<SearchTree<G::Move>>, running: bool) {
        let Some(thinking) = self.thinking.as_ref() else {
            return;
        };
        self.recording = Some(Recording {
            algorithm: thinking.algorithm,
            tree,
            root: thinking.root.clone(),
            evaluator: thinking.evaluator.clone(),
            title: thinking.title.clone(),
            running,
        });
    }

    fn finish(&mut self, purpose: Purpose, started: Instant, mut result: SearchResult<G::Move>) {
        match result.tree.take() {
            Some(tree) => self.keep_tree(Arc::new(tree), false),
            None => {
                if let Some(recording) = self.recording.as_mut() {
                    recording.running = false;
                }
            }
        }
        self.thinking = None;
        let pv = Some((result.score, self.line(&result.pv)));
        let root_moves = self.root_moves(&result.root_moves);
        let best = result.best_move.map(|m| self.game.format_move(m));
        if let Some(view) = self.view.as_mut() {
            view.update(result.depth, pv, result.stats.clone(), root_moves);
            view.finish(best.clone(), result.proven, result.stopped);
        }
        let Some(m) = result.best_move else {
            return;
        };
        match purpose {
            Purpose::Move => self.ready = Some((m, started + self.move_delay())),
            Purpose::Hint => {
                self.hint = Some(m);
                let score = crate::search::score::describe(result.score);
                let text = format!("hint: {} ({score})", best.unwrap_or_default());
                self.say(Tone::Info, text);
            }
        }
    }

    /// A line of moves from the current position, in the game's notation.
    fn line(&self, moves: &[G::Move]) -> Vec<String> {
        let mut game = self.game.clone();
        let mut texts = Vec::with_capacity(moves.len());
        for &m in moves {
            if !game.moves().contains(&m) {
                break;
            }
            texts.push(game.format_move(m));
            game.play(m);
        }
        texts
    }

    fn root_moves(
        &self,
        root_moves: &[crate::search::RootMove<G::Move>],
    ) -> Vec<super::panel::RootMoveView> {
        root_moves
            .iter()
            .map(|r| super::panel::RootMoveView {
                text: self.game.format_move(r.mv),
                score: r.score,
                exact: r.exact,
                nodes: r.nodes,
            })
            .collect()
    }

    /// True when the computer may act: running, or paused with a step granted.
    fn may_advance(&self) -> bool {
        !self.paused || self.steps > 0
    }

    fn computer_to_move(&self) -> bool {
        !self.is_over() && self.engines[self.game.to_move().index()].is_some()
    }

    fn take_pick(&mut self, pick: Pick<G::Move>) -> bool {
        match pick {
            Pick::Ignored => return false,
            Pick::Moved => self.message = None,
            Pick::Play(m) => self.play_human(m),
            Pick::Refused(why) => self.say(Tone::Refused, why),
        }
        true
    }

    /// Runs the clock of the side to move, stopped while the game is over, paused
    /// or showing the computer's chosen move; a fallen flag ends the game.
    fn run_clocks(&mut self, now: Instant) {
        let running = !self.is_over() && !self.paused && self.ready.is_none();
        let side = running.then(|| self.game.to_move());
        let Some(clocks) = self.clocks.as_mut() else {
            return;
        };
        if clocks.flagged().is_some() {
            return;
        }
        if let Some(loser) = clocks.tick(now, side) {
            self.stop_thinking();
            let text = format!("{}'s time is up", G::side_name(loser));
            self.say(Tone::Info, text);
        }
    }

    /// The side that lost on time, if one has.
    fn flagged(&self) -> Option<Player> {
        self.clocks.as_ref().and_then(Clocks::flagged)
    }

    /// Says why the board does not take a move now.
    fn refuse_board(&mut self) {
        let text = if self.is_over() {
            "the game is over: N starts a new one, u takes back a move".to_string()
        } else if self.paused {
            "the computer is paused: space resumes, n makes one move".to_string()
        } else {
            format!(
                "{} is the computer's turn",
                G::side_name(self.game.to_move())
            )
        };
        self.say(Tone::Refused, text);
    }
}

impl<G: BoardGame> Session for GameSession<G> {
    fn info(&self) -> GameInfo {
        G::info()
    }

    fn seat(&self, player: Player) -> &Seat {
        &self.seats[player.index()]
    }

    fn side_name(&self, player: Player) -> &'static str {
        G::side_name(player)
    }

    fn to_move(&self) -> Player {
        self.game.to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.flagged() {
            Some(loser) => Some(Outcome::Win(loser.other())),
            None => self.game.outcome(),
        }
    }

    fn is_over(&self) -> bool {
        self.outcome().is_some() || self.game.moves().is_empty()
    }

    fn played(&self) -> &[PlayedMove] {
        &self.played
    }

    fn redo_count(&self) -> usize {
        self.redo.len()
    }

    fn legal_moves(&self) -> Vec<String> {
        let moves = self.game.moves();
        moves
            .into_iter()
            .map(|m| self.game.format_move(m))
            .collect()
    }

    fn position(&self) -> String {
        self.game.format_position()
    }

    fn human_to_move(&self) -> bool {
        !self.is_over() && self.seat(self.game.to_move()) == &Seat::Human
    }

    fn board_size(&self) -> (u16, u16) {
        self.game.board_size()
    }

    fn status_note(&self) -> Option<String> {
        self.game.status_note()
    }

    fn render_board(&self, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let marks = Marks {
            last: self.moves.last().copied(),
            hint: self.hint,
            human_to_move: self.human_to_move(),
        };
        self.game
            .render_board(&self.cursor, &marks, theme, area, buf);
    }

    fn steer(&mut self, steer: Steer) -> bool {
        if !self.human_to_move() {
            if steer == Steer::Cancel {
                return false;
            }
            self.refuse_board();
            return true;
        }
        let pick = self.game.steer(&mut self.cursor, steer);
        self.take_pick(pick)
    }

    fn board_letter(&mut self, key: char) -> bool {
        self.game.letter(&mut self.cursor, key)
    }

    fn click(&mut self, area: Rect, at: Position) -> bool {
        if !self.human_to_move() {
            self.refuse_board();
            return true;
        }
        let pick = self.game.click(&mut self.cursor, area, at);
        self.take_pick(pick)
    }

    fn play_text(&mut self, text: &str) -> Result<(), GameError> {
        if !self.human_to_move() {
            return Err(GameError::new("it is not a human's turn"));
        }
        let m = self.game.parse_move(text)?;
        self.play_human(m);
        Ok(())
    }

    fn undo(&mut self) {
        if self.flagged().is_some() {
            return self.say(Tone::Refused, "lost on time: N starts a new game");
        }
        self.stop_thinking();
        if self.played.is_empty() {
            return self.say(Tone::Refused, "nothing to undo");
        }
        if !self.has_human() {
            self.take_back();
            self.paused = true;
            return self.say(Tone::Info, "took back one move; paused (space resumes)");
        }
        let seats = &self.seats;
        let last_human = self
            .played
            .iter()
            .rposition(|p| seats[p.by.index()] == Seat::Human);
        let Some(last_human) = last_human else {
            return self.say(Tone::Refused, "no move of a human to take back");
        };
        while self.played.len() > last_human {
            self.take_back();
        }
        self.message = None;
    }

    fn redo(&mut self) {
        self.stop_thinking();
        let Some(m) = self.redo.pop() else {
            return self.say(Tone::Refused, "nothing to redo");
        };
        self.apply(m);
        if !self.has_human() {
            self.paused = true;
            return self.say(Tone::Info, "replayed one move; paused (space resumes)");
        }
        while self.computer_to_move() {
            let Some(reply) = self.redo.pop() else { break };
            self.apply(reply);
        }
        self.message = None;
    }

    fn restart(&mut self) {
        self.stop_thinking();
        self.game = self.start.clone();
        self.played.clear();
        self.moves.clear();
        self.redo.clear();
        self.hint = None;
        self.view = None;
        self.recording = None;
        self.cursor = self.game.next_cursor(&self.cursor);
        self.paused = false;
        self.clocks = self.clocks.as_ref().map(|c| Clocks::new(c.control()));
        self.say(Tone::Info, "new game");
    }

    fn hint(&mut self) {
        if !self.human_to_move() {
            return self.say(Tone::Refused, "hints are for a human to move");
        }
        if self.thinking.is_none() {
            self.say(Tone::Info, "looking for a hint...");
            self.start_search(Purpose::Hint, Instant::now());
        }
    }

    fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.steps = 0;
        let text = if self.paused {
            "paused: space resumes, n makes one move"
        } else {
            "resumed"
        };
        self.say(Tone::Info, text);
    }

    fn step(&mut self) {
        if !self.computer_to_move() {
            return self.say(Tone::Refused, "n steps the computer: it is not its turn");
        }
        self.paused = true;
        self.steps = 1;
        self.message = None;
    }

    fn change_speed(&mut self, faster: bool) {
        self.speed = if faster {
            self.speed.saturating_sub(1)
        } else {
            (self.speed + 1).min(SPEEDS.len() - 1)
        };
        let text = format!(
            "at least {} per computer move",
            super::seconds(self.move_delay())
        );
        self.say(Tone::Info, text);
    }

    fn paused(&self) -> bool {
        self.paused
    }

    fn move_delay(&self) -> Duration {
        SPEEDS[self.speed]
    }

    fn tick(&mut self, now: Instant) {
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

    fn thinking(&self) -> bool {
        self.thinking.is_some()
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

    fn recorded_search(&self) -> Option<RecordedSearch> {
        let recording = self.recording.as_ref()?;
        if recording.tree.nodes.is_empty() {
            return None;
        }
        Some(RecordedSearch::new(
            &recording.tree,
            &recording.root,
            recording.evaluator.clone(),
            recording.algorithm,
            recording.title.clone(),
            recording.running,
            [G::side_name(Player::First), G::side_name(Player::Second)],
        ))
    }

    fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }
}
