# shellcheck shell=sh
# tests/script_test.sh: sourced first by the script tests of tests/CMakeLists.txt
# (mathgo_script_test), which ctest runs from the source tree as `sh tests/NAME.sh MATHGO PYTHON
# OUTDIR`: stops at the first failing command, names the three arguments $mathgo, $python and
# $out, and gives each run an empty OUTDIR.
set -eu
# shellcheck disable=SC2034 # read by the scripts that source this file
mathgo=$1
# shellcheck disable=SC2034
python=$2
out=$3
rm -rf "$out"
mkdir -p "$out"
