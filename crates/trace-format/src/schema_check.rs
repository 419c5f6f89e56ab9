//! Checking a document against the trace schema with `jsonschema` (feature `schema-check`),
//! to explain by its JSON path why the types refused it. Without the feature (the viewer's
//! wasm build, where size counts), the types' own error, also with its path, is reported.

use std::sync::OnceLock;

use jsonschema::error::{TypeKind, ValidationErrorKind};
use serde_json::{json, Map, Value};

use crate::error::ValidationError;
use crate::path::JsonPath;
use crate::schema::schema;

/// Checks `document` against the trace schema.
///
/// # Errors
///
/// [`ValidationError::Schema`] for the first mismatch, with its path and a short message
/// (`steps[3].line: expected integer`).
pub(crate) fn check_schema(document: &Value) -> Result<(), ValidationError> {
    let validator = validator();
    if validator.is_valid(document) {
        return Ok(());
    }
    match validator.validate(document) {
        Ok(()) => Ok(()),
        Err(error) => {
            let (pointer, message) = describe(&error);
            Err(ValidationError::Schema {
                path: JsonPath::from_pointer(document, &pointer),
                message,
            })
        }
    }
}

/// Every place `document` does not fit the trace schema, in the schema's order (the first is
/// [`check_schema`]'s error), each once.
pub(crate) fn schema_problems(document: &Value) -> Vec<ValidationError> {
    let mut problems: Vec<ValidationError> = Vec::new();
    for error in validator().iter_errors(document) {
        let (pointer, message) = describe(&error);
        let problem = ValidationError::Schema {
            path: JsonPath::from_pointer(document, &pointer),
            message,
        };
        if !problems.contains(&problem) {
            problems.push(problem);
        }
    }
    problems
}

/// The compiled schema, built on first use.
fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let mut schema = serde_json::to_value(schema()).unwrap_or(Value::Null);
        rewrite_unions(&mut schema);
        jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .build(&schema)
            .expect("the generated trace schema compiles")
    })
}

/// Rewrites `oneOf`s into forms that accept exactly the same documents but are faster to
/// check and give better errors:
///
/// - every branch a `const` (a unit enum) → one `enum`;
/// - every branch an object requiring its own `kind` const (a tagged enum) → `kind` must be one
///   of the tags, and `if kind is T then <branch T>` for each tag, so only the matching branch
///   is checked and its error is the one reported.
fn rewrite_unions(node: &mut Value) {
    match node {
        Value::Object(map) => {
            if let Some(Value::Array(branches)) = map.get("oneOf") {
                if let Some(values) = unit_enum(branches) {
                    map.remove("oneOf");
                    map.insert("enum".to_owned(), Value::Array(values));
                } else if let Some(tags) = tags(branches) {
                    if ["type", "required", "properties", "allOf"]
                        .iter()
                        .all(|k| !map.contains_key(*k))
                    {
                        if let Some(Value::Array(branches)) = map.remove("oneOf") {
                            tag_dispatch(map, tags, branches);
                        }
                    }
                }
            }
            map.values_mut().for_each(rewrite_unions);
        }
        Value::Array(items) => items.iter_mut().for_each(rewrite_unions),
        _ => {}
    }
}

/// The consts of a `oneOf` whose branches are all plain `const`s.
fn unit_enum(branches: &[Value]) -> Option<Vec<Value>> {
    branches
        .iter()
        .map(|branch| {
            let branch = branch.as_object()?;
            let plain = branch
                .keys()
                .all(|k| matches!(k.as_str(), "const" | "type" | "description"));
            let value = branch.get("const")?;
            let typed = match branch.get("type") {
                None => true,
                Some(Value::String(t)) => t == "string" && value.is_string(),
                Some(_) => false,
            };
            (plain && typed).then(|| value.clone())
        })
        .collect()
}

/// The distinct `kind` tags of a `oneOf` whose branches each require `kind` to be a const.
fn tags(branches: &[Value]) -> Option<Vec<Value>> {
    let tags: Vec<Value> = branches
        .iter()
        .map(|branch| {
            let requires_kind = branch
                .get("required")?
                .as_array()?
                .iter()
                .any(|r| r == "kind");
            let tag = branch.get("properties")?.get("kind")?.get("const")?;
            (requires_kind && tag.is_string()).then(|| tag.clone())
        })
        .collect::<Option<_>>()?;
    let distinct = tags.iter().enumerate().all(|(i, t)| !tags[..i].contains(t));
    distinct.then_some(tags)
}

fn tag_dispatch(map: &mut Map<String, Value>, tags: Vec<Value>, branches: Vec<Value>) {
    let cases: Vec<Value> = tags
        .iter()
        .zip(branches)
        .map(|(tag, branch)| {
            json!({
                "if": {"properties": {"kind": {"const": tag}}, "required": ["kind"]},
                "then": branch,
            })
        })
        .collect();
    map.insert("type".to_owned(), json!("object"));
    map.insert("required".to_owned(), json!(["kind"]));
    map.insert(
        "properties".to_owned(),
        json!({"kind": {"type": "string", "enum": tags}}),
    );
    map.insert("allOf".to_owned(), Value::Array(cases));
}

/// The JSON Pointer and a short message for a schema error.
fn describe(error: &jsonschema::ValidationError<'_>) -> (String, String) {
    let pointer = error.instance_path().as_str().to_owned();
    let message = match error.kind() {
        ValidationErrorKind::Type { kind } => format!("expected {}", type_names(kind)),
        ValidationErrorKind::Required { property } => {
            let name = property.as_str().unwrap_or_default();
            return (
                child(&pointer, name),
                "required field is missing".to_owned(),
            );
        }
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            let name = unexpected.first().map(String::as_str).unwrap_or_default();
            return (child(&pointer, name), "unknown field".to_owned());
        }
        ValidationErrorKind::Enum { options } => format!("expected one of {}", one_of(options)),
        ValidationErrorKind::Constant { expected_value } => format!("expected {expected_value}"),
        ValidationErrorKind::Minimum { limit } => {
            format!("{} is less than the minimum {limit}", error.instance())
        }
        ValidationErrorKind::Maximum { limit } => {
            format!("{} is more than the maximum {limit}", error.instance())
        }
        ValidationErrorKind::MinItems { limit } => format!("expected at least {limit} items"),
        ValidationErrorKind::MaxItems { limit } => format!("expected at most {limit} items"),
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            return describe_alternatives(&pointer, context);
        }
        _ => error.masked().to_string(),
    };
    (pointer, message)
}

/// For a value no alternative accepts: the error of the first alternative whose type fits
/// (`{"error": {"type": 5}}` reports `error.type`, not "expected null"), else every type
/// the alternatives allow (`expected object or null`).
fn describe_alternatives(
    pointer: &str,
    context: &[Vec<jsonschema::ValidationError<'static>>],
) -> (String, String) {
    let wrong_type_here = |e: &jsonschema::ValidationError<'_>| {
        e.instance_path().as_str() == pointer
            && matches!(e.kind(), ValidationErrorKind::Type { .. })
    };
    let fitting = context
        .iter()
        .find(|errors| !errors.is_empty() && !errors.iter().any(wrong_type_here));
    if let Some(first) = fitting.and_then(|errors| errors.first()) {
        return describe(first);
    }
    let mut names: Vec<String> = Vec::new();
    for error in context.iter().flatten() {
        if let ValidationErrorKind::Type { kind } = error.kind() {
            if error.instance_path().as_str() == pointer {
                let name = type_names(kind);
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
    }
    let message = if names.is_empty() {
        "matches none of the allowed forms".to_owned()
    } else {
        format!("expected {}", names.join(" or "))
    };
    (pointer.to_owned(), message)
}

fn type_names(kind: &TypeKind) -> String {
    match kind {
        TypeKind::Single(t) => t.to_string(),
        TypeKind::Multiple(set) => set
            .into_iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" or "),
    }
}

fn one_of(options: &Value) -> String {
    match options {
        Value::Array(items) => items
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

/// `pointer` extended by one object key, escaped per RFC 6901.
fn child(pointer: &str, key: &str) -> String {
    format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"))
}
