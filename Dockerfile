# The production image: the built SPA and the built server (plain JavaScript, scripts/build-server.ts) on Node 24.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-fund --no-audit
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --no-fund --no-audit --omit=dev
COPY --from=build /app/dist ./dist
COPY server ./server
COPY shared ./shared
COPY migrations ./migrations
COPY scripts ./scripts
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
