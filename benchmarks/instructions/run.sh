#!/usr/bin/env bash
# Instructions per call of the dashboard's per-exchange recording (LoopRecorder.record), counted
# by valgrind's callgrind: exact and repeatable, whatever else the machine runs, unlike JMH's
# nanoseconds on a shared VM. Each kind runs twice under callgrind, with 0 calls and with $CALLS
# after the same warm-up (-Xbatch: compiled in the foreground, the same way every run); the
# difference divided by $CALLS is the instructions per call. "own" is a kind minus the harness
# (picking the exchange and advancing the clock, as LoopRecorderBenchmark's harness()).
#
#   benchmarks/instructions/run.sh                       # about 6 minutes on 2 cores
#   CALLS=8000000 PER_SECOND=200000 benchmarks/instructions/run.sh
#
# Needs valgrind (Debian's package) and benchmarks/target/benchmarks.jar.
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="${BENCH_JAR:-$home/benchmarks/target/benchmarks.jar}"
calls="${CALLS:-4000000}"
per_second="${PER_SECOND:-20000}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
command -v valgrind >/dev/null || { echo "run.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[ -f "$jar" ] || { echo "run.sh: $jar is missing; build it: ./mvnw -B -q -pl benchmarks -am package -DskipTests" >&2; exit 1; }

count() { # kind calls -> instructions of the whole run
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$java" -Xbatch -XX:-UsePerfData \
      -DperSecond="$per_second" --add-modules jdk.incubator.vector -cp "$jar" \
      dev.bliss.bench.proxy.LoopRecorderInstructions "$1" "$2" 2>&1 | sed -n 's/.*Collected : //p'
}
per_call() { # kind -> instructions per call, two runs side by side on the two cores
  local base more
  { base=$(count "$1" 0); echo "$base" >"$tmp/$1.base"; } &
  more=$(count "$1" "$calls")
  wait
  base=$(cat "$tmp/$1.base")
  echo $(( (more - base) / calls ))
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
harness=$(per_call harness)
scored=$(per_call recordScored)
low=$(per_call recordLowScore)
echo "instructions per call at $per_second exchanges/s per loop ($calls calls, $(date -u +%Y-%m-%dT%H:%MZ)):"
printf '  %-15s %5d\n' harness "$harness"
printf '  %-15s %5d   own %d\n' recordScored "$scored" $((scored - harness))
printf '  %-15s %5d   own %d\n' recordLowScore "$low" $((low - harness))
