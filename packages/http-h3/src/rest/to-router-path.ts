/** An OpenAPI path (`/scans/{scanId}`) as an h3 route (`/scans/:scanId`). */
export const toRouterPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");
