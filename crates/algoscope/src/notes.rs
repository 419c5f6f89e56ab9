//! [`run_notes`]: how a traced run ended, in words — what every front end that runs a
//! program says beside its trace (`algoscope trace`/`html`/`render` on standard error,
//! `python -m algoscope`, `Trace.notes` in Python).

use algoscope_run::PROCESS_EXIT;
use algoscope_trace_format::{StopReason, Trace};

/// The notes on how `trace`'s run ended, in order: the error the program raised (if any),
/// then the budget that stopped it (if any); none for a run that ended normally. The front
/// ends print each after `note: `.
///
/// # Example
///
/// ```
/// let trace = algoscope::validate(r#"{"version": 1, "language": "python", "source": "1/0\n",
///   "steps": [{"event": "line", "line": 1, "stack": [], "heap": {}, "stdoutLength": 0}],
///   "stdout": "", "truncated": true, "stoppedBy": "steps",
///   "error": {"type": "ZeroDivisionError", "message": "division by zero", "line": 1}}"#)?;
/// assert_eq!(algoscope::run_notes(&trace), [
///     "the program raised ZeroDivisionError at line 1 (recorded in the trace)",
///     "stopped by the step budget after 1 steps",
/// ]);
/// # Ok::<(), algoscope::Error>(())
/// ```
pub fn run_notes(trace: &Trace) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(error) = &trace.error {
        let at = error
            .line
            .map(|line| format!(" at line {line}"))
            .unwrap_or_default();
        notes.push(if error.type_name == PROCESS_EXIT {
            format!("{}{at} (recorded in the trace)", error.message)
        } else {
            format!(
                "the program raised {}{at} (recorded in the trace)",
                error.type_name
            )
        });
    }
    if let Some(reason) = trace.stopped_by {
        notes.push(format!(
            "stopped by the {} after {} steps",
            limit_name(reason),
            trace.steps.len()
        ));
    }
    notes
}

/// The budget a [`StopReason`] names, as the notes say it (`time budget`, `CPU-time limit`).
fn limit_name(reason: StopReason) -> &'static str {
    match reason {
        StopReason::Time => "time budget",
        StopReason::Steps => "step budget",
        StopReason::Memory => "memory limit",
        StopReason::Output => "output limit",
        StopReason::Cpu => "CPU-time limit",
        StopReason::Processes => "process limit",
    }
}
