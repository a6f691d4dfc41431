"""What the model tests share (models_test.py, relax_layouts.py, npz_hostile_test.py, microkernels_test.py, profile_test.py, untrusted_test.py): TAP
reporting, running a command, and the models' tolerance against TVM's
output, max|y - y_tvm| <= 1e-3 * max(1, max|y_tvm|) (../shared/tvm-models's
README)."""
import subprocess

import numpy as np

counts = {"n": 0, "failed": 0}


def report(ok, what, detail=""):
    counts["n"] += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", counts["n"], what))
    if not ok:
        counts["failed"] += 1
        for line in str(detail).splitlines()[:20]:
            print("#   " + line)


def close(y, ref):
    y, ref = np.asarray(y), np.asarray(ref)
    if y.shape != ref.shape:
        return False, "shape %s, expected %s" % (y.shape, ref.shape)
    diff = float(np.max(np.abs(y.astype(np.float64) - ref))) if y.size else 0.0
    tol = 1e-3 * max(1.0, float(np.max(np.abs(ref))) if ref.size else 0.0)
    return diff <= tol, "max|diff| %g, tolerance %g" % (diff, tol)


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def finish():
    """The plan line, and the exit status: 1 if any test failed."""
    print("1..%d" % counts["n"])
    return 1 if counts["failed"] else 0
