//! Every C function of the MPI standard that MPICH 4.0.2's `mpi_proto.h` declares and
//! Rankscope does not run yet (written by `scripts/mpi_not_run.py`; do not edit by hand).
//! A program naming one compiles, as against MPICH's `mpi.h`; a rank that calls one stops
//! there, the error naming the function and its line.

use super::params::{p, K};
use crate::libs::function::MpiFunction;
use crate::libs::mpi::error::ErrorKind;

/// What every entry's call does: stop the rank, naming the function.
const NOTE: &str = "Not run by Rankscope yet: a program naming it compiles, and a rank that calls it stops there with an error naming it.";

/// The 161 functions, in `mpi_proto.h`'s order.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new("MPI_DUP_FN", NOTE, &[p("oldcomm", K::Unchecked("MPI_Comm")), p("keyval", K::Unchecked("int")), p("extra_state", K::Unchecked("void *")), p("attribute_val_in", K::Unchecked("void *")), p("attribute_val_out", K::Unchecked("void *")), p("flag", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_create_f90_integer", NOTE, &[p("r", K::Unchecked("int")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_create_f90_real", NOTE, &[p("p", K::Unchecked("int")), p("r", K::Unchecked("int")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_create_f90_complex", NOTE, &[p("p", K::Unchecked("int")), p("r", K::Unchecked("int")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Attr_delete", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("keyval", K::Unchecked("int"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Attr_get", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("keyval", K::Unchecked("int")), p("attribute_val", K::Unchecked("void *")), p("flag", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Attr_put", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("keyval", K::Unchecked("int")), p("attribute_val", K::Unchecked("void *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_create_keyval", NOTE, &[p("comm_copy_attr_fn", K::Unchecked("MPI_Comm_copy_attr_function *")), p("comm_delete_attr_fn", K::Unchecked("MPI_Comm_delete_attr_function *")), p("comm_keyval", K::Unchecked("int *")), p("extra_state", K::Unchecked("void *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_delete_attr", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("comm_keyval", K::Unchecked("int"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_free_keyval", NOTE, &[p("comm_keyval", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_get_attr", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("comm_keyval", K::Unchecked("int")), p("attribute_val", K::Unchecked("void *")), p("flag", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_set_attr", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("comm_keyval", K::Unchecked("int")), p("attribute_val", K::Unchecked("void *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Keyval_create", NOTE, &[p("copy_fn", K::Unchecked("MPI_Copy_function *")), p("delete_fn", K::Unchecked("MPI_Delete_function *")), p("keyval", K::Unchecked("int *")), p("extra_state", K::Unchecked("void *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Keyval_free", NOTE, &[p("keyval", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_create_keyval", NOTE, &[p("type_copy_attr_fn", K::Unchecked("MPI_Type_copy_attr_function *")), p("type_delete_attr_fn", K::Unchecked("MPI_Type_delete_attr_function *")), p("type_keyval", K::Unchecked("int *")), p("extra_state", K::Unchecked("void *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_delete_attr", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("type_keyval", K::Unchecked("int"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_free_keyval", NOTE, &[p("type_keyval", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_get_attr", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("type_keyval", K::Unchecked("int")), p("attribute_val", K::Unchecked("void *")), p("flag", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_set_attr", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("type_keyval", K::Unchecked("int")), p("attribute_val", K::Unchecked("void *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_create_keyval", NOTE, &[p("win_copy_attr_fn", K::Unchecked("MPI_Win_copy_attr_function *")), p("win_delete_attr_fn", K::Unchecked("MPI_Win_delete_attr_function *")), p("win_keyval", K::Unchecked("int *")), p("extra_state", K::Unchecked("void *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_delete_attr", NOTE, &[p("win", K::Unchecked("MPI_Win")), p("win_keyval", K::Unchecked("int"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_free_keyval", NOTE, &[p("win_keyval", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_get_attr", NOTE, &[p("win", K::Unchecked("MPI_Win")), p("win_keyval", K::Unchecked("int")), p("attribute_val", K::Unchecked("void *")), p("flag", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_set_attr", NOTE, &[p("win", K::Unchecked("MPI_Win")), p("win_keyval", K::Unchecked("int")), p("attribute_val", K::Unchecked("void *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Allgather_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Allgatherv_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("displs", K::Unchecked("const int *")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Allreduce_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("recvbuf", K::Unchecked("void *")), p("count", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("op", K::Unchecked("MPI_Op")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Alltoall_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Alltoallv_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("sdispls", K::Unchecked("const int *")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("rdispls", K::Unchecked("const int *")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Alltoallw", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("sdispls", K::Unchecked("const int *")), p("sendtypes", K::Unchecked("const MPI_Datatype *")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("rdispls", K::Unchecked("const int *")), p("recvtypes", K::Unchecked("const MPI_Datatype *")), p("comm", K::Unchecked("MPI_Comm"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Alltoallw_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("sdispls", K::Unchecked("const int *")), p("sendtypes", K::Unchecked("const MPI_Datatype *")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("rdispls", K::Unchecked("const int *")), p("recvtypes", K::Unchecked("const MPI_Datatype *")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Barrier_init", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Bcast_init", NOTE, &[p("buffer", K::Unchecked("void *")), p("count", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("root", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Exscan_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("recvbuf", K::Unchecked("void *")), p("count", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("op", K::Unchecked("MPI_Op")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Gather_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("root", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Gatherv_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("displs", K::Unchecked("const int *")), p("recvtype", K::Unchecked("MPI_Datatype")), p("root", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Ialltoallw", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("sdispls", K::Unchecked("const int *")), p("sendtypes", K::Unchecked("const MPI_Datatype *")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("rdispls", K::Unchecked("const int *")), p("recvtypes", K::Unchecked("const MPI_Datatype *")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Ineighbor_allgather", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Ineighbor_allgatherv", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("displs", K::Unchecked("const int *")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Ineighbor_alltoall", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Ineighbor_alltoallv", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("sdispls", K::Unchecked("const int *")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("rdispls", K::Unchecked("const int *")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Ineighbor_alltoallw", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("sdispls", K::Unchecked("const MPI_Aint *")), p("sendtypes", K::Unchecked("const MPI_Datatype *")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("rdispls", K::Unchecked("const MPI_Aint *")), p("recvtypes", K::Unchecked("const MPI_Datatype *")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Neighbor_allgather", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Neighbor_allgather_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Neighbor_allgatherv", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("displs", K::Unchecked("const int *")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Neighbor_allgatherv_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("displs", K::Unchecked("const int *")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Neighbor_alltoall", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Neighbor_alltoall_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Neighbor_alltoallv", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("sdispls", K::Unchecked("const int *")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("rdispls", K::Unchecked("const int *")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Neighbor_alltoallv_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("sdispls", K::Unchecked("const int *")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("rdispls", K::Unchecked("const int *")), p("recvtype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Neighbor_alltoallw", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("sdispls", K::Unchecked("const MPI_Aint *")), p("sendtypes", K::Unchecked("const MPI_Datatype *")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("rdispls", K::Unchecked("const MPI_Aint *")), p("recvtypes", K::Unchecked("const MPI_Datatype *")), p("comm", K::Unchecked("MPI_Comm"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Neighbor_alltoallw_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("sdispls", K::Unchecked("const MPI_Aint *")), p("sendtypes", K::Unchecked("const MPI_Datatype *")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("rdispls", K::Unchecked("const MPI_Aint *")), p("recvtypes", K::Unchecked("const MPI_Datatype *")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Reduce_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("recvbuf", K::Unchecked("void *")), p("count", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("op", K::Unchecked("MPI_Op")), p("root", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Reduce_local", NOTE, &[p("inbuf", K::Unchecked("const void *")), p("inoutbuf", K::Unchecked("void *")), p("count", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("op", K::Unchecked("MPI_Op"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Reduce_scatter_block_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("op", K::Unchecked("MPI_Op")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Reduce_scatter_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("recvbuf", K::Unchecked("void *")), p("recvcounts", K::Unchecked("const int *")), p("datatype", K::Unchecked("MPI_Datatype")), p("op", K::Unchecked("MPI_Op")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Scan_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("recvbuf", K::Unchecked("void *")), p("count", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("op", K::Unchecked("MPI_Op")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Scatter_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("root", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Scatterv_init", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcounts", K::Unchecked("const int *")), p("displs", K::Unchecked("const int *")), p("sendtype", K::Unchecked("MPI_Datatype")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("root", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Intercomm_create_from_groups", NOTE, &[p("local_group", K::Unchecked("MPI_Group")), p("local_leader", K::Unchecked("int")), p("remote_group", K::Unchecked("MPI_Group")), p("remote_leader", K::Unchecked("int")), p("stringtag", K::Unchecked("const char *")), p("info", K::Unchecked("MPI_Info")), p("errhandler", K::Unchecked("MPI_Errhandler")), p("newintercomm", K::Unchecked("MPI_Comm *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Pack", NOTE, &[p("inbuf", K::Unchecked("const void *")), p("incount", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("outbuf", K::Unchecked("void *")), p("outsize", K::Unchecked("int")), p("position", K::Unchecked("int *")), p("comm", K::Unchecked("MPI_Comm"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Pack_external", NOTE, &[p("datarep", K::Unchecked("const char *")), p("inbuf", K::Unchecked("const void *")), p("incount", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("outbuf", K::Unchecked("void *")), p("outsize", K::Unchecked("MPI_Aint")), p("position", K::Unchecked("MPI_Aint *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Pack_external_size", NOTE, &[p("datarep", K::Unchecked("const char *")), p("incount", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("size", K::Unchecked("MPI_Aint *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Pack_size", NOTE, &[p("incount", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm")), p("size", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_create_darray", NOTE, &[p("size", K::Unchecked("int")), p("rank", K::Unchecked("int")), p("ndims", K::Unchecked("int")), p("array_of_gsizes", K::Unchecked("const int *")), p("array_of_distribs", K::Unchecked("const int *")), p("array_of_dargs", K::Unchecked("const int *")), p("array_of_psizes", K::Unchecked("const int *")), p("order", K::Unchecked("int")), p("oldtype", K::Unchecked("MPI_Datatype")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_create_hindexed", NOTE, &[p("count", K::Unchecked("int")), p("array_of_blocklengths", K::Unchecked("const int *")), p("array_of_displacements", K::Unchecked("const MPI_Aint *")), p("oldtype", K::Unchecked("MPI_Datatype")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_create_hindexed_block", NOTE, &[p("count", K::Unchecked("int")), p("blocklength", K::Unchecked("int")), p("array_of_displacements", K::Unchecked("const MPI_Aint *")), p("oldtype", K::Unchecked("MPI_Datatype")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_create_indexed_block", NOTE, &[p("count", K::Unchecked("int")), p("blocklength", K::Unchecked("int")), p("array_of_displacements", K::Unchecked("const int *")), p("oldtype", K::Unchecked("MPI_Datatype")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_create_subarray", NOTE, &[p("ndims", K::Unchecked("int")), p("array_of_sizes", K::Unchecked("const int *")), p("array_of_subsizes", K::Unchecked("const int *")), p("array_of_starts", K::Unchecked("const int *")), p("order", K::Unchecked("int")), p("oldtype", K::Unchecked("MPI_Datatype")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_dup", NOTE, &[p("oldtype", K::Unchecked("MPI_Datatype")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_get_contents", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("max_integers", K::Unchecked("int")), p("max_addresses", K::Unchecked("int")), p("max_datatypes", K::Unchecked("int")), p("array_of_integers", K::Unchecked("int *")), p("array_of_addresses", K::Unchecked("MPI_Aint *")), p("array_of_datatypes", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_get_envelope", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("num_integers", K::Unchecked("int *")), p("num_addresses", K::Unchecked("int *")), p("num_datatypes", K::Unchecked("int *")), p("combiner", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_get_name", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("type_name", K::Unchecked("char *")), p("resultlen", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_get_true_extent", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("true_lb", K::Unchecked("MPI_Aint *")), p("true_extent", K::Unchecked("MPI_Aint *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_get_true_extent_x", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("true_lb", K::Unchecked("MPI_Count *")), p("true_extent", K::Unchecked("MPI_Count *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_match_size", NOTE, &[p("typeclass", K::Unchecked("int")), p("size", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_set_name", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("type_name", K::Unchecked("const char *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Unpack", NOTE, &[p("inbuf", K::Unchecked("const void *")), p("insize", K::Unchecked("int")), p("position", K::Unchecked("int *")), p("outbuf", K::Unchecked("void *")), p("outcount", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("comm", K::Unchecked("MPI_Comm"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Unpack_external", NOTE, &[p("datarep", K::Unchecked("const char *")), p("inbuf", K::Unchecked("const void *")), p("insize", K::Unchecked("MPI_Aint")), p("position", K::Unchecked("MPI_Aint *")), p("outbuf", K::Unchecked("void *")), p("outcount", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Address", NOTE, &[p("location", K::Unchecked("void *")), p("address", K::Unchecked("MPI_Aint *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_extent", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("extent", K::Unchecked("MPI_Aint *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_lb", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("displacement", K::Unchecked("MPI_Aint *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_ub", NOTE, &[p("datatype", K::Unchecked("MPI_Datatype")), p("displacement", K::Unchecked("MPI_Aint *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_hindexed", NOTE, &[p("count", K::Unchecked("int")), p("array_of_blocklengths", K::Unchecked("int *")), p("array_of_displacements", K::Unchecked("MPI_Aint *")), p("oldtype", K::Unchecked("MPI_Datatype")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Type_struct", NOTE, &[p("count", K::Unchecked("int")), p("array_of_blocklengths", K::Unchecked("int *")), p("array_of_displacements", K::Unchecked("MPI_Aint *")), p("array_of_types", K::Unchecked("MPI_Datatype *")), p("newtype", K::Unchecked("MPI_Datatype *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_File_call_errhandler", NOTE, &[p("fh", K::Unchecked("MPI_File")), p("errorcode", K::Unchecked("int"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_File_create_errhandler", NOTE, &[p("file_errhandler_fn", K::Unchecked("MPI_File_errhandler_function *")), p("errhandler", K::Unchecked("MPI_Errhandler *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_File_get_errhandler", NOTE, &[p("file", K::Unchecked("MPI_File")), p("errhandler", K::Unchecked("MPI_Errhandler *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_File_set_errhandler", NOTE, &[p("file", K::Unchecked("MPI_File")), p("errhandler", K::Unchecked("MPI_Errhandler"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Session_call_errhandler", NOTE, &[p("session", K::Unchecked("MPI_Session")), p("errorcode", K::Unchecked("int"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Session_create_errhandler", NOTE, &[p("session_errhandler_fn", K::Unchecked("MPI_Session_errhandler_function *")), p("errhandler", K::Unchecked("MPI_Errhandler *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Session_get_errhandler", NOTE, &[p("session", K::Unchecked("MPI_Session")), p("errhandler", K::Unchecked("MPI_Errhandler *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Session_set_errhandler", NOTE, &[p("session", K::Unchecked("MPI_Session")), p("errhandler", K::Unchecked("MPI_Errhandler"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_create_from_group", NOTE, &[p("group", K::Unchecked("MPI_Group")), p("stringtag", K::Unchecked("const char *")), p("info", K::Unchecked("MPI_Info")), p("errhandler", K::Unchecked("MPI_Errhandler")), p("newcomm", K::Unchecked("MPI_Comm *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Group_from_session_pset", NOTE, &[p("session", K::Unchecked("MPI_Session")), p("pset_name", K::Unchecked("const char *")), p("newgroup", K::Unchecked("MPI_Group *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Session_finalize", NOTE, &[p("session", K::Unchecked("MPI_Session *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Session_get_info", NOTE, &[p("session", K::Unchecked("MPI_Session")), p("info_used", K::Unchecked("MPI_Info *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Session_get_nth_pset", NOTE, &[p("session", K::Unchecked("MPI_Session")), p("info", K::Unchecked("MPI_Info")), p("n", K::Unchecked("int")), p("pset_len", K::Unchecked("int *")), p("pset_name", K::Unchecked("char *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Session_get_num_psets", NOTE, &[p("session", K::Unchecked("MPI_Session")), p("info", K::Unchecked("MPI_Info")), p("npset_names", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Session_get_pset_info", NOTE, &[p("session", K::Unchecked("MPI_Session")), p("pset_name", K::Unchecked("const char *")), p("info", K::Unchecked("MPI_Info *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Session_init", NOTE, &[p("info", K::Unchecked("MPI_Info")), p("errhandler", K::Unchecked("MPI_Errhandler")), p("session", K::Unchecked("MPI_Session *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Get_library_version", NOTE, &[p("version", K::Unchecked("char *")), p("resultlen", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Pcontrol", NOTE, &[p("level", K::Unchecked("const int")), p("arg1", K::Unchecked("..."))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Parrived", NOTE, &[p("request", K::Unchecked("MPI_Request")), p("partition", K::Unchecked("int")), p("flag", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Pready", NOTE, &[p("partition", K::Unchecked("int")), p("request", K::Unchecked("MPI_Request"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Pready_list", NOTE, &[p("length", K::Unchecked("int")), p("array_of_partitions", K::Unchecked("int *")), p("request", K::Unchecked("MPI_Request"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Pready_range", NOTE, &[p("partition_low", K::Unchecked("int")), p("partition_high", K::Unchecked("int")), p("request", K::Unchecked("MPI_Request"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Precv_init", NOTE, &[p("buf", K::Unchecked("void *")), p("partitions", K::Unchecked("int")), p("count", K::Unchecked("MPI_Count")), p("datatype", K::Unchecked("MPI_Datatype")), p("dest", K::Unchecked("int")), p("tag", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Psend_init", NOTE, &[p("buf", K::Unchecked("const void *")), p("partitions", K::Unchecked("int")), p("count", K::Unchecked("MPI_Count")), p("datatype", K::Unchecked("MPI_Datatype")), p("dest", K::Unchecked("int")), p("tag", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("info", K::Unchecked("MPI_Info")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Bsend_init", NOTE, &[p("buf", K::Unchecked("const void *")), p("count", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("dest", K::Unchecked("int")), p("tag", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Isendrecv", NOTE, &[p("sendbuf", K::Unchecked("const void *")), p("sendcount", K::Unchecked("int")), p("sendtype", K::Unchecked("MPI_Datatype")), p("dest", K::Unchecked("int")), p("sendtag", K::Unchecked("int")), p("recvbuf", K::Unchecked("void *")), p("recvcount", K::Unchecked("int")), p("recvtype", K::Unchecked("MPI_Datatype")), p("source", K::Unchecked("int")), p("recvtag", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Isendrecv_replace", NOTE, &[p("buf", K::Unchecked("void *")), p("count", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("dest", K::Unchecked("int")), p("sendtag", K::Unchecked("int")), p("source", K::Unchecked("int")), p("recvtag", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Rsend_init", NOTE, &[p("buf", K::Unchecked("const void *")), p("count", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("dest", K::Unchecked("int")), p("tag", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Ssend_init", NOTE, &[p("buf", K::Unchecked("const void *")), p("count", K::Unchecked("int")), p("datatype", K::Unchecked("MPI_Datatype")), p("dest", K::Unchecked("int")), p("tag", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Grequest_complete", NOTE, &[p("request", K::Unchecked("MPI_Request"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Grequest_start", NOTE, &[p("query_fn", K::Unchecked("MPI_Grequest_query_function *")), p("free_fn", K::Unchecked("MPI_Grequest_free_function *")), p("cancel_fn", K::Unchecked("MPI_Grequest_cancel_function *")), p("extra_state", K::Unchecked("void *")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Request_get_status", NOTE, &[p("request", K::Unchecked("MPI_Request")), p("flag", K::Unchecked("int *")), p("status", K::Unchecked("MPI_Status *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Get_accumulate", NOTE, &[p("origin_addr", K::Unchecked("const void *")), p("origin_count", K::Unchecked("int")), p("origin_datatype", K::Unchecked("MPI_Datatype")), p("result_addr", K::Unchecked("void *")), p("result_count", K::Unchecked("int")), p("result_datatype", K::Unchecked("MPI_Datatype")), p("target_rank", K::Unchecked("int")), p("target_disp", K::Unchecked("MPI_Aint")), p("target_count", K::Unchecked("int")), p("target_datatype", K::Unchecked("MPI_Datatype")), p("op", K::Unchecked("MPI_Op")), p("win", K::Unchecked("MPI_Win"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Raccumulate", NOTE, &[p("origin_addr", K::Unchecked("const void *")), p("origin_count", K::Unchecked("int")), p("origin_datatype", K::Unchecked("MPI_Datatype")), p("target_rank", K::Unchecked("int")), p("target_disp", K::Unchecked("MPI_Aint")), p("target_count", K::Unchecked("int")), p("target_datatype", K::Unchecked("MPI_Datatype")), p("op", K::Unchecked("MPI_Op")), p("win", K::Unchecked("MPI_Win")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Rget", NOTE, &[p("origin_addr", K::Unchecked("void *")), p("origin_count", K::Unchecked("int")), p("origin_datatype", K::Unchecked("MPI_Datatype")), p("target_rank", K::Unchecked("int")), p("target_disp", K::Unchecked("MPI_Aint")), p("target_count", K::Unchecked("int")), p("target_datatype", K::Unchecked("MPI_Datatype")), p("win", K::Unchecked("MPI_Win")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Rget_accumulate", NOTE, &[p("origin_addr", K::Unchecked("const void *")), p("origin_count", K::Unchecked("int")), p("origin_datatype", K::Unchecked("MPI_Datatype")), p("result_addr", K::Unchecked("void *")), p("result_count", K::Unchecked("int")), p("result_datatype", K::Unchecked("MPI_Datatype")), p("target_rank", K::Unchecked("int")), p("target_disp", K::Unchecked("MPI_Aint")), p("target_count", K::Unchecked("int")), p("target_datatype", K::Unchecked("MPI_Datatype")), p("op", K::Unchecked("MPI_Op")), p("win", K::Unchecked("MPI_Win")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Rput", NOTE, &[p("origin_addr", K::Unchecked("const void *")), p("origin_count", K::Unchecked("int")), p("origin_datatype", K::Unchecked("MPI_Datatype")), p("target_rank", K::Unchecked("int")), p("target_disp", K::Unchecked("MPI_Aint")), p("target_count", K::Unchecked("int")), p("target_datatype", K::Unchecked("MPI_Datatype")), p("win", K::Unchecked("MPI_Win")), p("request", K::Unchecked("MPI_Request *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_allocate_shared", NOTE, &[p("size", K::Unchecked("MPI_Aint")), p("disp_unit", K::Unchecked("int")), p("info", K::Unchecked("MPI_Info")), p("comm", K::Unchecked("MPI_Comm")), p("baseptr", K::Unchecked("void *")), p("win", K::Unchecked("MPI_Win *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_attach", NOTE, &[p("win", K::Unchecked("MPI_Win")), p("base", K::Unchecked("void *")), p("size", K::Unchecked("MPI_Aint"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_complete", NOTE, &[p("win", K::Unchecked("MPI_Win"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_create_dynamic", NOTE, &[p("info", K::Unchecked("MPI_Info")), p("comm", K::Unchecked("MPI_Comm")), p("win", K::Unchecked("MPI_Win *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_detach", NOTE, &[p("win", K::Unchecked("MPI_Win")), p("base", K::Unchecked("const void *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_flush_local", NOTE, &[p("rank", K::Unchecked("int")), p("win", K::Unchecked("MPI_Win"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_flush_local_all", NOTE, &[p("win", K::Unchecked("MPI_Win"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_get_group", NOTE, &[p("win", K::Unchecked("MPI_Win")), p("group", K::Unchecked("MPI_Group *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_get_name", NOTE, &[p("win", K::Unchecked("MPI_Win")), p("win_name", K::Unchecked("char *")), p("resultlen", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_post", NOTE, &[p("group", K::Unchecked("MPI_Group")), p("assert", K::Unchecked("int")), p("win", K::Unchecked("MPI_Win"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_set_name", NOTE, &[p("win", K::Unchecked("MPI_Win")), p("win_name", K::Unchecked("const char *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_shared_query", NOTE, &[p("win", K::Unchecked("MPI_Win")), p("rank", K::Unchecked("int")), p("size", K::Unchecked("MPI_Aint *")), p("disp_unit", K::Unchecked("int *")), p("baseptr", K::Unchecked("void *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_start", NOTE, &[p("group", K::Unchecked("MPI_Group")), p("assert", K::Unchecked("int")), p("win", K::Unchecked("MPI_Win"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_sync", NOTE, &[p("win", K::Unchecked("MPI_Win"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_test", NOTE, &[p("win", K::Unchecked("MPI_Win")), p("flag", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Win_wait", NOTE, &[p("win", K::Unchecked("MPI_Win"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Close_port", NOTE, &[p("port_name", K::Unchecked("const char *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_accept", NOTE, &[p("port_name", K::Unchecked("const char *")), p("info", K::Unchecked("MPI_Info")), p("root", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("newcomm", K::Unchecked("MPI_Comm *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_connect", NOTE, &[p("port_name", K::Unchecked("const char *")), p("info", K::Unchecked("MPI_Info")), p("root", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("newcomm", K::Unchecked("MPI_Comm *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_disconnect", NOTE, &[p("comm", K::Unchecked("MPI_Comm *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_get_parent", NOTE, &[p("parent", K::Unchecked("MPI_Comm *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_join", NOTE, &[p("fd", K::Unchecked("int")), p("intercomm", K::Unchecked("MPI_Comm *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_spawn", NOTE, &[p("command", K::Unchecked("const char *")), p("argv", K::Unchecked("char * *")), p("maxprocs", K::Unchecked("int")), p("info", K::Unchecked("MPI_Info")), p("root", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("intercomm", K::Unchecked("MPI_Comm *")), p("array_of_errcodes", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Comm_spawn_multiple", NOTE, &[p("count", K::Unchecked("int")), p("array_of_commands", K::Unchecked("char * *")), p("array_of_argv", K::Unchecked("char * * *")), p("array_of_maxprocs", K::Unchecked("const int *")), p("array_of_info", K::Unchecked("const MPI_Info *")), p("root", K::Unchecked("int")), p("comm", K::Unchecked("MPI_Comm")), p("intercomm", K::Unchecked("MPI_Comm *")), p("array_of_errcodes", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Lookup_name", NOTE, &[p("service_name", K::Unchecked("const char *")), p("info", K::Unchecked("MPI_Info")), p("port_name", K::Unchecked("char *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Open_port", NOTE, &[p("info", K::Unchecked("MPI_Info")), p("port_name", K::Unchecked("char *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Publish_name", NOTE, &[p("service_name", K::Unchecked("const char *")), p("info", K::Unchecked("MPI_Info")), p("port_name", K::Unchecked("const char *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Unpublish_name", NOTE, &[p("service_name", K::Unchecked("const char *")), p("info", K::Unchecked("MPI_Info")), p("port_name", K::Unchecked("const char *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Cart_map", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("ndims", K::Unchecked("int")), p("dims", K::Unchecked("const int *")), p("periods", K::Unchecked("const int *")), p("newrank", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Dist_graph_create", NOTE, &[p("comm_old", K::Unchecked("MPI_Comm")), p("n", K::Unchecked("int")), p("sources", K::Unchecked("const int *")), p("degrees", K::Unchecked("const int *")), p("destinations", K::Unchecked("const int *")), p("weights", K::Unchecked("const int *")), p("info", K::Unchecked("MPI_Info")), p("reorder", K::Unchecked("int")), p("comm_dist_graph", K::Unchecked("MPI_Comm *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Dist_graph_create_adjacent", NOTE, &[p("comm_old", K::Unchecked("MPI_Comm")), p("indegree", K::Unchecked("int")), p("sources", K::Unchecked("const int *")), p("sourceweights", K::Unchecked("const int *")), p("outdegree", K::Unchecked("int")), p("destinations", K::Unchecked("const int *")), p("destweights", K::Unchecked("const int *")), p("info", K::Unchecked("MPI_Info")), p("reorder", K::Unchecked("int")), p("comm_dist_graph", K::Unchecked("MPI_Comm *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Dist_graph_neighbors", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("maxindegree", K::Unchecked("int")), p("sources", K::Unchecked("int *")), p("sourceweights", K::Unchecked("int *")), p("maxoutdegree", K::Unchecked("int")), p("destinations", K::Unchecked("int *")), p("destweights", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Dist_graph_neighbors_count", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("indegree", K::Unchecked("int *")), p("outdegree", K::Unchecked("int *")), p("weighted", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Graph_create", NOTE, &[p("comm_old", K::Unchecked("MPI_Comm")), p("nnodes", K::Unchecked("int")), p("indx", K::Unchecked("const int *")), p("edges", K::Unchecked("const int *")), p("reorder", K::Unchecked("int")), p("comm_graph", K::Unchecked("MPI_Comm *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Graph_get", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("maxindex", K::Unchecked("int")), p("maxedges", K::Unchecked("int")), p("indx", K::Unchecked("int *")), p("edges", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Graph_map", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("nnodes", K::Unchecked("int")), p("indx", K::Unchecked("const int *")), p("edges", K::Unchecked("const int *")), p("newrank", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Graph_neighbors", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("rank", K::Unchecked("int")), p("maxneighbors", K::Unchecked("int")), p("neighbors", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Graph_neighbors_count", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("rank", K::Unchecked("int")), p("nneighbors", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
    MpiFunction::new("MPI_Graphdims_get", NOTE, &[p("comm", K::Unchecked("MPI_Comm")), p("nnodes", K::Unchecked("int *")), p("nedges", K::Unchecked("int *"))], |_, a, _, _| {
        Err(ErrorKind::NotRun { function: a.name })
    }),
];
