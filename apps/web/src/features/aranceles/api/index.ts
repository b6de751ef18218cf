/** Query keys of the tariff headings: one factory, so every invalidation names what it refreshes. */
export const clavesAranceles = {
  todo: ['aranceles'] as const,
  listas: () => [...clavesAranceles.todo, 'lista'] as const,
};
