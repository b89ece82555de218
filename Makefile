# Two entry points that work on a bare machine with only Python and pip.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: build test validate clean gallery-page

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml setup.py
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The PDFs first; then the gallery's thumbnails (pnp build draws none, to hand the PDFs over sooner).
build: $(STAMP)
	$(BIN)/pnp build
	$(BIN)/pnp gallery

validate: $(STAMP)
	$(BIN)/pnp validate

# The suite runs on every core (pytest-xdist; TEST_WORKERS=0 runs it in this one process), each test module on
# one worker (--dist loadgroup, by module unless a test names its group: a module's fixtures are made once);
# builds that several modules read are made once for all workers, and kept for the next runs in
# $(VENV)/test-builds under the hash of all they are made from (code, libraries, arguments, content): a run
# after an edit makes again only the builds whose inputs it changed (PNP_TEST_BUILDS=off: every build made in the
# run); the longest groups start first so the workers finish together (tests/conftest.py). The gallery's tests need a Chromium (Debian: apt-get install -y
# chromium); without one they are skipped and the summary says so (in CI they fail).
# The compiled bytecode is kept between runs in $(VENV)/pycache, outside the source tree, even where the shell sets
# PYTHONDONTWRITEBYTECODE: otherwise each worker compiles the generator and rewrites the asserts of every test
# module again before its first test (collection 10.7 s of CPU per worker, 3.6 s with the cache: benchmarks/
# RESULTS.md, "The test suite, fifth pass"), and so does every pnp process a test starts.
TEST_WORKERS ?= auto
test: $(STAMP)
	@command -v chromium >/dev/null 2>&1 || [ -n "$$PNP_CHROMIUM" ] || \
		echo "make test: no Chromium found: the browser tests of the gallery will be skipped (apt-get install -y chromium)"
	PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX="$(CURDIR)/$(VENV)/pycache" \
		$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup --durations=25

# The gallery page's template compiled ahead of time (generator/gallery_page.py), after an edit of
# templates/gallery/index.html.j2 or an upgrade of Jinja (until then the build compiles the template itself).
gallery-page: $(STAMP)
	$(BIN)/python -c 'from generator.gallery import compiled_page; open("generator/gallery_page.py", "w").write(compiled_page())'

clean:
	rm -rf output
