//! Resource limits against hostile programs, in Python and JavaScript: each is stopped
//! cleanly, with a valid trace that keeps the steps recorded before it and names the limit
//! (`stoppedBy`), in well under the time it would otherwise take.

mod support;

use std::time::{Duration, Instant};

use algoscope_run::{trace_program, Program, TraceOptions};
use algoscope_trace_format::{validate_str, StopReason, Trace};

/// Traces `source` saved as `name` under `options`; returns the validated trace and how long
/// tracing took.
fn run(name: &str, source: &str, options: &TraceOptions) -> (Trace, Duration) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, source).expect("the program is written");
    let started = Instant::now();
    let program = Program::from_path(&path).expect("the program is read");
    let trace =
        trace_program(&program, options).unwrap_or_else(|e| panic!("{name}: no trace: {e}"));
    let took = started.elapsed();
    let text = serde_json::to_string(&trace).expect("the trace serializes");
    let trace = validate_str(&text).unwrap_or_else(|e| panic!("{name}: invalid trace: {e}"));
    (trace, took)
}

/// Asserts `trace` was stopped by `limit` after recording some steps, without an error.
fn assert_stopped(trace: &Trace, limit: StopReason) {
    assert_eq!(trace.stopped_by, Some(limit), "error: {:?}", trace.error);
    assert!(trace.truncated);
    assert!(trace.error.is_none(), "{:?}", trace.error);
    assert!(
        !trace.steps.is_empty(),
        "the steps before the limit are kept"
    );
}

fn options(change: impl FnOnce(&mut TraceOptions)) -> TraceOptions {
    let mut options = TraceOptions {
        time_budget_ms: 20_000,
        ..TraceOptions::default()
    };
    change(&mut options);
    options
}

/// Far under the 20 s time budget the limit tests run with.
const QUICK: Duration = Duration::from_secs(12);

// ----- memory --------------------------------------------------------------------------------

#[test]
fn a_python_memory_bomb_stops_at_the_memory_limit() {
    let source = "kept = []\nprint('start')\nwhile True:\n    kept.append('x' * 1_000_000)\n";
    let (trace, took) = run("bomb.py", source, &options(|o| o.max_memory_mb = 200));
    assert_stopped(&trace, StopReason::Memory);
    assert_eq!(trace.stdout, "start\n");
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn a_python_bomb_of_small_objects_stops_at_the_memory_limit() {
    // Kept in a module object, which a step shows as one value, not its contents.
    let source = "import types\nstore = types.ModuleType('store')\nstore.kept = []\nn = 0\nwhile True:\n    store.kept.append([n] * 1000)\n    n += 1\n";
    let (trace, took) = run("small.py", source, &options(|o| o.max_memory_mb = 200));
    assert_stopped(&trace, StopReason::Memory);
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn a_js_heap_bomb_stops_at_the_memory_limit() {
    let source =
        "const kept = [];\nconsole.log('start');\nfor (let i = 0; ; i++) {\n  kept.push('x'.repeat(1 << 25) + i);\n}\n";
    let (trace, took) = run("bomb.js", source, &options(|o| o.max_memory_mb = 256));
    assert_stopped(&trace, StopReason::Memory);
    assert_eq!(trace.stdout, "start\n");
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn a_js_memory_bomb_in_one_built_in_call_stops_at_the_memory_limit() {
    let source =
        "console.log('start');\nconst big = new Array(1e9).fill(0);\nconsole.log(big.length);\n";
    let (trace, took) = run("fill.js", source, &options(|o| o.max_memory_mb = 256));
    assert_stopped(&trace, StopReason::Memory);
    assert_eq!(trace.stdout, "start\n");
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn a_js_buffer_bomb_stops_at_the_memory_limit() {
    // Buffers live outside V8's heap: only the data-segment limit stops them.
    let source =
        "const kept = [];\nconsole.log('start');\nfor (;;) {\n  kept.push(Buffer.alloc(1 << 20, 1));\n}\n";
    let (trace, took) = run("buffers.js", source, &options(|o| o.max_memory_mb = 256));
    assert_stopped(&trace, StopReason::Memory);
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn a_program_under_the_memory_limit_runs_as_before() {
    let source = "kept = ['x' * 1_000_000 for _ in range(20)]\nprint(len(kept))\n";
    let (trace, _) = run("fits.py", source, &options(|o| o.max_memory_mb = 200));
    assert_eq!(trace.stopped_by, None);
    assert_eq!(trace.stdout, "20\n");
    let js = "const kept = [];\nfor (let i = 0; i < 20; i++) kept.push('x'.repeat(1e6) + i);\nconsole.log(kept.length);\n";
    let (trace, _) = run("fits.js", js, &options(|o| o.max_memory_mb = 200));
    assert_eq!(trace.stopped_by, None);
    assert_eq!(trace.stdout, "20\n");
}

// ----- output --------------------------------------------------------------------------------

#[test]
fn a_python_output_flood_of_100_mb_stops_at_the_output_limit() {
    let source = "print('first')\nprint('x' * 100_000_000)\nprint('never')\n";
    let (trace, took) = run("flood.py", source, &options(|o| o.max_output_kb = 64));
    assert_stopped(&trace, StopReason::Output);
    assert_eq!(trace.stdout.len(), 64 * 1024);
    assert!(trace.stdout.starts_with("first\nxxx"));
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn a_python_print_loop_stops_at_the_output_limit_even_when_it_catches_everything() {
    let source = "while True:\n    try:\n        print('é' * 999)\n    except BaseException:\n        pass\n";
    let (trace, took) = run("loop.py", source, &options(|o| o.max_output_kb = 100));
    assert_stopped(&trace, StopReason::Output);
    // Cut on a character boundary: 'é' is two bytes.
    assert!(trace.stdout.len() <= 100 * 1024 && trace.stdout.len() > 99 * 1024);
    assert!(!trace.stdout.contains('\u{fffd}'));
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn a_js_output_flood_of_100_mb_stops_at_the_output_limit() {
    let source = "console.log('first');\nconsole.log('x'.repeat(1e8));\nconsole.log('never');\n";
    let (trace, took) = run("flood.js", source, &options(|o| o.max_output_kb = 64));
    assert_stopped(&trace, StopReason::Output);
    assert_eq!(trace.stdout.len(), 64 * 1024);
    assert!(took < QUICK, "took {took:?}");
    let writes = "for (;;) {\n  try { process.stdout.write('é'.repeat(999)); } catch (e) {}\n}\n";
    let (trace, took) = run("writes.js", writes, &options(|o| o.max_output_kb = 100));
    assert_stopped(&trace, StopReason::Output);
    assert!(trace.stdout.len() <= 100 * 1024 && trace.stdout.len() > 99 * 1024);
    assert!(took < QUICK, "took {took:?}");
}

// ----- processes -----------------------------------------------------------------------------

#[test]
fn a_python_program_spawning_children_in_a_loop_stops_at_the_process_limit() {
    let source = "import os, time\nn = 0\nwhile True:\n    if os.fork() == 0:\n        time.sleep(60)\n        os._exit(0)\n    n += 1\n";
    let (trace, took) = run("spawner.py", source, &options(|o| o.max_processes = 16));
    assert_stopped(&trace, StopReason::Processes);
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn a_js_program_spawning_children_in_a_loop_stops_at_the_process_limit() {
    let source = "const { spawn } = require('child_process');\nlet n = 0;\nfor (;;) {\n  spawn('sleep', ['60']);\n  n++;\n}\n";
    let (trace, took) = run("spawner.js", source, &options(|o| o.max_processes = 16));
    assert_stopped(&trace, StopReason::Processes);
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn a_python_fork_bomb_is_stopped() {
    // An exponential fork bomb; RLIMIT_NPROC holds it for an ordinary user, the process count
    // of the group for everyone (root is exempt from RLIMIT_NPROC).
    let source = "import os\nprint('boom')\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n";
    let (trace, took) = run("forkbomb.py", source, &options(|o| o.max_processes = 16));
    assert_eq!(trace.stdout, "boom\n");
    assert!(trace.truncated);
    assert!(
        matches!(
            trace.stopped_by,
            Some(StopReason::Processes | StopReason::Time)
        ),
        "{:?}",
        trace.stopped_by
    );
    assert!(took < QUICK, "took {took:?}");
}

// ----- CPU time ------------------------------------------------------------------------------

#[test]
fn a_python_built_in_burning_cpu_stops_at_the_cpu_limit() {
    let source = "print('go')\nsum(range(10 ** 13))\n";
    let (trace, took) = run("burn.py", source, &options(|o| o.max_cpu_ms = Some(1_000)));
    assert_stopped(&trace, StopReason::Cpu);
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn a_js_built_in_burning_cpu_stops_at_the_cpu_limit() {
    // Catastrophic backtracking: one built-in call that runs for ages.
    let source = "console.log('go');\n/(a+)+b/.test('a'.repeat(40));\n";
    let (trace, took) = run("burn.js", source, &options(|o| o.max_cpu_ms = Some(1_000)));
    assert_stopped(&trace, StopReason::Cpu);
    assert!(took < QUICK, "took {took:?}");
}

// ----- standard streams ----------------------------------------------------------------------

#[test]
fn a_python_program_closing_its_streams_still_gets_its_trace() {
    let source = "import os, sys\nprint('before')\nos.close(1)\nos.close(2)\nsys.stderr.close()\nx = 1\nsys.stdout.close()\nprint('after')\n";
    let (trace, _) = run("closes.py", source, &TraceOptions::default());
    assert_eq!(trace.stdout, "before\n");
    let error = trace.error.expect("printing to a closed stdout raises");
    assert_eq!(error.type_name, "ValueError");
    assert_eq!(error.line, Some(8));
}

#[test]
fn a_js_program_closing_its_streams_still_gets_its_trace() {
    let source = "const fs = require('fs');\nconsole.log('before');\nfs.closeSync(1);\nfs.closeSync(2);\nprocess.stderr.destroy();\nconsole.log('after');\n";
    let (trace, _) = run("closes.js", source, &TraceOptions::default());
    assert_eq!(trace.stdout, "before\nafter\n");
    assert_eq!(trace.stopped_by, None);
    assert!(trace.error.is_none(), "{:?}", trace.error);
}
