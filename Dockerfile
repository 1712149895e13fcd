# Builds the whole monorepo once. The `api` target serves the API and the SPA with production
# dependencies only, as the unprivileged `node` user; the `web` target is nginx in front of it,
# passing every request through so that the SPA gets the API's security headers (CSP,
# frame-ancestors, nosniff) too.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.8
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json turbo.json tsconfig.base.json biome.json ./
COPY apps/api/package.json apps/api/
COPY apps/e2e/package.json apps/e2e/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY tools/ferretdb/package.json tools/ferretdb/
# The image talks to MongoDB (MONGO_URL): no mongod download for the embedded database.
ENV MONGOMS_DISABLE_POSTINSTALL=1
RUN pnpm install --frozen-lockfile
COPY . .
# tools/ferretdb (the embedded database, built with Go) is for machines without MongoDB.
RUN pnpm exec turbo run build --filter='!@shop/ferretdb'
# The API package with its production dependencies only (@shop/contracts copied in, built).
RUN pnpm --filter @shop/api deploy --prod --legacy /prod/api

FROM node:20-bookworm-slim AS api
WORKDIR /app
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
# Same layout as the repository, so the API finds the SPA at apps/web/dist and
# `node apps/api/dist/seed/cli.js` works as documented.
COPY --from=build --chown=root:root /prod/api/package.json apps/api/package.json
COPY --from=build --chown=root:root /prod/api/node_modules apps/api/node_modules
COPY --from=build --chown=root:root /app/apps/api/dist apps/api/dist
COPY --from=build --chown=root:root /app/apps/web/dist apps/web/dist
# The storefront's server render (one bundle with its dependencies: the API imports it as it is).
COPY --from=build --chown=root:root /app/apps/web/dist-ssr apps/web/dist-ssr
EXPOSE 8080
USER node
CMD ["node", "apps/api/dist/server.js"]

FROM nginx:1.27-alpine AS web
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
EXPOSE 80
