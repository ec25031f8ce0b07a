import { Select, SimpleGrid } from '@mantine/core';
import { errorMessage } from '../../../../lib/api-client';
import { useCollegeOptions, useDepartmentOptions } from '../api/filters';

type ReferralFiltersProps = {
  collegeId: string | null;
  departmentId: string | null;
  onCollegeChange: (collegeId: string | null) => void;
  onDepartmentChange: (departmentId: string | null) => void;
};

/**
 * Master narrows /referral to any college and department (spec 03 section 7). With a college
 * chosen the departments are that college's; without one, the whole catalogue.
 */
export function ReferralFilterSelects({
  collegeId,
  departmentId,
  onCollegeChange,
  onDepartmentChange,
}: ReferralFiltersProps) {
  const colleges = useCollegeOptions();
  const departments = useDepartmentOptions(collegeId);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="College"
        placeholder={colleges.isPending ? 'Loading colleges…' : 'All colleges'}
        searchable
        clearable
        nothingFoundMessage="No college found"
        data={(colleges.data ?? []).map((college) => ({ value: college.id, label: college.name }))}
        value={collegeId}
        onChange={onCollegeChange}
        error={colleges.isError ? errorMessage(colleges.error) : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Department"
        placeholder={departments.isPending ? 'Loading departments…' : 'All departments'}
        searchable
        clearable
        nothingFoundMessage="No department found"
        data={(departments.data ?? []).map((department) => ({
          value: department.id,
          label: department.name,
        }))}
        value={departmentId}
        onChange={onDepartmentChange}
        error={departments.isError ? errorMessage(departments.error) : undefined}
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}
