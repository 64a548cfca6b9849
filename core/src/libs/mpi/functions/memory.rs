//! Memory for one-sided communication: `MPI_Alloc_mem` and `MPI_Free_mem`, on the rank's heap
//! (what `malloc` and `free` use, counted in the rank's memory limit).

use super::params::{p, K};
use crate::lang::vm::memory::MemError;
use crate::libs::function::{done, MpiFunction};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::write_bytes;
use crate::libs::mpi::constants as k;
use crate::libs::mpi::errhandler::refused;
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::info::is_info_handle;

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Alloc_mem", "Local: `size` bytes of the rank's heap (as `malloc`, counted in the rank's memory), their address written to `*baseptr`; `MPI_ERR_NO_MEM` when they do not fit, `MPI_ERR_ARG` for a negative size, as MPICH. The info's hints change nothing.",
        &[
            p("size", K::Word("MPI_Aint")),
            p("info", K::Handle(HandleKind::INFO)),
            p("baseptr", K::Buffer),
        ],
        |s, a, mem, _| {
            let size = a.int(0);
            if size < 0 {
                return Err(refused(k::MPI_ERR_ARG, format!("size is {size}: it must be 0 or more")));
            }
            let info = a.int(1);
            if !is_info_handle(info) {
                return Err(refused(k::MPI_ERR_INFO, format!("invalid info object {info}")));
            }
            let no_mem = |limit: Option<u32>| {
                let limit = limit.map_or_else(String::new, |l| format!(" of {l} bytes"));
                refused(
                    k::MPI_ERR_NO_MEM,
                    format!("{size} bytes do not fit in the rank's memory{limit}: raise it with `--memory` on the command line, or \"Memory per rank\" in the playground"),
                )
            };
            let bytes = u32::try_from(size).map_err(|_| no_mem(None))?;
            let base = match mem.malloc(bytes, s.origin.line) {
                Ok(base) => base,
                Err(MemError::OutOfMemory { limit, .. }) => return Err(no_mem(Some(limit))),
                Err(error) => return Err(ErrorKind::Memory { what: "the allocation", error }),
            };
            write_bytes(mem, a.addr(2), &u64::from(base).to_le_bytes(), "the base pointer variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Free_mem", "Local: frees what `MPI_Alloc_mem` gave (as `free`; `NULL` does nothing).",
        &[p("base", K::Buffer)],
        |s, a, mem, _| {
            let base = a.addr(0);
            if base == 0 {
                return done();
            }
            mem.free(base, s.origin.line)
                .map_err(|error| ErrorKind::Memory { what: "the memory to free", error })?;
            done()
        },
    ),
];
