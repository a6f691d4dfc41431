"""ctypes declarations of libtirvm and libtirc (include/tirvm.h, include/tirc.h)."""
import ctypes
import os

# ---- DLPack ---------------------------------------------------------------


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


class DLManagedTensor(ctypes.Structure):
    pass


DLManagedTensor._fields_ = [
    ("dl_tensor", DLTensor),
    ("manager_ctx", ctypes.c_void_p),
    ("deleter", ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensor))),
]


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class DLManagedTensorVersioned(ctypes.Structure):
    pass


DLManagedTensorVersioned._fields_ = [
    ("version", DLPackVersion),
    ("manager_ctx", ctypes.c_void_p),
    ("deleter", ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensorVersioned))),
    ("flags", ctypes.c_uint64),
    ("dl_tensor", DLTensor),
]

KDLCPU = 1
KDLINT, KDLUINT, KDLFLOAT, KDLBFLOAT, KDLBOOL = 0, 1, 2, 4, 6
DLPACK_FLAG_READ_ONLY = 1

# ---- tirvm.h --------------------------------------------------------------

OK, ERR_RUNTIME, ERR_USAGE, ERR_MODULE, ERR_LIMIT, ERR_CANCELLED, ERR_NOMEM = range(7)
ARG_TENSOR, ARG_INT, ARG_FLOAT, ARG_UINT, ARG_DLMANAGED, ARG_DLMANAGED_VERSIONED, ARG_TENSOR_READ_ONLY = range(7)
PARAM_SCALAR, PARAM_BUFFER = 0, 1


class RuntimeOptions(ctypes.Structure):
    _fields_ = [("threads", ctypes.c_int), ("max_steps", ctypes.c_uint64), ("max_memory", ctypes.c_uint64)]


class ParamInfo(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("alias", ctypes.c_char_p),
        ("kind", ctypes.c_int),
        ("dtype", DLDataType),
        ("ndim", ctypes.c_int),
        ("shape", ctypes.c_int64 * 32),
        ("shape_name", ctypes.c_char_p * 32),
        ("written", ctypes.c_int),
    ]


class Value(ctypes.Structure):
    _fields_ = [("has_value", ctypes.c_int), ("dtype", DLDataType), ("i", ctypes.c_int64), ("f", ctypes.c_double)]


class Arg(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_int),
        ("tensor", ctypes.POINTER(DLTensor)),
        ("i", ctypes.c_int64),
        ("f", ctypes.c_double),
        ("u", ctypes.c_uint64),
        ("managed", ctypes.c_void_p),
        ("managed_versioned", ctypes.c_void_p),
    ]


class CallOptions(ctypes.Structure):
    _fields_ = [
        ("max_steps", ctypes.c_uint64),
        ("max_memory", ctypes.c_uint64),
        ("cancel", ctypes.POINTER(ctypes.c_int)),
        ("timeout_ns", ctypes.c_uint64),
        ("caller_bytes", ctypes.c_uint64),
        ("profile", ctypes.c_void_p),
    ]


class ProfileEntry(ctypes.Structure):
    _fields_ = [("calls", ctypes.c_uint64), ("ns", ctypes.c_uint64), ("total_ns", ctypes.c_uint64),
                ("self_ns", ctypes.c_uint64), ("worker_ns", ctypes.c_uint64)]


# ---- tirc.h ---------------------------------------------------------------

TIRC_OK, TIRC_SYNTAX, TIRC_SCRIPT, TIRC_TYPE, TIRC_UNSUPPORTED, TIRC_VERIFY, TIRC_USAGE, TIRC_NOMEM = range(8)


class CompileOptions(ctypes.Structure):
    """tirc_options of include/tirc.h, every field in its order (the C side
    reads them all)."""
    _fields_ = [("check_only", ctypes.c_int), ("strict", ctypes.c_int), ("emit_asm", ctypes.c_int),
                ("tvm_minor", ctypes.c_int), ("emit_tir", ctypes.c_int), ("passes", ctypes.c_char_p),
                ("params", ctypes.c_void_p), ("param_names", ctypes.POINTER(ctypes.c_char_p)),
                ("nparams", ctypes.c_int)]


# ---- loading --------------------------------------------------------------


def _candidates(name):
    """Where to look for lib<name>.so.0: $TIRVM_LIBRARY_PATH (directories,
    ':'-separated); when meson installed this package, the library
    directory at the same place relative to the package as in the install
    (the tree may have been installed with --destdir, or moved), then the
    one meson installed the libraries into; then the system's search
    path."""
    dirs = [d for d in os.environ.get("TIRVM_LIBRARY_PATH", "").split(os.pathsep) if d]
    try:
        from . import _libdir

        pkgdir = getattr(_libdir, "PKGDIR", "")
        if pkgdir:
            here = os.path.dirname(os.path.abspath(_libdir.__file__))
            dirs.append(os.path.normpath(os.path.join(here, os.path.relpath(_libdir.LIBDIR, pkgdir))))
        dirs.append(_libdir.LIBDIR)
    except ImportError:
        pass
    for d in dirs:
        yield os.path.join(d, "lib%s.so.0" % name)
    yield "lib%s.so.0" % name


def _load(name):
    errors = []
    for path in _candidates(name):
        if os.path.sep in path and not os.path.exists(path):
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            errors.append(str(e))
    raise ImportError(
        "tirvm: cannot load lib%s.so.0 (install tirvm, or set TIRVM_LIBRARY_PATH to the directory "
        "that holds it): %s" % (name, "; ".join(errors) or "not found")
    )


vm = _load("tirvm")
tirc = _load("tirc")

_P = ctypes.c_void_p
_S = ctypes.c_char_p
_Z = ctypes.c_size_t
_I = ctypes.c_int


def _fn(lib, name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


_fn(vm, "tirvm_version", _S)
_fn(vm, "tirvm_status_name", _S, _I)
_fn(vm, "tirvm_free", None, _P)
_fn(vm, "tirvm_runtime_new", _I, ctypes.POINTER(RuntimeOptions), ctypes.POINTER(_P), _S, _Z)
_fn(vm, "tirvm_runtime_free", None, _P)
_fn(vm, "tirvm_runtime_threads", _I, _P)
_fn(vm, "tirvm_runtime_load", _I, _P, _P, _Z, ctypes.POINTER(_P), _S, _Z)
_fn(vm, "tirvm_runtime_load_file", _I, _P, _S, ctypes.POINTER(_P), _S, _Z)
_fn(vm, "tirvm_module_free", None, _P)
_fn(vm, "tirvm_function_count", _I, _P)
_fn(vm, "tirvm_function_name", _S, _P, _I)
_fn(vm, "tirvm_find_function", _I, _P, _S)
_fn(vm, "tirvm_param_count", _I, _P, _I)
_fn(vm, "tirvm_param", _I, _P, _I, _I, ctypes.POINTER(ParamInfo))
_fn(vm, "tirvm_param_dim_var", _S, _P, _I, _I, _I)
_fn(vm, "tirvm_resolve_shape", _I, _P, _I, ctypes.POINTER(Arg), _I, _I, ctypes.POINTER(ctypes.c_int64), _S, _Z)
_fn(vm, "tirvm_function_return_type", _I, _P, _I, ctypes.POINTER(DLDataType))
_fn(vm, "tirvm_dtype_name", _S, DLDataType, _S, _Z)
_fn(vm, "tirvm_disassemble", ctypes.c_void_p, _P)
_fn(vm, "tirvm_call_ex", _I, _P, _I, ctypes.POINTER(Arg), _I, ctypes.POINTER(CallOptions), ctypes.POINTER(Value),
    _S, _Z)
_fn(tirc, "tirc_status_name", _S, _I)
_fn(tirc, "tirc_compile", _I, _S, _S, _Z, ctypes.POINTER(CompileOptions), ctypes.POINTER(_P), ctypes.POINTER(_Z),
    ctypes.POINTER(_P))

# Python's capsule API, for the DLPack protocol.
_capi = ctypes.pythonapi
_fn(_capi, "PyCapsule_GetPointer", ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)
_fn(_capi, "PyCapsule_IsValid", ctypes.c_int, ctypes.py_object, ctypes.c_char_p)
_fn(_capi, "PyCapsule_SetName", ctypes.c_int, ctypes.py_object, ctypes.c_char_p)
capsule_get_pointer = _capi.PyCapsule_GetPointer
capsule_is_valid = _capi.PyCapsule_IsValid
capsule_set_name = _capi.PyCapsule_SetName
