import { describe, expect, it } from 'vitest';
import { generarContrasenia, generarNombreUsuario, marcarNodo } from './usuarios';

const arbol = [
  { codigoPermisoRol: 1, detalle: [{ codigoPermisoRol: 11 }, { codigoPermisoRol: 12 }] },
  { codigoPermisoRol: 2, detalle: [{ codigoPermisoRol: 21, detalle: [{ codigoPermisoRol: 211 }] }] },
];

describe('marcarNodo (Permisos tree ticking rule)', () => {
  it('ticking a node ticks its parents and its children', () => {
    expect([...marcarNodo(arbol, new Set(), 21, true)].sort()).toEqual([2, 21, 211]);
    expect([...marcarNodo(arbol, new Set(), 1, true)].sort()).toEqual([1, 11, 12]);
    expect([...marcarNodo(arbol, new Set(), 211, true)].sort()).toEqual([2, 21, 211]);
  });
  it('unticking clears the node and its children, not its parents', () => {
    const todos = new Set([1, 11, 12, 2, 21, 211]);
    expect([...marcarNodo(arbol, todos, 21, false)].sort()).toEqual([1, 11, 12, 2]);
    expect([...marcarNodo(arbol, todos, 1, false)].sort()).toEqual([2, 21, 211]);
  });
});

describe('generated credentials', () => {
  it('user name: first letter of the names plus the paternal surname', () => {
    expect(generarNombreUsuario('José Luis', 'Ñahui Pérez')).toBe('jnahui');
  });
  it('password: 15 characters with digits, symbols, upper and lower case', () => {
    for (let i = 0; i < 50; i++) {
      const p = generarContrasenia();
      expect(p).toHaveLength(15);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[!@#$%&*?\-_+]/);
    }
  });
});
