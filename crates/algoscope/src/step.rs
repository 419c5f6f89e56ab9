//! [`step_index`]: how every front end numbers a step — the CLI's `--step`, the Python,
//! Node and wasm APIs, `%%algoscope --step` — one rule, one error.

use crate::Error;

/// The index (0-based, into `trace.steps`) of step number `step` of a trace of `count` steps.
///
/// Steps are numbered as the stepper page shows them: `1` is the first, `count` the last;
/// a negative number counts from the end (`-1` is the last step, `-count` the first). `0` is
/// not a step.
///
/// # Errors
/// [`Error::NoSteps`] when `count` is 0; [`Error::StepOutOfRange`] (kind `step`, with the
/// `step` as given and the `count`) for `0` and for numbers past either end.
///
/// # Example
///
/// ```
/// assert_eq!(algoscope::step_index(1, 10).unwrap(), 0);
/// assert_eq!(algoscope::step_index(-1, 10).unwrap(), 9);
/// let err = algoscope::step_index(0, 10).unwrap_err();
/// assert_eq!(err.kind(), "step");
/// assert_eq!(err.to_string(), "step 0 is out of range: the trace has steps 1 to 10 (-1 is the last)");
/// ```
pub fn step_index(step: i64, count: usize) -> Result<usize, Error> {
    if count == 0 {
        return Err(Error::NoSteps);
    }
    let out = || Error::StepOutOfRange { step, count };
    let magnitude = usize::try_from(step.unsigned_abs()).map_err(|_| out())?;
    match step {
        1.. if magnitude <= count => Ok(magnitude - 1),
        ..=-1 if magnitude <= count => Ok(count - magnitude),
        _ => Err(out()),
    }
}

/// The number (counted from 1) of the step at `index`, as [`Error::StepOutOfRange`] and the
/// page show it.
pub(crate) fn step_number(index: usize) -> i64 {
    i64::try_from(index).map_or(i64::MAX, |i| i.saturating_add(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn both_ends_and_zero() {
        assert_eq!(step_index(10, 10).unwrap(), 9);
        assert_eq!(step_index(-10, 10).unwrap(), 0);
        for bad in [0, 11, -11, i64::MIN, i64::MAX] {
            let err = step_index(bad, 10).unwrap_err();
            assert!(
                matches!(err, Error::StepOutOfRange { step, count: 10 } if step == bad),
                "{bad}: {err}"
            );
        }
        assert!(matches!(step_index(1, 0), Err(Error::NoSteps)));
    }

    #[test]
    fn the_error_reports_the_step_as_given() {
        let report = crate::ErrorReport::from(step_index(-11, 10).unwrap_err()).to_json();
        assert_eq!(report["kind"], "step");
        assert_eq!(
            (report["step"].as_i64(), report["count"].as_u64()),
            (Some(-11), Some(10))
        );
    }

    proptest! {
        /// Step `n` and step `n - count - 1` are the same step, and the index is in range.
        #[test]
        fn positive_and_negative_numbers_meet(count in 1usize..500, n in 1usize..500) {
            prop_assume!(n <= count);
            let forward = step_index(n as i64, count).unwrap();
            let backward = step_index(n as i64 - count as i64 - 1, count).unwrap();
            prop_assert_eq!(forward, backward);
            prop_assert!(forward < count);
            prop_assert_eq!(step_number(forward), n as i64);
        }
    }
}
