-- The national list of MD/MS broad specialities (NMC, Postgraduate Medical Education
-- Regulations) and the course(s) each one leads to, so a new college can pick its departments
-- from the catalogue. Idempotent: a department that already exists (the demo seed's General
-- Medicine and Forensic Medicine, or one a Master added) is kept, and a course is inserted only
-- when its department has no course of that title yet.
WITH catalogue(department, course) AS (
  VALUES
    ('Aerospace Medicine', 'MD Aerospace Medicine'),
    ('Anaesthesiology', 'MD Anaesthesiology'),
    ('Anatomy', 'MD Anatomy'),
    ('Biochemistry', 'MD Biochemistry'),
    ('Community Medicine', 'MD Community Medicine'),
    ('Dermatology Venereology and Leprosy', 'MD Dermatology Venereology and Leprosy'),
    ('Emergency Medicine', 'MD Emergency Medicine'),
    ('Family Medicine', 'MD Family Medicine'),
    ('Forensic Medicine', 'MD Forensic Medicine'),
    ('General Medicine', 'MD General Medicine'),
    ('Geriatrics', 'MD Geriatrics'),
    ('Hospital Administration', 'MD Hospital Administration'),
    ('Immuno Haematology and Blood Transfusion', 'MD Immuno Haematology and Blood Transfusion'),
    ('Infectious Diseases', 'MD Infectious Diseases'),
    ('Laboratory Medicine', 'MD Laboratory Medicine'),
    ('Marine Medicine', 'MD Marine Medicine'),
    ('Microbiology', 'MD Microbiology'),
    ('Nuclear Medicine', 'MD Nuclear Medicine'),
    ('Paediatrics', 'MD Paediatrics'),
    ('Palliative Medicine', 'MD Palliative Medicine'),
    ('Pathology', 'MD Pathology'),
    ('Pharmacology', 'MD Pharmacology'),
    ('Physical Medicine and Rehabilitation', 'MD Physical Medicine and Rehabilitation'),
    ('Physiology', 'MD Physiology'),
    ('Psychiatry', 'MD Psychiatry'),
    ('Radiation Oncology', 'MD Radiation Oncology'),
    ('Radio-diagnosis', 'MD Radio-diagnosis'),
    ('Respiratory Medicine', 'MD Respiratory Medicine'),
    ('Sports Medicine', 'MD Sports Medicine'),
    ('Tropical Medicine', 'MD Tropical Medicine'),
    ('General Surgery', 'MS General Surgery'),
    ('Obstetrics and Gynaecology', 'MD Obstetrics and Gynaecology'),
    ('Obstetrics and Gynaecology', 'MS Obstetrics and Gynaecology'),
    ('Ophthalmology', 'MS Ophthalmology'),
    ('Orthopaedics', 'MS Orthopaedics'),
    ('Otorhinolaryngology (ENT)', 'MS Otorhinolaryngology (ENT)'),
    ('Traumatology and Surgery', 'MS Traumatology and Surgery')
),
new_departments AS (
  INSERT INTO departments (name)
  SELECT DISTINCT department FROM catalogue
  ON CONFLICT (name) DO NOTHING
  RETURNING id, name
),
all_departments AS (
  SELECT id, name FROM new_departments
  UNION ALL
  SELECT d.id, d.name FROM departments d WHERE d.name IN (SELECT department FROM catalogue)
)
INSERT INTO courses (department_id, title)
SELECT d.id, c.course
FROM catalogue c
JOIN all_departments d ON d.name = c.department
WHERE NOT EXISTS (
  SELECT 1 FROM courses existing WHERE existing.department_id = d.id AND existing.title = c.course
);
