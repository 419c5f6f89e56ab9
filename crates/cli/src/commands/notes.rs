//! One-line notes on standard error about how a traced run ended, for the commands that run a
//! program (`trace`, `html`, `render`): they still exit 0 with the trace, but say when the
//! program raised or was cut off by a budget; and the warnings about its `viz:` hints.

use std::io::Write;

use algoscope::{HintWarning, StopReason, Trace};

/// The type name the runners give a process that ended before the program did.
const PROCESS_EXIT: &str = "ProcessExit";

/// The notes for `trace`, in order: the error the program raised (if any), then the budget
/// that stopped it (if any). Example: `note: the program raised ZeroDivisionError at line 3
/// (recorded in the trace)`, `note: stopped by the time budget after 120 steps`.
pub fn run_notes(trace: &Trace) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(error) = &trace.error {
        let at = error
            .line
            .map(|line| format!(" at line {line}"))
            .unwrap_or_default();
        notes.push(if error.type_name == PROCESS_EXIT {
            format!("note: {}{at} (recorded in the trace)", error.message)
        } else {
            format!(
                "note: the program raised {}{at} (recorded in the trace)",
                error.type_name
            )
        });
    }
    if let Some(reason) = trace.stopped_by {
        let limit = match reason {
            StopReason::Time => "time budget",
            StopReason::Steps => "step budget",
            StopReason::Memory => "memory limit",
            StopReason::Output => "output limit",
            StopReason::Cpu => "CPU-time limit",
            StopReason::Processes => "process limit",
        };
        notes.push(format!(
            "note: stopped by the {limit} after {} steps",
            trace.steps.len()
        ));
    }
    notes
}

/// Writes [`run_notes`] to standard error, one per line; a failing standard error is ignored.
pub fn print_notes(trace: &Trace) {
    let mut stderr = std::io::stderr().lock();
    for note in run_notes(trace) {
        let _ = writeln!(stderr, "{note}");
    }
}

/// Writes hint warnings (hints that do not parse, names no step shows; see
/// `algoscope::Render::hint_warnings`) to standard error as `warning: line N: MESSAGE
/// (expected: FORM)`, one per line; a failing standard error is ignored.
pub fn print_hint_warnings(warnings: &[HintWarning]) {
    let mut stderr = std::io::stderr().lock();
    for warning in warnings {
        let _ = writeln!(stderr, "warning: {warning}");
    }
}
