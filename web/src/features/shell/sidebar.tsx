import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import logo from '../../assets/favicon.svg';
import { useCurrentOrg, useCurrentProject } from './current-scope';
import { ORG_PAGES, PROJECT_PAGES, type OrgPage, type ProjectPage } from './navigation';
import { OrgSwitcher } from './org-switcher';
import { ProjectSwitcher } from './project-switcher';
import styles from './sidebar.module.css';

function Soon({ issue }: { readonly issue: number | undefined }): ReactElement | null {
  if (issue === undefined) return null;
  return <span className={styles.soon} title={`Coming next (issue ${issue})`}>soon</span>;
}

function OrgLink({ page, orgId }: { readonly page: OrgPage; readonly orgId: string }): ReactElement {
  const Icon = page.icon;
  return (
    <Link to={page.to} params={{ orgId }} className={styles.link} activeOptions={{ exact: page.to === '/orgs/$orgId' }}>
      <Icon size={16} aria-hidden />
      <span className={styles.linkLabel}>{page.label}</span>
      <Soon issue={page.comingNext} />
    </Link>
  );
}

function ProjectLink({ page, orgId, projectId }: { readonly page: ProjectPage; readonly orgId: string; readonly projectId: string }): ReactElement {
  const Icon = page.icon;
  return (
    <Link to={page.to} params={{ orgId, projectId }} className={styles.link}>
      <Icon size={16} aria-hidden />
      <span className={styles.linkLabel}>{page.label}</span>
      <Soon issue={page.comingNext} />
    </Link>
  );
}

/**
 * The navigation: organization switcher and pages, project switcher and pages. A page is listed
 * only when the abilities the API reports for the person allow it.
 */
export function Sidebar(): ReactElement {
  const org = useCurrentOrg();
  const project = useCurrentProject();
  return (
    <nav className={styles.sidebar} aria-label="Console">
      <Link to="/" className={styles.brand}>
        <img src={logo} alt="" className={styles.logo} />
        tf-gateway
      </Link>
      <OrgSwitcher />
      {org && (
        <div className={styles.section}>
          <h2 className={styles.sectionTitle}>Organization</h2>
          {ORG_PAGES.filter((page) => page.allowed(org.abilities)).map((page) => <OrgLink key={page.to} page={page} orgId={org.id} />)}
        </div>
      )}
      {org && (
        <div className={styles.section}>
          <h2 className={styles.sectionTitle}>Project</h2>
          <ProjectSwitcher />
          {project
            ? PROJECT_PAGES.filter((page) => page.allowed(project.abilities)).map((page) => <ProjectLink key={page.to} page={page} orgId={org.id} projectId={project.id} />)
            : <p className={styles.none}>You reach no project in this organization.</p>}
        </div>
      )}
    </nav>
  );
}
