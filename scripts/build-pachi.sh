#!/usr/bin/env bash
# Builds Pachi (Petr Baudis and Jean-loup Gailly's Monte Carlo Go program, with
# patterns and a tuned tree policy: https://github.com/pasky/pachi) from its
# public source, as the opponent of scripts/match-gnugo.py --opponent. A
# measuring tool only: ply never links it. `make DCNN=0` leaves out the neural
# network; its optional KataGo part needs a download and may fail, after the
# `pachi` binary is built, which is all this needs.
#
#   scripts/build-pachi.sh [DIR]      # prints the engine's path
#
# Pachi reads its pattern files from its own folder, so run it by that path.
# Needs git, gcc and make (Debian: apt-get install git build-essential). DIR
# defaults to ~/.cache/ply/pachi; a built engine there is reused. PACHI_SOURCE
# names another place to clone from (a local mirror) instead of GitHub.
set -euo pipefail
dir=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/ply/pachi}
commit=b69e3539  # "updated README, CREDITS"
engine=$dir/pachi
if [[ -x $engine ]]; then
  echo "$engine"
  exit 0
fi
if [[ ! -d $dir/.git ]]; then
  git clone --quiet "${PACHI_SOURCE:-https://github.com/pasky/pachi}" "$dir"
fi
cd "$dir"
git checkout --quiet "$commit"
make DCNN=0 >&2 || true
if [[ ! -x pachi ]]; then
  echo "build-pachi.sh: make did not build pachi (see its output above)" >&2
  exit 1
fi
echo "$engine"
