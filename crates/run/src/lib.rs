//! Running a program once under its language's tracer and assembling its [`Trace`].
//!
//! Two parts:
//!
//! - **The protocol** (no I/O; builds for `wasm32-unknown-unknown`): the typed [`Request`]
//!   every tracer receives, decoding the record stream the tracers write
//!   (`runtimes/PROTOCOL.md`), and assembling and validating the trace from it
//!   ([`build_trace`]). A web worker that runs a tracer in the browser needs exactly this.
//! - **The analysis** (feature `analysis`, no I/O, builds for wasm too): [`analyze`] (loops,
//!   index names, hints, syntax errors) and [`instrument`] (the JS/TS rewrite for the
//!   recorder), over ruff's and swc's parsers.
//! - **The processes** (feature `native`, on by default, with `analysis`): [`trace_program`] runs the static
//!   analysis (a syntax error stops here, with every error's position), then Python programs
//!   under the machine's `python3` with the embedded tracer, JavaScript and TypeScript
//!   instrumented and run under `node` with the embedded recorder, each in its own process
//!   group under the step and time budgets of [`TraceOptions`], killed
//!   [`KILL_GRACE_MS`] past the time budget, and under its resource limits (memory, output,
//!   CPU time, processes, no core dumps).
//!
//! A program that raises, loops forever or runs out of a budget is not an error: its trace
//! says so (`error`, `truncated`, `stoppedBy`). [`RunError`] is for the cases where there is
//! nothing to show.
//!
//! # Example
//!
//! ```no_run
//! # // no_run: needs python3 on the machine; crates/run/tests/trace_python.rs runs it.
//! # #[cfg(feature = "native")] {
//! use algoscope_run::{trace_program, Program, TraceOptions};
//!
//! let program = Program::from_path("examples/python/bubble_sort.py".as_ref())?;
//! let trace = trace_program(&program, &TraceOptions::default())?;
//! assert!(trace.stdout.starts_with("before: 5 1 4 2 8 3"));
//! # }
//! # Ok::<(), algoscope_run::RunError>(())
//! ```

#[cfg(feature = "analysis")]
mod analysis;
mod assemble;
mod error;
mod program;
mod records;
mod request;

#[cfg(feature = "native")]
mod native;

pub use algoscope_runtimes::policy;
pub use algoscope_trace_format::{Analysis, Language, SyntaxError, Trace};
pub use assemble::{build_trace, ProcessEnd, PROCESS_EXIT};
pub use error::{unsupported_message, RunError};
pub use program::Program;
pub use request::{NodeRequest, PythonRequest, Request, ScriptKind};

#[cfg(feature = "analysis")]
pub use analysis::{analyze, analyze_program, instrument, Instrumented};
#[cfg(feature = "native")]
pub use native::{
    measure_program, measure_python, trace_program, Measurement, NODE_MIN_MAJOR, PYTHON_MIN_VERSION,
};

/// How to run a traced program. `Default` is the trace format's policy.
///
/// The resource limits (`max_memory_mb`, `max_output_kb`, `max_cpu_ms`, `max_processes`) are
/// for untrusted programs: hitting one ends the run with a trace that keeps every step
/// recorded before it and names the limit in `stoppedBy`. Core dumps are always off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceOptions {
    /// Recorded steps before the run stops (`stoppedBy: "steps"`). Default [`policy::MAX_STEPS`].
    pub max_steps: u64,
    /// Time budget in milliseconds (`stoppedBy: "time"`); a process still running
    /// [`KILL_GRACE_MS`] past it (counted from its first record) is killed. Default
    /// [`policy::TIME_BUDGET_MS`].
    pub time_budget_ms: u64,
    /// Text the program reads as standard input (`input()` reads it line by line); with
    /// `None`, `input()` raises an error that says how to give some.
    pub stdin: Option<String>,
    /// The Python interpreter; `python3` (then `python`) on `PATH` when `None`.
    pub python: Option<std::path::PathBuf>,
    /// The Node.js for JavaScript and TypeScript; `node` on `PATH` when `None`.
    pub node: Option<std::path::PathBuf>,
    /// Memory limit of the traced process in MiB (`stoppedBy: "memory"`): its data segment
    /// (`RLIMIT_DATA`, which counts `malloc` and `mmap`), and for Node also the JavaScript
    /// heap (`--max-old-space-size`, three quarters of it). 0 for none. Default
    /// [`policy::MAX_MEMORY_MB`].
    pub max_memory_mb: u64,
    /// Most output the program may print, in KiB of UTF-8 (`stoppedBy: "output"`; `stdout`
    /// keeps what was printed up to it). 0 for none. Default [`policy::MAX_OUTPUT_KB`].
    pub max_output_kb: u64,
    /// CPU-time limit of the traced process in ms, rounded up to whole seconds
    /// (`RLIMIT_CPU`; `stoppedBy: "cpu"`). `None`: the time budget plus [`KILL_GRACE_MS`]
    /// plus 2 s for interpreter start-up, so only a program burning several cores at once
    /// reaches it before the wall clock.
    pub max_cpu_ms: Option<u64>,
    /// Most processes the traced program may have running at once, the tracer included
    /// (`stoppedBy: "processes"`): a fork bomb is killed with its whole process group. 0 for
    /// none. Default [`policy::MAX_PROCESSES`].
    pub max_processes: u32,
}

impl TraceOptions {
    /// The CPU-time limit in whole seconds ([`TraceOptions::max_cpu_ms`] rounded up, or its
    /// default), at least 1.
    pub fn cpu_limit_seconds(&self) -> u64 {
        let ms = self.max_cpu_ms.unwrap_or_else(|| {
            self.time_budget_ms
                .saturating_add(KILL_GRACE_MS)
                .saturating_add(2_000)
        });
        ms.div_ceil(1_000).max(1)
    }

    /// The output limit in bytes, `None` when there is none.
    pub fn max_output_bytes(&self) -> Option<u64> {
        (self.max_output_kb > 0).then(|| self.max_output_kb.saturating_mul(1024))
    }
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            max_steps: policy::MAX_STEPS,
            time_budget_ms: policy::TIME_BUDGET_MS,
            stdin: None,
            python: None,
            node: None,
            max_memory_mb: policy::MAX_MEMORY_MB,
            max_output_kb: policy::MAX_OUTPUT_KB,
            max_cpu_ms: None,
            max_processes: u32::try_from(policy::MAX_PROCESSES).unwrap_or(u32::MAX),
        }
    }
}

/// How long past the time budget a tracer process may run before it is killed, in ms,
/// counted from its first record (when its own budget clock has started, so interpreter
/// start-up does not eat into it). The tracer stops itself at the budget; only code stuck in
/// one long built-in call (`sum(range(10**12))`) is still running then.
pub const KILL_GRACE_MS: u64 = policy::KILL_GRACE_MS;
