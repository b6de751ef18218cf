/**
 * wrk, the HTTP load generator the scale benchmark runs as a second process: the Lua script that cycles a list of
 * requests, and one run read back (requests a second, latencies, errors).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A Lua script for wrk that sends `pedidos` ([path, authorization]) in turn; each thread starts elsewhere. */
export function guionWrk(pedidos: [string, string][]) {
  const guion = join(mkdtempSync(join(tmpdir(), 'cronos-wrk-')), 'garita.lua');
  writeFileSync(
    guion,
    `local pedidos = {\n${pedidos.map(([r, a]) => `  { ${JSON.stringify(r)}, ${JSON.stringify(a)} },`).join('\n')}\n}
local i = 0
function setup(hilo) hilo:set("desfase", hilo.id) end
function init(argumentos) i = (tonumber(desfase) or 0) * 37 end
function request()
  i = i + 1
  local p = pedidos[(i % #pedidos) + 1]
  return wrk.format("GET", p[1], { ["Authorization"] = p[2] })
end
`,
  );
  return guion;
}

/** One wrk run of two threads: requests a second, p50 and p99, and errors (non-2xx answers and socket errors). */
export function correrWrk(conexiones: number, segundos: number, extra: string[]) {
  const r = spawnSync('wrk', ['-t2', `-c${conexiones}`, `-d${segundos}s`, '--latency', ...extra], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`wrk: ${r.stderr || r.error?.message}`);
  const o = r.stdout;
  const numero = (re: RegExp) => Number(re.exec(o)?.[1] ?? 0);
  const latencia = (p: string) => new RegExp(`\\s${p}%\\s+([\\d.]+\\w+)`).exec(o)?.[1] ?? '?';
  const errores =
    numero(/Non-2xx or 3xx responses: (\d+)/) +
    [...o.matchAll(/(connect|read|write|timeout) (\d+)/g)].reduce((a, m) => a + Number(m[2]), 0);
  return { rps: numero(/Requests\/sec:\s+([\d.]+)/), p50: latencia('50'), p99: latencia('99'), errores };
}
