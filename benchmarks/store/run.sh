#!/usr/bin/env bash
# Runs the feature-store benchmarks and prints lookups as ratios to the pointer chase of the
# same run. Bounded: about 15 minutes in total on 2 cores (JMH defaults of each class plus -i 5).
# Usage: benchmarks/store/run.sh [outdir]    (build first: ./mvnw -B -q -pl benchmarks -am package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-benchmarks/target/store-results}"
mkdir -p "$out"
java="${JAVA_HOME:?set JAVA_HOME to a JDK 25}/bin/java"
jmh=("$java" --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -jar benchmarks/target/benchmarks.jar)

# Runs one JMH invocation; output to $1.txt and $1.csv. Another JMH run on this machine holds
# /tmp/jmh.lock: wait for it (up to 30 minutes) instead of running concurrently with it.
# The machine is shared: before each invocation wait (up to 10 minutes) for the 1-minute load
# average to drop below 3 on 2 cores, and record the load next to the result.
quiet() {
  for _ in $(seq 1 60); do
    awk '{ exit !($1 < 3.0) }' /proc/loadavg && return 0
    sleep 10
  done
}

run() {
  local name="$1"; shift
  for _ in $(seq 1 90); do
    quiet
    echo "$name: start, load $(cut -d' ' -f1-3 /proc/loadavg)"
    if "${jmh[@]}" "$@" -rff "$out/$name.csv" -rf csv > "$out/$name.txt" 2>&1; then
      echo "$name: done, load $(cut -d' ' -f1-3 /proc/loadavg)"; return 0
    fi
    grep -q 'Unable to acquire the JMH lock' "$out/$name.txt" || { cat "$out/$name.txt"; return 1; }
    sleep 20
  done
  echo "$name: JMH lock still held after 30 minutes"; return 1
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for t in 1 2; do
  run "lookup-t$t" 'store.FeatureLookupBenchmark' -t "$t" -i 5 -prof gc
  run "guard-t$t" 'store.ReadGuardBenchmark' -t "$t" -prof gc
done
run publish 'store.PublishWhileReadingBenchmark' -i 5 -prof gc
run write 'store.SnapshotWriteBenchmark' -prof gc

# ratio = score / pointerChase score with the same threads, keys and guardsPerPin
for f in "$out"/lookup-t1.csv "$out"/lookup-t2.csv "$out"/publish.csv; do
  echo "== $f"
  awk -F, 'NR > 1 && $1 !~ /:/ {
      gsub(/"/, ""); name = $1; sub(/.*\./, "", name)
      params = $8 "," $9; score[name "|" params] = $5; err[name "|" params] = $6; keys[params] = 1; names[name] = 1 }
    END { for (p in keys) { chase = score["pointerChase|" p]; if (chase == "") continue
            for (n in names) if (score[n "|" p] != "")
              printf "%-18s params=%-16s %9.1f ± %7.1f ns/op   ratio %.2f\n", n, p, score[n "|" p], err[n "|" p], score[n "|" p] / chase } }' "$f" | sort
done
grep -h -E '^published' "$out/publish.txt" || true

# best (lowest) measured iteration per benchmark and parameters: less sensitive to time-sharing
for f in "$out"/lookup-t1.txt "$out"/lookup-t2.txt "$out"/publish.txt; do
  echo "== best iterations in $f"
  awk '/^# Benchmark:/ { name = $3; sub(/.*\./, "", name) }
       /^# Parameters:/ { params = $0; sub(/^# Parameters: /, "", params) }
       /^# Warmup Iteration/ { next }
       /^Iteration +[0-9]+:/ { v = $3 + 0; key = name " " params; if (!(key in best) || v < best[key]) best[key] = v }
       END { for (k in best) printf "%-60s best %9.1f ns/op\n", k, best[k] }' "$f" | sort
done
