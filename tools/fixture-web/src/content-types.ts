/** Content types by file extension, as real servers send them. */
export const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".gif": "image/gif",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
} as const;

export const OCTET_STREAM = "application/octet-stream";

/** The content type for a file name, by its extension. */
export function contentTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  const extension = dot === -1 ? "" : fileName.slice(dot).toLowerCase();
  return (CONTENT_TYPES as Record<string, string>)[extension] ?? OCTET_STREAM;
}

/** Whether a body of this type is text that may carry placeholders. */
export function isTextType(contentType: string): boolean {
  return /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/.test(contentType);
}
