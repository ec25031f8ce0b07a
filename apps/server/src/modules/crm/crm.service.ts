import { type Actor, canManageCommerce } from '@pgel/shared/auth/policies';
import { CRM_MESSAGES as M } from '@pgel/shared/commerce/crm';
import type { ZohoSettings } from '../../config';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { asKeyRing, type DataKeyRing, sealSecret } from '../../platform/data-key';
import { AppError } from '../../platform/errors';
import * as repo from './crm.repository';

export type CrmDeps = {
  db: Database;
  zoho: ZohoSettings | undefined;
  /** The data key ring (or a single key): seals with the current key, opens with any. */
  dataKey: Buffer | DataKeyRing;
  fetchImpl?: typeof fetch;
};
type Meta = { ip: string };

const PROVIDER = 'zoho';
/** The token endpoint answers in well under a second; a stuck connection must not hold the page. */
const EXCHANGE_TIMEOUT_MS = 10_000;

/**
 * A failure that is not the caller's fault: the server is not configured (409: a state of the
 * server the caller can read and an operator can change; not a 5xx, since nothing is broken) or
 * the CRM refused or could not be reached (502). The route answers these itself.
 */
export class CrmError extends Error {
  constructor(
    readonly statusCode: 409 | 502,
    readonly code: 'not_configured' | 'bad_gateway',
    message: string,
  ) {
    super(message);
  }
}

/** What is sealed: the whole grant, so a later issue can refresh the access token. */
type StoredGrant = {
  accessToken: string;
  refreshToken: string | null;
  tokenType: string | null;
  scope: string | null;
  expiresAt: string | null;
};

type TokenAnswer = {
  access_token?: unknown;
  refresh_token?: unknown;
  api_domain?: unknown;
  token_type?: unknown;
  scope?: unknown;
  expires_in?: unknown;
  error?: unknown;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The CRM's error code as shown to Master: printable, short (it is the CRM's text, not ours). */
function errorLabel(value: unknown): string {
  const label = String(value)
    .replace(/[^\x20-\x7E]/g, '')
    .slice(0, 100)
    .trim();
  return label || 'unknown error';
}

/** The account's API host, kept only when it is an http(s) address. */
function apiDomainOf(value: unknown): string | null {
  const domain = text(value);
  if (!domain || domain.length > 200) return null;
  try {
    const url = new URL(domain);
    return url.protocol === 'https:' || url.protocol === 'http:' ? domain : null;
  } catch {
    return null;
  }
}

/**
 * The CRM connection (/zoho, spec 01 sections 7 and 8): Master authorises the CRM app, the page
 * posts the `code` the CRM sent back, and the server exchanges it at the configured accounts
 * server and keeps the grant sealed with the data key. No token is ever returned, logged or audited.
 */
export class CrmService {
  constructor(readonly deps: CrmDeps) {}

  async zohoCallback(
    actor: Actor,
    input: { code: string },
    meta: Meta,
  ): Promise<{ message: string; apiDomain: string | null; connectedAt: string }> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    const zoho = this.deps.zoho;
    if (!zoho) throw new CrmError(409, 'not_configured', M.notConfigured);
    const answer = await this.exchange(zoho, input.code);
    const accessToken = text(answer.access_token);
    if (answer.error !== undefined || !accessToken) {
      throw new CrmError(502, 'bad_gateway', M.exchangeFailed(errorLabel(answer.error ?? 'no access token')));
    }
    const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : null;
    const connectedAt = new Date();
    const apiDomain = apiDomainOf(answer.api_domain);
    const grant: StoredGrant = {
      accessToken,
      refreshToken: text(answer.refresh_token),
      tokenType: text(answer.token_type),
      scope: text(answer.scope),
      expiresAt: expiresIn === null ? null : new Date(connectedAt.getTime() + expiresIn * 1000).toISOString(),
    };
    await this.deps.db.transaction(async (tx) => {
      const before = await repo.lockIntegration(tx, PROVIDER);
      // The CRM issues a refresh token only on the first consent: a re-authorisation keeps the old one.
      if (!grant.refreshToken && before) grant.refreshToken = this.previousRefreshToken(before.sealedToken);
      await repo.saveIntegration(tx, {
        provider: PROVIDER,
        sealedToken: sealSecret(asKeyRing(this.deps.dataKey).current, JSON.stringify(grant)),
        apiDomain,
        connectedById: actor.id,
        connectedAt,
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: before ? 'integration.reconnect' : 'integration.connect',
        entity: 'integration',
        entityId: PROVIDER,
        ip: meta.ip,
        before: before ? { apiDomain: before.apiDomain, connectedAt: before.connectedAt } : null,
        after: { apiDomain, connectedAt, hasRefreshToken: grant.refreshToken !== null },
      });
    });
    return { message: M.authorised, apiDomain, connectedAt: connectedAt.toISOString() };
  }

  /** POST {accounts}/oauth/v2/token (authorization_code grant), as a form. */
  private async exchange(zoho: ZohoSettings, code: string): Promise<TokenAnswer> {
    const fetchImpl = this.deps.fetchImpl ?? fetch;
    let response: Response;
    let body: string;
    try {
      response = await fetchImpl(`${zoho.accountsUrl}/oauth/v2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: zoho.clientId,
          client_secret: zoho.clientSecret,
          redirect_uri: zoho.redirectUri,
          code,
        }).toString(),
        // The form carries the client secret: never resend it wherever a redirect points.
        redirect: 'error',
        signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
      });
      body = await response.text();
    } catch {
      throw new CrmError(502, 'bad_gateway', M.unreachable);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new CrmError(502, 'bad_gateway', M.exchangeFailed(`HTTP ${response.status}`));
    }
    const answer = parsed as TokenAnswer;
    if (!response.ok && answer.error === undefined) answer.error = `HTTP ${response.status}`;
    return answer;
  }

  private previousRefreshToken(sealed: string): string | null {
    try {
      const previous = JSON.parse(asKeyRing(this.deps.dataKey).open(sealed)) as Partial<StoredGrant>;
      return typeof previous.refreshToken === 'string' ? previous.refreshToken : null;
    } catch {
      // Sealed with a key this server no longer has: nothing to carry over.
      return null;
    }
  }
}
