# One image for every role of the scaled stack (docker-compose.yml): ROLE=api or ROLE=worker.
# Two stages: `build` installs every dependency and compiles (Vite for the client, tsc for the
# server, see scripts/build-server.mjs); the runtime stage holds production dependencies only and
# runs the compiled JavaScript with plain node (no tsx, no TypeScript, no Vite).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first, from the lockfile only, so source edits don't reinstall them.
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
# client/dist (Vite) and server/dist (tsc: server, migrations, @gp/common as JavaScript).
RUN npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
# The server workspace's production dependencies only (and @gp/common's, a workspace dependency).
# Every workspace's manifest is needed for `npm ci` to match the lockfile; nothing else of them is.
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --omit=dev --workspace server --no-audit --no-fund && npm cache clean --force
# The compiled server (dist/server/src/main.js; dist/node_modules/@gp/common is the compiled
# common, which Node finds before the workspace link) and the built client it serves (CLIENT_DIST).
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist

ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/.data
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node

EXPOSE 3000
# main.js handles SIGTERM itself: workers finish their active jobs, then HTTP and sockets close.
# PIN codes from a shell: docker compose exec api1 node server/dist/server/src/pins/cli.js --count 10 --points 100
CMD ["node", "--enable-source-maps", "server/dist/server/src/main.js"]
