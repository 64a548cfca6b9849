//! A slab: a `Vec` of slots with a free list, giving small stable ids and deterministic reuse
//! (the most recently freed slot is reused first); and [`IdMap`], what a layer keeps per id of
//! the engine's slabs (ids are dense, so a `Vec` indexed by id is both small and fast).

/// Slots of `T` addressed by `u32`.
#[derive(Clone, Debug)]
pub struct Slab<T> {
    slots: Vec<Option<T>>,
    free: Vec<u32>,
    live: usize,
}

impl<T> Default for Slab<T> {
    fn default() -> Self {
        Slab {
            slots: Vec::new(),
            free: Vec::new(),
            live: 0,
        }
    }
}

impl<T> Slab<T> {
    /// Stores `value`, returning its id.
    pub fn insert(&mut self, value: T) -> u32 {
        self.live += 1;
        if let Some(id) = self.free.pop() {
            self.slots[id as usize] = Some(value);
            id
        } else {
            self.slots.push(Some(value));
            u32::try_from(self.slots.len() - 1).expect("fewer than 2^32 live objects")
        }
    }
    /// The value with this id, if live.
    pub fn get(&self, id: u32) -> Option<&T> {
        self.slots.get(id as usize)?.as_ref()
    }
    /// The value with this id, mutably, if live.
    pub fn get_mut(&mut self, id: u32) -> Option<&mut T> {
        self.slots.get_mut(id as usize)?.as_mut()
    }
    /// Removes and returns the value with this id.
    pub fn remove(&mut self, id: u32) -> Option<T> {
        let v = self.slots.get_mut(id as usize)?.take()?;
        self.free.push(id);
        self.live -= 1;
        Some(v)
    }
    /// Number of live values.
    pub fn len(&self) -> usize {
        self.live
    }
    /// Whether no value is live.
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }
    /// Live values with their ids, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &T)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|v| (i as u32, v)))
    }
    /// Bytes held by the slot storage.
    pub fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Option<T>>() + self.free.capacity() * 4
    }
}

/// Values keyed by a dense `u32` id (a request's, from the engine's slab), in a `Vec`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdMap<T> {
    slots: Vec<Option<T>>,
}

impl<T> Default for IdMap<T> {
    fn default() -> Self {
        IdMap { slots: Vec::new() }
    }
}

impl<T> IdMap<T> {
    /// Sets the value of `id`.
    pub fn insert(&mut self, id: u32, value: T) {
        let i = id as usize;
        if i >= self.slots.len() {
            self.slots.resize_with(i + 1, || None);
        }
        self.slots[i] = Some(value);
    }
    /// The value of `id`, if any.
    pub fn get(&self, id: u32) -> Option<&T> {
        self.slots.get(id as usize)?.as_ref()
    }
    /// The value of `id`, mutably.
    pub fn get_mut(&mut self, id: u32) -> Option<&mut T> {
        self.slots.get_mut(id as usize)?.as_mut()
    }
    /// Removes the value of `id`.
    pub fn remove(&mut self, id: u32) -> Option<T> {
        self.slots.get_mut(id as usize)?.take()
    }
    /// Bytes held.
    pub fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Option<T>>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reuses_the_last_freed_slot() {
        let mut s = Slab::default();
        let a = s.insert('a');
        let b = s.insert('b');
        assert_eq!(s.remove(a), Some('a'));
        assert_eq!(s.remove(a), None);
        assert_eq!(s.insert('c'), a);
        assert_eq!(s.get(b), Some(&'b'));
        assert_eq!(s.len(), 2);
        assert_eq!(s.iter().map(|(_, v)| *v).collect::<String>(), "cb");
    }
}
