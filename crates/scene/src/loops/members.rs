//! A set's members in one order on every row: a set has no positions, so the loop view
//! compares sets by membership and draws their members sorted (numbers by value, then
//! everything else by its text). A set whose iteration order changed between two passes
//! (Python's hash order after a resize) then draws the same, and nothing seems to move.

use std::cmp::Ordering;

use algoscope_trace_format::Value;

use super::snapshot::{Held, HeldBy};
use super::types::{ContainerKind, RowCell};

/// Whether a container variable holds the same thing at two steps: the same object with the
/// same content, where a whole set (not a window of one) is the same when it has the same
/// members in any order.
pub(crate) fn same_held(a: Option<&HeldBy>, b: Option<&HeldBy>) -> bool {
    let (Some(a), Some(b)) = (a, b) else {
        return a == b;
    };
    type Members<'h> = Option<(&'h Vec<Value>, &'h Vec<Option<Vec<Value>>>)>;
    fn members(h: &Held) -> Members<'_> {
        match h {
            Held::Sequence {
                kind: ContainerKind::Set,
                offset: 0,
                length,
                items,
                deep,
                ..
            } if *length == items.len() as u64 => Some((items, deep)),
            _ => None,
        }
    }
    match (members(&a.held), members(&b.held)) {
        (Some((ia, da)), Some((ib, db))) => {
            a.id == b.id
                && ia.len() == ib.len()
                && ia.iter().zip(da).all(|m| ib.iter().zip(db).any(|n| n == m))
        }
        _ => a == b,
    }
}

/// The number a primitive member holds, when it is one (`3`, `-2.5`, `10n`).
fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Prim { repr, .. } => repr.trim_end_matches('n').parse().ok(),
        _ => None,
    }
}

/// The order of two members: numbers first, by value; then the rest by text.
fn member_cmp(a: &RowCell, b: &RowCell) -> Ordering {
    match (number(&a.value), number(&b.value)) {
        (Some(x), Some(y)) => x.total_cmp(&y).then_with(|| a.text.cmp(&b.text)),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a.text.cmp(&b.text),
    }
}

/// Sorts a set's member cells into the loop view's order (stable for equal texts).
pub(crate) fn sort_members(cells: &mut [RowCell]) {
    cells.sort_by(member_cmp);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(type_name: &str, repr: &str) -> RowCell {
        RowCell {
            value: Value::prim(type_name, repr),
            text: repr.to_string(),
            changed: false,
            from: None,
        }
    }

    fn texts(cells: &[RowCell]) -> Vec<&str> {
        cells.iter().map(|c| c.text.as_str()).collect()
    }

    #[test]
    fn numbers_sort_by_value_before_other_members_sorted_by_text() {
        let mut cells = vec![
            cell("str", "'b'"),
            cell("int", "10"),
            cell("str", "'a'"),
            cell("int", "9"),
            cell("float", "-2.5"),
            cell("bigint", "3n"),
        ];
        sort_members(&mut cells);
        assert_eq!(texts(&cells), ["-2.5", "3n", "9", "10", "'a'", "'b'"]);
    }

    fn set(id: &str, items: &[&str]) -> HeldBy {
        HeldBy {
            id: id.to_string(),
            held: Held::Sequence {
                kind: ContainerKind::Set,
                type_name: "set".to_string(),
                offset: 0,
                length: items.len() as u64,
                items: items.iter().map(|t| Value::prim("str", *t)).collect(),
                deep: vec![None; items.len()],
            },
        }
    }

    #[test]
    fn a_set_is_the_same_with_the_same_members_in_another_order() {
        let (a, b) = (set("o1", &["A", "B", "C"]), set("o1", &["C", "A", "B"]));
        assert!(same_held(Some(&a), Some(&b)));
        assert!(!same_held(Some(&a), Some(&set("o1", &["A", "B"]))));
        assert!(!same_held(Some(&a), Some(&set("o1", &["A", "B", "D"]))));
        assert!(!same_held(Some(&a), Some(&set("o2", &["A", "B", "C"]))));
        assert!(!same_held(Some(&a), None));
        assert!(same_held(None, None));
        // A list keeps its order.
        let list = |items: &[&str]| {
            let mut h = set("o1", items);
            if let Held::Sequence { kind, .. } = &mut h.held {
                *kind = ContainerKind::List;
            }
            h
        };
        assert!(!same_held(
            Some(&list(&["A", "B"])),
            Some(&list(&["B", "A"]))
        ));
    }

    #[test]
    fn two_iteration_orders_of_one_set_give_one_order() {
        let mut a = vec![cell("str", "'C'"), cell("str", "'A'"), cell("str", "'B'")];
        let mut b = vec![cell("str", "'B'"), cell("str", "'C'"), cell("str", "'A'")];
        sort_members(&mut a);
        sort_members(&mut b);
        assert_eq!(a, b);
    }
}
