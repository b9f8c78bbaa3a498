/**
 * @public-scan/client/validate: response validation against the contract's schemas, as an opt-in entry so
 * the client itself carries no zod: `createClient({ baseUrl, validate: contractValidator })`.
 */
export { contractValidator } from "./contract-validator.js";
