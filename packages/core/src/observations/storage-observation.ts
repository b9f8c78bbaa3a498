import { z } from "zod";
import {
  ClassificationSchema,
  EvidencePhaseSchema,
  ObservedHostSchema,
  ObservedNameSchema,
  PartySchema,
} from "./observation-primitives.js";

export const StorageKindSchema = z.enum(["local_storage", "session_storage", "indexed_db", "cache_storage", "service_worker"]);
export type StorageKind = z.infer<typeof StorageKindSchema>;

/**
 * One browser-storage item: a localStorage or sessionStorage key, an IndexedDB database name, a Cache
 * Storage cache name, or a service worker (its scope path as the name). Never a value.
 */
export const StorageObservationSchema = z.object({
  kind: StorageKindSchema,
  /** Host of the storage origin (the frame's origin for iframes). */
  originHost: ObservedHostSchema,
  name: ObservedNameSchema,
  party: PartySchema,
  phase: EvidencePhaseSchema,
  classification: ClassificationSchema,
});
export type StorageObservation = z.infer<typeof StorageObservationSchema>;
