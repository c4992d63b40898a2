# syntax=docker/dockerfile:1
#
# One image for every Council server. The command picks the app:
#
#   docker run council node apps/gateway/dist/main.js            (the default CMD; also serves the client)
#   docker run council node apps/billing/dist/main.js
#   docker run council node apps/provider-worker/dist/main.js
#   docker run council node apps/consensus-worker/dist/main.js
#   docker run council sh -c 'node libs/db/dist/cli/migrate.js && node libs/db/dist/cli/seed.js'
#
# Why one image rather than a target per app: the apps share almost every byte (node_modules, the libs),
# are released together, and the migration CLI must run exactly the schema the apps were built against.
# docker-compose.yml and k8s/ both use it this way; tools/deploy-check verifies they agree.
#
# Stages: manifests (package.json files only, so dependency layers survive source edits)
#      -> deps (npm install, all dependencies) -> build (nx build all)
#      -> prod-deps (npm install --omit=dev)   -> runtime (production deps + built outputs, user node).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NX_NO_CLOUD=true \
    NX_DAEMON=false \
    NX_TUI=false \
    npm_config_update_notifier=false

# Every workspace's package.json plus the lock file and .npmrc, nothing else. The COPY below changes
# with every source edit, but the files it leaves behind do not, so the npm install layers stay cached.
FROM base AS manifests
COPY . .
RUN find . -mindepth 1 -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -mindepth 1 -type d -empty -delete

FROM base AS deps
COPY --from=manifests /app ./
# npm install, not npm ci: the lock file is written on machines whose registry mirror lacks some
# platform-specific optional packages (@swc/core-darwin-*, ...). npm ci rejects such a lock as
# "missing" entries; npm install honours every locked version and only resolves those optionals.
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund

FROM deps AS build
# Stripe's publishable key, built into the client for checkout's session-id fallback (docs/operations.md,
# Stripe; the hosted checkout URL needs none): docker build --build-arg VITE_STRIPE_PUBLISHABLE_KEY=pk_…
ARG VITE_STRIPE_PUBLISHABLE_KEY=
COPY . .
# Build everything, then gather what the runtime needs into /out, keeping the repo layout that the
# @council/* workspace links expect: apps/*/dist (servers, and the client in apps/web/dist),
# libs/*/dist and the catalogue file the seed reads (libs/db/catalogue).
RUN npx nx run-many -t build \
 && mkdir -p /out \
 && for dir in apps/*/dist libs/*/dist libs/db/catalogue; do \
      mkdir -p "/out/$(dirname "$dir")" && cp -a "$dir" "/out/$dir"; \
    done \
 && find /out -name '*.tsbuildinfo' -delete \
 && test -f /out/apps/web/dist/index.html \
 && test -f /out/libs/db/dist/cli/migrate.js \
 && test -f /out/libs/db/dist/cli/seed.js

# Production dependencies only; all of them are declared in the root package.json. npm install also
# recreates node_modules/@council/* as links to the workspace folders, which is how the apps find
# the libs' dist/ at runtime.
FROM base AS prod-deps
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm npm install --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# Without SMTP_URL the gateway writes each mail to the log and to an .eml file in MAIL_OUTBOX_DIR;
# /app is read-only to the app user (and k8s/ mounts the root filesystem read-only), /tmp is not.
ENV NODE_ENV=production \
    MAIL_OUTBOX_DIR=/tmp/council-outbox
WORKDIR /app
# Files stay owned by root: the apps read them and write nothing to disk but the mail outbox above.
COPY --from=prod-deps /app ./
COPY --from=build /out ./
USER node
# The gateway's port; each app reads PORT (defaults: gateway 3000, billing 3001, provider-worker 3002,
# consensus-worker 3003).
EXPOSE 3000
# Node is PID 1 and handles SIGTERM itself: it drains and exits 0 within 30 s, so give it 35 s or more
# (compose: stop_grace_period, k8s: terminationGracePeriodSeconds).
STOPSIGNAL SIGTERM
# Defaults fit the default command (the gateway). Other apps override the check in docker-compose.yml;
# Kubernetes ignores HEALTHCHECK and uses the probes in k8s/. No curl in the image: Node's fetch does it.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:${PORT:-3000}/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/gateway/dist/main.js"]
