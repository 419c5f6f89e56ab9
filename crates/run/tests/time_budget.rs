//! The time budget covers everything the traced program starts: a child process that keeps
//! running (and holds standard error open) is killed with the tracer, and any run the runner
//! kills on time says so in the trace (`stoppedBy: "time"`, `truncated`).

use std::time::{Duration, Instant};

use algoscope_run::{trace_program, Program, TraceOptions};
use serde_json::Value;

/// Traces `source` saved as `name` with a 1 s budget; returns the trace (as its JSON) and
/// how long it took.
fn trace(name: &str, source: &str) -> (Value, Duration) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, source).expect("the program is written");
    let options = TraceOptions {
        time_budget_ms: 1000,
        ..TraceOptions::default()
    };
    let started = Instant::now();
    let program = Program::from_path(&path).expect("the program is read");
    let trace = trace_program(&program, &options).expect("a trace");
    let took = started.elapsed();
    let trace = serde_json::to_value(&trace).expect("trace JSON");
    (trace, took)
}

/// Budget 1 s + 1 s grace + start-up; the child sleeps 40 s.
const WELL_UNDER_THE_CHILD: Duration = Duration::from_secs(15);

#[test]
fn a_python_child_process_does_not_outlive_the_budget() {
    let (trace, took) = trace(
        "spawns.py",
        "import subprocess, time\np = subprocess.Popen(['sleep', '40'])\nwhile True:\n    time.sleep(0.01)\n",
    );
    assert!(took < WELL_UNDER_THE_CHILD, "took {took:?}");
    assert_eq!(trace["stoppedBy"], "time");
    assert_eq!(trace["truncated"], true);
}

#[test]
fn a_python_child_left_running_does_not_hold_up_the_end() {
    let (trace, took) = trace(
        "leaves.py",
        "import subprocess\np = subprocess.Popen(['sleep', '40'])\nx = 1\n",
    );
    assert!(took < WELL_UNDER_THE_CHILD, "took {took:?}");
    assert_eq!(trace["stoppedBy"], Value::Null);
}

#[test]
fn a_js_child_left_running_does_not_hold_up_the_end() {
    let (trace, took) = trace(
        "spawns.js",
        "const cp = require('child_process');\ncp.spawn('sleep', ['40'], { stdio: 'inherit' });\nlet x = 1;\n",
    );
    assert!(took < WELL_UNDER_THE_CHILD, "took {took:?}");
    assert_eq!(trace["stoppedBy"], Value::Null);
}

#[test]
fn python_threads_spinning_past_the_budget_are_stopped_by_time() {
    let (trace, took) = trace(
        "threads.py",
        "import threading\ndef spin():\n    while True:\n        pass\nfor _ in range(2):\n    threading.Thread(target=spin).start()\n",
    );
    assert!(took < WELL_UNDER_THE_CHILD, "took {took:?}");
    assert_eq!(trace["stoppedBy"], "time");
    assert_eq!(trace["truncated"], true);
}
