//! The command line, driven through the built binary: outputs, JSON shapes, and
//! refusal of bad input with status 2 and one line on stderr.

use super::common;

use std::process::Command;

use common::binary::{json, ply, stdout};
use serde_json::Value;

#[test]
fn solve_json_has_exactly_the_documented_keys() {
    let report = json(&["solve", "tictactoe", "--json"]);
    let keys = common::binary::sorted_keys(&report);
    let mut expected = [
        "game",
        "position",
        "algo",
        "depth",
        "adds",
        "prune_on_equal",
        "score",
        "max_player",
        "score_for_max",
        "value",
        "best_move",
        "pv",
        "nodes",
        "leaves",
        "cutoffs",
        "tt_hits",
        "nodes_all_passes",
        "millis",
        "nps",
        "per_ply",
        "minimax_counted",
        "minimax_nodes",
        "minimal_tree_nodes",
        "first_move_cutoff_rate",
        "branching_per_iteration",
    ];
    expected.sort_unstable();
    assert_eq!(keys, expected);
    assert_eq!(report["value"], "draw");
    assert_eq!(report["score"], 0);
    assert_eq!(report["algo"], "engine");
}

#[test]
fn plain_minimax_from_the_command_line_visits_the_whole_tic_tac_toe_tree() {
    // 549,946 nodes: the game tree of tic-tac-toe, root included (shared/reference).
    let report = json(&["solve", "tictactoe", "--algo", "minimax", "--json"]);
    assert_eq!(report["nodes"], 549_946);
    assert_eq!(report["leaves"], 255_168);
    assert_eq!(report["cutoffs"], 0);
    assert_eq!(report["value"], "draw");
    assert_eq!(report["pv"].as_array().unwrap().len(), 9);
}

#[test]
fn minimax_with_a_table_expands_each_of_the_5478_positions_once() {
    let report = json(&[
        "solve",
        "tictactoe",
        "--algo",
        "minimax",
        "--tt-mib",
        "16",
        "--json",
    ]);
    let searched = report["nodes"].as_u64().unwrap() - report["tt_hits"].as_u64().unwrap();
    assert_eq!(searched, 5478);
}

#[test]
fn grundy_seven_is_lost_for_the_player_to_move() {
    let report = json(&["solve", "grundy", "-o", "heap=7", "--json"]);
    assert_eq!(report["value"], "loss");
    assert_eq!(report["position"], "7");
}

#[test]
fn moves_and_positions_are_applied_before_searching() {
    // X holds a1 and b2, O holds b1 and c1, X to move: c3 completes the diagonal.
    let report = json(&["solve", "tictactoe", "--position", ".../.x./xoo", "--json"]);
    assert_eq!(report["best_move"], "c3");
    assert_eq!(report["value"], "win");
    let report = json(&["solve", "tictactoe", "--moves", "a1 b1 b2 c1", "--json"]);
    assert_eq!(report["position"], ".../.x./xoo");
    assert_eq!(report["best_move"], "c3");
}

#[test]
fn games_with_their_own_solver_use_it_without_limits() {
    // 3x3 Dodgem is a first-player win (Winning Ways); Kalah(3,3) is +2 for the
    // first player (Irving, Donkers and Uiterwijk 2000).
    let dodgem = json(&["solve", "dodgem", "--json"]);
    assert_eq!(dodgem["algo"], "retrograde");
    assert_eq!(dodgem["value"], "win");
    let kalah = json(&["solve", "kalah", "-o", "pits=3", "-o", "seeds=3", "--json"]);
    assert_eq!(kalah["algo"], "mtdf");
    assert_eq!(kalah["score"], 2);
    assert_eq!(kalah["value"], "win");
    let generic = json(&[
        "solve",
        "kalah",
        "-o",
        "pits=3",
        "-o",
        "seeds=3",
        "--no-solver",
        "--json",
    ]);
    assert_eq!(generic["algo"], "engine");
    assert_eq!(generic["value"], "win");
}

#[test]
fn perft_counts_and_divides() {
    // Tic-tac-toe game tree per ply (shared/reference): 9, 72, 504, 3024...
    for (depth, nodes) in [(1, 9), (2, 72), (3, 504), (4, 3024), (9, 127_872)] {
        let report = json(&["perft", "tictactoe", &depth.to_string(), "--json"]);
        assert_eq!(report["nodes"], nodes, "perft {depth}");
    }
    let report = json(&["perft", "tictactoe", "3", "--divide", "--json"]);
    let split = report["divide"].as_array().unwrap();
    assert_eq!(split.len(), 9);
    let sum: u64 = split.iter().map(|m| m["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 504);
}

#[test]
fn depth_limited_search_reports_its_depth_and_is_not_proven() {
    let report = json(&["solve", "tictactoe", "--depth", "2", "--json"]);
    assert_eq!(report["depth"], 2);
    assert_eq!(report["value"], Value::Null);
}

#[test]
fn list_names_every_game_with_its_start_position() {
    let games = json(&["list", "--json"]);
    let ids: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    for id in ["tictactoe", "grundy", "dodgem", "kalah", "synthetic"] {
        assert!(ids.contains(&id), "{id}");
    }
    let text = String::from_utf8(ply(&["list"]).stdout).unwrap();
    assert!(text.contains("start:     .../.../..."));
    // The network's size as the code builds it, not as a comment once said.
    let hidden = ply::game::chess::neural::HIDDEN;
    assert!(
        text.contains(&format!("{hidden} hidden units a side")),
        "{text}"
    );
}

#[test]
fn list_gives_each_rated_level_its_elo_and_the_command_that_measured_it() {
    let games = json(&["list", "--json"]);
    let game = |id: &str| {
        games
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap()
            .clone()
    };
    let chess = game("chess");
    let command = chess["levels_rated"]["command"].as_str().unwrap();
    assert!(command.contains("scripts/levels-elo.py"), "{command}");
    let level = |n: usize| chess["levels"][n - 1]["rating"].clone();
    assert_eq!(level(5)["elo"], 1811);
    assert_eq!(level(5)["margin"], 121);
    assert_eq!(level(5)["games"], 40);
    assert_eq!(level(5)["below"], false);
    assert_eq!(level(1)["elo"], 838);
    assert_eq!(level(1)["below"], false);
    assert_eq!(level(10)["elo"], 3029);
    let gomoku = game("gomoku");
    let command = gomoku["levels_rated"]["command"].as_str().unwrap();
    assert!(
        command.contains("scripts/gomoku-levels-elo.py"),
        "{command}"
    );
    assert_eq!(gomoku["levels"][1]["rating"]["below"], true);
    assert_eq!(gomoku["levels"][1]["rating"]["elo"], -618);
    let go = game("go");
    assert!(
        go["levels_rated"]["against"]
            .as_str()
            .unwrap()
            .contains("GNU Go")
    );
    assert_eq!(go["levels"][7]["rating"]["elo"], 114);
    assert_eq!(go["levels"][9]["rating"]["elo"], 257);
    assert_eq!(go["levels"][9]["rating"]["margin"], 192);
    let othello = game("othello");
    assert_eq!(othello["levels_rated"], Value::Null);
    assert_eq!(othello["levels"][4]["rating"], Value::Null);
    let text = String::from_utf8(ply(&["list"]).stdout).unwrap();
    assert!(text.contains("1 838 ± 247, 2 1012 ± 163"), "{text}");
    assert!(text.contains("9 2890 ± 122, 10 3029 ± 122"), "{text}");
    assert!(text.contains("2 < -618"), "{text}");
    assert!(
        text.contains("8 114 ± 162, 9 399 ± 255, 10 257 ± 192"),
        "{text}"
    );
}

#[test]
fn bench_runs_the_fixed_suite() {
    let report = json(&["bench", "--json"]);
    let cases = report["cases"].as_array().unwrap();
    assert!(cases.len() >= 5);
    let minimax = cases
        .iter()
        .find(|c| c["name"] == "tictactoe minimax")
        .unwrap();
    assert_eq!(minimax["nodes"], 549_946);
}

#[test]
fn bad_input_is_refused_with_status_2_and_one_line() {
    let cases: &[&[&str]] = &[
        &["solve", "nosuchgame"],
        &["solve", "tictactoe", "--position", "xxx"],
        &["solve", "tictactoe", "--position", "xxx/ooo/..."],
        &["solve", "tictactoe", "--position", "xxx/.../..."],
        &["solve", "tictactoe", "--moves", "a1 a1"],
        &["solve", "tictactoe", "--moves", "z9"],
        &["solve", "tictactoe", "--moves", "é1"],
        &["solve", "grundy", "-o", "heap=0"],
        &["solve", "grundy", "-o", "heap=99999999999999999999"],
        &["solve", "grundy", "-o", "size=3"],
        &["solve", "grundy", "-o", "heap"],
        &["solve", "grundy", "--position", "4,,2"],
        &["solve", "grundy", "--moves", "7=5+1"],
        &["solve", "grundy", "--moves", "4=2+2", "--position", "4"],
        &["solve", "tictactoe", "--algo", "quantum"],
        &["solve", "tictactoe", "--eval", "nope"],
        &["solve", "tictactoe", "--max", "third"],
        &["solve", "tictactoe", "--time", "0"],
        &["solve", "synthetic", "-o", "b=0"],
        &["solve", "synthetic", "-o", "order=sideways"],
        &["solve", "dodgem", "-o", "size=9"],
        &["solve", "dodgem", "-o", "rule=house"],
        &["solve", "dodgem", "-o", "first=top"],
        &["solve", "dodgem", "--position", "L../L../.BB"],
        &["solve", "dodgem", "--moves", "a2-off"],
        &["solve", "dodgem", "--moves", "b1-b2"],
        &["solve", "kalah", "-o", "pits=0"],
        &["solve", "kalah", "-o", "pits=11"],
        &["solve", "kalah", "-o", "seeds=13"],
        &["solve", "kalah", "-o", "capture=sometimes"],
        &["solve", "kalah", "--moves", "7"],
        &["solve", "kalah", "--moves", "3 3"],
        &["solve", "kalah", "--position", "4,4,4:0/4,4:0 s"],
        &["solve", "kalah", "--position", "4,4,4:0/4,4,4:0 w"],
        &["solve", "kalah", "--position", "200,200:0/1,1:0 s"],
        &["perft", "tictactoe", "999"],
        &["perft", "nosuchgame", "1"],
        &["solve", "chess"],
        &["solve", "chess", "--no-solver", "--algo", "minimax"],
    ];
    for args in cases {
        let output = ply(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("ply: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn usage_errors_exit_with_status_2_and_help_with_0() {
    assert_eq!(ply(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(ply(&["solve"]).status.code(), Some(2));
    for command in ["list", "solve", "perft", "bench"] {
        let output = ply(&[command, "--help"]);
        assert!(output.status.success(), "{command} --help");
        assert!(!output.stdout.is_empty());
    }
}

#[test]
fn a_closed_output_pipe_stops_ply_without_a_panic() {
    // `ply list | head -0`: the reader is gone before ply writes a line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("list")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn chess_is_searched_only_with_a_limit() {
    let output = ply(&["solve", "chess"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--depth, --time or --nodes"), "{stderr}");
    let report = json(&["solve", "chess", "--depth", "2", "--json"]);
    assert_eq!(report["depth"], 2);
    assert_eq!(report["value"], Value::Null);
}

/// Chess is searched with the engine's extras, quiescence among them: at depth 1
/// the queen does not take a pawn that a pawn defends (a plain depth-1 search
/// would, scoring +800 at the horizon before the recapture).
#[test]
fn chess_is_solved_with_quiescence_so_a_defended_pawn_is_not_taken() {
    let poisoned = "6k1/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
    let result = json(&[
        "solve",
        "chess",
        "--position",
        poisoned,
        "--depth",
        "1",
        "--json",
    ]);
    assert_ne!(result["best_move"], "Qxd5", "{result}");
    assert_eq!(result["score"], 700, "{result}");
}

/// `ply match` of the course's alpha-beta against itself at tic-tac-toe.
pub(super) const TICTACTOE_MATCH: [&str; 6] = [
    "match",
    "tictactoe",
    "--first",
    "alphabeta:seed",
    "--second",
    "alphabeta:seed",
];

#[test]
fn match_plays_engine_against_engine_and_sums_up() {
    // Tic-tac-toe is a draw with perfect play: ten games, ten draws.
    let output = ply(&[&TICTACTOE_MATCH[..], &["--games", "10", "--json"]].concat());
    assert!(output.status.success());
    let lines: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 11);
    for game in &lines[..10] {
        assert_eq!(game["kind"], "game");
        assert_eq!(game["result"], "1/2-1/2");
        assert_eq!(game["moves"].as_array().unwrap().len(), 9);
    }
    let summary = &lines[10];
    assert_eq!(summary["kind"], "summary");
    assert_eq!(
        (summary["draws"].as_u64(), summary["games"].as_u64()),
        (Some(10), Some(10))
    );
    assert_eq!(summary["score"], 0.5);

    // Grundy's heap of 7 is lost for the first player (OEIS A002188): with
    // --swap each engine wins exactly the games it plays second.
    let output = swapped_match_on_a_lost_heap(&[]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("0-1 as no heap can be split"), "{text}");
    assert!(text.contains("+1 =0 -1, score 0.500"), "{text}");
}

/// Two games of alpha-beta (`--first`) against minimax on Grundy's heap of 7,
/// colours swapped: each engine wins the game it plays second.
fn swapped_match_on_a_lost_heap(extra: &[&str]) -> std::process::Output {
    let mut args = swapped_match_args();
    args.extend_from_slice(extra);
    ply(&args)
}

/// The arguments of [`swapped_match_on_a_lost_heap`].
fn swapped_match_args() -> Vec<&'static str> {
    vec![
        "match",
        "grundy",
        "-o",
        "heap=7",
        "--first",
        "alphabeta:seed",
        "--second",
        "minimax:seed",
        "--games",
        "2",
        "--swap",
    ]
}

/// The games of a `ply match --json` run, without its summary.
fn match_games(args: &[&str]) -> Vec<Value> {
    let output = ply(args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .filter(|record: &Value| record["kind"] == "game")
        .collect()
}

#[test]
fn match_adjudication_ends_decided_games_with_the_result_play_would_reach() {
    // Grundy's heap of 7 is lost for the first player: alpha-beta proves it at
    // once, so `--resign 1:1` ends each game after both engines' first moves,
    // with the result of the games played out (0-1 both, by --swap).
    let played = match_games(&[&swapped_match_args()[..], &["--json"]].concat());
    let adjudicated =
        match_games(&[&swapped_match_args()[..], &["--json", "--resign", "1:1"]].concat());
    for (full, short) in played.iter().zip(&adjudicated) {
        assert_eq!(short["result"], full["result"]);
        assert_eq!(short["reason"], "by adjudication");
        assert!(short["moves"].as_array().unwrap().len() < full["moves"].as_array().unwrap().len());
    }
    // Tic-tac-toe is a draw: both searches score 0 from the first move on.
    let drawn = match_games(
        &[
            &TICTACTOE_MATCH[..],
            &["--games", "2", "--json", "--draw", "0:1:0"],
        ]
        .concat(),
    );
    for game in &drawn {
        assert_eq!(
            (&game["result"], &game["reason"]),
            (&Value::from("1/2-1/2"), &Value::from("by adjudication"))
        );
        assert_eq!(game["moves"].as_array().unwrap().len(), 2, "{game}");
    }
}

#[test]
fn match_json_names_whose_points_each_game_gives() {
    // Grundy's heap of 7 is lost for the first player: `--first`'s engine loses
    // game 1, where it moves first, and wins game 2, where --swap makes it second.
    let output = swapped_match_on_a_lost_heap(&["--json"]);
    let games: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .filter(|record: &Value| record["kind"] == "game")
        .collect();
    let seen: Vec<_> = games
        .iter()
        .map(|g| {
            (
                g["first"].as_str().unwrap().to_string(),
                g["result"].as_str().unwrap().to_string(),
                g["points_for"].as_str().unwrap().to_string(),
                g["points"].as_f64(),
            )
        })
        .collect();
    let named = |first: &str, result: &str, points: f64| {
        (
            first.to_string(),
            result.to_string(),
            "alphabeta:seed".to_string(),
            Some(points),
        )
    };
    assert_eq!(
        seen,
        [
            named("alphabeta:seed", "0-1", 0.0),
            named("minimax:seed", "0-1", 1.0)
        ]
    );
}

#[test]
fn match_refuses_bad_engines_and_openings_with_one_line() {
    for args in [
        &[
            "match",
            "tictactoe",
            "--first",
            "magic:seed",
            "--second",
            "alphabeta:seed",
        ][..],
        &[
            "match",
            "tictactoe",
            "--first",
            "alphabeta:nosuch",
            "--second",
            "alphabeta:seed",
        ],
        &[
            "match",
            "tictactoe",
            "--first",
            "alphabeta:seed:depth=0",
            "--second",
            "alphabeta:seed",
        ],
        &[
            "match",
            "nosuchgame",
            "--first",
            "alphabeta:seed",
            "--second",
            "alphabeta:seed",
        ],
        &[&TICTACTOE_MATCH[..], &["--openings", "/nonexistent"]].concat(),
        &[&TICTACTOE_MATCH[..], &["--resign", "3"]].concat(),
        &[&TICTACTOE_MATCH[..], &["--draw", "80:0:10"]].concat(),
        &[&TICTACTOE_MATCH[..], &["--resign", "3:-5"]].concat(),
    ] {
        let output = ply(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert_eq!(error.trim_end().lines().count(), 1, "{args:?}: {error}");
    }
}

#[test]
fn match_help_names_every_engine_switch() {
    // The switches `no=`/`with=` accept are the engine's own list; the help a
    // user reads to measure them must not fall behind it.
    let help = stdout(&["match", "--help"]);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for name in ply::search::limits::ENGINE_EXTRAS.iter().map(|e| e.name) {
        let named = flat
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|word| word == name);
        assert!(named, "`ply match --help` does not name the switch {name}");
    }
}
