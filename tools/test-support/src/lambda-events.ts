import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import type { H3 } from "h3";
import type { RestHost, SendRequest } from "./rest-hosts.js";

const BASE_URL = "https://scan.example.org";

/** A Lambda context as the runtime passes it (the adapter reads none of it but the type). */
export const TEST_CONTEXT: Context = {
  callbackWaitsForEmptyEventLoop: false,
  functionName: "public-scan-api",
  functionVersion: "$LATEST",
  invokedFunctionArn: "arn:aws:lambda:eu-west-1:123456789012:function:public-scan-api",
  memoryLimitInMB: "1024",
  awsRequestId: "c6af9ac6-7b61-11e6-9a41-93e8deadbeef",
  logGroupName: "/aws/lambda/public-scan-api",
  logStreamName: "2026/11/26/[$LATEST]abcdef",
  getRemainingTimeInMillis: () => 30_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
};

/**
 * The event API Gateway (HTTP API, payload format 2.0) or a Function URL sends for a request: headers
 * lower-cased and comma-joined, cookies in their own list, the raw path and query, the client address in
 * `requestContext.http.sourceIp`, and a body that is base64 unless it is text. (@types/aws-lambda's
 * `LambdaFunctionURLEvent` is the same shape; the two differ in their domain name and ids.)
 */
export async function toLambdaEvent(
  request: Request,
  input: { kind: "http-api" | "function-url"; sourceIp: string },
): Promise<APIGatewayProxyEventV2> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (name !== "cookie") headers[name] = value;
  });
  const cookie = request.headers.get("cookie");
  const bytes = Buffer.from(await request.arrayBuffer());
  const text = /^(text\/|application\/(json|x-www-form-urlencoded))/.test(request.headers.get("content-type") ?? "");
  const domainName =
    input.kind === "http-api" ? "a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com" : "abcdefghijklmnop.lambda-url.eu-west-1.on.aws";
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookie === null ? {} : { cookies: cookie.split(/;\s*/) }),
    headers: { ...headers, host: domainName },
    ...(url.search === "" ? {} : { queryStringParameters: Object.fromEntries(url.searchParams) }),
    requestContext: {
      accountId: input.kind === "http-api" ? "123456789012" : "anonymous",
      apiId: input.kind === "http-api" ? "a1b2c3d4e5" : "abcdefghijklmnop",
      domainName,
      domainPrefix: input.kind === "http-api" ? "a1b2c3d4e5" : "abcdefghijklmnop",
      http: {
        method: request.method,
        path: url.pathname,
        protocol: "HTTP/1.1",
        sourceIp: input.sourceIp,
        userAgent: request.headers.get("user-agent") ?? "",
      },
      requestId: crypto.randomUUID(),
      routeKey: "$default",
      stage: "$default",
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(bytes.length === 0 ? {} : { body: text ? bytes.toString("utf8") : bytes.toString("base64") }),
    isBase64Encoded: bytes.length > 0 && !text,
  };
}

/** The HTTP response API Gateway or the Function URL makes of a handler's result. */
export function fromLambdaResult(result: APIGatewayProxyStructuredResultV2, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, String(value));
  for (const cookie of result.cookies ?? []) headers.append("set-cookie", cookie);
  const status = result.statusCode ?? 200;
  const empty = method === "HEAD" || status === 204 || status === 304 || result.body === undefined;
  const body = empty ? null : result.isBase64Encoded ? Buffer.from(result.body!, "base64") : result.body!;
  return new Response(body, { status, headers });
}

/**
 * A Lambda API handler as aws-lambda's `createLambdaApiHandler` makes one for an app. Passed in by the
 * caller: this package depends on no workspace package.
 */
export type LambdaApiHandlerFor = (app: H3, baseUrl: string) => LambdaEventHandler;

/** A buffered Lambda handler of HTTP events, as aws-lambda's adapter makes them. */
export type LambdaEventHandler = (event: APIGatewayProxyEventV2, context: Context) => unknown;

/**
 * Sends `request` through a Lambda handler as API Gateway (`http-api`) or a Function URL would, and answers
 * the HTTP response they would make of its result.
 */
export async function invokeLambdaHandler(
  handler: LambdaEventHandler,
  request: Request,
  input: { kind?: "http-api" | "function-url"; sourceIp?: string } = {},
): Promise<Response> {
  const event = await toLambdaEvent(request, { kind: input.kind ?? "http-api", sourceIp: input.sourceIp ?? "203.0.113.20" });
  return fromLambdaResult((await handler(event, TEST_CONTEXT)) as APIGatewayProxyStructuredResultV2, request.method);
}

function lambdaHost(kind: "http-api" | "function-url", handlerFor: LambdaApiHandlerFor): RestHost {
  return {
    name: kind === "http-api" ? "Lambda behind an API Gateway HTTP API (payload 2.0)" : "Lambda Function URL",
    start: (app: H3) => {
      const handler = handlerFor(app, BASE_URL);
      const send: SendRequest = async (path, init = {}) => {
        const { clientAddress = "203.0.113.10", ...rest } = init;
        return invokeLambdaHandler(handler, new Request(`${BASE_URL}${path}`, rest), { kind, sourceIp: clientAddress });
      };
      return Promise.resolve({ send, stop: () => Promise.resolve() });
    },
  };
}

/** The REST contract suite's hosts for Lambda: the same handler under both event sources it supports. */
export function lambdaRestHosts(handlerFor: LambdaApiHandlerFor): RestHost[] {
  return [lambdaHost("http-api", handlerFor), lambdaHost("function-url", handlerFor)];
}
