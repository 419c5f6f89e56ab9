//! `validate_*`: from untrusted text or JSON value to a checked, expanded [`Trace`].

use serde::Deserialize;
use serde_json::Value;

use crate::delta::expand;
use crate::error::ValidationError;
use crate::limits::{
    check_limits, drop_flat, find_too_deep, Limits, FORBIDDEN_KEY, TEXT_MAX_DEPTH,
};
use crate::lines::check_lines;
use crate::path::{JsonPath, PathSegment};
use crate::refs::check_references;
#[cfg(feature = "schema-check")]
use crate::schema_check::{check_schema, schema_problems};
use crate::types::{Trace, SUPPORTED_VERSIONS};

/// Reads a trace from JSON text with the default [`Limits`]. See [`validate_value`] for the
/// checks.
///
/// # Errors
///
/// [`ValidationError::Syntax`] with line and column when the text is not JSON or repeats a
/// key within one object (or
/// [`ValidationError::TooDeep`] when it nests too deep to parse), then any error of
/// [`validate_value`].
///
/// # Example
///
/// ```
/// let text = r#"{"version": 1, "language": "python", "source": "x = 1\n",
///   "steps": [{"event": "line", "line": 1, "stack": [], "heap": {}, "stdoutLength": 0}],
///   "stdout": ""}"#;
/// let trace = algoscope_trace_format::validate_str(text).unwrap();
/// assert_eq!(trace.steps.len(), 1);
///
/// let bad = text.replace(r#""line": 1,"#, r#""line": "one","#);
/// let err = algoscope_trace_format::validate_str(&bad).unwrap_err();
/// assert_eq!(err.to_string(), "steps[0].line: expected integer");
/// ```
pub fn validate_str(text: &str) -> Result<Trace, ValidationError> {
    validate_str_with(text, &Limits::default())
}

/// [`validate_str`] with the given limits. Text is also held to [`TEXT_MAX_DEPTH`], the
/// parser's own limit.
///
/// Most traces are valid, so the text is first read straight into the types, skipping the
/// intermediate JSON value and the schema: by a one-pass reader for the parts traces spend
/// their bytes on (steps, values, sequences, instances; a `heapIds` list written like the
/// previous step's is taken as that list unread), which leaves the rest and anything
/// unexpected to serde's deserializers. Those accept no document the schema rejects (a
/// property test checks it), and size limits are bounded from the text's length. Anything
/// that fails on that path is read again the careful way ([`validate_value_with`]), which
/// finds the first problem in the documented order.
///
/// # Errors
///
/// As [`validate_str`].
pub fn validate_str_with(text: &str, limits: &Limits) -> Result<Trace, ValidationError> {
    if let Some(trace) = read_valid(text, limits) {
        return Ok(trace);
    }
    match crate::unique::from_str(text) {
        Ok(document) => validate_value_with(document, limits),
        Err(error) => Err(parse_error(text, &error, limits)),
    }
}

/// The deepest nesting of arrays and objects in any document that deserializes into a
/// [`Trace`]: root, `steps`, a step, `heap`, an object, `entries`, a pair, a value (or
/// `stack`, a frame, `locals`, a pair, a value). A property test holds valid traces to it.
pub(crate) const TRACE_MAX_DEPTH: usize = 8;

/// The trace, when `text` is valid and certainly within `limits`; `None` means "look
/// carefully", not "invalid".
fn read_valid(text: &str, limits: &Limits) -> Option<Trace> {
    // A character takes at least a byte, so a short text is within `max_text_chars`; a long
    // one is counted. A trace nests at most TRACE_MAX_DEPTH deep. The value count is not
    // bounded here: reading straight into the types costs memory in proportion to the text,
    // so a long valid run (more than `max_values` values) is read; `max_values` bounds the
    // JSON tree of the careful path.
    let surely_within = limits.max_depth >= TRACE_MAX_DEPTH
        && (text.len() <= limits.max_text_chars || string_chars(text) <= limits.max_text_chars);
    if !surely_within {
        return None;
    }
    let mut trace = crate::fast::read_trace(text).or_else(|| serde_json::from_str(text).ok())?;
    if !SUPPORTED_VERSIONS.contains(&trace.version) || has_forbidden_key(&trace) {
        return None;
    }
    let changes = expand(&mut trace).ok()?;
    check_references(&trace, &changes).ok()?;
    check_lines(&trace).ok()?;
    Some(trace)
}

/// At least the characters in `text`'s keys and strings, in one pass over its bytes: an
/// escape counts as written (`\n` as 2), so the count may exceed the decoded one, never
/// fall below it.
fn string_chars(text: &str) -> usize {
    let (mut count, mut inside, mut escaped) = (0, false, false);
    for &b in text.as_bytes() {
        if !inside {
            inside = b == b'"';
            continue;
        }
        if escaped {
            escaped = false;
        } else if b == b'\\' {
            escaped = true;
        } else if b == b'"' {
            inside = false;
            continue;
        }
        // One per character: every byte but UTF-8 continuation bytes.
        if b & 0xC0 != 0x80 {
            count += 1;
        }
    }
    count
}

/// Checks a trace built in memory (by `algoscope-run` from a tracer's records, say) as
/// [`validate_value`] checks a document, without writing it out as JSON first: the
/// version, heap-delta expansion, the cross-references and the line numbers. The types
/// already hold what the schema says of each field's shape. A trace with a
/// [`FORBIDDEN_KEY`] key is checked the careful way, for the error's path.
///
/// # Errors
///
/// As [`validate_value`].
pub fn check_trace(trace: Trace) -> Result<Trace, ValidationError> {
    if !SUPPORTED_VERSIONS.contains(&trace.version) || has_forbidden_key(&trace) {
        let document = serde_json::to_value(&trace).map_err(|e| ValidationError::Deserialize {
            path: JsonPath::root(),
            message: e.to_string(),
        })?;
        return validate_value(document);
    }
    let mut trace = trace;
    let changes = expand(&mut trace)?;
    check_references(&trace, &changes)?;
    check_lines(&trace)?;
    Ok(trace)
}

/// Whether any object key of a deserialized trace (the only keys not fixed by the types:
/// heap ids, `indexNames`, `counts.functions`) is [`FORBIDDEN_KEY`].
fn has_forbidden_key(trace: &Trace) -> bool {
    trace.index_names.contains_key(FORBIDDEN_KEY)
        || trace.counts.functions.contains_key(FORBIDDEN_KEY)
        || trace
            .steps
            .iter()
            .any(|step| step.heap.contains_key(FORBIDDEN_KEY))
}

/// Checks a JSON document and turns it into a [`Trace`] with full heaps, with the default
/// [`Limits`].
///
/// In order: the limits pass ([`check_limits`]), the version (anything but
/// [`SUPPORTED_VERSIONS`] is refused before the schema looks at it), the JSON Schema
/// ([`crate::schema()`]) and the types, heap-delta expansion ([`crate::expand_heaps`]), then the
/// cross-references: every `ref` id (locals, object slots, dict keys, `returnValue`) and every
/// `output.refs` id is in that step's heap; frame ids are unique within a step; every loop
/// context names a frame of its step and a loop of `loops`; every generator's `frame` is a
/// frame of its step; `stdoutLength` never decreases and never passes the characters of
/// `stdout`; then every line number (steps, frames, output, error, loops, grid accesses,
/// hints) is at most the source's line count (0 means "no line").
///
/// The types accept no document the schema rejects (a property test holds them to it), so
/// the compiled schema only runs when the types refuse a document, to report the problem by
/// its path; what the schema allows and the types do not (an integer written `1.0`) is
/// [`ValidationError::Deserialize`].
///
/// # Errors
///
/// The first problem found, as a [`ValidationError`] naming its JSON path.
///
/// # Example
///
/// ```
/// use serde_json::json;
///
/// let doc = json!({"version": 2, "language": "python", "source": "", "steps": [], "stdout": ""});
/// let err = algoscope_trace_format::validate_value(doc).unwrap_err();
/// assert_eq!(err.to_string(), "version: trace format version 2 is not supported (supported: 1)");
/// ```
pub fn validate_value(document: Value) -> Result<Trace, ValidationError> {
    validate_value_with(document, &Limits::default())
}

/// [`validate_value`] with the given limits.
///
/// # Errors
///
/// As [`validate_value`].
pub fn validate_value_with(document: Value, limits: &Limits) -> Result<Trace, ValidationError> {
    if let Err(error) = check_limits(&document, limits) {
        drop_flat(document);
        return Err(error);
    }
    check_version(&document)?;
    // The types accept no document the schema rejects, so the schema (slower, but with
    // better messages) only runs to explain a document the types refuse.
    let mut trace = match Trace::deserialize(&document) {
        Ok(trace) => trace,
        Err(_) => {
            #[cfg(feature = "schema-check")]
            check_schema(&document)?;
            return Err(deserialize_error(&document));
        }
    };
    drop(document);
    let changes = expand(&mut trace)?;
    check_references(&trace, &changes)?;
    check_lines(&trace)?;
    Ok(trace)
}

/// Every problem of a trace's JSON text, for a report that lists them all (`algoscope
/// validate --all`); [`validate_str`] stops at the first, which is this list's first.
///
/// What can be listed is listed: every field the schema refuses, each with its JSON path;
/// then, for a document that fits the types, the first cross-reference problem and the first
/// line-number problem (the two checks are independent). A problem that leaves nothing
/// further to check (not JSON, past the limits, an unsupported version, a heap delta that
/// does not expand) is listed alone. Without the `schema-check` feature the schema's part is
/// the types' first error.
///
/// # Errors
///
/// Every problem found, at least one, in the order above.
///
/// # Example
///
/// ```
/// let text = r#"{"version": 1, "language": "cobol", "source": "",
///   "steps": [{"event": "line", "line": "one", "stack": [], "heap": {}, "stdoutLength": 0}],
///   "stdout": ""}"#;
/// let problems = algoscope_trace_format::validate_str_all(text).unwrap_err();
/// let paths: Vec<String> = problems
///     .iter()
///     .map(|p| p.path().map(ToString::to_string).unwrap_or_default())
///     .collect();
/// assert_eq!(paths, ["language", "steps[0].line"]);
/// ```
pub fn validate_str_all(text: &str) -> Result<Trace, Vec<ValidationError>> {
    validate_str_all_with(text, &Limits::default())
}

/// [`validate_str_all`] with the given limits.
///
/// # Errors
///
/// As [`validate_str_all`].
pub fn validate_str_all_with(text: &str, limits: &Limits) -> Result<Trace, Vec<ValidationError>> {
    if let Some(trace) = read_valid(text, limits) {
        return Ok(trace);
    }
    match crate::unique::from_str(text) {
        Ok(document) => validate_value_all_with(document, limits),
        Err(error) => Err(vec![parse_error(text, &error, limits)]),
    }
}

/// [`validate_str_all`] for a JSON document, with the given limits.
///
/// # Errors
///
/// As [`validate_str_all`].
pub fn validate_value_all_with(
    document: Value,
    limits: &Limits,
) -> Result<Trace, Vec<ValidationError>> {
    if let Err(error) = check_limits(&document, limits) {
        drop_flat(document);
        return Err(vec![error]);
    }
    check_version(&document).map_err(|e| vec![e])?;
    let mut trace = match Trace::deserialize(&document) {
        Ok(trace) => trace,
        Err(_) => {
            #[cfg(feature = "schema-check")]
            {
                let problems = schema_problems(&document);
                if !problems.is_empty() {
                    return Err(problems);
                }
            }
            return Err(vec![deserialize_error(&document)]);
        }
    };
    drop(document);
    let changes = expand(&mut trace).map_err(|e| vec![e])?;
    let problems: Vec<ValidationError> = [check_references(&trace, &changes), check_lines(&trace)]
        .into_iter()
        .filter_map(Result::err)
        .collect();
    if problems.is_empty() {
        Ok(trace)
    } else {
        Err(problems)
    }
}

/// A parse error: too deep when the text nests past the limit before the error position
/// (that is what stopped the parser), else a syntax error.
fn parse_error(text: &str, error: &serde_json::Error, limits: &Limits) -> ValidationError {
    let limit = limits.max_depth.min(TEXT_MAX_DEPTH);
    let end = byte_offset(text, error.line(), error.column());
    if let Some(path) = find_too_deep(&text[..end], limit) {
        return ValidationError::TooDeep { path, limit };
    }
    let full = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    ValidationError::Syntax {
        line: error.line(),
        column: error.column(),
        message: full.strip_suffix(&suffix).unwrap_or(&full).to_owned(),
    }
}

/// The byte offset just after serde_json's (line, byte column), on a character boundary.
fn byte_offset(text: &str, line: usize, column: usize) -> usize {
    let line_start = if line <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(line - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    let mut end = (line_start + column).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    end
}

fn check_version(document: &Value) -> Result<(), ValidationError> {
    let Some(Value::Number(version)) = document.get("version") else {
        return Ok(()); // missing or not a number: the schema says so
    };
    let supported = SUPPORTED_VERSIONS
        .iter()
        .any(|&v| version.as_u64() == Some(u64::from(v)) || version.as_f64() == Some(f64::from(v)));
    if supported {
        return Ok(());
    }
    Err(ValidationError::UnsupportedVersion {
        path: JsonPath::root().key("version"),
        found: version.to_string(),
        supported: SUPPORTED_VERSIONS,
    })
}

/// Why a schema-checked document does not fit the types (an integer written `1.0`), with
/// its path, found by a second, tracking pass.
fn deserialize_error(document: &Value) -> ValidationError {
    match serde_path_to_error::deserialize::<_, Trace>(document) {
        Ok(_) => ValidationError::Deserialize {
            path: JsonPath::root(),
            message: "the document does not fit the trace types".to_owned(),
        },
        Err(error) => ValidationError::Deserialize {
            path: error
                .path()
                .iter()
                .filter_map(|segment| match segment {
                    serde_path_to_error::Segment::Seq { index } => Some(PathSegment::Index(*index)),
                    serde_path_to_error::Segment::Map { key } => {
                        Some(PathSegment::Key(key.clone()))
                    }
                    _ => None,
                })
                .collect::<Vec<_>>()
                .into(),
            message: error.into_inner().to_string(),
        },
    }
}

#[cfg(test)]
mod string_chars_tests {
    use super::string_chars;
    use proptest::prelude::*;

    proptest! {
        /// Never below the decoded count of every key and string of the document.
        #[test]
        fn string_chars_is_at_least_the_decoded_count(
            keys in proptest::collection::vec(any::<String>(), 0..4),
            values in proptest::collection::vec(any::<String>(), 0..4),
        ) {
            let document: serde_json::Map<String, serde_json::Value> = keys
                .iter()
                .cloned()
                .zip(values.iter().cloned().map(serde_json::Value::String))
                .collect();
            let decoded: usize = document
                .iter()
                .map(|(k, v)| k.chars().count() + v.as_str().map_or(0, |s| s.chars().count()))
                .sum();
            let text = serde_json::to_string(&document).unwrap();
            prop_assert!(string_chars(&text) >= decoded);
        }
    }
}
