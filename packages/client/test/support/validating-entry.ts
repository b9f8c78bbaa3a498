// A page that creates the client with contract validation on: what such a bundle weighs.
export { createClient } from "../../src/index.js";
export { contractValidator } from "../../src/validate/index.js";
