//! Algebra laws: sums and products commute, dominance drops only what it should, renaming
//! is consistent, the ASCII form reads back, and recurrences grow with their work.

use std::collections::BTreeMap;

use algoscope_bigo::{parse_ascii, solve, Branching, Expr, Factor, Recurrence, Shrink, Term};
use proptest::prelude::*;

const NAMES: [&str; 4] = ["n", "m", "V", "E"];

fn factor() -> impl Strategy<Value = Factor> {
    (
        prop_oneof![Just(0u32), Just(500), Just(1000), Just(2000), Just(3000)],
        0u32..3,
        prop_oneof![Just(0u32), Just(2), Just(3)],
        any::<bool>(),
    )
        .prop_map(|(poly, log, exp, factorial)| Factor {
            poly,
            log,
            exp,
            factorial: factorial && exp == 0 && poly == 0,
        })
}

fn term() -> impl Strategy<Value = Term> {
    proptest::collection::vec((0usize..NAMES.len(), factor()), 0..3).prop_map(|fs| {
        fs.into_iter()
            .fold(Term::one(), |t, (i, f)| t.mul(&Term::of(NAMES[i], f)))
    })
}

fn expr() -> impl Strategy<Value = Expr> {
    proptest::collection::vec(term(), 1..4).prop_map(|ts| {
        ts.into_iter()
            .fold(Expr::zero(), |e, t| e.add(&Expr::from_term(t)))
    })
}

proptest! {
    #[test]
    fn addition_commutes_and_is_idempotent(a in expr(), b in expr()) {
        prop_assert_eq!(a.add(&b), b.add(&a));
        prop_assert_eq!(a.add(&a), a.clone());
    }

    #[test]
    fn multiplication_commutes(a in expr(), b in expr()) {
        prop_assert_eq!(a.mul(&b), b.mul(&a));
    }

    #[test]
    fn a_sum_dominates_its_parts(a in expr(), b in expr()) {
        let s = a.add(&b);
        prop_assert!(s.dominates(&a));
        prop_assert!(s.dominates(&b));
    }

    #[test]
    fn no_kept_term_dominates_another(a in expr(), b in expr()) {
        let s = a.add(&b).mul(&a);
        for (i, x) in s.terms.iter().enumerate() {
            for (j, y) in s.terms.iter().enumerate() {
                if i != j {
                    prop_assert!(!x.dominates(y, &s.per_item), "{} swallows {} in {}", x.factors.len(), y.factors.len(), s);
                }
            }
        }
    }

    #[test]
    fn adding_a_dominated_term_changes_nothing(a in expr(), t in term()) {
        // Multiplying by a non-constant term makes something a dominates.
        let small = Expr::from_term(t);
        let big = a.mul(&small.add(&Expr::one()));
        prop_assert_eq!(big.add(&a), big.clone());
    }

    #[test]
    fn renaming_to_fresh_names_and_back_is_identity(a in expr()) {
        let there: BTreeMap<String, String> = NAMES.iter().map(|n| (n.to_string(), format!("{n}_x"))).collect();
        let back: BTreeMap<String, String> = there.iter().map(|(k, v)| (v.clone(), k.clone())).collect();
        prop_assert_eq!(a.rename(&there).rename(&back), a.clone());
        let renamed: Vec<String> = a.sizes().iter().map(|n| there[n].clone()).collect();
        prop_assert_eq!(a.rename(&there).sizes().into_iter().collect::<Vec<_>>(), renamed);
    }

    #[test]
    fn ascii_form_round_trips(a in expr()) {
        let text = a.to_ascii();
        let back = parse_ascii(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back.to_ascii(), text);
        if !a.is_constant() {
            prop_assert_eq!(back, a);
        }
    }

    #[test]
    fn substituting_a_size_by_itself_is_identity(a in expr()) {
        prop_assert_eq!(a.substitute("n", &Expr::size("n")), a.clone());
    }

    #[test]
    fn recurrences_grow_with_their_work(calls in 1u32..5, by in 2u32..4, k in 0u32..3, minus in any::<bool>()) {
        let shrink = if minus { Shrink::MinusOne } else { Shrink::Divide { by } };
        let r = |w: u32| Recurrence { size: "n".into(), calls: Branching::Fixed(calls), shrink: shrink.clone(), work: Expr::power("n", w), memo_states: None };
        let small = solve(&r(k)).total;
        let big = solve(&r(k + 1)).total;
        prop_assert!(big.dominates(&small), "{} vs {}", big, small);
        // The total is never below the work of the first call.
        prop_assert!(small.dominates(&Expr::power("n", k)));
    }
}
