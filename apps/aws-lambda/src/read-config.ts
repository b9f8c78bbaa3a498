import { monitorSettingsFromEnv, serviceSettingsFromEnv, type MonitorSettings } from "@public-scan/core";
import { ENV, IDENTIFIER_SECRET_MIN_LENGTH, LAMBDA_TABLES, tableEnvName, type LambdaTableKind } from "./settings.js";

/** What every function of the deployment reads from its environment. */
export interface LambdaConfig {
  /**
   * The DynamoDB tables (the default stores); absent when the stores are on Redis. The monitors table is
   * needed only by a deployment with monitors (a deployment from before them has none).
   */
  readonly tables: (Readonly<Record<Exclude<LambdaTableKind, "monitors">, string>> & { readonly monitors?: string }) | undefined;
  /** Redis (ElastiCache) instead of DynamoDB, when PUBLIC_SCAN_REDIS_URL is set, under PUBLIC_SCAN_REDIS_PREFIX. */
  readonly redis: { readonly url: string; readonly prefix: string } | undefined;
  readonly queueUrl: string;
  /** The public base URL, when set (the API falls back to its event's domain name; the worker needs it). */
  readonly baseUrl: string | undefined;
  readonly identifierSecret: string;
  /** The service's own settings (support address, upgrade message, regions): `serviceSettingsFromEnv`. */
  readonly service: ReturnType<typeof serviceSettingsFromEnv>;
  /** Where monitors' ticks are scheduled; undefined when the deployment has no monitors. */
  readonly monitors: LambdaMonitorConfig | undefined;
  /** The operator's monitor settings (`monitorSettingsFromEnv`: cap per key, shortest schedule, ...). */
  readonly monitorSettings: MonitorSettings;
}

/** The EventBridge Scheduler side of monitors: the schedule group, and the tick queue with the role that sends to it. */
export interface LambdaMonitorConfig {
  readonly scheduleGroup: string;
  readonly tickQueueArn: string;
  readonly schedulerRoleArn: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads the configuration from environment variables, refusing a missing one by name. The identifier secret
 * is PUBLIC_SCAN_IDENTIFIER_SECRET here: on AWS the entries first read it from Secrets Manager into that
 * variable (loadIdentifierSecret), so its value never sits in the function's configuration.
 */
export function readLambdaConfig(env: Env): LambdaConfig {
  const required = (name: string): string => {
    const value = env[name];
    if (value === undefined || value.trim() === "") throw new Error(`${name} is not set`);
    return value.trim();
  };
  const redisUrl = env.PUBLIC_SCAN_REDIS_URL?.trim();
  const redis = redisUrl === undefined || redisUrl === "" ? undefined : readRedis(redisUrl, env.PUBLIC_SCAN_REDIS_PREFIX);
  const monitors = readMonitors(env);
  const tables =
    redis === undefined
      ? (Object.fromEntries(
          LAMBDA_TABLES.filter((kind) => kind !== "monitors" || monitors !== undefined).map((kind) => [kind, required(tableEnvName(kind))]),
        ) as LambdaConfig["tables"])
      : undefined;
  const secret = env[ENV.identifierSecret]?.trim();
  if (secret === undefined || secret === "") throw new Error(`${ENV.identifierSecret} (or ${ENV.identifierSecretArn}) is not set`);
  if (secret.length < IDENTIFIER_SECRET_MIN_LENGTH) {
    throw new Error(`${ENV.identifierSecret} must be at least ${IDENTIFIER_SECRET_MIN_LENGTH} characters`);
  }
  const baseUrl = env[ENV.baseUrl]?.trim();
  return {
    tables,
    redis,
    queueUrl: required(ENV.queueUrl),
    baseUrl: baseUrl === undefined || baseUrl === "" ? undefined : baseUrl.replace(/\/+$/, ""),
    identifierSecret: secret,
    service: serviceSettingsFromEnv(env),
    monitors,
    monitorSettings: monitorSettingsFromEnv(env),
  };
}

function readMonitors(env: Env): LambdaMonitorConfig | undefined {
  const names = [ENV.monitorScheduleGroup, ENV.monitorTickQueueArn, ENV.monitorSchedulerRoleArn] as const;
  const values = names.map((name) => env[name]?.trim() ?? "");
  if (values.every((value) => value === "")) return undefined;
  const missing = names.filter((_, index) => values[index] === "");
  if (missing.length > 0) throw new Error(`${missing.join(" and ")} must be set with the other monitor variables`);
  const [scheduleGroup, tickQueueArn, schedulerRoleArn] = values as [string, string, string];
  if (!/^arn:aws[\w-]*:sqs:/.test(tickQueueArn)) throw new Error(`${ENV.monitorTickQueueArn} must be an SQS queue ARN`);
  if (!/^arn:aws[\w-]*:iam::\d{12}:role\//.test(schedulerRoleArn))
    throw new Error(`${ENV.monitorSchedulerRoleArn} must be an IAM role ARN`);
  return { scheduleGroup, tickQueueArn, schedulerRoleArn };
}

function readRedis(url: string, prefix = "public-scan:"): { url: string; prefix: string } {
  if (!/^rediss?:\/\/\S+$/.test(url)) throw new Error("PUBLIC_SCAN_REDIS_URL must be a redis:// or rediss:// URL");
  if (!/^[\w.{}:-]{1,128}$/.test(prefix))
    throw new Error("PUBLIC_SCAN_REDIS_PREFIX may hold letters, digits and _ . { } : - (at most 128)");
  return { url, prefix: prefix.endsWith(":") ? prefix : `${prefix}:` };
}
