//! Edge cases of Python tracing, one program each in `runtimes/python/tests/programs`, with
//! assertions on the trace `trace_program` makes. (The command line's exit codes and messages
//! for programs it cannot trace are tested in `crates/cli/tests/trace_errors.rs`.)

mod support;

use std::time::{Duration, Instant};

use algoscope_run::TraceOptions;
use algoscope_trace_format::{Event, FrameState, HeapObject, StopReason, Value};
use support::{
    assert_infinite_loop_stopped_by_time, last, local, object, repr, time_budget, trace_edge_case,
};

fn fields(object: &HeapObject) -> Vec<&str> {
    match object {
        HeapObject::Instance(i) => i.fields.iter().map(|(n, _)| n.as_str()).collect(),
        other => panic!("not an instance: {other:?}"),
    }
}

#[test]
fn aliasing_and_cycles_share_ids() {
    let trace = trace_edge_case("aliasing_cycles.py", &TraceOptions::default());
    let step = last(&trace);
    assert_eq!(local(step, "a"), local(step, "b"));
    let a = local(step, "a")
        .and_then(Value::ref_id)
        .expect("a is a ref");
    let HeapObject::List(list) = object(step, "a") else {
        panic!("a is a list")
    };
    assert_eq!(list.items[2], Value::reference(a), "the list holds itself");
    let d = local(step, "d")
        .and_then(Value::ref_id)
        .expect("d is a ref");
    let HeapObject::Dict(dict) = object(step, "d") else {
        panic!("d is a dict")
    };
    assert_eq!(
        dict.entries[1].1,
        Value::reference(d),
        "the dict holds itself"
    );
    let HeapObject::Tuple(t) = object(step, "t") else {
        panic!("t is a tuple")
    };
    assert_eq!(t.items, vec![Value::reference(a), Value::reference(d)]);
}

#[test]
fn closures_and_nested_lambdas_show_captured_values() {
    let trace = trace_edge_case("closures.py", &TraceOptions::default());
    let step = last(&trace);
    let HeapObject::Function(tick) = object(step, "tick") else {
        panic!("tick is a function")
    };
    assert_eq!(tick.name, "bump");
    assert_eq!(tick.captured.len(), 1);
    assert_eq!(tick.captured[0].0, "count");
    assert_eq!(repr(&tick.captured[0].1), "3");
    let HeapObject::Function(add3) = object(step, "add3") else {
        panic!("add3 is a function")
    };
    assert_eq!(
        (add3.name.as_str(), add3.params.as_slice()),
        ("<lambda>", &["y".to_string()][..])
    );
    assert_eq!(repr(&add3.captured[0].1), "3");
    assert_eq!(trace.stdout, "3 7\n");
}

#[test]
fn generators_suspend_and_resume_with_the_same_frame() {
    let trace = trace_edge_case("generators.py", &TraceOptions::default());
    assert_eq!(trace.stdout, "3 2 [1]\n");
    let yields = trace
        .steps
        .iter()
        .filter(|s| s.event == Event::Yield)
        .count();
    assert_eq!(yields, 3, "three values were yielded");
    let mut checked = 0;
    for pair in trace.steps.windows(2) {
        if pair[1].event == Event::Resume {
            let resumed = pair[1]
                .stack
                .iter()
                .rev()
                .find(|f| f.state == FrameState::Active)
                .expect("frame");
            assert!(
                pair[0]
                    .stack
                    .iter()
                    .any(|f| f.id == resumed.id && f.state == FrameState::Suspended),
                "a resumed frame was listed suspended, with the same id, just before"
            );
            checked += 1;
        }
    }
    assert!(checked >= 2, "resumed by next() and by for");
    let yield_step = trace
        .steps
        .iter()
        .find(|s| s.event == Event::Yield)
        .expect("a yield");
    assert_eq!(yield_step.return_value.as_ref().map(repr), Some("3"));
}

#[test]
fn nested_comprehensions_with_conditions_run_like_python() {
    let trace = trace_edge_case("comprehensions.py", &TraceOptions::default());
    assert_eq!(trace.stdout, "[[0, 2], [6, 8]] {'a': 1, 'b': 2}\n");
    let step = last(&trace);
    let HeapObject::List(grid) = object(step, "grid") else {
        panic!("grid is a list")
    };
    assert_eq!(grid.length, 2);
}

#[test]
fn serializing_never_runs_the_programs_code() {
    let trace = trace_edge_case("hostile_objects.py", &TraceOptions::default());
    assert_eq!(
        trace.stdout, "done\n",
        "no __repr__, __getattr__ or property ran"
    );
    assert!(trace.error.is_none());
    let step = last(&trace);
    assert!(fields(object(step, "bad")).is_empty());
    assert_eq!(fields(object(step, "lazy")), ["ready"]);
    assert_eq!(
        object(step, "liar").type_name(),
        "Liar",
        "class name from the real type"
    );
    assert_eq!(
        fields(object(step, "p")),
        ["x", "y"],
        "__slots__ read directly"
    );
    assert_eq!(
        fields(object(step, "loud")),
        ["_v"],
        "the property is not a field"
    );
}

#[test]
fn primitives_keep_exact_text_and_lengths() {
    let trace = trace_edge_case("primitives.py", &TraceOptions::default());
    let step = last(&trace);
    assert_eq!(
        repr(local(step, "big").expect("big")),
        (0..200).fold(num(1), |n, _| double(&n))
    );
    assert_eq!(
        repr(local(step, "neg").expect("neg")),
        format!("-1{}", "0".repeat(30))
    );
    let text = repr(local(step, "text").expect("text"));
    assert!(
        text.contains("\\t") && text.contains("\\x00") && text.contains("\\u200b"),
        "{text}"
    );
    assert!(text.contains('é') && text.contains('😀'), "{text}");
    match local(step, "long_text").expect("long_text") {
        Value::Prim { repr, length, .. } => {
            assert_eq!(*length, Some(100));
            assert!(repr.chars().count() <= 48, "{repr}");
        }
        other => panic!("{other:?}"),
    }
    let HeapObject::Dict(pairs) = object(step, "pairs") else {
        panic!("pairs is a dict")
    };
    for (_, value) in &pairs.entries {
        let id = value.ref_id().expect("tuple values are refs");
        assert!(matches!(step.heap[id].as_ref(), HeapObject::Tuple(_)));
    }
    assert_eq!(repr(local(step, "f").expect("f")), "0.30000000000000004");
}

fn num(n: u32) -> String {
    n.to_string()
}

/// Decimal doubling, so the expected 2**200 is computed without big-int crates.
fn double(digits: &str) -> String {
    let mut out = Vec::new();
    let mut carry = 0;
    for d in digits.bytes().rev() {
        let v = (d - b'0') * 2 + carry;
        out.push(b'0' + v % 10);
        carry = v / 10;
    }
    if carry > 0 {
        out.push(b'0' + carry);
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

#[test]
fn uncaught_error_ends_the_trace_and_keeps_its_steps() {
    let trace = trace_edge_case("uncaught_index.py", &TraceOptions::default());
    let error = trace.error.as_ref().expect("an error");
    assert_eq!(
        (error.type_name.as_str(), error.line),
        ("IndexError", Some(2))
    );
    assert_eq!(error.message, "list index out of range");
    assert_eq!(trace.stdout, "2\n");
    let exceptions: Vec<Vec<&str>> = trace
        .steps
        .iter()
        .filter(|s| s.event == Event::Exception)
        .map(|s| s.stack.iter().map(|f| f.func.as_str()).collect())
        .collect();
    assert_eq!(
        exceptions,
        vec![vec!["<module>", "get"], vec!["<module>"]],
        "one exception step per frame"
    );
    assert!(!trace.truncated);
}

#[test]
fn deep_recursion_gives_a_partial_trace_with_recursion_error() {
    let trace = trace_edge_case("recursion_error.py", &TraceOptions::default());
    let error = trace.error.as_ref().expect("an error");
    assert_eq!(error.type_name, "RecursionError");
    assert_eq!(error.line, Some(2));
    assert!(trace.steps.len() > 1000);
    assert!(
        trace.steps.iter().all(|s| s.stack.len() <= 64),
        "deep stacks are shortened"
    );
    assert_eq!(
        trace.counts.functions["down"].max_depth,
        trace.counts.functions["down"].calls
    );
}

#[test]
fn an_infinite_loop_is_sampled_then_stopped_by_the_time_budget() {
    let trace = trace_edge_case(
        "infinite_loop.py",
        &TraceOptions {
            max_steps: 500,
            time_budget_ms: 3000,
            ..TraceOptions::default()
        },
    );
    assert_infinite_loop_stopped_by_time(&trace, 500);
}

#[test]
fn a_long_loop_is_sampled_into_a_bounded_trace() {
    let trace = trace_edge_case("long_loop.py", &TraceOptions::default());
    assert!(!trace.truncated);
    assert!(trace.sampled);
    assert_eq!(trace.stdout, "4999950000\n");
    assert!(trace.steps.len() < 500, "{} steps", trace.steps.len());
    let passes: Vec<u64> = trace
        .steps
        .iter()
        .filter_map(|s| s.loops.first().map(|l| l.iteration))
        .collect();
    for kept in [1, 2, 5, 10, 100, 1000, 50_000, 99_996, 100_000] {
        assert!(passes.contains(&kept), "pass {kept} is recorded");
    }
    assert!(!passes.contains(&7) && !passes.contains(&99_990));
    let skipped: u64 = trace.steps.iter().filter_map(|s| s.skipped).sum();
    assert_eq!(
        skipped + trace.steps.len() as u64,
        trace.counts.events - 1,
        "every event is recorded or skipped"
    );
    let header = &trace
        .steps
        .iter()
        .find(|s| !s.loops.is_empty())
        .expect("a loop")
        .loops[0];
    assert_eq!(header.call.as_deref(), Some("range(0, 100000)"));
}

#[test]
fn a_long_while_loop_keeps_its_first_round_and_last_passes() {
    // A loop of unknown length: its last passes are held back until it ends. The time budget
    // is raised so a loaded machine cannot cut the run short.
    let trace = trace_edge_case("long_while.py", &time_budget(120_000));
    assert!(!trace.truncated);
    assert!(trace.sampled);
    assert_eq!(
        trace.stdout,
        "node 0\nnode 20000\nnode 40000\nnode 60000\nnode 80000\n4999950000 80000\n"
    );
    assert!(trace.steps.len() < 20_000, "{} steps", trace.steps.len());
    let passes: Vec<u64> = trace
        .steps
        .iter()
        .filter_map(|s| s.loops.first().map(|l| l.iteration))
        .collect();
    for kept in [
        1, 5, 10, 100, 1000, 10_000, 99_996, 99_997, 99_998, 99_999, 100_000,
    ] {
        assert!(passes.contains(&kept), "pass {kept} is recorded");
    }
    assert!(!passes.contains(&99_995) && !passes.contains(&50_001));
    let step = last(&trace);
    assert_eq!(repr(local(step, "i").expect("i")), "100000");
    assert_eq!(repr(local(step, "total").expect("total")), "4999950000");
    let skipped: u64 = trace.steps.iter().filter_map(|s| s.skipped).sum();
    assert_eq!(
        skipped + trace.steps.len() as u64,
        trace.counts.events - 1,
        "every event is recorded or skipped"
    );
}

#[test]
fn a_long_linked_list_is_drawn_whole() {
    let trace = trace_edge_case("linked_list_30.py", &TraceOptions::default());
    let step = last(&trace);
    let mut id = local(step, "head")
        .and_then(Value::ref_id)
        .map(str::to_string);
    let mut count = 0;
    while let Some(current) = id {
        let HeapObject::Instance(node) = step.heap[current.as_str()].as_ref() else {
            panic!("node")
        };
        count += 1;
        assert_eq!(repr(&node.fields[0].1), count.to_string());
        id = node.fields[1].1.ref_id().map(str::to_string);
    }
    assert_eq!(count, 30);
}

#[test]
fn input_reads_the_given_stdin_line_by_line() {
    let options = TraceOptions {
        stdin: Some("Ada\n36\n".to_string()),
        ..TraceOptions::default()
    };
    let trace = trace_edge_case("input_lines.py", &options);
    assert!(trace.error.is_none(), "{:?}", trace.error);
    assert_eq!(trace.stdout, "name? Ada is 36\n");
}

#[test]
fn input_without_stdin_says_how_to_give_it() {
    let trace = trace_edge_case("input_lines.py", &TraceOptions::default());
    let error = trace.error.as_ref().expect("an error");
    assert_eq!(error.type_name, "EOFError");
    assert!(error.message.contains("--stdin"), "{}", error.message);
    assert_eq!(error.line, Some(1));
}

#[test]
fn except_clauses_cannot_swallow_the_budget() {
    let trace = trace_edge_case(
        "swallow_budget.py",
        &TraceOptions {
            max_steps: 300,
            time_budget_ms: 800,
            ..TraceOptions::default()
        },
    );
    assert!(trace.truncated);
    assert!(trace.stopped_by.is_some());
    assert!(!trace.stdout.contains("swallowed"), "{}", trace.stdout);
    assert!(!trace.stdout.contains("after"), "{}", trace.stdout);
}

#[test]
fn a_stuck_builtin_call_is_killed_and_keeps_its_steps() {
    let started = Instant::now();
    let trace = trace_edge_case("long_builtin.py", &time_budget(2000));
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "killed soon after the budget"
    );
    assert!(trace.truncated);
    assert_eq!(trace.stopped_by, Some(StopReason::Time));
    assert_eq!(last(&trace).line, 2, "the step of the stuck line was kept");
}

#[test]
fn coroutines_await_and_resume_without_plumbing_exceptions() {
    let trace = trace_edge_case("async_await.py", &TraceOptions::default());
    assert_eq!(trace.stdout, "[2, 4]\n");
    assert!(trace.error.is_none());
    assert!(trace.steps.iter().any(|s| s.event == Event::Await));
    assert!(trace.steps.iter().any(|s| s.event == Event::Resume));
    assert!(
        trace.steps.iter().all(|s| s.event != Event::Exception),
        "StopIteration of finished awaits is not shown"
    );
    assert!(trace.steps.iter().any(|s| s
        .stack
        .iter()
        .any(|f| f.func == "main" && f.state == FrameState::Suspended)));
}

#[test]
fn yield_from_delegates_without_exception_steps() {
    let trace = trace_edge_case("yield_from.py", &TraceOptions::default());
    assert_eq!(trace.stdout, "[1, 2, 3]\n");
    assert!(trace.steps.iter().all(|s| s.event != Event::Exception));
    assert_eq!(
        trace
            .steps
            .iter()
            .filter(|s| s.event == Event::Yield)
            .count(),
        5
    );
}

#[test]
fn tracing_goes_on_after_the_program_catches_recursion_error() {
    let trace = trace_edge_case("recursion_caught.py", &TraceOptions::default());
    assert_eq!(trace.stdout, "caught\nafter 1\n");
    assert!(trace.error.is_none());
    let lines: Vec<u32> = trace.steps.iter().rev().take(4).map(|s| s.line).collect();
    assert_eq!(
        lines,
        [10, 10, 9, 8],
        "the lines after the except clause are recorded"
    );
}
