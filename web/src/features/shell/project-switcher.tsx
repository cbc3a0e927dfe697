import { ChevronsUpDown } from 'lucide-react';
import type { ReactElement } from 'react';
import { DropdownMenu, MenuLabel, MenuRadioGroup, MenuRadioItem } from '../../components/dropdown-menu';
import { useCurrentOrg, useCurrentProject, useOrgProjects } from './current-scope';
import { roleLabel } from './role-label';
import styles from './sidebar.module.css';
import { projectSwitchTarget } from './switch-target';
import { useCurrentPath } from './use-current-path';
import { useNavigateTo } from './use-navigate-to';

/** Pick the project among those the person reaches in the organization; the URL changes with it. */
export function ProjectSwitcher(): ReactElement | null {
  const org = useCurrentOrg();
  const projects = useOrgProjects(org?.id);
  const project = useCurrentProject();
  const path = useCurrentPath();
  const go = useNavigateTo();
  if (!org || projects.length === 0) return null;
  return (
    <DropdownMenu
      align="start"
      label="Projects"
      trigger={
        <button type="button" className={styles.switcher}>
          <span className="visually-hidden">Project: </span>
          <span className={styles.switcherText}>
            <span className={styles.switcherName}>{project?.name ?? 'Choose a project'}</span>
            {project?.role && <span className={styles.switcherMeta}>Project {roleLabel(project.role).toLowerCase()}</span>}
          </span>
          <span className="visually-hidden">— switch project</span>
          <ChevronsUpDown size={14} aria-hidden />
        </button>
      }
    >
      <MenuLabel>Projects in {org.name}</MenuLabel>
      <MenuRadioGroup
        label="Projects"
        value={project?.id ?? ''}
        onValueChange={(id) => {
          const next = projects.find((p) => p.id === id);
          if (next) go(projectSwitchTarget(path, next));
        }}
      >
        {projects.map((p) => <MenuRadioItem key={p.id} value={p.id}>{p.name}</MenuRadioItem>)}
      </MenuRadioGroup>
    </DropdownMenu>
  );
}
