#!/usr/bin/env bash
# Runs the feature-service benchmarks: producer cost per event, events/s aggregated on one core,
# one publish cycle at 1,000,000 keys, memory per active key. Bounded: about 12 minutes on 2 cores, plus waits for other JMH runs (at most an hour each).
# Usage: benchmarks/features/run.sh [outdir]   (build first: ./mvnw -B -q -pl benchmarks -am package -DskipTests)
# Run from the repository root (the benchmarks read config/features.yaml).
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-benchmarks/target/features-results}"
mkdir -p "$out"
java="${JAVA_HOME:?set JAVA_HOME to a JDK 25}/bin/java"
flags=(--add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED)
jmh=("$java" "${flags[@]}" -jar benchmarks/target/benchmarks.jar)

# The machine is shared: wait (up to 2 minutes) for the 1-minute load average to drop below 3,
# and record the load beside each result; another JMH run holds /tmp/jmh.lock: retry every 10 s,
# up to an hour.
quiet() {
  for _ in $(seq 1 12); do
    awk '{ exit !($1 < 3.0) }' /proc/loadavg && return 0
    sleep 10
  done
}
run() {
  local name="$1"; shift
  for attempt in $(seq 1 360); do
    [ $((attempt % 12)) -eq 1 ] && quiet
    echo "$name: start, load $(cut -d' ' -f1-3 /proc/loadavg)"
    if timeout 15m "${jmh[@]}" "$@" -rff "$out/$name.csv" -rf csv > "$out/$name.txt" 2>&1; then
      echo "$name: done, load $(cut -d' ' -f1-3 /proc/loadavg)"; return 0
    fi
    grep -q 'Unable to acquire the JMH lock' "$out/$name.txt" || { tail -40 "$out/$name.txt"; return 1; }
    sleep 10
  done
  echo "$name: JMH lock still held after an hour"; return 1
}

run producer 'features.EventProducerBenchmark' -prof gc
run aggregation 'features.AggregationBenchmark' -prof gc
run publish 'features.SnapshotPublishBenchmark'
"$java" "${flags[@]}" -Xmx3g -cp benchmarks/target/benchmarks.jar dev.bliss.bench.features.MemoryPerKey 1000000 \
  > "$out/memory.txt" 2>&1

echo; echo "== results ($out) =="
grep -hE '^(Benchmark|EventProducer|Aggregation|SnapshotPublish)' "$out"/producer.txt "$out"/aggregation.txt "$out"/publish.txt \
  | grep -vE 'gc\.(count|time)|norm.*·' || true
tail -10 "$out/memory.txt"
