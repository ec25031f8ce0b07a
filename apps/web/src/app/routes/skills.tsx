import { SkillsPage } from '../../features/reference/components/skills-page';

export function Component() {
  return <SkillsPage />;
}
