import pg from 'pg';

/** Helpers the PostgreSQL benchmarks share: scratch databases, percentiles and sign-in. */

/** Runs one statement (CREATE or DROP DATABASE) on the server of `url`. */
export async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Procedure competency titles the benchmarks' departments get (records bench and the generator). */
export const COMPETENCY_TITLES = [
  'Thoracentesis',
  'Lumbar Puncture',
  'Central Venous Cannulation',
  'Endotracheal Intubation',
  'Arterial Blood Gas Sampling',
  'Abdominal Paracentesis',
  'Bone Marrow Aspiration',
  'Urinary Catheterisation',
  'Nasogastric Tube Insertion',
  'Cardiopulmonary Resuscitation',
  'Electrocardiogram Interpretation',
  'Peripheral Smear Examination',
  'Suturing of Lacerations',
  'Incision and Drainage',
  'Wound Debridement',
  'Fine Needle Aspiration Cytology',
  'Skin Biopsy',
  'Joint Aspiration',
  'Chest Tube Insertion',
  'Tracheostomy Care',
];
