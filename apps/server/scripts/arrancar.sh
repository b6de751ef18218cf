#!/bin/sh
# The server as `npm start` runs it: built output, no TypeScript compiler at run time.
# - A 512 MB JavaScript heap limit and a 4 MB young generation (docs/decisions.md, "The embedded server's memory").
# - On a PostgreSQL server, at most two glibc malloc arenas (MALLOC_ARENA_MAX, read by glibc when the process
#   starts, so it is set here): the threads that deflate exports each kept an arena of their own, and the resident
#   memory climbed ~5 MB with every export (six year exports at a million orders: 179 -> 342 MB). With two it stays
#   under 300 MB. The embedded database keeps glibc's default (two arenas made it 16 MB larger at rest there).
if [ -n "${DATABASE_URL:-}" ] && [ -z "${MALLOC_ARENA_MAX:-}" ]; then
  export MALLOC_ARENA_MAX=2
fi
# NODE_HEAP_FLAGS replaces the two heap flags (the scale benchmark measures other limits with it).
exec node ${NODE_HEAP_FLAGS:---max-semi-space-size=4 --max-old-space-size=512} --enable-source-maps dist/main.js "$@"
