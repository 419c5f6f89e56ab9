//! The names a loop header assigns on every pass (`for i in …` → `i`).
//!
//! Read from the header text as written ([`algoscope_trace_format::LoopInfo::header`]), so one
//! rule serves every language: Python `for a, b in …`, JavaScript `for (let i = 0; …; i++)`,
//! `for (const x of …)` and `for (const k in …)`. `while` loops assign nothing here.

use algoscope_trace_format::{Trace, Value};

use super::types::HeaderValue;

const KEYWORDS: &[&str] = &[
    "for",
    "in",
    "of",
    "let",
    "const",
    "var",
    "async",
    "await",
    "if",
    "not",
    "and",
    "or",
    "while",
    "is",
    "True",
    "False",
    "None",
    "true",
    "false",
    "null",
    "undefined",
    "typeof",
    "new",
    "this",
    "self",
];

/// Identifiers in `text` in order of first appearance, keywords left out.
fn identifiers(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    let flush = |current: &mut String, out: &mut Vec<String>| {
        let starts_ok = current
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$');
        if starts_ok && !KEYWORDS.contains(&current.as_str()) && !out.contains(current) {
            out.push(current.clone());
        }
        current.clear();
    };
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' || c == '$' {
            current.push(c);
        } else {
            flush(&mut current, &mut out);
        }
    }
    flush(&mut current, &mut out);
    out
}

/// The text between the first `(` and its matching `)`, if the header has one.
fn parenthesised(header: &str) -> Option<&str> {
    let open = header.find('(')?;
    let mut depth = 0usize;
    for (i, c) in header[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&header[open + 1..open + i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// Names assigned by an initializer (`let i = 0, j = n`): identifiers right before a lone `=`.
fn assigned(init: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes: Vec<char> = init.chars().collect();
    for (i, c) in bytes.iter().enumerate() {
        let lone = *c == '='
            && bytes.get(i + 1) != Some(&'=')
            && !matches!(
                i.checked_sub(1).and_then(|p| bytes.get(p)),
                Some('=' | '!' | '<' | '>')
            );
        if lone {
            let before: String = bytes[..i].iter().collect();
            if let Some(name) = identifiers(&before).pop() {
                if !out.contains(&name) {
                    out.push(name);
                }
            }
        }
    }
    out
}

/// The text with string literals (`'…'`, `"…"`, `` `…` ``) blanked and each attribute name
/// (an identifier right after a `.`) blanked, so only variable names stay identifiers.
fn variables_only(header: &str) -> String {
    let mut out = String::with_capacity(header.len());
    let mut quote: Option<char> = None;
    let mut after_dot = false;
    let mut escaped = false;
    for c in header.chars() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            out.push(' ');
            continue;
        }
        if matches!(c, '\'' | '"' | '`') {
            quote = Some(c);
            out.push(' ');
            continue;
        }
        let word = c.is_alphanumeric() || c == '_' || c == '$';
        if after_dot && word {
            out.push(' ');
            continue;
        }
        after_dot = c == '.' || (after_dot && c.is_whitespace());
        out.push(c);
    }
    out
}

/// The variable names a loop header reads, in order of first appearance: every identifier
/// that is not a keyword, an attribute name, inside a string, or one of the names the header
/// assigns each pass ([`loop_vars`]).
///
/// ```text
/// for (let i = 0; i < n - 1; i++)        → n
/// for j in range(n - 1 - i)              → range, n, i
/// while lo <= hi                         → lo, hi
/// while (i < arr.length)                 → i, arr
/// ```
pub(crate) fn read_names(header: &str) -> Vec<String> {
    let assigned = loop_vars(header);
    identifiers(&variables_only(header))
        .into_iter()
        .filter(|name| !assigned.contains(name))
        .collect()
}

/// The names loop `loop_id`'s header reads ([`read_names`]) with the primitives they hold in
/// frame `frame` at step `step` (the run's first step); names not bound there, or bound to
/// objects, are left out.
pub(crate) fn header_values(
    trace: &Trace,
    step: usize,
    frame: &str,
    loop_id: &str,
) -> Vec<HeaderValue> {
    let Some(info) = trace.loops.iter().find(|l| l.id == loop_id) else {
        return Vec::new();
    };
    let Some(frame) = trace
        .steps
        .get(step)
        .and_then(|s| s.stack.iter().find(|f| f.id == frame))
    else {
        return Vec::new();
    };
    read_names(&info.header)
        .into_iter()
        .filter_map(|name| {
            let value = frame.locals.iter().find(|(n, _)| *n == name)?;
            match &value.1 {
                Value::Prim { repr, .. } => Some(HeaderValue {
                    name,
                    text: repr.clone(),
                }),
                _ => None,
            }
        })
        .collect()
}

/// The names the header of a `for` loop (or comprehension) assigns each pass; empty for other
/// headers.
///
/// ```text
/// for i in range(n)                      → i
/// for k, v in d.items()                  → k, v
/// for (let i = 0; i < n; i++)            → i
/// for (const [a, b] of pairs)            → a, b
/// ```
pub(crate) fn loop_vars(header: &str) -> Vec<String> {
    let header = header.trim();
    let unasync = header.strip_prefix("async").map_or(header, str::trim_start);
    let Some(rest) = unasync.strip_prefix("for") else {
        return Vec::new();
    };
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("await").unwrap_or(rest).trim_start();
    if let Some(inner) = rest.starts_with('(').then(|| parenthesised(rest)).flatten() {
        let parts: Vec<&str> = inner.split(';').collect();
        if parts.len() == 3 {
            let mut names = assigned(parts[0]);
            for name in identifiers(parts[2]) {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            return names;
        }
        for sep in [" of ", " in "] {
            if let Some(pos) = inner.find(sep) {
                return identifiers(&inner[..pos]);
            }
        }
        return Vec::new();
    }
    let after_for = header.split_once("for ").map_or("", |(_, rest)| rest);
    match after_for.find(" in ") {
        Some(pos) => identifiers(&after_for[..pos]),
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::{loop_vars, read_names};

    #[test]
    fn headers_read_their_variables_not_what_they_assign() {
        assert_eq!(read_names("for (let i = 0; i < n - 1; i++)"), ["n"]);
        assert_eq!(
            read_names("for (let j = 0; j < n - 1 - i; j++)"),
            ["n", "i"]
        );
        assert_eq!(read_names("for j in range(n - 1 - i)"), ["range", "n", "i"]);
        assert_eq!(read_names("while lo <= hi"), ["lo", "hi"]);
        assert_eq!(read_names("while (i < arr.length)"), ["i", "arr"]);
        assert_eq!(read_names("while queue"), ["queue"]);
        assert_eq!(
            read_names("while self.head is not None"),
            Vec::<String>::new()
        );
        assert_eq!(
            read_names(r#"for (const c of "lo hi")"#),
            Vec::<String>::new()
        );
        assert_eq!(read_names("for k, v in d.items()"), ["d"]);
    }

    #[test]
    fn headers_of_each_language_give_their_names() {
        assert_eq!(loop_vars("for i in range(n - 1)"), ["i"]);
        assert_eq!(loop_vars("for k, (a, b) in enumerate(xs)"), ["k", "a", "b"]);
        assert_eq!(loop_vars("async for x in stream()"), ["x"]);
        assert_eq!(loop_vars("for (let i = 0; i < n - 1; i++)"), ["i"]);
        assert_eq!(
            loop_vars("for (let i = 0, j = n; i <= j; i++, j--)"),
            ["i", "j"]
        );
        assert_eq!(loop_vars("for (const [a, b] of pairs)"), ["a", "b"]);
        assert_eq!(loop_vars("for (const key in obj)"), ["key"]);
        assert_eq!(loop_vars("for (;;)"), Vec::<String>::new());
        assert_eq!(loop_vars("for await (const x of gen())"), ["x"]);
        assert_eq!(loop_vars("for i in range(len(xs))"), ["i"]);
        assert_eq!(loop_vars("while queue"), Vec::<String>::new());
        assert_eq!(loop_vars("while (lo <= hi)"), Vec::<String>::new());
    }
}
