// A plain ES module, no bundler: the typed client's built files are served next to the page under client/.
// The built client imports only its own files, so the browser loads it as it is.
import { createClient, ScanFailedError, ServiceApiError } from "./client/index.js";

const form = document.querySelector("#scan-form");
const baseUrlInput = document.querySelector("#base-url");
const apiKeyInput = document.querySelector("#api-key");
const health = document.querySelector("#health");
const status = document.querySelector("#status");
const progress = document.querySelector("#progress");
const score = document.querySelector("#score");
const report = document.querySelector("#report");

/** One line for any error: the envelope's customer-safe message when the service answered. */
function describeError(error) {
  if (error instanceof ServiceApiError) return `${error.status} ${error.code}: ${error.message}`;
  if (error instanceof ScanFailedError) return `the scan ended ${error.job.status}: ${error.job.error?.message ?? "no reason given"}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The key is the person's, typed into the form and kept in memory only; never write one into a page's
 * source. The API refuses anonymous scans from another origin (they would spend the visitors' own
 * anonymous allowance), so creating one from here takes a key with scan:create; reads work without.
 */
const client = () => {
  const apiKey = apiKeyInput.value.trim();
  return createClient({ baseUrl: baseUrlInput.value.replace(/\/+$/, ""), ...(apiKey === "" ? {} : { apiKey }) });
};

async function checkHealth() {
  health.textContent = "checking…";
  try {
    const answer = await client().getHealth();
    health.textContent = `${answer.status}: API ${answer.apiVersion}, contract ${answer.contractVersion}, score ${answer.scoreVersion}`;
  } catch (error) {
    health.textContent = `unreachable (${describeError(error)})`;
  }
}

async function scan(url) {
  progress.replaceChildren();
  score.textContent = "-";
  report.hidden = true;
  status.textContent = "starting";
  try {
    const result = await client().scanAndWait(
      { url },
      {
        // Each active job seen while waiting: its status and phase, as they come.
        onProgress: (job) => {
          status.textContent = `${job.status}: ${job.phase} (${job.progressPercent}%)`;
          const item = document.createElement("li");
          item.textContent = status.textContent;
          progress.append(item);
        },
      },
    );
    status.textContent = result.status;
    // A no-go (a bot challenge, an error page) has the placeholder score 0, which is no measurement.
    score.textContent =
      result.scoreStatus === "not_assessed"
        ? "not assessed"
        : `${result.score}/100 (${result.scoreStatus}, risk level ${result.riskLevel})`;
    report.href = result.links.report;
    report.hidden = false;
  } catch (error) {
    status.textContent = `failed: ${describeError(error)}`;
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const url = new FormData(form).get("url");
  void checkHealth().then(() => scan(url));
});
// Nothing is requested before someone enters an API: the default may not be running.
baseUrlInput.addEventListener("change", () => void checkHealth());
