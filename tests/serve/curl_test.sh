#!/bin/sh
# curl smoke test of tirvm serve: runs the serving example of
# docs/serving.md (the fenced block after the "serve example" marker) on a
# free port, and checks that every output the block shows (its "# {...}" and
# "# tirvm_..." lines) is what the commands printed.  TAP output.
# Then it runs the page's Python snippet (a Python with numpy) against a
# server of the same model.
# Usage: curl_test.sh TIRC TIRVM SOURCE_ROOT PYTHON
set -u
TIRC=$1 TIRVM=$2 ROOT=$3 PYTHON=${4:-python3}
case $TIRC in /*) ;; *) TIRC=$PWD/$TIRC ;; esac
case $TIRVM in /*) ;; *) TIRVM=$PWD/$TIRVM ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/../tap.sh"
awk '/^<!-- serve example/ { want = 1; next }
     want == 1 && /^```/ { want = 2; next }
     want == 2 && /^```/ { exit }
     want == 2 { print }' "$ROOT/docs/serving.md" >"$T/block.sh"
if [ -s "$T/block.sh" ]; then
    ok "docs/serving.md has the serving example"
else
    not_ok "docs/serving.md has the serving example"
    echo "1..$n"
    exit 1
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# the same commands, with this build's programs, the source tree's example
# and a free port
sed -e "s|build/cli/tirc|$TIRC|g" -e "s|build/cli/tirvm|$TIRVM|g" -e "s|examples/|$ROOT/examples/|g" \
    -e "s|localhost:8080|127.0.0.1:$port|g" -e "s|--http-port 8080|--http-port $port --http-address 127.0.0.1|g" \
    "$T/block.sh" >"$T/run.sh"
(cd "$T" && timeout 120 sh "$T/run.sh" >"$T/out" 2>"$T/err")
rc=$?
if [ $rc -eq 0 ]; then
    ok "the example runs and the server exits 0 after SIGTERM"
else
    cat "$T/out" "$T/err" >"$T/why"
    not_ok "the example runs and the server exits 0 after SIGTERM (status $rc)" "$T/why"
fi
grep -E '^# (\{|tirvm_)' "$T/block.sh" | sed 's/^# //' >"$T/expected"
while IFS= read -r line; do
    if grep -qxF -- "$line" "$T/out"; then
        ok "printed: $(printf '%s' "$line" | cut -c1-90)"
    else
        cp "$T/out" "$T/why"
        not_ok "printed: $(printf '%s' "$line" | cut -c1-90)" "$T/why"
    fi
done <"$T/expected"
[ "$(wc -l <"$T/expected")" -ge 5 ] && ok "the example shows at least 5 outputs" ||
    not_ok "the example shows at least 5 outputs" "$T/expected"
# The page's Python snippet, against a server of the same model: it prints
# the output array A + 1 = [1. 2. 3. 4.].
awk '/^From Python with only the standard library/ { want = 1; next }
     want == 1 && /^```python/ { want = 2; next }
     want == 2 && /^```/ { exit }
     want == 2 { print }' "$ROOT/docs/serving.md" >"$T/snippet.py"
if [ -s "$T/snippet.py" ] && [ -f "$T/models/vadd/1/model.tirbc" ]; then
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    sed -i "s/\"localhost\", 8080/\"127.0.0.1\", $port/" "$T/snippet.py"
    "$TIRVM" serve --model-repository "$T/models" --http-port "$port" --http-address 127.0.0.1 2>"$T/serve.err" &
    spid=$!
    i=0
    until curl -sf "127.0.0.1:$port/v2/health/ready" >/dev/null 2>&1 || [ $i -ge 100 ]; do sleep 0.1; i=$((i + 1)); done
    if timeout 60 "$PYTHON" "$T/snippet.py" >"$T/py.out" 2>&1 && grep -qF '[1. 2. 3. 4.]' "$T/py.out"; then
        ok "docs/serving.md's Python snippet prints A + 1"
    else
        not_ok "docs/serving.md's Python snippet prints A + 1" "$T/py.out"
    fi
    kill -TERM "$spid" 2>/dev/null
    wait "$spid" 2>/dev/null
else
    not_ok "docs/serving.md has the Python snippet and the example's model"
fi
echo "1..$n"
[ "$failed" -eq 0 ]
