#!/usr/bin/env bash
# Instructions per item, counted by valgrind's callgrind: repeatable on a
# noisy machine, unlike time. ResolutionBenchmarks --instructions W N runs,
# for workload W at N mappings, the resolve loop, then the same 100 000 items
# through the row's baseline loops, the ones the matrix times: the dictionary
# lookup and, for (c), (e), (g) and (h), the lookup plus the inline test. Each
# loop runs twice after a warm-up that is not counted; each loop's count is
# its function's inclusive count, so every ratio comes from one process.
#   Benchmarks/instructions.sh              # every row at 10 (mixes: 20) and 1 000 mappings
#   Benchmarks/instructions.sh c 200        # one workload at one size
#   Benchmarks/instructions.sh --rows 1000  # every row at 1 000 mappings
# Prints one line per row: instructions per resolve, per dictionary lookup,
# per lookup+test, and resolve over the row's target baseline (lookup+test
# for c, e, g, h; the dictionary for the rest).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "instructions: valgrind is not installed" >&2; exit 1; }
# -gdwarf-4: valgrind 3.19 cannot read the DWARF 5 that clang writes for the C
# target's thread-local word.
swift build -c release --package-path Benchmarks --product ResolutionBenchmarks -Xcc -gdwarf-4 >/dev/null
binary=$(swift build -c release --package-path Benchmarks -Xcc -gdwarf-4 --show-bin-path)/ResolutionBenchmarks
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
rows=(a b b3 c d e f g h)
if [ "${1:-}" = "--rows" ]; then
  runs=(); for row in "${rows[@]}"; do runs+=("$row ${2:-1000}"); done
elif [ $# -ge 1 ]; then
  runs=("$1 ${2:-1000}")
else
  runs=()
  for row in "${rows[@]}"; do
    case $row in g|h) runs+=("$row 20");; *) runs+=("$row 10");; esac
    runs+=("$row 1000")
  done
fi
# Per item: a function's inclusive count (the first, largest line that names
# it; inlined code adds smaller lines), over two loops of 100 000 items.
per_item() {
  callgrind_annotate --inclusive=yes --threshold=100 "$out/cg" 2>/dev/null \
    | awk -v name="$1" '!found && index($0, name) { gsub(",", "", $1); printf "%.1f", $1 / 200000; found = 1 }
      END { if (!found) printf "-" }'
}
printf '%-8s %8s %10s %10s %12s %8s\n' workload mappings resolve dict lookup+test ratio
for run in "${runs[@]}"; do
  set -- $run
  rm -f "$out"/cg*
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" --collect-atstart=no \
    '--toggle-collect=*measuredResolveLoop*' '--toggle-collect=*measuredBaselineLoop*' \
    '--toggle-collect=*measuredLookupAndTestLoop*' "$binary" --instructions "$1" "$2" >/dev/null 2>&1
  resolve=$(per_item measuredResolveLoop)
  dictionary=$(per_item measuredBaselineLoop)
  test=$(per_item measuredLookupAndTestLoop)
  baseline=$dictionary
  # A row without lookup+test still names its loop, with a count of 0.
  [ "$test" = "0.0" ] && test="-"
  [ "$test" = "-" ] || baseline=$test
  ratio=$(awk -v a="$resolve" -v b="$baseline" 'BEGIN { printf "%.2fx", a / b }')
  printf '%-8s %8s %10s %10s %12s %8s\n' "($1)" "$2" "$resolve" "$dictionary" "$test" "$ratio"
done
