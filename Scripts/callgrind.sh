#!/usr/bin/env bash
# Instruction counts per run of a probe, to judge whether an optimisation makes CPU work cheaper
# on a shared machine whose wall clock moves ±15%:
#
#     Scripts/callgrind.sh FromJSON 20     # Ir per decode(json:) of the 1,000-review user
#
# The probe (Scripts/Probes/<Name>Probe.swift, with Scripts/Probes/Shared/) is compiled with the library's sources into one
# module (-O, whole module) under .build-callgrind/, outside package-benchmark, whose malloc
# interposer valgrind cannot run. It runs once with 1 iteration and once with N + 1, and the
# difference over N is printed with the top functions (callgrind_annotate) in
# .build-callgrind/<Name>.annotate. The first iteration is in both runs, so what is done once per
# process (building key maps, reflection, the runtime's conformance lookups) is not counted: the
# figure is the steady state. (Until session 5 the base was 0 iterations, which spread the one-time
# cost over N and moved the figure with N and with any change to map building.)
set -euo pipefail
cd "$(dirname "$0")/.."

name=${1:?usage: Scripts/callgrind.sh <probe> <iterations>}
iterations=${2:?usage: Scripts/callgrind.sh <probe> <iterations>}
work=".build-callgrind"
mkdir -p "$work"
binary="$work/$name"
mapfile -t library < <(find Sources/Archiver -name '*.swift' | sort)
swiftc -O -wmo -swift-version 6 -parse-as-library -module-name Archiver -package-name Archiver "${library[@]}" Scripts/Probes/Shared/*.swift "Scripts/Probes/${name}Probe.swift" -o "$binary" \
    2> "$work/$name.build.log" || { cat "$work/$name.build.log" >&2; exit 1; }

count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/$name.$1.out" "$binary" "$1" 2>&1 |
        sed -n 's/.*Collected : //p'
}
base=$(count 1)
total=$(count $((iterations + 1)))
callgrind_annotate "$work/$name.$((iterations + 1)).out" 2> /dev/null | head -40 > "$work/$name.annotate" || true
echo "callgrind: $name Ir/iteration=$(( (total - base) / iterations )) (iterations=$iterations)"
