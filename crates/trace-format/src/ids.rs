//! Reading `heapIds`: a list equal to the one read just before is that list, shared.
//!
//! A delta trace lists every live id at every step, and consecutive steps usually list the
//! same ids: 2,000 steps of 300 objects are 600,000 ids in the text but a few hundred
//! distinct ones. Each list is compared, id by id, with the last list read on this thread;
//! ids equal to the one at the same position are shared, and a list equal in full is the
//! last list itself.

use std::cell::RefCell;
use std::fmt;

use serde::de::{Deserialize, Deserializer, SeqAccess, Visitor};

use crate::types::{HeapIds, ObjectId};

thread_local! {
    /// The last `heapIds` list read on this thread. Only a cache: an id is shared only when
    /// its text is equal, so what it holds never changes what is read.
    static LAST: RefCell<Option<HeapIds>> = const { RefCell::new(None) };
}

/// `deserialize_with` for `heapIds`: null or an array of strings.
pub(crate) fn heap_ids<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<HeapIds>, D::Error> {
    Ok(Option::<IdList>::deserialize(deserializer)?.map(|list| list.0))
}

struct IdList(HeapIds);

impl<'de> Deserialize<'de> for IdList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(IdListVisitor)
    }
}

struct IdListVisitor;

impl<'de> Visitor<'de> for IdListVisitor {
    type Value = IdList;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<IdList, A::Error> {
        let last = LAST.with(|cell| cell.borrow_mut().take());
        let previous: &[ObjectId] = last.as_deref().unwrap_or(&[]);
        // Built from the first id that differs from `previous`; until then the list read so
        // far is `previous[..count]`.
        let mut fresh: Option<Vec<ObjectId>> = None;
        let mut count = 0;
        while let Some(text) = seq.next_element::<IdText<'de>>()? {
            let text = text.as_str();
            let same = previous.get(count).filter(|id| ***id == *text);
            match (&mut fresh, same) {
                (None, Some(_)) => {}
                (None, None) => {
                    let mut ids = Vec::with_capacity(previous.len().max(count + 1));
                    ids.extend_from_slice(&previous[..count]);
                    ids.push(ObjectId::from(text));
                    fresh = Some(ids);
                }
                (Some(ids), same) => {
                    ids.push(same.cloned().unwrap_or_else(|| ObjectId::from(text)));
                }
            }
            count += 1;
        }
        let list: HeapIds = match (fresh, &last) {
            (Some(ids), _) => ids.into(),
            (None, Some(last)) if count == last.len() => HeapIds::clone(last),
            (None, _) => previous[..count].into(),
        };
        LAST.with(|cell| *cell.borrow_mut() = Some(HeapIds::clone(&list)));
        Ok(IdList(list))
    }
}

/// An id's text, borrowed from the input when it can be.
enum IdText<'de> {
    Borrowed(&'de str),
    Owned(String),
}

impl IdText<'_> {
    fn as_str(&self) -> &str {
        match self {
            IdText::Borrowed(text) => text,
            IdText::Owned(text) => text,
        }
    }
}

impl<'de> Deserialize<'de> for IdText<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(IdTextVisitor)
    }
}

struct IdTextVisitor;

impl<'de> Visitor<'de> for IdTextVisitor {
    type Value = IdText<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<IdText<'de>, E> {
        Ok(IdText::Borrowed(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<IdText<'de>, E> {
        Ok(IdText::Owned(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<IdText<'de>, E> {
        Ok(IdText::Owned(v))
    }
}
