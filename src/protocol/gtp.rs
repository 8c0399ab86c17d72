//! `ply gtp`: Go behind the Go Text Protocol (version 2), so that GoGui, GNU Go's
//! twogtp and other controllers can play against ply.
//!
//! Commands come on stdin, one per line, answered in order on stdout: `= result`
//! or `? error`, with the command's id echoed, and an empty line after each
//! answer. Every malformed line gets a `?` answer; nothing on the input panics or
//! hangs. `genmove` runs ply's Monte Carlo tree search with a time limit taken from
//! `time_settings`/`time_left` when the controller gives them, else from `--time`.

use std::time::Duration;

use crate::game::go::board::{MAX_SIZE, MIN_SIZE};
use crate::game::go::scoring::Scoring;
use crate::game::go::{DEFAULT_KOMI_HALVES, DEFAULT_SIZE, Go, GoMove, parse_komi};
use crate::game::{Game, Player};
use crate::search::mcts::{MctsTree, search_reusing};
use crate::search::{Limits, MctsConfig, SearchConfig};

/// What the command line sets for a GTP session.
#[derive(Clone, Debug)]
pub struct GtpSettings {
    /// Seconds per move for `genmove` when the controller sets no time.
    pub seconds_per_move: f64,
    /// Playouts per move instead of a time.
    pub playouts: Option<u64>,
    /// Resign below this win percentage (0: never)...
    pub resign_percent: f64,
    /// ...on this many of our moves in a row.
    pub resign_streak: u32,
    /// The UCT exploration constant in hundredths.
    pub exploration_centi: u32,
    /// RAVE's equivalence parameter in playouts.
    pub rave_equivalence: u32,
    /// The seed of the playouts, when not the default.
    pub seed: Option<u64>,
}

/// The commands this engine answers, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "final_score",
    "final_status_list",
    "showboard",
    "time_settings",
    "time_left",
    "quit",
];

/// The time a controller gave: main time and Canadian byo-yomi, and what is left.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    main: f64,
    byo_yomi: f64,
    byo_yomi_stones: u32,
    /// Seconds and byo-yomi stones left per colour, from `time_left`.
    left: [Option<(f64, u32)>; 2],
}

impl Clock {
    /// Seconds to spend on the next move of `player`, or `None` when no time
    /// control is set (then `--time` applies).
    fn budget(&self, player: Player) -> Option<f64> {
        let seconds = match self.left[player.index()] {
            Some((seconds, stones)) if stones > 0 => seconds / stones as f64,
            Some((seconds, _)) => seconds / 30.0,
            None if self.byo_yomi_stones > 0 && self.main == 0.0 => {
                self.byo_yomi / self.byo_yomi_stones as f64
            }
            None if self.main > 0.0 => self.main / 30.0,
            None => return None,
        };
        // Keep a margin for the pipe and the controller.
        Some((seconds * 0.8).clamp(0.02, 60.0))
    }
}

/// One GTP session: the game, the clock and the default thinking time.
pub struct GtpSession {
    game: Go,
    clock: Clock,
    seconds_per_move: f64,
    /// Playouts per `genmove` instead of a time, when set.
    playouts: Option<u64>,
    /// The search tree of the last `genmove`, reused below the moves played since.
    tree: Option<MctsTree<GoMove>>,
    /// The Monte Carlo settings `genmove` searches with.
    settings: MctsConfig,
    /// When to give up.
    resign: ResignRule,
    /// Our moves in a row, up to now, whose best win rate was below the resign rate.
    hopeless_moves: u32,
    /// Games started in this session: with the move number, it varies the seed.
    games_started: u64,
    /// Set by `quit`: the loop stops after answering.
    pub finished: bool,
}

/// An answer: `Ok` text after `=`, or `Err` text after `?`.
type Answer = Result<String, String>;

impl GtpSession {
    /// A fresh 9x9 game with komi 7.5 and `seconds_per_move` for `genmove`.
    pub fn new(seconds_per_move: f64) -> GtpSession {
        GtpSession {
            game: Go::new(DEFAULT_SIZE, DEFAULT_KOMI_HALVES),
            clock: Clock::default(),
            seconds_per_move,
            playouts: None,
            tree: None,
            settings: go_settings(),
            resign: ResignRule::default(),
            hopeless_moves: 0,
            games_started: 0,
            finished: false,
        }
    }

    /// A session whose `genmove` runs `playouts` playouts whatever the clock says.
    pub fn with_playouts(playouts: u64) -> GtpSession {
        GtpSession {
            playouts: Some(playouts.max(1)),
            ..GtpSession::new(1.0)
        }
    }

    /// Answers one input line; `None` for lines GTP says to ignore (empty or only
    /// a comment). The answer ends with the blank line GTP requires.
    pub fn execute(&mut self, raw: &str) -> Option<String> {
        let line = clean_line(raw);
        let mut words = line.split_whitespace().peekable();
        let first = *words.peek()?;
        let id = if first.bytes().all(|b| b.is_ascii_digit()) {
            words.next();
            first
        } else {
            ""
        };
        let answer = match words.next() {
            None => Err("missing command".to_string()),
            Some(command) => {
                let args: Vec<&str> = words.collect();
                self.command(command, &args)
            }
        };
        Some(match answer {
            Ok(text) if text.is_empty() => format!("={id}\n\n"),
            Ok(text) => format!("={id} {text}\n\n"),
            Err(text) => format!("?{id} {text}\n\n"),
        })
    }

    fn command(&mut self, command: &str, args: &[&str]) -> Answer {
        match command {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok("ply".to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => {
                let [name] = args else {
                    return Err("known_command takes one command name".to_string());
                };
                Ok(COMMANDS.contains(name).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.finished = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                let size = self.game.board().size();
                self.new_game(size);
                Ok(String::new())
            }
            "komi" => {
                let [text] = args else {
                    return Err("komi takes one number".to_string());
                };
                let komi = parse_komi(text).map_err(|e| format!("syntax error: {e}"))?;
                self.game.set_komi_halves(komi);
                Ok(String::new())
            }
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => {
                if self.game.history().is_empty() {
                    return Err("cannot undo".to_string());
                }
                self.game.undo();
                Ok(String::new())
            }
            "final_score" => Ok(Scoring::estimate(&self.game).result_text()),
            "final_status_list" => self.final_status_list(args),
            "showboard" => Ok(format!("\n{}", self.game.diagram())),
            "time_settings" => self.time_settings(args),
            "time_left" => self.time_left(args),
            _ => Err("unknown command".to_string()),
        }
    }

    /// The stones the count takes as `dead` or `alive`, one group a line, as
    /// twogtp-style referees ask before they score; seki is not told apart.
    fn final_status_list(&self, args: &[&str]) -> Answer {
        let [status] = args else {
            return Err("final_status_list takes alive, dead or seki".to_string());
        };
        let want_dead = match status.to_ascii_lowercase().as_str() {
            "dead" => true,
            "alive" => false,
            "seki" => return Err("ply does not tell seki from alive".to_string()),
            _ => return Err(format!("unknown status '{status}'")),
        };
        let count = Scoring::estimate(&self.game);
        let board = self.game.board();
        let mut seen = Vec::new();
        let mut lines = Vec::new();
        for point in board.points() {
            if board.stone(point).is_none()
                || count.is_dead(point) != want_dead
                || seen.contains(&point)
            {
                continue;
            }
            let group = board.group(point);
            lines.push(
                group
                    .iter()
                    .map(|&p| self.game.vertex(p))
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            seen.extend(group);
        }
        Ok(lines.join("\n"))
    }

    fn boardsize(&mut self, args: &[&str]) -> Answer {
        let [text] = args else {
            return Err("boardsize takes one number".to_string());
        };
        let size: usize = text
            .parse()
            .map_err(|_| "syntax error: boardsize takes a number".to_string())?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err("unacceptable size".to_string());
        }
        self.new_game(size);
        Ok(String::new())
    }

    /// An empty board of side `size` with the same komi, and nothing held against it.
    fn new_game(&mut self, size: usize) {
        self.game = Go::new(size, self.game.komi_halves());
        self.hopeless_moves = 0;
        self.games_started += 1;
    }

    fn play(&mut self, args: &[&str]) -> Answer {
        let [colour, vertex] = args else {
            return Err("syntax error: play takes a colour and a vertex".to_string());
        };
        let player = read_colour(colour)?;
        let m = self
            .game
            .read_vertex(vertex)
            .map_err(|e| format!("syntax error: {e}"))?;
        if let Some(reason) = self.game.illegal_reason(player, m) {
            return Err(format!("illegal move: {reason}"));
        }
        self.game.play_as(player, m);
        Ok(String::new())
    }

    fn genmove(&mut self, args: &[&str]) -> Answer {
        let [colour] = args else {
            return Err("syntax error: genmove takes a colour".to_string());
        };
        let player = read_colour(colour)?;
        let seconds = self.clock.budget(player).unwrap_or(self.seconds_per_move);
        let Some(m) = self.choose_move(player, Duration::from_secs_f64(seconds.max(0.001))) else {
            return Ok("resign".to_string());
        };
        self.game.play_as(player, m);
        Ok(self.game.format_move(m))
    }

    /// Monte Carlo tree search (light playouts, priors, RAVE, the tree of the last
    /// search reused) for `player`, within `time`; a pass when the game is over or
    /// the search finds nothing, `None` (resign) when the search is sure to lose.
    fn choose_move(&mut self, player: Player, time: Duration) -> Option<GoMove> {
        let mut position = self.game.clone();
        position.set_to_move(player);
        if position.passes() >= 2 {
            return Some(GoMove::Pass);
        }
        let evaluator = crate::game::go::seed;
        let limits = match self.playouts {
            Some(playouts) => Limits {
                nodes: Some(playouts),
                ..Limits::default()
            },
            None => Limits {
                time: Some(time),
                ..Limits::default()
            },
        };
        let mut config = SearchConfig::mcts(limits);
        config.mcts = self.settings;
        config.mcts.seed = search_seed(
            self.settings.seed,
            self.games_started,
            self.game.history().len(),
        );
        let result = search_reusing(
            &position,
            &evaluator,
            &config,
            None,
            &mut (),
            &mut self.tree,
        );
        report_search(&position, &result);
        if self.resign.tally(&result, &mut self.hopeless_moves) {
            return None;
        }
        Some(
            result
                .best_move
                .filter(|&m| self.game.is_legal(player, m))
                .unwrap_or(GoMove::Pass),
        )
    }

    fn time_settings(&mut self, args: &[&str]) -> Answer {
        let [main, byo_yomi, stones] = args else {
            return Err("syntax error: time_settings takes three numbers".to_string());
        };
        let main = read_seconds(main)?;
        let byo_yomi = read_seconds(byo_yomi)?;
        let stones = read_count(stones)?;
        self.clock = Clock {
            main,
            byo_yomi,
            byo_yomi_stones: stones,
            left: [None; 2],
        };
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[&str]) -> Answer {
        let [colour, seconds, stones] = args else {
            return Err("syntax error: time_left takes a colour and two numbers".to_string());
        };
        let player = read_colour(colour)?;
        let seconds = read_seconds(seconds)?;
        let stones = read_count(stones)?;
        self.clock.left[player.index()] = Some((seconds, stones));
        Ok(String::new())
    }
}

/// Monte Carlo settings that play Go well (the arcade's Go levels use the same).
pub fn go_settings() -> MctsConfig {
    crate::play::levels::mcts_for(&<crate::game::go::Go as crate::game::Playable>::profile())
}

pub use crate::play::resign::{RESIGN_PERCENT, RESIGN_STREAK, ResignRule};

/// The seed of one search: the session's, mixed with the game and the move
/// number, so that games differ yet replay exactly from the same seed.
fn search_seed(base: u64, game: u64, move_number: usize) -> u64 {
    crate::game::zobrist::mix64(base ^ game.rotate_left(32) ^ move_number as u64)
}

/// One line on stderr per search (GTP controllers show it as the engine's log):
/// the move, its win rate and the playouts, for judging resignation afterwards.
fn report_search(position: &Go, result: &crate::search::SearchResult<GoMove>) {
    let Some(best) = result
        .root_moves
        .iter()
        .find(|m| Some(m.mv) == result.best_move)
    else {
        return;
    };
    let win_rate = best
        .score
        .map_or(0.5, |s| (f64::from(s) / 1000.0 + 1.0) / 2.0);
    let playouts: u64 = result.root_moves.iter().map(|m| m.nodes).sum();
    eprintln!(
        "move {} {}: {} win rate {:.3} playouts {}",
        position.history().len() + 1,
        crate::game::go::side_name(position.to_move()),
        position.format_move(best.mv),
        win_rate,
        playouts
    );
}

/// GTP's preprocessing: control characters other than tab and newline dropped,
/// tabs made spaces, everything from `#` on a comment.
fn clean_line(raw: &str) -> String {
    let without_comment = raw.split('#').next().unwrap_or("");
    without_comment
        .chars()
        .filter(|c| !c.is_control() || *c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect()
}

fn read_colour(text: &str) -> Result<Player, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Player::First),
        "w" | "white" => Ok(Player::Second),
        _ => Err(format!("syntax error: '{text}' is not a colour")),
    }
}

fn read_seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && (0.0..=1e7).contains(s))
        .ok_or_else(|| format!("syntax error: '{text}' is not a number of seconds"))
}

fn read_count(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .map_err(|_| format!("syntax error: '{text}' is not a whole number"))
}

/// Runs the GTP loop on stdin and stdout until `quit` or the end of input.
pub fn serve(args: &GtpSettings) -> anyhow::Result<()> {
    if !(args.seconds_per_move.is_finite()
        && args.seconds_per_move > 0.0
        && args.seconds_per_move <= 3600.0)
    {
        anyhow::bail!(
            "--time {} must be between 0 and 3600 seconds",
            args.seconds_per_move
        );
    }
    if !(args.resign_percent.is_finite() && (0.0..=100.0).contains(&args.resign_percent)) {
        anyhow::bail!(
            "--resign {} must be a percentage from 0 to 100",
            args.resign_percent
        );
    }
    let mut session = match args.playouts {
        Some(playouts) => GtpSession::with_playouts(playouts),
        None => GtpSession::new(args.seconds_per_move),
    };
    session.settings.exploration_centi = args.exploration_centi;
    if let Some(seed) = args.seed {
        session.settings.seed = seed;
    }
    session.settings.rave_equivalence = args.rave_equivalence.max(1);
    session.resign = ResignRule {
        below: args.resign_percent / 100.0,
        streak: if args.resign_percent == 0.0 {
            0
        } else {
            args.resign_streak
        },
    };
    super::line::serve(|line| {
        let reply = session.execute(line).unwrap_or_default();
        (reply, session.finished)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_echoed_and_comments_ignored() {
        let mut session = GtpSession::new(0.05);
        assert_eq!(
            session.execute("7 protocol_version # hi"),
            Some("=7 2\n\n".into())
        );
        assert_eq!(session.execute("   # only a comment"), None);
        assert_eq!(session.execute(""), None);
        assert_eq!(
            session.execute("12 known_command\tgenmove"),
            Some("=12 true\n\n".into())
        );
        assert_eq!(
            session.execute("known_command resign"),
            Some("= false\n\n".into())
        );
    }

    #[test]
    fn clock_budget_follows_byo_yomi_and_main_time() {
        let mut session = GtpSession::new(1.0);
        assert_eq!(session.clock.budget(Player::First), None);
        session.execute("time_settings 0 10 5");
        assert!((session.clock.budget(Player::First).unwrap() - 1.6).abs() < 1e-9);
        session.execute("time_left white 30 0");
        assert!((session.clock.budget(Player::Second).unwrap() - 0.8).abs() < 1e-9);
    }

    #[test]
    fn genmove_resigns_a_lost_game_and_plays_on_a_won_one() {
        // Komi 100 on 9x9: Black cannot win whatever happens, White cannot lose.
        // Resignation waits for RESIGN_STREAK hopeless moves in a row.
        let mut session = GtpSession::with_playouts(4000);
        session.execute("komi 100");
        for _ in 1..RESIGN_STREAK {
            let answer = session.execute("genmove b").unwrap();
            assert!(!answer.contains("resign"), "{answer}");
        }
        let played = session.game.history().len();
        assert_eq!(session.execute("genmove b"), Some("= resign\n\n".into()));
        assert_eq!(
            session.game.history().len(),
            played,
            "a resignation plays nothing"
        );
        let answer = session.execute("genmove w").unwrap();
        assert!(
            answer.starts_with("= ") && !answer.contains("resign"),
            "{answer}"
        );
        // An even game is no reason to resign.
        let mut even = GtpSession::with_playouts(4000);
        let answer = even.execute("genmove b").unwrap();
        assert!(!answer.contains("resign"), "{answer}");
    }

    #[test]
    fn a_streak_of_zero_never_resigns() {
        // Komi 100: every search is hopeless for Black, yet `--resign 0` plays on.
        let mut session = GtpSession::with_playouts(3000);
        session.resign.streak = 0;
        session.execute("komi 100");
        for _ in 0..=RESIGN_STREAK {
            let answer = session.execute("genmove b").unwrap();
            assert!(!answer.contains("resign"), "{answer}");
        }
        assert_eq!(session.hopeless_moves, RESIGN_STREAK + 1);
    }

    #[test]
    fn genmove_keeps_the_tree_of_the_moves_played() {
        let mut session = GtpSession::with_playouts(3000);
        session.execute("boardsize 7");
        session.execute("genmove b");
        let tree = session.tree.as_ref().unwrap();
        // The reply the tree expects, and its visits.
        let best = tree
            .children(0)
            .iter()
            .copied()
            .max_by_key(|&c| tree.node(c).visits)
            .unwrap();
        let reply = tree
            .children(best)
            .iter()
            .copied()
            .max_by_key(|&c| tree.node(c).visits)
            .unwrap();
        let kept = tree.node(reply).visits;
        let reply_move = tree.node(reply).mv.unwrap();
        let vertex = session.game.format_move(reply_move);
        session.execute(&format!("play w {vertex}"));
        session.execute("genmove b");
        assert_eq!(session.tree.as_ref().unwrap().node(0).visits, kept + 3000);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// Any known command (but the slow genmove) with arbitrary arguments, and
        /// arbitrary junk, gets exactly one answer ending in a blank line.
        #[test]
        fn every_line_gets_one_well_formed_answer(
            id in proptest::option::of(0u32..1000),
            command in proptest::sample::select(COMMANDS.iter().copied().filter(|c| *c != "genmove").collect::<Vec<_>>()),
            args in r"[ a-zA-Z0-9.\-#\t]{0,24}",
            junk in r"[^\n]{0,30}",
        ) {
            let mut session = GtpSession::new(0.01);
            session.execute("boardsize 5");
            let id_text = id.map(|n| n.to_string()).unwrap_or_default();
            for line in [format!("{id_text} {command} {args}"), junk] {
                if let Some(answer) = session.execute(&line) {
                    proptest::prop_assert!(answer.starts_with('=') || answer.starts_with('?'));
                    proptest::prop_assert!(answer.ends_with("\n\n"));
                    proptest::prop_assert!(!answer.trim_end().contains("\n\n"));
                }
            }
        }
    }
}
