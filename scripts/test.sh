#!/bin/sh
# Installs what is needed, builds tirvm twice (a normal build and one with
# AddressSanitizer + UndefinedBehaviorSanitizer), runs every test in both,
# and ends with one summary line "N passed, N failed" over all test cases.
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
./scripts/build.sh build
./scripts/build.sh build-asan -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fno-sanitize-recover=all -Dbuildtype=debug
status=0
for dir in build build-asan; do
    echo "== tests in $dir"
    if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        meson test -C "$dir" --no-rebuild --print-errorlogs; then
        status=1
    fi
done
# Every test program speaks TAP: count its cases across both builds.
logs="build/meson-logs/testlog.txt build-asan/meson-logs/testlog.txt"
passed=$(cat $logs | grep '^ok [0-9]' | grep -vc '# SKIP' || true)
skipped=$(cat $logs | grep '^ok [0-9]' | grep -c '# SKIP' || true)
failed=$(cat $logs | grep -c '^not ok [0-9]' || true)
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1 # a test program crashed or failed outside its TAP cases
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
