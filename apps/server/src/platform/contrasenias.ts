import { type Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): about 30 ms here, slow enough against guessing.
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
const OPCIONES = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashContrasenia = (plano: string) => hash(plano, OPCIONES);

export async function verificarContrasenia(hashGuardado: string, plano: string): Promise<boolean> {
  try {
    return await verify(hashGuardado, plano);
  } catch {
    return false;
  }
}

let hashFicticio: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown user takes as long as a known one. */
export async function verificarFicticio(plano: string): Promise<void> {
  hashFicticio ??= hashContrasenia('cronos-usuario-inexistente');
  await verificarContrasenia(await hashFicticio, plano);
}
