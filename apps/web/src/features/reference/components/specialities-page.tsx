import { useDisclosure } from '@mantine/hooks';
import { canManageReferenceData, isStaff } from '@pgel/shared/auth/policies';
import type { Speciality } from '@pgel/shared/schemas/reference-admin';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { useSessionUser } from '../../../lib/session';
import { useDeleteSpeciality } from '../api/delete-speciality';
import { listSpecialities, specialitiesQueryKey } from '../api/list-specialities';
import { AddDepartmentListModal, SPECIALITY_LIST } from './add-department-list-modal';
import { DeleteButton } from './reference-dialogs';
import { NoAccessPanel, ReferencePage } from './reference-page';

const TITLE = 'Specialty List';

/**
 * /specialty: the Specialty List. Staff may read it; adding ('Add New') and deleting are for
 * Master only (spec 03 sections 2 and 6). The shell shows no floating button here.
 */
export function SpecialitiesPage() {
  const user = useSessionUser();
  const canView = isStaff(user);
  const canManage = canManageReferenceData(user);
  const [addOpened, addModal] = useDisclosure(false);
  const remove = useDeleteSpeciality();
  const list = useListQuery({ queryKey: specialitiesQueryKey, queryFn: listSpecialities, enabled: canView });

  if (!canView) return <NoAccessPanel title={TITLE} message="This page is for staff." />;

  const columns: DataTableColumn<Speciality>[] = [
    { key: 'sr', header: 'Sr. No.', cell: (_, n) => n, width: 70 },
    { key: 'title', header: 'Speciality', cell: (s) => s.title },
    { key: 'department', header: 'Department', cell: (s) => s.departmentName },
  ];
  if (canManage) {
    columns.push({
      key: 'action',
      header: 'Action',
      cell: (s) => <DeleteButton name={s.title} remove={() => remove.mutateAsync(s.id)} />,
    });
  }

  return (
    <ReferencePage title={TITLE} addLabel={canManage ? 'Add New' : undefined} onAdd={addModal.open}>
      <DataTable
        fixedPageSize
        label="Specialities"
        columns={columns}
        rowKey={(s) => s.id}
        searchPlaceholder="Search specialities"
        minWidth={520}
        {...list.tableProps}
      />
      {canManage ? (
        <AddDepartmentListModal list={SPECIALITY_LIST} opened={addOpened} onClose={addModal.close} />
      ) : null}
    </ReferencePage>
  );
}
