//! Solving the recurrences recursive functions make: `T(n) = a·T(n/b) + f(n)` by the master
//! theorem, `T(n) = T(n-1) + f(n)`, `T(n) = a·T(n-1) + f(n)`, `T(n) = n·T(n-1) + f(n)`,
//! recursion over a structure's children, and memoised recursion.

use serde::{Deserialize, Serialize};

use crate::expr::{Expr, Factor, Term};
use crate::format::milli_text;

/// How the recursive calls' size argument shrinks.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Shrink {
    /// `n - 1`, `xs[1:]`, `i + 1` toward a bound.
    MinusOne,
    /// `n / by`, a slice at a midpoint (`by` = 2).
    Divide {
        /// The divisor `b` (2 for halving).
        by: u32,
    },
    /// `node.left`, `node.next`, a neighbour: each part of the structure once per call.
    Child,
}

/// How many recursive calls one call makes.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", tag = "kind", content = "count")]
pub enum Branching {
    /// A fixed number `a` (`fib(n-1) + fib(n-2)` makes 2).
    Fixed(u32),
    /// One call per remaining item (a loop over the shrinking size, as in permutations).
    PerItem,
}

/// A recurrence `T(size) = calls · T(shrunk size) + work`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Recurrence {
    /// The size that shrinks.
    pub size: String,
    /// How many self-calls each call makes.
    pub calls: Branching,
    /// How the size shrinks per call.
    pub shrink: Shrink,
    /// The work one call does besides its recursive calls (`f(n)`).
    pub work: Expr,
    /// With memoisation: how many distinct arguments there are (`n`, or `n·m` for a table
    /// over two indices); each is computed once.
    pub memo_states: Option<Expr>,
}

/// A solved recurrence: the total and how it was found.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Solution {
    /// The total cost.
    pub total: Expr,
    /// The recurrence as written (`T(n) = 2·T(n/2) + O(n)`).
    pub equation: String,
    /// Which rule gave the total (`master theorem, case 2`).
    pub rule: String,
}

impl Recurrence {
    /// The recurrence as a learner would write it.
    pub fn equation(&self) -> String {
        let n = &self.size;
        let a = match self.calls {
            Branching::Fixed(1) => String::new(),
            Branching::Fixed(a) => format!("{a}·"),
            Branching::PerItem => format!("{n}·"),
        };
        let arg = match &self.shrink {
            Shrink::MinusOne => format!("{n}-1"),
            Shrink::Divide { by } => format!("{n}/{by}"),
            Shrink::Child => "child".to_string(),
        };
        format!("T({n}) = {a}T({arg}) + {}", self.work)
    }
}

/// Solves a recurrence.
///
/// ```
/// use algoscope_bigo::{solve, Branching, Expr, Recurrence, Shrink};
/// let merge_sort = Recurrence {
///     size: "n".into(),
///     calls: Branching::Fixed(2),
///     shrink: Shrink::Divide { by: 2 },
///     work: Expr::size("n"),
///     memo_states: None,
/// };
/// assert_eq!(solve(&merge_sort).total.to_string(), "O(n log n)");
/// ```
pub fn solve(r: &Recurrence) -> Solution {
    let work = if r.work.is_zero() {
        Expr::one()
    } else {
        r.work.clone()
    };
    let n = r.size.as_str();
    let equation = r.equation();
    if let Some(states) = &r.memo_states {
        let states = if states.is_zero() {
            Expr::one()
        } else {
            states.clone()
        };
        return Solution {
            total: states.mul(&work),
            equation,
            rule: format!(
                "memoised: each of {} distinct arguments is computed once",
                states
            ),
        };
    }
    let (total, rule) = match (&r.shrink, &r.calls) {
        (Shrink::Child, _) => (
            Expr::size(n).mul(&work),
            "recursion over a structure: one call per part".to_string(),
        ),
        (Shrink::MinusOne, Branching::Fixed(0 | 1)) => (
            sum_over(n, &work),
            format!("{n} calls, each doing at most {work}"),
        ),
        (Shrink::MinusOne, Branching::Fixed(a)) => (
            Expr::exp(*a, n).mul(&work),
            format!("{a} calls per level, {n} levels deep: {a}^{n} calls"),
        ),
        (Shrink::MinusOne, Branching::PerItem) => (
            Expr::factorial(n).mul(&work),
            format!("{n}·({n}-1)·…·1 = {n}! calls"),
        ),
        (Shrink::Divide { by }, calls) => {
            let a = match calls {
                Branching::Fixed(a) => *a,
                Branching::PerItem => 2,
            };
            master(n, a, (*by).max(2), &work)
        }
    };
    Solution {
        total,
        equation,
        rule,
    }
}

/// `Σ_{i ≤ n} f(i)`: `n·f(n)` for the polynomial and log parts of `f` in `n` (a tight bound
/// for them), and `f` itself when `f` is exponential in `n`.
fn sum_over(n: &str, f: &Expr) -> Expr {
    let mut out = Expr::zero();
    for t in &f.terms {
        let g = t.factor(n);
        let term = Expr {
            terms: vec![t.clone()],
            per_item: f.per_item.clone(),
        };
        if g.exp > 1 || g.factorial {
            out = out.add(&term);
        } else {
            out = out.add(&term.mul(&Expr::size(n)));
        }
    }
    out
}

/// The master theorem for `T(n) = a·T(n/b) + f(n)`, applied to each term of `f`.
fn master(n: &str, a: u32, b: u32, f: &Expr) -> (Expr, String) {
    let crit = critical_exponent(a, b);
    let leaves = Expr::from_term(Term::of(
        n,
        Factor {
            poly: crit,
            ..Factor::default()
        },
    ));
    let mut total = leaves.clone();
    let mut cases = Vec::new();
    for t in &f.terms {
        let g = t.factor(n);
        let mut rest = t.clone();
        rest.factors.remove(n);
        let rest = Expr {
            terms: vec![rest],
            per_item: f.per_item.clone(),
        };
        let part = if g.exp > 1 || g.factorial || g.poly > crit {
            cases.push(3);
            Expr {
                terms: vec![t.clone()],
                per_item: f.per_item.clone(),
            }
        } else if g.poly == crit {
            cases.push(2);
            let grown = Factor {
                poly: crit,
                log: g.log + 1,
                ..Factor::default()
            };
            rest.mul(&Expr::from_term(Term::of(n, grown)))
        } else {
            cases.push(1);
            rest.mul(&leaves)
        };
        total = total.add(&part);
    }
    cases.sort_unstable();
    cases.dedup();
    let case_text: Vec<String> = cases.iter().map(|c| c.to_string()).collect();
    let crit_text = if crit.is_multiple_of(1000) {
        format!("{}", crit / 1000)
    } else {
        format!("log_{b} {a} ≈ {}", milli_text(crit))
    };
    (
        total,
        format!(
            "master theorem (a = {a}, b = {b}, {n}^{crit_text}), case {}",
            case_text.join(" and ")
        ),
    )
}

/// `log_b a` in thousandths, exact when it is a whole number.
pub fn critical_exponent(a: u32, b: u32) -> u32 {
    if a <= 1 || b <= 1 {
        return 0;
    }
    let mut p = 1u64;
    for k in 0..32u32 {
        if p == u64::from(a) {
            return k * 1000;
        }
        if p > u64::from(a) {
            break;
        }
        p *= u64::from(b);
    }
    ((f64::from(a).ln() / f64::from(b).ln()) * 1000.0).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(calls: Branching, shrink: Shrink, work: Expr) -> Recurrence {
        Recurrence {
            size: "n".into(),
            calls,
            shrink,
            work,
            memo_states: None,
        }
    }

    #[test]
    fn master_theorem_cases() {
        let half = Shrink::Divide { by: 2 };
        let s = |a, w: Expr| {
            solve(&rec(Branching::Fixed(a), half.clone(), w))
                .total
                .to_string()
        };
        assert_eq!(s(1, Expr::one()), "O(log n)"); // binary search
        assert_eq!(s(2, Expr::size("n")), "O(n log n)"); // merge sort
        assert_eq!(s(2, Expr::one()), "O(n)"); // tree-like halving, case 1
        assert_eq!(s(1, Expr::size("n")), "O(n)"); // quickselect, case 3
        assert_eq!(s(4, Expr::size("n")), "O(n²)");
        assert_eq!(s(8, Expr::power("n", 2)), "O(n³)"); // naive matrix blocks
        assert_eq!(s(3, Expr::size("n")), "O(n^1.585)"); // Karatsuba
        assert_eq!(s(2, Expr::size("n").mul(&Expr::log("n"))), "O(n log² n)");
    }

    #[test]
    fn linear_recursions() {
        let m = Shrink::MinusOne;
        let s = |c, w: Expr| solve(&rec(c, m.clone(), w)).total.to_string();
        assert_eq!(s(Branching::Fixed(1), Expr::one()), "O(n)"); // factorial
        assert_eq!(s(Branching::Fixed(1), Expr::size("n")), "O(n²)"); // recursive selection sort
        assert_eq!(s(Branching::Fixed(2), Expr::one()), "O(2ⁿ)"); // naive Fibonacci
        assert_eq!(s(Branching::Fixed(2), Expr::size("n")), "O(n·2ⁿ)"); // subsets with copies
        assert_eq!(s(Branching::PerItem, Expr::size("n")), "O(n·n!)"); // permutations
    }

    #[test]
    fn structures_and_memo() {
        let t = solve(&rec(Branching::Fixed(2), Shrink::Child, Expr::one()));
        assert_eq!(t.total.to_string(), "O(n)");
        let mut fib = rec(Branching::Fixed(2), Shrink::MinusOne, Expr::one());
        fib.memo_states = Some(Expr::size("n"));
        assert_eq!(solve(&fib).total.to_string(), "O(n)");
        fib.memo_states = Some(Expr::size("n").mul(&Expr::size("m")));
        assert_eq!(solve(&fib).total.to_string(), "O(n·m)");
    }

    #[test]
    fn equation_text() {
        let r = rec(
            Branching::Fixed(2),
            Shrink::Divide { by: 2 },
            Expr::size("n"),
        );
        assert_eq!(r.equation(), "T(n) = 2·T(n/2) + O(n)");
        assert!(solve(&r).rule.contains("case 2"), "{}", solve(&r).rule);
        assert_eq!(critical_exponent(3, 2), 1585);
        assert_eq!(critical_exponent(9, 3), 2000);
    }
}
