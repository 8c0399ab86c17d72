//! Background work the arcade never waits for: building the explorer's tree,
//! writing it to files, the minimax comparison. Modelled on gitui's asyncgit: a
//! [`Job`] is the slot of one kind of work, at most one runs in it, a newer one
//! replaces the older (whose result is then dropped and whose cancel flag is
//! raised), and the screen pulls what came in from its `tick`, so results only
//! ever arrive on the UI thread, between frames.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

/// Jobs may search, which recurses once per ply: the stack a search thread gets.
const JOB_STACK_BYTES: usize = 64 << 20;

/// What a job sent, as the UI takes it in.
#[derive(Debug, PartialEq, Eq)]
pub enum Update<T> {
    /// News on the way (a node count so far).
    Progress(T),
    /// The job's result; it is over.
    Done(T),
    /// The job's thread ended without a result: it panicked, or the system
    /// refused the thread.
    Failed,
}

/// The worker's side of a job: where it sends progress and learns it is no
/// longer wanted.
pub struct Reporter<T> {
    sender: Sender<Update<T>>,
    cancel: Arc<AtomicBool>,
}

impl<T> Reporter<T> {
    /// Sends news to the UI; false once nobody listens (the job was replaced or
    /// dropped), so a loop can stop.
    pub fn progress(&self, news: T) -> bool {
        self.sender.send(Update::Progress(news)).is_ok()
    }

    /// The flag raised when the job is replaced or dropped, for work (a search)
    /// that checks a stop flag of its own.
    pub fn cancel_flag(&self) -> &AtomicBool {
        &self.cancel
    }

    /// True once the job is no longer wanted.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// The work of a job: given its reporter, it returns the result.
pub type Work<T> = Box<dyn FnOnce(&Reporter<T>) -> T + Send>;

/// One job under way: its updates and its cancel flag.
struct Running<T> {
    updates: Receiver<Update<T>>,
    cancel: Arc<AtomicBool>,
}

impl<T> Drop for Running<T> {
    fn drop(&mut self) {
        // Work nobody will read has no reason to keep a core busy.
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The slot of one kind of background job; dropping it abandons the job.
pub struct Job<T> {
    /// Names the threads, so a panic report says which job died.
    name: &'static str,
    running: Option<Running<T>>,
    started: usize,
}

impl<T: Send + 'static> Job<T> {
    /// An empty slot for jobs called `name`.
    pub fn new(name: &'static str) -> Job<T> {
        Job {
            name,
            running: None,
            started: 0,
        }
    }

    /// Runs `work` on a thread of its own, replacing the job under way, if any.
    pub fn start(&mut self, work: impl FnOnce(&Reporter<T>) -> T + Send + 'static) {
        let (sender, updates) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let reporter = Reporter {
            sender,
            cancel: cancel.clone(),
        };
        let spawned = std::thread::Builder::new()
            .name(format!("ply-{}", self.name))
            .stack_size(JOB_STACK_BYTES)
            .spawn(move || {
                let result = work(&reporter);
                // Nobody listens when the job was replaced: nothing to do then.
                let _ = reporter.sender.send(Update::Done(result));
            });
        // A thread refused by the system drops the sender: the job reads as failed.
        drop(spawned);
        self.running = Some(Running { updates, cancel });
        self.started += 1;
    }

    /// True while a job runs (its result not yet taken in).
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// How many jobs were started in this slot.
    pub fn started(&self) -> usize {
        self.started
    }

    /// Abandons the job under way; true when there was one.
    pub fn cancel(&mut self) -> bool {
        self.running.take().is_some()
    }

    /// Takes in what the job sent since the last call, oldest first; never
    /// blocks. After `Done` or `Failed` the slot is free.
    pub fn poll(&mut self) -> Vec<Update<T>> {
        let Some(running) = self.running.as_ref() else {
            return Vec::new();
        };
        let mut updates = Vec::new();
        loop {
            match running.updates.try_recv() {
                Ok(Update::Progress(news)) => updates.push(Update::Progress(news)),
                Ok(end) => {
                    updates.push(end);
                    break;
                }
                Err(TryRecvError::Empty) => return updates,
                Err(TryRecvError::Disconnected) => {
                    updates.push(Update::Failed);
                    break;
                }
            }
        }
        self.running = None;
        updates
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Polls until the slot is free, gathering every update.
    fn finish<T: Send + 'static>(job: &mut Job<T>) -> Vec<Update<T>> {
        let start = Instant::now();
        let mut all = Vec::new();
        while job.is_running() {
            assert!(start.elapsed() < Duration::from_secs(10), "the job hangs");
            all.extend(job.poll());
            std::thread::sleep(Duration::from_millis(1));
        }
        all
    }

    #[test]
    fn a_job_reports_progress_then_its_result() {
        let mut job = Job::new("test");
        job.start(|reporter| {
            reporter.progress(1);
            reporter.progress(2);
            3
        });
        assert_eq!(
            finish(&mut job),
            [Update::Progress(1), Update::Progress(2), Update::Done(3)]
        );
        assert_eq!(job.started(), 1);
        assert!(job.poll().is_empty(), "a free slot has nothing more");
    }

    #[test]
    fn a_newer_job_replaces_the_older_whose_result_is_dropped_and_which_is_cancelled() {
        let mut job = Job::new("test");
        let (seen_tx, seen_rx) = mpsc::channel();
        job.start(move |reporter| {
            while !reporter.cancelled() {
                std::thread::sleep(Duration::from_millis(1));
            }
            seen_tx.send(()).unwrap();
            "older"
        });
        job.start(|_| "newer");
        assert_eq!(finish(&mut job), [Update::Done("newer")]);
        seen_rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the older job saw its cancel flag");
        assert_eq!(job.started(), 2);
    }

    #[test]
    fn a_cancelled_job_delivers_nothing() {
        let mut job = Job::new("test");
        job.start(|reporter| {
            while !reporter.cancelled() {
                std::thread::sleep(Duration::from_millis(1));
            }
            0
        });
        assert!(job.cancel());
        assert!(!job.cancel(), "nothing left to cancel");
        assert!(job.poll().is_empty());
    }

    #[test]
    fn a_job_that_panics_reads_as_failed() {
        let mut job: Job<u8> = Job::new("test");
        job.start(|_| panic!("the job dies"));
        assert_eq!(finish(&mut job), [Update::Failed]);
    }
}
