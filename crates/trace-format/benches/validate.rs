//! `validate_str` (parse, limits, schema, types, heap expansion, cross-references) on a
//! generated 2,000-step trace with 300 heap objects per step, sent in delta form with a few
//! objects changing per step. Measured twice: in wall time, and in the thread's CPU time
//! (see [`ThreadCpu`]).

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use algoscope_test_support::build as support;
use algoscope_trace_format::{to_delta, validate_str};
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

fn bench<M: Measurement + 'static>(c: &mut Criterion<M>, group_name: &str) {
    let text = serde_json::to_string(&to_delta(&support::generated_trace())).expect("serializable");
    let mut group = c.benchmark_group(group_name);
    group.sample_size(20);
    // The validated trace is dropped outside the measurement: freeing it is the caller's cost.
    group.bench_function("delta_2000_steps_300_objects", |b| {
        b.iter_batched(
            || (),
            |()| validate_str(&text).expect("valid"),
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

/// Time the benchmarking thread spent on a CPU, read from Linux's
/// `/proc/thread-self/schedstat` (nanoseconds, updated at least every scheduler tick). On a
/// machine shared with other jobs, wall time also counts the time spent waiting for a core;
/// this does not. Where the file is missing it reads 0.
struct ThreadCpu;

fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

static WALL: WallTime = WallTime;

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, like wall time.
        WALL.formatter()
    }
}

fn wall_time(c: &mut Criterion) {
    bench(c, "validate_wall");
}

fn cpu_time(c: &mut Criterion<ThreadCpu>) {
    bench(c, "validate_cpu");
}

criterion_group!(wall, wall_time);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = cpu_time
}
criterion_main!(wall, cpu);
