# The game server image: Node 22 (what Colyseus 0.18 declares), production dependencies only,
# running as the unprivileged `node` user. `docker compose up` builds and runs it beside
# PostgreSQL (docker-compose.yml); test/ops-docker.test.ts checks this file and replays its
# recipe without Docker.
FROM node:22-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# tsx (which runs the TypeScript sources) is a dependency, so no dev dependency is needed.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY . .
# The web client served at `/`, built once into web/dist (vite and preact are dependencies).
RUN node web/build.mjs --force --strict
# DATA_DIR holds the spool of finished matches not yet stored, the generated JWT secret
# (DATA_DIR/jwt-secret when JWT_SECRET is unset) and, without DATABASE_URL, the embedded
# database. A named volume mounted here starts as a copy of this directory: owned by `node`.
RUN mkdir -p /app/data && chown node:node /app/data
ENV PORT=2567 HOST=0.0.0.0 LOG_FORMAT=json DATA_DIR=/app/data
USER node
EXPOSE 2567
# Slim images have no curl: the check is plain Node (GET /health, 200 = server and database up).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
STOPSIGNAL SIGTERM
# Node itself is the main process, so `docker stop` (SIGTERM) reaches the server's graceful
# shutdown; `npm start` would add npm and a shell in between.
CMD ["node", "--import", "tsx", "server/main.ts"]
