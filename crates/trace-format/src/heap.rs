//! [`Heap`]: a step's objects by id, in order, with the id list shared between steps.
//!
//! Consecutive steps of a trace usually hold the same ids in the same order and differ in a
//! few objects. A heap is two parts: its ids with their lookup table ([`Keys`], behind an
//! `Arc`, so steps with the same ids share one), and its object pointers in chunks of
//! [`CHUNK`], each behind an `Arc`. Copying a heap to change a few objects copies the chunk
//! pointers and then only the chunks that change: for 300 objects and 3 changes, about 70
//! `Arc` counts, where a map of ids and objects would take 600 plus rehashing its table.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::fmt;
use std::ops::Index;
use std::sync::Arc;

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::types::{HeapObject, ObjectId};

/// Up to this many ids are found by scanning the list; past it a hash table is kept.
const SCAN_MAX: usize = 8;

/// Object pointers per chunk.
const CHUNK: usize = 16;

/// A run of [`CHUNK`] object pointers (fewer in a heap's last chunk), shared between heaps
/// until one of them changes it.
type Chunk = Arc<Vec<Arc<HeapObject>>>;

/// A heap's ids in order, with a table from id to position once there are more than
/// [`SCAN_MAX`].
#[derive(Clone, Default)]
struct Keys {
    ids: Vec<ObjectId>,
    index: Option<HashMap<ObjectId, usize>>,
}

impl Keys {
    fn position(&self, id: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(id).copied(),
            None => self.ids.iter().position(|k| **k == *id),
        }
    }

    /// Appends `id` unless it is present; gives it back when it is.
    fn push(&mut self, id: ObjectId) -> Result<(), ObjectId> {
        if self.position(&id).is_some() {
            return Err(id);
        }
        if let Some(index) = &mut self.index {
            index.insert(ObjectId::clone(&id), self.ids.len());
        } else if self.ids.len() == SCAN_MAX {
            let mut index = HashMap::with_capacity(self.ids.capacity().max(SCAN_MAX * 2));
            for (position, k) in self.ids.iter().enumerate() {
                index.insert(ObjectId::clone(k), position);
            }
            index.insert(ObjectId::clone(&id), self.ids.len());
            self.index = Some(index);
        }
        self.ids.push(id);
        Ok(())
    }
}

/// A step's heap: objects by id ([`ObjectId`]), in order (a delta trace's `heapIds` order).
///
/// Reads like an insertion-ordered map (`get`, `contains_key`, `iter`, `keys`, `values`,
/// `get_index`, `len`, `heap["o1"]`); equality ignores order, as for maps. Cloning shares the
/// id list (and its lookup table) and the object pointers, which are copied by chunks when
/// changed; unchanged objects are shared (`Arc`) between the steps that hold them.
///
/// # Example
///
/// ```
/// use std::sync::Arc;
/// use algoscope_trace_format::{Heap, HeapObject, SingleValue};
///
/// let object = |repr: &str| Arc::new(HeapObject::Value(SingleValue {
///     type_name: "range".into(), repr: repr.into(), length: None,
/// }));
/// let mut heap = Heap::new();
/// heap.insert("o1".into(), object("range(3)"));
/// heap.insert("o2".into(), object("range(4)"));
/// let mut next = heap.clone();
/// next.insert("o1".into(), object("range(5)")); // replaces o1, keeps its place
/// assert_eq!(next.keys().map(|id| &**id).collect::<Vec<_>>(), ["o1", "o2"]);
/// assert!(Arc::ptr_eq(&heap["o2"], &next["o2"]));
/// assert_ne!(heap, next);
/// ```
#[derive(Clone, Default)]
pub struct Heap {
    keys: Arc<Keys>,
    chunks: Vec<Chunk>,
}

impl Heap {
    /// An empty heap.
    pub fn new() -> Self {
        Heap::default()
    }

    /// A heap of these ids, in order, each with the object `object(position, id)` gives.
    /// Stops at the first error of `object`, or at an id listed twice (`Err(Duplicate(j))`,
    /// `j` its second position).
    pub(crate) fn build<E>(
        ids: &[ObjectId],
        mut object: impl FnMut(usize, &ObjectId) -> Result<Arc<HeapObject>, E>,
    ) -> Result<Heap, BuildError<E>> {
        let mut keys = Keys {
            ids: Vec::with_capacity(ids.len()),
            index: None,
        };
        let mut heap = Heap {
            keys: Arc::new(Keys::default()),
            chunks: Vec::with_capacity(ids.len().div_ceil(CHUNK)),
        };
        for (j, id) in ids.iter().enumerate() {
            heap.push_object(object(j, id).map_err(BuildError::Object)?);
            keys.push(ObjectId::clone(id))
                .map_err(|_| BuildError::Duplicate(j))?;
        }
        heap.keys = Arc::new(keys);
        Ok(heap)
    }

    /// Number of objects.
    pub fn len(&self) -> usize {
        self.keys.ids.len()
    }

    /// Whether the heap holds no object.
    pub fn is_empty(&self) -> bool {
        self.keys.ids.is_empty()
    }

    /// Position of `id` in the heap's order.
    pub fn get_index_of<Q: AsRef<str> + ?Sized>(&self, id: &Q) -> Option<usize> {
        self.keys.position(id.as_ref())
    }

    /// The object with id `id`.
    pub fn get<Q: AsRef<str> + ?Sized>(&self, id: &Q) -> Option<&Arc<HeapObject>> {
        self.get_index_of(id)
            .and_then(|position| self.object_at(position))
    }

    /// The stored id (shared text) and object for `id`.
    pub fn get_key_value<Q: AsRef<str> + ?Sized>(
        &self,
        id: &Q,
    ) -> Option<(&ObjectId, &Arc<HeapObject>)> {
        self.get_index_of(id)
            .and_then(|position| self.get_index(position))
    }

    /// Whether an object has id `id`.
    pub fn contains_key<Q: AsRef<str> + ?Sized>(&self, id: &Q) -> bool {
        self.get_index_of(id).is_some()
    }

    /// The id and object at `position` in the heap's order.
    pub fn get_index(&self, position: usize) -> Option<(&ObjectId, &Arc<HeapObject>)> {
        Some((self.keys.ids.get(position)?, self.object_at(position)?))
    }

    fn object_at(&self, position: usize) -> Option<&Arc<HeapObject>> {
        self.chunks.get(position / CHUNK)?.get(position % CHUNK)
    }

    /// Appends an object pointer (its id is appended to the keys by the caller).
    fn push_object(&mut self, object: Arc<HeapObject>) {
        match self.chunks.last_mut() {
            Some(last) if last.len() < CHUNK => Arc::make_mut(last).push(object),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(object);
                self.chunks.push(Arc::new(chunk));
            }
        }
    }

    /// Every id, in order.
    pub fn ids(&self) -> &[ObjectId] {
        &self.keys.ids
    }

    /// Whether `self` and `other` hold the same ids in the same order (true at once when they
    /// share their id list).
    pub fn same_ids(&self, other: &Heap) -> bool {
        Arc::ptr_eq(&self.keys, &other.keys) || self.keys.ids == other.keys.ids
    }

    /// Ids and objects, in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            inner: self.keys.ids.iter().zip(self.values()),
        }
    }

    /// Ids, in order.
    pub fn keys(&self) -> std::slice::Iter<'_, ObjectId> {
        self.keys.ids.iter()
    }

    /// Objects, in order.
    pub fn values(&self) -> Values<'_> {
        Values {
            inner: self.chunks.iter().flat_map(chunk_iter),
            remaining: self.len(),
        }
    }

    /// Puts `object` under `id`: in place of the object with that id (returned), else last.
    pub fn insert(&mut self, id: ObjectId, object: Arc<HeapObject>) -> Option<Arc<HeapObject>> {
        match self.keys.position(&id) {
            Some(position) => {
                let chunk = Arc::make_mut(&mut self.chunks[position / CHUNK]);
                Some(std::mem::replace(&mut chunk[position % CHUNK], object))
            }
            None => {
                // `id` is absent, so the push succeeds.
                let _ = Arc::make_mut(&mut self.keys).push(id);
                self.push_object(object);
                None
            }
        }
    }

    /// Puts `object` at `position`, which must hold an object.
    pub(crate) fn replace_at(&mut self, position: usize, object: Arc<HeapObject>) {
        if let Some(chunk) = self.chunks.get_mut(position / CHUNK) {
            if let Some(slot) = Arc::make_mut(chunk).get_mut(position % CHUNK) {
                *slot = object;
            }
        }
    }

    /// Keeps only the objects `keep` says yes to, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&ObjectId, &Arc<HeapObject>) -> bool) {
        let kept: Vec<bool> = self.iter().map(|(id, object)| keep(id, object)).collect();
        if kept.iter().all(|&k| k) {
            return;
        }
        *self = self
            .iter()
            .zip(kept)
            .filter(|(_, k)| *k)
            .map(|((id, object), _)| (ObjectId::clone(id), Arc::clone(object)))
            .collect();
    }
}

/// Why [`Heap::build`] stopped.
pub(crate) enum BuildError<E> {
    /// The id at this position was listed before.
    Duplicate(usize),
    /// Finding an object failed.
    Object(E),
}

fn chunk_iter(chunk: &Chunk) -> std::slice::Iter<'_, Arc<HeapObject>> {
    chunk.iter()
}

/// The slices of a heap's chunks, one after the other.
type ChunkSlices<'a> = std::iter::FlatMap<
    std::slice::Iter<'a, Chunk>,
    std::slice::Iter<'a, Arc<HeapObject>>,
    fn(&'a Chunk) -> std::slice::Iter<'a, Arc<HeapObject>>,
>;

/// Iterator over a [`Heap`]'s objects, in order.
#[derive(Clone)]
pub struct Values<'a> {
    inner: ChunkSlices<'a>,
    remaining: usize,
}

impl<'a> Iterator for Values<'a> {
    type Item = &'a Arc<HeapObject>;

    fn next(&mut self) -> Option<Self::Item> {
        let next = self.inner.next()?;
        self.remaining = self.remaining.saturating_sub(1);
        Some(next)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for Values<'_> {}

/// Iterator over a [`Heap`]'s ids and objects, in order.
#[derive(Clone)]
pub struct Iter<'a> {
    inner: std::iter::Zip<std::slice::Iter<'a, ObjectId>, Values<'a>>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a ObjectId, &'a Arc<HeapObject>);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Heap {
    type Item = (&'a ObjectId, &'a Arc<HeapObject>);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// Later objects with an id already present replace the earlier one, in its place.
impl FromIterator<(ObjectId, Arc<HeapObject>)> for Heap {
    fn from_iter<I: IntoIterator<Item = (ObjectId, Arc<HeapObject>)>>(iter: I) -> Self {
        let mut heap = Heap::new();
        heap.extend(iter);
        heap
    }
}

impl Extend<(ObjectId, Arc<HeapObject>)> for Heap {
    fn extend<I: IntoIterator<Item = (ObjectId, Arc<HeapObject>)>>(&mut self, iter: I) {
        for (id, object) in iter {
            self.insert(id, object);
        }
    }
}

impl<Q: AsRef<str> + ?Sized> Index<&Q> for Heap {
    type Output = Arc<HeapObject>;

    /// # Panics
    ///
    /// When no object has that id.
    fn index(&self, id: &Q) -> &Arc<HeapObject> {
        match self.get(id) {
            Some(object) => object,
            None => panic!("no heap object with id {:?}", id.as_ref()),
        }
    }
}

/// Equal when both hold the same ids with equal objects, in any order (as for maps).
impl PartialEq for Heap {
    fn eq(&self, other: &Heap) -> bool {
        if self.len() != other.len() {
            return false;
        }
        let same_object = |a: &Arc<HeapObject>, b: &Arc<HeapObject>| Arc::ptr_eq(a, b) || a == b;
        if self.same_ids(other) {
            return self
                .values()
                .zip(other.values())
                .all(|(a, b)| same_object(a, b));
        }
        self.iter().all(|(id, object)| {
            other
                .get(id.borrow() as &str)
                .is_some_and(|theirs| same_object(object, theirs))
        })
    }
}

impl fmt::Debug for Heap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// A JSON object of id → object, in order.
impl Serialize for Heap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (id, object) in self {
            map.serialize_entry(&**id, &**object)?;
        }
        map.end()
    }
}
