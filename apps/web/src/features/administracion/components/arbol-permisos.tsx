import { marcarNodo, type NodoPermiso } from '@cronos/contract';
import { Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';

const aDatos = (nodos: NodoPermiso[]): DataNode[] =>
  nodos.map((n) => ({
    key: n.codigoPermisoRol,
    title: n.header,
    children: n.detalle.length ? aDatos(n.detalle) : undefined,
  }));

/**
 * The checkable module tree of the Permisos tab: ticking a node ticks its parents and children, unticking
 * clears its children (spec 02 §5, the contract's marcarNodo).
 */
export function ArbolPermisos(p: {
  arbol: NodoPermiso[];
  marcados: Set<number>;
  alCambiar: (m: Set<number>) => void;
  soloLectura?: boolean;
}) {
  return (
    <Tree
      checkable
      checkStrictly
      defaultExpandAll
      selectable={false}
      disabled={p.soloLectura}
      treeData={aDatos(p.arbol)}
      checkedKeys={{ checked: [...p.marcados], halfChecked: [] }}
      onCheck={(_c, info) => p.alCambiar(marcarNodo(p.arbol, p.marcados, Number(info.node.key), info.checked))}
    />
  );
}

/** The ticked nodes of a tree as loaded (screens listed, groups with a listed screen). */
export function marcadosDe(arbol: NodoPermiso[]): Set<number> {
  const s = new Set<number>();
  const recorrer = (ns: NodoPermiso[]) => {
    for (const n of ns) {
      if (n.habilitado || n.permiteListar) s.add(n.codigoPermisoRol);
      recorrer(n.detalle);
    }
  };
  recorrer(arbol);
  return s;
}

/**
 * The tree to send: a ticked screen keeps the action flags it had; a newly ticked one gets the flags the
 * acting user holds on that screen (a level-2 administrator cannot grant more, the server checks it).
 */
export function arbolParaGuardar(
  arbol: NodoPermiso[],
  marcados: Set<number>,
  propios: Map<
    string,
    Omit<NodoPermiso, 'detalle' | 'header' | 'urlLink' | 'iconoLink' | 'codigoPermisoRol' | 'habilitado'>
  >,
): NodoPermiso[] {
  return arbol.map((n) => {
    const marcado = marcados.has(n.codigoPermisoRol);
    const teniaFlags = n.permiteListar;
    const propio = propios.get(n.urlLink);
    const flags = teniaFlags
      ? { permiteAgregar: n.permiteAgregar, permiteEditar: n.permiteEditar, permiteEliminar: n.permiteEliminar }
      : {
          permiteAgregar: !!propio?.permiteAgregar,
          permiteEditar: !!propio?.permiteEditar,
          permiteEliminar: !!propio?.permiteEliminar,
        };
    return {
      ...n,
      permiteListar: marcado,
      ...(marcado ? flags : { permiteAgregar: false, permiteEditar: false, permiteEliminar: false }),
      habilitado: marcado,
      detalle: arbolParaGuardar(n.detalle, marcados, propios),
    };
  });
}
