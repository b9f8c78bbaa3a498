# The reference server (`pnpm serve`) as a container image: docs/operations.md "Container image".
#
#   docker build -t public-scan .
#   docker run -d --name public-scan -p 8787:8787 -v public-scan-data:/data --shm-size=512m public-scan
#
# BASE_IMAGE is any Debian bookworm image with Node.js >= 22.19 as /usr/local/bin/node and npm (the official
# node image by default); point it at a mirror or a locally built base with --build-arg BASE_IMAGE=...
ARG BASE_IMAGE=node:24-bookworm-slim

# --- build: install the workspace with the repository's pnpm, build the server, keep its production deps ---
FROM ${BASE_IMAGE} AS build
WORKDIR /src
# Only what `pnpm fetch` reads, so the dependency download is a layer of its own, reused until the lockfile
# changes. scripts/pnpm installs the pnpm of package.json#packageManager into .toolchain/ from the npm
# registry (the base's Node is recent enough, so no Node is installed).
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY scripts/pnpm scripts/pnpm
RUN scripts/pnpm fetch --frozen-lockfile
COPY . .
# The server's packages only (`@public-scan/cli...`: the CLI and the workspace packages it depends on), then
# `pnpm deploy`: tools/cli with its production dependencies, workspace packages copied in (their `files`).
# The @sparticuz/chromium binary (67 MB) goes: the scanner loads it only when no system browser exists, and
# the runtime stage installs Debian's.
RUN scripts/pnpm install --offline --frozen-lockfile \
  && scripts/pnpm --filter "@public-scan/cli..." run build \
  && scripts/pnpm --filter @public-scan/cli deploy --prod --legacy /out/tools/cli \
  && rm -rf /out/tools/cli/src /out/tools/cli/test /out/tools/cli/bench \
  && rm -rf /out/tools/cli/node_modules/.pnpm/@sparticuz+chromium@*/node_modules/@sparticuz/chromium/bin \
  && mkdir -p /out/scripts \
  && cp scripts/serve.mjs scripts/keys.mjs scripts/accounts.mjs scripts/data.mjs scripts/container-healthcheck.mjs /out/scripts/

# --- runtime: Node, Debian's Chromium, tini, and the built server, run by an unprivileged user ---
FROM ${BASE_IMAGE} AS runtime
# Debian's chromium (security updates with the distribution's) rather than the @sparticuz/chromium binary,
# which is built for AWS Lambda; the scanner prefers /usr/bin/chromium when it exists. tini is PID 1: it
# forwards SIGTERM to the server alone (the browser must outlive it during the grace period) and reaps the
# browser's orphaned helpers.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation tini \
  && apt-get clean \
  && rm -rf /var/lib/apt/lists/*
# A fixed uid/gid, so a bind-mounted data directory can be given to it (chown 10001:10001 DIR), and a numeric
# USER, so an orchestrator can check runAsNonRoot. The data directory belongs to it before it becomes a
# volume, so a new named volume starts out writable.
RUN groupadd --gid 10001 publicscan \
  && useradd --no-log-init --uid 10001 --gid 10001 --home-dir /home/publicscan --create-home --shell /usr/sbin/nologin publicscan \
  && mkdir -p /data \
  && chown 10001:10001 /data \
  && chmod 0700 /data
WORKDIR /app
COPY --from=build /out/ /app/
ENV NODE_ENV=production \
  PUBLIC_SCAN_HOST=0.0.0.0 \
  PUBLIC_SCAN_PORT=8787 \
  PUBLIC_SCAN_DATA_DIR=/data \
  PUBLIC_SCAN_CHROME_PATH=/usr/bin/chromium
USER 10001:10001
VOLUME ["/data"]
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "/app/scripts/container-healthcheck.mjs"]
# The server answers SIGTERM by giving running scans PUBLIC_SCAN_SHUTDOWN_GRACE_MS (15 s) to finish; give the
# container's stop a longer timeout than that (docker stop -t 30).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--", "node", "/app/scripts/serve.mjs"]
CMD []
