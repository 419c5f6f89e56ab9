//! Hand-written `Deserialize` for the two internally tagged enums, [`Value`] and
//! [`HeapObject`].
//!
//! serde's derived internally tagged enums first buffer each object into an intermediate
//! tree, then read the variant from it: every string is allocated twice and every item of a
//! list is buffered with its list. These impls read each field straight into its final type
//! and decide the variant at the end, which makes reading a trace several times faster.
//!
//! They accept exactly what `#[serde(tag = "kind", deny_unknown_fields)]` describes (and the
//! schema says): an object with a known `kind`, the fields of that kind, the required ones
//! present, nothing else. Unlike the derive they refuse the array form, as the schema does.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, Unexpected, Visitor};

use crate::types::{
    Binding, Class, Function, Generator, HeapObject, Instance, Mapping, Sequence, SingleValue,
    Value,
};

/// Stores a field's value, refusing a second occurrence.
fn take<'de, A, T>(slot: &mut Option<T>, map: &mut A, name: &'static str) -> Result<(), A::Error>
where
    A: MapAccess<'de>,
    T: Deserialize<'de>,
{
    if slot.is_some() {
        return Err(de::Error::duplicate_field(name));
    }
    *slot = Some(map.next_value()?);
    Ok(())
}

fn required<T, E: de::Error>(slot: Option<T>, name: &'static str) -> Result<T, E> {
    slot.ok_or_else(|| de::Error::missing_field(name))
}

/// A required integer that may not be null.
fn required_number<E: de::Error>(slot: Option<Option<u64>>, name: &'static str) -> Result<u64, E> {
    match slot {
        Some(Some(n)) => Ok(n),
        Some(None) => Err(de::Error::invalid_type(Unexpected::Unit, &"an integer")),
        None => Err(de::Error::missing_field(name)),
    }
}

/// Refuses the fields present that `kind` does not have.
fn only<E: de::Error>(
    present: &[(&'static str, bool)],
    allowed: &'static [&'static str],
) -> Result<(), E> {
    match present
        .iter()
        .find(|(name, here)| *here && !allowed.contains(name))
    {
        Some((name, _)) => Err(de::Error::unknown_field(name, allowed)),
        None => Ok(()),
    }
}

#[derive(serde::Deserialize)]
#[serde(field_identifier, rename_all = "camelCase")]
enum ValueField {
    Kind,
    #[serde(rename = "type")]
    Type,
    Repr,
    Length,
    Id,
    Reason,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum ValueKind {
    Prim,
    Ref,
    Unreadable,
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value object whose kind is prim, ref or unreadable")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut kind: Option<ValueKind> = None;
        let mut type_name: Option<String> = None;
        let mut repr: Option<String> = None;
        let mut length: Option<Option<u64>> = None;
        let mut id: Option<String> = None;
        let mut reason: Option<String> = None;
        while let Some(field) = map.next_key::<ValueField>()? {
            match field {
                ValueField::Kind => take(&mut kind, &mut map, "kind")?,
                ValueField::Type => take(&mut type_name, &mut map, "type")?,
                ValueField::Repr => take(&mut repr, &mut map, "repr")?,
                ValueField::Length => take(&mut length, &mut map, "length")?,
                ValueField::Id => take(&mut id, &mut map, "id")?,
                ValueField::Reason => take(&mut reason, &mut map, "reason")?,
            }
        }
        let present = [
            ("type", type_name.is_some()),
            ("repr", repr.is_some()),
            ("length", length.is_some()),
            ("id", id.is_some()),
            ("reason", reason.is_some()),
        ];
        match required(kind, "kind")? {
            ValueKind::Prim => {
                only(&present, &["kind", "type", "repr", "length"])?;
                Ok(Value::Prim {
                    type_name: required(type_name, "type")?,
                    repr: required(repr, "repr")?,
                    length: length.flatten(),
                })
            }
            ValueKind::Ref => {
                only(&present, &["kind", "id"])?;
                Ok(Value::Ref {
                    id: required(id, "id")?,
                })
            }
            ValueKind::Unreadable => {
                only(&present, &["kind", "reason"])?;
                Ok(Value::Unreadable {
                    reason: required(reason, "reason")?,
                })
            }
        }
    }
}

#[derive(serde::Deserialize)]
#[serde(field_identifier, rename_all = "camelCase")]
enum ObjectField {
    Kind,
    TypeName,
    Items,
    Length,
    Offset,
    SizeBytes,
    Entries,
    Fields,
    Name,
    Params,
    Captured,
    Line,
    Bases,
    State,
    Frame,
    Repr,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum ObjectKind {
    List,
    Tuple,
    Set,
    Dict,
    Instance,
    Function,
    Class,
    Generator,
    Value,
}

/// Every field any kind of heap object has, as read.
#[derive(Default)]
struct ObjectFields {
    type_name: Option<String>,
    items: Option<Vec<Value>>,
    length: Option<Option<u64>>,
    offset: Option<u64>,
    size_bytes: Option<Option<u64>>,
    entries: Option<Vec<(Value, Value)>>,
    fields: Option<Vec<Binding>>,
    name: Option<String>,
    params: Option<Vec<String>>,
    captured: Option<Vec<Binding>>,
    line: Option<Option<u32>>,
    bases: Option<Vec<String>>,
    state: Option<String>,
    frame: Option<Option<String>>,
    repr: Option<String>,
}

impl ObjectFields {
    fn present(&self) -> [(&'static str, bool); 15] {
        [
            ("typeName", self.type_name.is_some()),
            ("items", self.items.is_some()),
            ("length", self.length.is_some()),
            ("offset", self.offset.is_some()),
            ("sizeBytes", self.size_bytes.is_some()),
            ("entries", self.entries.is_some()),
            ("fields", self.fields.is_some()),
            ("name", self.name.is_some()),
            ("params", self.params.is_some()),
            ("captured", self.captured.is_some()),
            ("line", self.line.is_some()),
            ("bases", self.bases.is_some()),
            ("state", self.state.is_some()),
            ("frame", self.frame.is_some()),
            ("repr", self.repr.is_some()),
        ]
    }

    fn sequence<E: de::Error>(self) -> Result<Sequence, E> {
        only(
            &self.present(),
            &["kind", "typeName", "items", "length", "offset", "sizeBytes"],
        )?;
        Ok(Sequence {
            type_name: required(self.type_name, "typeName")?,
            items: required(self.items, "items")?,
            length: required_number(self.length, "length")?,
            offset: self.offset.unwrap_or_default(),
            size_bytes: self.size_bytes.flatten(),
        })
    }

    fn mapping<E: de::Error>(self) -> Result<Mapping, E> {
        only(
            &self.present(),
            &["kind", "typeName", "entries", "length", "sizeBytes"],
        )?;
        Ok(Mapping {
            type_name: required(self.type_name, "typeName")?,
            entries: required(self.entries, "entries")?,
            length: required_number(self.length, "length")?,
            size_bytes: self.size_bytes.flatten(),
        })
    }

    fn instance<E: de::Error>(self) -> Result<Instance, E> {
        only(
            &self.present(),
            &["kind", "typeName", "fields", "sizeBytes"],
        )?;
        Ok(Instance {
            type_name: required(self.type_name, "typeName")?,
            fields: required(self.fields, "fields")?,
            size_bytes: self.size_bytes.flatten(),
        })
    }

    fn function<E: de::Error>(self) -> Result<Function, E> {
        only(
            &self.present(),
            &["kind", "name", "params", "captured", "line"],
        )?;
        Ok(Function {
            name: required(self.name, "name")?,
            params: self.params.unwrap_or_default(),
            captured: self.captured.unwrap_or_default(),
            line: self.line.flatten(),
        })
    }

    fn class<E: de::Error>(self) -> Result<Class, E> {
        only(&self.present(), &["kind", "name", "bases", "fields"])?;
        Ok(Class {
            name: required(self.name, "name")?,
            bases: self.bases.unwrap_or_default(),
            fields: self.fields.unwrap_or_default(),
        })
    }

    fn generator<E: de::Error>(self) -> Result<Generator, E> {
        only(
            &self.present(),
            &["kind", "typeName", "name", "state", "frame"],
        )?;
        Ok(Generator {
            type_name: required(self.type_name, "typeName")?,
            name: required(self.name, "name")?,
            state: required(self.state, "state")?,
            frame: self.frame.flatten(),
        })
    }

    fn single_value<E: de::Error>(self) -> Result<SingleValue, E> {
        only(&self.present(), &["kind", "typeName", "repr", "length"])?;
        Ok(SingleValue {
            type_name: required(self.type_name, "typeName")?,
            repr: required(self.repr, "repr")?,
            length: self.length.flatten(),
        })
    }
}

impl<'de> Deserialize<'de> for HeapObject {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(ObjectVisitor)
    }
}

struct ObjectVisitor;

impl<'de> Visitor<'de> for ObjectVisitor {
    type Value = HeapObject;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a heap object with a kind")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<HeapObject, A::Error> {
        let mut kind: Option<ObjectKind> = None;
        let mut f = ObjectFields::default();
        while let Some(field) = map.next_key::<ObjectField>()? {
            match field {
                ObjectField::Kind => take(&mut kind, &mut map, "kind")?,
                ObjectField::TypeName => take(&mut f.type_name, &mut map, "typeName")?,
                ObjectField::Items => take(&mut f.items, &mut map, "items")?,
                ObjectField::Length => take(&mut f.length, &mut map, "length")?,
                ObjectField::Offset => take(&mut f.offset, &mut map, "offset")?,
                ObjectField::SizeBytes => take(&mut f.size_bytes, &mut map, "sizeBytes")?,
                ObjectField::Entries => take(&mut f.entries, &mut map, "entries")?,
                ObjectField::Fields => take(&mut f.fields, &mut map, "fields")?,
                ObjectField::Name => take(&mut f.name, &mut map, "name")?,
                ObjectField::Params => take(&mut f.params, &mut map, "params")?,
                ObjectField::Captured => take(&mut f.captured, &mut map, "captured")?,
                ObjectField::Line => take(&mut f.line, &mut map, "line")?,
                ObjectField::Bases => take(&mut f.bases, &mut map, "bases")?,
                ObjectField::State => take(&mut f.state, &mut map, "state")?,
                ObjectField::Frame => take(&mut f.frame, &mut map, "frame")?,
                ObjectField::Repr => take(&mut f.repr, &mut map, "repr")?,
            }
        }
        Ok(match required(kind, "kind")? {
            ObjectKind::List => HeapObject::List(f.sequence()?),
            ObjectKind::Tuple => HeapObject::Tuple(f.sequence()?),
            ObjectKind::Set => HeapObject::Set(f.sequence()?),
            ObjectKind::Dict => HeapObject::Dict(f.mapping()?),
            ObjectKind::Instance => HeapObject::Instance(f.instance()?),
            ObjectKind::Function => HeapObject::Function(f.function()?),
            ObjectKind::Class => HeapObject::Class(f.class()?),
            ObjectKind::Generator => HeapObject::Generator(f.generator()?),
            ObjectKind::Value => HeapObject::Value(f.single_value()?),
        })
    }
}
