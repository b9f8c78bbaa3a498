import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { McpRoute } from "../../mcp/test/support/create-test-mcp.js";
import { describeMcpSurfaces } from "../../mcp/test/support/suites/describe-mcp-surfaces.js";
import { createLambdaApiHandler } from "../src/index.js";
import { fromLambdaResult, TEST_CONTEXT, toLambdaEvent } from "./support/lambda-rest-hosts.js";

/** The SDK client's fetch, answered by the Lambda handler from Function URL events (stateless MCP, buffered). */
function throughLambda(route: McpRoute): typeof fetch {
  const handler = createLambdaApiHandler({ createApp: () => ({ fetch: route }), baseUrl: "https://scan.example.org" });
  return async (input, init) => {
    const request = new Request(input, init);
    const event = await toLambdaEvent(request, { kind: "function-url", sourceIp: "127.0.0.1" });
    return fromLambdaResult((await handler(event, TEST_CONTEXT)) as APIGatewayProxyStructuredResultV2, request.method);
  };
}

// The whole MCP suite with the SDK's own Client, through the Lambda handler.
describeMcpSurfaces({ vias: ["http"], label: " through the Lambda handler (Function URL events)", host: throughLambda });
