# build-aux/bootstrap.sh — sourced by the quick-start scripts: installs the Debian
# packages gaexp needs when they are missing, then builds what is out of date.
# Safe to run again: each step is skipped when its result is already there.
set -eu
# The source tree: the nearest folder holding configure.ac above the calling script.
cd "$(dirname "$0")"
while [ ! -f configure.ac ] && [ "$PWD" != / ]; do cd ..; done

GAEXP_PACKAGES="build-essential autoconf automake libtool pkg-config
  libgsl-dev libconfig-dev libcmocka-dev gnuplot-nox"
# The test suite also builds gaexp --with-mpi: Open MPI, and injects faults
# with strace (tests/run.sh sets this).
if [ "${GAEXP_WITH_MPI:-}" = yes ]; then
  # strace: fault injection; groff: tests/docs.sh renders the manual pages;
  # python3: tests/export.sh reads the JSON; r-cran-irace (R with it): tune.sh,
  # and compare.sh's checks against R, so that every machine counts them;
  # clang: the suite once more built with it
  GAEXP_PACKAGES="$GAEXP_PACKAGES libopenmpi-dev openmpi-bin strace groff-base python3 r-cran-irace clang"
fi

bootstrap_install() {
  missing=
  for p in $GAEXP_PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "installing Debian packages:$missing"
  sudo=
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  # shellcheck disable=SC2086  # a list of package names
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

bootstrap_build() {
  [ -x configure ] || autoreconf -fi
  [ -f Makefile ] || ./configure --quiet
  make -j"$(nproc)" gaexp
}

bootstrap_install
bootstrap_build
