import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { SwitchTarget } from './switch-target';

/** Navigate to a switch target (an organization or project page). */
export function useNavigateTo(): (target: SwitchTarget) => void {
  const navigate = useNavigate();
  return useCallback(
    (target: SwitchTarget) => {
      if (target.kind === 'org') void navigate({ to: target.page.to, params: { orgId: target.orgId } });
      else void navigate({ to: target.page.to, params: { orgId: target.orgId, projectId: target.projectId } });
    },
    [navigate],
  );
}
