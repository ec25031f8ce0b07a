import { DrpHomePage } from '../../features/drp/components/drp-home-page';

/** `/drp/home` (DRP Co-ordinator): the DRP postings and Add DRPC. */
export function Component() {
  return <DrpHomePage />;
}
