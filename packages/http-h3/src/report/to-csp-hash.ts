import { createHash } from "node:crypto";

/** The CSP source expression that allows exactly this inline `<style>` or `<script>` content (its UTF-8 bytes). */
export function toCspHash(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}
