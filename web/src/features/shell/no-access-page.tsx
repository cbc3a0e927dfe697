import type { ReactElement } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

/** A page the person's role does not open (they followed a link made for someone else). */
export function NoAccessPage({ title }: { readonly title: string }): ReactElement {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title="Your role does not include this page">
        Ask an owner or admin of this organization if you need it.
      </EmptyState>
    </>
  );
}
