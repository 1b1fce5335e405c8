# syntax=docker/dockerfile:1
# One container is the whole deployment. Stages: dependencies → build → production
# dependencies → runtime. test/process/runtime-stage.test.ts reproduces the runtime stage without Docker.

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    BACKUP_DIR=/backups
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
COPY public ./public
# The data directory is a volume (a directory, never a single file: a rename over a
# bind-mounted file fails) owned by the unprivileged user the server runs as.
# The backups are a volume of their own: a lost /data volume must not take them along.
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
# 3000 behind a proxy (PORT); 80 and 443 with DOMAIN set, the server answering HTTPS itself
# (HTTP_PORT, HTTPS_PORT; compose.yaml publishes them).
EXPOSE 3000 80 443
VOLUME ["/data", "/backups"]
# With DOMAIN the health check asks plain http (HTTP_PORT), which answers /healthz to this
# machine itself rather than redirecting it; compose.yaml repeats it (a test keeps them equal).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "const e = process.env; fetch('http://127.0.0.1:' + (e.DOMAIN ? e.HTTP_PORT || 80 : e.PORT || 3000) + '/healthz', { redirect: 'manual' }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
