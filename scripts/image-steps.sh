#!/usr/bin/env bash
# The Dockerfile's steps where no image can be built (CI): in a fresh clone of HEAD, its `RUN npm …`
# lines in order, then its CMD on the embedded defaults, probed as its HEALTHCHECK probes, and
# stopped with SIGTERM as `docker stop` (through tini) stops it: exit 0 and no process left.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'kill -KILL -- "-${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
git clone -q "$root" "$work/app"
cd "$work/app"

grep -E '^RUN npm ' Dockerfile | sed 's/^RUN //' | while read -r step; do
  echo "image-steps: $step"
  $step
done
export PATH="$PWD/node_modules/.bin:$PATH"
for dev in vite tsx esbuild; do
  if [ -e "node_modules/$dev" ]; then echo "image-steps: $dev is still installed after the production-only install" >&2; exit 1; fi
done

mapfile -t cmd < <(node -e 'const line = require("fs").readFileSync("Dockerfile", "utf8").match(/^CMD (\[.*\])$/m)[1]; for (const part of JSON.parse(line)) console.log(part)')
health="$(grep -o '/api/health[a-z/]*' Dockerfile | head -n 1)"
port="${IMAGE_STEPS_PORT:-4391}"
echo "image-steps: ${cmd[*]} (health check ${health})"
started=$(date +%s%N)
# The image's user and settings, on the embedded defaults rather than production's services.
PORT="$port" DATA_DIR="$work/data" NODE_ENV=development setsid "${cmd[@]}" > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:${port}${health}" > /dev/null 2>&1; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then cat "$work/server.log" >&2; exit 1; fi
  sleep 0.2
done
curl -fsS "http://127.0.0.1:${port}${health}" > /dev/null || { cat "$work/server.log" >&2; exit 1; }
echo "image-steps: healthy after $(( ($(date +%s%N) - started) / 1000000 )) ms, RSS $(ps -o rss= -p "$server") kB"
kill -TERM "$server"
code=0
wait "$server" || code=$?
if [ "$code" -ne 0 ]; then echo "image-steps: the server exited $code on SIGTERM" >&2; cat "$work/server.log" >&2; exit 1; fi
if kill -0 -- "-$server" 2>/dev/null; then echo "image-steps: processes left after SIGTERM" >&2; exit 1; fi
echo "image-steps: SIGTERM: exit 0, no process left"
