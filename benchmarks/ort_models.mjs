// The ONNX Runtime side of benchmarks/ort_models.py: a child process that
// loads ONNX models into onnxruntime-node and times session.run on request,
// so the Python side can alternate rounds of ONNX Runtime and tirvm in one
// run.  ONNX Runtime is a benchmark tool only: nothing in the build or the
// tests loads it.
//
//   node benchmarks/ort_models.mjs ORT_DIR
//
// ORT_DIR holds node_modules/onnxruntime-node (npm install --prefix ORT_DIR).
// Requests are JSON lines on stdin, each answered by one JSON line on stdout
// ({"error": "..."} when it fails):
//   {"cmd": "load", "name": N, "onnx": PATH, "x": X.npy, "y": Y.npy, "tile": K, "threads": [1, 2]}
//       one session per thread count (intraOpNumThreads), the input tiled K
//       times along its first axis (TVM's output too, to compare with); runs
//       each session once and answers the version, the input's shape and the
//       largest |y - TVM's y| of each session's output
//   {"cmd": "time", "name": N, "threads": T, "iters": I}
//       I calls of session.run, answers their wall times in ms
//   {"cmd": "free", "name": N}
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";

if (process.argv.length !== 3) {
    process.stderr.write("usage: node ort_models.mjs ORT_DIR\n");
    process.exit(2);
}
const ortDir = resolve(process.argv[2]);
const ort = createRequire(join(ortDir, "node_modules") + "/")("onnxruntime-node");
const ortVersion = JSON.parse(readFileSync(join(ortDir, "node_modules", "onnxruntime-node", "package.json"))).version;

// A float32 .npy file (little-endian, C order, format version 1 to 3) as
// {shape, data: Float32Array}.
function readNpy(path) {
    const buf = readFileSync(path);
    if (buf.length < 10 || buf.readUInt8(0) !== 0x93 || buf.toString("latin1", 1, 6) !== "NUMPY")
        throw new Error(`${path}: not a .npy file`);
    const major = buf.readUInt8(6);
    const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
    const start = (major === 1 ? 10 : 12) + headerLen;
    const header = buf.toString("latin1", major === 1 ? 10 : 12, start);
    const descr = /'descr':\s*'([^']*)'/.exec(header);
    const fortran = /'fortran_order':\s*(True|False)/.exec(header);
    const shape = /'shape':\s*\(([^)]*)\)/.exec(header);
    if (!descr || !fortran || !shape)
        throw new Error(`${path}: cannot read the .npy header`);
    if (descr[1] !== "<f4" || fortran[1] !== "False")
        throw new Error(`${path}: ${descr[1]}${fortran[1] === "True" ? " in Fortran order" : ""}, expected float32 in C order`);
    const dims = shape[1].split(",").map((s) => s.trim()).filter((s) => s.length).map(Number);
    const count = dims.reduce((a, b) => a * b, 1);
    if (buf.length - start < count * 4)
        throw new Error(`${path}: shorter than its shape`);
    // a copy: the data's offset in the file need not be a multiple of 4
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++)
        data[i] = buf.readFloatLE(start + 4 * i);
    return { shape: dims, data };
}

// The array repeated k times along its first axis.
function tile(a, k) {
    const data = new Float32Array(a.data.length * k);
    for (let i = 0; i < k; i++)
        data.set(a.data, i * a.data.length);
    return { shape: [a.shape[0] * k, ...a.shape.slice(1)], data };
}

function maxDiff(got, want) {
    if (got.length !== want.length)
        return Infinity;
    let worst = 0;
    for (let i = 0; i < got.length; i++) {
        const d = Math.abs(got[i] - want[i]);
        if (!(d <= worst))
            worst = Number.isNaN(d) ? Infinity : d;
    }
    return worst;
}

const models = new Map();

async function load(req) {
    const k = req.tile || 1;
    const x = tile(readNpy(req.x), k), y = tile(readNpy(req.y), k);
    const sessions = new Map(), diffs = {};
    let feeds = null;
    for (const t of req.threads) {
        const s = await ort.InferenceSession.create(req.onnx, { intraOpNumThreads: t, interOpNumThreads: 1 });
        if (!feeds)
            feeds = { [s.inputNames[0]]: new ort.Tensor("float32", x.data, x.shape) };
        const out = await s.run(feeds);
        diffs[t] = maxDiff(out[s.outputNames[0]].data, y.data);
        sessions.set(t, s);
    }
    models.set(req.name, { sessions, feeds });
    // JSON has no Infinity: a mismatch in size or a NaN is reported as null
    for (const t in diffs)
        if (!Number.isFinite(diffs[t]))
            diffs[t] = null;
    return { version: ortVersion, shape: x.shape, max_diff: diffs };
}

async function time(req) {
    const m = models.get(req.name);
    const s = m && m.sessions.get(req.threads);
    if (!s)
        throw new Error(`${req.name} with ${req.threads} threads is not loaded`);
    const ms = [];
    for (let i = 0; i < req.iters; i++) {
        const t0 = process.hrtime.bigint();
        await s.run(m.feeds);
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return { ms };
}

async function free(req) {
    const m = models.get(req.name);
    if (m)
        for (const s of m.sessions.values())
            await s.release();
    models.delete(req.name);
    return {};
}

const handlers = { load, time, free };
for await (const line of createInterface({ input: process.stdin })) {
    let reply;
    try {
        const req = JSON.parse(line);
        const h = handlers[req.cmd];
        if (!h)
            throw new Error(`unknown request ${req.cmd}`);
        reply = await h(req);
    } catch (e) {
        reply = { error: String(e && e.message ? e.message : e) };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
}
