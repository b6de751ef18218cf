import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `ms` milliseconds (searches debounce 500 ms, spec 01 §9). */
export function useDebounce<T>(valor: T, ms = 500): T {
  const [estable, setEstable] = useState(valor);
  useEffect(() => {
    const t = setTimeout(() => setEstable(valor), ms);
    return () => clearTimeout(t);
  }, [valor, ms]);
  return estable;
}
