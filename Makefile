# Haulwise: `make start` runs the app, `make test` runs the whole suite. Nothing else is needed.
SHELL := /bin/bash
.DEFAULT_GOAL := start

# A project-local Node 24 (scripts/ensure-node.sh) comes first on PATH when the machine's Node is older.
export PATH := $(CURDIR)/.tools/node/bin:$(CURDIR)/node_modules/.bin:$(PATH)
export npm_config_update_notifier := false
export npm_config_fund := false
export npm_config_audit := false

.PHONY: test-upgrade start dev test test-phases test-typecheck test-lint test-unit test-e2e seed db-reset lint typecheck format build install node browser bench scale clean backup restore soak permissions-doc admin

node:
	@bash scripts/ensure-node.sh

# --include=dev: the build tools (Vite, esbuild, tsx) are needed to build, whatever NODE_ENV says
# (npm ci leaves devDependencies out when NODE_ENV=production). The Docker image's runtime stage
# installs without them (Dockerfile).
node_modules/.haulwise-installed: package.json package-lock.json | node
	@echo "Installing dependencies..."
	@npm ci --include=dev --no-fund --no-audit --loglevel=error
	@touch $@

install: node_modules/.haulwise-installed

# The build is always the production build, whatever NODE_ENV the shell has (a development React otherwise).
dist/client/index.html: install $(shell find client shared -type f 2>/dev/null) vite.config.ts $(wildcard scripts/compress-assets.ts scripts/prerender.ts scripts/check-bundle.ts)
	@NODE_ENV=production npm run --silent build:client

# The server as plain JavaScript (scripts/build-server.ts): `make start` runs it with node, no tsx.
dist/server/main.js: install $(shell find server shared migrations -type f 2>/dev/null) scripts/build-server.ts
	@NODE_ENV=production npm run --silent build:server

build: dist/client/index.html dist/server/main.js

start: build
	@npm run --silent start

dev: install
	@npx concurrently --kill-others --names api,web "tsx watch server/src/main.ts" "vite" 2>/dev/null || \
	  (trap 'kill 0' EXIT; tsx watch server/src/main.ts & vite)

seed: install
	@tsx scripts/seed.ts

db-reset: install
	@tsx scripts/db-reset.ts

typecheck: install
	@for project in client server tests; do tsc --noEmit -p $$project/tsconfig.json || exit 1; done

lint: install
	@eslint --max-warnings=0 .
	@prettier --check --log-level=warn .

format: install
	@prettier --write --log-level=warn .

browser:
	@bash scripts/ensure-chromium.sh

# The tests set the configuration they run under themselves: a NODE_ENV from the shell changes nothing.
test-unit: install
	@NODE_ENV=test vitest run

test-e2e: build browser
	@rm -rf .data/e2e
	@E2E_BUILT_SERVER=1 playwright test

# `make test` prints the wall time of each phase as it ends and a summary at the end (the
# goal: the whole suite under 10 minutes on a 2-core machine). Typecheck and lint are
# single-threaded, so they run side by side, one per core.
TIMED := bash scripts/timed.sh
export TEST_TIMES := $(CURDIR)/.data/test-times.tsv

test:
	@mkdir -p .data && rm -f $(TEST_TIMES)
	@$(TIMED) "make test (wall time)" $(MAKE) --no-print-directory test-phases; status=$$?; \
	  echo "== phases:"; bash scripts/test-times.sh $(TEST_TIMES); exit $$status

test-phases:
	@$(TIMED) "install (npm ci, Chromium)" $(MAKE) --no-print-directory install browser
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-typecheck test-lint
	@$(TIMED) "unit and integration tests" $(MAKE) --no-print-directory test-unit
	@$(TIMED) "build" env NODE_ENV=production npm run --silent build
	@$(TIMED) "end-to-end tests (Chromium)" bash -c 'rm -rf .data/e2e && E2E_BUILT_SERVER=1 playwright test'

test-typecheck:
	@$(TIMED) "typecheck (beside lint)" $(MAKE) --no-print-directory typecheck

test-lint:
	@$(TIMED) "lint (beside typecheck)" $(MAKE) --no-print-directory lint

bench: install
	@tsx bench/all.ts

scale: install
	@tsx scripts/generate-scale.ts $(ARGS)

# A consistent backup of the database and stored files into $(BACKUP_DIR) (default .data/backups).
backup: install
	@tsx scripts/backup.ts

# Restores FILE=... into an empty data folder (embedded) or an empty DATABASE_URL database.
restore: install
	@test -n "$(FILE)" || (echo "Usage: make restore FILE=.data/backups/haulwise-backup-....tar.gz" && exit 1)
	@tsx scripts/restore.ts "$(FILE)"

# Makes an existing account with a verified address a master admin: make admin EMAIL=someone@example.com
admin: install
	@test -n "$(EMAIL)" || (echo "Usage: make admin EMAIL=someone@example.com" && exit 1)
	@tsx scripts/make-admin.ts "$(EMAIL)"

# Load and fault proof (not part of make test): ARGS="--duration 20 --rate 50 --kills 3" for a short run.
soak: build
	@tsx bench/soak.ts $(ARGS)

# The newest minor and patch release of every dependency, in a temporary clone: typecheck and vitest (not part of make test).
test-upgrade: node
	@bash scripts/test-upgrade.sh

clean:
	rm -rf dist .data/e2e test-results playwright-report

permissions-doc: install
	@tsx scripts/permissions-doc.ts
	@prettier --write --log-level=warn docs/permissions.md
