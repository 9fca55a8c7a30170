#!/usr/bin/env bash
# Load benchmark of the bliss proxy, side by side with nginx as a reverse proxy, on loopback.
#
#   origin:  nginx, 1 worker, `return 200 "hello world\n"`            (pinned with wrk)
#   targets: bliss (no plugins) and nginx reverse proxy (keep-alive 64 to the origin,
#            as many workers as bliss has event loops)                   (pinned on their own);
#            in bot mode also bliss-bot: bliss with bot management (a generated feature store
#            of 1M keys per dimension, a 200-tree depth-6 CatBoost model) and 10 firewall rules;
#            in cluster mode bliss-features and bliss-cluster: bot management with the shipped
#            model and the embedded feature service, as `bliss run` runs them, on its own and in
#            cluster mode against a Kafka broker the script starts (child JVM, pinned with wrk);
#            with SIDECAR=1 the feature service is its own process instead (`bliss feature-service`,
#            pinned with wrk), so the proxy's figures are the proxy's alone
#   load:    wrk -t1 -c32 -d<dur> --latency, rounds interleaved A B A B ..., JVM warmed first
#            (bot mode: with a browser's User-Agent and Accept headers, for every target)
#
# Usage: benchmarks/load/run.sh [--mode nginx|transports|bot|cluster] [--duration S] [--rounds N]
#            [--warmup S] [--connections C] [--threads T] [--transport T] [--event-loops N]
#            [--pin auto|off|PROXY_CPUS/LOAD_CPUS] [--targets "..."] [--nice N] [--keep]
# Every flag has an environment variable of the same name in capitals (MODE, DURATION, ...);
# more only as variables: ROUND_WARMUP, WARMUP_RECONNECT (the warm-up opens new connections every this many seconds, default 5), WAIT_QUIET, BUSY_PERCENT, INSTALL, JMH_LOCK, BLISS_JAR (a
# built app/target/bliss.jar to use instead of building), BLISS_JAVA_OPTS (extra JVM options),
# BROWSER_HEADERS (1: wrk sends a browser's headers; default 1 in bot and cluster modes), BOT_KEYS (store keys
# per dimension for bliss-bot, default 1000000), BENCH_JAR (a built benchmarks.jar for bliss-bot's
# fixtures instead of building it), BOT_MODELS (a models.yaml for bliss-bot instead of the generated
# 200-tree model's, e.g. config/models.yaml for the model bliss ships), KAFKA_CLASSPATH (the
# broker's class path for bliss-cluster instead of building feature-service's test class path),
# SIDECAR (1: bliss-features' and bliss-cluster's feature service runs as its own process on the load
# side's CPUs, as a sidecar, instead of inside the proxy's JVM on the proxy's CPUs), PACE_MS (each wrk
# connection pauses this many ms after each response, wrk's delay(): an offered rate of about
# CONNECTIONS / (PACE_MS + latency) requests a second, so targets that saturate at different rates
# are compared at the same rate; CPU per request depends on the rate, since a busier loop batches
# more requests per wake-up).
# See benchmarks/README.md. Installs wrk, nginx and curl from Debian when missing (needs root).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

orig_args=("$@")
MODE="${MODE:-nginx}"
DURATION="${DURATION:-}"          # seconds per measured run
ROUNDS="${ROUNDS:-}"              # interleaved rounds
WARMUP="${WARMUP:-}"              # seconds of load on each JVM before the first measured run
ROUND_WARMUP="${ROUND_WARMUP:-2}" # seconds of unmeasured load just before each measured run
WARMUP_RECONNECT="${WARMUP_RECONNECT:-5}" # the JVM warm-up reconnects every this many seconds (0: never)
SIDECAR="${SIDECAR:-0}"           # 1: the feature service of bliss-features/bliss-cluster in its own process
PACE_MS="${PACE_MS:-0}"           # > 0: each wrk connection waits this many ms between requests (an offered rate)
CONNECTIONS="${CONNECTIONS:-32}"
THREADS="${THREADS:-1}"
TRANSPORT="${TRANSPORT:-auto}"    # bliss transport in nginx mode: auto | io_uring | epoll | nio
EVENT_LOOPS="${EVENT_LOOPS:-1}"   # bliss event loops = nginx proxy workers
PIN="${PIN:-auto}"
TARGETS="${TARGETS:-}"            # e.g. "bliss:io_uring bliss:epoll nginx origin"
KEEP="${KEEP:-0}"                 # 1: keep the work directory (configs, logs, GC logs, wrk output)
INSTALL="${INSTALL:-1}"           # 0: never apt-get install
# niceness of every process of the benchmark (proxies, origin, wrk): on a shared machine -20 keeps
# background builds from taking the benchmark's CPU time (they still run, at a much lower share)
if [ "$(id -u)" = 0 ]; then NICE="${NICE:--20}"; else NICE="${NICE:-0}"; fi
WAIT_QUIET="${WAIT_QUIET:-60}"   # seconds to wait at most for other work on the machine to stop
BUSY_PERCENT="${BUSY_PERCENT:-25}" # CPU (% of one core) used by others above which a run counts as noisy
JMH_LOCK="${JMH_LOCK-/tmp/jmh.lock}" # held during the run, so JMH runs (which take it) wait; empty: not
BROWSER_HEADERS="${BROWSER_HEADERS:-}" # 1: wrk sends a browser's User-Agent, Accept, Accept-Language, Accept-Encoding
BOT_KEYS="${BOT_KEYS:-1000000}"    # bliss-bot's feature store: random keys per dimension
BOT_MODELS="${BOT_MODELS:-}"       # bliss-bot's models.yaml; empty: the generated 200-tree model's

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --mode) MODE="$2"; shift 2 ;;
    --duration) DURATION="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --round-warmup) ROUND_WARMUP="$2"; shift 2 ;;
    --connections) CONNECTIONS="$2"; shift 2 ;;
    --threads) THREADS="$2"; shift 2 ;;
    --transport) TRANSPORT="$2"; shift 2 ;;
    --event-loops) EVENT_LOOPS="$2"; shift 2 ;;
    --pin) PIN="$2"; shift 2 ;;
    --targets) TARGETS="$2"; shift 2 ;;
    --nice) NICE="$2"; shift 2 ;;
    --keep) KEEP=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done

case "$MODE" in
  nginx) DURATION="${DURATION:-15}"; ROUNDS="${ROUNDS:-5}"; WARMUP="${WARMUP:-30}" ;;
  # epoll and nio JVMs were still getting faster after 30 s in one run
  transports) DURATION="${DURATION:-10}"; ROUNDS="${ROUNDS:-3}"; WARMUP="${WARMUP:-45}" ;;
  # bot management's model only scores requests no heuristic flags: wrk must look like a browser
  bot) DURATION="${DURATION:-15}"; ROUNDS="${ROUNDS:-5}"; WARMUP="${WARMUP:-30}"; BROWSER_HEADERS="${BROWSER_HEADERS:-1}" ;;
  cluster) DURATION="${DURATION:-15}"; ROUNDS="${ROUNDS:-5}"; WARMUP="${WARMUP:-30}"; BROWSER_HEADERS="${BROWSER_HEADERS:-1}" ;;
  *) echo "run.sh: --mode is nginx, transports, bot or cluster" >&2; exit 2 ;;
esac
if [ -n "$BOT_MODELS" ]; then  # bliss.yaml resolves paths from its own directory: make it absolute
  [ -f "$BOT_MODELS" ] || { echo "run.sh: BOT_MODELS: no such file: $BOT_MODELS" >&2; exit 2; }
  BOT_MODELS="$(cd "$(dirname "$BOT_MODELS")" && pwd)/$(basename "$BOT_MODELS")"
fi
BROWSER_HEADERS="${BROWSER_HEADERS:-0}"
for v in DURATION ROUNDS WARMUP ROUND_WARMUP WARMUP_RECONNECT CONNECTIONS THREADS EVENT_LOOPS WAIT_QUIET BUSY_PERCENT BOT_KEYS BROWSER_HEADERS; do
  if ! [[ "${!v}" =~ ^[0-9]+$ ]]; then echo "run.sh: $v must be a whole number, got '${!v}'" >&2; exit 2; fi
done
if ! [[ "$NICE" =~ ^-?[0-9]+$ ]] || [ "$NICE" -lt -20 ] || [ "$NICE" -gt 19 ]; then
  echo "run.sh: NICE must be between -20 and 19" >&2; exit 2
fi
if [ "$DURATION" -lt 1 ] || [ "$ROUNDS" -lt 1 ] || [ "$EVENT_LOOPS" -lt 1 ] || [ "$CONNECTIONS" -lt "$THREADS" ]; then
  echo "run.sh: need duration ≥ 1, rounds ≥ 1, event loops ≥ 1, connections ≥ threads" >&2; exit 2
fi

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

# With sched_autogroup (a common default), the scheduler first shares the CPU between sessions and
# only then by niceness within one, so a plain `nice` does nothing against other sessions' builds.
# So the benchmark runs in a session of its own, and that session's autogroup gets the niceness.
if [ "$NICE" -lt 0 ] && [ -z "${BLISS_LOAD_SESSION:-}" ] && [ -w /proc/self/autogroup ] && command -v setsid >/dev/null; then
  export BLISS_LOAD_SESSION=1
  setsid "$0" "${orig_args[@]}" &
  session=$!
  trap 'kill -TERM "$session" 2>/dev/null || true' INT TERM
  rc=0
  while kill -0 "$session" 2>/dev/null; do wait "$session" && rc=0 || rc=$?; done
  exit "$rc"
fi
if [ -n "${BLISS_LOAD_SESSION:-}" ] && [ -w /proc/self/autogroup ]; then
  echo "$NICE" >/proc/self/autogroup 2>/dev/null || true
fi
AUTOGROUP="$(cat /proc/self/autogroup 2>/dev/null || echo none)"

# --- tools --------------------------------------------------------------------------------------
need_install=()
command -v wrk >/dev/null || need_install+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need_install+=(nginx)
command -v curl >/dev/null || need_install+=(curl)
if [ ${#need_install[@]} -gt 0 ] && [ "$INSTALL" = 1 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    log "installing ${need_install[*]} from Debian (apt-get)"
    apt-get update -qq >/dev/null
    # policy-rc.d may refuse to start the nginx service; we never use the system service anyway
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_install[@]}" >/dev/null || true
  else
    log "missing ${need_install[*]}; run as root (apt-get install -y ${need_install[*]}) or install them"
  fi
fi
command -v wrk >/dev/null || { echo "run.sh: wrk is required" >&2; exit 1; }
command -v curl >/dev/null || { echo "run.sh: curl is required" >&2; exit 1; }
NGINX="$(command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true)"
[ -n "$NGINX" ] || { echo "run.sh: nginx is required for the origin" >&2; exit 1; }
# the service the Debian package may have started is not used; stop nothing, just say so
if pgrep -x nginx >/dev/null 2>&1; then log "note: an nginx is already running on this machine (not ours); it may add noise"; fi

if [ -z "$TARGETS" ]; then
  case "$MODE" in
    nginx) TARGETS="bliss:$TRANSPORT nginx" ;;
    transports) TARGETS="bliss:io_uring bliss:epoll bliss:nio nginx" ;;
    bot) TARGETS="bliss:$TRANSPORT bliss-bot nginx" ;;
    cluster) TARGETS="bliss-features bliss-cluster nginx" ;;
  esac
fi
for t in $TARGETS; do
  case "$t" in
    nginx|origin|bliss:auto|bliss:io_uring|bliss:epoll|bliss:nio|bliss-bot|bliss-features|bliss-cluster) ;;
    *) echo "run.sh: unknown target '$t' (nginx, origin, bliss:auto|io_uring|epoll|nio, bliss-bot, bliss-features, bliss-cluster)" >&2; exit 2 ;;
  esac
done
# the requests wrk sends: in bot mode a browser's, so that bot management runs its model on them
# (a request without a User-Agent is scored 1 by heuristics alone); the same for every target
BOT_UA="Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
wrk_headers=()
if [ "$BROWSER_HEADERS" = 1 ]; then
  wrk_headers=(-H "User-Agent: $BOT_UA" -H "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    -H "Accept-Language: en-GB,en;q=0.9" -H "Accept-Encoding: gzip, deflate, br")
fi

# --- pinning ------------------------------------------------------------------------------------
cpus="$(nproc)"
PROXY_CPUS=""; LOAD_CPUS=""
case "$PIN" in
  off) ;;
  auto)
    if [ "$cpus" -ge $((EVENT_LOOPS + 1)) ]; then
      PROXY_CPUS="0-$((EVENT_LOOPS - 1))"; LOAD_CPUS="$EVENT_LOOPS-$((cpus - 1))"
      [ "$EVENT_LOOPS" = 1 ] && PROXY_CPUS=0
      [ "$EVENT_LOOPS" = $((cpus - 1)) ] && LOAD_CPUS=$EVENT_LOOPS
    else
      log "note: $cpus CPUs cannot give $EVENT_LOOPS proxy cores plus one for load and origin: not pinning"
    fi ;;
  */*) PROXY_CPUS="${PIN%%/*}"; LOAD_CPUS="${PIN##*/}" ;;
  *) echo "run.sh: --pin is auto, off or PROXY_CPUS/LOAD_CPUS (e.g. 0/1 or 0-1/2-3)" >&2; exit 2 ;;
esac
pin_proxy=(nice -n "$NICE"); pin_load=(nice -n "$NICE")
[ -n "$PROXY_CPUS" ] && pin_proxy+=(taskset -c "$PROXY_CPUS")
[ -n "$LOAD_CPUS" ] && pin_load+=(taskset -c "$LOAD_CPUS")
if [ -n "$PROXY_CPUS" ]; then
  PINNING="proxy on CPU $PROXY_CPUS; wrk + origin on CPU $LOAD_CPUS"
else
  PINNING="none"
fi

# --- work directory and cleanup -----------------------------------------------------------------
work="$(mktemp -d "${TMPDIR:-/tmp}/bliss-load.XXXXXX")"
if [ "$PACE_MS" != 0 ]; then
  printf 'function delay()\n  return %s\nend\n' "$PACE_MS" >"$work/pace.lua"
  wrk_headers+=(-s "$work/pace.lua")
fi
shm=""  # cluster mode: a directory in /dev/shm for the feature stores (bliss.yaml's default is there too)
pids=()
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  [ -n "$shm" ] && rm -rf "$shm"
  if [ "$KEEP" = 1 ]; then log "work directory kept: $work"; else rm -rf "$work"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
stores="$work/stores"  # bliss-features' and bliss-cluster's stores and rings: on tmpfs when there is one
if [[ " $TARGETS " == *" bliss-features "* || " $TARGETS " == *" bliss-cluster "* ]]; then
  shm="$(mktemp -d /dev/shm/bliss-load.XXXXXX 2>/dev/null || true)"
  [ -z "$shm" ] || stores="$shm"
fi

taken_ports=" "
# below the kernel's ephemeral range: a port some outgoing connection holds (wrk's, the proxies'
# pools) is not listening, so the probe below passes it, yet binding it fails
ephemeral_low="$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)"
[ "$ephemeral_low" -gt 21000 ] 2>/dev/null || ephemeral_low=32768
free_port() {
  local p
  for _ in $(seq 1 200); do
    p=$((20000 + RANDOM % (ephemeral_low - 20000)))
    case "$taken_ports" in *" $p "*) continue ;; esac
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      taken_ports="$taken_ports$p "; echo "$p"; return 0
    fi
  done
  echo "run.sh: no free port found" >&2; return 1
}

# waits until http://127.0.0.1:$1/ answers 200, while process $2 lives, for at most $3 seconds
wait_http() {  # $1 = port, $2 = pid, $3 = seconds at most, $4 = path (default /)
  local port="$1" pid="$2" limit="$3" path="${4:-/}" i
  for i in $(seq 1 $((limit * 10))); do
    kill -0 "$pid" 2>/dev/null || return 1
    [ "$(curl -s -o /dev/null -m 1 -w '%{http_code}' "http://127.0.0.1:$port$path" || true)" = 200 ] && return 0
    sleep 0.1
  done
  return 1
}

nginx_user=""
[ "$(id -u)" = 0 ] && nginx_user="user root;"
nginx_common() {  # $1 = prefix directory, $2 = workers
  cat <<EOF
$nginx_user
worker_processes $2;
daemon off;
pid $1/nginx.pid;
error_log $1/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $1/client_body;
  proxy_temp_path $1/proxy;
  fastcgi_temp_path $1/fastcgi;
  uwsgi_temp_path $1/uwsgi;
  scgi_temp_path $1/scgi;
  keepalive_requests 1000000;
  keepalive_timeout 75s;
EOF
}

# --- origin -------------------------------------------------------------------------------------
started=""
start_nginx() {  # $1 = name, $2 = pinning (load|proxy); sets $started to the master's pid
  local dir="$work/$1"
  if [ "$2" = proxy ]; then
    "${pin_proxy[@]}" "$NGINX" -p "$dir" -c "$dir/nginx.conf" >"$dir/stdout.log" 2>&1 &
  else
    "${pin_load[@]}" "$NGINX" -p "$dir" -c "$dir/nginx.conf" >"$dir/stdout.log" 2>&1 &
  fi
  started=$!; pids+=("$started")
}

origin_port="$(free_port)"
mkdir -p "$work/origin"
{ nginx_common "$work/origin" 1
  cat <<EOF
  server {
    listen 127.0.0.1:$origin_port;
    location / { default_type text/plain; return 200 "hello world\n"; }
  }
}
EOF
} >"$work/origin/nginx.conf"
start_nginx origin load; origin_pid="$started"
wait_http "$origin_port" "$origin_pid" 10 || { cat "$work/origin/"*.log >&2; echo "run.sh: origin did not start" >&2; exit 1; }
log "origin: nginx $("$NGINX" -v 2>&1 | sed 's/.*nginx\///'), 1 worker, http://127.0.0.1:$origin_port/"

# --- targets ------------------------------------------------------------------------------------
declare -A port pid kind label gclog transport_of
# the processes whose CPU time counts as the target's (an nginx master and its workers; a JVM)
target_pids() {
  local name="$1"
  case "${kind[$name]}" in
    nginx) echo "${pid[$name]}"; pgrep -P "${pid[$name]}" || true ;;
    bliss) echo "${pid[$name]}" ;;
    origin) ;;
  esac
}
origin_pids() { echo "$origin_pid"; pgrep -P "$origin_pid" || true; }
declare -A sidecar_pid
# SIDECAR=1: the feature services' processes; their CPU counts with the load side's, as the broker's
sidecar_pids() { local p; for p in "${sidecar_pid[@]}"; do echo "$p"; done; }

start_nginx_proxy() {
  local name=nginx p; p="$(free_port)"
  mkdir -p "$work/$name"
  { nginx_common "$work/$name" "$EVENT_LOOPS"
    cat <<EOF
  upstream origin {
    server 127.0.0.1:$origin_port;
    keepalive 64;
    keepalive_requests 1000000;
  }
  server {
    listen 127.0.0.1:$p;
    location / {
      proxy_pass http://origin;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # what bliss sends too: the client's Host and X-Forwarded-*
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_set_header X-Forwarded-Host \$host;
    }
  }
}
EOF
  } >"$work/$name/nginx.conf"
  # the nginx proxy runs where the bliss proxy runs
  start_nginx "$name" proxy; pid[$name]="$started"
  port[$name]="$p"; kind[$name]=nginx; label[$name]="nginx $EVENT_LOOPS worker(s)"; transport_of[$name]="epoll"
  wait_http "$p" "${pid[$name]}" 10 || { cat "$work/$name/"*.log >&2; echo "run.sh: nginx proxy did not start" >&2; exit 1; }
}

start_bliss() {
  local name="$1" transport="${1#bliss:}" p dir; p="$(free_port)"
  case "$name" in bliss-bot|bliss-features|bliss-cluster) transport="$TRANSPORT" ;; esac
  dir="$work/${name//:/-}"; mkdir -p "$dir"
  {
  cat <<EOF
proxy:
  event_loops: $EVENT_LOOPS
  transport: $transport
listeners:
  - host: 127.0.0.1
    port: $p
timeouts:
  shutdown: 1s
upstreams:
  origin:
    origins: [http://127.0.0.1:$origin_port]
    pool_size: 64
routes:
  - name: all
    path_prefix: /
    upstream: origin
access_log:
  enabled: false
EOF
  case "$name" in
    bliss-features|bliss-cluster) features_config "$name" "$dir" ;;
    *)
      cat <<EOF
# no feature service; bliss run still reads the schema it names
feature_service:
  embedded: false
  features: $root/config/features.yaml
EOF
      if [ "$name" = bliss-bot ]; then bot_config "$dir"; else printf 'admin:\n  enabled: false\nplugins: []\n'; fi ;;
  esac
  } >"$dir/bliss.yaml"
  gclog[$name]="$dir/gc.log"
  case "$name" in bliss-features|bliss-cluster)
    if [ "$SIDECAR" = 1 ]; then
      # the sidecar first: it creates the store and the ring the proxy's plugin opens
      # shellcheck disable=SC2086
      "${pin_load[@]}" "$java" "${jvm_flags[@]}" ${BLISS_JAVA_OPTS:-} "-Xlog:gc:file=$dir/gc-features.log" \
        -jar "$work/app/bliss.jar" feature-service --config "$dir/bliss.yaml" >"$dir/features.log" 2>&1 &
      sidecar_pid[$name]=$!; pids+=("$!")
      wait_http "${fs_admin_port[$name]}" "${sidecar_pid[$name]}" 60 /metrics \
        || { cat "$dir/features.log" >&2; echo "run.sh: $name's feature service did not start" >&2; exit 1; }
    fi ;;
  esac
  # shellcheck disable=SC2086 # BLISS_JAVA_OPTS is split into options, as the launcher does
  "${pin_proxy[@]}" "$java" "${jvm_flags[@]}" ${BLISS_JAVA_OPTS:-} "-Xlog:gc:file=$dir/gc.log" \
    -jar "$work/app/bliss.jar" run --config "$dir/bliss.yaml" >"$dir/bliss.log" 2>&1 &
  pid[$name]=$!; pids+=("${pid[$name]}")
  port[$name]="$p"; kind[$name]=bliss
  if ! wait_http "$p" "${pid[$name]}" 60; then
    cat "$dir/bliss.log" >&2; echo "run.sh: bliss ($transport) did not start" >&2; exit 1
  fi
  local running
  running="$(sed -n 's/.*event loops on \([a-z_]*\).*/\1/p' "$dir/bliss.log" | head -1)"
  transport_of[$name]="${running:-?}"
  label[$name]="bliss ${running:-?}, $EVENT_LOOPS loop(s)"
  if [ "$name" = bliss-bot ]; then
    label[$name]="${label[$name]}, bot management + 10 rules, models ${BOT_MODELS:-generated (200 trees)}"
    check_bot_scoring "$p" "$dir" "$bot_admin_port" || exit 1
  fi
  case "$name" in bliss-features|bliss-cluster)
    label[$name]="${label[$name]}, bot management + 10 rules, models ${BOT_MODELS:-config/models.yaml}, $([ "$SIDECAR" = 1 ] && echo "feature service as a sidecar process (pinned with wrk)" || echo "embedded feature service")"
    [ "$name" != bliss-cluster ] || label[$name]="${label[$name]} in cluster mode (Kafka $kafka_bootstrap)"
    check_bot_scoring "$p" "$dir" "${admin_port[$name]}" || exit 1
    check_feature_service "$name" "$dir" || exit 1 ;;
  esac
  if [ "$transport" != auto ] && [ "$running" != "$transport" ]; then
    log "note: bliss was asked for $transport but runs on ${running:-?} (fallback)"
  fi
}

# --- bliss-bot: bot management over a generated store and model, and 10 rules ---------------------
bot_admin_port=""
# the plugin, the rules and an admin port (for the bot metrics only) of bliss-bot's bliss.yaml
bot_config() {  # $1 = its directory
  bot_admin_port="$(free_port)"
  write_rules "$1"
  cat <<EOF
admin:
  enabled: true
  host: 127.0.0.1
  port: $bot_admin_port
rules: $1/rules.yaml
plugins:
  - name: bot
    type: bot-management
    config:
      features: $root/config/features.yaml
      heuristics: $root/config/heuristics.yaml
      verified_bots: $root/config/verified-bots.yaml
      models: ${BOT_MODELS:-$work/bot/models.yaml}
      store: $work/bot/store/features
      events_ring: ""          # no feature service: events are built, then dropped
      max_feature_age: 1h      # the generated snapshot must stay fresh for the whole run
EOF
}

write_rules() {  # $1 = the directory of the target's rules.yaml
  cat >"$1/rules.yaml" <<'EOF'
# Ten rules of the kinds rules.yaml suggests, over bot.* and http.* fields. wrk's browser-like
# GET / matches none of them, so every rule is evaluated on every request and none ends it.
lists:
  blocked_networks:
    type: ip
    items: [192.0.2.0/24, 198.51.100.0/24, "2001:db8::/32"]
rules:
  - id: log-probes
    expression: >-
      http.request.uri.path contains "/.env" or http.request.uri.path contains "/.git/"
      or http.request.uri.path wildcard "/wp-login*"
    action: log
  - id: block-networks
    expression: ip.src in $blocked_networks
    action: block
  - id: block-bad-methods
    expression: http.request.method in {"TRACE" "TRACK" "DEBUG"}
    action: block
  - id: block-scanners
    expression: any(bot.detection_ids[*] eq 112) or lower(http.user_agent) contains "sqlmap"
    action: block
  - id: block-fake-bots
    expression: any(bot.detection_ids[*] eq 301)
    action: block
  - id: skip-verified-and-static
    expression: bot.verified or bot.static_resource
    action: skip
    skip_rules: [block-ai-crawlers, block-automated-login, challenge-likely-automated]
  - id: block-ai-crawlers
    expression: any(bot.detection_ids[*] eq 107)
    action: block
  - id: block-automated-login
    expression: http.request.uri.path eq "/login" and http.request.method eq "POST" and bot.score lt 30
    action: block
  - id: challenge-likely-automated
    expression: bot.score gt 1 and bot.score lt 30 and starts_with(http.request.uri.path, "/checkout")
    action: challenge
  - id: block-known-ja4
    expression: bot.ja4 in {"t13d1516h2_8daaf6152771_02713d6af862"}
    action: block
EOF
}

# --- bliss-features and bliss-cluster: bot management and the embedded feature service -----------
# As `bliss run` runs them with config/bliss.yaml: the plugin writes each request's event into the
# ring, the feature service in the same JVM reads it, keeps the windows and publishes the store every
# second, which the plugin reads for the shipped model. bliss-cluster also sends every event to the
# events topic of the broker below and reads the features topic (no aggregator runs: one would take
# the load side's core, and the node does the same work without one).
declare -A admin_port fs_admin_port
features_config() {  # $1 = target, $2 = its directory
  local store="$stores/$1/features"
  mkdir -p "$stores/$1"
  admin_port[$1]="$(free_port)"; fs_admin_port[$1]="$(free_port)"
  write_rules "$2"
  cat <<EOF
feature_service:
  embedded: $([ "$SIDECAR" = 1 ] && echo false || echo true)
  features: $root/config/features.yaml
  store: $store
  publish_interval: 1s
  admin:
    enabled: true
    host: 127.0.0.1
    port: ${fs_admin_port[$1]}
EOF
  if [ "$1" = bliss-cluster ]; then
    cat <<EOF
  cluster:
    kafka:
      bootstrap_servers: $kafka_bootstrap
      events_topic: load-events
      features_topic: load-features
    topics:
      replication_factor: 1
EOF
  fi
  cat <<EOF
admin:
  enabled: true
  host: 127.0.0.1
  port: ${admin_port[$1]}
rules: $2/rules.yaml
plugins:
  - name: bot
    type: bot-management
    config:
      features: $root/config/features.yaml
      heuristics: $root/config/heuristics.yaml
      verified_bots: $root/config/verified-bots.yaml
      models: ${BOT_MODELS:-$root/config/models.yaml}
      store: $store
EOF
}

# "ring_read sent acknowledged failed dropped" from the feature service's counters: ring records
# read, events (one per dimension key of a request; the node sends them to Kafka in batches, one
# record per partition) sent / acknowledged by the broker / failed, requests not forwarded
# because the node's event buffer was full
fs_counters() {  # $1 = target
  curl -s -m 5 "http://127.0.0.1:${fs_admin_port[$1]}/metrics" | awk '
    /^bliss_features_events_total[{].*result="ok"/ { ok = $NF }
    /^bliss_features_cluster_events_total[{].*result="sent"/ { sent = $NF }
    /^bliss_features_cluster_events_total[{].*result="acknowledged"/ { acked = $NF }
    /^bliss_features_cluster_events_total[{].*result="failed"/ { failed = $NF }
    /^bliss_features_cluster_events_dropped_total/ { dropped = $NF }
    END { printf "%.0f %.0f %.0f %.0f %.0f\n", ok, sent, acked, failed, dropped }'
}

# before any measuring, the service reads the ring (and in cluster mode the broker acknowledges its
# events): 100 requests, then at most 60 s
check_feature_service() {  # $1 = target, $2 = its directory
  local i ok=0 sent=0 acked=0 failed=0 dropped=0
  for i in $(seq 1 100); do curl -s -o /dev/null -m 2 -H "User-Agent: $BOT_UA" "http://127.0.0.1:${port[$1]}/" || true; done
  for i in $(seq 1 120); do
    read -r ok sent acked failed dropped < <(fs_counters "$1")
    if [ "$ok" -ge 100 ] && { [ "$1" != bliss-cluster ] || [ "$acked" -ge 100 ]; }; then
      log "$1: the feature service read $ok ring events$([ "$1" != bliss-cluster ] || echo "; the broker acknowledged $acked events, $failed failed")"
      return 0
    fi
    sleep 0.5
  done
  tail -n 20 "$2/bliss.log" >&2
  echo "run.sh: $1's feature service read $ok ring events (of at least 100)$([ "$1" != bliss-cluster ] || echo " and Kafka acknowledged $acked of its events ($failed failed)") within 60 s" >&2
  return 1
}

# --- the Kafka broker of bliss-cluster: one KRaft node in a child JVM, on loopback ---------------
# Started as feature-service's tests start theirs (kafka.tools.StorageTool format, then kafka.Kafka,
# on the jars of that module's test class path), pinned where wrk and the origin run: it stands for
# the fleet's cluster, not for the proxy's work. Stopped (SIGTERM) with everything else at the end.
kafka_pid=""; kafka_bootstrap=""; kafka_cp=""
prepare_kafka() {
  kafka_cp="${KAFKA_CLASSPATH:-}"
  if [ -z "$kafka_cp" ]; then
    log "building feature-service's test class path (the Kafka broker's jars)"
    if ! (cd "$root" && timeout 900 ./mvnw -B -q -pl feature-service -am test-compile -Dbliss.skipDistribution) \
        >"$work/kafka-build.log" 2>&1; then
      tail -n 20 "$work/kafka-build.log" >&2; echo "run.sh: cannot build feature-service's test class path" >&2; exit 1
    fi
    kafka_cp="$(cat "$root/feature-service/target/kafka-classpath.txt")"
  fi
}
start_kafka() {
  local dir="$work/kafka" kport cport cid i
  mkdir -p "$dir"; kport="$(free_port)"; cport="$(free_port)"
  cat >"$dir/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.bootstrap.servers=127.0.0.1:$cport
listeners=PLAINTEXT://127.0.0.1:$kport,CONTROLLER://127.0.0.1:$cport
advertised.listeners=PLAINTEXT://127.0.0.1:$kport
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$dir/data
auto.create.topics.enable=false
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=2
background.threads=2
EOF
  local kjvm=("$java" -Xmx512m --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow
    -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info -cp "$kafka_cp")
  cid="$(timeout 60 "${kjvm[@]}" kafka.tools.StorageTool random-uuid 2>"$dir/format.log" | tail -n 1)"
  if ! timeout 120 "${kjvm[@]}" kafka.tools.StorageTool format -t "$cid" -c "$dir/server.properties" --standalone \
      >>"$dir/format.log" 2>&1; then
    cat "$dir/format.log" >&2; echo "run.sh: cannot format the Kafka broker's storage" >&2; exit 1
  fi
  "${pin_load[@]}" "${kjvm[@]}" kafka.Kafka "$dir/server.properties" >"$dir/broker.log" 2>&1 &
  kafka_pid=$!; pids+=("$kafka_pid")
  for i in $(seq 1 600); do
    kill -0 "$kafka_pid" 2>/dev/null || break
    grep -q "Kafka Server started" "$dir/broker.log" && break
    sleep 0.1
  done
  if ! grep -q "Kafka Server started" "$dir/broker.log"; then
    tail -n 20 "$dir/broker.log" >&2; echo "run.sh: the Kafka broker did not start within 60 s" >&2; exit 1
  fi
  kafka_bootstrap="127.0.0.1:$kport"
  log "kafka: broker $(echo "$kafka_cp" | tr ':' '\n' | sed -n 's#.*/kafka_2.13-\([^/]*\)\.jar$#\1#p' | head -n 1) (KRaft, one node) on $kafka_bootstrap, pinned with the load"
}
broker_pids() { [ -z "$kafka_pid" ] || echo "$kafka_pid"; }

# the feature store and model of bliss-bot, written by the benchmarks module's generator
prepare_bot() {
  local jar="${BENCH_JAR:-}"
  if [ -z "$jar" ]; then
    log "building the benchmarks jar (bliss-bot's store and model generator)"
    if ! (cd "$root" && timeout 900 ./mvnw -B -q -pl benchmarks -am package -DskipTests) >"$work/bench-build.log" 2>&1; then
      tail -n 20 "$work/bench-build.log" >&2; echo "run.sh: cannot build benchmarks/target/benchmarks.jar" >&2; exit 1
    fi
    jar="$root/benchmarks/target/benchmarks.jar"
  fi
  cp "$jar" "$work/benchmarks.jar"
  log "bliss-bot: generating a feature store of $BOT_KEYS keys per dimension and a 200-tree model"
  if ! timeout 600 "$java" "${jvm_flags[@]}" -cp "$work/benchmarks.jar" dev.bliss.bench.bot.BotLoadFixtures "$work/bot" \
      "$root/config/features.yaml" "$BOT_KEYS" 127.0.0.1 "$BOT_UA" host user-agent accept accept-language accept-encoding \
      >"$work/bot-fixtures.log" 2>&1; then
    tail -n 20 "$work/bot-fixtures.log" >&2; echo "run.sh: cannot generate bliss-bot's store and model" >&2; exit 1
  fi
  log "$(tail -n 1 "$work/bot-fixtures.log")"
}

bot_metrics() {  # requests by score source, features unavailable; $1 = admin port
  curl -s -m 5 "http://127.0.0.1:${1:-$bot_admin_port}/metrics" \
    | grep -E '^bliss_(bot_scored|plugin_bot_features_unavailable)_total' || true
}

inspect_time() {  # "seconds calls" of bliss-bot's bot-management inspect, as the proxy's chain times it
  curl -s -m 5 "http://127.0.0.1:$bot_admin_port/metrics" | awk '
    /^bliss_detector_seconds_total[{].*detector="bot"/ { s = $NF }
    /^bliss_detector_calls_total[{].*detector="bot"/ { c = $NF }
    END { printf "%s %s\n", s + 0, c + 0 }'
}

# a browser's request must be scored by the model and the rules must be in force (else the run
# would not measure them)
check_bot_scoring() {  # $1 = port, $2 = directory, $3 = admin port
  local code
  code="$(curl -s -o /dev/null -m 5 -w '%{http_code}' -H "User-Agent: $BOT_UA" -H "Accept: text/html" \
    -H "Accept-Language: en-GB" -H "Accept-Encoding: gzip" "http://127.0.0.1:$1/" || true)"
  if [ "$code" != 200 ] || ! bot_metrics "$3" | grep -q 'source="machine_learning".* [1-9]'; then
    bot_metrics "$3" >&2; tail -n 20 "$2/bliss.log" >&2
    echo "run.sh: bliss with bot management answered $code and did not score a browser's request with its model" >&2; return 1
  fi
  code="$(curl -s -o /dev/null -m 5 -w '%{http_code}' -X DEBUG "http://127.0.0.1:$1/" || true)"
  if [ "$code" != 403 ]; then
    tail -n 20 "$2/bliss.log" >&2; echo "run.sh: the rules are not in force (DEBUG answered $code, not 403)" >&2; return 1
  fi
  [ "$BROWSER_HEADERS" = 1 ] || log "note: BROWSER_HEADERS=0: wrk sends no User-Agent, so bliss-bot scores by heuristics, not its model"
}

# --- measuring ----------------------------------------------------------------------------------
clk_tck="$(getconf CLK_TCK)"
proc_ticks() {  # total utime+stime ticks of the given pids
  local t=0 p v
  for p in "$@"; do
    v="$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | awk '{print $12 + $13}')" || v=0
    t=$((t + ${v:-0}))
  done
  echo "$t"
}
proc_user_ticks() {  # utime ticks alone of the given pids (stime = total - this)
  local t=0 p v
  for p in "$@"; do
    v="$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | awk '{print $12}')" || v=0
    t=$((t + ${v:-0}))
  done
  echo "$t"
}
sys_ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8, $9}' /proc/stat; }  # busy (user nice system irq softirq), steal
# CPU of this shell's reaped children (wrk), in ms; `times` must not run in a subshell (a fork has none)
children_ms() {
  times >"$work/times"
  awk 'NR==2{split($1,a,/[ms]/); split($2,b,/[ms]/); printf "%d\n", (a[1]*60+a[2]+b[1]*60+b[2])*1000}' "$work/times"
}
to_ms() {  # wrk latency text (812.00us, 1.20ms, 2.00s) to milliseconds
  awk -v v="$1" 'BEGIN{n=v+0; u=v; sub(/^[0-9.]+/,"",u);
    if(u=="us") n/=1000; else if(u=="s") n*=1000; else if(u=="m") n*=60000; printf "%.3f", n}'
}
gc_lines() { [ -f "$1" ] && wc -l <"$1" || echo 0; }
# pauses and ≈ MB allocated in the GC log lines after line $2 (allocated: before − previous after)
gc_window() {
  awk -v from="$2" '
    /Pause/ && match($0, /[0-9]+M->[0-9]+M/) {
      split(substr($0, RSTART, RLENGTH), h, /M->|M/)
      if (NR > from) { n++; if (have) alloc += h[1] - prev }
      prev = h[2]; have = 1
      if (NR > from && match($0, /[0-9.]+ms$/)) ms += substr($0, RSTART, RLENGTH - 2)
    }
    END { printf "%d %.1f %d\n", n, ms, alloc }' "$1"
}

load() {  # $1 = port, $2 = seconds; wrk output on stdout
  "${pin_load[@]}" wrk -t"$THREADS" -c"$CONNECTIONS" -d"${2}s" --latency "${wrk_headers[@]}" "http://127.0.0.1:$1/"
}

results="$work/results.tsv"
: >"$results"
measure() {  # $1 = target, $2 = round
  local name="$1" round="$2" out="$work/wrk-${1//:/-}-$2.txt" mine before_t after_t sys0 sys1 ch0 ch1 t0 t1 g0=0
  [ "$ROUND_WARMUP" -gt 0 ] && load "${port[$name]}" "$ROUND_WARMUP" >/dev/null
  mapfile -t mine < <(target_pids "$name"; origin_pids; broker_pids; sidecar_pids)
  [ "${kind[$name]}" = bliss ] && g0="$(gc_lines "${gclog[$name]}")"
  local tp=() fs=0 c0="" c1="" k0 k1
  mapfile -t tp < <(target_pids "$name")
  case "$name" in bliss-features|bliss-cluster) fs=1; c0="$(fs_counters "$name")" ;; esac
  # shellcheck disable=SC2046 # no pid, or one
  k0="$(proc_ticks $(broker_pids))"
  before_t="$(proc_ticks "${tp[@]}")"; local all0; all0="$(proc_ticks "${mine[@]}")"; local user0; user0="$(proc_user_ticks "${tp[@]}")"
  read -r sys0 st0 < <(sys_ticks); children_ms >"$work/ch"; ch0="$(<"$work/ch")"; t0="$(date +%s%N)"
  load "${port[$name]}" "$DURATION" >"$out"
  t1="$(date +%s%N)"; children_ms >"$work/ch"; ch1="$(<"$work/ch")"; read -r sys1 st1 < <(sys_ticks)
  local all1; all1="$(proc_ticks "${mine[@]}")"; after_t="$(proc_ticks "${tp[@]}")"; local user1; user1="$(proc_user_ticks "${tp[@]}")"
  # shellcheck disable=SC2046
  k1="$(proc_ticks $(broker_pids))"
  [ "$fs" = 1 ] && c1="$(fs_counters "$name")"

  local rps p50 p99 errs non2xx
  rps="$(awk '/^Requests\/sec/{print $2}' "$out")"
  p50="$(to_ms "$(awk '$1=="50%"{print $2}' "$out")")"
  p99="$(to_ms "$(awk '$1=="99%"{print $2}' "$out")")"
  errs="$(awk '/Socket errors/{gsub(",",""); print $4+$6+$8+$10}' "$out")"
  non2xx="$(awk '/Non-2xx/{print $NF}' "$out")"
  local secs cpu_us other steal gc="-"
  secs="$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", (b-a)/1e9}')"
  # proxy CPU per request (µs); CPU outside this benchmark's processes (% of one core); steal
  cpu_us="$(awk -v d=$((after_t - before_t)) -v hz="$clk_tck" -v r="$rps" -v s="$secs" 'BEGIN{ if (r > 0) printf "%.1f", d / hz * 1e6 / (r * s); else print "-" }')"
  local user_us sys_us
  user_us="$(awk -v d=$((user1 - user0)) -v hz="$clk_tck" -v r="$rps" -v s="$secs" 'BEGIN{ if (r > 0) printf "%.2f", d / hz * 1e6 / (r * s); else print "-" }')"
  sys_us="$(awk -v d=$((after_t - before_t - user1 + user0)) -v hz="$clk_tck" -v r="$rps" -v s="$secs" 'BEGIN{ if (r > 0) printf "%.2f", d / hz * 1e6 / (r * s); else print "-" }')"
  other="$(awk -v sys=$((sys1 - sys0)) -v ours=$((all1 - all0)) -v ch=$((ch1 - ch0)) -v hz="$clk_tck" -v s="$secs" \
    'BEGIN{ o = (sys / hz - ours / hz - ch / 1000) / s * 100; if (o < 0) o = 0; printf "%.0f", o }')"
  steal="$(awk -v d=$((st1 - st0)) -v hz="$clk_tck" -v s="$secs" 'BEGIN{printf "%.0f", d / hz / s * 100}')"
  # busy share of the proxy and of the load side (wrk + origin), % of one core: whichever is near
  # 100 % is the bottleneck; when it is the load side, req/s compares latencies more than proxies
  local proxy_pct load_pct
  proxy_pct="$(awk -v d=$((after_t - before_t)) -v hz="$clk_tck" -v s="$secs" 'BEGIN{printf "%.0f", d / hz / s * 100}')"
  load_pct="$(awk -v all=$((all1 - all0)) -v mine=$((after_t - before_t)) -v ch=$((ch1 - ch0)) -v hz="$clk_tck" -v s="$secs" \
    'BEGIN{printf "%.0f", ((all - mine) / hz + ch / 1000) / s * 100}')"
  if [ "${kind[$name]}" = bliss ]; then
    local n ms mb
    read -r n ms mb < <(gc_window "${gclog[$name]}" "$g0")
    gc="$n/${ms}ms/$(awk -v mb="$mb" -v r="$rps" -v s="$secs" 'BEGIN{ if (r > 0) printf "%.1f", mb * 1048576 / (r * s) / 1024; else print "-" }')KB"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$name" "${rps:-0}" "$p50" "$p99" "$cpu_us" \
    "$other" "$steal" "$gc" "${errs:-0}" "${non2xx:-0}" "$proxy_pct" "$load_pct" "$user_us" "$sys_us" >>"$results"
  if [ "$fs" = 1 ]; then
    # the feature service's side: ring events read, events produced into Kafka, requests dropped
    echo "$c0 $c1" | awk -v r="$round" -v t="$name" -v s="$secs" -v rps="${rps:-0}" -v k=$((k1 - k0)) -v hz="$clk_tck" '
      { ok = ($6 - $1) / s; acked = ($8 - $3) / s; failed = $9 - $4; dropped = ($10 - $5) / s
        printf "%s\t%s\t%.0f\t%.0f\t%.0f\t%.2f\t%.1f\t%d\t%.0f\n", r, t, rps, ok, acked, (rps > 0 ? acked / rps : 0), dropped, failed, k / hz / s * 100 }' \
      >>"$work/features.tsv"
    log "round $round $(printf '%-15s' "$name") feature service: $(awk -F'\t' -v r="$round" -v t="$name" '$1 == r && $2 == t {
      printf "%s ring events/s read", $4; if (t == "bliss-cluster") printf ", %s events/s produced (%s per request), %s requests/s dropped, %s failed; broker %s%% of a core", $5, $6, $7, $8, $9 }' "$work/features.tsv")"
  fi
  log "round $round $(printf '%-15s' "$name") $(printf '%9.0f' "${rps:-0}") req/s  p50 ${p50} ms  p99 ${p99} ms  cpu ${cpu_us} µs/req (user ${user_us} + sys ${sys_us})  busy: proxy ${proxy_pct}% wrk+origin ${load_pct}%  other ${other}%  steal ${steal}%  gc(n/pause/alloc per req) $gc$([ "${errs:-0}" = 0 ] || echo "  socket errors $errs")$([ -z "$non2xx" ] || echo "  non-2xx $non2xx")"
}

# --- run ----------------------------------------------------------------------------------------
# JMH takes a POSIX lock on /tmp/jmh.lock and refuses to start while another holds it; hold it too
# (waiting up to WAIT_QUIET for a running JMH to finish), so neither measurement disturbs the other
if [ -n "$JMH_LOCK" ] && command -v python3 >/dev/null; then
  python3 - "$JMH_LOCK" "$WAIT_QUIET" >"$work/jmh-lock" 2>/dev/null <<'PY' &
import fcntl, sys, time
f = open(sys.argv[1], "a")
deadline = time.time() + int(sys.argv[2])
while True:
    try:
        fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        print("held", flush=True)
        break
    except OSError:
        if time.time() > deadline:
            print("busy", flush=True)
            sys.exit(0)
        time.sleep(1)
while True:
    time.sleep(3600)
PY
  pids+=("$!")
  for _ in $(seq 1 $((WAIT_QUIET + 10))); do [ -s "$work/jmh-lock" ] && break; sleep 1; done
  case "$(cat "$work/jmh-lock")" in
    held) log "holding $JMH_LOCK: JMH runs wait until this benchmark ends" ;;
    *) log "warning: a JMH run still holds $JMH_LOCK after ${WAIT_QUIET}s; measuring anyway" ;;
  esac
fi

# wait (bounded) until the machine is quiet: busy CPU over 2 s below BUSY_PERCENT of one core
busy_now() {
  local a b
  read -r a _ < <(sys_ticks); sleep 2; read -r b _ < <(sys_ticks)
  awk -v d=$((b - a)) -v hz="$clk_tck" 'BEGIN{printf "%.0f", d / hz / 2 * 100}'
}
waited=0
while :; do
  busy="$(busy_now)"
  [ "$busy" -lt "$BUSY_PERCENT" ] && break
  if [ "$waited" -ge "$WAIT_QUIET" ]; then
    log "warning: the machine is still busy (${busy}% of one core in use by others) after ${WAIT_QUIET}s; measuring anyway"
    break
  fi
  log "machine busy (${busy}% of one core in use by others): waiting (at most ${WAIT_QUIET}s)"
  sleep 8; waited=$((waited + 10))
done
log "machine: $(nproc) CPUs ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)), kernel $(uname -r), load:$(cut -d' ' -f1-3 /proc/loadavg)"
log "pinning: $PINNING; niceness $NICE (session autogroup: $AUTOGROUP)"
log "mode $MODE: targets $TARGETS; wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency; $ROUNDS rounds; JVM warm-up ${WARMUP}s; ${ROUND_WARMUP}s before each run"
log "JVM options: ${BLISS_JAVA_OPTS:-(none besides the launcher flags)} -Xlog:gc:file=... (BLISS_JAVA_OPTS)"

# Build once, unpinned, through the launcher, then run a copy of the app: the launcher rebuilds
# whenever a source is newer than the jar, which must not happen on the proxy's core or halfway
# through a run (nor collide with someone else's build of the same tree).
java=""; jvm_flags=(); bliss_build=""
prepare_bliss() {
  local jar="${BLISS_JAR:-}" attempt
  if [ -z "$jar" ]; then
    for attempt in 1 2 3; do
      if "$root/bliss" version >"$work/build.log" 2>&1; then jar="$root/app/target/bliss.jar"; break; fi
      log "building bliss failed (attempt $attempt; another build of this tree running?)"
      [ "$attempt" = 3 ] || sleep 20
    done
    if [ -z "$jar" ]; then
      tail -n 20 "$work/build.log" >&2
      [ -f "$root/app/target/bliss.jar" ] || { echo "run.sh: cannot build bliss" >&2; exit 1; }
      jar="$root/app/target/bliss.jar"
      log "warning: using the existing $jar, which may be older than the sources"
    fi
  fi
  mkdir -p "$work/app"
  cp "$jar" "$work/app/bliss.jar"
  [ -d "$(dirname "$jar")/lib" ] && cp -r "$(dirname "$jar")/lib" "$work/app/lib"
  local c
  for c in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*25*; do
    if [ -n "$c" ] && [ -x "$c/bin/java" ] && "$c/bin/java" -version 2>&1 | grep -q 'version "2[5-9]'; then java="$c/bin/java"; break; fi
  done
  [ -n "$java" ] || { echo "run.sh: needs a JDK 25 (JAVA_HOME)" >&2; exit 1; }
  # the Maven builds below (bot mode's benchmarks jar) need it too, whatever the default java is
  export JAVA_HOME="$(dirname "$(dirname "$java")")"
  # the launcher's flags: the same options file ./bliss and the distribution's bin/bliss pass (Netty
  # on sun.misc.Unsafe, its leak detector off), so the figures are what a deployed bliss costs
  cp "$root/app/src/dist/jvm.options" "$work/app/jvm.options"
  jvm_flags=("@$work/app/jvm.options" -Dbliss.home="$root")
  "$java" "${jvm_flags[@]}" -jar "$work/app/bliss.jar" version >"$work/version.log" 2>&1 \
    || { cat "$work/version.log" >&2; echo "run.sh: the copied bliss does not run" >&2; exit 1; }
  bliss_build="commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'), jar built $(date -r "$jar" +%FT%T)"
  log "bliss: $bliss_build, $("$java" -version 2>&1 | head -1)"
}
if [[ " $TARGETS " == *" bliss"* ]]; then prepare_bliss; fi
if [[ " $TARGETS " == *" bliss-bot "* ]]; then prepare_bot; fi
if [[ " $TARGETS " == *" bliss-cluster "* ]]; then prepare_kafka; start_kafka; fi

for t in $TARGETS; do
  case "$t" in
    nginx) start_nginx_proxy ;;
    origin) port[origin]="$origin_port"; pid[origin]="$origin_pid"; kind[origin]=origin; label[origin]="origin direct"; transport_of[origin]="-" ;;
    bliss:*|bliss-bot|bliss-features|bliss-cluster) start_bliss "$t" ;;
  esac
  log "started $(printf '%-15s' "$t") ${label[$t]} on port ${port[$t]}"
done
for t in $TARGETS; do
  if [ "${kind[$t]}" = bliss ] && [ "$WARMUP" -gt 0 ]; then
    # Every measured run opens its connections anew. A warm-up on one set of connections lets the
    # JIT compile the read and write paths from profiles that never saw a connection open or close;
    # the rounds' new connections then hit those compilations' type and branch guards
    # (-Xlog:deoptimization: class_check and unstable_if traps in io_uring's write path at each
    # round's start), and their first seconds ran deoptimised code. Reconnecting every few seconds
    # of the warm-up lets those profiles see what the rounds do.
    log "warming $t up: ${WARMUP}s of load, new connections every ${WARMUP_RECONNECT}s"
    left="$WARMUP"; piece="$WARMUP"; [ "$WARMUP_RECONNECT" -gt 0 ] && piece="$WARMUP_RECONNECT"
    while [ "$left" -gt 0 ]; do
      [ "$piece" -gt "$left" ] && piece="$left"
      load "${port[$t]}" "$piece" | awk -v t="$t" '/^Requests\/sec/{printf "%s warm-up: %s req/s\n", t, $2}' >&2
      left=$((left - piece))
    done
  fi
done
if [[ " $TARGETS " == *" nginx "* ]]; then load "${port[nginx]}" 5 >/dev/null; fi
inspect_before=""
[ -n "$bot_admin_port" ] && inspect_before="$(inspect_time)"

for r in $(seq 1 "$ROUNDS"); do
  for t in $TARGETS; do measure "$t" "$r"; done
done
log "load after the run:$(cut -d' ' -f1-3 /proc/loadavg)"
bot_counters=""; inspect_after=""
[ -n "$bot_admin_port" ] && { bot_counters="$(bot_metrics)"; inspect_after="$(inspect_time)"; }
noisy="$(awk -F'\t' -v b="$BUSY_PERCENT" '$7 + $8 > b' "$results" | wc -l)"

# --- report -------------------------------------------------------------------------------------
has_nginx=0; [[ " $TARGETS " == *" nginx "* ]] && has_nginx=1
echo
echo "bliss load benchmark, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, kernel $(uname -r); pinning: $PINNING; niceness $NICE"
echo "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency, $ROUNDS interleaved rounds, JVM warm-up ${WARMUP}s; origin nginx 1 worker"
[ -n "$bliss_build" ] && echo "bliss $bliss_build; JVM options: ${BLISS_JAVA_OPTS:-defaults}"
echo
echo "Per round (CPU shares in % of one core: the proxy's, the load side's (wrk + origin), and other = used outside"
echo "this benchmark; gc = young pauses / total pause / ≈ allocated per request):"
[ -z "$kafka_pid" ] || echo "(the load side's share includes the Kafka broker's, pinned with wrk and the origin)"
echo
echo "| round | target | req/s | p50 ms | p99 ms | proxy CPU µs/req | vs nginx | proxy % | wrk+origin % | other % | steal % | gc | errors |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
awk -F'\t' -v has="$has_nginx" '
  { row[NR] = $0; if ($2 == "nginx") ng[$1] = $3 }
  END { for (i = 1; i <= NR; i++) { split(row[i], f, "\t")
      ratio = (has && ng[f[1]] > 0) ? sprintf("%.2fx", f[3] / ng[f[1]]) : "-"
      printf "| %s | %s | %.0f | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", f[1], f[2], f[3], f[4], f[5], f[6], ratio, f[12], f[13], f[7], f[8], f[9], f[10] + f[11] } }' "$results"
echo
median() { sort -g | awk '{v[NR]=$1} END{ if (NR == 0) print 0; else if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2] + v[NR/2+1]) / 2 }'; }
col() { awk -F'\t' -v t="$1" -v c="$2" '$2 == t {print $c}' "$results" | median; }
ng_rps=0; ng_p99=0
if [ "$has_nginx" = 1 ]; then ng_rps="$(col nginx 3)"; ng_p99="$(col nginx 5)"; fi
if [ "$noisy" -gt 0 ]; then
  echo "WARNING: $noisy of $(wc -l <"$results") runs had other work on the machine (other + steal > ${BUSY_PERCENT}% of one core): rerun when quiet."
  echo
fi
echo "Median over $ROUNDS rounds:"
echo
echo "| target | transport | workers | req/s | p50 ms | p99 ms | proxy CPU µs/req (user + sys) | CPU vs nginx | req/s vs nginx | p99 vs nginx | req/s vs nginx, median of rounds |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
# the ratio within each round (neighbours in time) resists slow drifts in background load better
round_ratio() {
  awk -F'\t' -v t="$1" '$2 == "nginx" { ng[$1] = $3 } $2 == t { v[$1] = $3 }
    END { for (r in v) if (ng[r] > 0) print v[r] / ng[r] }' "$results" | median
}
for t in $TARGETS; do
  rps="$(col "$t" 3)"; p50="$(col "$t" 4)"; p99="$(col "$t" 5)"; cpu="$(col "$t" 6)"; usr="$(col "$t" 14)"; sys="$(col "$t" 15)"
  ng_cpu="$( [ "$has_nginx" = 1 ] && col nginx 6 || echo 0)"
  workers="$EVENT_LOOPS"; [ "$t" = origin ] && workers=1
  rr="-"; [ "$has_nginx" = 1 ] && rr="$(round_ratio "$t")"
  awk -v t="$t" -v tr="${transport_of[$t]}" -v w="$workers" -v r="$rps" -v a="$p50" -v b="$p99" -v c="$cpu" -v nr="$ng_rps" -v np="$ng_p99" -v rr="$rr" -v u="$usr" -v k="$sys" -v nc="$ng_cpu" 'BEGIN{
    q = nr > 0 ? sprintf("%.2fx", r / nr) : "-"; pr = np > 0 ? sprintf("%.2fx", b / np) : "-"
    m = rr == "-" ? "-" : sprintf("%.2fx", rr); cr = nc > 0 ? sprintf("%.2fx", c / nc) : "-"
    printf "| %s | %s | %s | %.0f | %.2f | %.2f | %s (%.2f + %.2f) | %s | %s | %s | %s |\n", t, tr, w, r, a, b, c, u, k, cr, q, pr, m }'
done

# bliss-bot against the plugin-free bliss of the same run: the cost of bot management and rules
if [[ " $TARGETS " == *" bliss-bot "* ]]; then
  ref=""
  for t in $TARGETS; do case "$t" in bliss:*) ref="$t"; break ;; esac; done
  if [ -n "$ref" ]; then
    echo
    awk -F'\t' -v ref="$ref" '$2 == ref { b[$1] = $3 } $2 == "bliss-bot" { v[$1] = $3 }
      END { for (r in v) if (b[r] > 0) print v[r] / b[r] }' "$results" | sort -g | awk -v ref="$ref" '
      { v[NR] = $1 } END { if (NR == 0) exit
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        s = ""; for (i = 1; i <= NR; i++) s = s sprintf("%s%.2f", i > 1 ? " " : "", v[i])
        printf "bliss-bot vs %s (no plugins), req/s: median of per-round ratios %.2fx, min %.2fx, max %.2fx (sorted: %s)\n", ref, m, v[1], v[NR], s }'
    awk -v a="$(col bliss-bot 6)" -v b="$(col "$ref" 6)" 'BEGIN{ if (b > 0) printf "proxy CPU per request: %.1f vs %.1f µs (median), %+.1f µs for bot management and rules\n", a, b, a - b }'
  fi
  if [ -n "$inspect_after" ]; then
    # the detector's own time, read by the proxy around each inspect (model included; rules,
    # origin headers and the log phase not): less exposed to the machine than req/s ratios
    echo "$inspect_before $inspect_after" | awk '{ if ($4 > $2) printf "bot management inspect in bliss-bot during the rounds: %.2f µs per request over %d requests (bliss_detector_seconds_total / calls_total)\n", ($3 - $1) / ($4 - $2) * 1e6, $4 - $2 }'
  fi
  [ -n "$bot_counters" ] && { echo "bliss-bot's plugin counters at the end:"; echo "$bot_counters" | sed 's/^/  /'; }
fi

# bliss-features and bliss-cluster: what their feature services did during the measured runs, and
# the proxy's figures with cluster mode against the same bliss without it, round by round
if [ -s "$work/features.tsv" ]; then
  fcol() { awk -F'\t' -v t="$1" -v c="$2" '$2 == t {print $c}' "$work/features.tsv" | median; }
  echo
  echo "Feature service during the measured runs, median over $ROUNDS rounds (ring: events read from the events ring;"
  echo "produced: events-topic records the broker acknowledged, one per dimension key of a request; dropped: requests"
  echo "the node's event buffer could not take; broker: the Kafka broker's CPU, % of one core, on the load side):"
  echo
  echo "| target | req/s | ring events read/s | events produced/s | events per request | dropped requests/s | failed | broker CPU % |"
  echo "|---|---|---|---|---|---|---|---|"
  for t in $TARGETS; do
    case "$t" in
      bliss-features) printf '| %s | %.0f | %.0f | - | - | - | - | - |\n' "$t" "$(fcol "$t" 3)" "$(fcol "$t" 4)" ;;
      bliss-cluster) printf '| %s | %.0f | %.0f | %.0f | %.2f | %.1f | %.0f | %.0f |\n' "$t" "$(fcol "$t" 3)" "$(fcol "$t" 4)" \
        "$(fcol "$t" 5)" "$(fcol "$t" 6)" "$(fcol "$t" 7)" "$(fcol "$t" 8)" "$(fcol "$t" 9)" ;;
    esac
  done
  if [[ " $TARGETS " == *" bliss-features "* && " $TARGETS " == *" bliss-cluster "* ]]; then
    echo
    awk -F'\t' '$2 == "bliss-features" { b[$1] = $3 } $2 == "bliss-cluster" { v[$1] = $3 }
      END { for (r in v) if (b[r] > 0) print v[r] / b[r] }' "$results" | sort -g | awk '
      { v[NR] = $1 } END { if (NR == 0) exit
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        s = ""; for (i = 1; i <= NR; i++) s = s sprintf("%s%.2f", i > 1 ? " " : "", v[i])
        printf "bliss-cluster vs bliss-features (cluster mode vs the same bliss without it), req/s: median of per-round ratios %.2fx, min %.2fx, max %.2fx (sorted: %s)\n", m, v[1], v[NR], s }'
    awk -v a="$(col bliss-cluster 6)" -v b="$(col bliss-features 6)" -v pa="$(col bliss-cluster 5)" -v pb="$(col bliss-features 5)" 'BEGIN{
      if (b > 0) printf "proxy CPU per request: %.1f vs %.1f µs (median), %+.1f µs for cluster mode; p99 %.2f vs %.2f ms\n", a, b, a - b, pa, pb }'
  fi
fi
