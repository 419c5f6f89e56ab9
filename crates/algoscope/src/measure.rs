//! Measure (a run at full speed with counters instead of tracing) and growth runs (Measure at
//! several sizes of one variable, compared with the static estimate by `algoscope-bigo`).

use algoscope_bigo::{compare_growth, growth_sizes, size_line, with_size, EstimateOptions};
use algoscope_run::{Measurement, Program, TraceOptions};

use crate::Error;
pub use algoscope_bigo::{Growth, GrowthRun, GrowthVerdict};

/// Runs `program` once at full speed with counters inserted (per line, per loop pass, per
/// call) under `options`' time limit and standard input.
///
/// # Errors
/// As [`crate::trace`]: a syntax error, no interpreter, an import that cannot be followed.
pub fn measure(program: &Program, options: &TraceOptions) -> Result<Measurement, Error> {
    Ok(algoscope_run::measure_program(program, options)?)
}

/// Measures `program` with the top-level number `variable` set to n/64, n/16, n/4 and n (its
/// value as written), fits `n^d (log n)^l` to the work counted, and compares the fit with the
/// static estimate.
///
/// # Errors
/// [`Error::NoGrowthSize`] when no top-level `variable = <number>` is found; as [`measure`].
pub fn growth(program: &Program, variable: &str, options: &TraceOptions) -> Result<Growth, Error> {
    let (index, full) =
        size_line(&program.source, variable).ok_or_else(|| Error::NoGrowthSize {
            name: variable.to_string(),
        })?;
    let estimate = crate::bigo(program, &EstimateOptions::default())?;
    let mut runs = Vec::new();
    for size in growth_sizes(full) {
        let varied = Program {
            source: with_size(&program.source, index, variable, size),
            ..program.clone()
        };
        let m = measure(&varied, options)?;
        runs.push(GrowthRun {
            size,
            work: m.work(),
            seconds: m.seconds,
            finished: m.finished && m.error.is_none(),
        });
    }
    let line = u32::try_from(index + 1).unwrap_or(u32::MAX);
    Ok(compare_growth(variable, line, runs, &estimate))
}
