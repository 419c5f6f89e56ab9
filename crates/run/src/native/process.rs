//! Running a tracer process under the time budget, shared by the Python and JavaScript
//! runners.
//!
//! The tracer starts as the leader of its own process group, so whatever the traced program
//! starts (`subprocess.Popen(["sleep", "40"])`, `child_process.spawn(...)`) is in that group.
//! When the budget plus [`KILL_GRACE_MS`] has passed since the tracer wrote its first record
//! (it starts its own budget clock just before that, when the program starts running), the
//! whole group is killed; when the tracer ends by itself, what it left running in the group is
//! killed too. Counting from the first record, not from the spawn, keeps interpreter start-up
//! on a loaded machine out of the grace. A tracer that never writes a record is killed
//! [`START_LIMIT_MS`] after the budget plus grace. Standard error is
//! read on a thread whose result is awaited at most [`READER_WAIT_MS`] after the end, so a
//! process that escaped the group and still holds the pipe cannot hold up the run.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use std::os::unix::process::ExitStatusExt;
use std::path::Path;

use algoscope_trace_format::StopReason;

use super::limits::group_size;
use crate::{TraceOptions, KILL_GRACE_MS};

/// How much longer than the budget plus [`KILL_GRACE_MS`] a tracer that has not written its
/// first record yet may run (interpreter start-up), in ms.
pub(super) const START_LIMIT_MS: u64 = 10_000;

/// Most bytes of the process's standard error kept for messages (its end).
const STDERR_KEEP: usize = 16 * 1024;

/// How long the standard-error reader may still run after the process ended, in ms.
const READER_WAIT_MS: u64 = 500;

/// How often the process is polled while it runs, in ms.
const POLL_MS: u64 = 5;

/// The process group is counted at every this many polls (counting reads `/proc`).
const COUNT_EVERY: u32 = 4;

/// `SIGXCPU`: the soft CPU-time limit was reached (the same number on Linux and the BSDs).
const SIGXCPU: i32 = 24;
/// `SIGKILL`.
const SIGKILL: i32 = 9;

/// How a tracer process ended.
pub(super) struct Finished {
    /// Killed because it outlived the time budget plus [`KILL_GRACE_MS`].
    pub killed: bool,
    /// Its exit status.
    pub status: ExitStatus,
    /// The end (at most 16 KiB) of what it wrote to standard error, lossily decoded.
    pub stderr: String,
    /// The resource limit it was stopped by, as far as its end shows: the process count
    /// (killed here), the CPU time (`SIGXCPU`, or a `SIGKILL` not sent here once the run
    /// could have used up its CPU time), or memory (any other `SIGKILL`: the kernel's
    /// out-of-memory killer).
    pub limit: Option<StopReason>,
}

/// Starts `command` (made by [`super::limits::limited_command`]) as the leader of a new
/// process group, with standard error piped (and standard output discarded).
///
/// # Errors
/// Whatever [`Command::spawn`] returns (program not found, not executable).
pub(super) fn spawn_in_group(command: &mut Command) -> std::io::Result<Child> {
    command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
}

/// Waits for a child started by [`spawn_in_group`], killing its whole process group once it
/// has more than `options.max_processes` processes, or once the time budget plus
/// [`KILL_GRACE_MS`] has passed since the file `records` (where the
/// tracer streams its records) became non-empty, or [`START_LIMIT_MS`] later than that
/// counted from now while it is still empty.
///
/// # Errors
/// The error of polling or reaping the child.
pub(super) fn wait_with_budget(
    mut child: Child,
    options: &TraceOptions,
    records: &Path,
) -> std::io::Result<Finished> {
    let time_budget_ms = options.time_budget_ms;
    let started = Instant::now();
    let stderr = child.stderr.take().map(|pipe| {
        let (sender, receiver) = mpsc::channel();
        thread::spawn(move || {
            let _ = sender.send(read_tail(pipe));
        });
        receiver
    });
    let allowed = Duration::from_millis(time_budget_ms.saturating_add(KILL_GRACE_MS));
    let mut deadline = Instant::now() + allowed + Duration::from_millis(START_LIMIT_MS);
    let mut recording = false;
    let group = child.id();
    let mut killed = false;
    let mut too_many = false;
    let mut polls: u32 = 0;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        polls = polls.wrapping_add(1);
        if options.max_processes > 0
            && polls.is_multiple_of(COUNT_EVERY)
            && group_size(group).is_some_and(|n| n > options.max_processes as usize)
        {
            too_many = true;
            killed = true;
            kill_group(group);
            let _ = child.kill();
            break child.wait()?;
        }
        let now = Instant::now();
        if !recording && std::fs::metadata(records).is_ok_and(|m| m.len() > 0) {
            recording = true;
            deadline = now + allowed;
        }
        if now >= deadline {
            killed = true;
            kill_group(group);
            let _ = child.kill();
            break child.wait()?;
        }
        thread::sleep(Duration::from_millis(POLL_MS));
    };
    // What the program started and left running would hold the pipe (and the machine) open.
    kill_group(group);
    let stderr = stderr
        .and_then(|receiver| {
            receiver
                .recv_timeout(Duration::from_millis(READER_WAIT_MS))
                .ok()
        })
        .unwrap_or_default();
    let limit = if too_many {
        Some(StopReason::Processes)
    } else {
        signal_limit(status.signal(), killed, started.elapsed(), options)
    };
    Ok(Finished {
        killed,
        status,
        stderr,
        limit,
    })
}

/// The limit a process ended by `signal` ran into (`killed`: the `SIGKILL` was sent here).
fn signal_limit(
    signal: Option<i32>,
    killed: bool,
    elapsed: Duration,
    options: &TraceOptions,
) -> Option<StopReason> {
    match signal? {
        SIGXCPU => Some(StopReason::Cpu),
        SIGKILL if !killed => {
            // The hard CPU limit (a program that ignored SIGXCPU) can only have been reached
            // once the run had that much time on every core.
            let cores = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
            let cpu_ms = options.cpu_limit_seconds().saturating_mul(1_000) / cores;
            if elapsed.as_millis() >= u128::from(cpu_ms) {
                Some(StopReason::Cpu)
            } else {
                Some(StopReason::Memory)
            }
        }
        _ => None,
    }
}

/// Reads `pipe` to its end, keeping the last [`STDERR_KEEP`] bytes.
fn read_tail(mut pipe: impl Read) -> String {
    let mut kept = Vec::new();
    let mut chunk = [0u8; 8192];
    while let Ok(n) = pipe.read(&mut chunk) {
        if n == 0 {
            break;
        }
        kept.extend_from_slice(&chunk[..n]);
        if kept.len() > 2 * STDERR_KEEP {
            kept.drain(..kept.len() - STDERR_KEEP);
        }
    }
    let start = kept.len().saturating_sub(STDERR_KEEP);
    String::from_utf8_lossy(&kept[start..]).into_owned()
}

/// Sends SIGKILL to every process in group `group` (`kill -KILL -- -GROUP`). A group that is
/// already empty, or a missing `kill`, is not an error: the leader is killed directly too.
fn kill_group(group: u32) {
    // A process forking as the signal goes out can leave a child behind: signal again while
    // the group is not empty (a few times at most).
    for _ in 0..5 {
        send_kill(group);
        if group_size(group).is_none_or(|n| n == 0) {
            break;
        }
        thread::sleep(Duration::from_millis(POLL_MS));
    }
}

fn send_kill(group: u32) {
    let _ = Command::new("kill")
        .arg("-KILL")
        .arg("--")
        .arg(format!("-{group}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}
