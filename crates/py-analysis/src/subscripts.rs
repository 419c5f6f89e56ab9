//! Subscripts: which names index which containers, and every two-level `name[row][col]`.

use std::collections::{BTreeMap, BTreeSet};

use algoscope_trace_format::GridAccess;
use ruff_python_ast::visitor::{walk_expr, walk_pattern, walk_stmt, Visitor};
use ruff_python_ast::{Expr, ExprSubscript, ModModule, Pattern, Stmt, TypeParams};
use ruff_text_size::{Ranged, TextSize};

use crate::source::SourceText;
use crate::stack::with_stack;

/// What the subscripts of a program say.
#[derive(Debug, Default)]
pub(crate) struct Subscripts {
    /// Container → sorted, deduplicated names used in its subscripts.
    pub(crate) index_names: BTreeMap<String, Vec<String>>,
    /// Every `name[row][col]` that picks one cell (neither index is a slice), in source
    /// order.
    pub(crate) grid_accesses: Vec<GridAccess>,
}

/// Collects the subscripts of the program's code.
///
/// Type expressions are skipped, because `list[int]` indexes nothing: annotations, `type`
/// statements, type parameter lists and class bases (`class Stack(Generic[T])`).
///
/// A container is a name, a dotted attribute chain (`self.items`), or one level of either
/// subscripted (`grid[i]` is the container `grid[]` in `grid[i][j]`); deeper levels and
/// other expressions (`f()[i]`) are not containers. A container indexed only by constants
/// is still listed, with no names, because it is indexed in the code.
pub(crate) fn subscripts(module: &ModModule, source: &SourceText) -> Subscripts {
    let mut collector = SubscriptCollector {
        source,
        names: BTreeMap::new(),
        grids: Vec::new(),
    };
    collector.visit_body(&module.body);
    collector.grids.sort_by_key(|(start, _)| *start);
    Subscripts {
        index_names: collector
            .names
            .into_iter()
            .map(|(container, names)| (container, names.into_iter().collect()))
            .collect(),
        grid_accesses: collector.grids.into_iter().map(|(_, grid)| grid).collect(),
    }
}

struct SubscriptCollector<'s, 'a> {
    source: &'s SourceText<'a>,
    names: BTreeMap<String, BTreeSet<String>>,
    /// Grid accesses with their start offset (bytes), sorted at the end because the walk
    /// visits an assignment's value before its targets.
    grids: Vec<(TextSize, GridAccess)>,
}

impl SubscriptCollector<'_, '_> {
    fn subscript(&mut self, node: &ExprSubscript) {
        let Some(container) = container(&node.value) else {
            return;
        };
        let names = self.names.entry(container.key).or_default();
        names.extend(
            index_names(&node.slice)
                .into_iter()
                .filter(|name| *name != container.root)
                .map(str::to_string),
        );
        if let Expr::Subscript(row) = node.value.as_ref() {
            let is_cell = !row.slice.is_slice_expr() && !node.slice.is_slice_expr();
            if let Some(name) = dotted_name(&row.value).filter(|_| is_cell) {
                let access = GridAccess {
                    name: name.join("."),
                    line: self.source.line(node.start()),
                    row: self.source.slice(row.slice.range()).to_string(),
                    col: self.source.slice(node.slice.range()).to_string(),
                };
                self.grids.push((node.start(), access));
            }
        }
    }
}

impl<'a> Visitor<'a> for SubscriptCollector<'_, '_> {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        match stmt {
            Stmt::TypeAlias(_) => {}
            Stmt::ClassDef(class) => {
                for decorator in &class.decorator_list {
                    self.visit_decorator(decorator);
                }
                self.visit_body(&class.body);
            }
            _ => with_stack(|| walk_stmt(self, stmt)),
        }
    }

    fn visit_annotation(&mut self, _annotation: &'a Expr) {}

    fn visit_type_params(&mut self, _type_params: &'a TypeParams) {}

    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Subscript(node) = expr {
            self.subscript(node);
        }
        with_stack(|| walk_expr(self, expr));
    }

    fn visit_pattern(&mut self, pattern: &'a Pattern) {
        with_stack(|| walk_pattern(self, pattern));
    }
}

/// A subscripted expression that counts as a container.
struct Container<'a> {
    /// `arr`, `self.items`, `grid[]`.
    key: String,
    /// The name the chain starts from (`arr`, `self`, `grid`): never an index of itself.
    root: &'a str,
}

fn container(value: &Expr) -> Option<Container<'_>> {
    let (parts, nested) = match value {
        Expr::Subscript(inner) => (dotted_name(&inner.value)?, true),
        _ => (dotted_name(value)?, false),
    };
    let root = *parts.first()?;
    let mut key = parts.join(".");
    if nested {
        key.push_str("[]");
    }
    Some(Container { key, root })
}

/// `a.b.c` as `["a", "b", "c"]`; `None` for anything but a name or a chain of attributes on
/// a name, or when a part is missing (error recovery leaves empty names).
fn dotted_name(expr: &Expr) -> Option<Vec<&str>> {
    let mut parts = Vec::new();
    let mut current = expr;
    loop {
        match current {
            Expr::Attribute(attribute) => {
                parts.push(attribute.attr.as_str());
                current = &attribute.value;
            }
            Expr::Name(name) => {
                parts.push(name.id.as_str());
                break;
            }
            _ => return None,
        }
    }
    if parts.iter().any(|part| part.is_empty()) {
        return None;
    }
    parts.reverse();
    Some(parts)
}

/// Every name read inside a subscript's brackets, except the functions called there
/// (`len` in `arr[len(arr) - 1]`, `math.floor` in `arr[math.floor(x)]`).
fn index_names(slice: &Expr) -> Vec<&str> {
    let mut collector = NameCollector { names: Vec::new() };
    collector.visit_expr(slice);
    collector.names
}

struct NameCollector<'a> {
    names: Vec<&'a str>,
}

impl<'a> Visitor<'a> for NameCollector<'a> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Name(name) if !name.id.as_str().is_empty() => self.names.push(name.id.as_str()),
            Expr::Call(call) => {
                if dotted_name(&call.func).is_none() {
                    self.visit_expr(&call.func);
                }
                self.visit_arguments(&call.arguments);
            }
            _ => with_stack(|| walk_expr(self, expr)),
        }
    }
}
