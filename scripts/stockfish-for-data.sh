#!/bin/bash
# Builds Stockfish 15.1 for this machine's instruction set, for scripts/nnue-data.py
# (--stockfish PATH): Debian's /usr/games/stockfish is built for plain SSE2. The build
# must search exactly what Debian's does, so the training data does not depend on which
# binary wrote it: this script stops (status 1) unless both count the same nodes in
# `bench`. A tool for making data, not a test; Stockfish is GPL and only run, never linked.
#
#     scripts/stockfish-for-data.sh STOCKFISH_CHECKOUT [ARCH]   # ARCH: x86-64-avx2 by default
#
# STOCKFISH_CHECKOUT is a clone of https://github.com/official-stockfish/Stockfish
# (any commit: the sf_15.1 tag's sources are taken from it). The network is the one
# Debian's binary holds, written out by its `export_net` command (no download).
# Measured here (AMD EPYC, x86-64-vnni512): `bench` 15-20% faster, and with
# nnue-data.py's own cost cut, about 1,000 positions a second on two cores (600 before).
set -euo pipefail
checkout=${1:?usage: stockfish-for-data.sh STOCKFISH_CHECKOUT [ARCH]}
arch=${2:-x86-64-avx2}
debian=/usr/games/stockfish
build=$(mktemp -d)
git -C "$checkout" archive sf_15.1 src | tar -x -C "$build"
net=$(strings "$debian" | grep -o -m1 'nn-[0-9a-f]\{12\}\.nnue')
printf 'uci\nexport_net %s\nquit\n' "$build/src/$net" | "$debian" > /dev/null
make -C "$build/src" -j"$(nproc)" build ARCH="$arch" COMP=gcc > "$build/make.log" 2>&1 \
    || { echo "build failed: $build/make.log" >&2; exit 1; }
nodes() { "$1" bench 16 1 10 2>&1 | grep 'Nodes searched'; }
if [ "$(nodes "$debian")" != "$(nodes "$build/src/stockfish")" ]; then
    echo "the build counts other nodes than $debian in bench: not used" >&2
    exit 1
fi
echo "$build/src/stockfish"
