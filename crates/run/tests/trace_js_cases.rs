//! The JavaScript/TypeScript cases that must come out right, each a small program in
//! `tests/traces/{javascript,typescript}/cases/` with its golden trace beside it.

mod support;

use std::collections::BTreeSet;
use std::path::PathBuf;

use algoscope_run::TraceOptions;
use algoscope_trace_format::{Event, FrameState, HeapObject, StopReason, Trace, Value};
use support::{
    assert_infinite_loop_stopped_by_time, golden, node_stdout, root, time_budget, trace_file,
};

fn case_path(language: &str, name: &str) -> PathBuf {
    root()
        .join("tests/traces")
        .join(language)
        .join("cases")
        .join(name)
}

/// Traces a case, checks it against its golden trace and returns it.
fn case(name: &str, options: &TraceOptions) -> Trace {
    let (language, path) = locate(name);
    let trace = trace_file(&path, options);
    golden(&format!("{language}/cases"), &path, "", &trace);
    trace
}

fn locate(name: &str) -> (&'static str, PathBuf) {
    let language = if name.ends_with(".ts") {
        "typescript"
    } else {
        "javascript"
    };
    (language, case_path(language, name))
}

/// Traces a JavaScript case and checks its stdout is what `node` prints.
fn case_like_node(name: &str) -> Trace {
    let trace = case(name, &TraceOptions::default());
    assert_eq!(
        trace.stdout,
        node_stdout(&case_path("javascript", name)),
        "{name}"
    );
    trace
}

fn prim(v: &Value) -> Option<&str> {
    match v {
        Value::Prim { repr, .. } => Some(repr),
        _ => None,
    }
}

fn functions(trace: &Trace) -> Vec<&algoscope_trace_format::Function> {
    let last = trace.steps.last().expect("steps");
    last.heap
        .values()
        .filter_map(|o| match &**o {
            HeapObject::Function(f) => Some(f),
            _ => None,
        })
        .collect()
}

#[test]
fn let_in_a_for_loop_gives_each_closure_its_own_binding() {
    let trace = case_like_node("closures_loop.js");
    let captured: BTreeSet<String> = functions(&trace)
        .iter()
        .flat_map(|f| f.captured.iter())
        .filter(|(name, _)| name == "i")
        .filter_map(|(_, v)| prim(v).map(str::to_string))
        .collect();
    assert_eq!(captured, ["0", "1", "2"].map(String::from).into());
}

#[test]
fn destructuring_with_defaults_and_rest() {
    let trace = case_like_node("destructuring.js");
    let frame = trace
        .steps
        .iter()
        .flat_map(|s| s.stack.iter())
        .find(|f| f.func == "describe" && f.locals.len() >= 6)
        .expect("a describe frame");
    let names: Vec<&str> = frame.locals.iter().map(|(n, _)| n.as_str()).collect();
    for name in ["name", "age", "rest", "first", "second", "others"] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
}

#[test]
fn block_scoped_let_stays_in_its_block_not_the_callback_frame() {
    let trace = case_like_node("block_scope_callback.js");
    let callback_frames: Vec<_> = trace
        .steps
        .iter()
        .flat_map(|s| s.stack.iter())
        .filter(|f| f.func != "<main>")
        .collect();
    assert!(!callback_frames.is_empty());
    assert!(callback_frames
        .iter()
        .all(|f| f.locals.iter().all(|(n, _)| n != "factor" && n != "total")));
    let main_has_factor = trace
        .steps
        .iter()
        .any(|s| s.stack[0].locals.iter().any(|(n, _)| n == "factor"));
    assert!(main_has_factor);
}

#[test]
fn curried_arrows_capture_earlier_arguments() {
    let trace = case_like_node("curried.js");
    let captures: BTreeSet<Vec<String>> = functions(&trace)
        .iter()
        .map(|f| f.captured.iter().map(|(n, _)| n.clone()).collect())
        .collect();
    assert!(captures.contains(&vec!["a".to_string()]), "{captures:?}");
    assert!(
        captures.contains(&vec!["a".to_string(), "b".to_string()]),
        "{captures:?}"
    );
}

#[test]
fn async_await_ordering_against_synchronous_code() {
    let trace = case_like_node("async_order.js");
    assert!(trace.steps.iter().any(|s| s.event == Event::Await));
    assert!(trace.steps.iter().any(|s| s.event == Event::Resume));
    assert!(trace
        .steps
        .iter()
        .any(|s| s.stack.iter().any(|f| f.state == FrameState::Suspended)));
}

#[test]
fn return_await_versus_return_promise_keeps_microtask_order() {
    case_like_node("return_await.js");
}

#[test]
fn timers_with_different_delays_and_a_cleared_interval() {
    case_like_node("timers.js");
}

#[test]
fn labelled_continue_records_a_tail_of_the_outer_loop() {
    let trace = case_like_node("labelled_continue.js");
    let outer = &trace.loops[0].id;
    let max_outer = trace
        .steps
        .iter()
        .flat_map(|s| s.loops.iter())
        .filter(|l| &l.loop_id == outer)
        .map(|l| l.iteration)
        .max();
    assert_eq!(max_outer, Some(4));
}

#[test]
fn private_class_fields_are_shown() {
    let trace = case_like_node("private_fields.js");
    let last = trace.steps.last().expect("steps");
    let field = |fields: &[(String, Value)], name: &str| {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| prim(v).map(str::to_string))
    };
    let instance = last.heap.values().find_map(|o| match &**o {
        HeapObject::Instance(i) if i.type_name == "Counter" => Some(i),
        _ => None,
    });
    assert_eq!(
        instance.and_then(|i| field(&i.fields, "#count")),
        Some("7".into())
    );
    let class = last.heap.values().find_map(|o| match &**o {
        HeapObject::Class(c) if c.name == "Counter" => Some(c),
        _ => None,
    });
    assert_eq!(
        class.and_then(|c| field(&c.fields, "#created")),
        Some("1".into())
    );
}

#[test]
fn a_getter_that_throws_is_never_called() {
    let trace = case_like_node("getter_throws.js");
    let shows_getter = trace.steps.iter().any(|s| {
        s.heap.values().any(|o| match &**o {
            HeapObject::Dict(d) => d
                .entries
                .iter()
                .any(|(_, v)| matches!(v, Value::Unreadable { reason } if reason == "getter")),
            _ => false,
        })
    });
    assert!(shows_getter);
}

#[test]
fn map_and_set_contents() {
    let trace = case_like_node("map_set.js");
    let last = trace.steps.last().expect("steps");
    let map = last.heap.values().find_map(|o| match &**o {
        HeapObject::Dict(d) if d.type_name == "Map" => Some(d),
        _ => None,
    });
    assert_eq!(map.map(|m| m.entries.len()), Some(3));
    let set = last.heap.values().find_map(|o| match &**o {
        HeapObject::Set(s) if s.type_name == "Set" => Some(s),
        _ => None,
    });
    let items: Vec<&str> = set
        .map(|s| s.items.iter().filter_map(prim).collect())
        .unwrap_or_default();
    assert_eq!(items, ["3", "2"]);
}

#[test]
fn generators_driven_by_for_of_and_by_next() {
    let trace = case_like_node("generators.js");
    let yields = trace
        .steps
        .iter()
        .filter(|s| s.event == Event::Yield)
        .count();
    assert_eq!(yields, 5);
    assert!(trace.steps.iter().any(|s| s.event == Event::Resume));
}

#[test]
fn deep_recursion_stops_with_a_range_error() {
    // No golden trace: 250 frames in each of 750 steps is tens of megabytes.
    let path = locate("deep_recursion.js").1;
    let trace = trace_file(&path, &TraceOptions::default());
    assert_eq!(trace.stdout, node_stdout(&path));
    let deepest = trace.steps.iter().map(|s| s.stack.len()).max().unwrap_or(0);
    assert!((250..=252).contains(&deepest), "deepest stack {deepest}");
    assert_eq!(trace.counts.functions["down"].max_depth, 250);
}

#[test]
fn an_infinite_loop_is_sampled_then_stopped_by_the_time_budget() {
    // No golden trace: how many round-numbered passes fit in the time budget depends on the
    // machine (3 s leaves room for a slow interpreter start on a loaded machine). As in Python, the loop is sampled, so the step budget is never reached.
    let path = locate("infinite_loop.js").1;
    let trace = trace_file(
        &path,
        &TraceOptions {
            max_steps: 500,
            time_budget_ms: 3000,
            ..TraceOptions::default()
        },
    );
    assert_infinite_loop_stopped_by_time(&trace, 500);
}

#[test]
fn an_uncaught_error_ends_the_trace() {
    let trace = case("uncaught.js", &TraceOptions::default());
    let error = trace.error.as_ref().expect("an error");
    assert_eq!(error.type_name, "TypeError");
    assert_eq!(error.message, "too big: 3");
    assert_eq!(error.line, Some(4));
    let exception_frames: Vec<&str> = trace
        .steps
        .iter()
        .filter(|s| s.event == Event::Exception)
        .map(|s| s.stack.last().map_or("", |f| f.func.as_str()))
        .collect();
    assert_eq!(exception_frames, ["check", "<main>"]);
}

#[test]
fn temporal_dead_zone_names_appear_once_declared() {
    let trace = case_like_node("tdz.js");
    let f_steps: Vec<_> = trace
        .steps
        .iter()
        .filter(|s| s.event == Event::Line && s.stack.last().is_some_and(|f| f.func == "f"))
        .collect();
    let first = f_steps.first().expect("steps in f");
    assert!(first
        .stack
        .last()
        .is_some_and(|f| f.locals.iter().all(|(n, _)| n != "later")));
    let ctor_first = trace
        .steps
        .iter()
        .find(|s| {
            s.stack
                .last()
                .is_some_and(|f| f.func == "constructor" && s.event == Event::Line)
        })
        .expect("constructor steps");
    let ctor = ctor_first.stack.last().expect("frame");
    assert!(
        ctor.locals.iter().all(|(n, _)| n != "this"),
        "this before super()"
    );
}

#[test]
fn proxies_are_not_trapped() {
    case_like_node("proxy.js");
}

#[test]
fn es_modules_with_exports_and_top_level_await() {
    let trace = case("module_exports.mjs", &TraceOptions::default());
    assert_eq!(trace.stdout, "40\n");
}

#[test]
fn for_await_over_async_generators_and_arrays() {
    let trace = case("for_await.mjs", &TraceOptions::default());
    assert_eq!(trace.stdout, "36\n");
}

#[test]
fn typescript_enums_namespaces_and_parameter_properties_run_untraced() {
    let trace = case("ts_features.ts", &TraceOptions::default());
    assert_eq!(trace.stdout, "1 12 3 square\n");
    let funcs: BTreeSet<&str> = trace
        .steps
        .iter()
        .flat_map(|s| s.stack.iter().map(|f| f.func.as_str()))
        .collect();
    assert_eq!(funcs, ["<main>", "area", "constructor", "sum"].into());
    let lines: BTreeSet<u32> = trace.steps.iter().map(|s| s.line).collect();
    assert!(
        lines.contains(&2),
        "the enum declaration is a step: {lines:?}"
    );
}

#[test]
fn prompt_reads_the_stdin_lines() {
    let stdin = case_path("javascript", "prompt_input.stdin");
    let stdin = std::fs::read_to_string(stdin).expect("the stdin file");
    let options = TraceOptions {
        stdin: Some(stdin),
        ..TraceOptions::default()
    };
    let trace = case("prompt_input.js", &options);
    assert_eq!(
        trace.stdout,
        "first? second? \nsum 7, rest: prompt() found no more input: give the program's \
         standard input with --stdin FILE\n"
    );
    assert!(trace.error.is_none(), "the program caught it");
}

#[test]
fn prompt_without_stdin_says_how_to_give_it_at_the_call_line() {
    for name in ["prompt_without_stdin.js", "prompt_without_stdin.ts"] {
        let trace = case(name, &TraceOptions::default());
        let error = trace.error.as_ref().expect("an error");
        assert_eq!(error.type_name, "Error", "{name}");
        assert!(error.message.contains("--stdin FILE"), "{}", error.message);
        assert_eq!(error.line, Some(3), "{name}");
        assert_eq!(trace.stdout, "name? ", "{name}: the prompt text is printed");
    }
}

#[test]
fn a_program_stuck_in_one_builtin_call_is_stopped_from_outside() {
    let path = locate("stuck_builtin.js").1;
    let started = std::time::Instant::now();
    let trace = trace_file(&path, &time_budget(800));
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert!(trace.truncated);
    assert_eq!(trace.stopped_by, Some(StopReason::Time));
    let lines: Vec<u32> = trace.steps.iter().map(|s| s.line).collect();
    assert_eq!(lines, [3, 4, 5, 6]);
}

#[test]
fn an_unhandled_rejection_ends_the_trace_with_its_error() {
    let trace = case("unhandled_rejection.js", &TraceOptions::default());
    assert_eq!(trace.stdout, "start\nend of script\n");
    let error = trace.error.as_ref().expect("an error");
    assert_eq!(
        (error.type_name.as_str(), error.message.as_str()),
        ("Error", "cannot load data")
    );
    assert_eq!(error.line, Some(4));
}

#[test]
fn process_stdout_write_is_part_of_the_output() {
    case_like_node("stdout_write.js");
}

#[test]
fn node_can_be_chosen() {
    let path = root().join("examples/javascript/fibonacci_memo.js");
    let which = std::process::Command::new("sh")
        .args(["-c", "command -v node"])
        .output()
        .expect("sh");
    let node = String::from_utf8_lossy(&which.stdout).trim().to_string();
    let options = TraceOptions {
        node: Some(node.into()),
        ..TraceOptions::default()
    };
    let trace = trace_file(&path, &options);
    assert_eq!(trace.stdout, node_stdout(&path));
}

/// The locals of the innermost frame of `step`, as `name = repr` for primitives.
fn top_locals(step: &algoscope_trace_format::Step) -> Vec<String> {
    step.stack
        .last()
        .map(|f| {
            f.locals
                .iter()
                .map(|(n, v)| format!("{n} = {}", prim(v).unwrap_or("…")))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn let_and_const_in_switch_cases_are_scoped_to_the_switch() {
    let trace = case_like_node("switch_let.js");
    let in_describe = |line: u32| -> Vec<Vec<String>> {
        trace
            .steps
            .iter()
            .filter(|s| {
                s.event == Event::Line
                    && s.line == line
                    && s.stack.last().is_some_and(|f| f.func == "describe")
            })
            .map(top_locals)
            .collect()
    };
    // The first statement of case 'b': `label` is still in its temporal dead zone.
    assert_eq!(in_describe(13), [["kind = 'b'", "out = 'none'"]]);
    // Once initialised, the case-local bindings show (`shout` is a function, not a primitive).
    assert_eq!(
        in_describe(16),
        [[
            "kind = 'b'",
            "out = 'none'",
            "label = 'bee'",
            "size = 3",
            "shout = …"
        ]]
    );
    // Case 'a' jumps over `let label`; the default case too: neither shows it.
    assert_eq!(
        in_describe(9),
        [["kind = 'a'", "out = 'none'", "inner = 1"]]
    );
    assert_eq!(in_describe(19), [["kind = 'c'", "out = 'none'"]]);
    // After the switch, and in the program, `label` is the program's own.
    assert_eq!(in_describe(21).len(), 3);
    assert!(in_describe(21)
        .iter()
        .all(|l| l.iter().all(|b| !b.starts_with("label"))));
    let main_label: BTreeSet<String> = trace
        .steps
        .iter()
        .filter_map(|s| s.stack.first())
        .flat_map(|f| f.locals.iter())
        .filter(|(n, _)| n == "label")
        .filter_map(|(_, v)| prim(v).map(str::to_string))
        .collect();
    assert_eq!(main_label, ["'outer'".to_string()].into());
    // The arrow made in case 'b' captured the case-local `label`.
    let captured: BTreeSet<String> = trace
        .steps
        .iter()
        .flat_map(|s| s.heap.values())
        .filter_map(|o| match &**o {
            HeapObject::Function(f) if f.name == "shout" => Some(f),
            _ => None,
        })
        .flat_map(|f| f.captured.iter())
        .map(|(n, v)| format!("{n} = {}", prim(v).unwrap_or("…")))
        .collect();
    assert_eq!(captured, ["label = 'bee'".to_string()].into());
}

#[test]
fn an_uncaught_error_in_an_async_function_ends_at_the_frames_it_passed() {
    let trace = case_like_node("async_uncaught.js");
    let error = trace.error.as_ref().expect("an error");
    assert_eq!(
        (error.type_name.as_str(), error.message.as_str()),
        ("RangeError", "too many: 6")
    );
    assert_eq!(error.line, Some(6));
    // As for a synchronous error, each frame it went through records it, innermost first:
    // the throwing line in `load`, then the `await` in `main` that rethrew it. The top level
    // had finished long before, so no step claims the error passed through it.
    let exceptions: Vec<(&str, u32)> = trace
        .steps
        .iter()
        .filter(|s| s.event == Event::Exception)
        .map(|s| {
            let running = s.stack.iter().rev().find(|f| f.state == FrameState::Active);
            (running.map_or("", |f| f.func.as_str()), s.line)
        })
        .collect();
    assert_eq!(exceptions, [("load", 6), ("main", 12)]);
    let last = trace.steps.last().expect("steps");
    assert_eq!((last.event, last.line), (Event::Exception, 12));
}

#[test]
fn an_unhandled_rejection_ends_at_its_throwing_line() {
    let trace = case("unhandled_rejection.js", &TraceOptions::default());
    let last = trace.steps.last().expect("steps");
    assert_eq!((last.event, last.line), (Event::Exception, 4));
    assert_eq!(trace.error.as_ref().and_then(|e| e.line), Some(4));
}

#[test]
fn a_generator_object_shows_its_state_and_frame() {
    let trace = case_like_node("generator_state.js");
    // (line, event, state of `g`, whether its frame id is one of the step's frames)
    let states: Vec<(u32, Event, String, bool)> = trace
        .steps
        .iter()
        .filter_map(|s| {
            let main = s.stack.first()?;
            let Some((_, Value::Ref { id })) = main.locals.iter().find(|(n, _)| n == "g") else {
                return None;
            };
            let HeapObject::Generator(g) = &**s.heap.get(id.as_str())? else {
                return None;
            };
            let framed = g
                .frame
                .as_ref()
                .is_some_and(|f| s.stack.iter().any(|fr| &fr.id == f));
            Some((s.line, s.event, g.state.clone(), framed))
        })
        .collect();
    let at = |line: u32, event: Event| -> Vec<(&str, bool)> {
        states
            .iter()
            .filter(|(l, e, _, _)| *l == line && *e == event)
            .map(|(_, _, st, f)| (st.as_str(), *f))
            .collect()
    };
    assert_eq!(at(9, Event::Line), [("created", false)]);
    assert_eq!(at(5, Event::Yield), [("running", true), ("running", true)]);
    assert_eq!(at(10, Event::Line), [("suspended", true)]);
    assert_eq!(at(11, Event::Line), [("suspended", true)]);
    assert_eq!(at(12, Event::Line), [("closed", false)]);
    // `never.return()` before any `next()`: closed without ever running.
    let last = trace.steps.last().expect("steps");
    let main = last.stack.first().expect("main frame");
    let never = main
        .locals
        .iter()
        .find_map(|(n, v)| match v {
            Value::Ref { id } if n == "never" => last.heap.get(id.as_str()),
            _ => None,
        })
        .expect("never");
    assert!(matches!(&**never, HeapObject::Generator(g) if g.state == "closed"));
}

#[test]
fn a_module_imports_its_neighbours_from_its_own_folder() {
    let path = case_path("javascript", "imports/uses_util.mjs");
    let trace = trace_file(&path, &TraceOptions::default());
    assert!(trace.error.is_none(), "{:?}", trace.error);
    assert_eq!(trace.stdout, node_stdout(&path));
    // Only the program is traced: every step is one of its lines.
    assert!(trace
        .steps
        .iter()
        .all(|s| s.stack.len() == 1 && s.line >= 5));
}

#[test]
fn a_module_imported_back_by_its_import_is_the_program_itself() {
    // cycle_other.mjs imports cycle_main.mjs: that must be the running (instrumented)
    // program, as under `node`, not a second untraced copy that runs first and reads `b`
    // before cycle_other.mjs has set it.
    let path = case_path("javascript", "imports/cycle_main.mjs");
    let trace = trace_file(&path, &TraceOptions::default());
    assert!(trace.error.is_none(), "{:?}", trace.error);
    assert_eq!(trace.stdout, "a 2 1\n");
    assert_eq!(trace.stdout, node_stdout(&path));
}

#[test]
fn a_module_reads_its_own_file_in_import_meta_url() {
    let path = case_path("javascript", "imports/meta_url.mjs");
    let trace = trace_file(&path, &TraceOptions::default());
    assert!(trace.error.is_none(), "{:?}", trace.error);
    assert_eq!(trace.stdout, "meta_url.mjs true\n");
    assert_eq!(trace.stdout, node_stdout(&path));
}

#[test]
fn a_script_requires_its_neighbours_from_its_own_folder() {
    let path = case_path("javascript", "imports/requires_helper.js");
    let trace = trace_file(&path, &TraceOptions::default());
    assert!(trace.error.is_none(), "{:?}", trace.error);
    assert_eq!(trace.stdout, "12 requires_helper.js imports\n");
    assert_eq!(trace.stdout, node_stdout(&path));
}
