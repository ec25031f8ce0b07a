import { Badge } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canManageReferenceData } from '@pgel/shared/auth/policies';
import { COMPETENCY_TYPE_LABELS, type Competency } from '@pgel/shared/schemas/reference-admin';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { useAddAction } from '../../../components/floating-add-button';
import { useSessionUser } from '../../../lib/session';
import { useDeleteCompetency } from '../api/delete-competency';
import { competenciesQueryKey, listCompetencies } from '../api/list-competencies';
import { AddDepartmentListModal, COMPETENCY_LIST } from './add-department-list-modal';
import { DeleteButton } from './reference-dialogs';
import { NoAccessPanel, ReferencePage } from './reference-page';

const TITLE = 'Competency List';

/** /computency (Master): the Competency List, delete and Add Competency. */
export function CompetenciesPage() {
  const user = useSessionUser();
  const isAllowed = canManageReferenceData(user);
  const [addOpened, addModal] = useDisclosure(false);
  const remove = useDeleteCompetency();
  const list = useListQuery({
    queryKey: [...competenciesQueryKey, 'list'],
    queryFn: listCompetencies,
    enabled: isAllowed,
  });
  useAddAction(() => {
    if (isAllowed) addModal.open();
  });

  if (!isAllowed) return <NoAccessPanel title={TITLE} />;

  const columns: DataTableColumn<Competency>[] = [
    { key: 'sr', header: 'Sr. No.', cell: (_, n) => n, width: 70 },
    { key: 'college', header: 'College Name', cell: (c) => c.collegeName ?? 'All colleges' },
    { key: 'department', header: 'Departments', cell: (c) => c.departmentName },
    { key: 'title', header: 'Competency', cell: (c) => c.title },
    {
      key: 'type',
      header: 'Type',
      cell: (c) => (
        <Badge variant="light" color={c.type === 'diag' ? 'brand' : 'grape'} radius="sm">
          {COMPETENCY_TYPE_LABELS[c.type]}
        </Badge>
      ),
    },
    {
      key: 'control',
      header: 'Control',
      cell: (c) => <DeleteButton name={c.title} remove={() => remove.mutateAsync(c.id)} />,
    },
  ];

  return (
    <ReferencePage title={TITLE} addLabel="Add Competency" onAdd={addModal.open}>
      <DataTable
        fixedPageSize
        label="Competencies"
        columns={columns}
        rowKey={(c) => c.id}
        searchPlaceholder="Search competencies"
        minWidth={760}
        {...list.tableProps}
      />
      <AddDepartmentListModal list={COMPETENCY_LIST} opened={addOpened} onClose={addModal.close} />
    </ReferencePage>
  );
}
