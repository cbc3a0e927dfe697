import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

/** Shown to a person who belongs to no organization (removed from all of them). */
export function NoOrganizationPage(): ReactElement {
  return (
    <>
      <PageHeader title="No organization" />
      <EmptyState title="You are not a member of any organization" action={<Link to="/me">Open your account</Link>}>
        Ask an owner or admin of your organization to invite you again; the invite link signs you in to it.
      </EmptyState>
    </>
  );
}
