//! Derived datatypes: type maps built by `MPI_Type_contiguous`, `vector`, `hvector`, `indexed`
//! and `create_struct` from other types, the rank's table of them (handles, commit, free), and
//! how a buffer of `count` elements of any datatype is read into a message and written back
//! ([`Shape`]).
//!
//! A type map is a list of runs of data bytes (offset from the element's start, length) with a
//! lower bound and an extent; a message carries only the data bytes, packed in type-map order,
//! so a column of a matrix sent with a vector type arrives in a contiguous receive buffer. As in
//! MPICH, a struct's extent is rounded up to the largest alignment of its members' basic types.
//! Predefined datatypes stay contiguous images of their `count × extent` bytes.

use std::rc::Rc;

use super::buffers::{check_bytes, read_bytes, write_bytes};
use super::datatype::{Class, Datatype};
use super::error::ErrorKind;
use crate::lang::vm::memory::{Addr, Memory};

/// Handles of derived datatypes are this plus their index in the rank's table.
pub const DERIVED_BASE: i32 = 0x4d00_0000;
/// At most this many derived datatypes live at once on a rank.
const MAX_TYPES: usize = 1 << 16;

/// A derived datatype's layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeMap {
    /// Runs of data: offset from the element's start and bytes, in type-map order.
    runs: Vec<(i64, u32)>,
    /// Lower bound.
    lb: i64,
    /// Upper bound (the extent is `ub - lb`).
    ub: i64,
    /// The largest alignment of a basic type inside (for a struct's extent).
    align: i64,
    /// The one predefined type it is made of, if it is made of one (for `MPI_Get_count`).
    base: Option<Datatype>,
    /// Its type signature as indivisible units in order, run-length encoded: (bytes of a unit,
    /// basic elements in it, how many in a row) — a number is 1 element, a predefined pair 2
    /// (MPICH reports a partial pair as `MPI_UNDEFINED`). What `MPI_Get_elements` counts in.
    elements: Vec<(u32, u32, u64)>,
    /// Every basic element in it is written in `MPI_Pack_external`'s external32 as its own bytes
    /// reversed (no `long`, `wchar_t`, `long double`, complex or pair inside).
    plain32: bool,
    /// `MPI_Type_commit` was called.
    committed: bool,
    /// How the program made it (`MPI_Type_get_envelope`, `MPI_Type_get_contents`).
    recipe: Option<Rc<Recipe>>,
}

/// The constructor call that made a derived datatype, as `MPI_Type_get_envelope` and
/// `MPI_Type_get_contents` give it back: the combiner (`MPI_COMBINER_*`) and its integer,
/// address and datatype arguments, in the MPI standard's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recipe {
    /// `MPI_COMBINER_*`.
    pub combiner: i32,
    /// The integer arguments.
    pub ints: Vec<i32>,
    /// The address arguments.
    pub aints: Vec<i64>,
    /// The datatype arguments (handles).
    pub types: Vec<i32>,
}

impl TypeMap {
    /// The map of a predefined datatype.
    pub fn basic(d: Datatype) -> TypeMap {
        let size = d.size();
        let (align, runs) = match d.class() {
            Class::Num(n) => (n.size(), vec![(0, size)]),
            // A pair's padding (after the index of `MPI_DOUBLE_INT` and `MPI_LONG_INT`, between
            // the value and the index of `MPI_SHORT_INT`) is not data: a message carries 12 bytes
            // per `MPI_DOUBLE_INT`, as MPICH's does.
            Class::Pair { value, index_at } => {
                let (v, i) = (value.size(), i64::from(index_at));
                let runs = if i == i64::from(v) {
                    vec![(0, v + 4)]
                } else {
                    vec![(0, v), (i, 4)]
                };
                (v.max(4), runs)
            }
        };
        TypeMap {
            runs,
            lb: 0,
            ub: i64::from(size),
            align: i64::from(align),
            base: Some(d),
            elements: vec![(d.data_size(), d.basic_elements(), 1)],
            plain32: d.plain32(),
            committed: true,
            recipe: None,
        }
    }

    /// `MPI_Get_elements`: how many basic elements `bytes` bytes of a message of this type
    /// hold (whole copies of the type, then the leading elements of a partial one); `None` if
    /// the bytes end inside a basic element.
    pub fn elements_in(&self, bytes: u64) -> Option<u64> {
        let size = self.size();
        let per: u64 = self.elements.iter().map(|e| u64::from(e.1) * e.2).sum();
        if size == 0 {
            return Some(0);
        }
        let mut count = bytes / size * per;
        let mut left = bytes % size;
        for &(each, elements, n) in &self.elements {
            if left == 0 {
                break;
            }
            let each = u64::from(each.max(1));
            let take = (left / each).min(n);
            count += take * u64::from(elements);
            left -= take * each;
            if take < n {
                break;
            }
        }
        (left == 0).then_some(count)
    }

    /// `MPI_Type_size`: data bytes of one element.
    pub fn size(&self) -> u64 {
        self.runs.iter().map(|r| u64::from(r.1)).sum()
    }

    /// `MPI_Type_get_extent`'s extent.
    pub fn extent(&self) -> i64 {
        self.ub - self.lb
    }

    /// The lower bound.
    pub fn lb(&self) -> i64 {
        self.lb
    }

    /// Whether external32 writes each basic element as its bytes reversed (see `plain32`).
    pub fn plain32(&self) -> bool {
        self.plain32
    }

    /// The sizes of its basic elements in type-map order, run-length encoded (bytes, how many).
    pub fn units(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.elements.iter().map(|e| (e.0, e.2))
    }

    /// The predefined type it is made of alone, if any.
    pub fn base(&self) -> Option<Datatype> {
        self.base
    }

    /// Copies of `old` at each byte displacement of `places`, in order (`struct` rounds the
    /// extent up to the alignment).
    fn place<'a>(places: impl IntoIterator<Item = (i64, &'a TypeMap)>, is_struct: bool) -> TypeMap {
        let mut runs: Vec<(i64, u32)> = Vec::new();
        let (mut lb, mut ub, mut align) = (i64::MAX, i64::MIN, 1);
        let mut base: Option<Option<Datatype>> = None;
        let mut elements: Vec<(u32, u32, u64)> = Vec::new();
        let mut plain32 = true;
        for (disp, old) in places {
            plain32 &= old.plain32;
            for &(size, per, n) in &old.elements {
                match elements.last_mut() {
                    Some(last) if (last.0, last.1) == (size, per) => last.2 += n,
                    _ => elements.push((size, per, n)),
                }
            }
            for &(off, len) in &old.runs {
                let at = disp + off;
                match runs.last_mut() {
                    Some(last) if last.0 + i64::from(last.1) == at => last.1 += len,
                    _ => runs.push((at, len)),
                }
            }
            lb = lb.min(disp + old.lb);
            ub = ub.max(disp + old.ub);
            align = align.max(old.align);
            base = Some(match base {
                None => old.base,
                Some(b) if b == old.base => b,
                Some(_) => None,
            });
        }
        runs.retain(|r| r.1 > 0);
        if lb > ub {
            (lb, ub) = (0, 0);
        }
        if is_struct && (ub - lb) % align != 0 {
            ub += align - (ub - lb) % align;
        }
        TypeMap {
            runs,
            lb,
            ub,
            align,
            base: base.flatten(),
            elements,
            plain32,
            committed: false,
            recipe: None,
        }
    }

    /// The same map with lower bound `lb` and extent `extent` (`MPI_Type_create_resized`).
    pub fn resized(&self, lb: i64, extent: i64) -> TypeMap {
        TypeMap {
            lb,
            ub: lb.saturating_add(extent),
            committed: false,
            recipe: None,
            ..self.clone()
        }
    }

    /// The same map, made by `recipe`.
    pub fn made_by(mut self, recipe: Recipe) -> TypeMap {
        self.recipe = Some(Rc::new(recipe));
        self
    }

    /// How it was made (`None`: a predefined datatype).
    pub fn recipe(&self) -> Option<&Recipe> {
        self.recipe.as_deref()
    }

    /// `MPI_Type_dup`'s copy: the same map and commit state, made by `MPI_COMBINER_DUP` of
    /// `old`.
    pub fn duplicate(&self, old: i32) -> TypeMap {
        TypeMap {
            recipe: Some(Rc::new(Recipe {
                combiner: super::type_consts::MPI_COMBINER_DUP,
                types: vec![old],
                ..Recipe::default()
            })),
            ..self.clone()
        }
    }

    /// `MPI_Type_get_true_extent`: the lowest data byte and the span of the data bytes (padding
    /// and resized bounds left out).
    pub fn true_extent(&self) -> (i64, i64) {
        let lo = self.runs.iter().map(|r| r.0).min();
        let hi = self.runs.iter().map(|r| r.0 + i64::from(r.1)).max();
        match (lo, hi) {
            (Some(lo), Some(hi)) => (lo, hi - lo),
            _ => (0, 0),
        }
    }

    /// `count` blocks; block `i` is `lens[i]` copies of `old` (one after the other, `old`'s extent
    /// apart) starting `displs[i]` bytes from the start.
    pub fn blocks(lens: &[i64], displs: &[i64], old: &[&TypeMap], is_struct: bool) -> TypeMap {
        let mut places = Vec::new();
        for (i, (&len, &disp)) in lens.iter().zip(displs).enumerate() {
            let Some(&t) = old.get(i.min(old.len().saturating_sub(1))) else {
                continue;
            };
            for j in 0..len.max(0) {
                places.push((disp + j * t.extent(), t));
            }
        }
        TypeMap::place(places, is_struct)
    }
}

/// A buffer of `count` elements of a datatype: how many bytes it sends, and how they are read
/// from memory and written back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A predefined datatype: `bytes` contiguous bytes.
    Contiguous(u32),
    /// A derived datatype's map, `count` times, `extent` apart.
    Mapped {
        /// The map.
        map: Rc<TypeMap>,
        /// Elements.
        count: u32,
    },
}

impl Shape {
    /// `count` elements of the predefined datatype `d`: contiguous bytes, or for a pair with
    /// padding its type map (its data only).
    pub fn predefined(d: Datatype, count: u32) -> Shape {
        if d.padded() {
            Shape::Mapped {
                map: Rc::new(TypeMap::basic(d)),
                count,
            }
        } else {
            Shape::Contiguous(count.saturating_mul(d.size()))
        }
    }

    /// Bytes the buffer sends (or a receive holds).
    pub fn bytes(&self) -> u32 {
        match self {
            Shape::Contiguous(b) => *b,
            Shape::Mapped { map, count } => {
                u32::try_from(map.size() * u64::from(*count)).unwrap_or(u32::MAX)
            }
        }
    }

    /// Each run's address and length, in order (element by element).
    fn runs(&self, addr: Addr, what: &'static str) -> Result<Vec<(Addr, u32)>, ErrorKind> {
        let Shape::Mapped { map, count } = self else {
            return Ok(vec![(addr, self.bytes())]);
        };
        let mut out = Vec::with_capacity(map.runs.len() * *count as usize);
        for i in 0..i64::from(*count) {
            for &(off, len) in &map.runs {
                let at = i64::from(addr) + i * map.extent() + off;
                let at = Addr::try_from(at).map_err(|_| ErrorKind::Memory {
                    what,
                    error: crate::lang::vm::memory::MemError::OutOfBounds { addr, len, top: 0 },
                })?;
                out.push((at, len));
            }
        }
        Ok(out)
    }

    /// The bytes the buffer spans relative to its address: from the lowest to past the highest
    /// data byte (`(0, bytes)` for a predefined datatype).
    pub fn span(&self) -> (i64, i64) {
        let Shape::Mapped { map, count } = self else {
            return (0, i64::from(self.bytes()));
        };
        let (mut lo, mut hi) = (0i64, 0i64);
        if *count > 0 {
            let last = i64::from(*count - 1) * map.extent();
            for &(off, len) in &map.runs {
                for start in [off, last + off] {
                    lo = lo.min(start);
                    hi = hi.max(start + i64::from(len));
                }
            }
        }
        (lo, hi)
    }

    /// The data at `addr`, packed.
    pub fn read(&self, mem: &Memory, addr: Addr, what: &'static str) -> Result<Vec<u8>, ErrorKind> {
        if let Shape::Contiguous(bytes) = self {
            return read_bytes(mem, addr, *bytes, what);
        }
        let mut data = Vec::with_capacity(self.bytes() as usize);
        for (at, len) in self.runs(addr, what)? {
            data.extend_from_slice(&read_bytes(mem, at, len, what)?);
        }
        Ok(data)
    }

    /// Checks that every byte the buffer covers exists.
    pub fn check(&self, mem: &Memory, addr: Addr, what: &'static str) -> Result<(), ErrorKind> {
        for (at, len) in self.runs(addr, what)? {
            check_bytes(mem, at, len, what)?;
        }
        Ok(())
    }

    /// Unpacks `data` (at most the buffer's bytes) into the buffer at `addr`.
    pub fn write(
        &self,
        mem: &mut Memory,
        addr: Addr,
        data: &[u8],
        what: &'static str,
    ) -> Result<(), ErrorKind> {
        if let Shape::Contiguous(_) = self {
            return write_bytes(mem, addr, data, what);
        }
        let mut rest = data;
        for (at, len) in self.runs(addr, what)? {
            if rest.is_empty() {
                break;
            }
            let n = (len as usize).min(rest.len());
            write_bytes(mem, at, &rest[..n], what)?;
            rest = &rest[n..];
        }
        Ok(())
    }
}

/// The rank's derived datatypes, by handle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Types {
    maps: Vec<Option<Rc<TypeMap>>>,
    /// Handles `MPI_Type_get_contents` gave out again, by index: each needs its own
    /// `MPI_Type_free` before the type goes (MPICH's reference count).
    shared: std::collections::BTreeMap<usize, u32>,
}

impl Types {
    /// Stores a new type; its handle.
    pub fn insert(&mut self, map: TypeMap) -> Result<i32, ErrorKind> {
        let index = match self.maps.iter().position(Option::is_none) {
            Some(i) => i,
            None if self.maps.len() < MAX_TYPES => {
                self.maps.push(None);
                self.maps.len() - 1
            }
            None => return Err(ErrorKind::TooManyTypes),
        };
        self.maps[index] = Some(Rc::new(map));
        Ok(DERIVED_BASE + index as i32)
    }

    /// The live derived type with this handle (`None` if the handle is no derived type's).
    fn slot(&mut self, handle: i64) -> Option<Result<&mut Rc<TypeMap>, ErrorKind>> {
        let index = handle.checked_sub(i64::from(DERIVED_BASE))?;
        let index = usize::try_from(index).ok().filter(|i| *i < MAX_TYPES)?;
        Some(
            self.maps
                .get_mut(index)
                .and_then(Option::as_mut)
                .ok_or(ErrorKind::FreedDatatype(handle)),
        )
    }

    /// `MPI_Type_commit`.
    pub fn commit(&mut self, handle: i64) -> Result<(), ErrorKind> {
        match self.slot(handle) {
            Some(map) => {
                Rc::make_mut(map?).committed = true;
                Ok(())
            }
            None => Datatype::from_handle(handle).map(|_| ()),
        }
    }

    /// `MPI_Type_free`.
    pub fn free(&mut self, handle: i64) -> Result<(), ErrorKind> {
        match self.slot(handle) {
            Some(map) => {
                map?;
                let index = (handle - i64::from(DERIVED_BASE)) as usize;
                match self.shared.get_mut(&index) {
                    Some(n) if *n > 1 => *n -= 1,
                    Some(_) => {
                        self.shared.remove(&index);
                    }
                    None => self.maps[index] = None,
                }
                Ok(())
            }
            None => Err(ErrorKind::FreePredefined(Datatype::from_handle(handle)?)),
        }
    }

    /// The live derived type `handle` is given out once more (`MPI_Type_get_contents`): it takes
    /// one more `MPI_Type_free` to go.
    pub fn share(&mut self, handle: i64) -> Result<(), ErrorKind> {
        if let Some(map) = self.slot(handle) {
            map?;
            let index = (handle - i64::from(DERIVED_BASE)) as usize;
            *self.shared.entry(index).or_default() += 1;
        }
        Ok(())
    }

    /// The map of any datatype (predefined or derived, committed or not), for constructors and
    /// queries.
    pub fn map(&mut self, handle: i64) -> Result<Rc<TypeMap>, ErrorKind> {
        match self.slot(handle) {
            Some(map) => map.map(|m| Rc::clone(m)),
            None => Ok(Rc::new(TypeMap::basic(Datatype::from_handle(handle)?))),
        }
    }

    /// A buffer of `count` elements of the datatype `handle` (a derived one must be committed);
    /// `what` names the count.
    pub fn shape(&mut self, handle: i64, count: i64, what: &str) -> Result<Shape, ErrorKind> {
        let map = match self.slot(handle) {
            None => {
                let d = Datatype::from_handle(handle)?;
                // Checked first: not negative, and its bytes fit a rank's memory.
                d.bytes(count, what)?;
                return Ok(Shape::predefined(d, count as u32));
            }
            Some(map) => Rc::clone(map?),
        };
        if !map.committed {
            return Err(ErrorKind::UncommittedDatatype(handle));
        }
        let count = u32::try_from(count).map_err(|_| ErrorKind::NegativeCount {
            what: what.to_string(),
            count,
        })?;
        if map.size() * u64::from(count) > u64::from(u32::MAX) {
            return Err(ErrorKind::TooLargeDerived);
        }
        Ok(Shape::Mapped { map, count })
    }
}

/// Whether `handle` is in the range of derived datatypes' handles.
pub fn is_derived(handle: i64) -> bool {
    (i64::from(DERIVED_BASE)..i64::from(DERIVED_BASE) + MAX_TYPES as i64).contains(&handle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_carry_their_data_without_padding() {
        let double_int = TypeMap::basic(Datatype::DoubleInt);
        assert_eq!((double_int.size(), double_int.extent()), (12, 16));
        let short_int = TypeMap::basic(Datatype::ShortInt);
        assert_eq!(short_int.runs, vec![(0, 2), (4, 4)]);
        assert_eq!(short_int.elements_in(12), Some(4));
        let three = TypeMap::blocks(&[3], &[0], &[&double_int], false);
        assert_eq!((three.size(), three.extent()), (36, 48));
        let mut types = Types::default();
        let handle = i64::from(Datatype::DoubleInt.handle());
        assert!(matches!(
            types.shape(handle, 2, "count"),
            Ok(Shape::Mapped { count: 2, .. })
        ));
        assert!(matches!(
            types.shape(i64::from(Datatype::TwoInt.handle()), 2, "count"),
            Ok(Shape::Contiguous(16))
        ));
    }

    #[test]
    fn vectors_structs_and_indexed_have_mpichs_extents() {
        let double = TypeMap::basic(Datatype::Double);
        let v = TypeMap::blocks(&[2, 2, 2], &[0, 40, 80], &[&double], false);
        assert_eq!((v.lb(), v.extent(), v.size()), (0, 96, 48));
        let int = TypeMap::basic(Datatype::Int);
        let ch = TypeMap::basic(Datatype::Char);
        let s = TypeMap::blocks(&[1, 3], &[0, 4], &[&int, &ch], true);
        assert_eq!((s.extent(), s.size()), (8, 7));
        let s = TypeMap::blocks(&[1, 1], &[0, 8], &[&double, &ch], true);
        assert_eq!((s.extent(), s.size(), s.base()), (16, 9, None));
        let ix = TypeMap::blocks(&[2, 1], &[12, 0], &[&int], false);
        assert_eq!((ix.extent(), ix.base()), (20, Some(Datatype::Int)));
        let empty = TypeMap::blocks(&[0], &[0], &[&int], false);
        assert_eq!((empty.extent(), empty.size()), (0, 0));
    }

    #[test]
    fn shapes_pack_and_unpack_through_the_map() {
        let mut mem = Memory::new(1024);
        let base = mem.alloc(64, 8).unwrap();
        let bytes: Vec<u8> = (0..64).collect();
        mem.write(base, &bytes).unwrap();
        let int = TypeMap::basic(Datatype::Int);
        let mut column = TypeMap::blocks(&[1, 1], &[0, 16], &[&int], false);
        column.committed = true;
        let shape = Shape::Mapped {
            map: Rc::new(column),
            count: 2,
        };
        assert_eq!(shape.bytes(), 16);
        let packed = shape.read(&mem, base, "the buffer").unwrap();
        assert_eq!(
            packed,
            [0, 1, 2, 3, 16, 17, 18, 19, 20, 21, 22, 23, 36, 37, 38, 39]
        );
        shape
            .write(&mut mem, base + 1, &packed, "the buffer")
            .unwrap();
        assert_eq!(mem.read(base + 21, 4).unwrap(), [20, 21, 22, 23]);
    }

    #[test]
    fn the_table_commits_frees_and_rejects_uncommitted_types() {
        let mut t = Types::default();
        let h = t.insert(TypeMap::basic(Datatype::Int)).unwrap();
        assert!(is_derived(i64::from(h)));
        let mut m = (*t.map(i64::from(h)).unwrap()).clone();
        m.committed = false;
        let h2 = t.insert(m).unwrap();
        assert_eq!(
            t.shape(i64::from(h2), 1, "count"),
            Err(ErrorKind::UncommittedDatatype(i64::from(h2)))
        );
        t.commit(i64::from(h2)).unwrap();
        assert!(t.shape(i64::from(h2), 3, "count").is_ok());
        t.free(i64::from(h2)).unwrap();
        assert_eq!(
            t.shape(i64::from(h2), 1, "count"),
            Err(ErrorKind::FreedDatatype(i64::from(h2)))
        );
        assert!(t.free(i64::from(super::super::constants::MPI_INT)).is_err());
    }
}
