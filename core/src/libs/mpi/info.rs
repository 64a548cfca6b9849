//! `MPI_Info` objects as MPICH 4.0.2 keeps them: ordered lists of (key, value) strings, keys in
//! the order they were first set (setting a key again replaces its value in place), handles
//! `0x9c000000 + n` with freed numbers reused last-freed first (MPICH's handle pool);
//! `MPI_INFO_ENV` is predefined and empty, as under Debian's `mpiexec`. The hints a
//! communicator and a window report (`MPI_Comm_get_info`, `MPI_Win_get_info`) are MPICH's
//! defaults on these machines, measured; a hint set with `_set_info` replaces a default of the
//! same key and is otherwise ignored, as MPICH ignores hints it does not know.

use std::collections::BTreeMap;

use super::constants as k;
use super::errhandler::refused;
use super::error::ErrorKind;
use crate::lang::vm::memory::{Addr, Memory};

/// Reads the C string at `addr` (at most `max` characters before its NUL).
pub(super) fn read_string(
    mem: &Memory,
    addr: Addr,
    max: u32,
    what: &'static str,
) -> Result<String, ErrorKind> {
    let mut bytes = Vec::new();
    loop {
        let at = addr.checked_add(bytes.len() as Addr).unwrap_or(Addr::MAX);
        let b = mem
            .read_u8(at)
            .map_err(|error| ErrorKind::Memory { what, error })?;
        if b == 0 {
            break;
        }
        if bytes.len() as u32 >= max {
            return Err(refused(
                k::MPI_ERR_ARG,
                format!("{what} is longer than {max} characters (is it NUL-terminated?)"),
            ));
        }
        bytes.push(b);
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The first handle of an info object a program made.
const INFO_BASE: i32 = 0x9c00_0000_u32 as i32;
/// At most this many info objects live at once.
const MAX_INFOS: usize = 1 << 20;

/// The hints MPICH 4.0.2 reports for a communicator (`MPI_Comm_get_info` on
/// `MPI_COMM_WORLD`, measured), in its order.
pub(super) const COMM_HINTS: &[(&str, &str)] = &[
    ("mpi_assert_no_any_tag", "false"),
    ("mpi_assert_no_any_source", "false"),
    ("mpi_assert_exact_length", "false"),
    ("mpi_assert_allow_overtaking", "false"),
    ("enable_multi_nic_striping", "true"),
    ("enable_multi_nic_hashing", "true"),
    ("multi_nic_pref_nic", "-1"),
    ("sender_vci", "-1"),
    ("receiver_vci", "-1"),
    ("vci", "-1"),
];

/// The hints MPICH 4.0.2 reports for a window (`MPI_Win_get_info`, measured), in its order.
pub(super) const WIN_HINTS: &[(&str, &str)] = &[
    ("no_locks", "false"),
    ("accumulate_ordering", "rar,raw,war,waw"),
    ("accumulate_ops", "same_op_no_op"),
    ("alloc_shared_noncontig", "false"),
    ("same_size", "false"),
    ("same_disp_unit", "false"),
    ("alloc_shm", "true"),
    (
        "which_accumulate_ops",
        "cswap,max,min,sum,prod,land,band,lor,bor,lxor,bxor,minloc,maxloc,replace,no_op",
    ),
    ("accumulate_noncontig_dtype", "true"),
    ("accumulate_max_bytes", "unlimited"),
    ("disable_shm_accumulate", "false"),
    ("coll_attach", "false"),
    (
        "perf_preference",
        "cswap,max,min,sum,prod,land,band,lor,bor,lxor,bxor,minloc,maxloc,replace,no_op",
    ),
];

/// One info object: its pairs in order.
pub(super) type Pairs = Vec<(String, String)>;

/// The rank's info objects, and the hints set on communicators and windows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Infos {
    objects: Vec<Option<Pairs>>,
    /// Freed numbers, the last freed last.
    free: Vec<usize>,
    /// Hints set on communicators (by handle): values replacing [`COMM_HINTS`]' defaults.
    pub(super) comm_hints: BTreeMap<i32, Pairs>,
    /// Hints set on windows (by handle): values replacing [`WIN_HINTS`]' defaults.
    pub(super) win_hints: BTreeMap<i32, Pairs>,
}

/// Whether `handle` is in the range of info handles a program gets (for calls that only pass
/// an info on).
pub(super) fn is_info_handle(handle: i64) -> bool {
    handle == i64::from(k::MPI_INFO_NULL)
        || handle == i64::from(k::MPI_INFO_ENV)
        || (i64::from(INFO_BASE)..i64::from(INFO_BASE) + MAX_INFOS as i64).contains(&handle)
}

/// Checks a key: 1 to `MPI_MAX_INFO_KEY` characters.
pub(super) fn check_key(key: &str) -> Result<(), ErrorKind> {
    if key.is_empty() || key.len() > k::MPI_MAX_INFO_KEY as usize {
        return Err(refused(
            k::MPI_ERR_INFO_KEY,
            format!(
                "the key \"{key}\" must have 1 to MPI_MAX_INFO_KEY ({}) characters",
                k::MPI_MAX_INFO_KEY
            ),
        ));
    }
    Ok(())
}

impl Infos {
    /// `MPI_Info_create` (or `_dup`): a new object holding `pairs`; its handle.
    pub(super) fn create(&mut self, pairs: Pairs) -> Result<i32, ErrorKind> {
        let index = match self.free.pop() {
            Some(i) => i,
            None if self.objects.len() < MAX_INFOS => {
                self.objects.push(None);
                self.objects.len() - 1
            }
            None => {
                return Err(refused(
                    k::MPI_ERR_OTHER,
                    "too many info objects: free some with MPI_Info_free",
                ))
            }
        };
        self.objects[index] = Some(pairs);
        Ok(INFO_BASE + index as i32)
    }

    fn index(&self, handle: i64) -> Result<usize, ErrorKind> {
        if handle == i64::from(k::MPI_INFO_NULL) {
            return Err(refused(
                k::MPI_ERR_ARG,
                "the info object is MPI_INFO_NULL: create one with MPI_Info_create",
            ));
        }
        let i = handle - i64::from(INFO_BASE);
        match usize::try_from(i).ok() {
            Some(i) if matches!(self.objects.get(i), Some(Some(_))) => Ok(i),
            _ => Err(refused(
                k::MPI_ERR_INFO,
                format!(
                    "invalid info object {handle}: it was freed, or never made by MPI_Info_create"
                ),
            )),
        }
    }

    /// The pairs of `handle` (`MPI_INFO_ENV`'s: none).
    pub(super) fn get(&self, handle: i64) -> Result<&[(String, String)], ErrorKind> {
        if handle == i64::from(k::MPI_INFO_ENV) {
            return Ok(&[]);
        }
        let i = self.index(handle)?;
        Ok(self.objects[i].as_deref().unwrap_or_default())
    }

    fn get_mut(&mut self, handle: i64) -> Result<&mut Pairs, ErrorKind> {
        if handle == i64::from(k::MPI_INFO_ENV) {
            return Err(refused(
                k::MPI_ERR_INFO,
                "MPI_INFO_ENV is predefined: it cannot be changed",
            ));
        }
        let i = self.index(handle)?;
        self.objects[i]
            .as_mut()
            .ok_or(ErrorKind::Internal("a checked info object vanished"))
    }

    /// `MPI_Info_set`.
    pub(super) fn set(&mut self, handle: i64, key: String, value: String) -> Result<(), ErrorKind> {
        check_key(&key)?;
        if value.len() > k::MPI_MAX_INFO_VAL as usize {
            return Err(refused(
                k::MPI_ERR_INFO_VALUE,
                format!(
                    "the value for \"{key}\" has {} characters: at most MPI_MAX_INFO_VAL ({})",
                    value.len(),
                    k::MPI_MAX_INFO_VAL
                ),
            ));
        }
        let pairs = self.get_mut(handle)?;
        match pairs.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => *v = value,
            None => pairs.push((key, value)),
        }
        Ok(())
    }

    /// `MPI_Info_delete`.
    pub(super) fn delete(&mut self, handle: i64, key: &str) -> Result<(), ErrorKind> {
        check_key(key)?;
        let pairs = self.get_mut(handle)?;
        match pairs.iter().position(|(k, _)| k == key) {
            Some(i) => {
                pairs.remove(i);
                Ok(())
            }
            None => Err(refused(
                k::MPI_ERR_INFO_NOKEY,
                format!("the info object has no key \"{key}\""),
            )),
        }
    }

    /// `MPI_Info_free`.
    pub(super) fn free(&mut self, handle: i64) -> Result<(), ErrorKind> {
        if handle == i64::from(k::MPI_INFO_ENV) {
            return Err(refused(
                k::MPI_ERR_INFO,
                "MPI_INFO_ENV is predefined: it cannot be freed",
            ));
        }
        let i = self.index(handle)?;
        self.objects[i] = None;
        self.free.push(i);
        Ok(())
    }
}

/// The hints an object reports: `defaults` with the values set replacing theirs.
pub(super) fn hints(defaults: &[(&str, &str)], set: Option<&Pairs>) -> Pairs {
    defaults
        .iter()
        .map(|(key, value)| {
            let v = set
                .and_then(|s| s.iter().find(|(k, _)| k == key))
                .map_or_else(|| (*value).to_string(), |(_, v)| v.clone());
            ((*key).to_string(), v)
        })
        .collect()
}

/// Keeps, of `pairs`, the hints `defaults` knows (the others MPICH ignores), merged into `old`.
pub(super) fn merge_hints(defaults: &[(&str, &str)], old: &mut Pairs, pairs: &[(String, String)]) {
    for (key, value) in pairs {
        if !defaults.iter().any(|(d, _)| d == key) {
            continue;
        }
        match old.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => v.clone_from(value),
            None => old.push((key.clone(), value.clone())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_keep_their_first_order_and_handles_are_reused_last_freed_first() {
        let mut infos = Infos::default();
        let a = infos.create(Vec::new()).unwrap();
        assert_eq!(a, INFO_BASE);
        infos.set(i64::from(a), "file".into(), "x".into()).unwrap();
        infos.set(i64::from(a), "host".into(), "y".into()).unwrap();
        infos.set(i64::from(a), "file".into(), "z".into()).unwrap();
        let keys: Vec<&str> = infos
            .get(i64::from(a))
            .unwrap()
            .iter()
            .map(|(k, _)| k.as_str())
            .collect();
        assert_eq!(keys, ["file", "host"]);
        assert_eq!(infos.get(i64::from(a)).unwrap()[0].1, "z");
        let b = infos.create(Vec::new()).unwrap();
        infos.free(i64::from(a)).unwrap();
        infos.free(i64::from(b)).unwrap();
        assert_eq!(infos.create(Vec::new()).unwrap(), b);
        assert!(infos.get(i64::from(a)).is_err());
        assert!(infos.delete(i64::from(b), "nope").is_err());
        assert!(check_key("").is_err());
        assert_eq!(infos.get(i64::from(k::MPI_INFO_ENV)).unwrap().len(), 0);
    }

    #[test]
    fn hints_mpich_knows_replace_its_defaults() {
        let mut set = Vec::new();
        merge_hints(
            WIN_HINTS,
            &mut set,
            &[
                ("no_locks".into(), "true".into()),
                ("foo".into(), "bar".into()),
            ],
        );
        let h = hints(WIN_HINTS, Some(&set));
        assert_eq!(h.len(), 13);
        assert_eq!(h[0], ("no_locks".to_string(), "true".to_string()));
    }
}
