#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz, nightly) of ply's parsers, protocols and
# invariants: each target in fuzz/fuzz_targets runs for MINUTES, at the lowest
# priority, one after the other (or all at once with -j). Crashes land in
# fuzz/artifacts/TARGET/, the growing corpus in fuzz/corpus/TARGET/, and each
# run's closing statistics (executions, coverage) in fuzz/logs/TARGET.log. A
# dictionary of the target's words, fuzz/TARGET.dict, is used when there is one.
#
# Usage: scripts/fuzz.sh [-j] MINUTES [TARGET...]
#   needs: rustup toolchain install nightly; cargo install cargo-fuzz
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

parallel=0
if [[ ${1:-} == -j ]]; then
    parallel=1
    shift
fi
minutes=${1:?usage: scripts/fuzz.sh [-j] MINUTES [TARGET...]}
shift
targets=("$@")
if ((${#targets[@]} == 0)); then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
mkdir -p logs
# -O: optimised, the same build for every target. The protocol target prints on
# stdout, closed here (-close_fd_mask=1). The engine may reserve its table's
# 4 GiB up front, hence the malloc limit above the RSS limit.
cargo +nightly fuzz build -O

run_target() {
    local target=$1
    mkdir -p "corpus/$target"
    local status=0
    local dict=()
    if [[ -f $target.dict ]]; then
        dict=("-dict=$target.dict")
    fi
    nice -n 19 cargo +nightly fuzz run -O "$target" "corpus/$target" -- "${dict[@]}" \
        -max_total_time=$((minutes * 60)) -timeout=20 -rss_limit_mb=3072 \
        -malloc_limit_mb=8192 -close_fd_mask=1 -print_final_stats=1 \
        >"logs/$target.log" 2>&1 || status=$?
    local runs
    runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "logs/$target.log" | grep -Eo '[0-9]+$' || echo "?")
    echo "fuzz: $target: $runs executions in $minutes min, exit status $status"
    return $status
}

failed=0
if ((parallel)); then
    for target in "${targets[@]}"; do
        run_target "$target" &
    done
    for job in $(jobs -p); do
        wait "$job" || failed=1
    done
else
    for target in "${targets[@]}"; do
        run_target "$target" || failed=1
    done
fi
findings=$(find artifacts -type f 2>/dev/null)
if [[ -n $findings ]]; then
    echo "$findings"
    echo "fuzz: findings above (fuzz/artifacts)"
    failed=1
else
    echo "fuzz: no findings"
fi
exit $failed
