//! A struct is read from a JSON object only. Serde's derived structs also accept a JSON array
//! (fields by position), so `"counts": []` (every field defaulted) would pass validation while
//! the schema, which says `"type": "object"`, refuses it; [`object`] closes that gap.

use serde::de::{Deserialize, Deserializer, Visitor};

/// `deserialize_with` for a struct-typed field: the field must be a JSON object. Errors keep
/// their paths (the struct is read in place, no intermediate value).
pub(crate) fn object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    T::deserialize(ObjectOnly(deserializer))
}

/// A deserializer that reads a struct as a map, so a sequence is an "invalid type" error.
struct ObjectOnly<D>(D);

impl<'de, D: Deserializer<'de>> Deserializer<'de> for ObjectOnly<D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}
