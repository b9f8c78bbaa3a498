// The container image's HEALTHCHECK (apps/server/Dockerfile): GET /livez of the server in this container, within 4 s.
// An API process (role all or api) answers on PUBLIC_SCAN_PORT; a worker only on PUBLIC_SCAN_PROBE_PORT, and
// a worker without one has nothing to probe (docs/operations.md "Health, liveness and readiness").
const env = process.env;
const port = env.PUBLIC_SCAN_ROLE === "worker" ? env.PUBLIC_SCAN_PROBE_PORT : env.PUBLIC_SCAN_PORT || "8787";
if (!port) {
  console.log("healthcheck: a worker without PUBLIC_SCAN_PROBE_PORT serves no probe; nothing checked");
  process.exit(0);
}
try {
  const response = await fetch(`http://127.0.0.1:${port}/livez`, { signal: AbortSignal.timeout(4000) });
  console.log(`healthcheck: /livez answered ${response.status}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.log(`healthcheck: /livez did not answer (${error instanceof Error ? error.name : "error"})`);
  process.exit(1);
}
