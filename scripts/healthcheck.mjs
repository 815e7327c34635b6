// Container health check (Dockerfile HEALTHCHECK, docker-compose healthcheck): exit 0 when
// GET /health answers 200 (server up, database answering), 1 otherwise. Plain Node, because slim
// images have no curl. Target: HEALTHCHECK_URL, else http://127.0.0.1:$PORT/health (PORT 2567).
const url = process.env.HEALTHCHECK_URL || `http://127.0.0.1:${process.env.PORT || 2567}/health`;
const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS) || 4000;

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const body = await response.text();
  if (response.status !== 200) {
    process.stderr.write(`unhealthy: ${url} answered ${response.status} ${body.slice(0, 300)}\n`);
    process.exit(1);
  }
  process.exit(0);
} catch (error) {
  process.stderr.write(`unhealthy: ${url}: ${error?.cause?.code ?? error?.name ?? ""} ${error?.message ?? String(error)}\n`);
  process.exit(1);
}
