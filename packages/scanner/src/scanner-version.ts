import { createRequire } from "node:module";

/** This package's version, reported with every scan's observations. */
export const SCANNER_VERSION: string = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
