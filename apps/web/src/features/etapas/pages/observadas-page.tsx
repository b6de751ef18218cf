import { RevisionOrdenes } from './revision-page';

/** operator/check: the observed-orders inbox where an administrator lifts an observation (DOMAIN.md §4). */
export default function ObservadasPage() {
  return <RevisionOrdenes bandeja />;
}
