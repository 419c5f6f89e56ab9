//! [`ValidationError`]: every way a trace can be refused, each with where.

use crate::path::JsonPath;

/// Why a trace was refused. Every variant but those about the bytes themselves
/// ([`ValidationError::Syntax`], [`ValidationError::NotUtf8`], [`ValidationError::Compressed`],
/// [`ValidationError::InflatedTooLarge`]) names the JSON path of the offending value; `Display`
/// starts with it (`steps[3].line: expected integer`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ValidationError {
    /// The text is not JSON. `line` and `column` are 1-based, counted in bytes as
    /// `serde_json` counts them.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// Line of the error (1-based).
        line: usize,
        /// Column of the error (1-based).
        column: usize,
        /// What the parser expected.
        message: String,
    },
    /// A trace file's bytes (after inflating, when compressed) are not UTF-8 text; `offset`
    /// is the first byte that is not.
    #[error("byte {offset}: not UTF-8 text")]
    NotUtf8 {
        /// The first byte (0-based) that is not part of valid UTF-8.
        offset: usize,
    },
    /// A gzip-compressed trace file does not inflate (corrupt, or cut short).
    #[error("gzip: {message}")]
    Compressed {
        /// What the decoder said.
        message: String,
    },
    /// A gzip-compressed trace file inflates past [`crate::Limits::max_inflated_bytes`].
    #[error("gzip: inflates to more than {limit} bytes")]
    InflatedTooLarge {
        /// The limit that was passed.
        limit: usize,
    },
    /// Arrays and objects are nested deeper than [`crate::Limits::max_depth`]; `path` is the
    /// first container past the limit.
    #[error("{path}: arrays and objects nested more than {limit} deep")]
    TooDeep {
        /// The first array or object past the limit.
        path: JsonPath,
        /// The limit that was passed.
        limit: usize,
    },
    /// The document holds more than [`crate::Limits::max_values`] values; `path` is the
    /// value that passed the limit.
    #[error("{path}: more than {limit} values in the document")]
    TooManyValues {
        /// The value that passed the limit.
        path: JsonPath,
        /// The limit that was passed.
        limit: usize,
    },
    /// Keys and strings together hold more than [`crate::Limits::max_text_chars`]
    /// characters; `path` is the key or string that passed the limit.
    #[error("{path}: more than {limit} characters of text in the document")]
    TooMuchText {
        /// The key or string that passed the limit.
        path: JsonPath,
        /// The limit that was passed.
        limit: usize,
    },
    /// A key named `__proto__`, which careless merging in JavaScript turns into a prototype.
    #[error("{path}: the key \"__proto__\" is not allowed")]
    ForbiddenKey {
        /// The key itself (`steps[0].heap.__proto__`).
        path: JsonPath,
    },
    /// `version` is a number this crate does not read.
    #[error(
        "{path}: trace format version {found} is not supported (supported: {})",
        list(supported)
    )]
    UnsupportedVersion {
        /// Always `version`.
        path: JsonPath,
        /// The version found, as written.
        found: String,
        /// The versions this crate reads ([`crate::SUPPORTED_VERSIONS`]).
        supported: &'static [u32],
    },
    /// The document does not match `schema/trace.schema.json`.
    #[error("{path}: {message}")]
    Schema {
        /// The value that does not match.
        path: JsonPath,
        /// What was expected (`expected integer`, `required field is missing`).
        message: String,
    },
    /// The document matches the schema but a value does not fit its Rust type (an integer
    /// written as `1.0`).
    #[error("{path}: {message}")]
    Deserialize {
        /// The value that does not fit.
        path: JsonPath,
        /// The deserializer's message.
        message: String,
    },
    /// A step of a `heapDelta` trace has no `heapIds`.
    #[error("{path}: required when the trace has heapDelta")]
    HeapIdsMissing {
        /// `steps[i].heapIds`.
        path: JsonPath,
    },
    /// A step of a trace without `heapDelta` has `heapIds`.
    #[error("{path}: only allowed when the trace has heapDelta")]
    HeapIdsUnexpected {
        /// `steps[i].heapIds`.
        path: JsonPath,
    },
    /// An id is listed twice in one step's `heapIds`.
    #[error("{path}: object id {id:?} is listed twice")]
    DuplicateHeapId {
        /// `steps[i].heapIds[j]`, the second occurrence.
        path: JsonPath,
        /// The repeated id.
        id: String,
    },
    /// An id in `heapIds` is neither in the step's delta nor in the previous step's heap.
    #[error("{path}: object {id:?} is neither in this step's heap nor in the previous step's")]
    MissingObject {
        /// `steps[i].heapIds[j]`.
        path: JsonPath,
        /// The id with no object.
        id: String,
    },
    /// An object in a step's delta that the step's `heapIds` does not list.
    #[error("{path}: object is not listed in this step's heapIds")]
    UnlistedObject {
        /// `steps[i].heap.<id>`.
        path: JsonPath,
    },
    /// A `ref` (or printed id) names an object missing from the step's heap.
    #[error("{path}: no object {id:?} in this step's heap")]
    DanglingRef {
        /// The reference (`steps[3].stack[0].locals[1][1].id`).
        path: JsonPath,
        /// The missing id.
        id: String,
    },
    /// Two frames of one step share an id.
    #[error("{path}: frame id {id:?} appears twice in this step")]
    DuplicateFrame {
        /// The second frame's id (`steps[3].stack[2].id`).
        path: JsonPath,
        /// The repeated id.
        id: String,
    },
    /// A loop context names a frame that is not in the step's stack.
    #[error("{path}: no frame {id:?} in this step's stack")]
    UnknownFrame {
        /// `steps[i].loops[j].frame`.
        path: JsonPath,
        /// The missing frame id.
        id: String,
    },
    /// A loop context names a loop the trace's `loops` does not list.
    #[error("{path}: no loop {id:?} in the trace's loops")]
    UnknownLoop {
        /// `steps[i].loops[j].loop`.
        path: JsonPath,
        /// The missing loop id.
        id: String,
    },
    /// A generator names a frame that is not in the step's stack.
    #[error("{path}: no frame {id:?} in this step's stack")]
    UnknownGeneratorFrame {
        /// `steps[i].heap.<id>.frame`.
        path: JsonPath,
        /// The missing frame id.
        id: String,
    },
    /// A line number past the end of `source`.
    #[error("{path}: line {line} is past the end of the source ({lines} lines)")]
    LineOutOfSource {
        /// `steps[i].line`, `steps[i].stack[j].line`, `steps[i].output.line`, `error.line`,
        /// `loops[k].line`, …
        path: JsonPath,
        /// The line given.
        line: u32,
        /// Lines in `source` (a last line without a newline counts).
        lines: u32,
    },
    /// `stdoutLength` is smaller than the previous step's.
    #[error("{path}: {length} is less than the previous step's {previous}")]
    StdoutDecreased {
        /// `steps[i].stdoutLength`.
        path: JsonPath,
        /// This step's value.
        length: u64,
        /// The previous step's value.
        previous: u64,
    },
    /// `stdoutLength` is larger than `stdout` (in characters).
    #[error("{path}: {length} is more than the {stdout_chars} characters of stdout")]
    StdoutOverrun {
        /// `steps[i].stdoutLength`.
        path: JsonPath,
        /// This step's value.
        length: u64,
        /// Characters (Unicode scalar values) in the trace's `stdout`.
        stdout_chars: u64,
    },
}

impl ValidationError {
    /// The JSON path of the offending value; `None` for a syntax error, which has a line and
    /// column instead, and for bytes that are no JSON text at all (not UTF-8, bad gzip).
    pub fn path(&self) -> Option<&JsonPath> {
        use ValidationError::*;
        match self {
            Syntax { .. } | NotUtf8 { .. } | Compressed { .. } | InflatedTooLarge { .. } => None,
            TooDeep { path, .. }
            | TooManyValues { path, .. }
            | TooMuchText { path, .. }
            | ForbiddenKey { path }
            | UnsupportedVersion { path, .. }
            | Schema { path, .. }
            | Deserialize { path, .. }
            | HeapIdsMissing { path }
            | HeapIdsUnexpected { path }
            | DuplicateHeapId { path, .. }
            | MissingObject { path, .. }
            | UnlistedObject { path }
            | DanglingRef { path, .. }
            | DuplicateFrame { path, .. }
            | UnknownFrame { path, .. }
            | UnknownLoop { path, .. }
            | UnknownGeneratorFrame { path, .. }
            | LineOutOfSource { path, .. }
            | StdoutDecreased { path, .. }
            | StdoutOverrun { path, .. } => Some(path),
        }
    }
}

/// `1`, `1, 2`.
fn list(versions: &[u32]) -> String {
    versions
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
