//! One-line notes on standard error about how a traced run ended, for the commands that run a
//! program (`trace`, `html`, `render`): they still exit 0 with the trace, but say when the
//! program raised or was cut off by a budget; and the warnings about its `viz:` hints.

use std::io::Write;

use algoscope::{run_notes, HintWarning, Trace};

/// Writes [`run_notes`] to standard error, one per line after `note: `; a failing standard error is ignored.
pub fn print_notes(trace: &Trace) {
    let mut stderr = std::io::stderr().lock();
    for note in run_notes(trace) {
        let _ = writeln!(stderr, "note: {note}");
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
