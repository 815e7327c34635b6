/**
 * A tiny JSON client for the accounts API (/api/auth/*), for the accounts-* tests.
 */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: any;
}

export function accountsApi(baseUrl: string) {
  async function call(method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }
  return {
    call,
    post: (path: string, body?: unknown) => call("POST", path, body),
    register: (username: string, password: string) => call("POST", "/api/auth/register", { username, password }),
    login: (username: string, password: string) => call("POST", "/api/auth/login", { username, password }),
    guest: (name?: string) => call("POST", "/api/auth/guest", name === undefined ? undefined : { name }),
    me: (token?: string) => call("GET", "/api/auth/me", undefined, token),
  };
}

/** How many answers had each status. */
export function statusCounts(answers: readonly ApiAnswer[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

/** Checks the shape every refusal by a rate limit has: 429, rate_limited, a message, Retry-After in (0, maxS]. */
export function isRateLimited(a: ApiAnswer, maxS: number): boolean {
  const retry = Number(a.headers.get("retry-after"));
  return (
    a.status === 429 && a.body?.error?.code === "rate_limited" && typeof a.body?.error?.message === "string" && a.body.error.message.length > 0 && Number.isInteger(retry) && retry > 0 && retry <= maxS
  );
}
