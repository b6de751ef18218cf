#!/bin/sh
# The server as `npm start` runs it: built output, no TypeScript compiler at run time.
# Why each flag: docs/adr/0051-memoria-del-servidor.md (figures in docs/benchmarks.md).
# - A 512 MB JavaScript heap limit. The young generation: 4 MB on the embedded database (its PostgreSQL lives in this
#   process, and the memory goal left no room: docs/adr/0052-base-embebida.md); 16 MB on a PostgreSQL server, where a
#   year's export at a million orders spent a fifth of the main thread in scavenges of 4 MB (op1 11.7-13.0 s ->
#   9.9-10.4 s, peak 213 -> 256 MB; measured 2026-12-06).
# - On a PostgreSQL server, at most two glibc malloc arenas (MALLOC_ARENA_MAX, read by glibc when the process
#   starts, so it is set here): the threads that deflate exports each kept an arena of their own, and the resident
#   memory climbed ~5 MB with every export (six year exports at a million orders: 179 -> 342 MB). With two it stays
#   under 300 MB. The embedded database keeps glibc's default (two arenas made it 16 MB larger at rest there).
# - On a PostgreSQL server, an old generation of 128 MB before V8 marks the whole heap (--initial-old-space-size: below
#   it V8 skips full collections). After the first export V8 set its limit just above the ~75 MB that stay alive, and
#   every later export ran a full mark every ~200 ms: op2 6.8 -> 10-12 s of server CPU, op4 8 -> 12-14 s at a million
#   orders. With 128 MB every export ran as the first (op2 6.2-6.7 s, op4 8.0 s of CPU), peak 267 MB instead of 249
#   (measured 2026-12-06). The embedded database keeps V8's default: its PostgreSQL lives in this process and the
#   memory goal left no room.
SEMI=4
INICIAL=
if [ -n "${DATABASE_URL:-}" ]; then
  SEMI=16
  INICIAL=" --initial-old-space-size=128"
  if [ -z "${MALLOC_ARENA_MAX:-}" ]; then
    export MALLOC_ARENA_MAX=2
  fi
fi
# NODE_HEAP_FLAGS replaces the heap flags (the scale benchmark measures other limits with it).
exec node ${NODE_HEAP_FLAGS:---max-semi-space-size=$SEMI --max-old-space-size=512$INICIAL} --enable-source-maps dist/main.js "$@"
