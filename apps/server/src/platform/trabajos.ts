import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { BaseDatos } from '../db/client';
import * as repo from './trabajos.repository';

/**
 * The background jobs of an API instance (docs/adr/0161-trabajos-en-segundo-plano.md): each with its schedule, run by
 * one instance at a time (a lease row in `trabajo`, taken in one statement and renewed while the job runs), retried
 * with back-off after a failure, and counted.
 */
export interface DefinicionTrabajo {
  nombre: string;
  /** What the job does. `senal` aborts when the app closes: a long job stops between two steps. */
  ejecutar: (senal: AbortSignal) => Promise<unknown>;
  /** Every this many ms after the end of the last run (whichever instance ran it). */
  intervaloMs?: number;
  /** Or: when it is due next after a run that ended at `ahora` (a time of day). */
  proxima?: (ahora: Date) => Date;
  /** The first run after a start waits this long (0: at once). */
  esperaInicialMs?: number;
  /**
   * true (default): one instance at a time over the database's lease, once per period for the whole cluster. false:
   * work of this instance alone (its own files, its own embedded database): no lease, each instance runs its own.
   */
  global?: boolean;
  /** After a failure it runs again after reintentoMs, doubled after each further failure up to reintentoMaxMs. */
  reintentoMs?: number;
  reintentoMaxMs?: number;
  /** How long the lease lasts without being renewed (it is renewed every third of it while the job runs). */
  arriendoMs?: number;
}

export interface MetricasTrabajo {
  nombre: string;
  ejecuciones: number;
  fallas: number;
  fallosSeguidos: number;
  ultimaDuracionMs: number | null;
  ultimoExito: Date | null;
  ultimoError: string | null;
  enCurso: boolean;
}

const REINTENTO_MS = 30_000;
const REINTENTO_MAX_MS = 30 * 60_000;
const ARRIENDO_MS = 5 * 60_000;
/** A wake while another instance holds the job is tried again after this long. */
const REINTENTO_DESPERTAR_MS = 1_000;
/** A wake of a job not started (tests) looks at its lease this often until it gets it. */
const ESPERA_TURNO_MS = 50;

/** The wait after the `fallos`-th failure in a row: reintentoMs, doubled each time, up to reintentoMaxMs. */
export const esperaReintento = (fallos: number, reintentoMs = REINTENTO_MS, maxMs = REINTENTO_MAX_MS) =>
  Math.min(maxMs, reintentoMs * 2 ** Math.max(0, Math.min(fallos - 1, 30)));

interface Estado {
  def: DefinicionTrabajo;
  metricas: MetricasTrabajo;
  temporizador?: NodeJS.Timeout;
  /** The run of this instance, with the reruns its wakes asked for. */
  enCurso: Promise<void> | null;
  /** A wake arrived: run once more, even if the job is not due. */
  despierto: boolean;
}

export class Trabajos {
  /** This instance's name in the leases: host, process and a random part (two apps in one process differ). */
  readonly instancia = `${hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly trabajos = new Map<string, Estado>();
  private readonly abortar = new AbortController();
  private iniciado = false;

  constructor(
    private readonly base: BaseDatos,
    private readonly log: FastifyBaseLogger,
  ) {}

  registrar(def: DefinicionTrabajo) {
    if (this.trabajos.has(def.nombre)) throw new Error(`Trabajo ${def.nombre} ya registrado`);
    if (!def.intervaloMs && !def.proxima) throw new Error(`Trabajo ${def.nombre} sin programación`);
    const metricas: MetricasTrabajo = {
      nombre: def.nombre,
      ejecuciones: 0,
      fallas: 0,
      fallosSeguidos: 0,
      ultimaDuracionMs: null,
      ultimoExito: null,
      ultimoError: null,
      enCurso: false,
    };
    const e: Estado = { def, metricas, enCurso: null, despierto: false };
    this.trabajos.set(def.nombre, e);
    if (this.iniciado) this.programar(e, def.esperaInicialMs ?? 0);
  }

  /** Starts every job's timer (the app's start; tests run jobs with `despertar` instead). */
  iniciar() {
    if (this.iniciado || this.abortar.signal.aborted) return;
    this.iniciado = true;
    for (const e of this.trabajos.values()) this.programar(e, e.def.esperaInicialMs ?? 0);
  }

  /**
   * Runs the job now (new work arrived), due or not; if it is running here, once more when it ends; if another
   * instance holds it, tried again shortly. Resolves when this instance's run (and its reruns) ended.
   */
  despertar(nombre: string): Promise<void> {
    const e = this.trabajos.get(nombre);
    if (!e) throw new Error(`Trabajo ${nombre} no registrado`);
    e.despierto = true;
    return e.enCurso ?? this.correr(e);
  }

  /** Waits for the job's run on this instance, if one is running. */
  esperar(nombre: string): Promise<void> {
    return this.trabajos.get(nombre)?.enCurso ?? Promise.resolve();
  }

  /** This instance's figures per job (runs, failures, last duration, last success), for health and metrics. */
  metricas(): MetricasTrabajo[] {
    return [...this.trabajos.values()].map((e) => ({ ...e.metricas }));
  }

  /** The app closes: no timer fires again, a running job is told to stop and awaited. */
  async detener() {
    this.abortar.abort();
    for (const e of this.trabajos.values()) clearTimeout(e.temporizador);
    await Promise.all([...this.trabajos.values()].map((e) => e.enCurso?.catch(() => undefined)));
  }

  private programar(e: Estado, ms: number) {
    clearTimeout(e.temporizador);
    if (this.abortar.signal.aborted) return;
    e.temporizador = setTimeout(() => void (e.enCurso ?? this.correr(e)), Math.max(0, ms));
    e.temporizador.unref();
  }

  /** The wait after a run: back-off after a failure, else the schedule. */
  private siguiente(e: Estado, ok: boolean, fallos: number) {
    if (!ok) return esperaReintento(fallos, e.def.reintentoMs, e.def.reintentoMaxMs);
    if (e.def.proxima) {
      const ahora = new Date();
      return e.def.proxima(ahora).getTime() - ahora.getTime();
    }
    return e.def.intervaloMs ?? 0;
  }

  private correr(e: Estado): Promise<void> {
    const vuelta = (async () => {
      const limite = performance.now() + (e.def.arriendoMs ?? ARRIENDO_MS);
      try {
        do {
          const forzar = e.despierto;
          e.despierto = false;
          const esperaMs = await this.unaVez(e, forzar);
          if (this.abortar.signal.aborted) return;
          if (esperaMs === null && !this.iniciado) {
            // Not started (tests wake the jobs by hand): a wake waits here for the instance holding the job.
            if (forzar && performance.now() < limite) {
              await new Promise((listo) => setTimeout(listo, ESPERA_TURNO_MS));
              e.despierto = true;
            }
            continue;
          }
          if (esperaMs === null) {
            // Another instance holds it (or it is not due): look again when it may be taken; a wake sooner.
            const ms = await this.esperaAjena(e);
            this.programar(e, forzar ? Math.min(ms, REINTENTO_DESPERTAR_MS) : ms);
            if (forzar) e.despierto = true;
            return;
          }
          if (this.iniciado) this.programar(e, esperaMs);
        } while (e.despierto && !this.abortar.signal.aborted);
      } catch (err) {
        // The lease itself could not be read or written (database away): the timer tries again later.
        this.log.warn({ err, trabajo: e.def.nombre }, 'trabajo en segundo plano: no se pudo tomar el turno');
        if (this.iniciado) this.programar(e, esperaReintento(1, e.def.reintentoMs, e.def.reintentoMaxMs));
      }
    })().finally(() => {
      e.enCurso = null;
    });
    e.enCurso = vuelta;
    return vuelta;
  }

  private async esperaAjena(e: Estado) {
    const ms = await repo.espera(this.base.db, e.def.nombre);
    const tope = e.def.intervaloMs ?? 60_000;
    return Math.min(Math.max(ms, 10), tope);
  }

  /** One run: takes the lease (global jobs), runs, records. The wait until the next run, or null if not taken. */
  private async unaVez(e: Estado, forzar: boolean): Promise<number | null> {
    const { def } = e;
    const global = def.global ?? true;
    const arriendoMs = def.arriendoMs ?? ARRIENDO_MS;
    let fallosAntes = e.metricas.fallosSeguidos;
    if (global) {
      const tomado = await repo.tomar(this.base.db, def.nombre, this.instancia, arriendoMs, forzar);
      if (!tomado) return null;
      fallosAntes = tomado.fallosSeguidos;
    }
    e.metricas.enCurso = true;
    const renovacion = global
      ? setInterval(() => {
          repo.renovar(this.base.db, def.nombre, this.instancia, arriendoMs).catch(() => undefined);
        }, arriendoMs / 3)
      : undefined;
    renovacion?.unref();
    const inicio = performance.now();
    let ok = true;
    let error: string | null = null;
    try {
      await def.ejecutar(this.abortar.signal);
    } catch (err) {
      ok = false;
      error = err instanceof Error ? err.message : String(err);
      this.log.warn({ err, trabajo: def.nombre }, 'trabajo en segundo plano fallido');
    } finally {
      clearInterval(renovacion);
    }
    const duracionMs = Math.round(performance.now() - inicio);
    const fallos = ok ? 0 : fallosAntes + 1;
    const m = e.metricas;
    m.enCurso = false;
    m.ejecuciones += 1;
    m.ultimaDuracionMs = duracionMs;
    m.fallosSeguidos = fallos;
    m.ultimoError = error;
    if (ok) m.ultimoExito = new Date();
    else m.fallas += 1;
    const esperaMs = this.siguiente(e, ok, fallos);
    if (global) await repo.soltar(this.base.db, def.nombre, this.instancia, { ok, duracionMs, esperaMs, error });
    return esperaMs;
  }
}
