//! [`hint_warnings`]: everything a front end should say about a trace's `viz:` hints — the
//! comments that do not parse, and the names hints give that no step of the run ever shows
//! (a typo, or a variable of code that never ran).

use std::collections::HashSet;

use algoscope_trace_format::{Hint, Trace};

use super::parse::parse_hints;
use super::types::{HintWarning, VizHints};

/// What an unseen name's warning says is expected.
pub const SEEN_FORM: &str = "a variable some step of the run shows";

/// The warnings of `trace.hints`, ordered by line (the parser's first on a line): those of
/// [`parse_hints`], then, for each hint naming a variable (`hide`, `show`, `pointers` — its
/// container's first name and its index names —, `graph`, `size`) that no frame of any step
/// holds, one warning with the comment's line: ``hint names `tmp`, which no step shows`` (once
/// per name and comment).
///
/// Call it before [`crate::apply_hints`], which removes hidden names from the steps.
///
/// # Example
/// ```
/// use algoscope_scene::hint_warnings;
/// use algoscope_trace_format::{Event, Frame, FrameState, Hint, Language, Step, Trace, Value};
/// let frame = Frame {
///     id: "f1".into(), func: "<module>".into(), line: 1, state: FrameState::Active,
///     locals: vec![("arr".into(), Value::prim("int", "1"))],
/// };
/// let step = Step {
///     event: Event::Line, line: 1, stack: vec![frame], heap: Default::default(), heap_ids: None,
///     stdout_length: 0, output: None, loops: vec![], return_value: None, exception: None,
///     skipped: None,
/// };
/// let mut trace = Trace::new(Language::Python, "arr = 1  # viz: pointers arr: k; hid x\n", vec![step]);
/// trace.hints.push(Hint { line: 1, text: "pointers arr: k; hid x".into() });
/// let warnings = hint_warnings(&trace);
/// assert_eq!(warnings.len(), 2);
/// assert_eq!(warnings[0].message, "unknown hint `hid`");
/// assert_eq!(warnings[1].message, "hint names `k`, which no step shows");
/// ```
pub fn hint_warnings(trace: &Trace) -> Vec<HintWarning> {
    let seen: HashSet<&str> = trace
        .steps
        .iter()
        .flat_map(|step| &step.stack)
        .flat_map(|frame| &frame.locals)
        .map(|(name, _)| name.as_str())
        .collect();
    let mut warnings = Vec::new();
    for hint in &trace.hints {
        let parsed = parse_hints(std::slice::from_ref(hint));
        warnings.extend(parsed.warnings.iter().cloned());
        let mut reported: Vec<&str> = Vec::new();
        for name in named_variables(&parsed) {
            if !seen.contains(name) && !reported.contains(&name) {
                reported.push(name);
                warnings.push(unseen(hint, name));
            }
        }
    }
    warnings.sort_by_key(|w| w.line);
    warnings
}

/// The variable names hints in `parsed` give: `hide`, `show`, `pointers`, `graph` and `size`
/// names in turn (repeats possible).
fn named_variables(parsed: &VizHints) -> impl Iterator<Item = &str> {
    let pointers = parsed.pointers.iter().flat_map(|(container, names)| {
        let root = container
            .split(['.', '['])
            .next()
            .unwrap_or(container.as_str());
        std::iter::once(root).chain(names.iter().map(String::as_str))
    });
    parsed
        .hide
        .iter()
        .chain(&parsed.show)
        .map(String::as_str)
        .chain(pointers)
        .chain(parsed.graphs.iter().map(String::as_str))
        .chain(parsed.sizes.iter().map(|s| s.name.as_str()))
}

fn unseen(hint: &Hint, name: &str) -> HintWarning {
    HintWarning {
        line: hint.line,
        message: format!("hint names `{name}`, which no step shows"),
        expected: SEEN_FORM.to_string(),
    }
}
