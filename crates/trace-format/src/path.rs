//! JSON paths in the form errors show them: `steps[3].line`, `heap["weird key"]`.

use std::fmt;

/// One step of a [`JsonPath`]: an object key or an array index.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PathSegment {
    /// A key of an object.
    Key(String),
    /// A 0-based index into an array.
    Index(usize),
}

/// Where a value sits in a JSON document, from the root.
///
/// Displayed the way JavaScript would reach it: keys that are identifiers after a dot
/// (`steps[3].line`), other keys quoted in brackets (`heap["o 1"]`), indices in brackets. The
/// root itself displays as `(root)`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct JsonPath(Vec<PathSegment>);

impl JsonPath {
    /// The root of the document.
    pub fn root() -> Self {
        JsonPath(Vec::new())
    }

    /// This path with `key` appended.
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.0.push(PathSegment::Key(key.into()));
        self
    }

    /// This path with `index` appended.
    pub fn index(mut self, index: usize) -> Self {
        self.0.push(PathSegment::Index(index));
        self
    }

    /// Appends one segment in place.
    pub fn push(&mut self, segment: PathSegment) {
        self.0.push(segment);
    }

    /// The segments from the root.
    pub fn segments(&self) -> &[PathSegment] {
        &self.0
    }

    /// The path a JSON Pointer (RFC 6901, `/steps/3/line`) names inside `document`.
    ///
    /// The document decides whether a segment is an index or a key (`/heap/0` under an
    /// object is the key `"0"`). A pointer that leaves the document keeps its remaining
    /// segments as keys.
    pub fn from_pointer(document: &serde_json::Value, pointer: &str) -> Self {
        let mut path = JsonPath::root();
        let mut node = Some(document);
        for raw in pointer.split('/').skip(1) {
            let token = raw.replace("~1", "/").replace("~0", "~");
            match node {
                Some(serde_json::Value::Array(items)) => match token.parse::<usize>() {
                    Ok(index) => {
                        node = items.get(index);
                        path.push(PathSegment::Index(index));
                    }
                    Err(_) => {
                        node = None;
                        path.push(PathSegment::Key(token));
                    }
                },
                Some(serde_json::Value::Object(map)) => {
                    node = map.get(&token);
                    path.push(PathSegment::Key(token));
                }
                _ => {
                    node = None;
                    path.push(PathSegment::Key(token));
                }
            }
        }
        path
    }
}

impl From<Vec<PathSegment>> for JsonPath {
    fn from(segments: Vec<PathSegment>) -> Self {
        JsonPath(segments)
    }
}

/// True for keys shown after a dot: an ASCII letter, `_` or `$`, then also digits.
fn is_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

impl fmt::Display for JsonPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("(root)");
        }
        for (i, segment) in self.0.iter().enumerate() {
            match segment {
                PathSegment::Index(index) => write!(f, "[{index}]")?,
                PathSegment::Key(key) if is_identifier(key) => {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    f.write_str(key)?;
                }
                PathSegment::Key(key) => {
                    let quoted = serde_json::to_string(key).map_err(|_| fmt::Error)?;
                    write!(f, "[{quoted}]")?;
                }
            }
        }
        Ok(())
    }
}
