//! Calls inside the VM: the user's functions (frames and their limits), function pointers,
//! callbacks from the library (`qsort`'s comparison, MPI's user operations).

use super::*;

impl Vm {
    /// Runs the program's functions the MPI library asks for (a user-defined reduction's, an
    /// error handler, an attribute's copy or delete callback, with `Outcome::Call`), resuming
    /// the library after each, until it returns or blocks.
    pub(super) fn user_calls(
        &mut self,
        mut outcome: Result<Outcome, MpiError>,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Outcome, String> {
        while let Ok(Outcome::Call(c)) = outcome {
            let mut args = c.args().to_vec();
            if c.variadic {
                // A variadic function takes the address of its further arguments last: none.
                let f = self.function_of(c.function).map_err(|Fault(m)| m)?;
                if self.prog.functions[f as usize].params.len() == args.len() + 1 {
                    args.push(0);
                }
            }
            let value = self
                .callback(c.function, &args, c.what, ctx)
                .map_err(|Fault(m)| m)?;
            if c.result != 0 {
                self.mem
                    .write_i32(c.result, value as i32)
                    .map_err(|e| e.to_string())?;
            }
            outcome = self.libs.resume(&mut self.mem, ctx);
        }
        outcome.map_err(|e| e.to_string())
    }

    /// Runs the function `f` (a function pointer's value) with `args` to its return, for the
    /// library (`qsort`'s comparator, `what`); it may not block. A `void` function returns 0.
    pub(super) fn callback(
        &mut self,
        f: i64,
        args: &[i64],
        what: &str,
        ctx: &mut RankCtx<'_>,
    ) -> Run<i64> {
        let function = self.function_of(f)?;
        if self.prog.functions[function as usize].params.len() != args.len() {
            return Err(Fault(format!(
                "`{}` must take {} arguments to be used here",
                self.prog.functions[function as usize].name,
                args.len()
            )));
        }
        self.stack.extend_from_slice(args);
        let (pc, outer) = (self.pc, self.callback_depth);
        self.pc = self.call(function, args.len() as u32, self.pc)?;
        self.callback_depth = Some(self.frames.len() - 1);
        let step = self.run(ctx)?;
        self.callback_depth = outer;
        self.pc = pc;
        if step.is_some() {
            return Err(Fault(format!("{what} may not call MPI, sleep or compute")));
        }
        if !self.prog.functions[function as usize].returns_value {
            return Ok(0);
        }
        self.pop()
    }

    /// `qsort(base, n, size, compare)`: a stable merge sort (as glibc's) whose comparisons run
    /// the program's function on the elements where they are; the sorted bytes are written back.
    pub(super) fn qsort(&mut self, a: &[i64], ctx: &mut RankCtx<'_>) -> Run<()> {
        let (base, n, size, cmp) = (a[0] as Addr, a[1], a[2], a[3]);
        if n <= 1 || size <= 0 {
            return Ok(());
        }
        let total = n.checked_mul(size).filter(|t| *t <= i64::from(u32::MAX));
        let Some(total) = total else {
            return Err(Fault(format!(
                "qsort of {n} elements of {size} bytes is too large"
            )));
        };
        let bytes = self
            .mem
            .read(base, total as u32)
            .map_err(|e| Fault(format!("qsort: {e}")))?
            .to_vec();
        let mut order: Vec<i64> = (0..n).collect();
        let mut buf = order.clone();
        let mut width = 1usize;
        let len = order.len();
        while width < len {
            let mut lo = 0;
            while lo < len {
                let mid = (lo + width).min(len);
                let hi = (lo + 2 * width).min(len);
                let (mut i, mut j, mut k) = (lo, mid, lo);
                while i < mid && j < hi {
                    let pa = i64::from(base) + order[i] * size;
                    let pb = i64::from(base) + order[j] * size;
                    let c = self.callback(cmp, &[pa, pb], "a comparison function", ctx)? as i32;
                    if c <= 0 {
                        buf[k] = order[i];
                        i += 1;
                    } else {
                        buf[k] = order[j];
                        j += 1;
                    }
                    k += 1;
                }
                buf[k..k + (mid - i)].copy_from_slice(&order[i..mid]);
                k += mid - i;
                buf[k..k + (hi - j)].copy_from_slice(&order[j..hi]);
                lo = hi;
            }
            std::mem::swap(&mut order, &mut buf);
            width *= 2;
        }
        let size = size as usize;
        let mut sorted = Vec::with_capacity(bytes.len());
        for &i in &order {
            sorted.extend_from_slice(&bytes[i as usize * size..(i as usize + 1) * size]);
        }
        self.mem
            .write(base, &sorted)
            .map_err(|e| Fault(format!("qsort: {e}")))
    }

    /// `bsearch(key, base, n, size, compare)`: glibc's binary search, the comparisons run by
    /// the program's function; the matching element's address or `NULL`.
    pub(super) fn bsearch(&mut self, a: &[i64], ctx: &mut RankCtx<'_>) -> Run<i64> {
        let (key, base, n, size, cmp) = (a[0], a[1], a[2], a[3], a[4]);
        let (mut lo, mut hi) = (0i64, n);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let p = base + mid * size;
            let c = self.callback(cmp, &[key, p], "a comparison function", ctx)? as i32;
            match c {
                c if c < 0 => hi = mid,
                c if c > 0 => lo = mid + 1,
                _ => return Ok(p),
            }
        }
        Ok(0)
    }

    /// At exit (`exit` or `main` returning): the functions `atexit` registered, the last first.
    pub(super) fn run_atexit(&mut self, ctx: &mut RankCtx<'_>) -> Run<()> {
        while let Some(f) = self.libc.atexit.pop() {
            self.callback(f, &[], "a function registered with atexit", ctx)?;
        }
        Ok(())
    }

    /// The function a function pointer's value names.
    pub(super) fn function_of(&self, v: i64) -> Run<u32> {
        if v == 0 {
            return Err(Fault("call through a null function pointer".into()));
        }
        let index = v ^ FN_TAG;
        if v & FN_TAG == 0 || !(0..self.prog.functions.len() as i64).contains(&index) {
            return Err(Fault(format!(
                "call through a pointer that does not point to a function (value {v})"
            )));
        }
        Ok(index as u32)
    }

    /// A call of `function` whose frame does not fit in the rank's `limit` bytes: reported at
    /// its largest variable when that variable alone is the problem, else at the call.
    pub(super) fn frame_too_large(&mut self, function: u32, limit: u32) -> Fault {
        let f = &self.prog.functions[function as usize];
        let used = self.mem.heap_bytes() as u64;
        let limit_words = bytes_in_words(u64::from(limit));
        self.fault_note = Some(format!(
            "a rank may use {limit_words}: raise it with `--memory` on the command line, or \"Memory per rank\" under \"Protocol and limits\" in the playground"
        ));
        match &f.largest_local {
            Some((name, bytes, span)) if u64::from(*bytes) * 2 > u64::from(limit) => {
                self.fault_span = Some(span.clone());
                Fault(format!(
                    "out of memory: `{name}` ({}) does not fit in the rank's memory ({limit_words}); make it smaller, or allocate it with malloc and check for NULL",
                    bytes_in_words(u64::from(*bytes))
                ))
            }
            _ => Fault(format!(
                "out of memory: calling `{}` needs {} more for its variables, but the rank already uses {} of its {limit_words} (deep recursion?)",
                f.name,
                bytes_in_words(u64::from(f.frame_size)),
                bytes_in_words(used)
            )),
        }
    }

    /// Enters `function` with its `args` arguments from the stack, to return to `ret_pc`; the
    /// pc to continue at (the function's entry).
    pub(super) fn call(&mut self, function: u32, args: u32, ret_pc: u32) -> Run<u32> {
        if self.frames.len() as u32 >= self.limits.max_depth {
            return Err(Fault(format!(
                "too many nested calls (more than {}): endless recursion?",
                self.limits.max_depth
            )));
        }
        let f = &self.prog.functions[function as usize];
        let base = match self.mem.alloc(f.frame_size, 8) {
            Ok(base) => base,
            Err(MemError::OutOfMemory { limit, .. }) => {
                return Err(self.frame_too_large(function, limit));
            }
            Err(e) => return Err(Fault(e.to_string())),
        };
        let start = self
            .stack
            .len()
            .checked_sub(args as usize)
            .ok_or_else(|| Fault("internal error: missing arguments".into()))?;
        for (i, &(off, pass)) in f.params.iter().enumerate() {
            let v = self.stack.get(start + i).copied().unwrap_or(0);
            let a = base + off;
            match pass {
                Pass::Scalar(Scalar::I32) => self.mem.write_i32(a, v as i32),
                Pass::Scalar(Scalar::F64) => self.mem.write_f64(a, d(v)),
                Pass::Scalar(sc) => self.mem.write_scalar(a, sc, v),
                Pass::Copy(n) => match self.mem.read(v as Addr, n) {
                    Ok(bytes) => {
                        let bytes = bytes.to_vec();
                        self.mem.write(a, &bytes)
                    }
                    Err(e) => Err(e),
                },
            }
            .map_err(|e| Fault(e.to_string()))?;
        }
        self.stack.truncate(start);
        self.frames.push(Frame {
            ret_pc,
            fp: self.fp,
            function,
        });
        self.fp = base;
        Ok(f.entry)
    }
}
