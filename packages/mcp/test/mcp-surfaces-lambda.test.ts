import { createLambdaApiHandler } from "@public-scan/aws-lambda";
import { invokeLambdaHandler } from "@public-scan/test-support/lambda-events";
import type { McpRoute } from "./support/create-test-mcp.js";
import { describeMcpSurfaces } from "./support/suites/describe-mcp-surfaces.js";

/** The SDK client's fetch, answered by the Lambda handler from Function URL events (stateless MCP, buffered). */
function throughLambda(route: McpRoute): typeof fetch {
  const handler = createLambdaApiHandler({ createApp: () => ({ fetch: route }), baseUrl: "https://scan.example.org" });
  return (input, init) => invokeLambdaHandler(handler, new Request(input, init), { kind: "function-url", sourceIp: "127.0.0.1" });
}

// The whole MCP suite with the SDK's own Client, through the Lambda handler.
describeMcpSurfaces({ vias: ["http"], label: " through the Lambda handler (Function URL events)", host: throughLambda });
