//! The limits pass: bounds on nesting, value count and text size, and no `__proto__` keys.
//!
//! It runs before anything else looks at untrusted JSON, so it never recurses: a document
//! nested a million deep costs a loop, not the stack.

use serde_json::Value;

use crate::error::ValidationError;
use crate::path::{JsonPath, PathSegment};

/// The key refused anywhere in a document.
pub const FORBIDDEN_KEY: &str = "__proto__";

/// The deepest nesting `serde_json` parses from text (its recursion limit of 128 refuses the
/// 128th nested array or object). Text input is held to the smaller of this and
/// [`Limits::max_depth`].
pub const TEXT_MAX_DEPTH: usize = 127;

/// Bounds on an untrusted JSON document. The defaults are the trace format's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most arrays and objects nested inside each other; the outermost counts as 1.
    /// Default 100.
    pub max_depth: usize,
    /// Most values in the whole document, containers and the root included (keys are not
    /// values), when it is read as a JSON tree: by `validate_value`, and by `validate_str`
    /// for a document the types refuse. A valid trace read from text goes straight into the
    /// types, in memory proportional to the text, and is held to `max_text_chars` instead, so
    /// a long run's trace of more values is still read. Default 5,000,000.
    pub max_values: usize,
    /// Most characters (Unicode scalar values) in all keys and strings together.
    /// Default 200,000,000.
    pub max_text_chars: usize,
    /// Most bytes a gzip-compressed trace file may inflate to ([`crate::validate_bytes`]).
    /// Default 1 GiB (a 5,000-step expanded trace of a 300-node list is 117 MB).
    pub max_inflated_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: 100,
            max_values: 5_000_000,
            max_text_chars: 200_000_000,
            max_inflated_bytes: 1 << 30,
        }
    }
}

/// Checks `document` against `limits`, visiting every value once without recursion.
///
/// # Errors
///
/// [`ValidationError::TooDeep`], [`ValidationError::TooManyValues`],
/// [`ValidationError::TooMuchText`] or [`ValidationError::ForbiddenKey`], with the path of the
/// first value found past a limit (in document order).
///
/// # Example
///
/// ```
/// use algoscope_trace_format::{check_limits, Limits};
///
/// let doc = serde_json::json!({"a": [[1]]});
/// assert!(check_limits(&doc, &Limits::default()).is_ok());
/// let tight = Limits { max_depth: 2, ..Limits::default() };
/// let err = check_limits(&doc, &tight).unwrap_err();
/// assert_eq!(err.to_string(), "a[0]: arrays and objects nested more than 2 deep");
/// ```
pub fn check_limits(document: &Value, limits: &Limits) -> Result<(), ValidationError> {
    let mut walk = Walk {
        limits,
        stack: Vec::new(),
        values: 0,
        text_chars: 0,
    };
    walk.enter(document)?;
    while let Some(level) = walk.stack.last_mut() {
        let child = match level {
            Level::Array { items, next } => match items.get(*next) {
                Some(child) => {
                    *next += 1;
                    child
                }
                None => {
                    walk.stack.pop();
                    continue;
                }
            },
            Level::Object { entries, key } => match entries.next() {
                Some((k, child)) => {
                    *key = k;
                    walk.key(k)?;
                    child
                }
                None => {
                    walk.stack.pop();
                    continue;
                }
            },
        };
        walk.enter(child)?;
    }
    Ok(())
}

/// A container being walked, and which child of it is current.
enum Level<'a> {
    Array {
        items: &'a [Value],
        /// Index of the next child; the current one is `next - 1`.
        next: usize,
    },
    Object {
        entries: serde_json::map::Iter<'a>,
        /// Key of the current child.
        key: &'a str,
    },
}

struct Walk<'a> {
    limits: &'a Limits,
    stack: Vec<Level<'a>>,
    values: usize,
    text_chars: usize,
}

impl<'a> Walk<'a> {
    /// Counts `value` (the current child of the top level, or the root) and descends into it.
    fn enter(&mut self, value: &'a Value) -> Result<(), ValidationError> {
        self.values += 1;
        if self.values > self.limits.max_values {
            return Err(ValidationError::TooManyValues {
                path: self.path(),
                limit: self.limits.max_values,
            });
        }
        let level = match value {
            Value::String(s) => {
                self.add_text(s)?;
                return Ok(());
            }
            Value::Array(items) => Level::Array { items, next: 0 },
            Value::Object(map) => Level::Object {
                entries: map.iter(),
                key: "",
            },
            Value::Null | Value::Bool(_) | Value::Number(_) => return Ok(()),
        };
        if self.stack.len() + 1 > self.limits.max_depth {
            return Err(ValidationError::TooDeep {
                path: self.path(),
                limit: self.limits.max_depth,
            });
        }
        self.stack.push(level);
        Ok(())
    }

    /// Checks a key of the top level, already made current.
    fn key(&mut self, key: &str) -> Result<(), ValidationError> {
        if key == FORBIDDEN_KEY {
            return Err(ValidationError::ForbiddenKey { path: self.path() });
        }
        self.add_text(key)
    }

    fn add_text(&mut self, text: &str) -> Result<(), ValidationError> {
        let remaining = self.limits.max_text_chars - self.text_chars;
        let chars = text.chars().count();
        if chars > remaining {
            return Err(ValidationError::TooMuchText {
                path: self.path(),
                limit: self.limits.max_text_chars,
            });
        }
        self.text_chars += chars;
        Ok(())
    }

    /// The path of the current value.
    fn path(&self) -> JsonPath {
        self.stack
            .iter()
            .map(|level| match level {
                Level::Array { next, .. } => PathSegment::Index(next.saturating_sub(1)),
                Level::Object { key, .. } => PathSegment::Key((*key).to_owned()),
            })
            .collect::<Vec<_>>()
            .into()
    }
}

/// Drops `value` without recursion, so a hostile, very deep document cannot overflow the
/// stack on its way out.
pub(crate) fn drop_flat(value: Value) {
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Array(items) => pending.extend(items),
            Value::Object(map) => pending.extend(map.into_iter().map(|(_, v)| v)),
            Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
        }
    }
}

/// Scans JSON text (valid or not) for the first array or object nested deeper than `limit`,
/// and returns its path. A byte scan with no recursion, for text the parser refused.
pub(crate) fn find_too_deep(text: &str, limit: usize) -> Option<JsonPath> {
    enum Open {
        Array(usize),
        Object { key: String, expect_key: bool },
    }
    let bytes = text.as_bytes();
    let mut stack: Vec<Open> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if let Some(Open::Object { key, expect_key }) = stack.last_mut() {
                    if *expect_key {
                        let raw = &text[start..(i + 1).min(text.len())];
                        *key = serde_json::from_str(raw)
                            .unwrap_or_else(|_| raw.trim_matches('"').to_owned());
                        *expect_key = false;
                    }
                }
            }
            open @ (b'[' | b'{') => {
                if stack.len() + 1 > limit {
                    let path = stack
                        .iter()
                        .map(|level| match level {
                            Open::Array(index) => PathSegment::Index(*index),
                            Open::Object { key, .. } => PathSegment::Key(key.clone()),
                        })
                        .collect::<Vec<_>>();
                    return Some(path.into());
                }
                stack.push(if open == b'[' {
                    Open::Array(0)
                } else {
                    Open::Object {
                        key: String::new(),
                        expect_key: true,
                    }
                });
            }
            b']' | b'}' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Open::Array(index)) => *index += 1,
                Some(Open::Object { expect_key, .. }) => *expect_key = true,
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    None
}
