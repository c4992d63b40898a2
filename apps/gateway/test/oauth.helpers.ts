// The OAuth integration tests' two tools: the local OpenID provider (fixtures/oidc-provider.mjs, in
// its own Node process because oidc-provider is ESM-only) and a small cookie-keeping "browser" on
// fetch that follows redirects and submits form_post pages the way a browser does.

import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export interface FixtureClient {
  client_id: string;
  client_secret: string;
}

/** The clients the provider knows: our Google and Apple clients, and a stranger's. */
export const FIXTURE_CLIENTS: Record<'google' | 'apple' | 'other', FixtureClient> = {
  google: { client_id: 'council-google', client_secret: 'google-test-secret' },
  apple: { client_id: 'council-apple', client_secret: 'apple-test-secret' },
  other: { client_id: 'other-client', client_secret: 'other-test-secret' },
};

/** Accounts the provider can sign in (see the fixture). */
export const FIXTURE_ACCOUNTS = {
  alice: 'google-sub-alice',
  bob: 'google-sub-bob',
  carol: 'apple-sub-carol',
} as const;

export interface OidcProviderProcess {
  issuer: string;
  /** The account the provider's next logins use. */
  useAccount(accountId: string): Promise<void>;
  /** The next ID token the token endpoint answers carries these claims (re-signed with its key). */
  tamperNextIdToken(claims: { aud?: string; nonce?: string }): Promise<void>;
  stop(): Promise<void>;
}

export async function startOidcProvider(gatewayUrl: string): Promise<OidcProviderProcess> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'fixtures', 'oidc-provider.mjs')], {
    env: {
      PATH: process.env.PATH ?? '',
      GATEWAY_URL: gatewayUrl,
      FIXTURE_CLIENTS: JSON.stringify(FIXTURE_CLIENTS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`OpenID provider did not start:\n${output}`)), 15_000);
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((each) => each.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`OpenID provider exited (${code}):\n${output}`));
    });
  });

  const control = async (path: string, body: unknown) => {
    const res = await fetch(`${issuer}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  };

  return {
    issuer,
    useAccount: (accountId) => control('/__test/account', { accountId }),
    tamperNextIdToken: (claims) => control('/__test/tamper', claims),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  sameSite: 'lax' | 'strict' | 'none';
  secure: boolean;
  httpOnly: boolean;
}

/** A request the browser was told to stop before (see TestBrowser.navigate's `stopBefore`). */
export interface PendingRequest {
  url: string;
  /** Fields of a form_post page's form (POST), or null for a plain redirect (GET). */
  form: Record<string, string> | null;
  /** The origin of the page that sends it (the provider, for a callback). */
  from: string;
}

export interface NavigationResult {
  /** The app page the navigation ended on (absolute, on the gateway's public origin). */
  url: string;
  /** Every request made, in order, with its status. */
  hops: Array<{ method: string; url: string; status: number }>;
  /** Set when `stopBefore` matched: the request not made. */
  stopped: PendingRequest | null;
  /** The last answer received. */
  last: Response | null;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function decodeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The auto-submitting form of a response_mode=form_post page, or null. */
export function parseFormPost(html: string): { action: string; fields: Record<string, string> } | null {
  const form = /<form method="post" action="([^"]*)">/i.exec(html);
  if (!form?.[1]) return null;
  const fields: Record<string, string> = {};
  for (const input of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)) {
    fields[decodeHtml(input[1] ?? '')] = decodeHtml(input[2] ?? '');
  }
  return { action: decodeHtml(form[1]), fields };
}

/**
 * One browser: cookie jars per origin honouring Path, Secure, Max-Age/Expires and SameSite (a
 * cross-site POST carries only SameSite=None cookies; top-level GET navigations carry Lax ones), and
 * navigations that follow redirects and submit form_post pages. The gateway is addressed by its
 * public origin (PUBLIC_URL) and reached at the address it really listens on.
 */
export class TestBrowser {
  private readonly jars = new Map<string, StoredCookie[]>();

  constructor(
    private readonly gatewayPublicOrigin: string,
    private readonly gatewayActualOrigin: string,
  ) {}

  cookies(origin: string): StoredCookie[] {
    return [...(this.jars.get(origin) ?? [])];
  }

  cookie(origin: string, name: string): StoredCookie | undefined {
    return this.jars.get(origin)?.find((cookie) => cookie.name === name);
  }

  /** Forgets an origin's cookies (e.g. the provider's session, since one provider plays both). */
  clearCookies(origin: string): void {
    this.jars.delete(origin);
  }

  /** Puts a cookie into the jar, e.g. a session cookie from another client. */
  addCookie(origin: string, name: string, value: string, sameSite: StoredCookie['sameSite'] = 'lax'): void {
    this.store(origin, { name, value, path: '/', sameSite, secure: false, httpOnly: true });
  }

  /** One request, cookies sent and stored, no redirects followed. `from` is the sending page's origin. */
  async request(
    url: string,
    init: {
      method?: string;
      form?: Record<string, string>;
      from?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const target = new URL(url);
    const method = init.method ?? 'GET';
    const crossSitePost = method === 'POST' && init.from !== undefined && init.from !== target.origin;
    const cookies = (this.jars.get(target.origin) ?? []).filter(
      (cookie) =>
        (target.pathname === cookie.path ||
          target.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`)) &&
        (!cookie.secure || target.protocol === 'https:') &&
        (!crossSitePost || cookie.sameSite === 'none'),
    );
    const headers: Record<string, string> = { ...init.headers };
    if (cookies.length) headers.cookie = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    if (init.from !== undefined && method === 'POST') {
      headers.origin = init.from;
      headers['sec-fetch-site'] = init.from === target.origin ? 'same-origin' : 'cross-site';
    }
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const actual =
      target.origin === this.gatewayPublicOrigin
        ? `${this.gatewayActualOrigin}${target.pathname}${target.search}`
        : target.href;
    const res = await fetch(actual, { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.receive(target.origin, line);
    return res;
  }

  /**
   * Follows a navigation like a browser: redirects, and form_post pages (submitted as the provider's
   * page would, cross-site). Ends when it reaches an app page on the gateway (not /api/...), an
   * answer that is neither, or a request `stopBefore` matches (not made).
   */
  async navigate(
    start: string | PendingRequest,
    options: {
      stopBefore?: (request: PendingRequest) => boolean;
      /** Extra fields a form_post page's form carries (Apple's `user`). */
      extraFormFields?: Record<string, string>;
    } = {},
  ): Promise<NavigationResult> {
    const hops: NavigationResult['hops'] = [];
    let next: PendingRequest =
      typeof start === 'string' ? { url: start, form: null, from: new URL(start).origin } : start;
    let last: Response | null = null;
    for (let step = 0; step < 30; step += 1) {
      const target = new URL(next.url);
      if (target.origin === this.gatewayPublicOrigin && !target.pathname.startsWith('/api/')) {
        return { url: target.href, hops, stopped: null, last };
      }
      if (step > 0 && options.stopBefore?.(next)) return { url: next.url, hops, stopped: next, last };
      const method = next.form ? 'POST' : 'GET';
      last = await this.request(next.url, { method, form: next.form ?? undefined, from: next.from });
      hops.push({ method, url: next.url, status: last.status });
      const location = last.headers.get('location');
      if (REDIRECT_STATUSES.has(last.status) && location) {
        next = { url: new URL(location, next.url).href, form: null, from: target.origin };
        continue;
      }
      if (last.status === 200 && (last.headers.get('content-type') ?? '').includes('text/html')) {
        const form = parseFormPost(await last.text());
        if (form) {
          next = {
            url: form.action,
            form: { ...form.fields, ...options.extraFormFields },
            from: target.origin,
          };
          continue;
        }
      }
      return { url: next.url, hops, stopped: null, last };
    }
    throw new Error(`too many hops: ${JSON.stringify(hops)}`);
  }

  private receive(origin: string, line: string): void {
    const [pair = '', ...attributeParts] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const attributes = new Map<string, string>();
    for (const part of attributeParts) {
      const at = part.indexOf('=');
      if (at === -1) attributes.set(part.toLowerCase(), '');
      else attributes.set(part.slice(0, at).toLowerCase(), part.slice(at + 1));
    }
    const cookie: StoredCookie = {
      name,
      value,
      path: attributes.get('path') || '/',
      sameSite: (attributes.get('samesite')?.toLowerCase() as StoredCookie['sameSite'] | undefined) ?? 'lax',
      secure: attributes.has('secure'),
      httpOnly: attributes.has('httponly'),
    };
    const maxAge = attributes.get('max-age');
    const expires = attributes.get('expires');
    const expired =
      (maxAge !== undefined && Number(maxAge) <= 0) ||
      (expires !== undefined && new Date(expires).getTime() <= Date.now());
    if (expired) this.remove(origin, name, cookie.path);
    else this.store(origin, cookie);
  }

  private store(origin: string, cookie: StoredCookie): void {
    this.remove(origin, cookie.name, cookie.path);
    this.jars.set(origin, [...(this.jars.get(origin) ?? []), cookie]);
  }

  private remove(origin: string, name: string, path: string): void {
    const jar = this.jars.get(origin) ?? [];
    this.jars.set(
      origin,
      jar.filter((cookie) => !(cookie.name === name && cookie.path === path)),
    );
  }
}
