import type { ReactElement } from 'react';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../components/toast';
import styles from './api-keys.module.css';
import { useDeleteApiKey, useUpdateApiKey, type ApiKey } from './queries';

/** Disable, enable and delete a key: only the actions the key's abilities allow (none for a viewer). */
export function KeyActions({ apiKey }: { readonly apiKey: ApiKey }): ReactElement | null {
  const update = useUpdateApiKey(apiKey.project_id);
  const remove = useDeleteApiKey(apiKey.project_id);
  const { abilities } = apiKey;
  if (!abilities.update && !abilities.delete) return null;
  return (
    <div className={styles.actions}>
      {abilities.update &&
        (apiKey.disabled ? (
          <ConfirmDialog
            tone="primary"
            trigger={<Button size="sm" variant="ghost">Enable</Button>}
            title={`Enable “${apiKey.name}”?`}
            description="Requests with this key are accepted again within 15 seconds."
            confirmLabel="Enable key"
            onConfirm={async () => {
              await update.mutateAsync({ keyId: apiKey.id, body: { disabled: false } });
              toast.success(`API key “${apiKey.name}” enabled.`);
            }}
          />
        ) : (
          <ConfirmDialog
            trigger={<Button size="sm" variant="ghost">Disable</Button>}
            title={`Disable “${apiKey.name}”?`}
            description="Requests with this key get 401 within 15 seconds. You can enable it again later."
            confirmLabel="Disable key"
            onConfirm={async () => {
              await update.mutateAsync({ keyId: apiKey.id, body: { disabled: true } });
              toast.success(`API key “${apiKey.name}” disabled.`);
            }}
          />
        ))}
      {abilities.delete && (
        <ConfirmDialog
          trigger={<Button size="sm" variant="ghost">Delete</Button>}
          title={`Delete “${apiKey.name}”?`}
          description="Requests with this key get 401 within 15 seconds and it leaves this list. Its requests stay in the log. This cannot be undone."
          confirmLabel="Delete key"
          onConfirm={async () => {
            await remove.mutateAsync(apiKey.id);
            toast.success(`API key “${apiKey.name}” deleted.`);
          }}
        />
      )}
    </div>
  );
}
