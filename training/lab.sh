#!/usr/bin/env bash
# The lab: bliss (config/lab/bliss.yaml) in front of the lab site, fed by `bliss simulate` as if by
# a load balancer on this machine. Starts the proxy, waits for its /readyz, runs the simulator
# (which starts the lab site for the run), stops the proxy (SIGTERM, then SIGKILL after 30 s) and
# leaves the truth, the detection log (when the lab configuration enables it) and the logs of
# both processes in an output directory, which it prints. Leaves no process behind.
#
#   training/lab.sh [--seed 7] [--requests 200000] [--duration 5m] [--out DIR] [--rules FILE] [-- simulate options]
#
# --rules: the proxy's firewall rules (default config/lab/rules.yaml, the lab's challenges;
# config/rules.yaml for a site that challenges nothing).
# e.g. training/lab.sh --seed 11 --requests 50000 --duration 2m -- --time-scale 100 --concurrency 512
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
config="$home/config/lab/bliss.yaml"
admin="http://127.0.0.1:9911"       # config/lab/bliss.yaml: admin.port
store_dir="/dev/shm/bliss-lab"      # config/lab/bliss.yaml: the store and events ring live here
detection_log="$home/logs/lab/detection.log"   # config/lab/bliss.yaml: detection_log.path

seed=7 requests=200000 duration=5m out="" rules=""
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed="$2"; shift 2 ;;
    --requests) requests="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --rules) rules="$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n 2,12p "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "lab.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
out="${out:-$home/out/lab-seed$seed-$(date -u +%Y%m%dT%H%M%SZ)}"

if [ -n "$rules" ]; then
  [ -f "$rules" ] || { echo "lab.sh: --rules $rules: no such file" >&2; exit 2; }
  # config/lab/bliss.yaml reads its rules from ${BLISS_LAB_RULES:-rules.yaml}
  export BLISS_LAB_RULES="$(cd "$(dirname "$rules")" && pwd)/$(basename "$rules")"
fi

if curl -sf -o /dev/null "$admin/healthz" 2>/dev/null; then
  echo "lab.sh: a proxy already answers on $admin; stop it first (the lab uses ports 8088, 9088, 9911, 9912)" >&2
  exit 1
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# build once up front, so the proxy's start is not a build racing the simulator's
"$home/bliss" version >/dev/null

proxy_pid=""
stop_proxy() {
  [ -n "$proxy_pid" ] || return 0
  if kill -0 "$proxy_pid" 2>/dev/null; then
    kill -TERM "$proxy_pid" 2>/dev/null || true
    for _ in $(seq 1 60); do
      kill -0 "$proxy_pid" 2>/dev/null || break
      sleep 0.5
    done
    if kill -0 "$proxy_pid" 2>/dev/null; then
      echo "lab.sh: the proxy did not stop within 30 s of SIGTERM; killing it" >&2
      kill -KILL "$proxy_pid" 2>/dev/null || true
    fi
  fi
  wait "$proxy_pid" 2>/dev/null || true
  proxy_pid=""
}
trap stop_proxy EXIT
trap 'exit 130' INT TERM

# A fresh store and ring: windows of a previous run (up to an hour long) must not leak into this one.
rm -rf "$store_dir"
if [ -f "$detection_log" ]; then
  mkdir -p "$out/previous-detection-log"
  mv "$(dirname "$detection_log")"/detection* "$out/previous-detection-log/" 2>/dev/null || true
fi

echo "lab.sh: starting the proxy (config/lab/bliss.yaml), log in $out/proxy.log"
"$home/bliss" run --config "$config" >"$out/proxy.log" 2>&1 &
proxy_pid=$!
for _ in $(seq 1 120); do
  if curl -sf -o /dev/null "$admin/readyz" 2>/dev/null; then
    break
  fi
  if ! kill -0 "$proxy_pid" 2>/dev/null; then
    echo "lab.sh: the proxy exited during start:" >&2
    tail -n 20 "$out/proxy.log" >&2
    exit 1
  fi
  sleep 0.5
done
curl -sf -o /dev/null "$admin/readyz" || { echo "lab.sh: the proxy was not ready within 60 s" >&2; exit 1; }

echo "lab.sh: simulating seed $seed, up to $requests requests or $duration"
status=0
"$home/bliss" simulate --site 127.0.0.1:9088 --target http://127.0.0.1:8088 --seed "$seed" --requests "$requests" \
    --duration "$duration" --truth "$out/truth.csv" ${extra[@]+"${extra[@]}"} 2>&1 | tee "$out/simulate.txt" \
    || status=$?

# the proxy flushes the detection log when it stops
stop_proxy
if [ -f "$detection_log" ]; then
  mv "$(dirname "$detection_log")"/detection* "$out/"
fi
echo "lab.sh: output in $out"
ls -l "$out"
exit "$status"
