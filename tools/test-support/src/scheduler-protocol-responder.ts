import { Readable } from "node:stream";
import { HttpResponse, type HttpRequest } from "@smithy/core/protocols";

/** One request the SDK sent to EventBridge Scheduler, as it went on the wire (REST-JSON). */
export interface SentSchedulerRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  hostname: string;
  body: Record<string, unknown> | null;
}

const json = (statusCode: number, body: unknown, errorType?: string) =>
  new HttpResponse({
    statusCode,
    headers: {
      "content-type": "application/json",
      "x-amzn-requestid": crypto.randomUUID(),
      ...(errorType === undefined ? {} : { "x-amzn-errortype": errorType }),
    },
    body: Readable.from([Buffer.from(JSON.stringify(body))]),
  });

/**
 * EventBridge Scheduler's REST-JSON protocol at the SDK's HTTP layer (its `requestHandler`): it records what
 * the client sends and answers with the shapes of the Scheduler API reference. CreateSchedule
 * (`POST /schedules/{Name}`) answers the schedule's ARN, or 409 `ConflictException` for a name the group
 * has; UpdateSchedule (`PUT`) and DeleteSchedule (`DELETE …?groupName=`) answer 404
 * `ResourceNotFoundException` for one it does not. It keeps the schedules by group and name, nothing more.
 */
export function createSchedulerProtocolResponder(input: { region: string; account: string }) {
  const sent: SentSchedulerRequest[] = [];
  const schedules = new Map<string, Record<string, unknown>>();
  const handler = {
    handle: (request: HttpRequest) => Promise.resolve(answer(request)),
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
  };
  function answer(request: HttpRequest): { response: HttpResponse } {
    const raw =
      request.body === undefined || request.body === null
        ? ""
        : typeof request.body === "string"
          ? request.body
          : Buffer.from(request.body as Uint8Array).toString("utf8");
    const body = raw === "" ? null : (JSON.parse(raw) as Record<string, unknown>);
    const query = Object.fromEntries(Object.entries(request.query ?? {}).map(([name, value]) => [name, String(value)]));
    sent.push({ method: request.method, path: request.path, query, hostname: request.hostname, body });
    const name = decodeURIComponent(/^\/schedules\/([^/]+)$/.exec(request.path)?.[1] ?? "");
    if (name === "")
      return { response: json(400, { Message: `unsupported in this test: ${request.method} ${request.path}` }, "ValidationException") };
    const group = typeof body?.GroupName === "string" ? body.GroupName : (query.groupName ?? "default");
    const key = `${group}/${name}`;
    const arn = `arn:aws:scheduler:${input.region}:${input.account}:schedule/${group}/${name}`;
    const missing = () => ({ response: json(404, { Message: `Schedule ${name} does not exist.` }, "ResourceNotFoundException") });
    if (request.method === "POST") {
      if (schedules.has(key)) return { response: json(409, { Message: `Schedule ${name} already exists.` }, "ConflictException") };
      schedules.set(key, body ?? {});
      return { response: json(200, { ScheduleArn: arn }) };
    }
    if (request.method === "PUT") {
      if (!schedules.has(key)) return missing();
      schedules.set(key, body ?? {});
      return { response: json(200, { ScheduleArn: arn }) };
    }
    if (request.method === "DELETE") {
      if (!schedules.delete(key)) return missing();
      return { response: json(200, {}) };
    }
    return { response: json(400, { Message: `unsupported in this test: ${request.method}` }, "ValidationException") };
  }
  return { handler, sent, schedules };
}
