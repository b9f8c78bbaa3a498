import type { ScanRecord } from "../domain/scan-record.js";
import type { UrlSealer } from "./create-url-sealer.js";
import { urlHashOf } from "./normalize-target.js";

/**
 * The URL a worker visits for a record: the stored URL when it is the whole URL (no query was given), else
 * the sealed full URL, opened. Either is checked against the record's `urlHash`, so a worker never visits
 * another page than the one asked for. Null when neither is: a query this process cannot read back.
 */
export function urlToVisit(record: Pick<ScanRecord, "url" | "urlHash" | "sealedUrl">, sealer: UrlSealer): string | null {
  // A record stored before queries were scanned has no hash: it visits its URL, as it always did.
  if (record.urlHash === undefined || urlHashOf(record.url) === record.urlHash) return record.url;
  const sealed = record.sealedUrl ?? null;
  const opened = sealed === null ? null : sealer.open(sealed);
  return opened !== null && urlHashOf(opened) === record.urlHash ? opened : null;
}
