import { Badge } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canManageReferenceData } from '@pgel/shared/auth/policies';
import { COMPETENCY_TYPE_LABELS, type Skill } from '@pgel/shared/schemas/reference-admin';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { useAddAction } from '../../../components/floating-add-button';
import { useSessionUser } from '../../../lib/session';
import { useDeleteSkill } from '../api/delete-skill';
import { listSkills, skillsQueryKey } from '../api/list-skills';
import { AddSkillsModal } from './add-skills-modal';
import { DeleteButton } from './reference-dialogs';
import { NoAccessPanel, ReferencePage } from './reference-page';

const TITLE = 'Skill List';

/** /skills (Master): the Skill List (each skill under a competency), delete and Add Skills. */
export function SkillsPage() {
  const user = useSessionUser();
  const isAllowed = canManageReferenceData(user);
  const [addOpened, addModal] = useDisclosure(false);
  const remove = useDeleteSkill();
  const list = useListQuery({ queryKey: skillsQueryKey, queryFn: listSkills, enabled: isAllowed });
  useAddAction(() => {
    if (isAllowed) addModal.open();
  });

  if (!isAllowed) return <NoAccessPanel title={TITLE} />;

  const columns: DataTableColumn<Skill>[] = [
    { key: 'sr', header: 'Sr. No.', cell: (_, n) => n, width: 70 },
    { key: 'title', header: 'Skill', cell: (s) => s.title },
    { key: 'competency', header: 'Competency', cell: (s) => s.competencyTitle },
    { key: 'department', header: 'Department', cell: (s) => s.departmentName },
    {
      key: 'type',
      header: 'Type',
      cell: (s) => (
        <Badge variant="light" color={s.type === 'diag' ? 'brand' : 'grape'} radius="sm">
          {COMPETENCY_TYPE_LABELS[s.type]}
        </Badge>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      cell: (s) => <DeleteButton name={s.title} remove={() => remove.mutateAsync(s.id)} />,
    },
  ];

  return (
    <ReferencePage title={TITLE} addLabel="Add Skill" onAdd={addModal.open}>
      <DataTable
        fixedPageSize
        label="Skills"
        columns={columns}
        rowKey={(s) => s.id}
        searchPlaceholder="Search skills"
        minWidth={760}
        {...list.tableProps}
      />
      <AddSkillsModal opened={addOpened} onClose={addModal.close} />
    </ReferencePage>
  );
}
