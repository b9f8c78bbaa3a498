import { launchBrowser, resolveExecutable } from "@public-scan/scanner";

/**
 * The report page printed to PDF by Chromium (the scanner's own browser resolution: a system Chrome, else
 * the bundled serverless Chromium). The page is set from the HTML string with scripts off and every request
 * refused: it needs nothing from anywhere, and what it shows of the scanned site is text.
 */
export async function printReportPdf(html: string): Promise<Uint8Array> {
  const launched = await launchBrowser({ source: await resolveExecutable(), locale: "en-US" });
  try {
    const page = await launched.browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on("request", (request) => void request.abort("blockedbyclient"));
    await page.setContent(html, { waitUntil: "load", timeout: 30_000 });
    return await page.pdf({ format: "A4", printBackground: true, margin: { top: "12mm", bottom: "12mm", left: "10mm", right: "10mm" } });
  } finally {
    await launched.close();
  }
}
