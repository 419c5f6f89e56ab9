//! [`parse_hints`]: the `viz:` hint language (see `docs/hints.md`).
//!
//! One comment holds one or more hints separated by `;`. A hint is a keyword followed by its
//! arguments; lists of names are separated by commas and/or spaces. A hint that does not parse
//! becomes a [`HintWarning`] with the comment's line and the expected form; the other hints of
//! the same comment still apply.

use algoscope_trace_format::Hint;

use super::types::{HintWarning, LinkedHint, LinkedShape, SizeHint, VizHints};

/// The expected form of `hide`.
pub const HIDE_FORM: &str = "hide NAME[, NAME…]";
/// The expected form of `show`.
pub const SHOW_FORM: &str = "show NAME[, NAME…]";
/// The expected form of `pointers`.
pub const POINTERS_FORM: &str = "pointers CONTAINER: NAME[, NAME…]";
/// The expected form of `linked`.
pub const LINKED_FORM: &str = "linked CLASS list|tree [FIELD…]";
/// The expected form of `graph`.
pub const GRAPH_FORM: &str = "graph NAME[, NAME…]";
/// The expected form of `size`.
pub const SIZE_FORM: &str = "size NAME [N, N…]";
/// The expected form of any hint, for an empty or unknown one.
pub const ANY_FORM: &str = "KEYWORD ARGUMENTS, KEYWORD one of hide, show, pointers, linked, \
                            graph, size (several hints separated by `;`)";

/// Parses every hint comment of a trace, in order.
///
/// Never fails: whatever does not parse is reported in [`VizHints::warnings`] and skipped.
/// Names keep their first-seen order and appear once; a second `linked` hint is a warning
/// (the first one stays); `size` values are sorted ascending without repeats.
///
/// # Example
/// ```
/// use algoscope_scene::parse_hints;
/// use algoscope_trace_format::Hint;
/// let hints = [
///     Hint { line: 1, text: "hide tmp, swapped; pointers arr: lo hi".into() },
///     Hint { line: 4, text: "linked Node list next".into() },
///     Hint { line: 9, text: "hid x".into() },
/// ];
/// let viz = parse_hints(&hints);
/// assert_eq!(viz.hide, ["tmp", "swapped"]);
/// assert_eq!(viz.pointers["arr"], ["lo", "hi"]);
/// assert_eq!(viz.linked.unwrap().links, ["next"]);
/// assert_eq!(viz.warnings[0].line, 9);
/// ```
pub fn parse_hints(hints: &[Hint]) -> VizHints {
    let mut out = VizHints::default();
    for hint in hints {
        let segments: Vec<&str> = hint.text.split(';').map(str::trim).collect();
        if segments.iter().all(|s| s.is_empty()) {
            out.warnings.push(HintWarning {
                line: hint.line,
                message: "empty hint".to_string(),
                expected: ANY_FORM.to_string(),
            });
            continue;
        }
        for segment in segments.into_iter().filter(|s| !s.is_empty()) {
            if let Err(bad) = parse_one(segment, hint.line, &mut out) {
                out.warnings.push(HintWarning {
                    line: hint.line,
                    message: bad.message,
                    expected: bad.expected.to_string(),
                });
            }
        }
    }
    out
}

/// Why one hint did not parse.
struct Bad {
    message: String,
    expected: &'static str,
}

fn bad(message: impl Into<String>, expected: &'static str) -> Bad {
    Bad {
        message: message.into(),
        expected,
    }
}

/// Parses one hint (no `;`) into `out`.
fn parse_one(text: &str, line: u32, out: &mut VizHints) -> Result<(), Bad> {
    let (keyword, rest) = split_word(text);
    match keyword.to_ascii_lowercase().as_str() {
        "hide" => {
            let names = names(rest, "hide", HIDE_FORM)?;
            push_new(&mut out.hide, names);
        }
        "show" => {
            let names = names(rest, "show", SHOW_FORM)?;
            push_new(&mut out.show, names);
        }
        "graph" => {
            let names = names(rest, "graph", GRAPH_FORM)?;
            push_new(&mut out.graphs, names);
        }
        "pointers" => {
            let (container, names) = pointers(rest)?;
            push_new(out.pointers.entry(container).or_default(), names);
        }
        "linked" => {
            let linked = linked(rest)?;
            if let Some(first) = &out.linked {
                return Err(bad(
                    format!(
                        "a second `linked` hint: only one linked structure is hinted, `{}` is kept",
                        first.class
                    ),
                    LINKED_FORM,
                ));
            }
            out.linked = Some(linked);
        }
        "size" => out.sizes.push(size(rest, line)?),
        _ => {
            return Err(bad(format!("unknown hint `{keyword}`"), ANY_FORM));
        }
    }
    Ok(())
}

/// The first whitespace-separated word and the trimmed rest.
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim();
    match text.find(char::is_whitespace) {
        Some(at) => (&text[..at], text[at..].trim()),
        None => (text, ""),
    }
}

/// True for an identifier: a letter, `_` or `$`, then letters, digits, `_` or `$`.
fn is_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// True for a container: names joined by `.` (`self.items`), optionally ending in `[]` (the
/// inner level of a grid, as in `trace.indexNames`).
fn is_container(word: &str) -> bool {
    let path = word.strip_suffix("[]").unwrap_or(word);
    path.split('.').all(is_name)
}

/// A non-empty list of names separated by commas and/or whitespace.
fn names(text: &str, keyword: &str, form: &'static str) -> Result<Vec<String>, Bad> {
    let words = words(text);
    if words.is_empty() {
        return Err(bad(format!("`{keyword}` needs at least one name"), form));
    }
    check_names(&words, form)?;
    Ok(words.into_iter().map(str::to_string).collect())
}

fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect()
}

fn check_names(words: &[&str], form: &'static str) -> Result<(), Bad> {
    match words.iter().find(|w| !is_name(w)) {
        Some(word) => Err(bad(format!("`{word}` is not a name"), form)),
        None => Ok(()),
    }
}

fn push_new(into: &mut Vec<String>, names: Vec<String>) {
    for name in names {
        if !into.contains(&name) {
            into.push(name);
        }
    }
}

/// `CONTAINER: NAME[, NAME…]`.
fn pointers(text: &str) -> Result<(String, Vec<String>), Bad> {
    let Some((container, rest)) = text.split_once(':') else {
        return Err(bad(
            if text.is_empty() {
                "`pointers` needs a container and its pointer names".to_string()
            } else {
                "missing `:` after the container".to_string()
            },
            POINTERS_FORM,
        ));
    };
    let container = container.trim();
    if container.is_empty() {
        return Err(bad("missing container before `:`", POINTERS_FORM));
    }
    if !is_container(container) {
        return Err(bad(
            format!("`{container}` is not a container name"),
            POINTERS_FORM,
        ));
    }
    let names = names(rest, "pointers", POINTERS_FORM)?;
    Ok((container.to_string(), names))
}

/// `CLASS list|tree [FIELD…]`.
fn linked(text: &str) -> Result<LinkedHint, Bad> {
    let words = words(text);
    let Some((class, rest)) = words.split_first() else {
        return Err(bad(
            "`linked` needs a class and a shape (list or tree)",
            LINKED_FORM,
        ));
    };
    if !is_name(class) {
        return Err(bad(format!("`{class}` is not a class name"), LINKED_FORM));
    }
    let Some((shape, links)) = rest.split_first() else {
        return Err(bad(
            format!("missing shape after `{class}`: list or tree"),
            LINKED_FORM,
        ));
    };
    let shape = match shape.to_ascii_lowercase().as_str() {
        "list" => LinkedShape::List,
        "tree" => LinkedShape::Tree,
        _ => {
            return Err(bad(
                format!("unknown shape `{shape}`: list or tree"),
                LINKED_FORM,
            ))
        }
    };
    check_names(links, LINKED_FORM)?;
    let mut fields = Vec::new();
    push_new(&mut fields, links.iter().map(|s| s.to_string()).collect());
    Ok(LinkedHint {
        class: class.to_string(),
        shape,
        links: fields,
    })
}

/// `NAME [N, N…]`: the values are optional; when given they are in brackets.
fn size(text: &str, line: u32) -> Result<SizeHint, Bad> {
    let (name, rest) = match text.find(|c: char| c == '[' || c.is_whitespace()) {
        Some(at) => (&text[..at], text[at..].trim()),
        None => (text, ""),
    };
    if name.is_empty() {
        return Err(bad("`size` needs a name", SIZE_FORM));
    }
    if !is_name(name) {
        return Err(bad(format!("`{name}` is not a name"), SIZE_FORM));
    }
    let mut values = Vec::new();
    if !rest.is_empty() {
        let Some(inner) = rest.strip_prefix('[') else {
            return Err(bad(
                format!("sizes go in brackets after the name, not `{rest}`"),
                SIZE_FORM,
            ));
        };
        let Some((inner, after)) = inner.split_once(']') else {
            return Err(bad("missing `]` after the sizes", SIZE_FORM));
        };
        if !after.trim().is_empty() {
            return Err(bad(
                format!("unexpected text after `]`: `{}`", after.trim()),
                SIZE_FORM,
            ));
        }
        let words = words(inner);
        if words.is_empty() {
            return Err(bad("no sizes inside `[ ]`", SIZE_FORM));
        }
        for word in words {
            let plain = word.starts_with(|c: char| c.is_ascii_digit())
                && word.chars().all(|c| c.is_ascii_digit() || c == '_');
            match word.replace('_', "").parse::<u64>() {
                Ok(n) if plain && n > 0 => values.push(n),
                _ => {
                    return Err(bad(
                        format!("`{word}` is not a size: sizes are whole numbers from 1"),
                        SIZE_FORM,
                    ))
                }
            }
        }
        values.sort_unstable();
        values.dedup();
    }
    Ok(SizeHint {
        line,
        name: name.to_string(),
        values,
    })
}
