/** What `npm run generate -- --scale <name>` makes (issue 16). */
export type Scale = {
  colleges: number;
  students: number;
  /** Records wanted in all; the generator lands within a few per cent of it. */
  records: number;
  /** Colleges per progress step (one statement per kind and step). */
  collegesPerChunk: number;
};

export const SCALES: Record<string, Scale> = {
  small: { colleges: 7, students: 2_000, records: 200_000, collegesPerChunk: 1 },
  national: { colleges: 700, students: 200_000, records: 20_000_000, collegesPerChunk: 10 },
};

/** Every account's password (one argon2 hash, computed once). */
export const PASSWORD = 'Bench-Password-1';

/** Departments: each college runs the first ten and some of the rest (Forensic Medicine among them). */
export const DEPARTMENTS = [
  'General Medicine',
  'General Surgery',
  'Obstetrics and Gynaecology',
  'Paediatrics',
  'Orthopaedics',
  'Anaesthesiology',
  'Radiodiagnosis',
  'Pathology',
  'Community Medicine',
  'Dermatology',
  'Psychiatry',
  'Ophthalmology',
  'Otorhinolaryngology',
  'Respiratory Medicine',
  'Emergency Medicine',
  'Microbiology',
  'Pharmacology',
  'Physiology',
  'Biochemistry',
  'Forensic Medicine',
] as const;

/** Staff of every college department: the HOD (j = 0) and faculty (j = 1..). */
export const FACULTY_ROLES = [
  'hod',
  'professor',
  'associate_professor',
  'assistant_professor',
  'assistant_professor',
  'senior_resident',
] as const;

export const STATES = [
  'Kerala',
  'Tamil Nadu',
  'Karnataka',
  'Maharashtra',
  'Uttar Pradesh',
  'Bihar',
  'West Bengal',
  'Gujarat',
  'Rajasthan',
  'Madhya Pradesh',
  'Telangana',
  'Andhra Pradesh',
  'Odisha',
  'Punjab',
  'Haryana',
  'Assam',
  'Delhi',
  'Jharkhand',
  'Chhattisgarh',
  'Uttarakhand',
];

export const CITIES = [
  'Kochi',
  'Chennai',
  'Bengaluru',
  'Pune',
  'Lucknow',
  'Patna',
  'Kolkata',
  'Ahmedabad',
  'Jaipur',
  'Bhopal',
  'Hyderabad',
  'Vijayawada',
  'Cuttack',
  'Amritsar',
  'Rohtak',
  'Guwahati',
  'New Delhi',
  'Ranchi',
  'Raipur',
  'Dehradun',
];

export const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Akash',
  'Ananya',
  'Arjun',
  'Asha',
  'Bhavna',
  'Deepak',
  'Divya',
  'Farhan',
  'Gauri',
  'Harish',
  'Isha',
  'Jaya',
  'Karan',
  'Kavya',
  'Lakshmi',
  'Manoj',
  'Meera',
  'Mohammed',
  'Neha',
  'Nikhil',
  'Pooja',
  'Pranav',
  'Priya',
  'Rahul',
  'Rekha',
  'Rohan',
  'Sana',
  'Sanjay',
  'Shreya',
  'Suresh',
  'Tanvi',
  'Varun',
  'Vidya',
  'Vikram',
  'Yash',
  'Zoya',
  'Anil',
  'Geeta',
];

export const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Nair',
  'Menon',
  'Iyer',
  'Reddy',
  'Rao',
  'Patel',
  'Shah',
  'Gupta',
  'Singh',
  'Kumar',
  'Das',
  'Bose',
  'Mukherjee',
  'Khan',
  'Qureshi',
  'Pillai',
  'Joshi',
  'Kulkarni',
  'Deshmukh',
  'Chauhan',
  'Yadav',
  'Mishra',
  'Pandey',
  'Thomas',
  'George',
  'Fernandes',
  'Gill',
  'Sethi',
];

/** Competency titles (each department gets PROC_COMPETENCIES of them, and as many diagnostic ones). */
export { COMPETENCY_TITLES as COMPETENCY_WORDS } from '../support';
export const COMPETENCIES_PER_TYPE = 20;
export const SKILLS_PER_COMPETENCY = 3;
export const SPECIALITIES_PER_DEPARTMENT = 10;

/** Sentences textareas and remarks are made of. */
export const SENTENCES = [
  'Patient presented with fever and cough for five days, managed conservatively.',
  'Procedure performed under aseptic precautions without complications.',
  'Discussed differential diagnosis and plan of management with the unit.',
  'Observed the senior resident and assisted in the procedure.',
  'Case presented at the departmental clinical meeting.',
  'Follow up advised after two weeks with investigations.',
  'History of hypertension and diabetes for ten years, on regular medication.',
  'Learned the indications, contraindications and complications.',
  'Good clinical correlation with the radiological findings.',
  'Counselled the patient and relatives regarding the prognosis.',
  'Performed independently under supervision of the faculty.',
  'Reviewed recent literature on the topic for the seminar.',
];

export const VERIFIER_REMARKS = [
  'Good work',
  'Well documented',
  'Satisfactory',
  'Needs more detail',
  'Excellent presentation',
  'Verified',
  'Please attach supporting documents next time',
  'Good clinical reasoning',
];

/** Expected records of each kind per student, before scaling to the wanted total. */
export const KIND_WEIGHTS: Record<string, number> = {
  'introduction-schedule': 2,
  teaching: 8,
  'clinical-training': 10,
  opd: 12,
  conference: 3,
  'paper-poster': 2,
  'thesis-review': 2,
  'speciality-posting': 3,
  'diagnostic-skill': 10,
  'surgical-skill': 8,
  'skills-lab': 4,
  'extra-curricular': 2,
  leave: 3,
  'clinical-case': 10,
  procedure: 12,
  publication: 1,
  'synopsis-upload': 1,
  'thesis-upload': 1,
  // Students with a DRP posting only.
  'drp-activity': 6,
  'drp-upload': 1,
  // Forensic Medicine students only.
  'drp-autopsy': 10,
  'medico-legal': 8,
  'expert-opinion': 4,
  'crime-scene': 4,
};

/** Every student has one checklist record per particular. */
export const CHECKLIST_PER_STUDENT = 8;

/** Distinct sealed patient-detail values per kind, reused across its records (AES in JS is slow). */
export const SEALED_POOL = 1000;
