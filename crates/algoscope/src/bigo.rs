//! Big-O estimates of a program from its code: the language's static analysis finds the cost
//! shape, `algoscope-bigo` turns it into estimates.

use algoscope_bigo::ProgramEstimate;
#[cfg(feature = "analysis")]
use algoscope_bigo::{estimate, EstimateOptions};
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

/// The estimate and its check as the stepper page shows them and `algoscope bigo --json`
/// prints them ([`Complexity`](algoscope_viewer::Complexity)); the function `only` alone when
/// given.
pub fn complexity(
    estimate: &ProgramEstimate,
    check: Option<&algoscope_bigo::RunCheck>,
    only: Option<&str>,
) -> algoscope_viewer::Complexity {
    use algoscope_viewer::{
        Complexity, FunctionComplexity, FunctionVerdict, LoopVerdict, RecursionVerdict, RunVerdict,
    };
    let verdict_of = |name: &str| {
        let c = check?.functions.iter().find(|c| c.name == name)?;
        Some(FunctionVerdict {
            verdict: c.verdict.words().into(),
            message: c.message.clone(),
            calls: c.calls,
            max_depth: c.max_depth,
            loops: c
                .loops
                .iter()
                .map(|l| LoopVerdict {
                    loop_id: l.loop_id.clone(),
                    line: l.line,
                    runs: l.runs,
                    passes: l.passes,
                    expected: l.expected,
                    bound: l.bound.clone(),
                    verdict: l.verdict.words().into(),
                })
                .collect(),
            recursion: c.recursion.as_ref().map(|r| RecursionVerdict {
                outer_calls: r.outer_calls,
                self_calls: r.self_calls,
                exponential: r.exponential,
                verdict: r.verdict.words().into(),
            }),
        })
    };
    Complexity {
        complexity: estimate.complexity_ascii.clone(),
        complexity_text: estimate.complexity.clone(),
        functions: estimate
            .functions
            .iter()
            .filter(|f| only.is_none_or(|name| name == f.name))
            .map(|f| FunctionComplexity {
                name: f.name.clone(),
                line: f.line,
                complexity: f.complexity_ascii.clone(),
                complexity_text: f.complexity.clone(),
                explanation: f.explanation.clone(),
                sizes: f.sizes.clone(),
                check: verdict_of(&f.name),
            })
            .collect(),
        sizes: estimate.sizes.clone(),
        check: check.map(|c| RunVerdict {
            verdict: c.verdict.words().into(),
            message: c.message.clone(),
        }),
    }
}

/// The Big-O estimate of a traced run's program (its `source`, in its language), checked
/// against that run's counts (feature `analysis`): what the stepper page's complexity chip
/// shows. `None` when the source does not parse (nothing to estimate).
#[cfg(feature = "analysis")]
pub fn run_complexity(
    trace: &algoscope_trace_format::Trace,
) -> Option<algoscope_viewer::Complexity> {
    let program = Program::from_source(trace.source.clone(), trace.language, "<program>");
    let shape = cost_shape(&program).ok()?;
    let estimate = estimate(&shape, &EstimateOptions::default());
    let check = algoscope_bigo::check(&shape, trace);
    Some(complexity(&estimate, Some(&check), None))
}
