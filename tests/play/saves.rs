//! Saves that tell the truth, driven through the arcade with keys: a store that
//! cannot be written (a data directory under a regular file, which fails for root
//! too; a `games` folder that is a file) is never promised as kept, the leave
//! question says why and where the game was last kept; two arcades on one save
//! (two store handles in this process) do not write over each other; `d` asks
//! before deleting; a save whose name is not UTF-8 is resumed into the same file;
//! a failed save on SIGTERM is said on stderr after the terminal is back (tmux).

use super::common;
use super::keep::{open, play_square, scratch_store, two_humans};

use std::fs;
use std::path::PathBuf;

use common::arcade::Arcade;
use common::screen::box_text;
use ply::play::store::{SavedGame, Store};
use ply::tui::Launch;
use ply::tui::app::Front as Screen;
use ratatui::crossterm::event::KeyCode;

/// A folder of its own in the temporary directory, empty.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-saves-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The leave question, asked with Esc: the words of its box, unwrapped.
fn leave_question(arcade: &mut Arcade) -> String {
    arcade.press(KeyCode::Esc);
    let screen = arcade.screen();
    box_text(&screen, "Leave this game?").unwrap_or_else(|| panic!("no leave question:\n{screen}"))
}

#[test]
fn a_store_under_a_regular_file_is_never_promised_as_kept() {
    let dir = scratch_dir("under-file");
    fs::write(dir.join("file"), "a regular file").unwrap();
    let store = Store::at(dir.join("file/sub/games"));
    let mut arcade = open(Launch::Game(two_humans()), &store);
    play_square(&mut arcade, "b2");
    let screen = arcade.screen();
    assert!(screen.contains("could not save the game in"), "{screen}");
    assert!(screen.contains("NOT SAVED"), "{screen}");
    play_square(&mut arcade, "a1");
    assert!(
        arcade.screen().contains("NOT SAVED"),
        "the failure stays in sight"
    );

    let asked = leave_question(&mut arcade);
    assert!(!asked.contains("It stays in saved games"), "{asked}");
    assert!(asked.contains("It could not be saved in"), "{asked}");
    assert!(asked.contains("Not a directory"), "{asked}");
    assert!(
        asked.contains("It was never kept: its moves will be lost."),
        "{asked}"
    );
    let trouble = arcade
        .app
        .save_trouble()
        .expect("the failure is kept for the exit");
    assert!(!trouble.contains('\n'));
    assert!(
        trouble.starts_with("the game could not be saved in "),
        "{trouble}"
    );
    assert!(trouble.ends_with("; it was never kept"), "{trouble}");
    arcade.press(KeyCode::Char('n'));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_save_that_fails_later_says_where_it_was_last_kept_and_recovers() {
    let store = scratch_store("games-a-file");
    let mut arcade = open(Launch::Game(two_humans()), &store);
    play_square(&mut arcade, "b2");
    let kept = store.path(&store.list()[0].id);
    assert!(arcade.app.save_trouble().is_none());

    // The games folder becomes a file: the next save fails.
    let aside = store.dir().with_extension("aside");
    fs::rename(store.dir(), &aside).unwrap();
    fs::write(store.dir(), "not a folder").unwrap();
    play_square(&mut arcade, "a1");
    let asked = leave_question(&mut arcade);
    assert!(asked.contains("It could not be saved in"), "{asked}");
    assert!(asked.contains("File exists"), "{asked}");
    assert!(
        asked.contains("It was last kept after 1 move, in"),
        "{asked}"
    );
    let trouble = arcade.app.save_trouble().unwrap();
    let last = format!("; last kept after 1 move in {}", kept.display());
    assert!(trouble.ends_with(&last), "{trouble}");
    arcade.press(KeyCode::Char('n'));

    // The folder back: the next move is saved and the warning goes.
    fs::remove_file(store.dir()).unwrap();
    fs::rename(&aside, store.dir()).unwrap();
    play_square(&mut arcade, "c3");
    assert!(!arcade.screen().contains("NOT SAVED"));
    assert!(arcade.app.save_trouble().is_none());
    let asked = leave_question(&mut arcade);
    assert!(asked.contains("It stays in saved games"), "{asked}");
    let listed = store.list();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].record.as_ref().unwrap().moves, ["b2", "a1", "c3"]);
    fs::remove_dir_all(store.dir()).unwrap();
}

#[test]
fn a_second_arcade_sees_the_game_in_use_and_only_reviews_it() {
    let store = scratch_store("two-arcades");
    let mut first = open(Launch::Game(two_humans()), &store);
    play_square(&mut first, "b2");
    let id = store.list()[0].id.clone();
    let me = std::process::id();

    let mut second = open(Launch::Menu, &store);
    second.press(KeyCode::Char('s'));
    let list = second.screen();
    let held = format!("in use by another arcade (pid {me})");
    assert!(list.contains(&held), "{list}");
    second.press(KeyCode::Enter);
    assert!(
        matches!(second.app.screen(), Screen::Review { .. }),
        "a game another arcade has open is only reviewed"
    );
    second.press(KeyCode::Esc);
    assert!(second.screen().contains("opened for review only"));
    second.press(KeyCode::Char('d'));
    second.press(KeyCode::Char('y'));
    let refused = second.screen();
    assert!(
        refused.contains(&format!("could not delete {id}: {held}")),
        "{refused}"
    );
    assert!(store.path(&id).exists());

    // The first arcade plays on into its file; once it leaves, the second resumes.
    play_square(&mut first, "a1");
    first.press(KeyCode::Esc);
    first.press(KeyCode::Char('y'));
    assert!(matches!(first.app.screen(), Screen::Menu));
    let mut third = open(Launch::Menu, &store);
    third.press(KeyCode::Char('s'));
    assert!(!third.screen().contains("in use"));
    third.press(KeyCode::Enter);
    assert_eq!(third.moves_played(), ["b2", "a1"]);
    play_square(&mut third, "c3");
    assert_eq!(store.list().len(), 1);
    assert_eq!(store.load(&id).unwrap().moves, ["b2", "a1", "c3"]);
    fs::remove_dir_all(store.dir()).unwrap();
}

#[test]
fn d_asks_before_deleting() {
    let store = scratch_store("delete");
    let mut arcade = open(Launch::Game(two_humans()), &store);
    play_square(&mut arcade, "b2");
    drop(arcade);
    let id = store.list()[0].id.clone();

    let mut arcade = open(Launch::Menu, &store);
    arcade.press(KeyCode::Char('s'));
    arcade.press(KeyCode::Char('d'));
    let asked = arcade.screen();
    assert!(
        asked.contains(&format!("Delete Tic-tac-toe ({id})? y yes")),
        "{asked}"
    );
    assert!(
        store.path(&id).exists(),
        "nothing is deleted before the yes"
    );
    arcade.press(KeyCode::Char('n'));
    assert!(arcade.screen().contains("nothing deleted"));
    assert!(store.path(&id).exists());
    arcade.press(KeyCode::Char('d'));
    arcade.press(KeyCode::Char('y'));
    assert!(arcade.screen().contains(&format!("deleted {id}")));
    assert!(!store.path(&id).exists());
    assert!(store.list().is_empty());
    fs::remove_dir_all(store.dir()).unwrap();
}

#[cfg(unix)]
#[test]
fn a_save_named_in_bytes_that_are_not_utf8_resumes_into_the_same_file() {
    use std::os::unix::ffi::OsStrExt;
    let store = scratch_store("not-utf8");
    fs::create_dir_all(store.dir()).unwrap();
    let name = std::ffi::OsStr::from_bytes(b"partie-\xe9t\xe9");
    let record = SavedGame::new(&two_humans(), vec!["b2".into()]);
    let mut file_name = name.to_os_string();
    file_name.push(".json");
    let text = serde_json::to_string(&record).unwrap();
    fs::write(store.dir().join(&file_name), text).unwrap();

    let mut arcade = open(Launch::Menu, &store);
    arcade.press(KeyCode::Char('s'));
    arcade.press(KeyCode::Enter);
    assert_eq!(arcade.moves_played(), ["b2"]);
    play_square(&mut arcade, "a1");
    let listed = store.list();
    assert_eq!(
        listed.len(),
        1,
        "resumed into its own file, not a renamed twin"
    );
    assert_eq!(listed[0].id.as_os_str(), name);
    assert_eq!(
        listed[0].id.to_string(),
        "partie-\u{fffd}t\u{fffd}",
        "shown lossily"
    );
    assert_eq!(listed[0].record.as_ref().unwrap().moves, ["b2", "a1"]);
    fs::remove_dir_all(store.dir()).unwrap();
}

#[test]
fn a_failed_save_on_sigterm_is_said_on_stderr_after_the_terminal_is_back() {
    common::tmux::run_script("save-fail-tmux.sh");
}
