import { Anchor, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canManageReferenceData } from '@pgel/shared/auth/policies';
import type { CollegeListItem } from '@pgel/shared/schemas/reference-admin';
import { IconEdit, IconPackage, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { useAddAction } from '../../../components/floating-add-button';
import { useSessionUser } from '../../../lib/session';
import { collegesQueryKey, listColleges } from '../api/list-colleges';
import { AddCollegeModal } from './add-college-modal';
import { DepartmentsCell } from './college-departments-cell';
import { EditDepartmentsModal } from './edit-departments-modal';
import { NoAccessPanel, ReferencePage } from './reference-page';

const TITLE = 'College List';

function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

type CollegesPageProps = {
  /**
   * The Add Staff modal of a row (spec 03 section 2: "Add action opens a staff-add modal for that
   * college"), open while `college` is set. Staff administration is another feature, so the route
   * module composes it in; without it the rows have no Add Staff action.
   */
  renderAddStaff?: (college: CollegeListItem | null, onClose: () => void) => ReactNode;
  /**
   * The Packages dialog of a row (issue 28: the packages the college's residents may buy), open
   * while `college` is set; commerce composes it in as staff does Add Staff.
   */
  renderPackages?: (college: CollegeListItem | null, onClose: () => void) => ReactNode;
};

/** /addCollege (Master): the College List, Add College, each college's departments and Add Staff. */
export function CollegesPage({ renderAddStaff, renderPackages }: CollegesPageProps = {}) {
  const user = useSessionUser();
  const isAllowed = canManageReferenceData(user);
  const [addOpened, addModal] = useDisclosure(false);
  const [editing, setEditing] = useState<CollegeListItem | null>(null);
  const [addingStaffTo, setAddingStaffTo] = useState<CollegeListItem | null>(null);
  const [packagesOf, setPackagesOf] = useState<CollegeListItem | null>(null);
  const list = useListQuery({
    queryKey: collegesQueryKey,
    queryFn: listColleges,
    enabled: isAllowed,
  });
  useAddAction(() => {
    if (isAllowed) addModal.open();
  });

  if (!isAllowed) return <NoAccessPanel title={TITLE} />;

  const columns: DataTableColumn<CollegeListItem>[] = [
    { key: 'sr', header: 'Sr. No.', cell: (_, n) => n, width: 70 },
    {
      key: 'name',
      header: 'College Name',
      cell: (college) => (
        <Group gap="sm" wrap="nowrap">
          {college.logoUrl ? <Avatar src={college.logoUrl} alt="" size={32} radius="sm" /> : null}
          <Text size="sm" fw={600}>
            {college.name}
          </Text>
        </Group>
      ),
    },
    { key: 'departments', header: 'Departments', cell: (college) => <DepartmentsCell college={college} /> },
    {
      key: 'address',
      header: 'Address',
      cell: (college) => (
        <Stack gap={0}>
          <Text size="sm">{college.address}</Text>
          <Text size="sm" c="dimmed">
            {college.state}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'contact',
      header: 'Phone / Mail',
      cell: (college) => (
        <Stack gap={0}>
          <Text size="sm">{college.phone}</Text>
          <Anchor href={`mailto:${college.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {college.email}
          </Anchor>
        </Stack>
      ),
    },
    {
      key: 'details',
      header: 'Details',
      cell: (college) => (
        <Stack gap={0}>
          <Text size="sm">GSTIN: {college.gstin || 'N/A'}</Text>
          <Text size="sm">
            Website:{' '}
            {college.website ? (
              <Anchor href={websiteHref(college.website)} target="_blank" rel="noopener noreferrer" size="sm">
                {college.website}
              </Anchor>
            ) : (
              'N/A'
            )}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      cell: (college) => (
        <Stack gap={6} align="flex-start">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconEdit size={16} aria-hidden />}
            aria-label={`Edit departments of ${college.name}`}
            onClick={() => setEditing(college)}
          >
            Edit
          </Button>
          {renderAddStaff ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              aria-label={`Add Staff to ${college.name}`}
              onClick={() => setAddingStaffTo(college)}
              style={{ whiteSpace: 'nowrap' }}
            >
              Add Staff
            </Button>
          ) : null}
          {renderPackages ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPackage size={16} aria-hidden />}
              aria-label={`Packages of ${college.name}`}
              onClick={() => setPackagesOf(college)}
            >
              Packages
            </Button>
          ) : null}
        </Stack>
      ),
    },
  ];

  return (
    <ReferencePage title={TITLE} addLabel="Add College" onAdd={addModal.open}>
      <DataTable
        fixedPageSize
        label="Colleges"
        columns={columns}
        rowKey={(college) => college.id}
        searchPlaceholder="Search name, address, website, email"
        minWidth={900}
        {...list.tableProps}
      />
      <AddCollegeModal opened={addOpened} onClose={addModal.close} />
      <EditDepartmentsModal college={editing} onClose={() => setEditing(null)} />
      {renderAddStaff?.(addingStaffTo, () => setAddingStaffTo(null))}
      {renderPackages?.(packagesOf, () => setPackagesOf(null))}
    </ReferencePage>
  );
}
