//! asyncio runs on a virtual clock while traced, as the JS recorder's timers do: an hour of
//! sleeping costs no time, tasks wake in the order of their due times, the same order as the
//! equivalent JavaScript program's, and a program whose tasks all wait forever ends with an
//! error instead of hanging.

mod support;

use std::time::{Duration, Instant};

use algoscope_run::{trace_program, Program, TraceOptions};
use algoscope_trace_format::Trace;

fn run(name: &str, source: &str) -> (Trace, Duration) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, source).expect("the program is written");
    let program = Program::from_path(&path).expect("the program is read");
    let started = Instant::now();
    let trace = trace_program(&program, &TraceOptions::default())
        .unwrap_or_else(|e| panic!("{name}: no trace: {e}"));
    (trace, started.elapsed())
}

/// Sleeps of an hour, a minute, a second and none, started in that jumbled order, plus two
/// tasks taking turns (every 3 s and every 5 s).
const PYTHON: &str = r#"import asyncio

async def sleeper(name, seconds, log):
    await asyncio.sleep(seconds)
    log.append(name)
    print(name)

async def turns(name, every, times, log):
    for i in range(times):
        await asyncio.sleep(every)
        log.append(name + str(i))
        print(name + str(i))

async def main():
    log = []
    await asyncio.gather(
        sleeper("hour", 3600, log),
        sleeper("second", 1, log),
        sleeper("minute", 60, log),
        sleeper("zero", 0, log),
        turns("a", 3, 3, log),
        turns("b", 5, 2, log),
    )
    print(" ".join(log))

asyncio.run(main())
"#;

const JS: &str = r#"const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function sleeper(name, seconds, log) {
  await sleep(seconds);
  log.push(name);
  console.log(name);
}

async function turns(name, every, times, log) {
  for (let i = 0; i < times; i++) {
    await sleep(every);
    log.push(name + i);
    console.log(name + i);
  }
}

async function main() {
  const log = [];
  await Promise.all([
    sleeper('hour', 3600, log),
    sleeper('second', 1, log),
    sleeper('minute', 60, log),
    sleeper('zero', 0, log),
    turns('a', 3, 3, log),
    turns('b', 5, 2, log),
  ]);
  console.log(log.join(' '));
}

main();
"#;

const ORDER: &str = "zero second a0 b0 a1 a2 b1 minute hour";

#[test]
fn an_hour_of_asyncio_sleep_finishes_at_once_in_due_order() {
    let (trace, took) = run("sleeps.py", PYTHON);
    assert!(trace.error.is_none(), "{:?}", trace.error);
    assert_eq!(trace.stdout.lines().last(), Some(ORDER));
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

#[test]
fn python_and_javascript_wake_their_tasks_in_the_same_order() {
    let (python, _) = run("sleeps.py", PYTHON);
    let (js, _) = run("sleeps.js", JS);
    assert!(js.error.is_none(), "{:?}", js.error);
    assert_eq!(python.stdout, js.stdout);
    assert_eq!(js.stdout.lines().last(), Some(ORDER));
}

#[test]
fn asyncio_loop_time_is_the_virtual_clock() {
    let source = "import asyncio\n\nasync def main():\n    loop = asyncio.get_running_loop()\n    start = loop.time()\n    await asyncio.sleep(86400 * 365)\n    print(loop.time() - start)\n\nasyncio.run(main())\n";
    let (trace, took) = run("year.py", source);
    assert_eq!(trace.stdout, "31536000.0\n");
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

#[test]
fn tasks_that_all_wait_forever_end_with_an_error() {
    let source = "import asyncio\n\nasync def main():\n    print('waiting')\n    await asyncio.Event().wait()\n\nasyncio.run(main())\n";
    let (trace, took) = run("deadlock.py", source);
    assert_eq!(trace.stdout, "waiting\n");
    let error = trace.error.expect("a deadlock is an error");
    assert_eq!(error.type_name, "AsyncioDeadlock");
    assert!(
        error.message.contains("waiting and no timer is due"),
        "{}",
        error.message
    );
    assert!(!trace.truncated);
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

#[test]
fn a_task_woken_by_a_thread_is_not_a_deadlock() {
    let source = "import asyncio, time\n\ndef slow():\n    time.sleep(0.2)\n    return 42\n\nasync def main():\n    value = await asyncio.get_running_loop().run_in_executor(None, slow)\n    print(value)\n\nasyncio.run(main())\n";
    let (trace, _) = run("thread.py", source);
    assert!(trace.error.is_none(), "{:?}", trace.error);
    assert_eq!(trace.stdout, "42\n");
}
