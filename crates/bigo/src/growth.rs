//! Growth runs: a program measured at several sizes of one variable, `n^d (log n)^l` fitted to
//! the work counted, and the fit compared with the static estimate (agree, a log factor apart,
//! disagree, or inconclusive rather than wrong).

use serde::{Deserialize, Serialize};

use crate::estimate::ProgramEstimate;
use crate::expr::Expr;
use crate::fit::{fit, Fit};

/// How a growth run's fitted curve compares with the static estimate.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum GrowthVerdict {
    /// The same power of the size and the same log power.
    Agree,
    /// The same power; the logs differ by one.
    LogFactor,
    /// A different power.
    Disagree,
    /// Too few finished runs, or counts that fit no curve well.
    Inconclusive,
}

/// One run of a growth series.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct GrowthRun {
    /// The size variable's value.
    pub size: u64,
    /// Loop passes plus calls ([`Measurement::work`]).
    pub work: u64,
    /// The program's own time in seconds.
    pub seconds: f64,
    /// Whether it ran to its end.
    pub finished: bool,
}

/// A growth series and its verdict.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Growth {
    /// The size variable (`n`).
    pub variable: String,
    /// The line assigning it.
    pub line: u32,
    /// The runs at n/64, n/16, n/4 and n (sizes below 2 left out).
    pub runs: Vec<GrowthRun>,
    /// The fitted curve, when the finished runs give one.
    pub fit: Option<Fit>,
    /// The fitted class in ASCII (`O(n^2)`), when there is one.
    pub fitted: Option<String>,
    /// The static estimate in ASCII.
    pub estimate: String,
    /// How they compare.
    pub verdict: GrowthVerdict,
    /// One sentence.
    pub message: String,
}

/// A declaration keyword and type a size line may have (`const n: number = 640;`), and the
/// comment that may end it.
fn declared<'l>(line: &'l str, name: &str) -> Option<&'l str> {
    let l = line.trim_start();
    let l = ["const ", "let ", "var "]
        .iter()
        .find_map(|k| l.strip_prefix(k))
        .unwrap_or(l);
    let rest = l.strip_prefix(name)?.trim_start();
    let rest = match rest.strip_prefix(':') {
        Some(typed) => typed.trim_start().strip_prefix("number")?.trim_start(),
        None => rest,
    };
    rest.strip_prefix('=')
}

/// The number a size line assigns.
fn assigned(line: &str, name: &str) -> Option<u64> {
    let value = declared(line, name)?.split(['#', ';', '/']).next()?.trim();
    value.replace('_', "").parse().ok()
}

/// The line (0-based) and value of a top-level `name = <number>` (Python), `const name =
/// <number>;` (`let`, `var`, a `: number` type: JavaScript, TypeScript), or such a line after
/// a `# viz: size name` / `// viz: size name` hint.
pub fn size_line(source: &str, name: &str) -> Option<(usize, u64)> {
    let lines: Vec<&str> = source.lines().collect();
    lines.iter().enumerate().find_map(|(i, l)| {
        let hinted = i > 0 && {
            let hint = lines[i - 1].trim();
            hint == format!("# viz: size {name}") || hint == format!("// viz: size {name}")
        };
        let top = !l.starts_with(char::is_whitespace);
        (top || hinted)
            .then(|| assigned(l, name))
            .flatten()
            .map(|v| (i, v))
    })
}

/// The highest term of an expression as (power, log power) in the units of [`Fit`], all
/// sizes taken as one; `None` for an exponential or factorial.
fn degree(e: &Expr) -> Option<(u32, u32)> {
    let mut best = (0, 0);
    for t in &e.terms {
        let mut d = (0, 0);
        for f in t.factors.values() {
            if f.exp > 0 || f.factorial {
                return None;
            }
            d.0 += f.poly;
            d.1 += f.log;
        }
        best = best.max(d);
    }
    Some(best)
}

/// `source` with the number on line `index` (from [`size_line`]) replaced by `value`; the
/// rest of the line (keyword, type, `;`, comment) stays.
pub fn with_size(source: &str, index: usize, name: &str, value: u64) -> String {
    source
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let replaced = (i == index)
                .then(|| {
                    let after = declared(l, name)?;
                    let head = &l[..l.len() - after.len()];
                    let number = after.trim_start();
                    let digits = number
                        .find(|c: char| !c.is_ascii_digit() && c != '_')
                        .unwrap_or(number.len());
                    Some(format!("{head} {value}{}", &number[digits..]))
                })
                .flatten();
            format!("{}\n", replaced.unwrap_or_else(|| l.to_string()))
        })
        .collect()
}

/// The sizes a growth series runs: n/64, n/16, n/4 and n, those below 2 left out.
pub fn growth_sizes(full: u64) -> Vec<u64> {
    let mut sizes: Vec<u64> = [64, 16, 4, 1]
        .iter()
        .map(|d| full / d)
        .filter(|&s| s >= 2)
        .collect();
    sizes.dedup();
    sizes
}

/// Fits the finished runs and compares the fit with `estimate`.
pub fn compare_growth(
    variable: &str,
    line: u32,
    runs: Vec<GrowthRun>,
    estimate: &ProgramEstimate,
) -> Growth {
    let points: Vec<(f64, f64)> = runs
        .iter()
        .filter(|r| r.finished)
        .map(|r| (r.size as f64, r.work as f64))
        .collect();
    let fitted = if points.len() >= 3 {
        fit(&points)
    } else {
        None
    };
    let fitted_text = fitted.as_ref().map(|f| f.expr("n").to_ascii());
    let (verdict, message) = match (&fitted, degree(&estimate.expr)) {
        (None, _) => (
            GrowthVerdict::Inconclusive,
            format!(
                "{} finished run(s) of `{variable}`: too few to fit a curve",
                points.len()
            ),
        ),
        (Some(f), Some((poly, log))) if f.poly == poly && f.log == log => (
            GrowthVerdict::Agree,
            format!("the counts grow as {} as the estimate says", f.expr("n")),
        ),
        (Some(f), Some((poly, log))) if f.poly == poly && f.log.abs_diff(log) == 1 => (
            GrowthVerdict::LogFactor,
            format!(
                "the counts grow as {}, a log factor from the estimate {}",
                f.expr("n"),
                estimate.complexity
            ),
        ),
        (Some(f), Some(_)) => (
            GrowthVerdict::Disagree,
            format!(
                "the counts grow as {} but the estimate says {}",
                f.expr("n"),
                estimate.complexity
            ),
        ),
        (Some(f), None) => (
            GrowthVerdict::Inconclusive,
            format!(
                "the counts grow as {}; the estimate {} is not a polynomial to compare",
                f.expr("n"),
                estimate.complexity
            ),
        ),
    };
    Growth {
        variable: variable.to_string(),
        line,
        runs,
        fit: fitted,
        fitted: fitted_text,
        estimate: estimate.complexity_ascii.clone(),
        verdict,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_lines_in_three_languages() {
        let py = "import x\nn = 1_000  # size\nfor i in range(n): pass\n";
        assert_eq!(size_line(py, "n"), Some((1, 1000)));
        assert_eq!(
            with_size(py, 1, "n", 15).lines().nth(1),
            Some("n = 15  # size")
        );
        let ts = "const n: number = 640; // the size\nlet m = 3;\n";
        assert_eq!(size_line(ts, "n"), Some((0, 640)));
        assert_eq!(size_line(ts, "m"), Some((1, 3)));
        assert_eq!(
            with_size(ts, 0, "n", 10).lines().next(),
            Some("const n: number = 10; // the size")
        );
        let hinted = "def f():\n    # viz: size k\n    k = 9\n";
        assert_eq!(size_line(hinted, "k"), Some((2, 9)));
        assert_eq!(size_line("def f():\n    n = 5\n", "n"), None);
        assert_eq!(size_line("nn = 5\n", "n"), None);
    }

    #[test]
    fn sizes_and_verdicts() {
        assert_eq!(growth_sizes(640), [10, 40, 160, 640]);
        assert_eq!(growth_sizes(8), [2, 8]);
    }
}
