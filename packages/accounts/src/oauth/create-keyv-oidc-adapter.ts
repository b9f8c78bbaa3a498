import { createHash } from "node:crypto";
import type { Keyv } from "keyv";
import type { Adapter, AdapterPayload } from "oidc-provider";

/** Models whose records belong to a grant, so revoking the grant (a replayed code, a revoked refresh token) removes them. */
const GRANTABLE = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest"]);

/**
 * Models whose id is itself a bearer secret (a token or a code): stored under the id's SHA-256, and without
 * the copy of the id oidc-provider puts in the payload (`jti`), so a copy of the store holds no usable token.
 * Sessions and interactions keep their ids: the provider looks them up by uid and needs the id back.
 */
const SECRET_IDS = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "ClientCredentials",
  "BackchannelAuthenticationRequest",
  "InitialAccessToken",
  "RegistrationAccessToken",
]);

type GrantMembers = Record<string, number>;

export interface KeyvOidcAdapterOptions {
  prefix?: string;
  /**
   * How long a registered client is kept until `keepClient` is called for it (a dynamically registered client
   * that never completed an authorization is forgotten); default: for ever.
   */
  unusedClientTtlMs?: number;
}

/** The adapter class, and the one operation the host adds: keeping a client that proved itself. */
export type KeyvOidcAdapter = (new (model: string) => Adapter) & { keepClient(clientId: string): Promise<void> };

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens, registered clients) on any keyv
 * store: each artifact is a document with the artifact's own lifetime, so the store expires it.
 *
 * keyv has no compare-and-set, so two requests racing on one artifact in the same few milliseconds (the
 * grant index, a code redeemed twice at once) are not serialized; a code redeemed after another redemption
 * has been recorded is refused and its grant revoked, as the specification asks. docs/auth.md says so.
 */
export function createKeyvOidcAdapter(documents: Keyv, options: KeyvOidcAdapterOptions = {}): KeyvOidcAdapter {
  const prefix = options.prefix ?? "oidc";
  const keptKey = (clientId: string) => `${prefix}:client_kept:${sha256(clientId)}`;
  const grantKey = (grantId: string) => `${prefix}:grant:${grantId}`;
  const uidKey = (uid: string) => `${prefix}:session_uid:${uid}`;
  const userCodeKey = (code: string) => `${prefix}:user_code:${code}`;
  const ttlOf = (expiresIn: number | undefined) => (typeof expiresIn === "number" && expiresIn > 0 ? expiresIn * 1000 : undefined);

  const addToGrant = async (grantId: string, member: string, expiresAt: number) => {
    const members: GrantMembers = (await documents.get<GrantMembers>(grantKey(grantId))) ?? {};
    const now = Date.now();
    for (const [key, at] of Object.entries(members)) if (at <= now) delete members[key];
    members[member] = expiresAt;
    const last = Math.max(...Object.values(members));
    await documents.set(grantKey(grantId), members, Number.isFinite(last) ? last - now : undefined);
  };

  const Store = class implements Adapter {
    constructor(readonly model: string) {}

    key(id: string) {
      return `${prefix}:${this.model}:${SECRET_IDS.has(this.model) ? sha256(id) : id}`;
    }

    /** The client's lifetime: for ever once kept, else `unusedClientTtlMs`. */
    async clientTtl(id: string): Promise<number | undefined> {
      if (options.unusedClientTtlMs === undefined || (await documents.get(keptKey(id))) === true) return undefined;
      return options.unusedClientTtlMs;
    }

    async upsert(id: string, given: AdapterPayload, expiresIn: number): Promise<void> {
      const ttl = this.model === "Client" ? await this.clientTtl(id) : ttlOf(expiresIn);
      const payload = SECRET_IDS.has(this.model) && given.jti === id ? { ...given, jti: undefined } : given;
      if (this.model === "Session" && typeof payload.uid === "string") await documents.set(uidKey(payload.uid), id, ttl);
      if (typeof payload.userCode === "string") await documents.set(userCodeKey(payload.userCode), id, ttl);
      if (GRANTABLE.has(this.model) && typeof payload.grantId === "string") {
        await addToGrant(payload.grantId, this.key(id), ttl === undefined ? Infinity : Date.now() + ttl);
      }
      await documents.set(this.key(id), payload, ttl);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const payload = await documents.get<AdapterPayload>(this.key(id));
      // The id the caller presented is the one the record is stored under: its copy in the payload is restored.
      return payload !== undefined && SECRET_IDS.has(this.model) && payload.jti === undefined ? { ...payload, jti: id } : payload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = await documents.get<string>(uidKey(uid));
      return id === undefined ? undefined : this.find(id);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const id = await documents.get<string>(userCodeKey(userCode));
      return id === undefined ? undefined : this.find(id);
    }

    async consume(id: string): Promise<void> {
      const key = this.key(id);
      const payload = await documents.get<AdapterPayload>(key);
      if (payload === undefined) return;
      // Stored as found, so the id's copy stays out of the store.
      const expiresAt = typeof payload.exp === "number" ? payload.exp * 1000 : undefined;
      const ttl = expiresAt === undefined ? undefined : Math.max(1, expiresAt - Date.now());
      await documents.set(key, { ...payload, consumed: Math.floor(Date.now() / 1000) }, ttl);
    }

    async destroy(id: string): Promise<void> {
      const payload = await documents.get<AdapterPayload>(this.key(id));
      await documents.delete(this.key(id));
      if (payload?.uid !== undefined && this.model === "Session") await documents.delete(uidKey(payload.uid));
      if (typeof payload?.userCode === "string") await documents.delete(userCodeKey(payload.userCode));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const members = (await documents.get<GrantMembers>(grantKey(grantId))) ?? {};
      await documents.deleteMany([...Object.keys(members), grantKey(grantId)]);
    }
  };
  return Object.assign(Store, {
    async keepClient(clientId: string) {
      const client = new Store("Client");
      await documents.set(keptKey(clientId), true);
      const payload = await client.find(clientId);
      if (payload !== undefined) await documents.set(client.key(clientId), payload);
    },
  });
}
