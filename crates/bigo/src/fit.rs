//! Fitting measured counts to a growth curve `x^d (log x)^l` by least squares on a log scale,
//! with a bias toward the simpler curve: a few points with a constant overhead cannot tell
//! `n` from `n log n` by a hair, so a more complex curve must fit clearly better to win.

use serde::{Deserialize, Serialize};

use crate::expr::{Expr, Factor, Term};

/// The curves tried, simplest first: (power in thousandths, log power).
const CURVES: [(u32, u32); 9] = [
    (0, 0),
    (0, 1),
    (500, 0),
    (1000, 0),
    (1000, 1),
    (2000, 0),
    (2000, 1),
    (3000, 0),
    (4000, 0),
];

/// How much less error (as a fraction of the simpler curve's) a more complex curve needs.
pub const SIMPLER_BIAS: f64 = 0.7;

/// The best curve for a series of `(size, count)` points.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Fit {
    /// The curve's power of the size, in thousandths.
    pub poly: u32,
    /// The curve's power of `log size`.
    pub log: u32,
    /// The scale `c` in `count ≈ c · curve`.
    pub scale: f64,
    /// The root mean square of `ln count − ln(c · curve)`.
    pub error: f64,
    /// The slope of `ln count` over `ln size` (least squares).
    pub slope: f64,
}

impl Fit {
    /// The fitted curve as an expression in `size`.
    pub fn expr(&self, size: &str) -> Expr {
        Expr::from_term(Term::of(
            size,
            Factor {
                poly: self.poly,
                log: self.log,
                ..Factor::default()
            },
        ))
    }
}

/// Fits `points` (`(size, count)`, sizes > 1 and counts > 0 used) to the simplest curve that
/// fits; `None` with fewer than two usable points or fewer than two distinct sizes.
///
/// ```
/// let points: Vec<(f64, f64)> = [16.0, 64.0, 256.0, 1024.0].iter().map(|&n| (n, 3.0 * n * n + n)).collect();
/// let fit = algoscope_bigo::fit(&points).unwrap();
/// assert_eq!(fit.expr("n").to_string(), "O(n²)");
/// ```
pub fn fit(points: &[(f64, f64)]) -> Option<Fit> {
    let pts: Vec<(f64, f64)> = points
        .iter()
        .copied()
        .filter(|&(x, y)| x > 1.0 && y > 0.0 && x.is_finite() && y.is_finite())
        .collect();
    let distinct = {
        let mut xs: Vec<f64> = pts.iter().map(|p| p.0).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        xs.len()
    };
    if pts.len() < 2 || distinct < 2 {
        return None;
    }
    let slope = log_log_slope(&pts);
    let mut best: Option<Fit> = None;
    for (poly, log) in CURVES {
        let candidate = fit_curve(&pts, poly, log, slope);
        best = match best {
            None => Some(candidate),
            Some(b) if candidate.error < b.error * SIMPLER_BIAS - 1e-12 => Some(candidate),
            Some(b) => Some(b),
        };
    }
    best
}

fn curve(x: f64, poly: u32, log: u32) -> f64 {
    x.powf(f64::from(poly) / 1000.0) * x.ln().powi(log as i32)
}

fn fit_curve(pts: &[(f64, f64)], poly: u32, log: u32, slope: f64) -> Fit {
    let residuals: Vec<f64> = pts
        .iter()
        .map(|&(x, y)| y.ln() - curve(x, poly, log).ln())
        .collect();
    let mean = residuals.iter().sum::<f64>() / residuals.len() as f64;
    let error = (residuals
        .iter()
        .map(|r| (r - mean) * (r - mean))
        .sum::<f64>()
        / residuals.len() as f64)
        .sqrt();
    Fit {
        poly,
        log,
        scale: mean.exp(),
        error,
        slope,
    }
}

fn log_log_slope(pts: &[(f64, f64)]) -> f64 {
    let n = pts.len() as f64;
    let (xs, ys): (Vec<f64>, Vec<f64>) = pts.iter().map(|&(x, y)| (x.ln(), y.ln())).unzip();
    let mx = xs.iter().sum::<f64>() / n;
    let my = ys.iter().sum::<f64>() / n;
    let sxy: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    if sxx == 0.0 {
        0.0
    } else {
        sxy / sxx
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(f: impl Fn(f64) -> f64) -> Vec<(f64, f64)> {
        [250.0, 1000.0, 4000.0, 16000.0]
            .iter()
            .map(|&n| (n, f(n)))
            .collect()
    }

    #[test]
    fn recognises_textbook_curves() {
        let s = |f: &dyn Fn(f64) -> f64| fit(&series(f)).unwrap().expr("n").to_string();
        assert_eq!(s(&|n| 5.0 * n + 100.0), "O(n)");
        assert_eq!(s(&|n| n * n / 2.0), "O(n²)");
        assert_eq!(s(&|n| 2.0 * n * n.log2()), "O(n log n)");
        assert_eq!(s(&|n| n.log2() + 1.0), "O(log n)");
        assert_eq!(s(&|_| 42.0), "O(1)");
        assert_eq!(s(&|n| n * n * n), "O(n³)");
    }

    #[test]
    fn too_few_points() {
        assert!(fit(&[(10.0, 5.0)]).is_none());
        assert!(fit(&[(10.0, 5.0), (10.0, 6.0)]).is_none());
        assert!(fit(&[(0.0, 5.0), (1.0, 6.0)]).is_none());
    }

    #[test]
    fn slope_is_reported() {
        let f = fit(&series(|n| n * n)).unwrap();
        assert!((f.slope - 2.0).abs() < 1e-9);
    }
}
