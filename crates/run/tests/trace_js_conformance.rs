//! Cross-language conformance: for every example that exists in Python, JavaScript and
//! TypeScript, the three traces print the same output, run every loop the same number of times
//! (loops matched by order), and end with the same values in the top-level scalar variables
//! they share. Known language differences are listed, with the reason, in
//! `tests/conformance/known_differences.json`; anything else that differs fails.

mod support;

use algoscope_run::TraceOptions;
use algoscope_trace_format::{LoopKind, Trace, Value};
use serde::Deserialize;
use std::collections::BTreeMap;
use support::{root, trace_file};

/// One example's allowed differences.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Known {
    /// Why the Python loop list differs from the JS one (JS and TS must still agree).
    #[serde(default)]
    loops: Option<String>,
    /// Top-level names whose final values legitimately differ, with the reason.
    #[serde(default)]
    values: BTreeMap<String, String>,
}

fn known() -> BTreeMap<String, Known> {
    let path = root().join("tests/conformance/known_differences.json");
    let text = std::fs::read_to_string(&path).expect("known_differences.json");
    serde_json::from_str(&text).expect("known_differences.json parses")
}

/// Passes per loop (every instance in every frame), in analysis order; comprehensions are
/// left out since JavaScript has none.
fn loop_passes(trace: &Trace) -> Vec<(String, u64)> {
    let mut max: BTreeMap<(String, String, u64), u64> = BTreeMap::new();
    for step in &trace.steps {
        for l in &step.loops {
            let key = (l.loop_id.clone(), l.frame.clone(), l.instance);
            let entry = max.entry(key).or_insert(0);
            *entry = (*entry).max(l.iteration);
        }
    }
    trace
        .loops
        .iter()
        .filter(|l| l.kind != LoopKind::Comprehension)
        .map(|info| {
            let total = max
                .iter()
                .filter(|((id, _, _), _)| id == &info.id)
                .map(|(_, n)| n)
                .sum();
            (info.header.clone(), total)
        })
        .collect()
}

/// A scalar's value in a language-neutral form (`True`/`true` → `true`, `2.0`/`2` → `2`).
fn neutral(v: &Value) -> Option<String> {
    let Value::Prim {
        type_name, repr, ..
    } = v
    else {
        return None;
    };
    match type_name.as_str() {
        "bool" | "boolean" => Some(repr.to_lowercase()),
        "int" | "float" | "number" => repr.parse::<f64>().ok().map(|n| format!("{n}")),
        "str" | "string" => Some(repr.clone()),
        "NoneType" | "null" | "undefined" => Some("none".to_string()),
        _ => None,
    }
}

/// Final values of the top-level scalars.
fn final_scalars(trace: &Trace) -> BTreeMap<String, String> {
    let Some(last) = trace.steps.last() else {
        return BTreeMap::new();
    };
    let Some(top) = last.stack.first() else {
        return BTreeMap::new();
    };
    top.locals
        .iter()
        .filter_map(|(n, v)| neutral(v).map(|s| (n.clone(), s)))
        .collect()
}

#[test]
fn python_javascript_and_typescript_traces_agree() {
    let known = known();
    let examples = root().join("examples");
    let mut names: Vec<String> = std::fs::read_dir(examples.join("python"))
        .expect("examples/python")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let p = e.path();
            (p.extension()? == "py").then(|| p.file_stem()?.to_str().map(String::from))?
        })
        .filter(|n| examples.join("javascript").join(format!("{n}.js")).exists())
        .filter(|n| examples.join("typescript").join(format!("{n}.ts")).exists())
        .collect();
    names.sort();
    assert!(names.len() >= 15, "examples: {names:?}");
    let mut failures = Vec::new();
    for name in &names {
        let allowed = known.get(name.as_str());
        let py = trace_file(
            &examples.join(format!("python/{name}.py")),
            &TraceOptions::default(),
        );
        let js = trace_file(
            &examples.join(format!("javascript/{name}.js")),
            &TraceOptions::default(),
        );
        let ts = trace_file(
            &examples.join(format!("typescript/{name}.ts")),
            &TraceOptions::default(),
        );
        if py.stdout != js.stdout || js.stdout != ts.stdout {
            failures.push(format!("{name}: stdout differs"));
        }
        let (py_loops, js_loops, ts_loops) = (loop_passes(&py), loop_passes(&js), loop_passes(&ts));
        let counts = |l: &[(String, u64)]| l.iter().map(|(_, n)| *n).collect::<Vec<_>>();
        if counts(&js_loops) != counts(&ts_loops) {
            failures.push(format!(
                "{name}: JS loops {js_loops:?} != TS loops {ts_loops:?}"
            ));
        }
        if counts(&py_loops) != counts(&js_loops)
            && allowed.and_then(|k| k.loops.as_ref()).is_none()
        {
            failures.push(format!(
                "{name}: Python loops {py_loops:?} != JS loops {js_loops:?}"
            ));
        }
        let (py_vals, js_vals, ts_vals) =
            (final_scalars(&py), final_scalars(&js), final_scalars(&ts));
        for (var, js_value) in &js_vals {
            if ts_vals.get(var).is_some_and(|t| t != js_value) {
                failures.push(format!(
                    "{name}: {var} is {js_value} in JS, {:?} in TS",
                    ts_vals.get(var)
                ));
            }
            let excused = allowed.is_some_and(|k| k.values.contains_key(var));
            if py_vals.get(var).is_some_and(|p| p != js_value) && !excused {
                failures.push(format!(
                    "{name}: {var} is {js_value} in JS, {:?} in Python",
                    py_vals.get(var)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
