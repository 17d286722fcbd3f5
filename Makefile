# nereid: the two commands of the README.
#   make demo   builds, renders the demo through the wire, writes a PNG
#   make test   builds and runs every test (with an ASan+UBSan build of the
#               unit and wire tests, the PE d3d9.dll's tests under Wine,
#               the libFuzzer targets for 30 s each, and the end-to-end tests
#               again on Mesa 25's lavapipe, unpacked from bookworm-backports)
# Each installs the Debian packages it needs when they are missing.

BUILD      ?= build
ASAN_BUILD ?= build-asan
PE_BUILD   ?= build-pe
FUZZ_BUILD ?= build-fuzz
# Mesa 25's lavapipe from bookworm-backports, unpacked (not installed) for
# the tests of the texture table (tools/fetch-mesa-backports.sh).
MESA25     ?= build-mesa25
MESON_OPTS ?= --buildtype=debugoptimized -Dwerror=true

PACKAGES := meson ninja-build pkg-config gcc libc6-dev libvulkan-dev \
            mesa-vulkan-drivers vulkan-validationlayers spirv-tools \
            spirv-headers libpng-dev libxcb1-dev \
            gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 mingw-w64-x86-64-dev \
            wine64 xvfb clang libclang-rt-14-dev libsdl2-2.0-0 \
            libvkd3d-dev

.PHONY: all deps build demo test clean

all: build

# Installs what is missing (as root: apt-get; otherwise it says what to run).
deps:
	@missing=""; for p in $(PACKAGES); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	    echo "installing:$$missing"; \
	    if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	    $$SUDO apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD)/build.ninja: | deps
	meson setup $(BUILD) $(MESON_OPTS)

$(ASAN_BUILD)/build.ninja: | deps
	meson setup $(ASAN_BUILD) $(MESON_OPTS) -Db_sanitize=address,undefined -Db_lundef=false

# The libFuzzer targets (clang; tests/fuzz/).
$(FUZZ_BUILD)/build.ninja: | deps
	CC=clang meson setup $(FUZZ_BUILD) $(MESON_OPTS) -Dunit_only=true -Dfuzz=true \
	    -Db_sanitize=address,undefined -Db_lundef=false

# The PE d3d9.dll and its Windows test programs (mingw-w64; see pe/).
$(PE_BUILD)/build.ninja: | deps
	meson setup $(PE_BUILD) $(MESON_OPTS) --cross-file cross/x86_64-w64-mingw32.txt

build: deps $(BUILD)/build.ninja $(PE_BUILD)/build.ninja
	ninja -C $(BUILD)
	ninja -C $(PE_BUILD)

demo: build
	./$(BUILD)/nereid-demo demo-output

test: build $(ASAN_BUILD)/build.ninja $(FUZZ_BUILD)/build.ninja
	ninja -C $(ASAN_BUILD)
	ninja -C $(FUZZ_BUILD) fuzz_shader fuzz_so fuzz_wire fuzz_make_seeds
	./tools/fetch-mesa-backports.sh $(MESA25)
	./tests/run-tests.sh $(BUILD) $(ASAN_BUILD) $(PE_BUILD) $(FUZZ_BUILD) $(MESA25)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(PE_BUILD) $(FUZZ_BUILD) $(MESA25) demo-output
