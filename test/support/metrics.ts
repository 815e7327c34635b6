/**
 * Reads one metric family from a server's `GET /metrics` (Prometheus text format): each sample's
 * labels and value. Shared by the tests and the benchmark that count what the server says it did.
 */
export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export async function metricSamples(url: string, token: string, name: string): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /metrics: ${res.status}`);
  const line = new RegExp(`^${name}\\{([^}]*)\\} (\\S+)$`, "gm");
  return [...(await res.text()).matchAll(line)].map((m) => ({
    labels: Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1]!, l[2]!])),
    value: Number(m[2]),
  }));
}
