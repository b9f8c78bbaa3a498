export { createDynamoScanStore } from "./create-dynamo-scan-store.js";
export type { DynamoScanStoreOptions } from "./create-dynamo-scan-store.js";
export type { DynamoStoreOptions } from "./create-dynamo-connection.js";
export { createDynamoTables, toCreateTableInput } from "./create-dynamo-tables.js";
export type { CreateDynamoTablesOptions } from "./create-dynamo-tables.js";
export { DYNAMO_TABLES } from "./dynamo-tables.js";
export type { DynamoIndexDefinition, DynamoTableDefinition, DynamoTableKind } from "./dynamo-tables.js";
export { createDynamoCounterStore } from "./create-dynamo-counter-store.js";
export type { DynamoCounterStoreOptions } from "./create-dynamo-counter-store.js";
