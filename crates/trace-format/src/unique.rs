//! Duplicate JSON object keys are refused, not resolved "last one wins" (RFC 8259 §4 leaves
//! them to the reader; a trace with two `o3` objects or two `line` fields is ambiguous).
//!
//! Two places need it: the maps of the types (heap ids, `indexNames`, `counts.functions`),
//! read by [`unique_map`], and the careful path, which parses text into a JSON value with
//! [`from_str`] instead of `serde_json::from_str`. Struct fields already refuse repeats.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use crate::heap::Heap;
use crate::types::{HeapObject, ObjectId};

/// A map that can tell whether a key is new.
pub(crate) trait InsertNew<K, V>: Default {
    /// Inserts `value` under `key` unless `key` is present; gives `key` back when it was.
    fn insert_new(&mut self, key: K, value: V) -> Result<(), K>;
}

impl<K: Ord, V> InsertNew<K, V> for BTreeMap<K, V> {
    fn insert_new(&mut self, key: K, value: V) -> Result<(), K> {
        if self.contains_key(&key) {
            return Err(key);
        }
        self.insert(key, value);
        Ok(())
    }
}

impl InsertNew<ObjectId, Arc<HeapObject>> for Heap {
    fn insert_new(&mut self, key: ObjectId, value: Arc<HeapObject>) -> Result<(), ObjectId> {
        if self.contains_key(&key) {
            return Err(key);
        }
        self.insert(key, value);
        Ok(())
    }
}

/// `deserialize_with` for a string-keyed map (`String` or [`crate::ObjectId`] keys) that
/// refuses a repeated key.
pub(crate) fn unique_map<'de, D, M, K, V>(deserializer: D) -> Result<M, D::Error>
where
    D: Deserializer<'de>,
    M: InsertNew<K, V>,
    K: Deserialize<'de> + AsRef<str>,
    V: Deserialize<'de>,
{
    struct MapVisitor<M, K, V>(PhantomData<(M, K, V)>);
    impl<'de, M, K, V> Visitor<'de> for MapVisitor<M, K, V>
    where
        M: InsertNew<K, V>,
        K: Deserialize<'de> + AsRef<str>,
        V: Deserialize<'de>,
    {
        type Value = M;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<M, A::Error> {
            let mut map = M::default();
            while let Some(key) = access.next_key::<K>()? {
                let value = access.next_value()?;
                if let Err(key) = map.insert_new(key, value) {
                    return Err(duplicate(key.as_ref()));
                }
            }
            Ok(map)
        }
    }
    deserializer.deserialize_map(MapVisitor(PhantomData))
}

fn duplicate<E: de::Error>(key: &str) -> E {
    E::custom(format_args!("duplicate key {key:?}"))
}

/// Parses JSON text like `serde_json::from_str::<Value>`, but refuses a repeated key in any
/// object; the error has the line and column of the repeat.
pub(crate) fn from_str(text: &str) -> Result<Value, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = StrictValue.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// Seed that reads one JSON value, refusing repeated keys.
#[derive(Clone, Copy)]
struct StrictValue;

impl<'de> DeserializeSeed<'de> for StrictValue {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StrictValue {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(access.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = access.next_element_seed(StrictValue)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut map = Map::new();
        while let Some(key) = access.next_key::<String>()? {
            if map.contains_key(&key) {
                return Err(duplicate(&key));
            }
            let value = access.next_value_seed(StrictValue)?;
            map.insert(key, value);
        }
        Ok(Value::Object(map))
    }
}
