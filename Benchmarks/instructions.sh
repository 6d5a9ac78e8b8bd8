#!/usr/bin/env bash
# Instructions per resolve, counted by valgrind's callgrind: repeatable on a
# noisy machine, unlike time. Counts only inside the measured loop of
# ResolutionBenchmarks --instructions W N (workload W at N mappings: 100 000
# items resolved twice, after a warm-up that is not counted).
#   Benchmarks/instructions.sh              # (a), (b), (b3) at 10 and 1 000 mappings
#   Benchmarks/instructions.sh c 200        # one workload at one size
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "instructions: valgrind is not installed" >&2; exit 1; }
# -gdwarf-4: valgrind 3.19 cannot read the DWARF 5 that clang writes for the C
# target's thread-local word.
swift build -c release --package-path Benchmarks --product ResolutionBenchmarks -Xcc -gdwarf-4 >/dev/null
binary=$(swift build -c release --package-path Benchmarks -Xcc -gdwarf-4 --show-bin-path)/ResolutionBenchmarks
out=$(mktemp -d)
if [ $# -ge 1 ]; then runs=("$1 ${2:-1000}"); else runs=("a 10" "a 1000" "b 10" "b 1000" "b3 10" "b3 1000"); fi
for run in "${runs[@]}"; do
  set -- $run
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
    --toggle-collect='*measuredResolveLoop*' "$binary" --instructions "$1" "$2" >/dev/null 2>&1
  total=$(grep -E '^(summary|totals):' "$out/cg" | head -n 1 | awk '{print $2}')
  # Two measured loops of 100 000 resolves each.
  echo "workload ($1), $2 mappings: $((total / 200000)) instructions per resolve (callgrind: $total in 200 000)"
done
rm -rf "$out"
