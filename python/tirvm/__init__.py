"""tirvm from Python: compile TensorIR (TVMScript or TVM JSON), load .tirbc
modules and call their functions on NumPy arrays, or on any object with
``__dlpack__``, with zero copies.

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
"""
import ctypes
import os

from . import _lib
from ._lib import Arg, CallOptions, DLDataType, DLTensor

__all__ = [
    "TirvmError", "CompileError", "VerifyError", "RuntimeTrap", "LimitExceeded", "Cancelled", "UsageError",
    "Runtime", "Module", "Function", "Param", "CancelFlag",
    "compile", "compile_file", "compile_to_bytes", "load", "version",
]


def version():
    """The library's version string."""
    return _lib.vm.tirvm_version().decode()


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
    """The call failed: an assertion, integer division by zero, an
    out-of-bounds access, an argument that does not match its parameter."""


class LimitExceeded(TirvmError):
    """The call exceeded its step or memory limit."""


class Cancelled(TirvmError):
    """The call's cancel flag was set or its timeout passed."""


class UsageError(TirvmError, ValueError):
    """The caller asked for something that does not exist or cannot work
    (an unknown function, a read-only array for an output, a missing
    argument whose shape cannot be derived)."""


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
    return ctypes.create_string_buffer(1024)


# ---- dtypes ---------------------------------------------------------------


def _dtype_name(dt):
    buf = ctypes.create_string_buffer(32)
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
        self._dt = DLDataType(info.dtype.code, info.dtype.bits, info.dtype.lanes)
        self.shape = tuple(info.shape[k] if info.shape[k] >= 0 else (dim_vars[k] or "?") for k in range(info.ndim))
        self.written = bool(info.written) if self.kind == "buffer" else False

    def __repr__(self):
        if self.kind == "scalar":
            return "%s: %s" % (self.name, self.dtype)
        return "%s: %s[%s]" % (self.name, self.dtype, ", ".join(str(d) for d in self.shape))


class CancelFlag:
    """A flag another thread sets to cancel calls given it (cancel=flag)."""

    def __init__(self):
        self._flag = ctypes.c_int(0)

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
            mt = ctypes.cast(self.ptr, ctypes.POINTER(_lib.DLManagedTensorVersioned))
        else:
            mt = ctypes.cast(self.ptr, ctypes.POINTER(_lib.DLManagedTensor))
        if mt.contents.deleter:
            mt.contents.deleter(mt)


_USED = b"used_dltensor"
_USED_VERSIONED = b"used_dltensor_versioned"


def _array_interface_arg(obj, name, keep):
    """A DLTensor over a NumPy array's own memory (for what numpy's
    __dlpack__ refuses: read-only arrays, bool before NumPy 1.25)."""
    ai = getattr(obj, "__array_interface__", None)
    if ai is None:
        raise UsageError("argument '%s': expected an array (an object with __dlpack__), got %s"
                         % (name, type(obj).__name__))
    ptr, readonly = ai["data"]
    dtype = obj.dtype
    if dtype.kind == "b":
        dt = DLDataType(_lib.KDLBOOL, 8, 1)
    elif dtype.kind in "iuf":
        dt = DLDataType({"i": _lib.KDLINT, "u": _lib.KDLUINT, "f": _lib.KDLFLOAT}[dtype.kind], dtype.itemsize * 8, 1)
    else:
        raise UsageError("argument '%s': arrays of dtype %s are not supported" % (name, dtype))
    ndim = len(ai["shape"])
    shape = (ctypes.c_int64 * max(ndim, 1))(*ai["shape"])
    strides = None
    if ai.get("strides") is not None:
        if any(s % dtype.itemsize for s in ai["strides"]):
            raise UsageError("argument '%s': strides are not a multiple of the element size" % name)
        strides = (ctypes.c_int64 * max(ndim, 1))(*(s // dtype.itemsize for s in ai["strides"]))
    t = DLTensor()
    t.data = ptr
    t.device.device_type = _lib.KDLCPU
    t.ndim = ndim
    t.dtype = dt
    t.shape = ctypes.cast(shape, ctypes.POINTER(ctypes.c_int64))
    t.strides = ctypes.cast(strides, ctypes.POINTER(ctypes.c_int64)) if strides is not None else None
    keep.extend([shape, strides, t, obj])
    kind = _lib.ARG_TENSOR_READ_ONLY if readonly else _lib.ARG_TENSOR
    return Arg(kind=kind, tensor=ctypes.pointer(t))


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
                        return Arg(kind=kind, managed_versioned=ptr)
                    return Arg(kind=kind, managed=ptr)
            raise UsageError("argument '%s': __dlpack__ returned no DLPack capsule" % name)
    return _array_interface_arg(obj, name, keep)


def _scalar_arg(v, name):
    try:
        import numpy as np

        if isinstance(v, np.generic):
            v = v.item()
    except ImportError:
        pass
    if isinstance(v, bool):
        return Arg(kind=_lib.ARG_INT, i=int(v))
    if isinstance(v, int):
        if v > 2**63 - 1:
            return Arg(kind=_lib.ARG_UINT, u=v)
        return Arg(kind=_lib.ARG_INT, i=v)
    if isinstance(v, float):
        return Arg(kind=_lib.ARG_FLOAT, f=v)
    raise UsageError("argument '%s': expected a number, got %s" % (name, type(v).__name__))


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
            _lib.vm.tirvm_param(m, index, i, ctypes.byref(info))
            dim_vars = []
            for k in range(info.ndim):
                v = _lib.vm.tirvm_param_dim_var(m, index, i, k)
                dim_vars.append(v.decode() if v else None)
            self.params.append(Param(info, dim_vars))
        rt = DLDataType()
        _lib.vm.tirvm_function_return_type(m, index, ctypes.byref(rt))
        self.return_type = None if rt.bits == 0 else _dtype_name(rt)

    def signature(self):
        return "%s(%s) -> %s" % (self.name, ", ".join(repr(p) for p in self.params), self.return_type or "None")

    def __repr__(self):
        return "<tirvm.Function %s>" % self.signature()

    def __call__(self, *args, max_steps=0, max_memory=0, timeout=None, cancel=None, **kwargs):
        """Calls the function.  Arguments in parameter order or by name
        (the parameter's or its buffer's).  Buffers are arrays (anything
        with __dlpack__, or NumPy arrays) the VM reads and writes in place;
        a buffer left out whose shape is constant or follows from the other
        arguments is allocated (zero-filled) and returned.  Returns the
        function's return value, else the allocated buffers (one, or a
        tuple), else None; with both, a tuple (value, *allocated).
        max_steps and max_memory bound this call, timeout (seconds) and
        cancel (a CancelFlag) cancel it."""
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
        keep, borrowed = [], []
        try:
            return self._call(values, keep, borrowed, max_steps, max_memory, timeout, cancel)
        finally:
            for b in borrowed:
                b.release()

    def _call(self, values, keep, borrowed, max_steps, max_memory, timeout, cancel):
        params = self.params
        n = len(params)
        cargs = (Arg * max(n, 1))()
        missing = []
        for i, (p, v) in enumerate(zip(params, values)):
            if p.kind == "scalar":
                if v is None:
                    raise UsageError("missing argument '%s' (a %s scalar)" % (p.name, p.dtype))
                cargs[i] = _scalar_arg(v, p.name)
            elif v is None:
                cargs[i] = Arg(kind=_lib.ARG_TENSOR)  # NULL: to allocate
                missing.append(i)
            else:
                cargs[i] = _tensor_arg(v, p.name, keep, borrowed)
        err = _err_buf()
        allocated = []
        caller_bytes = 0
        if missing:
            import numpy as np

            for i in missing:
                shape = (ctypes.c_int64 * 32)()
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
        opts = CallOptions(max_steps=max_steps or 0, max_memory=max_memory or 0, caller_bytes=caller_bytes)
        if timeout is not None:
            opts.timeout_ns = max(1, int(timeout * 1e9))
        if cancel is not None:
            opts.cancel = ctypes.pointer(cancel._flag)
        result = _lib.Value()
        st = _lib.vm.tirvm_call_ex(self._module._handle, self.index, cargs, n, ctypes.byref(opts),
                                   ctypes.byref(result), err, len(err))
        if st != _lib.OK:
            _raise(st, err)
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
        h = ctypes.c_void_p()
        err = _err_buf()
        opts = _lib.RuntimeOptions(threads, max_steps, max_memory)
        st = _lib.vm.tirvm_runtime_new(ctypes.byref(opts), ctypes.byref(h), err, len(err))
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
        self.functions = [Function(self, i) for i in range(_lib.vm.tirvm_function_count(handle))]

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
            return ctypes.string_at(p).decode("utf-8", "replace")
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


def load(source, runtime=None):
    """Loads and verifies a module: source is a path to a .tirbc file, or its
    bytes.  VerifyError when it is not a valid module."""
    h = ctypes.c_void_p()
    err = _err_buf()
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        st = _lib.vm.tirvm_runtime_load(_runtime_handle(runtime), data, len(data), ctypes.byref(h), err, len(err))
    else:
        st = _lib.vm.tirvm_runtime_load_file(_runtime_handle(runtime), os.fsencode(source), ctypes.byref(h), err,
                                             len(err))
    if st != _lib.OK:
        _raise(st, err)
    return Module(h, runtime)


_KIND = {_lib.TIRC_SYNTAX: "syntax", _lib.TIRC_SCRIPT: "script", _lib.TIRC_TYPE: "type",
         _lib.TIRC_UNSUPPORTED: "unsupported"}


def compile_to_bytes(source, name="<string>", strict=False):
    """Compiles TVMScript (or TVM JSON) text to .tirbc bytes; CompileError
    with the diagnostics when it is not a program tirc accepts."""
    if isinstance(source, str):
        source = source.encode()
    out, out_len, diag = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_void_p()
    opts = _lib.CompileOptions(check_only=0, strict=int(bool(strict)))
    st = _lib.tirc.tirc_compile(name.encode(), source, len(source), ctypes.byref(opts), ctypes.byref(out),
                                ctypes.byref(out_len), ctypes.byref(diag))
    try:
        text = ctypes.string_at(diag.value).decode("utf-8", "replace") if diag.value else ""
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
        return ctypes.string_at(out.value, out_len.value)
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
    return load(compile_to_bytes(text, name=os.fsdecode(path), strict=strict), runtime=runtime)
