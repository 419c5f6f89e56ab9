//! Prints where `validate_str`'s time goes on the benchmark's generated trace (2,000 steps,
//! 300 heap objects each, delta form): heap expansion alone, the whole of `validate_str`
//! (reading the text and the checks are the rest), serde's typed parse of the same text
//! (the reader `validate_str` falls back to) and freeing the result. Medians of thread CPU
//! time (Linux `/proc/thread-self/schedstat`) and wall time, in ms.
//!
//! `cargo run --release -p algoscope-trace-format --example validate_phases [RUNS] [--dump FILE]`
//! (`--dump` writes the benchmark's input text, to check it did not change).

use std::time::Instant;

use algoscope_test_support::build as support;
use algoscope_trace_format::{expand_heaps, to_delta, validate_str, Trace};

/// Nanoseconds this thread spent on a CPU; 0 where the file is missing.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// One phase's samples: (CPU ns, wall ns).
#[derive(Default)]
struct Samples(Vec<(u64, u64)>);

impl Samples {
    fn time<T>(&mut self, run: impl FnOnce() -> T) -> T {
        let (cpu, wall) = (thread_cpu_ns(), Instant::now());
        let out = run();
        let wall = u64::try_from(wall.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.0.push((thread_cpu_ns().saturating_sub(cpu), wall));
        out
    }

    fn medians_ms(&self) -> (f64, f64) {
        let median = |mut v: Vec<u64>| {
            v.sort_unstable();
            v.get(v.len() / 2).copied().unwrap_or(0) as f64 / 1e6
        };
        (
            median(self.0.iter().map(|s| s.0).collect()),
            median(self.0.iter().map(|s| s.1).collect()),
        )
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs: usize = match args.first().filter(|a| !a.starts_with("--")) {
        Some(n) => n.parse()?,
        None => 30,
    };
    let text = serde_json::to_string(&to_delta(&support::generated_trace()))?;
    if let Some(file) = args
        .iter()
        .position(|a| a == "--dump")
        .and_then(|i| args.get(i + 1))
    {
        std::fs::write(file, &text)?;
    }
    let [mut parse, mut expand, mut total, mut free]: [Samples; 4] = Default::default();
    for _ in 0..runs {
        let mut trace: Trace = parse.time(|| serde_json::from_str(&text))?;
        expand.time(|| expand_heaps(&mut trace))?;
        drop(trace);
        let trace = total.time(|| validate_str(&text))?;
        free.time(|| drop(trace));
    }
    println!(
        "{} bytes, {} steps x {} objects, {runs} runs; medians in ms (cpu / wall)",
        text.len(),
        support::STEPS,
        support::OBJECTS
    );
    let (tc, tw) = total.medians_ms();
    let (pc, pw) = parse.medians_ms();
    let (ec, ew) = expand.medians_ms();
    let (fc, fw) = free.medians_ms();
    println!("validate_str                 {tc:7.2} / {tw:7.2}");
    println!("  expand                     {ec:7.2} / {ew:7.2}");
    println!(
        "  read + checks (the rest)   {:7.2} / {:7.2}",
        tc - ec,
        tw - ew
    );
    println!("serde typed parse (fallback) {pc:7.2} / {pw:7.2}");
    println!("drop the result              {fc:7.2} / {fw:7.2}");
    Ok(())
}
