# One image for both processes of the multi-process deployment (docker-compose.yml):
#   api:     node --import tsx server/main.ts   (HTTP API, WebSocket gateway, outbox relay; serves client/dist)
#   workers: node --import tsx workers/main.ts  (event handlers on durable JetStream consumers)
# Node itself is the container's main process: behind npx, a shell would take `docker stop`'s
# SIGTERM and the graceful stop would never run.
FROM node:20-bookworm-slim

WORKDIR /app

# The lockfile and its allowScripts approvals are written by npm 11.
RUN npm install -g npm@11 --no-audit --no-fund

# Dev dependencies are needed for the client build (vite); they are pruned afterwards.
COPY package.json package-lock.json ./
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
CMD ["node", "--import", "tsx", "server/main.ts"]
