# The production image (docs/operations.md#the-container-image): the server compiled ahead of time
# and run by plain node, as a user without privileges, under tini. scripts/image-steps.sh runs these
# same steps in a fresh clone in CI (its `RUN npm` lines in order, then its CMD and health check).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# The commit the build-info names (there is no .git in the build context): --build-arg BUILD_COMMIT=$(git rev-parse HEAD).
ARG BUILD_COMMIT=unknown
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund
# What runs: the production dependencies, and the build with dist linking to it.
RUN mkdir /out && cp -a package.json node_modules .build dist /out/

FROM ${NODE_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /out ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness: the process answers (GET /api/health/live); readiness, the database too, is GET /api/health.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini is PID 1: it passes docker stop's SIGTERM to node, which drains, and reaps what exits.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/app/server.js"]
