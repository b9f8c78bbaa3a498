import { createLambdaWorkerHandler } from "@public-scan/aws-lambda";
import { createLocalService, type Scanner } from "@public-scan/core";
import { createPuppeteerScanner } from "@public-scan/scanner";
import { composeStores, type AwsClients } from "./compose-stores.js";
import { errorLogText } from "./error-log-text.js";
import { readLambdaConfig } from "./read-config.js";
import { ENV, SCAN_JOB_DEADLINE_MS, WORKER_SAFETY_MARGIN_MS } from "./settings.js";

export interface WorkerHandlerInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly clients?: AwsClients;
  /**
   * Default: the Puppeteer scanner, one scan at a time per execution environment (Lambda gives each its own
   * invocation). Its browser is @sparticuz/chromium when no other is found; its sandbox is off on Lambda
   * (no user namespaces), which the scanner detects from AWS_LAMBDA_FUNCTION_NAME.
   */
  readonly scanner?: Scanner;
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
      const stores = composeStores(config, input.clients);
      const service = await createLocalService({
        scanner: input.scanner ?? createPuppeteerScanner({ concurrency: 1 }),
        scans: stores.scans(),
        queue: stores.queue,
        recovery: "none",
        targetSecret: config.identifierSecret,
        jobDeadlineMs: SCAN_JOB_DEADLINE_MS,
        config: { baseUrl, ...config.service },
        onJobError: (error, scanId) => log(`scan ${scanId}: ${errorLogText(error)}`),
      });
      return service.deps;
    },
  });
}
