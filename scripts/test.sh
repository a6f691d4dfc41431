#!/bin/sh
# Installs what is needed, builds tirvm three times (a normal build, one with
# AddressSanitizer + UndefinedBehaviorSanitizer, one with ThreadSanitizer),
# runs every test in the first two and the end-to-end tests in the third,
# and ends with one summary line "N passed, N failed" over all test cases.
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
./scripts/build.sh build
./scripts/build.sh build-asan -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fno-sanitize-recover=all -Dbuildtype=debug
# ThreadSanitizer for the end-to-end suites, which run the parallel regions.
./scripts/build.sh build-tsan -Db_sanitize=thread -Dbuildtype=debug
status=0
for dir in build build-asan build-tsan; do
    echo "== tests in $dir"
    suites=""
    [ "$dir" = build-tsan ] && suites="--suite e2e"
    # Sanitized debug builds run several times slower, and CI machines are
    # shared: their tests get ten times their timeouts.
    slow=1
    [ "$dir" != build ] && slow=10
    if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        TSAN_OPTIONS=halt_on_error=1 meson test -C "$dir" --no-rebuild --print-errorlogs \
        --timeout-multiplier "$slow" $suites; then
        status=1
    fi
done
# Every test program speaks TAP: count its cases across both builds.
logs="build/meson-logs/testlog.txt build-asan/meson-logs/testlog.txt build-tsan/meson-logs/testlog.txt"
passed=$(cat $logs | grep '^ok [0-9]' | grep -vc '# SKIP' || true)
skipped=$(cat $logs | grep '^ok [0-9]' | grep -c '# SKIP' || true)
failed=$(cat $logs | grep -c '^not ok [0-9]' || true)
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1 # a test program crashed or failed outside its TAP cases
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
