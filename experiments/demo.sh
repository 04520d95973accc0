#!/bin/sh
# experiments/demo.sh — the quick-start demo: installs what is missing, builds,
# and runs 31-derful 5x5 (target 31): prints the winning grid, writes the CSV
# files and the fitness plot to results/derful5/.
set -eu
. "$(dirname "$0")/../build-aux/bootstrap.sh"
./gaexp run configs/derful5.cfg --seed 1 --force
echo "plot: results/derful5/fitness.png   data: results/derful5/*.csv"
