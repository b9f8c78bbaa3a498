import type { Keyv } from "keyv";
import type { Adapter, AdapterPayload } from "oidc-provider";

/** Models whose records belong to a grant, so revoking the grant (a replayed code, a revoked refresh token) removes them. */
const GRANTABLE = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest"]);

type GrantMembers = Record<string, number>;

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens, registered clients) on any keyv
 * store: each artifact is a document with the artifact's own lifetime, so the store expires it.
 *
 * keyv has no compare-and-set, so two requests racing on one artifact in the same few milliseconds (the
 * grant index, a code redeemed twice at once) are not serialized; a code redeemed after another redemption
 * has been recorded is refused and its grant revoked, as the specification asks. docs/auth.md says so.
 */
export function createKeyvOidcAdapter(documents: Keyv, options: { prefix?: string } = {}): new (model: string) => Adapter {
  const prefix = options.prefix ?? "oidc";
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

  return class KeyvOidcAdapter implements Adapter {
    constructor(readonly model: string) {}

    key(id: string) {
      return `${prefix}:${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const ttl = ttlOf(expiresIn);
      if (this.model === "Session" && typeof payload.uid === "string") await documents.set(uidKey(payload.uid), id, ttl);
      if (typeof payload.userCode === "string") await documents.set(userCodeKey(payload.userCode), id, ttl);
      if (GRANTABLE.has(this.model) && typeof payload.grantId === "string") {
        await addToGrant(payload.grantId, this.key(id), ttl === undefined ? Infinity : Date.now() + ttl);
      }
      await documents.set(this.key(id), payload, ttl);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return documents.get<AdapterPayload>(this.key(id));
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
}
