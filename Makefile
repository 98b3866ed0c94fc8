# Two commands do everything on a fresh machine:
#   make lab    install, then open JupyterLab on the lessons
#   make test   install, then run every test (lint, unit, property, notebook, browser)

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
SUDO   := $(shell [ "$$(id -u)" = 0 ] && echo "" || (command -v sudo >/dev/null && echo sudo))

.PHONY: install system-deps test test-fast lab bench lint clean

install: $(STAMP) system-deps

# The virtual environment with the package (editable) and its notebook and test extras.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[notebook,test]'
	touch $(STAMP)

# Graphviz's `dot` (graph views) and Chromium (the browser test) come from Debian's packages.
system-deps:
	@if ! command -v dot >/dev/null 2>&1 || ! command -v chromium >/dev/null 2>&1; then \
	  if command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || [ -n "$(SUDO)" ]; }; then \
	    echo "Installing graphviz and chromium with apt-get..."; \
	    $(SUDO) apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq graphviz chromium >/dev/null \
	      || echo "WARNING: apt-get could not install graphviz/chromium; tests needing them will say so."; \
	  else \
	    echo "WARNING: no apt-get (or no root): install Graphviz and Chromium yourself for graph views and the browser test."; \
	  fi; \
	fi

lint: $(STAMP)
	$(PY) -m ruff check eagerbook tests benchmarks

# The lessons' stored outputs were computed with OpenBLAS's Haswell kernels and NumPy's AVX2
# code. On a CPU with AVX-512 both pick other code whose float32 sums and functions round
# differently in the last digit (a training loss printed to 9 digits, say), so the tests pin
# them on any x86-64 CPU with AVX2: the same digits on every such machine.
# (TF_ENABLE_ONEDNN_OPTS=1 for the lessons: the float32 softmax as TF computes it with oneDNN,
# its default on CPUs with AVX-512 VNNI; tests/conftest.py sets it for the tests.)
SAME_DIGITS := $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && \
	echo "OPENBLAS_CORETYPE=Haswell NPY_DISABLE_CPU_FEATURES='X86_V4 AVX512_ICL AVX512_SPR'")

test: install lint
	$(SAME_DIGITS) $(PY) -m pytest -q -p no:cacheprovider tests
	$(SAME_DIGITS) $(PY) -m pytest -q -p no:cacheprovider -m "binder or browser" tests
	$(SAME_DIGITS) TF_ENABLE_ONEDNN_OPTS=1 $(PY) -m pytest -q -p no:cacheprovider --nbval notebooks --nbval-sanitize-with tests/nbval_sanitize.cfg

# JupyterLab on the lessons, opening lesson 1; widget state is saved with the notebooks (so a
# reopened lesson redraws its widgets). JupyterLab refuses to run as root unless told;
# containers often are root.
lab: install
	@$(PY) widgets/jupyter_settings.py
	$(VENV)/bin/jupyter lab --ServerApp.root_dir=notebooks \
	  --LabApp.default_url=/lab/tree/01_setup_and_basics.ipynb \
	  $$([ "$$(id -u)" = 0 ] && echo --allow-root)

bench: $(STAMP)
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
