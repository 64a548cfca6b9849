//! The libraries' handle types as data: every C type a library's header declares for its
//! objects (`MPI_Comm`, `MPI_Win`, …, and the `MPI_Status` struct) is one entry of [`HANDLES`],
//! and the language names it `BaseType::Handle(kind)` — the lexer, the checker and the
//! compiler read its name and description here. A new handle type is one entry (and, if the
//! library's code names it, one constant of [`HandleKind`]).

/// A handle type: an index into [`HANDLES`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandleKind(pub u8);

/// One handle type of a library's header.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HandleType {
    /// Its C name.
    pub c: &'static str,
    /// How a diagnostic describes a value of it ("a communicator"), if not by its name.
    pub what: Option<&'static str>,
    /// What a parameter of this type takes, for messages and the reference ("a communicator
    /// such as `MPI_COMM_WORLD`"), for the types passed by value.
    pub param: Option<&'static str>,
    /// What the checker says when an argument is not of this type ("expected a
    /// communicator"); by default that an address was expected.
    pub expected: Option<&'static str>,
}

/// Every handle type, in [`HandleKind`] order.
pub const HANDLES: &[HandleType] = &[
    HandleType {
        c: "MPI_Request",
        what: None,
        param: None,
        expected: None,
    },
    HandleType {
        c: "MPI_Status",
        what: None,
        param: None,
        expected: None,
    },
    HandleType {
        c: "MPI_Comm",
        what: Some("a communicator"),
        param: Some("a communicator such as `MPI_COMM_WORLD`"),
        expected: Some("expected a communicator"),
    },
    HandleType {
        c: "MPI_Datatype",
        what: Some("an MPI datatype"),
        param: Some("an MPI datatype such as `MPI_INT`"),
        expected: Some("expected a datatype like `MPI_INT`"),
    },
    HandleType {
        c: "MPI_Op",
        what: Some("a reduction operation"),
        param: Some("a reduction operation such as `MPI_SUM`"),
        expected: Some("expected an operation like `MPI_SUM`"),
    },
    HandleType {
        c: "MPI_Win",
        what: Some("a window"),
        param: Some("a window (`MPI_Win`)"),
        expected: Some("expected a window (`MPI_Win`)"),
    },
    HandleType {
        c: "MPI_Info",
        what: Some("an info object"),
        param: Some("an info object such as `MPI_INFO_NULL`"),
        expected: Some("expected an info object (`MPI_Info`)"),
    },
    HandleType {
        c: "MPI_Group",
        what: None,
        param: Some("a group (`MPI_Group`)"),
        expected: None,
    },
    HandleType {
        c: "MPI_Message",
        what: Some("a matched message"),
        param: Some("the address of an `MPI_Message` from `MPI_Mprobe`"),
        expected: None,
    },
    HandleType {
        c: "MPI_Errhandler",
        what: Some("an error handler"),
        param: Some("an error handler such as `MPI_ERRORS_RETURN`"),
        expected: Some("expected an error handler (`MPI_Errhandler`)"),
    },
];

impl HandleKind {
    /// `MPI_Request`: an int-sized handle.
    pub const REQUEST: HandleKind = HandleKind(0);
    /// `MPI_Status`: a struct with `MPI_SOURCE`, `MPI_TAG`, `MPI_ERROR` (and a hidden count).
    pub const STATUS: HandleKind = HandleKind(1);
    /// `MPI_Comm`: an int-sized handle.
    pub const COMM: HandleKind = HandleKind(2);
    /// `MPI_Datatype`: an int-sized handle.
    pub const DATATYPE: HandleKind = HandleKind(3);
    /// `MPI_Op`: an int-sized handle (`MPI_SUM`, `MPI_MAX`, …).
    pub const OP: HandleKind = HandleKind(4);
    /// `MPI_Win`: an int-sized window handle.
    pub const WIN: HandleKind = HandleKind(5);
    /// `MPI_Info`: an int-sized handle (`MPI_INFO_NULL`, `MPI_INFO_ENV`, `MPI_Info_create`'s).
    pub const INFO: HandleKind = HandleKind(6);
    /// `MPI_Group`: an int-sized group handle.
    pub const GROUP: HandleKind = HandleKind(7);
    /// `MPI_Message`: an int-sized handle of a message a matched probe took.
    pub const MESSAGE: HandleKind = HandleKind(8);
    /// `MPI_Errhandler`: an int-sized error-handler handle.
    pub const ERRHANDLER: HandleKind = HandleKind(9);

    /// The handle type whose C name is `name`.
    pub fn named(name: &str) -> Option<HandleKind> {
        let i = HANDLES.iter().position(|h| h.c == name)?;
        Some(HandleKind(u8::try_from(i).ok()?))
    }

    /// Its entry.
    pub fn get(self) -> &'static HandleType {
        &HANDLES[usize::from(self.0)]
    }

    /// Its C name.
    pub fn c_name(self) -> &'static str {
        self.get().c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_handle_type_is_found_by_its_name_and_the_constants_name_theirs() {
        for (i, h) in HANDLES.iter().enumerate() {
            assert_eq!(HandleKind::named(h.c), Some(HandleKind(i as u8)));
        }
        assert!(HANDLES.len() <= usize::from(u8::MAX));
        assert_eq!(HandleKind::REQUEST.c_name(), "MPI_Request");
        assert_eq!(HandleKind::STATUS.c_name(), "MPI_Status");
        assert_eq!(HandleKind::COMM.c_name(), "MPI_Comm");
        assert_eq!(HandleKind::DATATYPE.c_name(), "MPI_Datatype");
        assert_eq!(HandleKind::OP.c_name(), "MPI_Op");
        assert_eq!(HandleKind::WIN.c_name(), "MPI_Win");
        assert_eq!(HandleKind::INFO.c_name(), "MPI_Info");
        assert_eq!(HandleKind::GROUP.c_name(), "MPI_Group");
        assert_eq!(HandleKind::MESSAGE.c_name(), "MPI_Message");
        assert_eq!(HandleKind::ERRHANDLER.c_name(), "MPI_Errhandler");
        assert_eq!(HandleKind::named("MPI_Nope"), None);
    }
}
