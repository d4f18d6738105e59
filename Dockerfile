# One image for both processes of the multi-process deployment (docker-compose.yml):
#   api:     node server/main.ts   (HTTP API, WebSocket gateway, outbox relay; serves client/dist)
#   workers: node workers/main.ts  (event handlers on durable JetStream consumers)
# Node 24 runs the TypeScript sources itself (type stripping): no tsx, no compile step.
# Node itself is the container's main process: behind npx, a shell would take `docker stop`'s
# SIGTERM and the graceful stop would never run.
FROM node:24-bookworm-slim

WORKDIR /app

# The lockfile and its allowScripts approvals are written by npm 11.
RUN npm install -g npm@11 --no-audit --no-fund

# Dev dependencies are needed for the client build (vite); they are pruned afterwards, tsx with
# them, so the image proves production needs none of it.
# scripts/patch-dependencies.mjs runs after the install (postinstall): it mends postgres.js.
COPY package.json package-lock.json ./
COPY scripts/patch-dependencies.mjs scripts/
RUN npm ci --include=dev --no-audit --no-fund

COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# DATA_DIR (media, generated files) lives on a volume owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data

USER node
EXPOSE 3000
CMD ["node", "server/main.ts"]
