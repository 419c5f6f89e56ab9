//! Big-O estimates of a program from its code: the language's static analysis finds the cost
//! shape, `algoscope-bigo` turns it into estimates.

#[cfg(feature = "analysis")]
use algoscope_bigo::{estimate, EstimateOptions, ProgramEstimate};
#[cfg(feature = "analysis")]
use algoscope_run::Program;

#[cfg(feature = "analysis")]
use crate::Error;

/// The Big-O estimate of `program`: per function and overall, with sizes named by the
/// program's variables and an explanation per function. Needs no run: programs that read
/// their input from stdin are estimated from the code alone.
///
/// # Errors
/// [`Error::Run`] with every syntax error when the program does not parse.
///
/// # Example
///
/// ```
/// use algoscope::{bigo, EstimateOptions, Language, Program};
/// let program = Program {
///     source: "def f(xs):\n    for a in xs:\n        for b in xs:\n            print(a, b)\n".into(),
///     language: Language::Python,
///     name: "pairs.py".into(),
///     dir: None,
/// };
/// let e = bigo(&program, &EstimateOptions::default()).unwrap();
/// assert_eq!(e.complexity, "O(n²)");
/// assert_eq!(e.complexity_ascii, "O(n^2)");
/// ```
#[cfg(feature = "analysis")]
pub fn bigo(program: &Program, options: &EstimateOptions) -> Result<ProgramEstimate, Error> {
    Ok(estimate(&cost_shape(program)?, options))
}

/// The program's cost shape, or its syntax errors.
#[cfg(feature = "analysis")]
fn cost_shape(program: &Program) -> Result<algoscope_trace_format::CostShape, Error> {
    Ok(algoscope_run::analyze_program(program)?.cost)
}

/// The estimate of [`bigo`] and its check against a run of the program (traced with
/// `trace_options`): each loop's bound evaluated with the run's values at the loop's start
/// and compared with the passes the trace counted; disagreements and runs too small to tell
/// are said per function.
///
/// # Errors
/// As [`bigo`], and as [`crate::trace`] when the program cannot be run.
#[cfg(feature = "native")]
pub fn bigo_check(
    program: &Program,
    options: &EstimateOptions,
    trace_options: &algoscope_run::TraceOptions,
) -> Result<(ProgramEstimate, algoscope_bigo::RunCheck), Error> {
    let shape = cost_shape(program)?;
    let trace = crate::trace(program, trace_options)?;
    Ok((
        estimate(&shape, options),
        algoscope_bigo::check(&shape, &trace),
    ))
}
