#!/usr/bin/env bash
# Peak memory of the sample's command line on a data document, against a bare
# program that decodes the same bytes with JSONDecoder into plain structs: each
# a process of its own, its baseline included (Linux: /usr/bin/time -f %M,
# kB of 1 024 bytes, median of 3 runs).
#
#   Benchmarks/command-memory.sh                 # documents of 1, 3, 10 and 45 MiB
#   Benchmarks/command-memory.sh 3               # one size, in MiB
#   MENU_BINARY=PATH Benchmarks/command-memory.sh   # another build of menu, to compare
#
# Rows: "bare" reads a 2-byte file and exits (a Foundation program's own
# floor); "menu, no data" is `menu validate` of the bundled mappings alone
# (the menu process before it reads a byte of data); then per size the
# JSONDecoder program, `menu render --data` and `menu validate --data`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "command-memory: /usr/bin/time is not installed (apt-get install time)" >&2; exit 1; }

work=.build-command-memory
mkdir -p "$work"
if [ -n "${MENU_BINARY:-}" ]; then
  menu=$MENU_BINARY
else
  swift build -c release --product menu >/dev/null
  menu=$(swift build -c release --show-bin-path)/menu
fi

# The two bare programs, built with the same toolchain.
cat >"$work/decode.swift" <<'SWIFT'
import Foundation
struct Document: Decodable { let sections: [Section] }
struct Section: Decodable { let items: [Item] }
struct Item: Decodable { let model: String; let value: Dish }
struct Dish: Decodable { let name: String; let price: Int }
let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
let document = try JSONDecoder().decode(Document.self, from: data)
print(document.sections.reduce(0) { $0 + $1.items.count })
SWIFT
cat >"$work/bare.swift" <<'SWIFT'
import Foundation
print(try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])).count)
SWIFT
swiftc -O "$work/decode.swift" -o "$work/decode"
swiftc -O "$work/bare.swift" -o "$work/bare"
echo '{}' >"$work/two.json"

# A document of about N MiB: sections of 1 000 dishes, each {"name", "price"}
# (the sample's Dish decodes from these two keys; JSONDecoder's structs too).
document() {
  local file="$work/dishes-$1mib.json"
  if [ ! -f "$file" ]; then
    awk -v sections=$(( ($1 * 1835 + 50) / 100 )) 'BEGIN {
      printf "{\"sections\": ["
      for (s = 0; s < sections; s++) {
        printf "%s{\"items\": [", (s ? "," : "")
        for (i = 0; i < 1000; i++) {
          printf "%s{\"model\":\"Dish\",\"value\":{\"name\":\"Dish %d\",\"price\":%d}}", (i ? "," : ""), s * 1000 + i, i % 40 + 1
        }
        printf "]}\n"
      }
      print "]}"
    }' >"$file"
  fi
  echo "$file"
}

peak() {
  local runs=()
  for _ in 1 2 3; do
    /usr/bin/time -f %M -o "$work/time" "$@" >/dev/null 2>&1 || true
    runs+=("$(tail -n 1 "$work/time")")
  done
  printf '%s\n' "${runs[@]}" | sort -n | sed -n 2p
}
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k * 1024 / 1e6 }'; }

echo "Peak resident size, MB (10^6 bytes), median of 3 processes"
echo "bare Foundation program: $(mb "$(peak "$work/bare" "$work/two.json")")"
echo "menu, no data (validate of its mappings): $(mb "$(peak "$menu" validate)")"
echo
printf '| %-8s | %11s | %11s | %11s | %14s | %16s |\n' document JSONDecoder "menu render" "menu validate" "render / JSONDecoder" "validate / JSONDecoder"
printf '| %-8s | %11s | %11s | %11s | %14s | %16s |\n' "---:" "---:" "---:" "---:" "---:" "---:"
for size in ${1:-1 3 10 45}; do
  file=$(document "$size")
  decoder=$(peak "$work/decode" "$file")
  render=$(peak "$menu" render --data "$file")
  validate=$(peak "$menu" validate --data "$file")
  printf '| %-8s | %11s | %11s | %11s | %13.2f× | %15.2f× |\n' "$(awk -v b="$(wc -c <"$file")" 'BEGIN { printf "%.1f MiB", b / 1048576 }')" \
    "$(mb "$decoder")" "$(mb "$render")" "$(mb "$validate")" \
    "$(awk -v a="$render" -v b="$decoder" 'BEGIN { print a / b }')" "$(awk -v a="$validate" -v b="$decoder" 'BEGIN { print a / b }')"
done
