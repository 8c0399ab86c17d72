//! Runs a search on its own thread and reports it as events on a channel, so that a
//! user interface can keep drawing and answering keys while the computer thinks.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Instant;

use super::iterative::search;
use super::limits::SearchConfig;
use super::report::{Iteration, Observer, Progress, SearchResult};
use crate::game::{Evaluator, ExactSolution, SearchHooks};

/// What a background search reports.
#[derive(Clone, Debug)]
pub enum SearchEvent<M> {
    /// A snapshot, at most about every 100 ms.
    Progress(Progress<M>),
    /// An iteration of iterative deepening finished.
    Iteration(Iteration<M>),
    /// The search is over (also after a stop); always the last event.
    Finished(SearchResult<M>),
}

/// A running background search.
pub struct SearchHandle<M> {
    /// The events, in order; `Finished` is always the last.
    pub events: Receiver<SearchEvent<M>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl<M> SearchHandle<M> {
    /// Asks the search to stop; it sends its final event promptly.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// A flag the caller can share to stop the search from elsewhere.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Waits for the final result, discarding other events.
    pub fn wait(mut self) -> Option<SearchResult<M>> {
        let mut last = None;
        for event in self.events.iter() {
            if let SearchEvent::Finished(result) = event {
                last = Some(result);
            }
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        last
    }
}

impl<M> Drop for SearchHandle<M> {
    fn drop(&mut self) {
        // A search nobody listens to any more has no reason to keep a core busy.
        self.stop();
    }
}

struct ChannelObserver<M> {
    sender: Sender<SearchEvent<M>>,
}

impl<M: Clone> Observer<M> for ChannelObserver<M> {
    fn progress(&mut self, progress: &Progress<M>) {
        let _ = self.sender.send(SearchEvent::Progress(progress.clone()));
    }
    fn iteration(&mut self, iteration: &Iteration<M>) {
        let _ = self.sender.send(SearchEvent::Iteration(iteration.clone()));
    }
}

/// Deep searches recurse once per ply; give the thread room for long games.
const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Starts searching `game` on a new thread.
pub fn spawn_search<G: SearchHooks>(
    game: G,
    evaluator: Arc<dyn Evaluator<G>>,
    config: SearchConfig,
) -> SearchHandle<G::Move> {
    spawn_job(move |stop, observer| {
        search(&game, evaluator.as_ref(), &config, Some(stop), observer)
    })
}

/// Runs a game's exact solver (given the stop flag) on a new thread, and reports
/// its answer as a search result ([`SearchResult::from_exact`]).
pub fn spawn_exact_solve<M: Clone + Send + Sync + 'static>(
    solve: impl FnOnce(&AtomicBool) -> Option<ExactSolution<M>> + Send + 'static,
) -> SearchHandle<M> {
    spawn_job(move |stop, _observer| {
        let start = Instant::now();
        let solution = solve(stop);
        SearchResult::from_exact(solution, start.elapsed())
    })
}

/// Runs `job` (a search, given the stop flag and the observer to report to) on a
/// new thread, and sends its result as the final event.
pub(super) fn spawn_job<M: Clone + Send + Sync + 'static>(
    job: impl FnOnce(&AtomicBool, &mut dyn Observer<M>) -> SearchResult<M> + Send + 'static,
) -> SearchHandle<M> {
    let (sender, events) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let thread_stop = stop.clone();
    let thread = std::thread::Builder::new()
        .name("ply-search".into())
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || {
            let mut observer = ChannelObserver { sender };
            let result = job(&thread_stop, &mut observer);
            let _ = observer.sender.send(SearchEvent::Finished(result));
        })
        .expect("the operating system refused to start the search thread");
    SearchHandle {
        events,
        stop,
        thread: Some(thread),
    }
}
