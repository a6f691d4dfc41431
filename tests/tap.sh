# TAP helpers for the shell test scripts (sourced): ok NAME, not_ok NAME
# [FILE] (the first 30 lines of FILE, when it has any, as the reason), and
# the counters n and failed; a script ends with: echo "1..$n"; [ "$failed" -eq 0 ]
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
    n=$((n + 1))
    failed=$((failed + 1))
    echo "not ok $n - $1"
    [ -n "${2:-}" ] && [ -s "$2" ] && head -n 30 "$2" | sed 's/^/#   /'
    return 0
}
