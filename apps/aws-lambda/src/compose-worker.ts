// The worker function's composition. reflect-metadata is tsyringe's prerequisite and is imported first.
import "reflect-metadata";
import { createLambdaWorkerHandler } from "@public-scan/aws-lambda";
import { createService, PORTS, startScanWorker, usePort } from "@public-scan/core";
import { createPuppeteerScanner } from "@public-scan/scanner";
import { container, type DependencyContainer } from "tsyringe";
import { composeStores, type AwsClients } from "./compose-stores.js";
import { errorLogText } from "./error-log-text.js";
import { readLambdaConfig } from "./read-config.js";
import { ENV, SCAN_JOB_DEADLINE_MS, WORKER_SAFETY_MARGIN_MS } from "./settings.js";

export interface WorkerHandlerInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly clients?: AwsClients;
  /**
   * Where an embedder registered its own ports (`PORTS`: scan store, job queue, scanner, observer) before
   * composing; default: tsyringe's root container. The default scanner is Puppeteer's, one scan at a time
   * per execution environment (Lambda gives each its own invocation); its browser is @sparticuz/chromium
   * when no other is found, with its sandbox off on Lambda (no user namespaces), which the scanner detects
   * from AWS_LAMBDA_FUNCTION_NAME.
   */
  readonly container?: DependencyContainer;
  readonly log?: (line: string) => void;
}

/**
 * The scan worker function: an SQS-triggered consumer of the scan queue that runs one scan per message on
 * the stores the API wrote, with the deadline shortened to the invocation's remaining time.
 */
export function createWorkerHandler(input: WorkerHandlerInput) {
  const config = readLambdaConfig(input.env);
  const baseUrl = config.baseUrl;
  if (baseUrl === undefined) throw new Error(`${ENV.baseUrl} is not set: the worker writes links of the API's address`);
  const log = input.log ?? ((line: string) => console.error(line));
  return createLambdaWorkerHandler({
    safetyMarginMs: WORKER_SAFETY_MARGIN_MS,
    onError: (error, messageId) => log(`message ${messageId}: ${errorLogText(error)}`),
    createWorker: async () => {
      const scope = (input.container ?? container).createChildContainer();
      const stores = await composeStores(config, input.clients);
      const observer = usePort(scope, PORTS.observer, () => undefined);
      const service = createService({
        scans: usePort(scope, PORTS.scanStore, stores.scans),
        // A worker reads only active scans; the ended ones it writes are read by the API function.
        scanCache: false,
        // The API's queue: SQS delivers this function's jobs to its handler directly.
        queue: usePort(scope, PORTS.jobQueue, stores.queue),
        targetSecret: config.identifierSecret,
        config: { baseUrl, ...config.service },
        ...(observer === undefined ? {} : { observer }),
      });
      // The scheduled recovery function sweeps: a frozen function cannot on a timer. Three pages: the one
      // scan of an invocation runs its accept and GPC visits beside its own.
      const worker = await startScanWorker(service, {
        scanner: usePort(scope, PORTS.scanner, () => createPuppeteerScanner({ concurrency: 3 })),
        recovery: "none",
        jobDeadlineMs: SCAN_JOB_DEADLINE_MS,
        onJobError: (error, scanId) => log(`scan ${scanId}: ${errorLogText(error)}`),
      });
      return worker.deps;
    },
  });
}
