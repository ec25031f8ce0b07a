import { Button, Group, Select } from '@mantine/core';
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import {
  ACADEMIC_REPORT_MENUS,
  REPORT_MESSAGES,
  REPORT_STATUS_FILTERS,
  REPORT_STATUS_LABELS,
  type ReportStatusFilter,
} from '@pgel/shared/reports/activity';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { DownloadButton } from '../../../../components/download-button';
import { useColleges } from '../../../auth/api/get-colleges';
import { useDepartments } from '../../../auth/api/get-departments';
import { StudentFilter } from '../../../records/components/student-filter';
import type { ReportFilters } from '../api/list-report-activity';

/** Every menu: the record kinds in menu order, then the academic record types. */
export const MENU_OPTIONS = [
  { value: '', label: 'All menus' },
  ...RECORD_KINDS.map((kind) => ({ value: kind.id, label: kind.menuTitle })),
  ...ACADEMIC_REPORT_MENUS.map((menu) => ({ value: menu.id, label: menu.title })),
];

const STATUS_OPTIONS = REPORT_STATUS_FILTERS.map((status) => ({
  value: status,
  label: REPORT_STATUS_LABELS[status],
}));

const selectProps = {
  size: 'sm',
  w: { base: '100%', xs: 190 },
  comboboxProps: { withinPortal: true },
} as const;

/** Master and Admin's department choice: a college, then one of the departments it runs. */
function DepartmentChooser({
  collegeId,
  departmentId,
  onChange,
}: {
  collegeId: string | null;
  departmentId: string | null;
  onChange: (next: { collegeId: string | null; departmentId: string | null }) => void;
}) {
  const colleges = useColleges();
  const departments = useDepartments(collegeId);
  return (
    <>
      <Select
        {...selectProps}
        aria-label="College"
        placeholder="All colleges"
        data={(colleges.data ?? []).map((college) => ({ value: college.id, label: college.name }))}
        value={collegeId}
        onChange={(value) => onChange({ collegeId: value, departmentId: null })}
        searchable
        clearable
      />
      <Select
        {...selectProps}
        aria-label="Department"
        placeholder={collegeId ? 'All departments' : 'Choose a college first'}
        data={(departments.data ?? []).map((department) => ({
          value: department.id,
          label: department.name,
        }))}
        value={departmentId}
        onChange={(value) => onChange({ collegeId, departmentId: value })}
        disabled={!collegeId}
        searchable
        clearable
      />
    </>
  );
}

type ReportFiltersBarProps = {
  /** The filters the table shows now; the selects start from them. */
  applied: ReportFilters;
  /** Master and Admin choose the department; other staff see their own only. */
  canChooseDepartment: boolean;
  onApply: (filters: ReportFilters) => void;
  /** The export's address with the applied filters (not the unapplied choices). */
  exportUrl: string;
};

/**
 * The filters row of /reports: the choices wait in the selects until Filter applies them, as
 * the spec's Filter button does; Export CSV downloads what the table shows (every page).
 */
export function ReportFiltersBar({
  applied,
  canChooseDepartment,
  onApply,
  exportUrl,
}: ReportFiltersBarProps) {
  const [draft, setDraft] = useState<ReportFilters>(applied);
  const change = (changes: Partial<ReportFilters>) => setDraft((current) => ({ ...current, ...changes }));
  const orUndefined = (value: string | null) => value ?? undefined;

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Filters">
      {canChooseDepartment ? (
        <DepartmentChooser
          collegeId={draft.collegeId ?? null}
          departmentId={draft.departmentId ?? null}
          onChange={(next) =>
            change({ collegeId: orUndefined(next.collegeId), departmentId: orUndefined(next.departmentId) })
          }
        />
      ) : null}
      <Select
        {...selectProps}
        aria-label="Menu"
        data={MENU_OPTIONS}
        value={draft.menu ?? ''}
        onChange={(value) => change({ menu: value || undefined })}
        allowDeselect={false}
        searchable
      />
      <StudentFilter
        value={draft.studentId ?? null}
        onChange={(value) => change({ studentId: orUndefined(value) })}
      />
      <Select
        {...selectProps}
        aria-label="Status"
        data={STATUS_OPTIONS}
        value={draft.status}
        onChange={(value) => change({ status: (value ?? 'all') as ReportStatusFilter })}
        allowDeselect={false}
      />
      <Group gap="sm" wrap="nowrap" w={{ base: '100%', xs: 'auto' }} grow preventGrowOverflow={false}>
        <Button leftSection={<IconFilter size={18} aria-hidden />} onClick={() => onApply(draft)}>
          Filter
        </Button>
        <DownloadButton url={exportUrl} fileName={REPORT_MESSAGES.exportFileName}>
          Export CSV
        </DownloadButton>
      </Group>
    </Group>
  );
}
