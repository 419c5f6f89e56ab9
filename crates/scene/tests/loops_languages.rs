//! The same algorithm gives the same loop-history rows in Python, JavaScript and TypeScript.
//!
//! Rows are compared pass by pass (depth, run, pass number, changed flag), with every
//! container the three languages all show (names compared without underscores or case:
//! `next_node` is `nextNode`) with its changed and moved cells, the value of every scalar
//! bound in each language at that row, and the pointers of such scalars. (A scalar's own
//! changed mark is not compared: whether it was bound in the row before differs.) Language-specific value texts are normalised first: quotes
//! dropped, `True`/`False`/`None` written `true`/`false`/`null`, set members sorted (a Python
//! set's order is its hash order). What is left out is what the languages really differ in:
//! a Python loop variable outlives its loop while a JavaScript `let` does not, and Python's
//! `graph[node]` is an index where JavaScript's `graph.get(node)` is a call. Linked rows
//! (node values, links and the names on nodes) are compared whole, with the nodes marked
//! changed; so are the graphs each row holds (nodes, visited, queue order, current node).

use std::collections::{BTreeMap, BTreeSet};

use algoscope_scene::{
    loop_scene, LoopItem, LoopRow, LoopScene, LoopSceneOptions, RowContainer, RowContent,
};
use algoscope_test_support::loops::{
    container_text, golden, linked_text, main_run, plain_name, ALGORITHMS, LANGUAGES,
};

fn normal(text: &str) -> String {
    let unquoted: String = text.chars().filter(|c| *c != '\'' && *c != '"').collect();
    match unquoted.as_str() {
        "True" => "true".to_string(),
        "False" => "false".to_string(),
        "None" | "undefined" => "null".to_string(),
        _ => unquoted,
    }
}

/// A container's text with normalised values and, for a set, members in sorted order.
fn normal_container(c: &RowContainer) -> String {
    let mut c = c.clone();
    c.name = plain_name(&c.name);
    match &mut c.content {
        RowContent::Sequence(s) => {
            for cell in &mut s.cells {
                cell.text = normal(&cell.text);
            }
            if s.type_name.to_lowercase().contains("set") {
                s.cells.sort_by(|a, b| a.text.cmp(&b.text));
            }
            s.type_name.clear();
        }
        RowContent::Dict(d) => {
            for e in &mut d.entries {
                e.key_text = normal(&e.key_text);
                e.text = normal(&e.text);
            }
        }
        RowContent::Grid(g) => {
            for cell in g.rows.iter_mut().flatten() {
                cell.text = normal(&cell.text);
            }
        }
        RowContent::Absent => {}
    }
    container_text(&c)
}

/// A row reduced to what the languages share.
#[derive(Debug, PartialEq)]
struct Shared {
    at: (u32, u64, u64, bool),
    containers: BTreeMap<String, String>,
    scalars: BTreeMap<String, String>,
    pointers: BTreeSet<String>,
    linked: Option<String>,
    /// The values of the linked nodes highlighted as changed.
    linked_changes: Vec<String>,
    /// Each graph's state: its nodes, then the visited nodes (sorted), the queue in order
    /// and the current nodes (sorted).
    graphs: Vec<String>,
}

/// A graph's state in one row, by node keys (normalised across languages by the scene).
fn graph_text(g: &algoscope_scene::SceneGraph) -> String {
    let mut visited = g.overlay.visited.clone();
    visited.sort();
    let queue: Vec<String> = g
        .overlay
        .queue
        .iter()
        .flat_map(|q| &q.nodes)
        .map(|n| format!("{}#{}", n.node, n.position))
        .collect();
    let mut current: Vec<&str> = g
        .overlay
        .pointers
        .iter()
        .filter(|p| p.current)
        .map(|p| p.node.as_str())
        .collect();
    current.sort();
    let nodes: Vec<&str> = g.nodes.iter().map(|n| n.key.as_str()).collect();
    format!("nodes {nodes:?} visited {visited:?} queue {queue:?} current {current:?}")
}

fn bound(row: &LoopRow) -> BTreeSet<String> {
    row.scalars
        .iter()
        .filter(|s| s.value.is_some())
        .map(|s| plain_name(&s.name))
        .collect()
}

fn shared(row: &LoopRow, containers: &BTreeSet<String>, scalars: &BTreeSet<String>) -> Shared {
    Shared {
        at: (row.depth, row.run, row.iteration, row.changed),
        containers: row
            .containers
            .iter()
            .filter(|c| containers.contains(&plain_name(&c.name)))
            .map(|c| (plain_name(&c.name), normal_container(c)))
            .collect(),
        scalars: row
            .scalars
            .iter()
            .filter(|s| scalars.contains(&plain_name(&s.name)))
            .map(|s| (plain_name(&s.name), normal(&s.text)))
            .collect(),
        pointers: row
            .pointers
            .iter()
            .filter(|p| scalars.contains(&plain_name(&p.name)))
            .map(|p| {
                format!(
                    "{}→{}[{:?} {}]",
                    plain_name(&p.name),
                    plain_name(&p.container),
                    p.axis,
                    p.index
                )
            })
            .collect(),
        linked: row.linked.as_ref().map(|l| {
            let text = linked_text(l, row.linked_changed);
            let names: Vec<String> = text
                .split(' ')
                .map(|part| match part.split_once('@') {
                    Some((name, node)) => format!("{}@{node}", plain_name(name)),
                    None => part.to_string(),
                })
                .collect();
            names.join(" ")
        }),
        linked_changes: row
            .linked
            .as_ref()
            .map(|l| {
                row.linked_changes
                    .iter()
                    .map(|id| match l.node(id).and_then(|n| n.value.as_ref()) {
                        Some(algoscope_trace_format::Value::Prim { repr, .. }) => normal(repr),
                        _ => id.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
        graphs: row.graphs.iter().map(graph_text).collect(),
    }
}

/// The kinds of items in order: `header 1`, `row 0 3`, `quiet 1 4`, `gap 0 9`.
fn shape(scene: &LoopScene) -> Vec<String> {
    scene
        .items
        .iter()
        .map(|item| match item {
            LoopItem::RunHeader(h) => format!("header {} run {}", h.depth, h.run),
            LoopItem::Row(r) => format!("row {} pass {}", r.depth, r.iteration),
            LoopItem::Quiet(q) => format!("quiet {} {:?}", q.depth, q.iterations),
            LoopItem::Gap(g) => format!("gap {} {}", g.depth, g.passes),
            LoopItem::Dropped(d) => format!("dropped {}", d.rows),
        })
        .collect()
}

#[test]
fn same_rows_in_python_javascript_and_typescript() {
    let options = LoopSceneOptions {
        whole_run: true,
        ..LoopSceneOptions::default()
    };
    for (example, func) in ALGORITHMS {
        let scenes: Vec<(&str, LoopScene)> = LANGUAGES
            .iter()
            .map(|language| {
                let trace = golden(language, example);
                let (_, step) = main_run(&trace, func);
                let scene = loop_scene(&trace, step, &options).unwrap().unwrap();
                (*language, scene)
            })
            .collect();
        let common = |names: &dyn Fn(&LoopScene) -> Vec<String>| -> BTreeSet<String> {
            let mut sets = scenes.iter().map(|(_, s)| {
                names(s)
                    .iter()
                    .map(|n| plain_name(n))
                    .collect::<BTreeSet<_>>()
            });
            let first = sets.next().unwrap_or_default();
            sets.fold(first, |acc, s| acc.intersection(&s).cloned().collect())
        };
        let containers = common(&|s| s.containers.iter().map(|c| c.name.clone()).collect());
        let scalars = common(&|s| s.scalars.clone());
        let linked = scenes.iter().all(|(_, s)| s.linked.is_some());
        assert!(
            !containers.is_empty() || !scalars.is_empty() || linked,
            "{example}: nothing shared"
        );
        assert!(
            scenes.iter().all(|(_, s)| s.rows().count() >= 3),
            "{example}: rows to compare"
        );

        // The structures drawn per row are there to compare.
        let holds =
            |pred: &dyn Fn(&LoopRow) -> bool| scenes.iter().all(|(_, s)| s.rows().any(pred));
        if *example == "bfs_dfs" {
            assert!(
                holds(&|r| !r.graphs.is_empty()),
                "{example}: graphs in rows"
            );
        }
        if *example == "linked_list" {
            assert!(
                holds(&|r| !r.linked_changes.is_empty()),
                "{example}: changed nodes in rows"
            );
        }
        let (base_language, base) = &scenes[0];
        for (language, scene) in &scenes[1..] {
            assert_eq!(
                shape(base),
                shape(scene),
                "{example}: {base_language} vs {language}"
            );
            for (a, b) in base.rows().zip(scene.rows()) {
                let both: BTreeSet<String> = bound(a)
                    .intersection(&bound(b))
                    .filter(|n| scalars.contains(*n))
                    .cloned()
                    .collect();
                assert_eq!(
                    shared(a, &containers, &both),
                    shared(b, &containers, &both),
                    "{example}: {base_language} vs {language}, row {} pass {}",
                    a.depth,
                    a.iteration
                );
            }
        }
    }
}
