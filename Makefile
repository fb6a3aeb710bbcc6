# The whole set-up on a fresh machine is `make run` (serve with demo data on SQLite) and
# `make test` (everything CI checks, in scripts/test.sh: Rust compiled once, in the `ci` profile, with
# clippy's lints, shared by the Rust tests and the browser tests; each suite timed).

CARGO ?= cargo
BIN := target/release/jpmall
ADDR ?= 127.0.0.1:8080
NPM_CI := PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error

.PHONY: run test bench build release web lint rust-test web-test e2e postgres chromium clean

run: build web
	$(BIN) seed
	JPMALL_WEB_DIST=web/dist $(BIN) serve --addr $(ADDR)

build:
	$(CARGO) build --release --workspace --bins

web/node_modules/.installed: web/package-lock.json
	cd web && $(NPM_CI)
	touch $@

web: web/node_modules/.installed
	cd web && npm run build

test:
	@scripts/test.sh

postgres:
	@scripts/ensure-postgres.sh

chromium:
	@dpkg -s chromium fonts-wqy-microhei >/dev/null 2>&1 || { echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null; }

lint: web/node_modules/.installed
	$(CARGO) fmt --all --check
	$(CARGO) clippy --release --workspace --all-targets -- -D warnings
	cd web && npm run lint

rust-test: build
	$(CARGO) test --release --workspace

web-test: web/node_modules/.installed
	cd web && npm test

# The binary embeds web/dist when it is linked: relinking after the web build (seconds) gives a
# single file that serves the storefront and console from any folder.
# The same packages as `build`: another selection would unify other features and recompile them.
release: build web
	$(CARGO) build --release --workspace --bins
	@echo "single binary: $(BIN) (storefront and console inside; see docs/deployment.md)"

e2e: release
	cd web && JPMALL_BIN=$(abspath $(BIN)) npm run e2e

# `build` made the bench too (`cargo run -p tests` would select one package and recompile).
bench: build web postgres chromium
	target/release/bench
	cd web && npm run size
	cd web && JPMALL_BIN=$(abspath $(BIN)) JPMALL_E2E_WEB_DIST=dist npx playwright test -c playwright.bench.config.ts

clean:
	$(CARGO) clean
	rm -rf web/node_modules web/dist web/test-results
