//! The binding table: every function a C program may call from the libraries — MPI's families,
//! ACP's and PVM's — in one fixed order. The checker, the compiler and the VM meet the libraries
//! only here: a function's signature, its index (which the bytecode stores) and its code.

use super::function::MpiFunction;
use super::mpi::functions::{
    active_target, alltoallw, attributes, collectives, comm_constructors, communicators,
    completion, datatypes, environment, errhandlers, graph_topologies, groups, info, intercomms,
    matched_probe, memory, neighbor_collectives, nonblocking_collectives, not_run, one_sided,
    packing, persistent_collectives, point_to_point, reduce_local, request_kinds, rma_atomics,
    statuses, topologies, type_queries, windows_dynamic,
};

/// One family of functions (a file of `mpi::functions`, or the ACP or PVM library), titled for
/// the reference.
#[derive(Copy, Clone, Debug)]
pub struct Family {
    /// A short id (`point-to-point`), the reference's anchor.
    pub id: &'static str,
    /// Its title (`Point-to-point`).
    pub title: &'static str,
    /// How the family is modelled as a whole, in a sentence or two (the reference shows it).
    pub about: &'static str,
    /// Its functions.
    pub functions: &'static [MpiFunction],
}

/// The families, in a fixed order: a function's index (which the bytecode stores) is its position
/// in the concatenation.
pub const FAMILIES: &[Family] = &[
    Family {
        id: "environment",
        title: "Environment",
        about:
            "Starting and ending MPI, ranks, sizes and the clock. Local calls: no message moves.",
        functions: environment::FUNCTIONS,
    },
    Family {
        id: "point-to-point",
        title: "Point-to-point",
        about: "Messages matched by source, tag and communicator under the run's engine: eager \
                (the data travels at once; a standard send above the eager limit completes only \
                once matched) or one of paper 000's six matching engines, whose request packets \
                run as handlers on the target's processor.",
        functions: point_to_point::FUNCTIONS,
    },
    Family {
        id: "completion",
        title: "Completion and probes",
        about: "Waits block the rank until requests complete (under paper 000's engines a woken \
                rank continues after `o`); tests and probes that find nothing let the polling \
                time pass.",
        functions: completion::FUNCTIONS,
    },
    Family {
        id: "matched-probe",
        title: "Matched probes",
        about: "A probe that takes the message it finds out of matching, so that exactly that \
                message is received next by `MPI_Mrecv`, whatever other receives are posted.",
        functions: matched_probe::FUNCTIONS,
    },
    Family {
        id: "statuses",
        title: "Statuses",
        about: "A status holds what a completed receive reports, laid out as MPICH's: source, \
                tag, error, a 63-bit byte count and a cancelled bit. Local calls.",
        functions: statuses::FUNCTIONS,
    },
    Family {
        id: "collectives",
        title: "Collectives",
        about: "Resumable state machines over point-to-point with reserved tags, each following \
                MPICH's algorithm for its size; a reduction costs one operation per element \
                combined. Every rank's call is checked against the others' (function, root, \
                count, datatype).",
        functions: collectives::FUNCTIONS,
    },
    Family {
        id: "nonblocking-collectives",
        title: "Non-blocking collectives",
        about:
            "The blocking collectives' algorithms, started: a call posts the first messages and \
                returns a request; the algorithm goes on only inside `MPI_Test` and the waits, as \
                MPICH progresses it, so computation in between overlaps the first round.",
        functions: nonblocking_collectives::FUNCTIONS,
    },
    Family {
        id: "one-sided",
        title: "One-sided",
        about: "Windows on the program's own memory; operations run on the target's NIC without \
                its processor (in its software where the machine lacks the hardware) and need an \
                access epoch; synchronizations complete them.",
        functions: one_sided::FUNCTIONS,
    },
    Family {
        id: "windows-dynamic",
        title: "More about windows",
        about: "Dynamic windows whose memory each rank attaches, a window's group, local \
                completion and `MPI_Win_sync`.",
        functions: windows_dynamic::FUNCTIONS,
    },
    Family {
        id: "rma-atomics",
        title: "Fetching accumulates",
        about: "`MPI_Get_accumulate`: an accumulate that returns what the target held, as one \
                atomic access of the one-sided layer.",
        functions: rma_atomics::FUNCTIONS,
    },
    Family {
        id: "active-target",
        title: "Post, start, complete, wait",
        about: "General active-target synchronization: empty messages on the window's \
                communicator open and close the epochs between groups of origins and targets.",
        functions: active_target::FUNCTIONS,
    },
    Family {
        id: "datatypes",
        title: "Datatypes",
        about: "Every predefined datatype with LP64 sizes; derived types are type maps whose data \
                bytes messages carry packed. Local calls.",
        functions: datatypes::FUNCTIONS,
    },
    Family {
        id: "communicators",
        title: "Communicators",
        about: "Every message carries its communicator's context id, so matching separates \
                communicators under every engine; creation is collective on the parent.",
        functions: communicators::FUNCTIONS,
    },
    Family {
        id: "groups",
        title: "Groups",
        about: "Ordered lists of ranks. Local calls: no message moves.",
        functions: groups::FUNCTIONS,
    },
    Family {
        id: "comm-constructors",
        title: "More communicator and group constructors",
        about: "Creating a communicator over a group alone, by node, or with info; group ranges, \
                unions, intersections and differences; names. Creation is collective on the \
                ranks that take part; groups are local.",
        functions: comm_constructors::FUNCTIONS,
    },
    Family {
        id: "intercommunicators",
        title: "Intercommunicators",
        about: "Two disjoint groups joined: a point-to-point rank names a rank of the other \
                group, and a message carries a context id free on every rank of both. Creating \
                one is collective on both groups; duplicating, splitting and merging run over \
                both.",
        functions: intercomms::FUNCTIONS,
    },
    Family {
        id: "topologies",
        title: "Topologies",
        about: "Cartesian topologies as MPICH computes them; creation is a split of the parent.",
        functions: topologies::FUNCTIONS,
    },
    Family {
        id: "errhandlers",
        title: "Error handlers and codes",
        about: "A failed call stops the run unless its communicator's (or window's) handler — \
                else MPI_COMM_WORLD's — says otherwise: MPI_ERRORS_RETURN returns the error's \
                class as its code, a handler of the program's runs first. Mistakes MPICH does \
                not detect (a send and receive whose datatypes differ, collectives called \
                differently) always stop the run. Local calls.",
        functions: errhandlers::FUNCTIONS,
    },
    Family {
        id: "info",
        title: "Info objects",
        about: "Ordered (key, value) strings as MPICH keeps them; the hints communicators and \
                windows report are MPICH's. Local calls, also before MPI_Init and after \
                MPI_Finalize.",
        functions: info::FUNCTIONS,
    },
    Family {
        id: "memory",
        title: "Memory",
        about: "MPI_Alloc_mem and MPI_Free_mem on the rank's heap, counted in its memory. Local \
                calls.",
        functions: memory::FUNCTIONS,
    },
    Family {
        id: "acp",
        title: "ACP basic layer (paper 001)",
        about: "One-sided copies and atomics between global addresses with no communication \
                buffers, as the ACP library's InfiniBand basic layer does them: calls enqueue \
                commands and return handles; each rank's communication thread carries them out \
                in handle order (skipping those whose order handle is incomplete); a copy whose \
                source is another rank's goes to that rank as a command. Include `acp.h`; \
                `acp_init` starts it, independently of MPI.",
        functions: crate::libs::acp::FUNCTIONS,
    },
    Family {
        id: "pvm",
        title: "PVM 3 (paper 004)",
        about: "Message passing through PVM's daemons, as PVM 3 does it on FOLON: a task's \
                message leaves in fragments for its host's pvmd, which sends each to the \
                destination host's pvmd (over UDP on the Ethernet, or over FCP on the VME bus), \
                which acknowledges it and writes it to the task — or, on the direct route, \
                task to task over FCP. Include `pvm3.h`; tasks are the run's ranks, started \
                together (`pvm_spawn` is static). Runs on `folon`.",
        functions: crate::libs::pvm::FUNCTIONS,
    },
    Family {
        id: "attributes",
        title: "Attributes",
        about: "Keyvals and the values a program caches on communicators, datatypes and windows, \
                with MPICH's predefined attributes; the program's copy and delete callbacks run \
                on duplication, free, delete and set-over (no MPI inside them). Local calls.",
        functions: attributes::FUNCTIONS,
    },
    Family {
        id: "type-queries",
        title: "Datatype queries and more constructors",
        about: "How a datatype was made (`MPI_Type_get_envelope`, `_contents`), names, duplicates \
                and true extents; block-indexed, hindexed, subarray and darray types; the MPI-1 \
                names MPICH still accepts. Local calls.",
        functions: type_queries::FUNCTIONS,
    },
    Family {
        id: "alltoallw",
        title: "All-to-all with datatypes per block",
        about: "`MPI_Alltoallw` and its non-blocking form: each block has its own count, byte \
                displacement and datatype; the messages are `MPI_Alltoallv`'s.",
        functions: alltoallw::FUNCTIONS,
    },
    Family {
        id: "persistent-collectives",
        title: "Persistent collectives",
        about: "MPI-4's `MPI_Bcast_init` and its kin: a local call keeps the arguments in a \
                persistent request; each `MPI_Start` runs the collective as its non-blocking \
                form does, and the completed request is inactive again, ready to restart.",
        functions: persistent_collectives::FUNCTIONS,
    },
    Family {
        id: "graph-topologies",
        title: "Graph topologies",
        about: "MPI-1's graph topologies and the mapping calls: a graph rides on a communicator \
                made like `MPI_Comm_split`'s, ranks keep their ranks (MPICH without a device \
                mapping). Local calls but the creation.",
        functions: graph_topologies::FUNCTIONS,
    },
    Family {
        id: "reduce-local",
        title: "Local reductions",
        about: "`MPI_Reduce_local`: a reduction's arithmetic on one rank's two buffers, no \
                message.",
        functions: reduce_local::FUNCTIONS,
    },
    Family {
        id: "neighbor-collectives",
        title: "Neighbourhood collectives",
        about: "Exchanges with a topology's neighbours (a Cartesian grid's ranks below and \
                above in each dimension, a graph's edges), as MPICH's linear schedule: every \
                receive posted, then every send.",
        functions: neighbor_collectives::FUNCTIONS,
    },
    Family {
        id: "packing",
        title: "Packing",
        about: "A datatype's data as contiguous bytes in a user buffer, which then travels as \
                `MPI_PACKED`: MPICH's sizes (no header), and the MPI standard's big-endian \
                external32. Local calls.",
        functions: packing::FUNCTIONS,
    },
    Family {
        id: "request-kinds",
        title: "More requests",
        about: "MPI-4's non-blocking `MPI_Sendrecv`, persistent buffered sends, a look at a \
                request that leaves it alone, and the library's version string.",
        functions: request_kinds::FUNCTIONS,
    },
    Family {
        id: "not-run",
        title: "Not run yet",
        about: "The rest of the MPI standard's C functions, as MPICH 4.0.2 declares them: a \
                program that names one compiles, and a rank that calls one stops there with an \
                error naming it.",
        functions: not_run::FUNCTIONS,
    },
];

/// Every MPI function in index order.
pub fn all() -> impl Iterator<Item = &'static MpiFunction> {
    FAMILIES.iter().flat_map(|family| family.functions.iter())
}

/// The index and definition of the MPI function called `name`.
pub fn find(name: &str) -> Option<(usize, &'static MpiFunction)> {
    all().enumerate().find(|(_, f)| f.sig.name == name)
}

/// The MPI function with index `index`.
pub fn get(index: usize) -> Option<&'static MpiFunction> {
    all().nth(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_mpi_acp_or_pvm() {
        for (i, f) in all().enumerate() {
            assert!(
                f.name().starts_with("MPI_")
                    || f.name().starts_with("MPIX_")
                    || f.name().starts_with("acp_")
                    || f.name().starts_with("pvm_"),
                "{}",
                f.name()
            );
            assert_eq!(
                find(f.name()).map(|(index, _)| index),
                Some(i),
                "{}",
                f.name()
            );
            assert_eq!(get(i), Some(f));
        }
    }
}
