//! Node keys: one text per node that compares equal across languages and containers.
//!
//! The trace writes the same node differently depending on where it sits: Python's `'A'`
//! keeps its quotes, a JavaScript object key is the string `'3'` where its neighbour list
//! holds the number `3`, a Python float key `3.0` is the same dict key as `3`. Every
//! primitive is normalised to `s:<text>` (strings, unquoted and unescaped) or `n:<number>`
//! (numbers, and strings holding a canonical whole number); `b:true`/`b:false` for booleans;
//! a tuple of primitives to `t:(<key>,<key>…)`; an instance to `o:<object id>`. `None`,
//! `null` and `undefined` name no node.

use algoscope_trace_format::{HeapObject, Step, Value};

/// The normalised key of a node named by `value` at `step`, or `None` when the value cannot
/// name a node (`None`/`null`, a list, an unreadable value).
///
/// # Example
/// ```
/// use algoscope_scene::node_key;
/// use algoscope_trace_format::{Language, Step, Trace, Value};
/// let step: Step = serde_json::from_str(
///     r#"{"event":"line","line":1,"stack":[],"heap":{},"stdoutLength":0}"#).unwrap();
/// assert_eq!(node_key(&Value::prim("str", "'A'"), &step).as_deref(), Some("s:A"));
/// assert_eq!(node_key(&Value::prim("string", "'3'"), &step).as_deref(), Some("n:3"));
/// assert_eq!(node_key(&Value::prim("number", "3"), &step).as_deref(), Some("n:3"));
/// assert_eq!(node_key(&Value::prim("NoneType", "None"), &step), None);
/// ```
pub fn node_key(value: &Value, step: &Step) -> Option<String> {
    match value {
        Value::Prim {
            type_name, repr, ..
        } => prim_key(type_name, repr),
        Value::Ref { id } => match step.heap.get(id.as_str()).map(|o| o.as_ref())? {
            HeapObject::Tuple(t) if !t.items.is_empty() && t.items.len() <= 4 => {
                let parts: Option<Vec<String>> = t
                    .items
                    .iter()
                    .map(|v| match v {
                        Value::Prim {
                            type_name, repr, ..
                        } => prim_key(type_name, repr),
                        _ => None,
                    })
                    .collect();
                Some(format!("t:({})", parts?.join(",")))
            }
            HeapObject::Instance(_) => Some(format!("o:{id}")),
            _ => None,
        },
        Value::Unreadable { .. } => None,
    }
}

/// The text drawn for a node key made by [`node_key`] (`s:A` → `A`, `t:(n:0,n:1)` →
/// `(0, 1)`); object keys give their id (graph detection uses a name field instead).
pub fn key_label(key: &str) -> String {
    if let Some(inner) = key.strip_prefix("t:(").and_then(|k| k.strip_suffix(')')) {
        let parts: Vec<String> = split_top(inner).into_iter().map(key_label).collect();
        return format!("({})", parts.join(", "));
    }
    key.split_once(':')
        .map_or(key, |(_, text)| text)
        .to_string()
}

/// Splits a tuple key's inside at its top-level commas.
fn split_top(inner: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&inner[start..]);
    out
}

/// The key of a primitive: see the module documentation.
pub(crate) fn prim_key(type_name: &str, repr: &str) -> Option<String> {
    match type_name {
        "NoneType" | "null" | "undefined" | "symbol" => None,
        "bool" | "boolean" => Some(format!("b:{}", repr.to_ascii_lowercase())),
        "str" | "string" => {
            let text = unquote(repr);
            Some(match canonical_number(&text) {
                Some(n) if is_whole(&text) => format!("n:{n}"),
                _ => format!("s:{text}"),
            })
        }
        _ => Some(match canonical_number(repr) {
            Some(n) => format!("n:{n}"),
            None => format!("n:{repr}"),
        }),
    }
}

/// True for a canonical whole-number text (`0`, `-12`; not `012`, `1.0`, ` 3`).
fn is_whole(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && text != "-0"
}

/// A number's canonical text: whole numbers without a fraction (`3.0` → `3`, `7n` → `7`),
/// others as written; `None` when the text is not a number.
fn canonical_number(text: &str) -> Option<String> {
    let t = text.strip_suffix('n').unwrap_or(text);
    if is_whole(t) {
        return Some(t.to_string());
    }
    let f: f64 = t.parse().ok()?;
    if f.is_finite() && f.fract() == 0.0 && f.abs() < 9.0e15 {
        return Some(format!("{}", f as i64));
    }
    Some(t.to_string())
}

/// A string repr without its quotes, with the usual escapes undone.
fn unquote(repr: &str) -> String {
    let inner = repr
        .strip_prefix('\'')
        .and_then(|r| r.strip_suffix('\''))
        .or_else(|| repr.strip_prefix('"').and_then(|r| r.strip_suffix('"')))
        .or_else(|| repr.strip_prefix('`').and_then(|r| r.strip_suffix('`')))
        .unwrap_or(repr);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}
