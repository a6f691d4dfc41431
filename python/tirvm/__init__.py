"""tirvm from Python: compile TensorIR (TVMScript or TVM JSON), load .tirbc
modules and call their functions on NumPy arrays, or on any object with
``__dlpack__``, with zero copies (a non-contiguous input is copied).

    import numpy as np, tirvm
    mod = tirvm.compile_file("matmul.py")     # or tirvm.load("matmul.tirbc")
    print(mod.main.signature())
    a = np.ones((64, 96), "float32"); b = np.ones((96, 48), "float32")
    c = mod.main(a, b)                         # C is allocated: its shape is known
    mod.main(a, b, c)                          # or written in place

Pure Python over ctypes: the shared libraries libtirvm.so.0 and libtirc.so.0
come from the system (meson install), or from the directories in
$TIRVM_LIBRARY_PATH.  Calls release the GIL and are thread-safe (several
threads may call one module at once).

Errors are exceptions: arguments are checked before the call
(ArgumentTypeError, a TypeError, for a dtype; ArgumentValueError, a
ValueError, for a rank, shape or layout; UsageError for a missing input),
RuntimeTrap is a trap inside the kernel.  The compiler's warnings and notes
are Python warnings (CompileWarning, CompileNote).
"""
import ctypes as _ctypes
import os as _os
import re as _re
import sys as _sys
import warnings as _warnings

from . import _lib

__all__ = [
    "TirvmError", "CompileError", "VerifyError", "RuntimeTrap", "LimitExceeded", "Cancelled", "UsageError",
    "ArgumentTypeError", "ArgumentValueError", "CompileWarning", "CompileNote",
    "Runtime", "Module", "Function", "Param", "CancelFlag",
    "compile", "compile_file", "compile_to_bytes", "load", "version",
]


def version():
    """The library's version string."""
    return _lib.vm.tirvm_version().decode()


__version__ = version()


# ---- errors ---------------------------------------------------------------


class TirvmError(Exception):
    """An error from tirvm; .message is the library's message, .status its
    status name ("runtime error", "limit exceeded", ...)."""

    def __init__(self, message, status=""):
        super().__init__(message)
        self.message = message
        self.status = status


class CompileError(TirvmError):
    """The source is not a TIR program tirc accepts.  .kind is "syntax",
    "script", "type" or "unsupported"; .diagnostics every message
    (FILE:LINE:COL: error: MESSAGE lines)."""

    def __init__(self, message, status="", kind="", diagnostics=""):
        super().__init__(message, status)
        self.kind = kind
        self.diagnostics = diagnostics


class VerifyError(TirvmError):
    """The module is not a valid .tirbc (bad magic, version, truncated, or it
    fails verification)."""


class RuntimeTrap(TirvmError):
    """The kernel trapped: an assertion, integer division by zero, an
    out-of-bounds access.  Also an argument mismatch that only binding
    finds (a symbolic extent that disagrees with a scalar argument, or one
    the earlier arguments do not determine); dtypes, ranks, constant
    extents and layouts are checked before the call (ArgumentTypeError,
    ArgumentValueError)."""


class ArgumentTypeError(TirvmError, TypeError):
    """An argument of the wrong type, found before the call: an array whose
    dtype is not the parameter's, a non-number for a scalar, a float for an
    integer scalar, something that is not an array for a buffer."""


class ArgumentValueError(TirvmError, ValueError):
    """An array of the right dtype that the parameter does not accept,
    found before the call: the wrong number of dimensions, an extent that
    is not the declared constant or disagrees with the earlier arguments,
    or a non-contiguous array for a buffer the function writes."""


class LimitExceeded(TirvmError):
    """The call exceeded its step or memory limit."""


class Cancelled(TirvmError):
    """The call's cancel flag was set or its timeout passed."""


class UsageError(TirvmError, ValueError):
    """The caller asked for something that does not exist or cannot work
    (an unknown function, a read-only array for an output, a missing
    input, a missing output whose shape cannot be derived)."""


class CompileWarning(UserWarning):
    """A warning of the compiler (tirc's FILE:LINE:COL: warning: lines), for
    a program it compiles anyway: indices of mixed bit widths, a loop
    shorter than its block's axis.  .file, .line, .col (0 when the
    diagnostic has no position), .severity ("warning" or "note") and
    .diagnostic (the whole text, with the source line) describe it."""

    def __init__(self, diagnostic, file="", line=0, col=0, severity="warning"):
        super().__init__(diagnostic)
        self.diagnostic = diagnostic
        self.file = file
        self.line = line
        self.col = col
        self.severity = severity


class CompileNote(CompileWarning):
    """A note of the compiler: something it left out (a Relax function of
    the IRModule, which is not TIR).  Silence them with
    warnings.simplefilter("ignore", tirvm.CompileNote)."""


_STATUS_CLASS = {
    _lib.ERR_RUNTIME: RuntimeTrap,
    _lib.ERR_USAGE: UsageError,
    _lib.ERR_MODULE: VerifyError,
    _lib.ERR_LIMIT: LimitExceeded,
    _lib.ERR_CANCELLED: Cancelled,
}


def _raise(status, err):
    msg = err.value.decode("utf-8", "replace")
    name = _lib.vm.tirvm_status_name(status).decode()
    if status == _lib.ERR_NOMEM:
        raise MemoryError(msg)
    raise _STATUS_CLASS.get(status, TirvmError)(msg, name)


def _err_buf():
    return _ctypes.create_string_buffer(1024)


# ---- dtypes ---------------------------------------------------------------


def _dtype_name(dt):
    buf = _ctypes.create_string_buffer(32)
    return _lib.vm.tirvm_dtype_name(dt, buf, 32).decode()


def _is_bool(dt):
    return dt.code == _lib.KDLBOOL or (dt.code == _lib.KDLUINT and dt.bits == 1)


def _numpy_dtype(dt):
    import numpy as np

    if dt.lanes != 1:
        raise UsageError("buffers of vector elements (%s) cannot be allocated from Python" % _dtype_name(dt))
    if _is_bool(dt):
        return np.dtype(np.bool_)
    kind = {_lib.KDLINT: "int", _lib.KDLUINT: "uint", _lib.KDLFLOAT: "float"}.get(dt.code)
    if kind is None:
        raise UsageError("NumPy has no %s arrays: pass one through DLPack" % _dtype_name(dt))
    return np.dtype("%s%d" % (kind, dt.bits))


# ---- signatures -----------------------------------------------------------


class Param:
    """A parameter: name, alias (the buffer's name when it differs), kind
    ("buffer" or "scalar"), dtype ("float32"), shape (a tuple of ints and,
    for symbolic extents, variable names), written (the function may store
    into the buffer)."""

    def __init__(self, info, dim_vars):
        self.name = info.name.decode()
        self.alias = info.alias.decode() if info.alias else None
        self.kind = "buffer" if info.kind == _lib.PARAM_BUFFER else "scalar"
        self.dtype = _dtype_name(info.dtype)
        self._dt = _lib.DLDataType(info.dtype.code, info.dtype.bits, info.dtype.lanes)
        self.shape = tuple(info.shape[k] if info.shape[k] >= 0 else (dim_vars[k] or "?") for k in range(info.ndim))
        self.written = bool(info.written) if self.kind == "buffer" else False

    def _type(self):
        if self.kind == "scalar":
            return self.dtype
        return "%s[%s]" % (self.dtype, ", ".join(str(d) for d in self.shape))

    def __repr__(self):
        return "%s: %s" % (self.name, self._type())


class CancelFlag:
    """A flag another thread sets to cancel calls given it (cancel=flag)."""

    def __init__(self):
        self._flag = _ctypes.c_int(0)

    def set(self):
        self._flag.value = 1

    def clear(self):
        self._flag.value = 0

    def is_set(self):
        return self._flag.value != 0


class _Borrowed:
    """A managed tensor this call consumed from a DLPack capsule: its deleter
    is called once the call is over (the DLPack protocol)."""

    def __init__(self, ptr, versioned):
        self.ptr = ptr
        self.versioned = versioned

    def release(self):
        if self.versioned:
            mt = _ctypes.cast(self.ptr, _ctypes.POINTER(_lib.DLManagedTensorVersioned))
        else:
            mt = _ctypes.cast(self.ptr, _ctypes.POINTER(_lib.DLManagedTensor))
        if mt.contents.deleter:
            mt.contents.deleter(mt)


_USED = b"used_dltensor"
_USED_VERSIONED = b"used_dltensor_versioned"


def _array_interface_arg(obj, name, keep):
    """A DLTensor over a NumPy array's own memory (for what numpy's
    __dlpack__ refuses: read-only arrays, bool before NumPy 1.25)."""
    ai = getattr(obj, "__array_interface__", None)
    if ai is None:
        raise ArgumentTypeError("argument '%s': expected an array (an object with __dlpack__), got %s"
                                % (name, type(obj).__name__), "usage error")
    ptr, readonly = ai["data"]
    dtype = obj.dtype
    if dtype.kind == "b":
        dt = _lib.DLDataType(_lib.KDLBOOL, 8, 1)
    elif dtype.kind in "iuf":
        code = {"i": _lib.KDLINT, "u": _lib.KDLUINT, "f": _lib.KDLFLOAT}[dtype.kind]
        dt = _lib.DLDataType(code, dtype.itemsize * 8, 1)
    else:
        raise ArgumentTypeError("argument '%s': arrays of dtype %s are not supported" % (name, dtype), "usage error")
    ndim = len(ai["shape"])
    shape = (_ctypes.c_int64 * max(ndim, 1))(*ai["shape"])
    strides = None
    if ai.get("strides") is not None:
        if any(s % dtype.itemsize for s in ai["strides"]):
            raise UsageError("argument '%s': strides are not a multiple of the element size" % name)
        strides = (_ctypes.c_int64 * max(ndim, 1))(*(s // dtype.itemsize for s in ai["strides"]))
    t = _lib.DLTensor()
    t.data = ptr
    t.device.device_type = _lib.KDLCPU
    t.ndim = ndim
    t.dtype = dt
    t.shape = _ctypes.cast(shape, _ctypes.POINTER(_ctypes.c_int64))
    t.strides = _ctypes.cast(strides, _ctypes.POINTER(_ctypes.c_int64)) if strides is not None else None
    keep.extend([shape, strides, t, obj])
    kind = _lib.ARG_TENSOR_READ_ONLY if readonly else _lib.ARG_TENSOR
    return _lib.Arg(kind=kind, tensor=_ctypes.pointer(t))


def _tensor_arg(obj, name, keep, borrowed):
    dev = getattr(obj, "__dlpack_device__", None)
    if dev is not None:
        dtype_, _ = dev()
        if int(dtype_) != _lib.KDLCPU:
            raise UsageError("argument '%s': the tensor is on device type %d; tirvm runs on CPU memory only"
                             % (name, int(dtype_)))
    export = getattr(obj, "__dlpack__", None)
    if export is not None:
        try:
            cap = export()
        except (BufferError, TypeError, ValueError):
            cap = None  # NumPy refuses read-only arrays: its array interface serves
        if cap is not None:
            for cname, used, versioned, kind in (
                (b"dltensor_versioned", _USED_VERSIONED, True, _lib.ARG_DLMANAGED_VERSIONED),
                (b"dltensor", _USED, False, _lib.ARG_DLMANAGED),
            ):
                if _lib.capsule_is_valid(cap, cname):
                    ptr = _lib.capsule_get_pointer(cap, cname)
                    _lib.capsule_set_name(cap, used)  # consumed: the deleter is ours to call
                    borrowed.append(_Borrowed(ptr, versioned))
                    keep.append(cap)
                    if versioned:
                        return _lib.Arg(kind=kind, managed_versioned=ptr)
                    return _lib.Arg(kind=kind, managed=ptr)
            raise UsageError("argument '%s': __dlpack__ returned no DLPack capsule" % name)
    return _array_interface_arg(obj, name, keep)


def _scalar_arg(v, p):
    name = p.name
    try:
        import numpy as np

        if isinstance(v, np.generic):
            v = v.item()
    except ImportError:
        pass
    if isinstance(v, bool):
        return _lib.Arg(kind=_lib.ARG_INT, i=int(v))
    if isinstance(v, int):
        if v > 2**63 - 1:
            return _lib.Arg(kind=_lib.ARG_UINT, u=v)
        return _lib.Arg(kind=_lib.ARG_INT, i=v)
    if isinstance(v, float):
        if p._dt.code not in (_lib.KDLFLOAT, _lib.KDLBFLOAT):
            raise ArgumentTypeError("argument '%s': expected an integer (%s), got %r" % (name, p.dtype, v),
                                    "usage error")
        return _lib.Arg(kind=_lib.ARG_FLOAT, f=v)
    raise ArgumentTypeError("argument '%s': expected a number (%s), got %s" % (name, p.dtype, type(v).__name__),
                            "usage error")


def _arg_tensor(arg):
    """The DLTensor a tensor argument carries."""
    if arg.kind == _lib.ARG_DLMANAGED:
        return _ctypes.cast(arg.managed, _ctypes.POINTER(_lib.DLManagedTensor)).contents.dl_tensor
    if arg.kind == _lib.ARG_DLMANAGED_VERSIONED:
        return _ctypes.cast(arg.managed_versioned, _ctypes.POINTER(_lib.DLManagedTensorVersioned)).contents.dl_tensor
    return arg.tensor.contents


def _dtype_matches(want, got):
    """As the VM binds: a bool buffer takes 8-bit kDLBool or 1-bit uint."""
    if _is_bool(want):
        return got.lanes == want.lanes and ((got.code == _lib.KDLUINT and got.bits == 1)
                                            or (got.code == _lib.KDLBOOL and got.bits == 8))
    return (got.code, got.bits, got.lanes) == (want.code, want.bits, want.lanes)


def _is_compact(t):
    """Row-major (C order) without gaps, as the VM reads a buffer that
    declares no strides: strides of extents 0 and 1 do not matter."""
    if not t.strides:
        return True
    acc = 1
    for k in reversed(range(t.ndim)):
        if t.shape[k] > 1 and t.strides[k] != acc:
            return False
        if t.shape[k] != 0:
            acc *= t.shape[k]
    return True


def _contiguous_copy(obj, name):
    """A C-contiguous NumPy copy of an input array."""
    import numpy as np

    try:
        if hasattr(obj, "__array_interface__"):
            return np.ascontiguousarray(obj)
        return np.ascontiguousarray(np.from_dlpack(obj))
    except (TypeError, ValueError, BufferError, RuntimeError, AttributeError) as e:
        raise ArgumentValueError("argument '%s': the tensor is not contiguous (C order) and NumPy cannot copy it "
                                 "(%s): pass a contiguous tensor" % (name, e), "usage error") from None


class Function:
    """One function of a module; call it like a Python function."""

    def __init__(self, module, index):
        self._module = module
        self.index = index
        m = module._handle
        self.name = _lib.vm.tirvm_function_name(m, index).decode()
        self.params = []
        for i in range(_lib.vm.tirvm_param_count(m, index)):
            info = _lib.ParamInfo()
            _lib.vm.tirvm_param(m, index, i, _ctypes.byref(info))
            dim_vars = []
            for k in range(info.ndim):
                v = _lib.vm.tirvm_param_dim_var(m, index, i, k)
                dim_vars.append(v.decode() if v else None)
            self.params.append(Param(info, dim_vars))
        rt = _lib.DLDataType()
        _lib.vm.tirvm_function_return_type(m, index, _ctypes.byref(rt))
        self.return_type = None if rt.bits == 0 else _dtype_name(rt)
        self._strided = None  # the buffer parameters that declare strides (_declares_strides)

    def signature(self):
        return "%s(%s) -> %s" % (self.name, ", ".join(repr(p) for p in self.params), self.return_type or "None")

    def __repr__(self):
        return "<tirvm.Function %s>" % self.signature()

    def __call__(self, *args, max_steps=0, max_memory=0, timeout=None, cancel=None, profile=None, **kwargs):
        """Calls the function.  Arguments in parameter order or by name
        (the parameter's or its buffer's).  Buffers are arrays (anything
        with __dlpack__, or NumPy arrays) the VM reads and writes in place.
        An output (a buffer the function writes: Param.written) left out
        whose shape is constant or follows from the other arguments is
        allocated (zero-filled) and returned; an input left out is a
        UsageError.  Returns the function's return value, else the
        allocated buffers (one, or a tuple), else None; with both, a tuple
        (value, *allocated).  max_steps and max_memory bound this call,
        timeout (seconds) and cancel (a CancelFlag) cancel it.  profile, a
        dict, gets per function the call ran (this one, and a model's
        kernels) [runs, total, self, workers] added to it: total, wall-clock
        seconds on the calling thread while the function ran (a recursive
        function's nested runs counted once; this function's is the call's
        time), self, that less the functions it called, and workers, CPU
        seconds the pool's other threads spent in its own code in parallel
        loops (apart from the wall-clock time: no total passes the call's).

        Arguments are checked before the call: an array of another dtype
        raises ArgumentTypeError (a TypeError), one of another rank or of
        an extent that is not the declared one or disagrees with the
        earlier arguments ArgumentValueError (a ValueError).  Buffers that
        declare no strides are read in C order: an input that is not
        contiguous (a slice with a step, a transpose, a Fortran-order
        array) is copied to contiguous memory for the call; an output must
        be contiguous (np.ascontiguousarray makes one; read the result from
        it), else ArgumentValueError."""
        params = self.params
        if len(args) > len(params):
            raise UsageError("%s takes %d arguments, got %d" % (self.name, len(params), len(args)))
        values = list(args) + [None] * (len(params) - len(args))
        for key, v in kwargs.items():
            for i, p in enumerate(params):
                if key in (p.name, p.alias):
                    if i < len(args):
                        raise UsageError("argument '%s' is given twice" % key)
                    values[i] = v
                    break
            else:
                raise UsageError("%s has no parameter '%s'" % (self.name, key))
        defaults = self._module._params
        if defaults:
            for i, p in enumerate(params):
                if values[i] is None:
                    for key in (p.name, p.alias):
                        if key in defaults:
                            values[i] = defaults[key]
                            break
        keep, borrowed = [], []
        try:
            return self._call(values, keep, borrowed, max_steps, max_memory, timeout, cancel, profile)
        finally:
            for b in borrowed:
                b.release()

    def _declares_strides(self, i):
        """Does buffer parameter i declare strides (then the VM takes the
        tensor's strides as they are)?  The public API does not say; the
        module's listing does (function NAME(p: buffer bN, ...) and
        "buffer bN ... strides[...]" lines).  Read once, when a call first
        passes a non-contiguous tensor."""
        if self._strided is None:
            strided = set()
            try:
                blocks = [b for b in _re.split(r"(?m)^(?=function )", self._module.disassemble())
                          if b.startswith("function ")]
                block = blocks[self.index] if self.index < len(blocks) else ""
                bufs = _re.findall(r": buffer (b\d+)", block.split("\n", 1)[0])
                bparams = [k for k, p in enumerate(self.params) if p.kind == "buffer"]
                declared = set()
                for m in _re.finditer(r'(?m)^  buffer (b\d+) (?:"(?:[^"\\]|\\.)*" )?(.*)$', block):
                    if " strides[" in m.group(2):
                        declared.add(m.group(1))
                if len(bufs) == len(bparams):
                    strided = {k for k, b in zip(bparams, bufs) if b in declared}
            except (MemoryError, UnicodeError):
                pass
            self._strided = strided
        return i in self._strided

    def _check_tensor(self, cargs, i, p, t):
        """Checks tensor argument i against its parameter before the call,
        as binding would: the dtype, the rank, and each extent against the
        declared constant or the value the earlier arguments give its
        variable (cargs holds the scalars and the earlier tensors)."""
        if not _dtype_matches(p._dt, t.dtype):
            got = "bool (8-bit)" if t.dtype.code == _lib.KDLBOOL else _dtype_name(t.dtype)
            raise ArgumentTypeError("argument '%s': dtype is %s, expected %s" % (p.name, got, p.dtype), "usage error")
        if t.ndim != len(p.shape):
            raise ArgumentValueError("argument '%s': has %d dimensions, expected %d (%s)"
                                     % (p.name, t.ndim, len(p.shape), p._type()), "usage error")
        want = (_ctypes.c_int64 * 32)()
        err = _err_buf()
        resolved = _lib.vm.tirvm_resolve_shape(self._module._handle, self.index, cargs, len(self.params), i, want,
                                               err, len(err)) == _lib.OK
        for k, d in enumerate(p.shape):
            if isinstance(d, int):
                expected, why = d, ""
            elif resolved:
                expected, why = want[k], " (%s, from the earlier arguments)" % d
            else:
                continue
            if t.shape[k] != expected:
                raise ArgumentValueError("argument '%s': shape[%d] is %d, expected %d%s"
                                         % (p.name, k, t.shape[k], expected, why), "usage error")

    def _call(self, values, keep, borrowed, max_steps, max_memory, timeout, cancel, profile=None):
        params = self.params
        n = len(params)
        cargs = (_lib.Arg * max(n, 1))()
        missing = []
        # the scalars first: they may give symbolic extents of the buffers
        for i, (p, v) in enumerate(zip(params, values)):
            if p.kind == "scalar":
                if v is None:
                    raise UsageError("missing argument '%s' (a %s scalar)" % (p.name, p.dtype))
                cargs[i] = _scalar_arg(v, p)
            else:
                cargs[i] = _lib.Arg(kind=_lib.ARG_TENSOR)  # NULL: not given (yet)
        for i, (p, v) in enumerate(zip(params, values)):
            if p.kind == "scalar":
                continue
            if v is None:
                if not p.written:
                    raise UsageError("missing input '%s' (%s): only the buffers the function writes may be left "
                                     "out" % (p.name, p._type()))
                missing.append(i)
                continue
            arg = _tensor_arg(v, p.name, keep, borrowed)
            t = _arg_tensor(arg)
            self._check_tensor(cargs, i, p, t)
            if not _is_compact(t) and not self._declares_strides(i):
                if p.written:
                    raise ArgumentValueError(
                        "argument '%s': the function writes this buffer, which must be contiguous (C order): pass "
                        "np.ascontiguousarray(%s) and read the result from that array" % (p.name, p.name),
                        "usage error")
                arg = _tensor_arg(_contiguous_copy(v, p.name), p.name, keep, borrowed)
            cargs[i] = arg
        err = _err_buf()
        allocated = []
        caller_bytes = 0
        if missing:
            import numpy as np

            for i in missing:
                shape = (_ctypes.c_int64 * 32)()
                st = _lib.vm.tirvm_resolve_shape(self._module._handle, self.index, cargs, n, i, shape, err, len(err))
                if st != _lib.OK:
                    raise UsageError("missing argument '%s': %s" % (params[i].name, err.value.decode()))
                dims = tuple(shape[k] for k in range(len(params[i].shape)))
                dtype = np.dtype(_numpy_dtype(params[i]._dt))
                nbytes = dtype.itemsize
                for d in dims:
                    nbytes *= d
                # the call's memory limit covers the outputs allocated for it:
                # checked before they are allocated
                if max_memory and caller_bytes + nbytes > max_memory:
                    raise LimitExceeded("allocating '%s' (%d bytes) for the call exceeds the memory limit of %d "
                                        "bytes" % (params[i].name, nbytes, max_memory), "limit exceeded")
                caller_bytes += nbytes
                allocated.append(np.zeros(dims, dtype))
            # every tensor at once, now that the shapes no longer change
            for i, arr in zip(missing, allocated):
                cargs[i] = _tensor_arg(arr, params[i].name, keep, borrowed)
        opts = _lib.CallOptions(max_steps=max_steps or 0, max_memory=max_memory or 0, caller_bytes=caller_bytes)
        if timeout is not None:
            opts.timeout_ns = max(1, int(timeout * 1e9))
        if cancel is not None:
            opts.cancel = _ctypes.pointer(cancel._flag)
        if profile is not None:
            funcs = self._module.functions
            entries = (_lib.ProfileEntry * len(funcs))()
            opts.profile = _ctypes.cast(entries, _ctypes.c_void_p)
        result = _lib.Value()
        st = _lib.vm.tirvm_call_ex(self._module._handle, self.index, cargs, n, _ctypes.byref(opts),
                                   _ctypes.byref(result), err, len(err))
        if st != _lib.OK:
            _raise(st, err)
        if profile is not None:
            for f, e in zip(funcs, entries):
                if e.calls:
                    row = profile.setdefault(f.name, [0, 0.0, 0.0, 0.0])
                    row.extend([0.0] * (4 - len(row)))
                    row[0] += e.calls
                    row[1] += e.total_ns / 1e9
                    row[2] += e.self_ns / 1e9
                    row[3] += e.worker_ns / 1e9
        out = []
        if result.has_value:
            dt = result.dtype
            if dt.code in (_lib.KDLFLOAT, _lib.KDLBFLOAT):
                out.append(result.f)
            elif _is_bool(dt):
                out.append(bool(result.i))
            elif dt.code == _lib.KDLUINT and dt.bits == 64:
                out.append(result.i & (2**64 - 1))
            else:
                out.append(result.i)
        out.extend(allocated)
        if not out:
            return None
        return out[0] if len(out) == 1 else tuple(out)


# ---- runtimes and modules ----------------------------------------------------


class Runtime:
    """The worker pool (threads, 0: $TIRVM_NUM_THREADS or the CPUs) and the
    default limits that the modules loaded into it share."""

    def __init__(self, threads=0, max_steps=0, max_memory=0):
        self._handle = None
        h = _ctypes.c_void_p()
        err = _err_buf()
        opts = _lib.RuntimeOptions(threads, max_steps, max_memory)
        st = _lib.vm.tirvm_runtime_new(_ctypes.byref(opts), _ctypes.byref(h), err, len(err))
        if st != _lib.OK:
            _raise(st, err)
        self._handle = h

    @property
    def threads(self):
        return _lib.vm.tirvm_runtime_threads(self._handle)

    def load(self, source):
        return load(source, runtime=self)

    def compile(self, source, name="<string>", strict=False):
        return compile(source, name=name, strict=strict, runtime=self)

    def __del__(self):
        if self._handle:
            _lib.vm.tirvm_runtime_free(self._handle)  # the modules keep it alive in C as long as they need it
            self._handle = None


class Module:
    """A loaded, verified module.  mod.functions lists its functions; a
    function is mod["name"], or mod.name when the name is an identifier."""

    def __init__(self, handle, runtime):
        self._handle = handle
        self._runtime = runtime
        self._params = {}
        self.functions = [Function(self, i) for i in range(_lib.vm.tirvm_function_count(handle))]

    def _set_params(self, params):
        """The arguments every call gets unless it passes them (load's params)."""
        if isinstance(params, (str, bytes, _os.PathLike)):
            import numpy as np

            with np.load(params, allow_pickle=False) as z:
                params = {k: z[k] for k in z.files}
        names = {n for f in self.functions for p in f.params if p.kind == "buffer" for n in (p.name, p.alias) if n}
        unknown = sorted(k for k in params if k not in names)
        if unknown:
            raise UsageError("params: no function of the module has a buffer parameter named %s"
                             % ", ".join(repr(k) for k in unknown))
        self._params = dict(params)

    def __getitem__(self, name):
        for f in self.functions:
            if f.name == name:
                return f
        raise KeyError("the module has no function '%s' (its functions: %s)"
                       % (name, ", ".join(f.name for f in self.functions)))

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError as e:
            raise AttributeError(str(e)) from None

    def __dir__(self):
        return list(super().__dir__()) + [f.name for f in self.functions]

    def disassemble(self):
        """The readable bytecode listing."""
        p = _lib.vm.tirvm_disassemble(self._handle)
        if not p:
            raise MemoryError("out of memory")
        try:
            return _ctypes.string_at(p).decode("utf-8", "replace")
        finally:
            _lib.vm.tirvm_free(p)

    def __repr__(self):
        return "<tirvm.Module %s>" % ", ".join(f.name for f in self.functions)

    def __del__(self):
        if self._handle:
            _lib.vm.tirvm_module_free(self._handle)
            self._handle = None


def _runtime_handle(runtime):
    return runtime._handle if runtime is not None else None


def load(source, runtime=None, params=None):
    """Loads and verifies a module: source is a path to a .tirbc file, or its
    bytes.  VerifyError when it is not a valid module.  params gives buffer
    arguments that every call receives unless it passes them itself: a
    model's detached weights, as a path to the .npz that np.savez wrote
    (p_0, p_1, ...) or a dict of arrays by parameter name."""
    h = _ctypes.c_void_p()
    err = _err_buf()
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        st = _lib.vm.tirvm_runtime_load(_runtime_handle(runtime), data, len(data), _ctypes.byref(h), err, len(err))
    else:
        st = _lib.vm.tirvm_runtime_load_file(_runtime_handle(runtime), _os.fsencode(source), _ctypes.byref(h), err,
                                             len(err))
    if st != _lib.OK:
        _raise(st, err)
    mod = Module(h, runtime)
    if params is not None:
        mod._set_params(params)
    return mod


# A diagnostic's first line: FILE:LINE:COL: SEVERITY: MESSAGE, or FILE: node
# N: SEVERITY: MESSAGE (TVM JSON), or FILE: SEVERITY: MESSAGE; the indented
# lines after it show the source line.
_DIAG_HEAD = _re.compile(r"^(.*?)(?::(\d+):(\d+))?(?:: node \d+)?: (error|warning|note): ")


def _diagnostics(text):
    """(file, line, col, severity, text) for each diagnostic of tirc's text."""
    out = []
    for row in text.splitlines():
        m = _DIAG_HEAD.match(row)
        if m:
            out.append([m.group(1), int(m.group(2) or 0), int(m.group(3) or 0), m.group(4), row])
        elif out:
            out[-1][4] += "\n" + row
    return out


def _caller_stacklevel():
    """The stacklevel of warnings.warn, called from this function's caller,
    that names the first frame outside this package: the user's call."""
    here = _os.path.dirname(_os.path.abspath(__file__))
    f, level = _sys._getframe(1), 1
    while f is not None and _os.path.dirname(_os.path.abspath(f.f_code.co_filename)) == here:
        f, level = f.f_back, level + 1
    return level


def _warn_diagnostics(text):
    """The warnings and notes of a compile that succeeded, as Python
    warnings (CompileWarning, CompileNote) at the caller's line."""
    level = _caller_stacklevel()
    for file, line, col, severity, diag in _diagnostics(text):
        if severity in ("warning", "note"):
            cls = CompileNote if severity == "note" else CompileWarning
            _warnings.warn(cls(diag, file, line, col, severity), stacklevel=level)


_KIND = {_lib.TIRC_SYNTAX: "syntax", _lib.TIRC_SCRIPT: "script", _lib.TIRC_TYPE: "type",
         _lib.TIRC_UNSUPPORTED: "unsupported"}


def compile_to_bytes(source, name="<string>", strict=False):
    """Compiles TVMScript (or TVM JSON) text to .tirbc bytes; CompileError
    with the diagnostics when it is not a program tirc accepts.  The
    compiler's warnings and notes on a program it accepts are issued as
    Python warnings: CompileWarning, and CompileNote for notes."""
    if isinstance(source, str):
        source = source.encode()
    out, out_len, diag = _ctypes.c_void_p(), _ctypes.c_size_t(), _ctypes.c_void_p()
    opts = _lib.CompileOptions(check_only=0, strict=int(bool(strict)))
    st = _lib.tirc.tirc_compile(name.encode(), source, len(source), _ctypes.byref(opts), _ctypes.byref(out),
                                _ctypes.byref(out_len), _ctypes.byref(diag))
    try:
        text = _ctypes.string_at(diag.value).decode("utf-8", "replace") if diag.value else ""
        if st != _lib.TIRC_OK:
            status = _lib.tirc.tirc_status_name(st).decode()
            if st == _lib.TIRC_VERIFY:
                raise VerifyError(text.strip() or status, status)
            if st == _lib.TIRC_NOMEM:
                raise MemoryError(text.strip() or status)
            if st == _lib.TIRC_USAGE:
                raise UsageError(text.strip() or status, status)
            first = text.strip().splitlines()[0] if text.strip() else status
            raise CompileError(first, status, _KIND.get(st, ""), text)
        data = _ctypes.string_at(out.value, out_len.value)
        if text:
            _warn_diagnostics(text)
        return data
    finally:
        _lib.vm.tirvm_free(out.value)
        _lib.vm.tirvm_free(diag.value)


def compile(source, name="<string>", strict=False, runtime=None):
    """Compiles TVMScript (or TVM JSON) text and loads the module."""
    return load(compile_to_bytes(source, name=name, strict=strict), runtime=runtime)


def compile_file(path, strict=False, runtime=None):
    """Compiles a TVMScript .py (or TVM .json) file and loads the module."""
    with open(path, "rb") as f:
        text = f.read()
    return load(compile_to_bytes(text, name=_os.fsdecode(path), strict=strict), runtime=runtime)
