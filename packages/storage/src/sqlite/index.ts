export { createSqliteCounterStore } from "./create-sqlite-counter-store.js";
export type { SqliteCounterStoreOptions, SqliteCounterStoreTuning } from "./create-sqlite-counter-store.js";
export { SQLITE_COUNTER_SQL } from "./sqlite-counter-sql.js";
export { createSqliteScanStore } from "./create-sqlite-scan-store.js";
export type { SqliteScanStoreOptions, SqliteScanStoreTuning } from "./create-sqlite-scan-store.js";
export { SQLITE_SCAN_SQL } from "./sqlite-scan-sql.js";
export { createSqliteKeyStore } from "./create-sqlite-key-store.js";
<<<<<<< HEAD
export { createSqliteAccountStore } from "./create-sqlite-account-store.js";
export type { SqliteAccountStoreOptions } from "./create-sqlite-account-store.js";
=======
export { createSqliteKeyvStore } from "./create-sqlite-keyv-store.js";
export type { SqliteKeyvStore, SqliteKeyvStoreOptions, SqliteKeyvStoreTuning } from "./create-sqlite-keyv-store.js";
>>>>>>> keyv-stores
