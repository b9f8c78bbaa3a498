import { checkReadiness, type HealthProbes, type ScanStore } from "@public-scan/core";
import { H3 } from "h3";

export interface ProbeRoutesOptions {
  scans: Pick<ScanStore, "get">;
  probes?: HealthProbes | undefined;
  /** A probe's failure, for the host's logs: the answer names only the component. */
  onProbeError?: ((error: unknown) => void) | undefined;
}

/** The paths an orchestrator probes (Kubernetes' names; outside /api/v2, which is the contract's). */
export const PROBE_PATHS = { liveness: "/livez", readiness: "/readyz" } as const;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });

/**
 * Liveness and readiness for an orchestrator or load balancer. `/livez` answers 200 while the process
 * serves requests at all, and never probes a dependency (a restart cannot bring Redis back). `/readyz`
 * answers 200 only while every component this process uses is ok, else 503 with which one is degraded,
 * so traffic moves to other instances until it recovers. Mounted into the REST app, or served alone by a
 * process without it (a scan worker).
 */
export function addProbeRoutes(app: H3, options: ProbeRoutesOptions): H3 {
  app.get(PROBE_PATHS.liveness, () => json(200, { status: "ok" }));
  app.get(PROBE_PATHS.readiness, async () => {
    const { ready, components } = await checkReadiness({ scans: options.scans }, options);
    return json(ready ? 200 : 503, { status: ready ? "ready" : "not_ready", components });
  });
  return app;
}

/** The probes alone, as an app for a process that serves no API (`serveRestApp({ app })`). */
export const createProbeApp = (options: ProbeRoutesOptions): H3 => addProbeRoutes(new H3({ silent: true }), options);
