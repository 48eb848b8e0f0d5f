# One image for every role of the scaled stack (docker-compose.yml): ROLE=api or ROLE=worker.
# TypeScript runs as-is through tsx (as in development), so there is no server build step.
FROM node:20-bookworm-slim

WORKDIR /app

# Dependencies first, from the lockfile only, so source edits don't reinstall them. Dev
# dependencies are needed: tsx runs the server, Vite builds the client.
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build -w client

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/.data
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node

EXPOSE 3000
# main.ts handles SIGTERM itself: workers finish their active jobs, then HTTP and sockets close.
CMD ["node", "--import", "tsx", "server/src/main.ts"]
