#!/usr/bin/env bash
# CI's container step (.ci/run): build the image from apps/server/Dockerfile and smoke-test it (scripts/container-smoke.mjs)
# with a real container engine, installing podman from Debian when the machine has none. docs/operations.md
# "Container image" / "How it is checked".
#
#   scripts/ci-container.sh                 # CI runs it as root on a fresh Debian machine
#   PUBLIC_SCAN_CI_CONTAINER=0 .ci/run      # skip this step (a developer's machine)
#
# Outcomes, on purpose:
#   - PUBLIC_SCAN_CI_CONTAINER=0: skipped by request, exit 0.
#   - No engine, and none can be installed (not root, no apt-get, the install fails): a loud notice that the
#     image was not built in this run, exit 0. The unit tests still lint the Dockerfile (dockerfile-utils) and
#     check its promises (test/workspace/dockerfile*.test.ts).
#   - An engine is there: any failure of the base, the build or the smoke test fails CI. That is a defect.
#
# Settings (all optional): CONTAINER_ENGINE (podman or docker), CONTAINER_RUNTIME (podman's --runtime),
# CONTAINER_SMOKE_RUN_ARGS (more `run` arguments), CONTAINER_BASE_IMAGE (a base to build on instead of the local
# stand-in, e.g. node:24-bookworm-slim where a registry can be reached), CONTAINER_BASE_EXTRA_CA (see
# scripts/container-local-base.sh; default: the bundle NODE_EXTRA_CA_CERTS names), PUBLIC_SCAN_CI_CONTAINER_TIMEOUT
# (seconds for the whole step, default 1200).
set -euo pipefail
# The engine runs root's tools from the sbin directories (podman's network set-up looks for iptables there);
# a CI job's PATH often lists only the bin ones.
for dir in /usr/local/sbin /usr/sbin /sbin; do
  case ":$PATH:" in *":$dir:"*) ;; *) PATH="$PATH:$dir" ;; esac
done
export PATH

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
started=$(date +%s)
# One budget for the whole step (install, base, build, smoke), so a stuck download or build cannot hold CI.
deadline=$((started + ${PUBLIC_SCAN_CI_CONTAINER_TIMEOUT:-1200}))
local_base=localhost/node:24-bookworm-slim

say() { echo "ci-container: $*"; }
elapsed() { echo "$(($(date +%s) - started)) s"; }

# Runs a command within what is left of the budget (exit 124 when it runs out), niced: the machine is shared.
within_budget() {
  local left=$((deadline - $(date +%s)))
  if [ "$left" -le 0 ]; then
    say "out of time before: $*" >&2
    return 124
  fi
  local status=0
  timeout --kill-after=30 "$left" nice -n 10 "$@" || status=$?
  [ "$status" != 124 ] || say "out of time (PUBLIC_SCAN_CI_CONTAINER_TIMEOUT=$((deadline - started)) s) in: $*" >&2
  return "$status"
}

not_built() {
  cat >&2 <<EOF

!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
!! CONTAINER IMAGE NOT BUILT IN THIS RUN: $1
!! Only the Dockerfile linter and the static checks (test/workspace/dockerfile*.test.ts) looked at it.
!! Build and smoke-test it where podman or docker runs: scripts/ci-container.sh (docs/operations.md).
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!

EOF
  exit 0
}

if [ "${PUBLIC_SCAN_CI_CONTAINER:-}" = 0 ]; then
  say "skipped by request (PUBLIC_SCAN_CI_CONTAINER=0): the image was not built or smoke-tested"
  exit 0
fi

# An engine that answers, not only a binary: a docker CLI without a reachable daemon is no engine.
engine_works() {
  case "$1" in
    podman) command -v podman >/dev/null && podman info >/dev/null 2>&1 ;;
    docker) command -v docker >/dev/null && docker info >/dev/null 2>&1 ;;
    *) return 1 ;;
  esac
}

pick_engine() {
  if [ -n "${CONTAINER_ENGINE:-}" ]; then
    engine=$CONTAINER_ENGINE
  elif command -v podman >/dev/null; then
    engine=podman
  elif engine_works docker; then
    engine=docker
  else
    engine=
  fi
}

can_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }

# Debian's packages, without recommends. podman's Depends bring conmon, containers-common and a network stack
# (containernetworking-plugins with iptables, the first provider apt picks); rootful podman needs none of the
# Recommends (uidmap, slirp4netns, fuse-overlayfs, dbus-user-session are for rootless use, buildah and catatonit
# for other commands). runc rather than crun: naming it satisfies podman's "crun | runc", and crun 1.8 refuses a
# cgroup v1/v2 hybrid host. debootstrap builds the local base (scripts/container-local-base.sh).
apt_install() {
  say "apt-get install --no-install-recommends $* ($(elapsed))"
  within_budget apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive within_budget apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

pick_engine
if [ -z "$engine" ]; then
  can_apt || not_built "no podman or docker, and not root with apt-get to install podman"
  apt_install podman runc debootstrap || not_built "installing podman from the Debian packages failed"
  hash -r
  pick_engine
  [ -n "$engine" ] || not_built "podman is still missing after its install"
fi

# From here on an engine is there: every failure fails CI.
engine_works "$engine" || {
  say "$engine is installed but does not answer (\`$engine info\` fails):" >&2
  "$engine" info >&2 || true
  exit 1
}
export CONTAINER_ENGINE=$engine
say "engine: $("$engine" --version)"

# crun 1.8 refuses a host whose cgroups are v1 with v2 beside them ("cgroups in hybrid mode not supported");
# runc runs there. Only when podman would use crun and runc is at hand.
cgroup_hybrid() {
  [ "$(stat -fc %T /sys/fs/cgroup 2>/dev/null)" != cgroup2fs ] &&
    [ "$(stat -fc %T /sys/fs/cgroup/unified 2>/dev/null)" = cgroup2fs ]
}
if [ "$engine" = podman ] && [ -z "${CONTAINER_RUNTIME:-}" ] &&
  [ "$(podman info --format '{{.Host.OCIRuntime.Name}}')" = crun ] && cgroup_hybrid && command -v runc >/dev/null; then
  export CONTAINER_RUNTIME=runc
  say "runtime: runc (crun does not run on this host's hybrid cgroup layout)"
fi

# Rootful podman gives a container high open-file and process limits (1048576 each); a root without
# CAP_SYS_RESOURCE (a sandboxed CI machine) cannot raise its hard limits that far, and runc then fails with
# "error setting rlimits ... operation not permitted". Give the container the limits podman itself runs with:
# this shell's hard limits, processes at most kernel.pid_max (podman 4.3 was seen running with
# min(inherited, pid_max) there, and more processes than pids cannot exist anyway).
no_sys_resource() {
  local effective
  effective=$(sed -n 's/^CapEff:[[:space:]]*//p' /proc/self/status)
  [ -n "$effective" ] && [ $(((16#$effective >> 24) & 1)) = 0 ] # bit 24: CAP_SYS_RESOURCE
}
if [ "$engine" = podman ] && [ -z "${CONTAINER_SMOKE_RUN_ARGS+set}" ] && no_sys_resource; then
  run_args=()
  files=$(ulimit -Hn) processes=$(ulimit -Hu) pid_max=$(cat /proc/sys/kernel/pid_max)
  if [ "$processes" = unlimited ] || [ "$processes" -gt "$pid_max" ]; then processes=$pid_max; fi
  [ "$files" = unlimited ] || run_args+=("--ulimit nofile=$files:$files")
  run_args+=("--ulimit nproc=$processes:$processes")
  export CONTAINER_SMOKE_RUN_ARGS="${run_args[*]}"
  say "run arguments: $CONTAINER_SMOKE_RUN_ARGS (no CAP_SYS_RESOURCE to raise the limits)"
fi
if [ "$engine" = docker ] && [ -z "${CONTAINER_SMOKE_RUN_ARGS+set}" ]; then
  say "note: Docker's default seccomp profile blocks Chromium's sandbox (docs/operations.md); give a profile" \
    "that allows user namespaces in CONTAINER_SMOKE_RUN_ARGS (--security-opt seccomp=...) if the smoke test fails there"
fi

# The smoke test removes its container and volume itself; after a timeout or a kill it cannot, so remove the
# ones this run made (names not seen before it), never a developer's kept ones.
smoke_containers() { "$engine" ps -a --format '{{.Names}}' | grep '^public-scan-smoke-' || true; }
smoke_volumes() { "$engine" volume ls --format '{{.Name}}' | grep '^public-scan-smoke-' || true; }
containers_before=$(smoke_containers)
volumes_before=$(smoke_volumes)
finish() {
  local status=$? name
  for name in $(smoke_containers); do
    grep -qxF "$name" <<<"$containers_before" || "$engine" rm -f "$name" >/dev/null || true
  done
  for name in $(smoke_volumes); do
    grep -qxF "$name" <<<"$volumes_before" || "$engine" volume rm -f "$name" >/dev/null || true
  done
  # With an engine at hand a failure is the image's or the scripts' defect, not a missing tool: say so.
  [ "$status" = 0 ] || say "FAILED after $(elapsed) (exit $status): the image did not build or pass its smoke test" >&2
}
trap finish EXIT

# The base: the official node image where a registry answers (CONTAINER_BASE_IMAGE), else the local stand-in,
# built once per machine from Debian's mirror and the npm registry.
base=${CONTAINER_BASE_IMAGE:-$local_base}
# The stand-in trusts what this machine's Node trusts (a proxy that re-signs TLS: the build's npm must accept it).
export CONTAINER_BASE_EXTRA_CA=${CONTAINER_BASE_EXTRA_CA:-${NODE_EXTRA_CA_CERTS:-}}
# A stand-in built with another CA bundle, or none (before this machine's network needed one), is rebuilt:
# reused by its name, every later build on it would fail at npm's first request.
local_base_current() {
  local built wanted
  built=$("$engine" image inspect --format '{{ index .Config.Labels "public-scan.extra-ca" }}' "$local_base" 2>/dev/null) || return 1
  wanted=$(scripts/container-local-base.sh --ca-digest)
  [ "$built" = "$wanted" ] || {
    say "the local base was built with another CA bundle (${built:-unlabelled}, now $wanted): rebuilding it"
    return 1
  }
}
if [ "$base" = "$local_base" ] && ! local_base_current; then
  if ! command -v debootstrap >/dev/null; then
    can_apt || {
      say "the local base needs debootstrap and root (or set CONTAINER_BASE_IMAGE, or PUBLIC_SCAN_CI_CONTAINER=0)" >&2
      exit 1
    }
    apt_install debootstrap
  fi
  say "building the local base $base ($(elapsed))"
  within_budget scripts/container-local-base.sh
  say "local base built ($(elapsed))"
else
  say "base: $base (present)"
fi

say "build and smoke test on $base ($(elapsed))"
within_budget node scripts/container-smoke.mjs --base-image "$base"
say "image built and smoke-tested in $(elapsed)"
