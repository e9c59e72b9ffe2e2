#!/usr/bin/env bash
# Instruction counts per run of a probe, to judge whether an optimisation makes CPU work cheaper
# on a shared machine whose wall clock moves ±15%:
#
#     Scripts/callgrind.sh FromJSON 20     # Ir per decode(json:) of the 1,000-review user
#
# The library is compiled as its own module (-O, whole module, a static library under
# .build-callgrind/), and the probe (Scripts/Probes/<Name>Probe.swift, with Scripts/Probes/Shared/)
# as another that imports it, as an app and the benchmark package link it: the library's generic
# code then runs unspecialised for the probe's types, as it does for theirs. (Until session 8 the
# probe was compiled into the library's module, where the optimiser specialised that code for the
# probe's model: listing 100,000 String ids spent a fifth of its time in runtime generics that
# such figures never showed.) PROBE_ONE_MODULE=1 compiles them into one module as before.
# Outside package-benchmark, whose malloc interposer valgrind cannot run. It runs once with 1 iteration and once with N + 1, and the
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
probe=(Scripts/Probes/Shared/*.swift "Scripts/Probes/${name}Probe.swift")
flags=(-O -wmo -swift-version 6 -parse-as-library)
if [[ ${PROBE_ONE_MODULE:-0} == 1 ]]; then
    swiftc "${flags[@]}" -module-name Archiver -package-name Archiver "${library[@]}" "${probe[@]}" -o "$binary" \
        2> "$work/$name.build.log" || { cat "$work/$name.build.log" >&2; exit 1; }
else
    lib="$work/library"
    mkdir -p "$lib" "$work/probe-sources"
    # Rebuilt when a source of the library is newer than it.
    if [[ ! -f $lib/libArchiver.a ]] || [[ -n $(find Sources/Archiver -name '*.swift' -newer "$lib/libArchiver.a" | head -1) ]]; then
        swiftc "${flags[@]}" -module-name Archiver -package-name Archiver "${library[@]}" -emit-library -static \
            -o "$lib/libArchiver.a" -emit-module -emit-module-path "$lib/Archiver.swiftmodule" \
            2> "$work/library.build.log" || { cat "$work/library.build.log" >&2; exit 1; }
    fi
    sources=()
    for file in "${probe[@]}"; do
        copy="$work/probe-sources/$(basename "$file")"
        { echo "import Archiver"; cat "$file"; } > "$copy"
        sources+=("$copy")
    done
    swiftc "${flags[@]}" -module-name Probe -I "$lib" "${sources[@]}" -L "$lib" -lArchiver -o "$binary" \
        2> "$work/$name.build.log" || { cat "$work/$name.build.log" >&2; exit 1; }
fi

count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/$name.$1.out" "$binary" "$1" 2>&1 |
        sed -n 's/.*Collected : //p'
}
base=$(count 1)
total=$(count $((iterations + 1)))
callgrind_annotate "$work/$name.$((iterations + 1)).out" 2> /dev/null | head -40 > "$work/$name.annotate" || true
echo "callgrind: $name Ir/iteration=$(( (total - base) / iterations )) (iterations=$iterations)"
