//! The tracers' record stream (`runtimes/PROTOCOL.md`), read into typed records.
//!
//! One JSON object per line. A step record holds only what changed since the previous step
//! (frames, locals, heap objects, loop contexts, output length), in short keys; values are
//! compact (`3`, `true`, `null`, `"o12"` for a reference, `["str", "'a'"]`). Turning records
//! into trace-format values lives here; keeping the state between steps is `assemble.rs`.

use algoscope_trace_format::{
    Class, ExceptionInfo, Function, Generator, HeapObject, Instance, Mapping, Sequence,
    SingleValue, Value,
};
use serde::Deserialize;
use serde_json::Value as Json;

/// One line of the record stream. Exactly one group of fields is set: a step's, `out`, `end`,
/// `syntax`, `counts` or `fatal`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Record {
    /// Step: event name; absent for `line`.
    #[serde(default)]
    pub e: Option<String>,
    /// Step: the line of the event.
    #[serde(default)]
    pub l: Option<u32>,
    /// Step: how many frame ids of the previous step's order stay (a prefix).
    #[serde(default)]
    pub fp: Option<usize>,
    /// Step: frame ids that follow the kept prefix.
    #[serde(default)]
    pub fa: Option<Vec<String>>,
    /// Step: frames that are new or changed.
    #[serde(default)]
    pub f: Option<Vec<FrameUpdate>>,
    /// Step: heap objects that are new or changed, by id.
    #[serde(default)]
    pub h: Option<serde_json::Map<String, Json>>,
    /// Step: ids alive now and not at the previous step.
    #[serde(default)]
    pub ha: Option<Vec<String>>,
    /// Step: ids alive at the previous step and not now.
    #[serde(default)]
    pub hr: Option<Vec<String>>,
    /// Step: every active loop, `[frame, loop, instance, iteration(, call)]`, when changed.
    #[serde(default)]
    pub lp: Option<Vec<Json>>,
    /// Step: characters printed so far, when changed.
    #[serde(default)]
    pub n: Option<u64>,
    /// Step: `[line, [ids]]` when something was printed since the previous step.
    #[serde(default)]
    pub o: Option<(u32, Vec<String>)>,
    /// Step: the returned or yielded value.
    #[serde(default)]
    pub r: Option<Json>,
    /// Step: the exception passing through.
    #[serde(default)]
    pub x: Option<ExceptionRecord>,
    /// Step: events run just before it without being recorded.
    #[serde(default)]
    pub sk: Option<u64>,
    /// Text printed (appended to stdout in order).
    #[serde(default)]
    pub out: Option<String>,
    /// The run's end.
    #[serde(default)]
    pub end: Option<End>,
    /// Counts so far (sent now and then, so a killed run keeps them).
    #[serde(default)]
    pub counts: Option<CountsRecord>,
    /// The program does not compile.
    #[serde(default)]
    pub syntax: Option<algoscope_trace_format::SyntaxError>,
    /// The tracer itself failed.
    #[serde(default)]
    pub fatal: Option<String>,
}

/// A frame that is new or changed since the previous step.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FrameUpdate {
    /// Frame id.
    pub i: String,
    /// Function name (first time only).
    #[serde(default)]
    pub r#fn: Option<String>,
    /// Current line, when changed.
    #[serde(default)]
    pub ln: Option<u32>,
    /// Every local, when the names changed.
    #[serde(default)]
    pub lv: Option<Vec<(String, Json)>>,
    /// Locals whose value changed (same names, same order).
    #[serde(default)]
    pub ls: Option<Vec<(String, Json)>>,
    /// `active` or `suspended`, when changed.
    #[serde(default)]
    pub st: Option<String>,
}

/// An exception passing through a frame.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExceptionRecord {
    /// Type name.
    #[serde(rename = "type")]
    pub type_name: String,
    /// Message.
    pub message: String,
}

/// The last record of a run that ended by itself.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(crate) struct End {
    /// Events and calls over the whole run.
    #[serde(default)]
    pub counts: Option<CountsRecord>,
    /// Whether some loop was sampled.
    #[serde(default)]
    pub sampled: bool,
    /// The program's uncaught error.
    #[serde(default)]
    pub error: Option<ErrorRecord>,
    /// Stopped by a budget.
    #[serde(default)]
    pub truncated: bool,
    /// Which budget (`steps` or `time`).
    #[serde(default)]
    pub stopped_by: Option<String>,
}

/// Counts: every event, and per function `[calls, deepest recursion]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CountsRecord {
    /// Events produced, recorded or not.
    pub events: u64,
    /// Function name → `[calls, max depth]`.
    pub functions: std::collections::BTreeMap<String, (u64, u64)>,
}

/// The uncaught error.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ErrorRecord {
    /// Type name.
    #[serde(rename = "type")]
    pub type_name: String,
    /// Message.
    pub message: String,
    /// Line in the program, when known.
    #[serde(default)]
    pub line: Option<u32>,
}

/// A wire value or object that does not have the shape `PROTOCOL.md` gives.
#[derive(Debug, thiserror::Error)]
#[error("{what}: {found}")]
pub(crate) struct WireError {
    what: &'static str,
    found: String,
}

impl WireError {
    /// `what` was expected; `found` is what came (shortened to 80 bytes).
    pub(crate) fn new(what: &'static str, found: &str) -> Self {
        let mut text = found.to_string();
        if text.len() > 80 {
            let mut cut = 80;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text.truncate(cut);
            text.push('…');
        }
        WireError { what, found: text }
    }
}

fn bad(what: &'static str, found: &Json) -> WireError {
    WireError::new(what, &found.to_string())
}

/// A wire value as a trace-format [`Value`].
pub(crate) fn value(json: &Json) -> Result<Value, WireError> {
    match json {
        Json::Null => Ok(Value::prim("NoneType", "None")),
        Json::Bool(b) => Ok(Value::prim("bool", if *b { "True" } else { "False" })),
        Json::Number(n) if n.is_i64() || n.is_u64() => Ok(Value::prim("int", n.to_string())),
        Json::String(id) => Ok(Value::reference(id.clone())),
        Json::Array(parts) => match parts.as_slice() {
            [Json::String(t), Json::String(repr)] => Ok(Value::prim(t.clone(), repr.clone())),
            [Json::String(t), Json::String(repr), Json::Number(length)] => Ok(Value::Prim {
                type_name: t.clone(),
                repr: repr.clone(),
                length: Some(length.as_u64().ok_or_else(|| bad("string length", json))?),
            }),
            _ => Err(bad("primitive", json)),
        },
        Json::Object(map) => match map.get("u") {
            Some(Json::String(reason)) if map.len() == 1 => Ok(Value::Unreadable {
                reason: reason.clone(),
            }),
            _ => Err(bad("value", json)),
        },
        Json::Number(_) => Err(bad("integer", json)),
    }
}

/// `[name, value]` pairs as trace-format bindings.
pub(crate) fn bindings(pairs: &[(String, Json)]) -> Result<Vec<(String, Value)>, WireError> {
    pairs
        .iter()
        .map(|(name, v)| Ok((name.clone(), value(v)?)))
        .collect()
}

fn field<'a>(map: &'a serde_json::Map<String, Json>, key: &str) -> Option<&'a Json> {
    map.get(key)
}

fn text(
    map: &serde_json::Map<String, Json>,
    key: &str,
    default: &str,
) -> Result<String, WireError> {
    match field(map, key) {
        None => Ok(default.to_string()),
        Some(Json::String(s)) => Ok(s.clone()),
        Some(other) => Err(bad("text field", other)),
    }
}

fn number(map: &serde_json::Map<String, Json>, key: &str) -> Result<Option<u64>, WireError> {
    match field(map, key) {
        None => Ok(None),
        Some(n) => n.as_u64().map(Some).ok_or_else(|| bad("count", n)),
    }
}

fn values(json: Option<&Json>) -> Result<Vec<Value>, WireError> {
    match json {
        None => Ok(Vec::new()),
        Some(Json::Array(items)) => items.iter().map(value).collect(),
        Some(other) => Err(bad("item list", other)),
    }
}

fn pairs(json: Option<&Json>) -> Result<Vec<(String, Value)>, WireError> {
    match json {
        None => Ok(Vec::new()),
        Some(Json::Array(items)) => items
            .iter()
            .map(|item| match item.as_array().map(Vec::as_slice) {
                Some([Json::String(name), v]) => Ok((name.clone(), value(v)?)),
                _ => Err(bad("[name, value] pair", item)),
            })
            .collect(),
        Some(other) => Err(bad("pair list", other)),
    }
}

fn strings(json: Option<&Json>) -> Result<Vec<String>, WireError> {
    match json {
        None => Ok(Vec::new()),
        Some(Json::Array(items)) => items
            .iter()
            .map(|item| {
                item.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| bad("name", item))
            })
            .collect(),
        Some(other) => Err(bad("name list", other)),
    }
}

/// A wire heap object as a trace-format [`HeapObject`].
pub(crate) fn object(json: &Json) -> Result<HeapObject, WireError> {
    let map = json.as_object().ok_or_else(|| bad("heap object", json))?;
    let kind = text(map, "k", "")?;
    let sequence = |default: &str| -> Result<Sequence, WireError> {
        Ok(Sequence {
            type_name: text(map, "t", default)?,
            items: values(field(map, "i"))?,
            length: number(map, "n")?.unwrap_or(0),
            offset: number(map, "o")?.unwrap_or(0),
            size_bytes: number(map, "b")?,
        })
    };
    Ok(match kind.as_str() {
        "list" => HeapObject::List(sequence("list")?),
        "tuple" => HeapObject::Tuple(sequence("tuple")?),
        "set" => HeapObject::Set(sequence("set")?),
        "dict" => {
            let entries = match field(map, "e") {
                Some(Json::Array(items)) => items
                    .iter()
                    .map(|item| match item.as_array().map(Vec::as_slice) {
                        Some([k, v]) => Ok((value(k)?, value(v)?)),
                        _ => Err(bad("[key, value] entry", item)),
                    })
                    .collect::<Result<Vec<_>, _>>()?,
                None => Vec::new(),
                Some(other) => return Err(bad("entry list", other)),
            };
            HeapObject::Dict(Mapping {
                type_name: text(map, "t", "dict")?,
                entries,
                length: number(map, "n")?.unwrap_or(0),
                size_bytes: number(map, "b")?,
            })
        }
        "instance" => HeapObject::Instance(Instance {
            type_name: text(map, "t", "object")?,
            fields: pairs(field(map, "f"))?,
            size_bytes: number(map, "b")?,
        }),
        "function" => HeapObject::Function(Function {
            name: text(map, "name", "function")?,
            params: strings(field(map, "p"))?,
            captured: pairs(field(map, "c"))?,
            line: number(map, "line")?.and_then(|l| u32::try_from(l).ok()),
        }),
        "class" => HeapObject::Class(Class {
            name: text(map, "name", "class")?,
            bases: strings(field(map, "bases"))?,
            fields: pairs(field(map, "f"))?,
        }),
        "generator" => HeapObject::Generator(Generator {
            type_name: text(map, "t", "generator")?,
            name: text(map, "name", "generator")?,
            state: text(map, "state", "created")?,
            frame: match field(map, "frame") {
                None => None,
                Some(Json::String(f)) => Some(f.clone()),
                Some(other) => return Err(bad("frame id", other)),
            },
        }),
        "value" => HeapObject::Value(SingleValue {
            type_name: text(map, "t", "object")?,
            repr: text(map, "r", "")?,
            length: number(map, "len")?,
        }),
        _ => return Err(bad("object kind", json)),
    })
}

/// An exception record as trace-format [`ExceptionInfo`].
pub(crate) fn exception(record: ExceptionRecord) -> ExceptionInfo {
    ExceptionInfo {
        type_name: record.type_name,
        message: record.message,
    }
}
