# Shared by the scripts in this folder: sourced, never run. Each script sets lib_name to its
# own name first, so that messages say which script speaks.
# shellcheck shell=bash

lib_name=${lib_name:-$(basename "$0")}

# die MESSAGE...: print "NAME: MESSAGE" on stderr and exit 2 (bad arguments or settings).
die() {
    echo "$lib_name: $*" >&2
    exit 2
}

# need_uint NAME VALUE: VALUE must be a non-negative integer.
need_uint() {
    [[ "$2" =~ ^[0-9]+$ ]] || die "$1 must be a non-negative integer, not '$2'"
}
