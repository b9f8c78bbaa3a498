/**
 * The names of the reference server's own metrics (prom-client adds Node's default ones: `process_*`,
 * `nodejs_*`). The Grafana dashboard in examples/grafana-dashboard queries these; a test checks that every
 * name it uses is registered, so the two cannot drift apart.
 */
export const SERVE_METRIC_NAMES = {
  httpRequests: "public_scan_http_requests_total",
  httpRequestDuration: "public_scan_http_request_duration_seconds",
  jobsStarted: "public_scan_jobs_started_total",
  scans: "public_scan_scans_total",
  scanDuration: "public_scan_scan_duration_seconds",
  phaseDuration: "public_scan_scan_phase_duration_seconds",
  queueJobs: "public_scan_queue_jobs",
  browserPoolSlots: "public_scan_browser_pool_slots",
  browserPoolScans: "public_scan_browser_pool_scans",
  browserPoolPages: "public_scan_browser_pool_pages",
  browserLaunches: "public_scan_browser_launches_total",
  limitRefusals: "public_scan_limit_refusals_total",
} as const;
