import { useNavigate } from '@tanstack/react-router';
import { Building, ChevronsUpDown } from 'lucide-react';
import type { ReactElement } from 'react';
import { DropdownMenu, MenuLabel, MenuRadioGroup, MenuRadioItem } from '../../components/dropdown-menu';
import { useCurrentOrg, useMe } from './current-scope';
import { initials } from './initials';
import { roleLabel } from './role-label';
import styles from './sidebar.module.css';
import { orgSwitchTarget } from './switch-target';
import { useCurrentPath } from './use-current-path';
import { useNavigateTo } from './use-navigate-to';

/** Pick the organization; the URL changes, keeping the page on screen when the person may see it there. */
export function OrgSwitcher(): ReactElement | null {
  const me = useMe();
  const org = useCurrentOrg();
  const path = useCurrentPath();
  const go = useNavigateTo();
  const navigate = useNavigate();
  if (me.organizations.length === 0) return null;
  return (
    <DropdownMenu
      align="start"
      label="Organizations"
      trigger={
        <button type="button" className={styles.switcher}>
          <span className={styles.avatar} aria-hidden="true"><Building size={14} /></span>
          <span className="visually-hidden">Organization: </span>
          <span className={styles.switcherText}>
            <span className={styles.switcherName}>{org?.name ?? 'Choose an organization'}</span>
            {org && <span className={styles.switcherMeta}>{roleLabel(org.role)}</span>}
          </span>
          <span className="visually-hidden">— switch organization</span>
          <ChevronsUpDown size={14} aria-hidden />
        </button>
      }
    >
      <MenuLabel>Organizations</MenuLabel>
      <MenuRadioGroup
        label="Organizations"
        value={org?.id ?? ''}
        onValueChange={(id) => {
          const next = me.organizations.find((o) => o.id === id);
          if (next) go(orgSwitchTarget(path, next, me.projects));
          else void navigate({ to: '/' });
        }}
      >
        {me.organizations.map((o) => (
          <MenuRadioItem key={o.id} value={o.id}>
            <span className={styles.avatar} aria-hidden="true">{initials(o.name)}</span>
            <span className={styles.switcherText}>
              <span className={styles.switcherName}>{o.name}</span>
              <span className={styles.switcherMeta}>{roleLabel(o.role)}</span>
            </span>
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
    </DropdownMenu>
  );
}
