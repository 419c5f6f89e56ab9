//! Reading attributes of our SVG in tests (shared by the test crates that parse it).

/// The numeric attribute `name` of `node`. Panics when it is missing or not a number.
pub fn num(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("missing numeric {name}"))
}

/// Whether `node`'s `class` attribute lists `class`.
pub fn has_class(node: roxmltree::Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|x| x == class))
}
