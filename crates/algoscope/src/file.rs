//! Trace files: writing a trace as `algoscope trace` does (heap deltas or full heaps, compact
//! or indented JSON, plain or gzip) and reading one back from its bytes.

use algoscope_trace_format::{expand_heaps, gzip, to_delta, Trace};

use crate::Error;

/// How a trace is written out ([`trace_json`], [`write_trace`]); the default is what
/// `algoscope trace` writes: heap deltas, compact JSON, not compressed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Every step's full heap instead of heap deltas (`--expanded`): about 10–20 times the
    /// size on a long run, readable without expanding.
    pub expanded: bool,
    /// Indented JSON (`--pretty`).
    pub pretty: bool,
    /// gzip-compressed JSON ([`write_trace`] only; a `.json.gz` file). Every reader of trace
    /// files ([`validate_bytes`], `algoscope validate`, `render`, `html`) takes both.
    pub gzip: bool,
}

/// The trace as JSON text, as `algoscope trace` writes it (`options.gzip` is ignored).
///
/// # Errors
/// [`Error::Write`] when serde cannot write it (no trace that validated fails here);
/// [`Error::Invalid`] when a trace held as deltas does not expand.
///
/// # Example
///
/// ```
/// use algoscope::{trace_json, validate, WriteOptions};
///
/// let text = r#"{"version": 1, "language": "python", "source": "x = 1\n",
///   "steps": [{"event": "line", "line": 1, "stack": [], "heap": {}, "stdoutLength": 0}],
///   "stdout": ""}"#;
/// let trace = validate(text)?;
/// let json = trace_json(&trace, &WriteOptions::default())?;
/// assert!(json.contains(r#""heapDelta":true"#));
/// assert_eq!(validate(&json)?, trace);
/// # Ok::<(), algoscope::Error>(())
/// ```
pub fn trace_json(trace: &Trace, options: &WriteOptions) -> Result<String, Error> {
    let converted;
    let trace = match (options.expanded, trace.heap_delta) {
        (false, false) => {
            converted = to_delta(trace);
            &converted
        }
        (true, true) => {
            let mut full = trace.clone();
            expand_heaps(&mut full)?;
            converted = full;
            &converted
        }
        _ => trace,
    };
    let text = if options.pretty {
        serde_json::to_string_pretty(trace)
    } else {
        serde_json::to_string(trace)
    };
    Ok(text?)
}

/// The trace as a trace file's bytes: [`trace_json`] and a newline, gzip-compressed when
/// `options.gzip`.
///
/// # Errors
/// As [`trace_json`].
///
/// # Example
///
/// ```
/// use algoscope::{validate, validate_bytes, write_trace, WriteOptions};
///
/// let text = r#"{"version": 1, "language": "python", "source": "x = 1\n",
///   "steps": [{"event": "line", "line": 1, "stack": [], "heap": {}, "stdoutLength": 0}],
///   "stdout": ""}"#;
/// let trace = validate(text)?;
/// let bytes = write_trace(&trace, &WriteOptions { gzip: true, ..WriteOptions::default() })?;
/// assert_eq!(&bytes[..2], &[0x1f, 0x8b]);
/// assert_eq!(validate_bytes(&bytes)?, trace);
/// # Ok::<(), algoscope::Error>(())
/// ```
pub fn write_trace(trace: &Trace, options: &WriteOptions) -> Result<Vec<u8>, Error> {
    let mut text = trace_json(trace, options)?;
    text.push('\n');
    Ok(if options.gzip {
        gzip(text.as_bytes())
    } else {
        text.into_bytes()
    })
}

/// Reads and checks a trace file's bytes: JSON text, or JSON text compressed with gzip (told
/// by its magic bytes, not its name), as [`validate`](crate::validate) reads text.
///
/// # Errors
/// [`Error::Invalid`]: bytes that are not UTF-8 (the first bad byte's offset), gzip that does
/// not inflate or inflates past 1 GiB, or anything [`validate`](crate::validate) refuses.
pub fn validate_bytes(bytes: &[u8]) -> Result<Trace, Error> {
    Ok(algoscope_trace_format::validate_bytes(bytes)?)
}
