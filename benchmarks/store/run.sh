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

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for t in 1 2; do
  "${jmh[@]}" 'store.FeatureLookupBenchmark' -t "$t" -i 5 -prof gc -rff "$out/lookup-t$t.csv" -rf csv > "$out/lookup-t$t.txt"
  "${jmh[@]}" 'store.ReadGuardBenchmark' -t "$t" -prof gc -rff "$out/guard-t$t.csv" -rf csv > "$out/guard-t$t.txt"
done
"${jmh[@]}" 'store.PublishWhileReadingBenchmark' -i 5 -prof gc -rff "$out/publish.csv" -rf csv > "$out/publish.txt"
"${jmh[@]}" 'store.SnapshotWriteBenchmark' -prof gc -rff "$out/write.csv" -rf csv > "$out/write.txt"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

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
