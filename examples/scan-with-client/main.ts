// The example as a command: `main.ts URL`, with the deployment and the key from the environment.
import { scanAndPrint } from "./scan-and-print.js";

const url = process.argv[2];
if (url === undefined) {
  console.error("Usage: main.ts URL   (env: PUBLIC_SCAN_BASE_URL, default http://127.0.0.1:8787; PUBLIC_SCAN_API_KEY, optional)");
  process.exitCode = 2;
} else {
  process.exitCode = await scanAndPrint({
    baseUrl: process.env.PUBLIC_SCAN_BASE_URL ?? "http://127.0.0.1:8787",
    apiKey: process.env.PUBLIC_SCAN_API_KEY,
    url,
    print: (line) => console.log(line),
  });
}
