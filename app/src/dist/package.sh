#!/usr/bin/env bash
# Builds the distribution: app/target/bliss-<version>-linux-x86_64.tar.gz, unpacking to
#
#   bliss-<version>/bin/bliss         the launcher
#                   lib/              bliss and its libraries, jvm.options
#                   config/           the reference configuration (copy it to /etc/bliss)
#                   runtime/          a Java runtime of just the modules in runtime-modules
#                   systemd/          units for bliss, the feature service and the aggregator
#
# Run by Maven in the package phase (app/pom.xml). jlink is most of the cost, so the runtime is
# kept in target/ and rebuilt only when the module list or the JDK changes.
#
# usage: package.sh <version> <jdk home> <app target dir>
set -euo pipefail
version="$1"
jdk="$2"
target="$3"
dist="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$dist/../../.." && pwd)"

modules="$(sed -e 's/#.*//' -e 's/[[:space:]]//g' "$dist/runtime-modules" | grep . | paste -sd, -)"
stamp="$modules $(grep -E '^(IMPLEMENTOR|JAVA_RUNTIME_VERSION)=' "$jdk/release" | paste -sd' ' -)"
runtime="$target/runtime"
if [ ! -f "$target/runtime.stamp" ] || [ "$(cat "$target/runtime.stamp")" != "$stamp" ] || [ ! -x "$runtime/bin/java" ]; then
  rm -rf "$runtime" "$target/runtime.stamp"
  "$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files --output "$runtime" \
    2>&1 | { grep -v 'Using incubator modules' || true; }
  echo "$stamp" > "$target/runtime.stamp"
fi

name="bliss-$version"
stage="$target/dist/$name"
rm -rf "$target/dist"
mkdir -p "$stage/bin" "$stage/lib" "$stage/systemd"
install -m 0755 "$dist/bin/bliss" "$stage/bin/bliss"
cp "$target/bliss.jar" "$target"/lib/*.jar "$dist/jvm.options" "$stage/lib/"
cp -R "$root/config" "$stage/config"
cp "$dist"/systemd/*.service "$stage/systemd/"
cp -al "$runtime" "$stage/runtime"   # hard links: the runtime is not copied on every build

# gzip -1: half the CPU of the default level for a tarball 7 % larger (72 MB instead of 67 MB),
# paid by every ./mvnw verify
tar -C "$target/dist" --owner=0 --group=0 --numeric-owner -cf - "$name" | gzip -1 > "$target/$name-linux-x86_64.tar.gz"
echo "bliss distribution: $target/$name-linux-x86_64.tar.gz"
