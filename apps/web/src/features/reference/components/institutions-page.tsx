import { Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canAddInstitution } from '@pgel/shared/auth/policies';
import type { Institution } from '@pgel/shared/schemas/reference-admin';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { useAddAction } from '../../../components/floating-add-button';
import { useSessionUser } from '../../../lib/session';
import { useDeleteInstitution } from '../api/delete-institution';
import { institutionsQueryKey, listInstitutions } from '../api/list-institutions';
import { AddInstitutionModal } from './add-institution-modal';
import { DeleteButton } from './reference-dialogs';
import { NoAccessPanel, ReferencePage } from './reference-page';

const TITLE = 'Institution List';

/**
 * /addInstitute (any staff): the Institution List and Add Institution. Delete shows only on the
 * rows the server says the caller may delete (`canDelete`), and reports the server's real answer.
 */
export function InstitutionsPage() {
  const user = useSessionUser();
  const isAllowed = canAddInstitution(user);
  const [addOpened, addModal] = useDisclosure(false);
  const remove = useDeleteInstitution();
  const list = useListQuery({
    queryKey: institutionsQueryKey,
    queryFn: listInstitutions,
    enabled: isAllowed,
  });
  useAddAction(() => {
    if (isAllowed) addModal.open();
  });

  if (!isAllowed) return <NoAccessPanel title={TITLE} message="This page is for staff." />;

  const columns: DataTableColumn<Institution>[] = [
    { key: 'sr', header: 'Sr. No.', cell: (_, n) => n, width: 70 },
    { key: 'name', header: 'Name', cell: (i) => i.name },
    { key: 'state', header: 'State', cell: (i) => i.state },
    {
      key: 'action',
      header: 'Action',
      cell: (i) =>
        i.canDelete ? (
          <DeleteButton name={i.name} remove={() => remove.mutateAsync(i.id)} />
        ) : (
          <Text size="sm" c="dimmed">
            <span aria-hidden>—</span>
            <VisuallyHidden>No action</VisuallyHidden>
          </Text>
        ),
    },
  ];

  return (
    <ReferencePage title={TITLE} addLabel="Add Institution" onAdd={addModal.open}>
      <DataTable
        fixedPageSize
        label="Institutions"
        columns={columns}
        rowKey={(i) => i.id}
        searchPlaceholder="Search institutions"
        minWidth={520}
        {...list.tableProps}
      />
      <AddInstitutionModal opened={addOpened} onClose={addModal.close} />
    </ReferencePage>
  );
}
