import { createRequire } from "node:module";

let domains: ReadonlySet<string> | null = null;

/**
 * Whether an email address belongs to a disposable-mail domain, by the maintained `disposable-email-domains`
 * list (MIT, ~120k domains, loaded on first use). Subdomains of a listed domain count as listed.
 */
export function isDisposableEmail(email: string): boolean {
  domains ??= new Set(createRequire(import.meta.url)("disposable-email-domains") as string[]);
  const domain = email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
  const labels = domain.split(".");
  for (let index = 0; index < labels.length - 1; index += 1) {
    if (domains.has(labels.slice(index).join("."))) return true;
  }
  return false;
}
