export { createSqliteCounterStore } from "./create-sqlite-counter-store.js";
export type { SqliteCounterStoreOptions, SqliteCounterStoreTuning } from "./create-sqlite-counter-store.js";
export { SQLITE_COUNTER_SQL } from "./sqlite-counter-sql.js";
