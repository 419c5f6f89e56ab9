//! Running a program once under its language's tracer and assembling its [`Trace`].
//!
//! Two parts:
//!
//! - **The protocol** (no I/O; builds for `wasm32-unknown-unknown`): the typed [`Request`]
//!   every tracer receives, decoding the record stream the tracers write
//!   (`runtimes/PROTOCOL.md`), and assembling and validating the trace from it
//!   ([`build_trace`]). A web worker that runs a tracer in the browser needs exactly this.
//! - **The processes** (feature `native`, on by default): [`trace_program`] runs the static
//!   analysis (a syntax error stops here, with every error's position), then Python programs
//!   under the machine's `python3` with the embedded tracer, JavaScript and TypeScript
//!   instrumented and run under `node` with the embedded recorder, each in its own process
//!   group under the step and time budgets of [`TraceOptions`], killed
//!   [`KILL_GRACE_MS`] past the time budget.
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

mod assemble;
mod error;
mod program;
mod records;
mod request;

#[cfg(feature = "native")]
mod native;

pub use algoscope_trace_format::{Analysis, Language, SyntaxError, Trace};
pub use assemble::{build_trace, ProcessEnd};
pub use error::{unsupported_message, RunError};
pub use program::Program;
pub use request::{NodeRequest, PythonRequest, Request, ScriptKind};

#[cfg(feature = "native")]
pub use native::{analyze, trace_program, NODE_MIN_MAJOR, PYTHON_MIN_VERSION};

/// How to run a traced program. `Default` is the trace format's policy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceOptions {
    /// Recorded steps before the run stops (`stoppedBy: "steps"`). Default 20,000.
    pub max_steps: u64,
    /// Time budget in milliseconds (`stoppedBy: "time"`); a process still running
    /// [`KILL_GRACE_MS`] past it (counted from its first record) is killed. Default 6,000.
    pub time_budget_ms: u64,
    /// Text the program reads as standard input (`input()` reads it line by line); with
    /// `None`, `input()` raises an error that says how to give some.
    pub stdin: Option<String>,
    /// The Python interpreter; `python3` (then `python`) on `PATH` when `None`.
    pub python: Option<std::path::PathBuf>,
    /// The Node.js for JavaScript and TypeScript; `node` on `PATH` when `None`.
    pub node: Option<std::path::PathBuf>,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            max_steps: 20_000,
            time_budget_ms: 6_000,
            stdin: None,
            python: None,
            node: None,
        }
    }
}

/// How long past the time budget a tracer process may run before it is killed, in ms,
/// counted from its first record (when its own budget clock has started, so interpreter
/// start-up does not eat into it). The tracer stops itself at the budget; only code stuck in
/// one long built-in call (`sum(range(10**12))`) is still running then.
pub const KILL_GRACE_MS: u64 = 1_000;
