//! The boards as a player meets them in the arcade: every board whole at the
//! 80x24 minimum, larger cells on a large terminal, each game's look (xiangqi's
//! colours, chess's check, the board turned for the second side), and moves typed
//! in the game's notation. Drawn on a `TestBackend`, driven by keys.

use super::common;

use common::arcade::Arcade;
use ply::game::chess::Chess;
use ply::game::{Game, GameOptions, Playable};
use ply::tui::app::App;
use ply::tui::board::arcade_games;
use ply::tui::session;
use ply::tui::theme::Theme;
use ply::tui::{EngineSettings, Launch, PlaySetup, Seat};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

/// The arcade on a game of `setup`, drawn `size` in `theme`.
fn open(setup: PlaySetup, size: (u16, u16), theme: Theme) -> Arcade {
    let app = App::new(Launch::Game(setup), theme).expect("the setup is valid");
    Arcade::on(app, size)
}

/// Both sides human: nothing moves but the keys.
fn humans(game: &str) -> PlaySetup {
    PlaySetup {
        second: Seat::Human,
        ..PlaySetup::new(game)
    }
}

/// The cells of `area` in `buf`, row by row.
fn cells(buf: &Buffer, area: Rect) -> Vec<Vec<String>> {
    (area.y..area.bottom())
        .map(|y| {
            (area.x..area.right())
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

/// The inside of the box titled ` Board `.
fn board_box(buf: &Buffer) -> Rect {
    let area = buf.area;
    let rows = cells(buf, area);
    let (top, left) = rows
        .iter()
        .enumerate()
        .find_map(|(y, row)| {
            let line: String = row.concat();
            let column = row.iter().position(|c| c == "┌")?;
            line.contains("┌ Board ").then_some((y, column))
        })
        .expect("a board box");
    let right = (left + 1..rows[top].len())
        .find(|&x| rows[top][x] == "┐")
        .expect("the box's top right corner");
    let bottom = (top + 1..rows.len())
        .find(|&y| rows[y][left] == "└")
        .expect("the box's bottom left corner");
    Rect::new(
        left as u16 + 1,
        top as u16 + 1,
        (right - left - 1) as u16,
        (bottom - top - 1) as u16,
    )
}

/// True when `inner` (cells) holds every visible cell of `drawing` at one offset.
fn holds(inner: &[Vec<String>], drawing: &[Vec<String>]) -> bool {
    let (height, width) = (drawing.len(), drawing.first().map_or(0, Vec::len));
    if inner.len() < height || inner.first().map_or(0, Vec::len) < width {
        return false;
    }
    (0..=inner.len() - height).any(|dy| {
        (0..=inner[0].len() - width).any(|dx| {
            drawing.iter().enumerate().all(|(y, row)| {
                row.iter()
                    .enumerate()
                    .all(|(x, cell)| cell.trim().is_empty() || inner[y + dy][x + dx] == *cell)
            })
        })
    })
}

#[test]
fn every_board_is_whole_in_an_80x24_terminal() {
    let mut checked = Vec::new();
    for info in arcade_games() {
        let setup = humans(info.id);
        // The board's whole drawing, alone in an area of exactly its size.
        let alone = session::open(&setup).unwrap();
        let (width, height) = alone.board_size();
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        alone.render_board(&Theme::plain(), area, &mut buf);
        let drawing = cells(&buf, area);

        let mut screen = open(setup, (80, 24), Theme::plain());
        let shown = screen.buffer();
        let inner = cells(&shown, board_box(&shown));
        assert!(
            holds(&inner, &drawing),
            "{}: the board at 80x24 lacks part of its drawing:\n{}\n---\n{}",
            info.id,
            inner
                .iter()
                .map(|r| r.concat())
                .collect::<Vec<_>>()
                .join("\n"),
            drawing
                .iter()
                .map(|r| r.concat())
                .collect::<Vec<_>>()
                .join("\n"),
        );
        checked.push(info.id);
    }
    // The eleven games of the arcade and Go (9x9 by default).
    assert_eq!(checked.len(), 12, "{checked:?}");
}

/// The rows of the box whose text, trimmed, starts with each of `labels` in turn.
fn label_rows(inner: &[Vec<String>], labels: &[&str]) -> Vec<usize> {
    labels
        .iter()
        .map(|label| {
            inner
                .iter()
                .position(|row| {
                    let text = row.concat();
                    let text = text.trim_start();
                    text.starts_with(label) && text[label.len()..].starts_with(' ')
                })
                .unwrap_or_else(|| panic!("no row labelled {label}"))
        })
        .collect()
}

#[test]
fn crowded_boards_keep_every_rank_and_file_at_80x24() {
    let files = |letters: &str, gap: usize| {
        letters
            .chars()
            .map(String::from)
            .collect::<Vec<_>>()
            .join(&" ".repeat(gap))
    };
    let cases = [
        ("xiangqi", "9876543210", files("abcdefghi", 2)),
        ("gomoku", "", files("abcdefghijklmno", 1)),
        ("chess", "87654321", files("abcdefgh", 2)),
    ];
    for (game, ranks, file_row) in cases {
        let mut screen = open(humans(game), (80, 24), Theme::plain());
        let shown = screen.buffer();
        let inner = cells(&shown, board_box(&shown));
        let ranks: Vec<String> = if ranks.is_empty() {
            (1..=15).rev().map(|r| r.to_string()).collect()
        } else {
            ranks.chars().map(String::from).collect()
        };
        let labels: Vec<&str> = ranks.iter().map(String::as_str).collect();
        let rows = label_rows(&inner, &labels);
        assert!(rows.windows(2).all(|w| w[0] < w[1]), "{game}: {rows:?}");
        assert!(
            inner.iter().any(|row| row.concat().trim() == file_row),
            "{game}: no row of files {file_row}"
        );
    }
}

#[test]
fn a_large_terminal_gets_larger_squares() {
    let mut small = open(humans("chess"), (80, 24), Theme::plain());
    let small_box = board_box(&small.buffer());
    let mut large = open(humans("chess"), (200, 60), Theme::plain());
    let shown = large.buffer();
    let large_box = board_box(&shown);
    assert!(large_box.width > 2 * small_box.width, "{large_box:?}");
    let inner = cells(&shown, large_box);
    // Squares nine columns wide and four rows high: ranks four rows apart, files
    // nine columns apart, every one of them shown.
    let rows = label_rows(&inner, &["8", "7", "6", "5", "4", "3", "2", "1"]);
    assert!(rows.windows(2).all(|w| w[1] - w[0] == 4), "{rows:?}");
    let files = ('a'..='h')
        .map(String::from)
        .collect::<Vec<_>>()
        .join(&" ".repeat(8));
    assert!(inner.iter().any(|row| row.concat().trim() == files));
    // The pieces sit in the middle of their squares: the back rank is spaced out.
    let back = inner[rows[7]].concat();
    assert!(back.contains("R        N        B"), "{back}");

    let mut xiangqi = open(humans("xiangqi"), (200, 60), Theme::plain());
    let shown = xiangqi.buffer();
    let inner = cells(&shown, board_box(&shown));
    let rows = label_rows(&inner, &["9", "8", "7", "6", "5", "4", "3", "2", "1", "0"]);
    assert!(rows.windows(2).all(|w| w[1] - w[0] == 3), "{rows:?}");
}

#[test]
fn xiangqi_red_is_red_and_black_is_bold_in_the_terminal_colour() {
    let mut screen = open(humans("xiangqi"), (100, 30), Theme::colored());
    let buf = screen.buffer();
    let find = |glyph: &str| {
        let area = buf.area;
        (area.y..area.bottom())
            .flat_map(|y| (area.x..area.right()).map(move |x| (x, y)))
            .find(|&(x, y)| buf[(x, y)].symbol() == glyph)
            .map(|at| buf[at].clone())
            .unwrap_or_else(|| panic!("no {glyph} on screen"))
    };
    let red = find("帥");
    assert_eq!(red.fg, Color::Red);
    assert!(red.modifier.contains(Modifier::BOLD));
    let black = find("將");
    assert_eq!(black.fg, Color::Reset, "Black keeps the terminal's colour");
    assert!(black.modifier.contains(Modifier::BOLD));
    for soldier in ["兵", "卒"] {
        assert_ne!(find(soldier).fg, Color::Blue);
    }
    // Without colour the sides differ by their letters.
    let mut plain = open(humans("xiangqi"), (100, 30), Theme::plain());
    let text = plain.screen();
    assert!(text.contains("R─") && text.contains("r─"), "{text}");
}

#[test]
fn a_king_in_check_is_marked_without_colour() {
    let setup = PlaySetup {
        moves: Some("e4 f5 Qh5+".into()),
        ..humans("chess")
    };
    let mut screen = open(setup, (80, 24), Theme::plain());
    let text = screen.screen();
    assert!(text.contains("+k+"), "{text}");
    let quiet = PlaySetup {
        moves: Some("e4 f5 Qh5+ g6".into()),
        ..humans("chess")
    };
    assert!(
        !open(quiet, (80, 24), Theme::plain())
            .screen()
            .contains("+k+")
    );

    let general = PlaySetup {
        position: Some("3k5/4r4/9/9/9/9/9/9/9/3AKR3 w - - 0 1".into()),
        ..humans("xiangqi")
    };
    let text = open(general, (80, 24), Theme::plain()).screen();
    assert!(text.contains("K+"), "{text}");
}

#[test]
fn the_board_turns_for_a_human_playing_second_against_the_computer() {
    let computer = Seat::Computer(EngineSettings::for_game("chess"));
    let second = PlaySetup {
        first: computer.clone(),
        second: Seat::Human,
        ..PlaySetup::new("chess")
    };
    let mut screen = open(second, (80, 24), Theme::plain());
    let shown = screen.buffer();
    let inner = cells(&shown, board_box(&shown));
    let rows = label_rows(&inner, &["1", "8"]);
    assert!(rows[0] < rows[1], "White's first rank on top");
    let files = ('a'..='h').rev().map(String::from).collect::<Vec<_>>();
    let files = files.join("  ");
    assert!(inner.iter().any(|row| row.concat().trim() == files));

    let mut first = open(PlaySetup::new("chess"), (80, 24), Theme::plain());
    let shown = first.buffer();
    let rows = label_rows(&cells(&shown, board_box(&shown)), &["1", "8"]);
    assert!(rows[0] > rows[1], "the human's side at the bottom");
}

#[test]
fn a_typed_san_move_is_played_and_tab_completes() {
    let mut screen = open(humans("chess"), (80, 24), Theme::plain());
    // A letter no key uses starts the move line.
    screen.type_text("e4");
    let text = screen.screen();
    assert!(text.contains("move (SAN): e4"), "{text}");
    screen.press(KeyCode::Enter);
    assert_eq!(screen.moves_played(), ["e4"]);
    screen.type_text(":Nf");
    let text = screen.screen();
    assert!(text.contains("Tab: Nf6"), "{text}");
    screen.press(KeyCode::Tab);
    screen.press(KeyCode::Enter);
    assert_eq!(screen.moves_played(), ["e4", "Nf6"]);
    // UCI is read too, and shown in SAN.
    screen.type_text(":g1f3");
    screen.press(KeyCode::Enter);
    assert_eq!(screen.moves_played(), ["e4", "Nf6", "Nf3"]);
    // Esc leaves the line without a move.
    screen.type_text("d6");
    screen.press(KeyCode::Esc);
    assert_eq!(screen.moves_played().len(), 3);
    assert!(!screen.screen().contains("move:"));
}

#[test]
fn a_malformed_typed_move_shows_the_parsers_message_and_changes_nothing() {
    let mut screen = open(humans("chess"), (100, 30), Theme::plain());
    screen.type_text("e4");
    screen.press(KeyCode::Enter);
    let before = screen.app.session().unwrap().position();
    let after_e4 = Chess::start(&GameOptions::default())
        .and_then(|mut g| {
            g.play_moves("e4")?;
            Ok(g)
        })
        .unwrap();
    for typed in ["e9", "Ke3", "zz"] {
        screen.type_text(":");
        screen.type_text(typed);
        screen.press(KeyCode::Enter);
        let message = after_e4.parse_move(typed).unwrap_err().0;
        let text = screen.screen();
        assert!(text.contains(&message), "{typed}: {message}\n{text}");
        assert_eq!(screen.moves_played(), ["e4"]);
        assert_eq!(screen.app.session().unwrap().position(), before);
        screen.press(KeyCode::Esc);
    }
}

#[test]
fn a_typed_iccs_move_is_played_and_w_switches_the_notation() {
    let mut screen = open(humans("xiangqi"), (100, 30), Theme::plain());
    screen.type_text(":h2e2");
    screen.press(KeyCode::Enter);
    // The move list writes WXF until `w` asks for ICCS.
    assert_eq!(screen.moves_played(), ["C2=5"]);
    // Completion offers the notation on screen and the other one the parser reads.
    screen.type_text(":h7e");
    let text = screen.screen();
    assert!(
        text.contains("move (WXF): h7e") && text.contains("Tab: h7e7"),
        "{text}"
    );
    screen.press(KeyCode::Esc);
    screen.type_text(":C8=5");
    screen.press(KeyCode::Enter);
    assert_eq!(screen.moves_played(), ["C2=5", "C8=5"]);
    screen.type_text("W");
    assert_eq!(screen.moves_played(), ["h2e2", "h7e7"]);
    screen.type_text(":");
    let text = screen.screen();
    assert!(text.contains("move (ICCS):"), "{text}");
    assert!(text.contains("h0g2"), "ICCS completions: {text}");
}
