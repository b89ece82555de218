# Two entry points that work on a bare machine with only Python and pip.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: build test validate clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml setup.py
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/pnp build

validate: $(STAMP)
	$(BIN)/pnp validate

# The gallery's tests need a Chromium (Debian: apt-get install -y chromium); without one they are skipped and
# the summary says so (in CI they fail).
test: $(STAMP)
	@command -v chromium >/dev/null 2>&1 || [ -n "$$PNP_CHROMIUM" ] || \
		echo "make test: no Chromium found: the browser tests of the gallery will be skipped (apt-get install -y chromium)"
	$(BIN)/python -m pytest

clean:
	rm -rf output
