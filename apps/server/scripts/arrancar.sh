#!/bin/sh
# The server as `npm start` runs it: built output, no TypeScript compiler at run time.
# - A 512 MB JavaScript heap limit. The young generation: 4 MB on the embedded database (docs/decisions.md, "The
#   embedded server's memory": its PostgreSQL lives in this process, and the memory goal left no room); 16 MB on a
#   PostgreSQL server, where a year's export at a million orders spent a fifth of the main thread in scavenges of
#   4 MB (op1 11.7-13.0 s -> 9.9-10.4 s, peak 213 -> 256 MB; "Eighteenth session").
# - On a PostgreSQL server, at most two glibc malloc arenas (MALLOC_ARENA_MAX, read by glibc when the process
#   starts, so it is set here): the threads that deflate exports each kept an arena of their own, and the resident
#   memory climbed ~5 MB with every export (six year exports at a million orders: 179 -> 342 MB). With two it stays
#   under 300 MB. The embedded database keeps glibc's default (two arenas made it 16 MB larger at rest there).
SEMI=4
if [ -n "${DATABASE_URL:-}" ]; then
  SEMI=16
  if [ -z "${MALLOC_ARENA_MAX:-}" ]; then
    export MALLOC_ARENA_MAX=2
  fi
fi
# NODE_HEAP_FLAGS replaces the two heap flags (the scale benchmark measures other limits with it).
exec node ${NODE_HEAP_FLAGS:---max-semi-space-size=$SEMI --max-old-space-size=512} --enable-source-maps dist/main.js "$@"
