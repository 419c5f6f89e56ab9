//! [`apply_hints`]: the hints that change the trace itself, applied once before drawing.

use algoscope_trace_format::Trace;

use super::parse::parse_hints;
use super::types::VizHints;

/// Parses `trace.hints` and applies the hints that act on the trace, once, before any scene is
/// built:
///
/// - `hide`: the names are removed from every frame of every step, so change detection, the
///   loop history and the memory view never see them. Heap objects only they pointed at stay
///   in the step's heap but are no longer reachable, so nothing draws them.
/// - `pointers`: the names are merged into `trace.index_names` under their container, after
///   the names analysis found, so they act exactly like analysed subscripts.
///
/// Returns every parsed hint (warnings included); put it in
/// [`crate::SceneOptions::hints`] for the detections that read `linked`, `graphs` and `show`.
/// Applying twice changes nothing more.
///
/// # Example
/// ```
/// use algoscope_scene::apply_hints;
/// use algoscope_trace_format::{Frame, FrameState, Hint, Language, Step, Event, Trace, Value};
/// let frame = Frame {
///     id: "f1".into(), func: "<module>".into(), line: 2, state: FrameState::Active,
///     locals: vec![("a".into(), Value::prim("int", "1")), ("tmp".into(), Value::prim("int", "2"))],
/// };
/// let step = Step {
///     event: Event::Line, line: 2, stack: vec![frame], heap: Default::default(), heap_ids: None,
///     stdout_length: 0, output: None, loops: vec![], return_value: None, exception: None,
///     skipped: None,
/// };
/// let mut trace = Trace::new(Language::Python, "a = 1\ntmp = 2  # viz: hide tmp; pointers arr: k\n", vec![step]);
/// trace.hints.push(Hint { line: 2, text: "hide tmp; pointers arr: k".into() });
/// let hints = apply_hints(&mut trace);
/// assert_eq!(hints.hide, ["tmp"]);
/// assert_eq!(trace.steps[0].stack[0].locals.len(), 1);
/// assert_eq!(trace.index_names["arr"], ["k"]);
/// ```
pub fn apply_hints(trace: &mut Trace) -> VizHints {
    let hints = parse_hints(&trace.hints);
    if !hints.hide.is_empty() {
        for step in &mut trace.steps {
            for frame in &mut step.stack {
                frame
                    .locals
                    .retain(|(name, _)| !hints.hide.iter().any(|h| h == name));
            }
        }
    }
    for (container, names) in &hints.pointers {
        let known = trace.index_names.entry(container.clone()).or_default();
        for name in names {
            if !known.contains(name) {
                known.push(name.clone());
            }
        }
    }
    hints
}
