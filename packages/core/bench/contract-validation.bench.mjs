// What validating with the contract's schemas costs on top of reading a body, as a ratio to JSON.parse of
// the same text. Runs against the built package (`pnpm bench` builds first).
import { CreateScanRequestSchema, ErrorEnvelopeSchema } from "@public-scan/core/contract";
import { toErrorEnvelope, ServiceError } from "@public-scan/core";

const requestBody = JSON.stringify({ url: "https://www.example.com/", freshness: "latest", scanFrom: "eu_ie" });
const envelopeBody = JSON.stringify(toErrorEnvelope(new ServiceError("rate_limited", "limit reached")));

export const suites = [
  {
    title: "create-scan request body",
    baseline: { name: "JSON.parse", fn: () => JSON.parse(requestBody) },
    cases: [{ name: "JSON.parse + CreateScanRequestSchema.parse", fn: () => CreateScanRequestSchema.parse(JSON.parse(requestBody)) }],
  },
  {
    title: "error envelope",
    baseline: { name: "JSON.parse", fn: () => JSON.parse(envelopeBody) },
    cases: [
      {
        name: "toErrorEnvelope + JSON.stringify",
        fn: () => JSON.stringify(toErrorEnvelope(new ServiceError("rate_limited", "limit reached"))),
      },
      { name: "JSON.parse + ErrorEnvelopeSchema.parse", fn: () => ErrorEnvelopeSchema.parse(JSON.parse(envelopeBody)) },
    ],
  },
];
