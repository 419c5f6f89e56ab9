//! Values and heap objects for the fast reader, to the rules of their serde deserializers
//! (`de.rs`): a known `kind`, each field at most once, only that kind's fields, the required
//! ones present. Sequences and instances are read here; other kinds are cut out and read by
//! serde.

use crate::types::{Binding, HeapObject, Instance, Sequence, Value};

use super::cursor::Cursor;
use super::{bindings, first};

const KIND: u16 = 1;
const TYPE: u16 = 1 << 1;
const REPR: u16 = 1 << 2;
const LENGTH: u16 = 1 << 3;
const ID: u16 = 1 << 4;
const REASON: u16 = 1 << 5;

/// What a value's `kind` says.
#[derive(Clone, Copy)]
enum ValueKind {
    Prim,
    Ref,
    Unreadable,
}

/// A [`Value`] object.
pub(super) fn value(c: &mut Cursor<'_>) -> Option<Value> {
    let mut seen = 0u16;
    let mut kind = None;
    let (mut text_a, mut text_b) = (None, None); // type / id / reason, then repr
    let mut length = None;
    c.object(|c, key| {
        match key {
            "kind" => {
                first(&mut seen, KIND)?;
                kind = Some(match c.plain_str()? {
                    "prim" => ValueKind::Prim,
                    "ref" => ValueKind::Ref,
                    "unreadable" => ValueKind::Unreadable,
                    _ => return None,
                });
            }
            "type" => {
                first(&mut seen, TYPE)?;
                text_a = Some(c.string()?.into_owned());
            }
            "id" => {
                first(&mut seen, ID)?;
                text_a = Some(c.string()?.into_owned());
            }
            "reason" => {
                first(&mut seen, REASON)?;
                text_a = Some(c.string()?.into_owned());
            }
            "repr" => {
                first(&mut seen, REPR)?;
                text_b = Some(c.string()?.into_owned());
            }
            "length" => {
                first(&mut seen, LENGTH)?;
                length = if c.try_null() { None } else { Some(c.u64()?) };
            }
            _ => return None,
        }
        Some(())
    })?;
    // Each kind's own fields, and nothing else (kind itself is required).
    let (allowed, required) = match kind? {
        ValueKind::Prim => (KIND | TYPE | REPR | LENGTH, KIND | TYPE | REPR),
        ValueKind::Ref => (KIND | ID, KIND | ID),
        ValueKind::Unreadable => (KIND | REASON, KIND | REASON),
    };
    if seen & !allowed != 0 || seen & required != required {
        return None;
    }
    Some(match kind? {
        ValueKind::Prim => Value::Prim {
            type_name: text_a?,
            repr: text_b?,
            length,
        },
        ValueKind::Ref => Value::Ref { id: text_a? },
        ValueKind::Unreadable => Value::Unreadable { reason: text_a? },
    })
}

/// The fields of a sequence or an instance, as read.
#[derive(Default)]
struct Fields {
    seen: u16,
    kind: Option<ObjectKind>,
    type_name: Option<String>,
    items: Option<Vec<Value>>,
    length: Option<u64>,
    offset: Option<u64>,
    size_bytes: Option<u64>,
    fields: Option<Vec<Binding>>,
}

#[derive(Clone, Copy)]
enum ObjectKind {
    List,
    Tuple,
    Set,
    Instance,
}

const ITEMS: u16 = 1 << 6;
const OFFSET: u16 = 1 << 7;
const SIZE_BYTES: u16 = 1 << 8;
const FIELDS: u16 = 1 << 9;

/// A [`HeapObject`]: a sequence or an instance read here, any other kind read by serde.
pub(super) fn heap_object(c: &mut Cursor<'_>) -> Option<HeapObject> {
    c.ws();
    let start = c.pos();
    match read_fields(c).and_then(build) {
        Some(object) => Some(object),
        None => {
            // Another kind, or something to refuse: serde decides.
            c.seek(start);
            c.skip_value()?;
            serde_json::from_str(c.since(start)).ok()
        }
    }
}

/// The fields of a sequence or an instance; `None` at any other field or kind.
fn read_fields(c: &mut Cursor<'_>) -> Option<Fields> {
    let mut f = Fields::default();
    c.object(|c, key| {
        match key {
            "kind" => {
                first(&mut f.seen, KIND)?;
                f.kind = Some(match c.plain_str()? {
                    "list" => ObjectKind::List,
                    "tuple" => ObjectKind::Tuple,
                    "set" => ObjectKind::Set,
                    "instance" => ObjectKind::Instance,
                    _ => return None,
                });
            }
            "typeName" => {
                first(&mut f.seen, TYPE)?;
                f.type_name = Some(c.string()?.into_owned());
            }
            "items" => {
                first(&mut f.seen, ITEMS)?;
                let mut items = Vec::new();
                c.array(|c| {
                    items.push(value(c)?);
                    Some(())
                })?;
                f.items = Some(items);
            }
            "length" => {
                first(&mut f.seen, LENGTH)?;
                // A sequence's length may not be null (serde refuses it too).
                f.length = Some(c.u64()?);
            }
            "offset" => {
                first(&mut f.seen, OFFSET)?;
                f.offset = Some(c.u64()?);
            }
            "sizeBytes" => {
                first(&mut f.seen, SIZE_BYTES)?;
                f.size_bytes = if c.try_null() { None } else { Some(c.u64()?) };
            }
            "fields" => {
                first(&mut f.seen, FIELDS)?;
                f.fields = Some(bindings(c)?);
            }
            _ => return None,
        }
        Some(())
    })?;
    Some(f)
}

fn build(f: Fields) -> Option<HeapObject> {
    let sequence = |f: Fields| -> Option<Sequence> {
        let allowed = KIND | TYPE | ITEMS | LENGTH | OFFSET | SIZE_BYTES;
        if f.seen & !allowed != 0 {
            return None;
        }
        Some(Sequence {
            type_name: f.type_name?,
            items: f.items?,
            length: f.length?,
            offset: f.offset.unwrap_or_default(),
            size_bytes: f.size_bytes,
        })
    };
    Some(match f.kind? {
        ObjectKind::List => HeapObject::List(sequence(f)?),
        ObjectKind::Tuple => HeapObject::Tuple(sequence(f)?),
        ObjectKind::Set => HeapObject::Set(sequence(f)?),
        ObjectKind::Instance => {
            if f.seen & !(KIND | TYPE | FIELDS | SIZE_BYTES) != 0 {
                return None;
            }
            HeapObject::Instance(Instance {
                type_name: f.type_name?,
                fields: f.fields?,
                size_bytes: f.size_bytes,
            })
        }
    })
}
