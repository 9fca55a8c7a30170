#!/usr/bin/env bash
# Cluster-mode figures against a real Kafka broker started in a child JVM (loopback only):
# events and records produced per second by one node, aggregation throughput of one `bliss aggregate`
# instance and of two sharing the topic, bytes per key in its state and in the features topic, and
# event-to-feature latency from node A's ring to node B's store. See feature-service/README.md for
# the latest figures.
#
#   benchmarks/cluster/run.sh [requests=200000] [latency samples=100] [phases=produce,aggregate,aggregate2,latency]
#
# Bounded: every phase gives up after five minutes; the broker and its data are removed at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
./mvnw -B -q -pl feature-service -am test-compile -DskipTests >/dev/null
cd feature-service
CP="target/classes:target/test-classes:$(cat target/kafka-classpath.txt)"
exec "$JAVA_HOME/bin/java" -Xmx1g --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED \
  --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
  -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$CP" dev.bliss.features.cluster.FleetBench "$@"
