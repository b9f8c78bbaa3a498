import type { DatabaseSync } from "node:sqlite";

/**
 * One step of a component's schema (`migrateSqliteSchema`): version n is reached by applying steps 1..n in
 * order. A step must also be right on a file written before schema versions were recorded, which can be at
 * any earlier shape: so steps check what they change (CREATE ... IF NOT EXISTS, a column added only when
 * missing), and a file at version 0 runs every step.
 */
export interface SqliteMigration {
  /** What the step changes, for the error of a failed upgrade and for readers of the list. */
  readonly description: string;
  readonly up: (db: DatabaseSync) => void;
}
