import { ForensicReportPage } from '../../features/drp/components/forensic-report-page';

/**
 * The Forensic Medicine record pages (issue 12), one module for the four routes: `/autopsy`
 * (autopsy during DRP), `/forn/medico`, `/forn/expertOpinion` and `/forn/crimeScene`.
 */
export function AutopsyRoute() {
  return <ForensicReportPage kindId="autopsy" />;
}

export function MedicoLegalRoute() {
  return <ForensicReportPage kindId="medico-legal" />;
}

export function ExpertOpinionRoute() {
  return <ForensicReportPage kindId="expert-opinion" />;
}

export function CrimeSceneRoute() {
  return <ForensicReportPage kindId="crime-scene" />;
}
