import { Badge, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canManageReferenceData } from '@pgel/shared/auth/policies';
import type { DepartmentCatalogItem } from '@pgel/shared/schemas/reference-admin';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { useAddAction } from '../../../components/floating-add-button';
import { useSessionUser } from '../../../lib/session';
import { adminDepartmentsQueryKey, listAdminDepartments } from '../api/departments-admin';
import { AddCourseModal, AddDepartmentModal } from './add-department-modal';
import { NoAccessPanel, ReferencePage } from './reference-page';

const TITLE = 'Departments';

/**
 * /departments (Master): the departments catalogue (the national MD/MS list and those added
 * here) with each one's courses; Add Department, and Add Course on a row. Colleges pick their
 * departments from this catalogue, and students sign up to its courses.
 */
export function DepartmentsPage() {
  const user = useSessionUser();
  const isAllowed = canManageReferenceData(user);
  const [addOpened, addModal] = useDisclosure(false);
  const [addingCourseTo, setAddingCourseTo] = useState<DepartmentCatalogItem | null>(null);
  const list = useListQuery({
    queryKey: adminDepartmentsQueryKey,
    queryFn: listAdminDepartments,
    enabled: isAllowed,
  });
  useAddAction(() => {
    if (isAllowed) addModal.open();
  });

  if (!isAllowed) return <NoAccessPanel title={TITLE} />;

  const columns: DataTableColumn<DepartmentCatalogItem>[] = [
    { key: 'sr', header: 'Sr. No.', cell: (_, n) => n, width: 70 },
    {
      key: 'name',
      header: 'Department',
      sortKey: 'name',
      cell: (department) => (
        <Text size="sm" fw={600}>
          {department.name}
        </Text>
      ),
    },
    {
      key: 'courses',
      header: 'Courses',
      cell: (department) =>
        department.courses.length > 0 ? (
          <Group gap={6}>
            {department.courses.map((course) => (
              <Badge key={course.id} variant="light" radius="sm" tt="none" fw={500}>
                {course.title}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No course yet
          </Text>
        ),
    },
    {
      key: 'action',
      header: 'Action',
      cell: (department) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          aria-label={`Add Course to ${department.name}`}
          onClick={() => setAddingCourseTo(department)}
          style={{ whiteSpace: 'nowrap' }}
        >
          Add Course
        </Button>
      ),
    },
  ];

  return (
    <ReferencePage title={TITLE} addLabel="Add Department" onAdd={addModal.open}>
      <DataTable
        label="Departments"
        columns={columns}
        rowKey={(department) => department.id}
        searchPlaceholder="Search departments and courses"
        minWidth={640}
        {...list.tableProps}
      />
      <AddDepartmentModal opened={addOpened} onClose={addModal.close} />
      <AddCourseModal department={addingCourseTo} onClose={() => setAddingCourseTo(null)} />
    </ReferencePage>
  );
}
