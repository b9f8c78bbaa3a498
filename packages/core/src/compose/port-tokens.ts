import type { CounterStore } from "../ports/counter-store.js";
import type { JobQueueFactory } from "../ports/job-queue.js";
import type { KeyStore } from "../ports/key-store.js";
import type { MonitorSchedulerFactory } from "../ports/monitor-scheduler.js";
import type { MonitorStore } from "../ports/monitor-store.js";
import type { WebhookSender } from "../ports/webhook-sender.js";
import type { Scanner } from "../ports/scanner.js";
import type { ScanStore } from "../ports/scan-store.js";
import type { ServiceObserver } from "../ports/service-observer.js";
import type { TargetPolicy } from "../ports/target-policy.js";

/** A DI token naming one port; its type parameter is what a registration under it must implement. */
export type PortToken<T> = symbol & { readonly __port?: T };

// Symbol.for: two copies of this module (a host bundling its own) still name the same token.
const token = <T>(name: string) => Symbol.for(`@public-scan/port:${name}`) as PortToken<T>;

/**
 * The ports a host may replace: each reference entry point (the server's processes, the Lambda functions)
 * registers its default under these tokens in a child of the DI container it is given (tsyringe's root
 * container by default), and uses what an embedder registered first instead. docs/embedding.md lists what
 * each entry point reads.
 */
export const PORTS = {
  /** Where scans live. The reference server also purges it (`ScanRetention`): its scan store implements both. */
  scanStore: token<ScanStore>("ScanStore"),
  /** API keys. The reference server's also carries the audit trail (`audit`). */
  keyStore: token<KeyStore>("KeyStore"),
  /** The rate limits' counters. */
  counterStore: token<CounterStore>("CounterStore"),
  /** How jobs reach a worker: in process, BullMQ, SQS. */
  jobQueue: token<JobQueueFactory>("JobQueueFactory"),
  /** What visits a page; only processes that run scans read it. */
  scanner: token<Scanner>("Scanner"),
  /** The target rules applied before a scan is queued. */
  targetPolicy: token<TargetPolicy>("TargetPolicy"),
  /** Told about requests, jobs and refusals (the reference server's default feeds its logs and metrics). */
  observer: token<ServiceObserver>("ServiceObserver"),
  /** Monitors and their runs. */
  monitorStore: token<MonitorStore>("MonitorStore"),
  /** What fires monitors' ticks: croner in one process, BullMQ job schedulers in a cluster. */
  monitorScheduler: token<MonitorSchedulerFactory>("MonitorSchedulerFactory"),
  /** How monitors' webhook events go out (signed, through the egress guard). */
  webhookSender: token<WebhookSender>("WebhookSender"),
} as const;
