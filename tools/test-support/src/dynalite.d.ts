/** dynalite ships no types; the tests use only its factory and the http.Server it returns. */
declare module "dynalite" {
  import type { Server } from "node:http";

  interface DynaliteOptions {
    /** How long a new table stays CREATING (default 500 ms). */
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    /** A LevelDB directory; in memory when absent. */
    path?: string;
  }

  export default function dynalite(options?: DynaliteOptions): Server;
}
