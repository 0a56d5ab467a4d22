#!/usr/bin/env bash
# Builds the `courier` binary for installing: release, the Swift runtime linked in, and its relocations
# packed. Usage: scripts/build-courier.sh [extra swift build arguments]
#
# Why these flags (docs/BENCHMARKS.md, "courier streaming a body to a pipe"):
#   --static-swift-stdlib                no shared Swift libraries to load: about 4 MB less resident memory;
#   -use-ld=lld, -z pack-relative-relocs the binary's 155 000 relative relocations become a 31 KB RELR table
#                                        instead of 3.7 MB of RELA entries that the loader reads at every start,
#                                        and fewer of the binary's pages are touched: about 6 MB less.
# RELR needs glibc 2.36 or later at run time (Debian 12, Ubuntu 22.10); lld comes with the Swift toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product courier --static-swift-stdlib \
    -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs "$@"
bin="$(swift build -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs --show-bin-path "$@")"
echo "built $bin/courier; install it with the folder $bin/Courier_Courier.resources beside it"
