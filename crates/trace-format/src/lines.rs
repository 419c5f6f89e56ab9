//! Line numbers must fall inside the program text.

use crate::error::ValidationError;
use crate::path::JsonPath;
use crate::types::Trace;

/// Lines in `source` as line numbers count them: a last line without a newline counts, and
/// so does the empty line after a final newline (CPython reports it for a module's implicit
/// return in some versions).
pub(crate) fn source_lines(source: &str) -> u32 {
    let newlines = source.bytes().filter(|&b| b == b'\n').count();
    u32::try_from(newlines)
        .unwrap_or(u32::MAX)
        .saturating_add(1)
}

/// Checks every line number of the trace against its source: steps, frames, printed output,
/// the uncaught error, loops, grid accesses and hints. Line 0 means "no line" (before the
/// program's first line) and is allowed.
pub(crate) fn check_lines(trace: &Trace) -> Result<(), ValidationError> {
    let lines = source_lines(&trace.source);
    let check = |line: u32, path: &dyn Fn() -> JsonPath| {
        if line > lines {
            Err(ValidationError::LineOutOfSource {
                path: path(),
                line,
                lines,
            })
        } else {
            Ok(())
        }
    };
    let root = JsonPath::root;
    for (k, info) in trace.loops.iter().enumerate() {
        check(info.line, &|| root().key("loops").index(k).key("line"))?;
        check(info.body_start, &|| {
            root().key("loops").index(k).key("bodyStart")
        })?;
        check(info.body_end, &|| {
            root().key("loops").index(k).key("bodyEnd")
        })?;
    }
    for (k, access) in trace.grid_accesses.iter().enumerate() {
        check(access.line, &|| {
            root().key("gridAccesses").index(k).key("line")
        })?;
    }
    for (k, hint) in trace.hints.iter().enumerate() {
        check(hint.line, &|| root().key("hints").index(k).key("line"))?;
    }
    if let Some(line) = trace.error.as_ref().and_then(|e| e.line) {
        check(line, &|| root().key("error").key("line"))?;
    }
    for (i, step) in trace.steps.iter().enumerate() {
        let at = || root().key("steps").index(i);
        check(step.line, &|| at().key("line"))?;
        for (f, frame) in step.stack.iter().enumerate() {
            check(frame.line, &|| at().key("stack").index(f).key("line"))?;
        }
        if let Some(output) = &step.output {
            check(output.line, &|| at().key("output").key("line"))?;
        }
    }
    Ok(())
}
