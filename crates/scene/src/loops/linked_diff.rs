//! Which nodes of the linked track changed between two rows: what a renderer highlights the
//! way it highlights changed cells.

use crate::linked::LinkedRow;

/// Ids of the nodes of `now` whose value or links differ from `before` (or that `before`
/// lacks), in `now`'s reading order. Empty when there is no `now`; every node when there is
/// no `before`.
pub(crate) fn changed_nodes(now: Option<&LinkedRow>, before: Option<&LinkedRow>) -> Vec<String> {
    let Some(now) = now else {
        return Vec::new();
    };
    now.nodes
        .iter()
        .filter(|n| {
            before
                .and_then(|b| b.node(&n.id))
                .is_none_or(|old| old.value != n.value || old.links != n.links)
        })
        .map(|n| n.id.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linked::{LinkedNode, NodeLink};

    fn row(nodes: &[(&str, &str, Option<&str>)]) -> LinkedRow {
        LinkedRow {
            step: 0,
            nodes: nodes
                .iter()
                .map(|(id, v, next)| LinkedNode {
                    id: id.to_string(),
                    value: Some(algoscope_trace_format::Value::Prim {
                        type_name: "int".into(),
                        repr: v.to_string(),
                        length: None,
                    }),
                    links: vec![NodeLink {
                        field: "next".into(),
                        targets: next.iter().map(|t| t.to_string()).collect(),
                    }],
                })
                .collect(),
            names: Vec::new(),
            roots: Vec::new(),
            trees: Vec::new(),
            signature: String::new(),
        }
    }

    #[test]
    fn a_flipped_link_a_new_value_and_a_new_node_are_changes() {
        let before = row(&[("a", "1", Some("b")), ("b", "2", None), ("c", "3", None)]);
        let now = row(&[
            ("a", "1", None),
            ("b", "2", None),
            ("c", "4", None),
            ("d", "5", None),
        ]);
        assert_eq!(changed_nodes(Some(&now), Some(&before)), ["a", "c", "d"]);
        assert_eq!(changed_nodes(Some(&before), None), ["a", "b", "c"]);
        assert!(changed_nodes(None, Some(&before)).is_empty());
    }
}
